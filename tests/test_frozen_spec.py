"""packaging/tabletop.spec without building: its helpers (the Windows version resource, the macOS
Info.plist, the ICU data trimming) and its cuts (what it leaves out is used nowhere in tabletop/,
nor imported unguarded by pyqtgraph).  The spec runs inside PyInstaller, so its top-level helper
functions and constants are read out of it with ast and run here on their own."""

from __future__ import annotations

import ast
import os
import plistlib
import re
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

import tabletop

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "tabletop.spec"
SOURCES = [p for p in (ROOT / "tabletop").rglob("*.py")]


def spec_helpers() -> dict:
    """The spec's top-level functions and UPPER_CASE constants, run in a namespace of their own."""
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    ns = {"re": re, "os": os, "shutil": shutil, "subprocess": subprocess, "Path": Path, "ROOT": ROOT,
          "sys": __import__("sys")}
    for node in tree.body:
        wanted = isinstance(node, ast.FunctionDef) or (
            isinstance(node, ast.Assign)
            and all(isinstance(t, ast.Name) and t.id.isupper() for t in node.targets)
            and not any(isinstance(n, ast.Name) and n.id in ("SPECPATH", "a") for n in ast.walk(node.value)))
        if wanted:
            exec(compile(ast.Module([node], []), str(SPEC), "exec"), ns)
    return ns


SPEC_NS = spec_helpers()


def imports_of_tabletop() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in SOURCES)


def test_the_version_resource_of_the_windows_exe_carries_the_package_version():
    assert SPEC_NS["version"]() == tabletop.__version__
    assert SPEC_NS["version_tuple"]("0.1.0") == (0, 1, 0, 0)
    assert SPEC_NS["version_tuple"]("1.2.3rc1") == (1, 2, 3, 0)
    assert SPEC_NS["version_tuple"]("2.0.0.dev4") == (2, 0, 0, 0)
    text = SPEC_NS["windows_version_info"](tabletop.__version__)
    # PyInstaller evaluates this text with its versioninfo classes (which need pefile, a
    # Windows-only dependency): read it here as the Python expression it is
    call = ast.parse(text, mode="eval").body
    assert isinstance(call, ast.Call) and call.func.id == "VSVersionInfo"
    strings = {n.args[0].value: n.args[1].value for n in ast.walk(call)
               if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "StringStruct"}
    fixed = {k.arg: ast.literal_eval(k.value) for n in ast.walk(call)
             if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "FixedFileInfo" for k in n.keywords}
    numbers = SPEC_NS["version_tuple"](tabletop.__version__)
    assert fixed["filevers"] == fixed["prodvers"] == numbers and len(numbers) == 4
    assert strings["ProductVersion"] == tabletop.__version__
    assert strings["FileVersion"] == ".".join(map(str, numbers))
    assert strings["CompanyName"] == "tabletop project" and strings["ProductName"] == "Tabletop"
    assert strings["FileDescription"] == "Tabletop" and strings["OriginalFilename"] == "tabletop.exe"
    spec = SPEC.read_text(encoding="utf-8")
    assert "version=write_windows_version_file() if IS_WINDOWS else None" in spec
    assert 'icon = str(ROOT / "assets" / "icon.ico")' in spec and (ROOT / "assets" / "icon.ico").is_file()


def test_the_mac_bundle_declares_the_tabletop_save_as_a_document_it_owns():
    plist = SPEC_NS["mac_info_plist"](tabletop.__version__)
    plistlib.dumps(plist)  # every value is one a plist can hold
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == tabletop.__version__
    assert plist["NSHighResolutionCapable"] is True and plist["LSMinimumSystemVersion"]
    [doc] = plist["CFBundleDocumentTypes"]
    assert doc["CFBundleTypeExtensions"] == ["tabletop"]
    assert doc["CFBundleTypeRole"] == "Editor" and doc["LSHandlerRank"] == "Owner"
    [uti] = plist["UTExportedTypeDeclarations"]
    assert uti["UTTypeIdentifier"] == "org.tabletop.save" == doc["LSItemContentTypes"][0]
    assert {"public.json", "public.data"} <= set(uti["UTTypeConformsTo"])
    assert uti["UTTypeTagSpecification"]["public.filename-extension"] == ["tabletop"]
    assert SPEC_NS["BUNDLE_ID"] == "org.tabletop.app"
    assert (ROOT / "assets" / "icon.icns").is_file()
    # a double-clicked save reaches the running app as a QFileOpenEvent: the app takes it
    app = (ROOT / "tabletop" / "client" / "app.py").read_text(encoding="utf-8")
    assert "QEvent.Type.FileOpen" in app and "file_opened" in app


