"""The installers' files (issue 15): the icons made from the one SVG, the Windows (Inno Setup),
macOS (.dmg) and Linux (tarball, menu entry, file type) packaging, the CI workflow that builds
and smoke-tests them on each system. The builds themselves run in CI and in ``./dev package``;
here only what can be checked without them."""

from __future__ import annotations

import configparser
import os
import re
import shutil
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from conftest import load_script
import yaml

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
WORKFLOW = ROOT / ".github" / "workflows" / "package.yml"
ISS = PACKAGING / "windows" / "tabletop.iss"
ASSETS = ROOT / "assets"


icons = load_script(PACKAGING / "icons.py", "tabletop_packaging_icons")

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


# --- reading the icon files ------------------------------------------------------------------------

def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC, "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def read_ico(data: bytes) -> dict[int, bytes]:
    """{size: PNG data} of an .ico, checking its header and directory."""
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1), "not an icon file"
    entries = {}
    end = 6 + 16 * count
    for i in range(count):
        width, height, colours, zero, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        size = width or 256
        assert (height or 256) == size and colours == 0 and zero == 0 and planes == 1 and bits == 32
        assert offset >= end and offset + length <= len(data)
        png = data[offset:offset + length]
        assert png_size(png) == (size, size)
        entries[size] = png
    return entries


def read_icns(data: bytes) -> list[tuple[bytes, bytes]]:
    """[(type, data)] of an .icns, checking the lengths and the table of contents."""
    assert data[:4] == b"icns"
    assert struct.unpack(">I", data[4:8])[0] == len(data)
    blocks, at = [], 8
    while at < len(data):
        kind, length = data[at:at + 4], struct.unpack(">I", data[at + 4:at + 8])[0]
        assert length >= 8 and at + length <= len(data), f"block {kind!r} runs past the file"
        blocks.append((kind, data[at + 8:at + length]))
        at += length
    assert at == len(data)
    toc = dict(blocks).pop(b"TOC ", None)
    entries = [(k, d) for k, d in blocks if k != b"TOC "]
    if toc is not None:
        listed = [(toc[i:i + 4], struct.unpack(">I", toc[i + 4:i + 8])[0]) for i in range(0, len(toc), 8)]
        assert listed == [(k, len(d) + 8) for k, d in entries]
    return entries


@pytest.fixture(scope="module")
def made_icons(tmp_path_factory):
    """packaging/icons.py run afresh (in its own process, as a developer runs it) into a folder."""
    out = tmp_path_factory.mktemp("icons")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    subprocess.run([sys.executable, str(PACKAGING / "icons.py"), "--out", str(out / "assets"),
                    "--hicolor", str(out / "linux")], check=True, env=env, capture_output=True, timeout=120)
    return out


def pixels(png: bytes):
    from PySide6.QtGui import QImage

    image = QImage.fromData(png).convertToFormat(QImage.Format.Format_RGBA8888)
    return image.width(), image.height(), bytes(image.constBits())[: image.sizeInBytes()]


def assert_same_picture(committed: bytes, made: bytes, what: str):
    """The same picture: byte for byte when the Qt is the same, else (another Qt renders the SVG a
    little differently) no channel more than a few steps apart on average."""
    if committed == made:
        return
    w1, h1, a = pixels(committed)
    w2, h2, b = pixels(made)
    assert (w1, h1) == (w2, h2), what
    mean = sum(abs(x - y) for x, y in zip(a, b)) / len(a)
    assert mean < 3, f"{what} is not what packaging/icons.py makes from assets/icon.svg (mean difference {mean:.1f}): run it"


def test_the_icon_files_are_well_formed():
    assert png_size((ASSETS / "icon.png").read_bytes()) == (256, 256)
    ico = read_ico((ASSETS / "icon.ico").read_bytes())
    assert sorted(ico) == [16, 24, 32, 48, 64, 128, 256]
    icns = read_icns((ASSETS / "icon.icns").read_bytes())
    expected = {b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024,
                b"ic11": 32, b"ic12": 64, b"ic13": 256, b"ic14": 512}
    assert {kind: png_size(data)[0] for kind, data in icns} == expected
    assert all(png_size(data)[0] == png_size(data)[1] for _, data in icns)


