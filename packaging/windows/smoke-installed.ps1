# Smoke-test the Windows installer as a player would use it, silently:
#
#   powershell -ExecutionPolicy Bypass -File packaging\windows\smoke-installed.ps1 [-Installer PATH] [-InstallDir DIR]
#
# 1. installs for the current user without questions (/VERYSILENT /CURRENTUSER /DIR=<a temp folder>)
# 2. runs the installed tabletop.exe: --version, --smoke (Qt offscreen), `games`, and one headless
#    game of each game it lists (arena --game ID --seats easy,random --games 1 --seed 1), saving the
#    last, whose end screen it draws with its chart (render FILE --end: pyqtgraph and numpy are there)
# 3. checks the Start-menu entry, the uninstaller's entry and the .tabletop file type
#    (HKCU\Software\Classes\.tabletop -> Tabletop.Save -> "...\tabletop.exe" "%1")
# 4. puts a file in the player's data folder (%LOCALAPPDATA%\tabletop\saves), uninstalls silently,
#    and checks that the app and the file type are gone and that the player's file is still there
#
# Default installer: the newest dist\tabletop-*-setup.exe. Meant for CI machines: it installs and
# uninstalls Tabletop for the user running it (an installed copy is replaced, then removed).
param(
    [string]$Installer = "",
    [string]$InstallDir = ""
)
$ErrorActionPreference = "Stop"
$Root = Split-Path -Parent (Split-Path -Parent $PSScriptRoot)

function Fail([string]$Message) { throw "smoke-installed: $Message" }

if (-not $Installer) {
    $Found = Get-ChildItem "$Root\dist\tabletop-*-setup.exe" -ErrorAction SilentlyContinue |
        Sort-Object LastWriteTime -Descending | Select-Object -First 1
    if (-not $Found) { Fail "no dist\tabletop-*-setup.exe (run packaging\windows\build-installer.ps1)" }
    $Installer = $Found.FullName
}
if (-not $InstallDir) {
    $InstallDir = Join-Path ([IO.Path]::GetTempPath()) ("tabletop-smoke-" + [guid]::NewGuid().ToString("N").Substring(0, 8))
}
$env:QT_QPA_PLATFORM = "offscreen"
# the real per-user folders, not a test folder: the point is what the installer does to them
Remove-Item Env:TABLETOP_HOME -ErrorAction SilentlyContinue
$Exe = Join-Path $InstallDir "tabletop.exe"
$Uninstaller = Join-Path $InstallDir "unins000.exe"
$DataDir = Join-Path $env:LOCALAPPDATA "tabletop"   # platformdirs' user data folder of the app
$Keep = Join-Path $DataDir "saves\smoke-test-keep-me.tabletop"
$AppId = "{6EF532C6-56E4-46BC-A44C-38BCC5D58777}_is1"   # tabletop.iss's AppId

# Runs a program, waits (with a time limit), returns its exit code and what it printed. The app is
# a windowed program: it prints only into redirected output, which Start-Process gives it.
function Invoke-Program([string]$Path, [string[]]$Arguments, [int]$TimeoutSec = 300) {
    $Out = [IO.Path]::GetTempFileName(); $Err = [IO.Path]::GetTempFileName()
    $Proc = Start-Process -FilePath $Path -ArgumentList $Arguments -NoNewWindow -PassThru `
        -RedirectStandardOutput $Out -RedirectStandardError $Err
    $null = $Proc.Handle   # keeps the exit code readable after the process ends
    if (-not $Proc.WaitForExit($TimeoutSec * 1000)) {
        $Proc.Kill()
        Fail "$Path $($Arguments -join ' ') did not finish within $TimeoutSec s"
    }
    $Proc.WaitForExit()
    $Result = [pscustomobject]@{
        Code = $Proc.ExitCode
        Out = [string](Get-Content -Raw $Out)
        Err = [string](Get-Content -Raw $Err)
    }
    Remove-Item $Out, $Err -ErrorAction SilentlyContinue
    return $Result
}

function Invoke-App([string[]]$Arguments, [int]$TimeoutSec = 300) {
    $R = Invoke-Program $Exe $Arguments $TimeoutSec
    if ($R.Code -ne 0) { Fail "tabletop.exe $($Arguments -join ' ') failed ($($R.Code)): $($R.Out) $($R.Err)" }
    return $R
}

function Get-DefaultValue([string]$Key) {
    $Item = Get-Item -Path $Key -ErrorAction SilentlyContinue
    if ($Item) { return $Item.GetValue("") }
    return $null
}

"smoke-installed: installing $Installer into $InstallDir"
$Log = Join-Path ([IO.Path]::GetTempPath()) "tabletop-setup.log"
$R = Invoke-Program $Installer @("/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART", "/CURRENTUSER",
                                 "/DIR=`"$InstallDir`"", "/LOG=`"$Log`"") 600
