; Inno Setup 6 script: the Windows installer of tabletop, dist\tabletop-<version>-setup.exe
;
;   ISCC.exe /DVersion=0.1.0 packaging\windows\tabletop.iss
;
; packaging\windows\build-installer.ps1 builds the app (packaging\build.ps1) and runs this with the
; version of tabletop\__init__.py. Optional defines: /DAppDir=<the built one-folder app> (default
; dist\tabletop), /DOutputDir=<where the installer goes> (default dist).
;
; The install is per user and needs no administrator: the app goes to
; %LOCALAPPDATA%\Programs\Tabletop, the Start-menu entry to the user's Start menu, the .tabletop
; file type to HKEY_CURRENT_USER\Software\Classes, and the uninstaller is listed in the user's
; "Installed apps".
;
; The player's saves are NOT in the install folder: the app keeps them (saves, autosave, decks,
; settings) in the user data folder that platformdirs names, %LOCALAPPDATA%\tabletop (a different
; folder from %LOCALAPPDATA%\Programs\Tabletop). The uninstaller removes only what it installed
; and never deletes that folder: uninstalling keeps the saves. Keep it that way -- add no
; [UninstallDelete] or [Code] that touches {localappdata}\tabletop.

#ifndef Version
  #error Pass the version: ISCC /DVersion=X.Y.Z packaging\windows\tabletop.iss
#endif
#ifndef AppDir
  #define AppDir AddBackslash(SourcePath) + "..\..\dist\tabletop"
#endif
#ifndef OutputDir
  #define OutputDir AddBackslash(SourcePath) + "..\..\dist"
#endif
; where the app's folder goes: {autopf} is %LOCALAPPDATA%\Programs for a per-user install. Only
; packaging/windows/package-under-wine.sh changes it: Wine 8 cannot expand {autopf} per user.
#ifndef ProgramsDir
  #define ProgramsDir "{autopf}"
#endif
#define IconFile AddBackslash(SourcePath) + "..\..\assets\icon.ico"
#define ExeName "tabletop.exe"
; the file type: extension, ProgID (Software\Classes\<ProgID>)
#define SaveExt ".tabletop"
#define SaveProgId "Tabletop.Save"

[Setup]
; AppId identifies the app across versions (updates replace, one uninstaller): never change it
AppId={{6EF532C6-56E4-46BC-A44C-38BCC5D58777}
AppName=Tabletop
AppVersion={#Version}
AppVerName=Tabletop {#Version}
AppPublisher=Tabletop
VersionInfoDescription=Tabletop installer
; per user, no administrator: {autopf} is then %LOCALAPPDATA%\Programs and HKA is HKCU.
; /CURRENTUSER on the command line is accepted (and is the default); no dialog offers all users.
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=commandline
DefaultDirName={#ProgramsDir}\Tabletop
DefaultGroupName=Tabletop
DisableProgramGroupPage=yes
DisableDirPage=auto
OutputDir={#OutputDir}
OutputBaseFilename=tabletop-{#Version}-setup
SetupIconFile={#IconFile}
UninstallDisplayIcon={app}\{#ExeName}
UninstallDisplayName=Tabletop
; Qt 6 needs 64-bit Windows 10 with the system ICU (icuuc.dll, from 1703 on): 1809 (build 17763), the
; oldest Windows 10 Qt 6 supports
MinVersion=10.0.17763
#if Ver < EncodeVer(6, 3, 0)
ArchitecturesAllowed=x64
ArchitecturesInstallIn64BitMode=x64
#else
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
#endif
Compression=lzma2/max
SolidCompression=yes
WizardStyle=modern
; tell Explorer that the file types changed (the .tabletop icon and "open with")
ChangesAssociations=yes
; a running copy is closed before its files are replaced or removed
CloseApplications=yes

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
; the whole one-folder app (tabletop.exe and _internal\)
Source: "{#AppDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\Tabletop"; Filename: "{app}\{#ExeName}"; Comment: "Play tabletop games"
Name: "{autodesktop}\Tabletop"; Filename: "{app}\{#ExeName}"; Tasks: desktopicon

[Registry]
; .tabletop saves open in the app: double-click runs  "...\tabletop.exe" "<the file>"
; (the app takes a save's path as its one argument). Per user: HKA is HKCU\Software\Classes here.
Root: HKA; Subkey: "Software\Classes\{#SaveExt}"; ValueType: string; ValueName: ""; ValueData: "{#SaveProgId}"; Flags: uninsdeletevalue uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\{#SaveExt}\OpenWithProgids"; ValueType: string; ValueName: "{#SaveProgId}"; ValueData: ""; Flags: uninsdeletevalue uninsdeletekeyifempty
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}"; ValueType: string; ValueName: ""; ValueData: "Tabletop saved game"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#ExeName},0"
Root: HKA; Subkey: "Software\Classes\{#SaveProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#ExeName}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#ExeName}"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Applications\{#ExeName}\SupportedTypes"; ValueType: string; ValueName: "{#SaveExt}"; ValueData: ""

[Run]
Filename: "{app}\{#ExeName}"; Description: "{cm:LaunchProgram,Tabletop}"; Flags: nowait postinstall skipifsilent

; No [UninstallDelete] section: the uninstaller removes the files it installed and the registry
; values above, nothing else. The saves in %LOCALAPPDATA%\tabletop stay (see the top).