def test_the_committed_icons_are_what_the_script_makes_from_the_svg(qapp, made_icons):
    made = made_icons / "assets"
    assert_same_picture((ASSETS / "icon.png").read_bytes(), (made / "icon.png").read_bytes(), "assets/icon.png")
    committed_ico, made_ico = read_ico((ASSETS / "icon.ico").read_bytes()), read_ico((made / "icon.ico").read_bytes())
    assert sorted(committed_ico) == sorted(made_ico) == list(icons.ICO_SIZES)
    for size in icons.ICO_SIZES:
        assert_same_picture(committed_ico[size], made_ico[size], f"the {size} px picture of assets/icon.ico")
    committed_icns = read_icns((ASSETS / "icon.icns").read_bytes())
    made_icns = read_icns((made / "icon.icns").read_bytes())
    assert [k for k, _ in committed_icns] == [k for k, _ in made_icns] == [k for k, _ in icons.ICNS_ENTRIES]
    for (kind, a), (_, b) in zip(committed_icns, made_icns):
        assert_same_picture(a, b, f"the {kind.decode()} picture of assets/icon.icns")


def test_the_script_makes_the_linux_theme_icons(made_icons):
    hicolor = made_icons / "linux" / "hicolor"
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        assert png_size((hicolor / f"{size}x{size}" / "apps" / "tabletop.png").read_bytes()) == (size, size)
    assert (hicolor / "scalable" / "apps" / "tabletop.svg").read_bytes() == (ASSETS / "icon.svg").read_bytes()


def test_the_ico_and_icns_writers_agree_with_their_readers():
    one = icons.ico_bytes({16: PNG_MAGIC + b"\0\0\0\rIHDR" + struct.pack(">II", 16, 16)})
    assert struct.unpack("<HHH", one[:6]) == (0, 1, 1)
    entries = [(b"ic07", b"x" * 5), (b"ic11", b"")]
    assert read_icns(icons.icns_bytes(entries)) == entries


# --- the workflow ------------------------------------------------------------------------------------

def workflow():
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def run_lines(job) -> list[str]:
    return [step["run"] for step in job["steps"] if "run" in step]


def test_the_workflow_is_valid_yaml_with_a_job_on_each_system():
    doc = workflow()
    triggers = doc.get("on", doc.get(True))  # YAML 1.1 reads a bare `on` as true
    assert {"push", "pull_request", "workflow_dispatch"} <= set(triggers)
    runners = {name: job["runs-on"] for name, job in doc["jobs"].items()}
    matrix_oses = [os_ for job in doc["jobs"].values()
                   for os_ in job.get("strategy", {}).get("matrix", {}).get("os", [])]
    systems = " ".join(str(r) for r in runners.values()) + " " + " ".join(matrix_oses)
    assert "ubuntu" in systems and "windows" in systems and "macos" in systems
    for name, job in doc["jobs"].items():
        uses = [step.get("uses", "") for step in job["steps"]]
        assert any(u.startswith("actions/checkout@") for u in uses), name
        assert any(u.startswith("actions/setup-python@") for u in uses), name
        assert any(u.startswith("actions/upload-artifact@v4") for u in uses), name
        assert any("pytest" in line for line in run_lines(job)), f"{name} runs no tests"
        assert any("packaging/ci/" in line.replace("\\", "/") for line in run_lines(job)), f"{name} runs no packaging/ci script"
        for step in job["steps"]:
            if step.get("uses", "").startswith("actions/upload-artifact@"):
                assert step["with"]["path"].startswith("dist/") and step["with"].get("if-no-files-found") == "error"


def test_every_script_the_workflow_calls_exists_and_shell_scripts_are_executable():
    called = set()
    for job in workflow()["jobs"].values():
        for line in run_lines(job):
            called |= set(re.findall(r"(?:\./)?(packaging[/\\][\w./\\-]+\.(?:sh|ps1))", line))
    called = {c.replace("\\", "/") for c in called}
    assert {"packaging/ci/linux.sh", "packaging/ci/windows.ps1", "packaging/ci/macos.sh"} <= called
    for script in called:
        path = ROOT / script
        assert path.is_file(), script
        if script.endswith(".sh"):
            assert os.access(path, os.X_OK), f"{script} is not executable"


def scripts_named_in(path: Path) -> set[str]:
    return {m.replace("\\", "/") for m in re.findall(r"packaging[/\\][\w/\\-]+\.(?:sh|ps1|py|iss|c)\b", path.read_text(encoding="utf-8"))}