if ($R.Code -ne 0) { Get-Content $Log -ErrorAction SilentlyContinue | Select-Object -Last 30; Fail "the installer failed ($($R.Code))" }
if (-not (Test-Path $Exe)) { Fail "the installer put no tabletop.exe in $InstallDir" }

try {
    # --- the installed app runs ---
    $R = Invoke-App @("--version")
    "tabletop.exe --version: $($R.Out.Trim())"
    $R = Invoke-App @("--smoke") 120
    "tabletop.exe --smoke: $($R.Out.Trim())"
    $R = Invoke-App @("games")
    $Games = @($R.Out -split "`r?`n" | Where-Object { $_ -match '^[^\s]' } | ForEach-Object { ($_ -split "`t")[0].Trim() })
    if ($Games.Count -eq 0) {
        # (should not happen: the windowed app prints into redirected output)
        Write-Warning "tabletop.exe games printed nothing; playing the games named in pyproject.toml instead"
        $Section = $false
        $Games = @(Get-Content "$Root\pyproject.toml" | ForEach-Object {
            if ($_ -match '^\[') { $Section = ($_ -match 'entry-points\."tabletop\.games"') }
            elseif ($Section -and $_ -match '^\s*([\w-]+)\s*=') { $Matches[1] }
        })
        if ($Games.Count -eq 0) { Fail "no game to play" }
    }
    $LastSave = Join-Path $env:TEMP "tabletop-smoke-last.tabletop"
    $EndPicture = Join-Path $env:TEMP "tabletop-smoke-end.png"
    foreach ($Game in $Games) {
        $null = Invoke-App @("arena", "--game", $Game, "--seats", "easy,random", "--games", "1", "--seed", "1", "--save", "`"$LastSave`"")
        "the installed app plays $Game"
    }
    $null = Invoke-App @("render", "`"$LastSave`"", "--end", "-o", "`"$EndPicture`"")  # (quoted: Start-Process joins the arguments as they are)
    if (-not (Test-Path $EndPicture) -or (Get-Item $EndPicture).Length -eq 0) { Fail "no picture of the end screen" }
    "the installed app draws an end screen and its chart"
    Remove-Item -Force $LastSave, $EndPicture

    # --- what the installer registered ---
    $Shortcut = Join-Path ([Environment]::GetFolderPath("Programs")) "Tabletop.lnk"
    if (-not (Test-Path $Shortcut)) { Fail "no Start-menu entry ($Shortcut)" }
    if (-not (Test-Path "HKCU:\Software\Microsoft\Windows\CurrentVersion\Uninstall\$AppId")) { Fail "no uninstaller entry in HKCU" }
    $ProgId = Get-DefaultValue "HKCU:\Software\Classes\.tabletop"
    if ($ProgId -ne "Tabletop.Save") { Fail "HKCU\Software\Classes\.tabletop is '$ProgId', not Tabletop.Save" }
    $Command = Get-DefaultValue "HKCU:\Software\Classes\Tabletop.Save\shell\open\command"
    if ($Command -ne "`"$Exe`" `"%1`"") { Fail "the open command of Tabletop.Save is '$Command', not `"$Exe`" `"%1`"" }
    $Assoc = (cmd /c assoc .tabletop) 2>$null
    "file type: $Assoc; opens with: $Command"

    # --- a file of the player's, which the uninstaller must keep ---
    New-Item -ItemType Directory -Force -Path (Split-Path $Keep) | Out-Null
    Set-Content -Path $Keep -Value "{}"
} catch {
    # uninstall anyway, so that a failed run leaves nothing behind
    if (Test-Path $Uninstaller) { Start-Process $Uninstaller -ArgumentList "/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART" -Wait }
    throw
}

"smoke-installed: uninstalling"
$R = Invoke-Program $Uninstaller @("/VERYSILENT", "/SUPPRESSMSGBOXES", "/NORESTART") 300
if ($R.Code -ne 0) { Fail "the uninstaller failed ($($R.Code))" }
# the uninstaller runs on from a copy of itself: wait until the files are gone
$Deadline = (Get-Date).AddSeconds(120)
while (((Test-Path $Exe) -or (Test-Path $Uninstaller)) -and (Get-Date) -lt $Deadline) { Start-Sleep -Seconds 1 }
if (Test-Path $Exe) { Fail "the uninstaller left $Exe" }
if ((Get-DefaultValue "HKCU:\Software\Classes\.tabletop") -eq "Tabletop.Save") { Fail "the uninstaller left the .tabletop file type" }
if (Test-Path "HKCU:\Software\Classes\Tabletop.Save") { Fail "the uninstaller left HKCU\Software\Classes\Tabletop.Save" }
if (-not (Test-Path $Keep)) { Fail "the uninstaller removed the player's file $Keep" }
"smoke-installed: uninstalled; the player's data folder and its file stayed ($Keep)"
Remove-Item $Keep
"smoke-installed: passed"
