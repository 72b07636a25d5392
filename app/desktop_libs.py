"""The system libraries Qt's Linux desktop (xcb) plugin needs, and what to install when one
is missing (issue 12, item 3). No Qt here: the bundle's launcher and the window's start-up
both use it."""

from __future__ import annotations

import os
import sys

XCB_LIBRARIES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-xinerama.so.0": ("libxcb-xinerama0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
}
"""Shared library → (Debian/Ubuntu package, Fedora package)."""


def missing_libraries() -> list[str]:
    """The libraries of :data:`XCB_LIBRARIES` this system cannot load (Linux only; []
    elsewhere)."""
    import ctypes  # only when Qt could not start: not at every start-up

    if not sys.platform.startswith("linux"):
        return []
    missing = []
    for name in XCB_LIBRARIES:
        try:
            ctypes.CDLL(name)
        except OSError:
            missing.append(name)
    return missing


def install_advice(missing: list[str] | None = None) -> str:
    """What to install, on several lines: the missing libraries (all of them when
    ``missing`` is None or empty) as Debian/Ubuntu and Fedora package lists."""
    names = missing or list(XCB_LIBRARIES)
    debian = sorted({XCB_LIBRARIES[n][0] for n in names if n in XCB_LIBRARIES})
    fedora = sorted({XCB_LIBRARIES[n][1] for n in names if n in XCB_LIBRARIES})
    lines = []
    if missing:
        lines.append("Archivist's window needs these system libraries, not found here: "
                     + ", ".join(missing) + ".")
    else:
        lines.append("Archivist's window could not start its display plugin. These system "
                     "libraries are needed on Linux:")
    lines += ["  Debian/Ubuntu: sudo apt install " + " ".join(debian),
              "  Fedora:        sudo dnf install " + " ".join(fedora)]
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        lines.append("No display was found (DISPLAY and WAYLAND_DISPLAY are unset): run it "
                     "from a desktop session, or use the command line (archivist --help).")
    return "\n".join(lines)
