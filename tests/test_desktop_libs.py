"""Before the window starts on Linux's xcb plugin, the libraries the plugin needs are asked
of the loader: the missing ones are named with the one command that installs them and the
start ends cleanly (exit 1), never with Qt's abort; ``python -m app.desktop_libs --install``
(README's first command) installs them with apt-get, saying what it installs."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from app import desktop_libs
from app.desktop_libs import XCB_LIBRARIES, install, install_line, missing_libraries, uses_xcb

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


def fake_ldd(folder: Path, missing: list[str]) -> dict[str, str]:
    """An environment whose ``ldd`` reports ``missing`` not found (the rest found)."""
    lines = [f"\t{name} => {'not found' if name in missing else '/usr/lib/' + name} "
             for name in ("libQt6XcbQpa.so.6", *XCB_LIBRARIES)]
    script = folder / "ldd"
    script.write_text("#!/bin/sh\ncat <<'EOF'\n" + "\n".join(lines) + "\nEOF\n",
                      encoding="utf-8")
    script.chmod(0o755)
    return {**os.environ, "PATH": f"{folder}{os.pathsep}{os.environ['PATH']}"}


def test_the_missing_libraries_are_what_the_loader_does_not_find(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if desktop_libs.xcb_plugin() is None:
        pytest.skip("PySide6 has no xcb plugin here")
    env = fake_ldd(tmp_path, ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"])
    monkeypatch.setenv("PATH", env["PATH"])
    # libxcb-cursor0 is not named: Qt's hint names it whatever is missing, the loader not
    assert missing_libraries() == ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"]


def test_without_ldd_each_library_is_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("shutil.which", lambda name: None)
    loaded: list[str] = []

    def cdll(name: str) -> None:
        loaded.append(name)
        if name == "libxcb-icccm.so.4":
            raise OSError(name)

    monkeypatch.setattr("ctypes.CDLL", cdll)
    assert missing_libraries() == ["libxcb-icccm.so.4"]
    assert loaded == list(XCB_LIBRARIES)


@pytest.mark.parametrize(("environ", "xcb"), [
    ({"DISPLAY": ":0"}, True),
    ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "xcb"}, True),
    ({"DISPLAY": ":0", "QT_QPA_PLATFORM": "offscreen"}, False),
    ({}, False),
    ({"QT_QPA_PLATFORM": "xcb"}, False),
    ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, False),
    ({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0", "QT_QPA_PLATFORM": "xcb"}, True),
])
def test_the_check_is_made_when_qt_would_use_xcb(environ: dict[str, str], xcb: bool) -> None:
    assert uses_xcb(environ) is xcb


def test_a_window_start_with_a_missing_library_names_it_and_exits_cleanly(
    tmp_path: Path
) -> None:
    (tmp_path / "bin").mkdir()
    env = fake_ldd(tmp_path / "bin", ["libxcb-icccm.so.4"])
    env.pop("QT_QPA_PLATFORM", None)
    env.pop("WAYLAND_DISPLAY", None)
    env["DISPLAY"] = ":99"  # no such display either: Qt would abort on it
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "app", "--data-dir", str(tmp_path / "d")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 1  # not -6: Qt never got to abort
    line = (f"archivist: the window needs system libraries not found here: "
            f"libxcb-icccm.so.4; install them with: {install_line(['libxcb-icccm.so.4'])}")
    assert done.stderr.splitlines() == [line]
    assert "apt-get install libxcb-icccm4" in line or "dnf install xcb-util-wm" in line


class Runs:
    """A stand-in for ``subprocess.run``: records each command, answers the given codes."""

    def __init__(self, codes: list[int]) -> None:
        self.codes = codes
        self.commands: list[list[str]] = []

    def __call__(self, command: list[str], **_: Any) -> subprocess.CompletedProcess[str]:
        self.commands.append(command)
        return subprocess.CompletedProcess(command, self.codes.pop(0) if self.codes else 0)


def _machine(monkeypatch: pytest.MonkeyPatch, missing: list[str], tools: tuple[str, ...],
             root: bool) -> None:
    monkeypatch.setattr(desktop_libs, "missing_libraries", lambda: missing)
    monkeypatch.setattr("shutil.which",
                        lambda name: f"/usr/bin/{name}" if name in tools else None)
    monkeypatch.setattr(desktop_libs.os, "geteuid", lambda: 0 if root else 1000)


def test_install_runs_apt_get_for_the_missing_packages_and_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _machine(monkeypatch, ["libxcb-icccm.so.4", "libxcb-keysyms.so.1"], ("apt-get",), True)
    runs = Runs([100, 0, 0])  # the package lists were not read yet: update, then again
    assert install(runs) == 0
    wanted = ["libxcb-icccm4", "libxcb-keysyms1"]
    assert runs.commands == [
        ["apt-get", "install", "-y", "--no-install-recommends", *wanted],
        ["apt-get", "update"],
        ["apt-get", "install", "-y", "--no-install-recommends", *wanted]]
    said = capsys.readouterr().out
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1" in said
    assert "apt-get install libxcb-icccm4 libxcb-keysyms1" in said


def test_install_goes_through_sudo_for_a_user(monkeypatch: pytest.MonkeyPatch) -> None:
    _machine(monkeypatch, ["libxcb-icccm.so.4"], ("apt-get", "sudo"), False)
    runs = Runs([0])
    assert install(runs) == 0
    assert runs.commands == [["sudo", "apt-get", "install", "-y", "--no-install-recommends",
                              "libxcb-icccm4"]]


@pytest.mark.parametrize(("missing", "tools", "root"), [
    ([], ("apt-get",), True),  # nothing missing
    (["libxcb-icccm.so.4"], ("dnf", "sudo"), False),  # no apt-get
    (["libxcb-icccm.so.4"], ("apt-get",), False),  # not root and no sudo
])
def test_install_runs_nothing_where_it_cannot_and_lets_the_command_go_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
    missing: list[str], tools: tuple[str, ...], root: bool
) -> None:
    _machine(monkeypatch, missing, tools, root)
    runs = Runs([])
    assert install(runs) == 0
    assert runs.commands == []
    said = capsys.readouterr().err
    assert (said == "") is (not missing)
    if "dnf" in tools:
        assert "install them with: sudo dnf install xcb-util-wm" in said


def test_readmes_first_command_installs_them_before_it_opens_the_window() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)\n", readme)
    assert block is not None
    steps = [shlex.split(step) for step in block.group(1).split("&&")]
    assert steps[-2:] == [[".venv/bin/python", "-m", "app.desktop_libs", "--install"],
                          [".venv/bin/archivist"]]
