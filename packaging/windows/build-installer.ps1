# Build the Windows app and its installer: dist\tabletop-<version>-setup.exe
#
#   powershell -ExecutionPolicy Bypass -File packaging\windows\build-installer.ps1 [PYINSTALLER OPTIONS]
#
# 1. packaging\build.ps1 builds dist\tabletop\ (PyInstaller; uses $env:PYTHON, else .venv, else py -3)
# 2. Inno Setup 6's compiler (ISCC.exe) turns it into the installer, with the version of
#    tabletop\__init__.py (ISCC /DVersion=...). ISCC is looked for in $env:ISCC, on PATH, then in
#    Inno Setup 6's usual folders (install it from https://jrsoftware.org or `choco install innosetup`).
#
# Signing (not done yet): sign dist\tabletop\tabletop.exe between the two steps and the installer
# after the second, with signtool (see docs/install.md); Inno Setup's SignTool= directive can
# sign the installer and its uninstaller as ISCC builds them.
$ErrorActionPreference = "Stop"
$Root = Split-Path -Parent (Split-Path -Parent $PSScriptRoot)
Set-Location $Root

$global:LASTEXITCODE = 0
& "$Root\packaging\build.ps1" @args
if ($LASTEXITCODE -ne 0) { Write-Error "build-installer: packaging\build.ps1 failed ($LASTEXITCODE)"; exit 1 }
if (-not (Test-Path "$Root\dist\tabletop\tabletop.exe")) { Write-Error "build-installer: the build made no dist\tabletop\tabletop.exe"; exit 1 }

$Match = Select-String -Path "$Root\tabletop\__init__.py" -Pattern '^__version__\s*=\s*"([^"]+)"'
if (-not $Match) { Write-Error "build-installer: no __version__ in tabletop\__init__.py"; exit 1 }
$Version = $Match.Matches[0].Groups[1].Value

$Candidates = @()
if ($env:ISCC) { $Candidates += $env:ISCC }
$OnPath = Get-Command "ISCC.exe" -ErrorAction SilentlyContinue
if ($OnPath) { $Candidates += $OnPath.Source }
foreach ($Base in @(${env:ProgramFiles(x86)}, $env:ProgramFiles, "$env:LOCALAPPDATA\Programs")) {
    if ($Base) { $Candidates += (Join-Path $Base "Inno Setup 6\ISCC.exe") }
}
$Iscc = $Candidates | Where-Object { $_ -and (Test-Path $_) } | Select-Object -First 1
if (-not $Iscc) {
    Write-Error "build-installer: Inno Setup 6 is not installed (no ISCC.exe; tried: $($Candidates -join ', ')). Install it (choco install innosetup) or set `$env:ISCC."
    exit 1
}

"build-installer: $Iscc /DVersion=$Version packaging\windows\tabletop.iss"
& $Iscc "/DVersion=$Version" "/Qp" "$Root\packaging\windows\tabletop.iss"
if ($LASTEXITCODE -ne 0) { Write-Error "build-installer: ISCC failed ($LASTEXITCODE)"; exit 1 }

$Installer = "$Root\dist\tabletop-$Version-setup.exe"
if (-not (Test-Path $Installer)) { Write-Error "build-installer: ISCC made no $Installer"; exit 1 }
"build-installer: made dist\tabletop-$Version-setup.exe ({0:N0} MB)" -f ((Get-Item $Installer).Length / 1MB)