def test_the_ci_scripts_call_scripts_that_exist():
    for script in [*(PACKAGING / "ci").iterdir(), *(PACKAGING / "windows").glob("*.ps1"),
                   *(PACKAGING / "windows").glob("*.sh"), *(PACKAGING / "macos").glob("*.sh"),
                   *(PACKAGING / "linux").glob("*.sh")]:
        for named in scripts_named_in(script):
            assert (ROOT / named).is_file(), f"{script.name} names {named}, which does not exist"


def test_dev_package_runs_the_ci_scripts():
    dev = (ROOT / "dev").read_text(encoding="utf-8")
    body = dev[dev.index("cmd_package() {"):dev.index("\n}\n", dev.index("cmd_package() {"))]
    assert "packaging/ci/linux.sh" in body and "packaging/ci/macos.sh" in body
    assert "packaging/windows/package-under-wine.sh" in body


def shell_scripts():
    return sorted(PACKAGING.rglob("*.sh"))


@pytest.mark.parametrize("script", shell_scripts(), ids=lambda p: str(p.relative_to(ROOT)))
def test_shell_scripts_parse_and_are_executable(script):
    assert os.access(script, os.X_OK), f"{script} is not executable"
    assert script.read_text(encoding="utf-8").startswith("#!/usr/bin/env bash\n")
    bash = shutil.which("bash")
    assert bash, "bash is needed to check the scripts"
    result = subprocess.run([bash, "-n", str(script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


# --- Windows: the Inno Setup script ---------------------------------------------------------------

def iss_sections() -> dict[str, list[str]]:
    """The .iss's lines by [section] (comments and preprocessor lines left out)."""
    sections, current = {}, ""
    for raw in ISS.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith(";") or line.startswith("#"):
            continue
        if re.fullmatch(r"\[\w+\]", line):
            current = line[1:-1]
            sections.setdefault(current, [])
        else:
            sections.setdefault(current, []).append(line)
    return sections


def test_the_installer_is_per_user_and_versioned():
    text = ISS.read_text(encoding="utf-8")
    setup = {k.strip(): v.strip() for k, _, v in (line.partition("=") for line in iss_sections()["Setup"])}
    assert setup["PrivilegesRequired"] == "lowest"
    assert setup["AppVersion"] == "{#Version}"
    assert setup["OutputBaseFilename"] == "tabletop-{#Version}-setup"
    # per user, {autopf} is %LOCALAPPDATA%\Programs; only the Wine check passes another folder
    assert setup["DefaultDirName"] == "{#ProgramsDir}\\Tabletop"
    assert re.search(r'#ifndef ProgramsDir\s+#define ProgramsDir "\{autopf\}"\s+#endif', text)
    assert setup["ChangesAssociations"] == "yes"
    assert "icon.ico" in text and setup["SetupIconFile"] == "{#IconFile}"
    assert "#ifndef Version" in text and "#error" in text   # no version, no installer
    assert any("{autoprograms}" in line for line in iss_sections()["Icons"])   # the Start menu
    assert not any(line.startswith("Uninstallable=no") for line in iss_sections()["Setup"])


def test_the_installer_associates_tabletop_saves_with_the_app():
    registry = iss_sections()["Registry"]
    defines = dict(re.findall(r'#define (\w+) "([^"]*)"', ISS.read_text(encoding="utf-8")))
    assert defines["SaveExt"] == ".tabletop" and defines["SaveProgId"] == "Tabletop.Save"
    expand = lambda line: re.sub(r"\{#(\w+)\}", lambda m: defines.get(m.group(1), m.group(0)), line)  # noqa: E731
    lines = [expand(line) for line in registry]
    for line in lines:
        assert line.startswith("Root: HKA;") or line.startswith("Root: HKCU;"), line  # per user with lowest
    assert any('Subkey: "Software\\Classes\\.tabletop"' in l and 'ValueData: "Tabletop.Save"' in l for l in lines)
    command = [l for l in lines if 'Subkey: "Software\\Classes\\Tabletop.Save\\shell\\open\\command"' in l]
    assert command and '""{app}\\tabletop.exe"" ""%1""' in command[0]
    assert any('Subkey: "Software\\Classes\\Tabletop.Save"' in l and "uninsdeletekey" in l for l in lines)


def test_uninstalling_keeps_the_players_data():
    sections = iss_sections()
    assert "UninstallDelete" not in sections and "InstallDelete" not in sections
    code = "\n".join(sections.get("Code", [])).lower()
    for folder in ("{localappdata}", "{userappdata}", "{app}\\..", "delTree".lower(), "deletefile"):
        assert folder not in code
    for line in sections["Files"]:
        assert 'DestDir: "{app}' in line, line          # nothing installed outside the app's folder
    comment = ISS.read_text(encoding="utf-8")
    assert "platformdirs" in comment and "%LOCALAPPDATA%\\tabletop" in comment


def test_the_windows_scripts_pass_the_version_and_test_the_install():
    build = (PACKAGING / "windows" / "build-installer.ps1").read_text(encoding="utf-8")
    assert "/DVersion=$Version" in build and "__version__" in build and "build.ps1" in build
    smoke = (PACKAGING / "windows" / "smoke-installed.ps1").read_text(encoding="utf-8")
    for word in ("/VERYSILENT", "/CURRENTUSER", "/DIR=", "--version", "--smoke", "arena", "games",
                 "Software\\Classes\\.tabletop", "unins000.exe", "LOCALAPPDATA"):
        assert word in smoke, word


# --- macOS -----------------------------------------------------------------------------------------

def test_the_dmg_scripts():
    make = (PACKAGING / "macos" / "make-dmg.sh").read_text(encoding="utf-8")
    assert "hdiutil create -volname Tabletop -srcfolder" in make and "-format UDZO" in make
    assert "ln -s /Applications" in make and "build.sh" in make
    smoke = (PACKAGING / "macos" / "smoke-dmg.sh").read_text(encoding="utf-8")
    assert "hdiutil attach" in smoke and "-nobrowse" in smoke and "-mountpoint" in smoke
    assert "hdiutil detach" in smoke and "Contents/MacOS/tabletop" in smoke and "smoke-app.sh" in smoke


# --- Linux -----------------------------------------------------------------------------------------

def test_the_desktop_entry():
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(PACKAGING / "linux" / "tabletop.desktop", encoding="utf-8")
    entry = parser["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Tabletop"
    assert entry["Exec"] == "tabletop %f"
    assert entry["Icon"] == "tabletop"
    assert entry["Terminal"] == "false"
    assert "application/x-tabletop-save" in entry["MimeType"].split(";")
    assert entry["MimeType"].endswith(";") and entry["Categories"].endswith(";")
    assert "Game" in entry["Categories"].split(";")


def test_the_mime_type():
    ns = "{http://www.freedesktop.org/standards/shared-mime-info}"
    root = ET.parse(PACKAGING / "linux" / "tabletop-mime.xml").getroot()
    assert root.tag == f"{ns}mime-info"
    (mime,) = root.findall(f"{ns}mime-type")
    assert mime.get("type") == "application/x-tabletop-save"
    assert [g.get("pattern") for g in mime.findall(f"{ns}glob")] == ["*.tabletop"]
    assert mime.find(f"{ns}comment").text


def test_the_user_install_leaves_the_saves_alone():
    script = (PACKAGING / "linux" / "install-user.sh").read_text(encoding="utf-8")
    assert "--uninstall" in script and ".local/opt/tabletop" in script and ".local/bin" in script
    removals = [line for line in script.splitlines() if re.search(r"\brm\b", line) and not line.lstrip().startswith("#")]
    for line in removals:
        assert "$DATA/tabletop" not in line and "share/tabletop" not in line and ".config" not in line, line


# --- ./dev's system-package check ------------------------------------------------------------------

def test_dev_sees_a_package_installed_for_two_architectures(tmp_path):
    """With i386 added (the Wine check does it), dpkg-query prints a status per architecture: the
    package is installed all the same, and ./dev must not try to install it again."""
    dev = (ROOT / "dev").read_text(encoding="utf-8")
    start = dev.index("deb_installed() {")
    function = dev[start:dev.index("\n}\n", start) + 3]
    fake = tmp_path / "dpkg-query"
    fake.write_text('#!/bin/sh\ncase "$3" in\n'
                    '  libtwo) printf "install ok installed\\ninstall ok installed\\n" ;;\n'
                    '  libone) printf "install ok installed\\n" ;;\n'
                    '  libnewt64) printf "install ok installed\\n" ;;\n'
                    '  libgone) printf "deinstall ok config-files\\n" ;;\n'
                    '  *) exit 1 ;;\nesac\n')
    fake.chmod(0o755)
    script = function + "\nfor p in libtwo libone libnew libgone libnone; do deb_installed $p && echo $p; done\n"
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True,
                            env=dict(os.environ, PATH=f"{tmp_path}:{os.environ['PATH']}"))
    assert result.stdout.split() == ["libtwo", "libone", "libnew"]
