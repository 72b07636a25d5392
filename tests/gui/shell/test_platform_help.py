"""When Qt cannot start its platform plugin, the terminal says why and what to install:
Qt's own hint and the packages of the libraries the loader does not
find (none when all are here), on stderr."""

from __future__ import annotations

import os
import subprocess
import sys

from app.desktop_libs import install_advice, install_line, missing_libraries
from tests.sync.servers import ROOT

START = "from app.gui.shell.app import create_application; create_application()"


def start_with(platform: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["QT_QPA_PLATFORM"] = platform
    return subprocess.run([sys.executable, "-c", START], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_an_unknown_platform_prints_qts_hint_and_the_packages() -> None:
    result = start_with("nonexistent")
    assert result.returncode != 0
    assert 'Could not find the Qt platform plugin "nonexistent"' in result.stderr
    missing = missing_libraries()
    assert (f"Install them with: {install_line(missing)}" if missing
            else "the system libraries it needs are all here") in result.stderr
    assert "No display was found" in result.stderr


def test_xcb_without_a_display_says_what_to_do() -> None:
    result = start_with("xcb")
    assert result.returncode != 0
    assert "No display was found" in result.stderr


def test_the_advice_names_the_packages_of_the_missing_libraries() -> None:
    advice = install_advice(["libxcb-cursor.so.0", "libxcb-icccm.so.4"])
    assert "not found here: libxcb-cursor.so.0, libxcb-icccm.so.4." in advice
    line = install_line(["libxcb-cursor.so.0", "libxcb-icccm.so.4"])
    assert f"Install them with: {line}" in advice
    assert ("apt-get install libxcb-cursor0 libxcb-icccm4" in line
            or "dnf install xcb-util-cursor xcb-util-wm" in line)
    assert "all here" in install_advice([])
