# Build the one-folder Windows app with PyInstaller: dist\tabletop\tabletop.exe
#
#   powershell -ExecutionPolicy Bypass -File packaging\build.ps1 [PYINSTALLER OPTIONS]
#
# Uses $env:PYTHON if set, else the repository's .venv, else `py -3`. First time, from the
# repository's root:  py -3.12 -m venv .venv; .venv\Scripts\python -m pip install -e ".[dev]"
$ErrorActionPreference = "Stop"
$Root = Split-Path -Parent $PSScriptRoot
Set-Location $Root

if ($env:PYTHON) {
    $Python = @($env:PYTHON)
} elseif (Test-Path ".venv\Scripts\python.exe") {
    $Python = @("$Root\.venv\Scripts\python.exe")
} else {
    $Python = @("py", "-3")
}
$Exe = $Python[0]
$PyArgs = @($Python | Select-Object -Skip 1)

& $Exe @PyArgs -c "import PyInstaller"
if ($LASTEXITCODE -ne 0) {
    Write-Error "PyInstaller is not installed for $($Python -join ' '): run  $($Python -join ' ') -m pip install -e "".[dev]"""
    exit 1
}

$Timer = [System.Diagnostics.Stopwatch]::StartNew()
& $Exe @PyArgs -m PyInstaller --noconfirm --log-level WARN `
    --distpath "$Root\dist" --workpath "$Root\build\pyinstaller" @args "packaging\tabletop.spec"
if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE }
$Timer.Stop()

$Bytes = (Get-ChildItem -Recurse -File "$Root\dist\tabletop" | Measure-Object -Property Length -Sum).Sum
"build.ps1: built dist\tabletop ({0:N0} MB) in {1:N0} s" -f ($Bytes / 1MB), $Timer.Elapsed.TotalSeconds

# A quick check that the frozen app starts (windowed build: the version goes to no console,
# so only the exit status is checked).
$Proc = Start-Process -FilePath "$Root\dist\tabletop\tabletop.exe" -ArgumentList "--version" -Wait -PassThru
if ($Proc.ExitCode -ne 0) { Write-Error "dist\tabletop\tabletop.exe --version failed ($($Proc.ExitCode))"; exit 1 }