def excluded_qt_modules() -> list[str]:
    return SPEC_NS["QT_EXCLUDES"]


def test_no_excluded_qt_module_is_imported_by_tabletop():
    text = imports_of_tabletop()
    used = set(re.findall(r"PySide6\.(Qt\w+)", text))
    used |= {m for group in re.findall(r"from PySide6 import \(?([\w ,\n]+)\)?", text)
             for m in re.findall(r"Qt\w+", group)}
    assert used, "no PySide6 import found: the pattern is wrong"
    assert not used & set(excluded_qt_modules())


def test_no_excluded_qt_module_is_imported_unguarded_by_pyqtgraph():
    """pyqtgraph's PlotCurveItem imports Qt/OpenGLHelpers, which imports QtOpenGL and
    QtOpenGLWidgets by name without a guard: excluding them left the frozen app without charts."""
    import importlib.util

    found = importlib.util.find_spec("pyqtgraph")  # (not imported: that takes half a second)
    assert found is not None and found.origin
    pg = Path(found.origin).parent
    by_name = set()
    for path in pg.rglob("*.py"):
        if "examples" in path.parts or "opengl" in path.parts:
            continue  # (pyqtgraph.opengl is excluded whole)
        by_name |= set(re.findall(r"import_module\(f?['\"]\{QT_LIB\}\.(Qt\w+)", path.read_text(encoding="utf-8")))
    assert "QtOpenGL" in by_name
    assert not by_name & set(excluded_qt_modules())


