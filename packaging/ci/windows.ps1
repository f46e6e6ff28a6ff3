# The Windows packaging run, for CI (from the repository's root, after pip install -e ".[dev]"):
#
#   powershell -ExecutionPolicy Bypass -File packaging\ci\windows.ps1 [PYINSTALLER OPTIONS]
#
# 1. build dist\tabletop\ and dist\tabletop-<version>-setup.exe (packaging\windows\build-installer.ps1)
# 2. install it silently for the current user, run the installed app (--version, --smoke, a game
#    of each), check the Start-menu entry and the .tabletop file type, uninstall it and check the
#    player's data stay (packaging\windows\smoke-installed.ps1)
$ErrorActionPreference = "Stop"
$Root = Split-Path -Parent (Split-Path -Parent $PSScriptRoot)
Set-Location $Root
$env:QT_QPA_PLATFORM = "offscreen"

$global:LASTEXITCODE = 0
& "$Root\packaging\windows\build-installer.ps1" @args
if ($LASTEXITCODE -ne 0) { Write-Error "windows.ps1: build-installer.ps1 failed ($LASTEXITCODE)"; exit 1 }

$Version = (Select-String -Path "$Root\tabletop\__init__.py" -Pattern '^__version__\s*=\s*"([^"]+)"').Matches[0].Groups[1].Value
& "$Root\packaging\windows\smoke-installed.ps1" -Installer "$Root\dist\tabletop-$Version-setup.exe"
"windows.ps1: done: dist\tabletop\ and dist\tabletop-$Version-setup.exe"
