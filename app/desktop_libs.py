"""The system libraries Qt's Linux desktop (xcb) plugin needs: which are missing here, the
one command that installs them, and that command run for the person (``python -m
app.desktop_libs --install``, README's first command). No Qt here: it runs before Qt, which
aborts the process when the plugin cannot load.

Which libraries are missing is asked of the dynamic loader: ``ldd`` on the plugin (every
library it needs, directly or through Qt's own) when both are found, else loading each name
of :data:`XCB_LIBRARIES` with ``ctypes``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # subprocess and shutil load only where a window needs xcb (not offscreen)
    import subprocess

from app.errors import ArchivistError

XCB_LIBRARIES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
}
"""Shared library the xcb plugin and Qt's GUI library need (their ELF ``NEEDED`` entries,
Qt's own and the C/C++ runtime left out) → (Debian/Ubuntu package, Fedora package)."""


class WindowLibrariesMissing(ArchivistError):
    """The window cannot start: system libraries its display plugin needs are missing."""


def xcb_plugin() -> Path | None:
    """PySide6's xcb platform plugin (``libqxcb.so``), found without importing Qt."""
    from importlib.util import find_spec

    spec = find_spec("PySide6")
    folders = spec.submodule_search_locations if spec is not None else None
    for folder in folders or []:
        plugin = Path(folder) / "Qt" / "plugins" / "platforms" / "libqxcb.so"
        if plugin.is_file():
            return plugin
    return None


def _not_found_by_ldd(plugin: Path) -> list[str] | None:
    """The libraries ``ldd`` reports ``not found`` for ``plugin`` (None: no answer)."""
    import shutil
    import subprocess

    ldd = shutil.which("ldd")
    if ldd is None:
        return None
    try:
        done = subprocess.run([ldd, str(plugin)], capture_output=True, text=True,
                              timeout=30, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    missing: list[str] = []
    for line in done.stdout.splitlines():
        name, arrow, where = line.strip().partition("=>")
        if arrow and where.strip() == "not found" and name.strip() not in missing:
            missing.append(name.strip())
    return missing if done.returncode == 0 or missing else None


def _not_loadable() -> list[str]:
    """The names of :data:`XCB_LIBRARIES` that ``ctypes`` cannot load."""
    import ctypes

    missing = []
    for name in XCB_LIBRARIES:
        try:
            ctypes.CDLL(name)
        except OSError:
            missing.append(name)
    return missing


def missing_libraries() -> list[str]:
    """The libraries the xcb plugin needs that the loader does not find here, in the
    order ``ldd`` lists them (Linux only; [] elsewhere)."""
    if not sys.platform.startswith("linux"):
        return []
    plugin = xcb_plugin()
    found = _not_found_by_ldd(plugin) if plugin is not None else None
    return found if found is not None else _not_loadable()


def uses_xcb(environ: dict[str, str] | os._Environ[str] = os.environ) -> bool:
    """Whether Qt will open the window with its xcb plugin: on Linux with an X display, no
    other platform asked for (``QT_QPA_PLATFORM``), and no Wayland session Qt would prefer."""
    asked = environ.get("QT_QPA_PLATFORM", "")
    if not sys.platform.startswith("linux") or not environ.get("DISPLAY"):
        return False
    if asked:
        return asked.split(":")[0] == "xcb"
    return not environ.get("WAYLAND_DISPLAY")


def packages(missing: list[str], family: int) -> list[str]:
    """The packages that hold ``missing`` (``family`` 0: Debian/Ubuntu, 1: Fedora), sorted;
    a library of no known package is named as it is."""
    return sorted({XCB_LIBRARIES[n][family] if n in XCB_LIBRARIES else n for n in missing})


def install_line(missing: list[str]) -> str:
    """The one command that installs ``missing``: ``apt-get`` where it is (else ``dnf``
    where it is, else both), with ``sudo`` unless the user is root."""
    import shutil

    sudo = "" if hasattr(os, "geteuid") and os.geteuid() == 0 else "sudo "
    debian = f"{sudo}apt-get install {' '.join(packages(missing, 0))}"
    fedora = f"{sudo}dnf install {' '.join(packages(missing, 1))}"
    if shutil.which("apt-get"):
        return debian
    if shutil.which("dnf"):
        return fedora
    return f"{debian} (Debian/Ubuntu) or {fedora} (Fedora)"


def check_window_libraries() -> None:
    """Refuse to start the window, before Qt aborts the process, when it would use the xcb
    plugin and a library the plugin needs is missing.

    Raises:
        WindowLibrariesMissing: naming the missing libraries and the command that installs
            them (exit 1 on the command line).
    """
    if not uses_xcb():
        return
    missing = missing_libraries()
    if missing:
        raise WindowLibrariesMissing(
            f"the window needs system libraries not found here: {', '.join(missing)}; "
            f"install them with: {install_line(missing)}")


def install_advice(missing: list[str] | None = None) -> str:
    """What to install, on several lines (after Qt failed to start its plugin): the missing
    libraries and the command that installs them, or when none is missing, Qt's plugin
    failed for another reason (no display, another platform asked for)."""
    lines = []
    if missing:
        lines += ["Archivist's window needs these system libraries, not found here: "
                  + ", ".join(missing) + ".", "  Install them with: " + install_line(missing)]
    else:
        lines.append("Archivist's window could not start its display plugin; the system "
                     "libraries it needs are all here.")
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        lines.append("No display was found (DISPLAY and WAYLAND_DISPLAY are unset): run it "
                     "from a desktop session, or use the command line (archivist --help).")
    return "\n".join(lines)


def install(run: Callable[..., subprocess.CompletedProcess[Any]] | None = None) -> int:
    """Install the missing libraries with ``apt-get`` (as root, or through ``sudo``), saying
    what it installs; where that cannot be done, say what to install. Always 0 but for a
    failed ``apt-get`` (1), so README's first command goes on to open the window (which
    then says what is still missing).

    Args:
        run: runs a command (``subprocess.run``'s signature; None: ``subprocess.run``).
    """
    import shutil
    import subprocess

    run = run or subprocess.run
    missing = missing_libraries()
    if not missing:
        return 0
    wanted = packages(missing, 0)
    root = hasattr(os, "geteuid") and os.geteuid() == 0
    prefix = [] if root else ["sudo"]
    if not shutil.which("apt-get") or not (root or shutil.which("sudo")):
        print(f"archivist: the window needs system libraries not found here: "
              f"{', '.join(missing)}; install them with: {install_line(missing)}",
              file=sys.stderr)
        return 0
    print(f"Installing the system libraries Archivist's window needs ({', '.join(missing)}): "
          f"{' '.join([*prefix, 'apt-get', 'install'])} {' '.join(wanted)}", flush=True)
    command = [*prefix, "apt-get", "install", "-y", "--no-install-recommends", *wanted]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    if run(command, check=False, env=env).returncode != 0:  # package lists not read yet
        run([*prefix, "apt-get", "update"], check=False, env=env)
        if run(command, check=False, env=env).returncode != 0:
            print("archivist: apt-get could not install them", file=sys.stderr)
            return 1
    return 0


def main(argv: list[str]) -> int:
    """``python -m app.desktop_libs [--install]``: list (or install) what is missing."""
    if argv == ["--install"]:
        return install()
    if argv:
        print("usage: python -m app.desktop_libs [--install]", file=sys.stderr)
        return 2
    missing = missing_libraries()
    print(f"missing: {', '.join(missing)}\ninstall: {install_line(missing)}" if missing
          else "The window's system libraries are all here.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