def test_what_the_left_out_plugins_and_python_modules_serve_is_not_used():
    text = imports_of_tabletop()
    # tls/, networkinformation/, Python's ssl and OpenSSL: no network but the local socket
    for name in ("QSsl", "QNetworkInformation", "QNetworkAccessManager", "import ssl", "urllib.request",
                 "QTranslator", "numpy.random", "np.random", "np.fft", "import yaml", "colormap"):
        assert name not in text, name
    # hashlib without _hashlib has only its built-in algorithms
    assert set(re.findall(r"hashlib\.(\w+)\(", text)) <= {"sha256", "sha1", "md5", "sha512", "blake2b"}
    # imageformats/: only svg stays (png is built into QtGui)
    kinds = {p.suffix.lower() for p in (ROOT / "assets").rglob("*") if p.is_file()}
    images = kinds & {".png", ".svg", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff", ".tga"}
    assert images <= {".png", ".svg"}, images
    plugins = SPEC_NS["UNWANTED_PLUGINS"]
    base = "PySide6/Qt/plugins/"
    for gone in ("imageformats/libqjpeg.so", "tls/libqopensslbackend.so", "platforms/libqminimal.so",
                 "networkinformation/libqglib.so", "wayland-shell-integration/libivi-shell.so"):
        assert plugins.match(base + gone), gone
    for kept in ("imageformats/libqsvg.so", "iconengines/libqsvgicon.so", "platforms/libqxcb.so",
                 "platforms/libqwayland.so", "platforms/libqoffscreen.so",
                 "wayland-shell-integration/libxdg-shell.so",
                 "wayland-graphics-integration-client/libqt-plugin-wayland-egl.so",
                 "platformthemes/libqxdgdesktopportal.so",
                 "platforminputcontexts/libibusplatforminputcontextplugin.so"):
        assert not plugins.match(base + kept), kept
    assert SPEC_NS["UNUSED_DATA"].match("PySide6/Qt/translations/qt_de.qm")
    assert not SPEC_NS["UNUSED_DATA"].match("pyqtgraph/icons/auto.png")


def test_the_windows_bundle_leaves_out_what_the_linux_one_does_and_software_opengl():
    """PySide6's Windows wheel keeps its plugins in PySide6/plugins: the Linux pattern does not see
    them, the Windows one cuts the same kinds, and opengl32sw.dll (20 MB) with them."""
    cut = SPEC_NS["without_unwanted_windows"]
    names = {
        "PySide6/opengl32sw.dll": False, "PySide6/plugins/imageformats/qjpeg.dll": False,
        "PySide6/plugins/imageformats/qico.dll": False, "PySide6/plugins/tls/qschannelbackend.dll": False,
        "PySide6/plugins/tls/qopensslbackend.dll": False, "PySide6/plugins/generic/qtuiotouchplugin.dll": False,
        "PySide6/plugins/networkinformation/qnetworklistmanager.dll": False,
        "PySide6/plugins/platforms/qminimal.dll": False, "PySide6/plugins/platforms/qdirect2d.dll": False,
        "PySide6/plugins/platforms/qwindows.dll": True, "PySide6/plugins/platforms/qoffscreen.dll": True,
        "PySide6/plugins/imageformats/qsvg.dll": True, "PySide6/plugins/iconengines/qsvgicon.dll": True,
        "PySide6/plugins/styles/qmodernwindowsstyle.dll": True, "PySide6/Qt6Core.dll": True,
        "PySide6/Qt6OpenGL.dll": True, "numpy.libs/libscipy_openblas64_.dll": True, "python312.dll": True,
    }
    toc = [(name.replace("/", os.sep), "src/" + name, "BINARY") for name in names]
    kept = {entry[0].replace(os.sep, "/") for entry in cut(toc)}
    assert kept == {name for name, keep in names.items() if keep}


def test_the_app_runs_in_utf8_mode_where_it_is_frozen():
    """The frozen app prints its games' text as UTF-8 on any Windows code page: PyInstaller's run-time
    option is spelled "X utf8" ("X utf8_mode=1" is silently ignored) and reaches the EXE."""
    assert ("X utf8", None, "OPTION") in SPEC_NS["RUN_TIME_OPTIONS"]
    tree = ast.parse(SPEC.read_text(encoding="utf-8"))
    [exe] = [n.value for n in tree.body if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
             and getattr(n.value.func, "id", "") == "EXE"]
    assert ast.unparse(exe.args[2]) == "RUN_TIME_OPTIONS"  # EXE(pyz, scripts, options, ...)


def test_icu_keeps_root_english_and_the_shared_data():
    kept = SPEC_NS["icu_item_kept"]
    for name in ("root.res", "en.res", "en_GB.res", "pool.res", "res_index.res", "zoneinfo64.res",
                 "metaZones.res", "timezoneTypes.res", "likelySubtags.res", "cnvalias.icu", "uprops.icu",
                 "nfkc.nrm", "coll/root.res", "coll/ucadata.icu", "coll/res_index.res", "coll/en.res",
                 "zone/en.res", "zone/root.res", "zone/pool.res", "zone/tzdbNames.res", "curr/supplementalData.res"):
        assert kept(name), name
    for name in ("de.res", "zh_Hant_TW.res", "coll/zh.res", "coll/sv.res", "zone/fr.res", "lang/ja.res",
                 "ibm-943_P15A-2003.cnv", "brkitr/char.brk", "brkitr/cjdict.dict", "translit/root.res",
                 "rbnf/en.res", "unames.icu", "rfc3491.spp", "confusables.cfu"):
        assert not kept(name), name


def test_an_icu_package_reads_back_as_written():
    header = struct.pack("<HBB", 32, 0xDA, 0x27) + struct.pack("<HHBBBB", 20, 0, 0, 0, 2, 0) + b"CmnD" \
        + bytes([1, 0, 0, 0]) + bytes(4)
    header += bytes(32 - len(header))
    items = [("icudt73l/a.res", b"x" * 16), ("icudt73l/b.icu", b"yz" * 8), ("icudt73l/coll/c.res", b"w" * 32)]
    data = SPEC_NS["write_icu_package"](header, items)
    assert SPEC_NS["read_icu_package"](data) == (header, items)
    count, first = struct.unpack_from("<II", data, 32)
    assert count == 3
    offsets = [struct.unpack_from("<II", data, 36 + 8 * i)[1] for i in range(3)]
    assert all((32 + o) % 16 == 0 for o in offsets)


def test_the_runtime_hooks_left_out_guard_nothing_the_app_does():
    """The spec drops PyInstaller's runtime hooks for pkgutil and multiprocessing (~20 ms of each
    launch): nothing in tabletop/ lists modules with pkgutil or starts a process through
    multiprocessing or pyqtgraph.multiprocess, and the hooks the app needs stay."""
    dropped = spec_helpers()["UNNEEDED_RUNTIME_HOOKS"]
    assert dropped == {"pyi_rth_pkgutil", "pyi_rth_multiprocessing", "pyi_rth_pyqtgraph_multiprocess"}
    for source in SOURCES:
        text = source.read_text(encoding="utf-8")
        for word in ("iter_modules", "walk_packages", "multiprocessing", "pyqtgraph.multiprocess"):
            assert word not in text, f"{source.relative_to(ROOT)} uses {word}: the spec drops its runtime hook"
    spec = SPEC.read_text(encoding="utf-8")
    assert "a.scripts = [entry for entry in a.scripts if entry[0] not in UNNEEDED_RUNTIME_HOOKS]" in spec
    assert 'runtime_hooks=[str(HERE / "pyi_rth_tabletop.py")]' in spec  # (the app's own: -m for the bot worker)
