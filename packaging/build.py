"""Build the Archivist desktop application (a PyInstaller one-folder bundle).

Run from the repository with the project's Python (``pip install -e '.[dev]'`` first)::

    python packaging/build.py [--dist DIR] [--work DIR]

Steps: install PyInstaller from PyPI if it is missing (it is in the dev extras); draw the
icon at 16–256 px from ``resources/icons/archivist.svg`` with Qt's SVG renderer; run
PyInstaller with ``packaging/archivist.spec`` → ``DIR/Archivist/`` (default ``dist/``; on
macOS also ``DIR/Archivist.app``); on Linux also ``DIR/linux/`` with the ``.desktop``
entry, the AppStream metadata, the icons in ``icons/hicolor/NxN/apps/`` and ``install.sh``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGING = ROOT / "packaging"
SVG = ROOT / "resources" / "icons" / "archivist.svg"
ICON_SIZES = (16, 32, 48, 64, 128, 256)
ICON_NAME = "archivist"
PYINSTALLER = "pyinstaller>=6.10"


def ensure_pyinstaller() -> None:
    """Install PyInstaller from PyPI into this Python when it is missing."""
    if importlib.util.find_spec("PyInstaller") is None:
        subprocess.run([sys.executable, "-m", "pip", "install", PYINSTALLER], check=True)


def draw_icons(folder: Path) -> list[Path]:
    """PNGs of the SVG icon at :data:`ICON_SIZES` in ``folder/hicolor/NxN/apps/``, and the
    SVG itself in ``hicolor/scalable/apps/``; returns the files written."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"cannot read the icon {SVG}")
    written: list[Path] = []
    for size in ICON_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        target = folder / "hicolor" / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        if not image.save(str(target), "PNG"):
            raise SystemExit(f"cannot write {target}")
        written.append(target)
    scalable = folder / "hicolor" / "scalable" / "apps" / f"{ICON_NAME}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SVG, scalable)
    return [*written, scalable]


def run_pyinstaller(dist: Path, work: Path) -> Path:
    """Run PyInstaller with the spec; returns the bundle folder ``dist/Archivist``."""
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
               "--log-level", "WARN", "--distpath", str(dist), "--workpath", str(work),
               str(PACKAGING / "archivist.spec")]
    subprocess.run(command, check=True, cwd=ROOT)
    bundle = dist / "Archivist"
    if not bundle.is_dir():
        raise SystemExit(f"PyInstaller did not write {bundle}")
    return bundle


def linux_files(dist: Path) -> Path:
    """``dist/linux/``: the desktop entry, AppStream metadata, icons and install.sh."""
    folder = dist / "linux"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for name in ("archivist.desktop", "io.github.archivist.Archivist.metainfo.xml",
                 "install.sh"):
        shutil.copy2(PACKAGING / "linux" / name, folder / name)
    draw_icons(folder / "icons")
    return folder


def folder_mb(folder: Path) -> float:
    """Size of the files under ``folder`` in MB (10⁶ bytes); links are not followed."""
    return sum(p.lstat().st_size for p in folder.rglob("*")
               if p.is_file() and not p.is_symlink()) / 1e6


def main(argv: list[str] | None = None) -> int:
    """Build; print where the bundle is, its size and how long it took."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's work folder")
    args = parser.parse_args(argv)
    started = time.monotonic()
    ensure_pyinstaller()
    bundle = run_pyinstaller(args.dist.resolve(), args.work.resolve())
    if sys.platform.startswith("linux"):
        print(f"Linux desktop files: {linux_files(args.dist.resolve())}")
    print(f"Built {bundle} ({folder_mb(bundle):.0f} MB) in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
