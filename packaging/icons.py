"""Make every icon file of the app from its one source, assets/icon.svg.

    python packaging/icons.py                    remake assets/icon.png, icon.ico and icon.icns
    python packaging/icons.py --out DIR          write those three into DIR instead
    python packaging/icons.py --hicolor DIR      write the Linux theme icons only:
                                                 DIR/hicolor/<n>x<n>/apps/tabletop.png (16..512)
                                                 and DIR/hicolor/scalable/apps/tabletop.svg
                                                 (with --out as well: both)

Each size is rendered on its own from the SVG with Qt (QSvgRenderer into a QImage, on the
offscreen platform: no display needed), never scaled down from a bigger picture. The .ico and the
.icns are written here, in Python, with no imaging library:

- icon.ico: the ICO header, one 16-byte directory entry per size, then each picture as a PNG
  (Windows Vista and later read PNG entries): 16, 24, 32, 48, 64, 128 and 256 px.
- icon.icns: ``icns`` + the file's length, a ``TOC `` block, then PNG blocks ic07 (128 px),
  ic08 (256), ic09 (512), ic10 (1024: 512 pt at 2x) and the retina ones ic11 (32: 16 pt at 2x),
  ic12 (64), ic13 (256), ic14 (512).

Run it after changing the SVG and commit the results; tests/test_packaging.py checks that the
committed files are what this script makes.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SVG = ROOT / "assets" / "icon.svg"

PNG_SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# (type, pixels), in the order they are written
ICNS_ENTRIES = (
    (b"ic07", 128), (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024),
    (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512),
)
HICOLOR_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)


class Renderer:
    """Renders the SVG at any size as PNG bytes (each size once)."""

    def __init__(self, svg: Path = SVG):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from PySide6.QtGui import QGuiApplication
        from PySide6.QtSvg import QSvgRenderer

        self._app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
        self.svg = svg
        self._renderer = QSvgRenderer(str(svg))
        if not self._renderer.isValid():
            raise SystemExit(f"icons.py: cannot read {svg}")
        self._cache: dict[int, bytes] = {}

    def png(self, size: int) -> bytes:
        if size not in self._cache:
            from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
            from PySide6.QtGui import QImage, QPainter

            image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(Qt.GlobalColor.transparent)
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            self._renderer.render(painter)
            painter.end()
            image = image.convertToFormat(QImage.Format.Format_ARGB32)
            data = QByteArray()
            buffer = QBuffer(data)
            buffer.open(QIODevice.OpenModeFlag.WriteOnly)
            if not image.save(buffer, "PNG"):
                raise SystemExit(f"icons.py: Qt could not write a {size} px PNG")
            buffer.close()
            self._cache[size] = bytes(data.data())
        return self._cache[size]


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico of PNG entries: ICONDIR (reserved 0, type 1, count), then per picture an
    ICONDIRENTRY (width, height -- 0 meaning 256 --, colours 0, reserved 0, planes 1, 32 bits per
    pixel, the data's length and offset), then the data."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, blobs = [], []
    for size in sizes:
        data = pngs[size]
        side = 0 if size >= 256 else size
        entries.append(struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset))
        blobs.append(data)
        offset += len(data)
    return header + b"".join(entries) + b"".join(blobs)


def icns_bytes(entries: list[tuple[bytes, bytes]]) -> bytes:
    """A macOS .icns: ``icns`` and the whole length (big-endian), a ``TOC `` block listing each
    entry's type and length, then the entries (type, length including these 8 bytes, data)."""
    blocks = [kind + struct.pack(">I", len(data) + 8) + data for kind, data in entries]
    toc_body = b"".join(kind + struct.pack(">I", len(data) + 8) for kind, data in entries)
    toc = b"TOC " + struct.pack(">I", len(toc_body) + 8) + toc_body
    body = toc + b"".join(blocks)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def write_assets(renderer: Renderer, out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = {
        out / "icon.png": renderer.png(PNG_SIZE),
        out / "icon.ico": ico_bytes({size: renderer.png(size) for size in ICO_SIZES}),
        out / "icon.icns": icns_bytes([(kind, renderer.png(size)) for kind, size in ICNS_ENTRIES]),
    }
    for path, data in written.items():
        path.write_bytes(data)
    return list(written)


def write_hicolor(renderer: Renderer, out: Path) -> list[Path]:
    """The freedesktop icon theme's folders: hicolor/<n>x<n>/apps/tabletop.png and the SVG."""
    written = []
    for size in HICOLOR_SIZES:
        path = out / "hicolor" / f"{size}x{size}" / "apps" / "tabletop.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(renderer.png(size))
        written.append(path)
    scalable = out / "hicolor" / "scalable" / "apps" / "tabletop.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(renderer.svg, scalable)
    written.append(scalable)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Make the app's icon files from assets/icon.svg.")
    parser.add_argument("--svg", type=Path, default=SVG, help="the source (default: assets/icon.svg)")
    parser.add_argument("--out", type=Path, help="where icon.png, icon.ico and icon.icns go (default: assets/)")
    parser.add_argument("--hicolor", type=Path, metavar="DIR",
                        help="write DIR/hicolor/<n>x<n>/apps/tabletop.png (and the .svg); alone, only these")
    args = parser.parse_args(argv)
    renderer = Renderer(args.svg)
    written = []
    if args.out or not args.hicolor:
        written += write_assets(renderer, args.out or args.svg.parent)
    if args.hicolor:
        written += write_hicolor(renderer, args.hicolor)
    for path in written:
        print(f"icons.py: wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
