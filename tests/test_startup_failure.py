"""A bundled start that fails: the reason goes to the log folder and, with no terminal (a
Windows windowed .exe has no stdout or stderr at all), to a message box."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from app.errors import StoreError
from app.startup_failure import StderrTail, data_dir_of, run_guarded


class Shown:
    def __init__(self) -> None:
        self.boxes: list[tuple[str, str]] = []

    def __call__(self, title: str, text: str) -> bool:
        self.boxes.append((title, text))
        return True


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.fixture
def windowed(monkeypatch: pytest.MonkeyPatch) -> None:
    """As Windows starts a windowed exe with a double-click: no stdout, no stderr, a screen."""
    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setenv("QT_QPA_PLATFORM", "windows")


def log_text(data: Path) -> str:
    return (data / "logs" / "archivist.log").read_text(encoding="utf-8")


@pytest.mark.allow_log("Archivist could not start")
def test_an_exception_is_logged_and_shown_without_a_console(windowed: None,
                                                            tmp_path: Path) -> None:
    def broken(argv: list[str]) -> int:
        print("starting")  # print() works although Windows gave no stdout
        raise RuntimeError("a module is missing from the bundle")

    shown = Shown()
    assert run_guarded(broken, ["--data-dir", str(tmp_path)], show=shown) == 1
    [(title, text)] = shown.boxes
    assert title == "Archivist could not start"
    assert "RuntimeError: a module is missing from the bundle" in text
    assert str(tmp_path / "logs" / "archivist.log") in text
    assert "RuntimeError: a module is missing from the bundle" in log_text(tmp_path)
    assert "Traceback" in log_text(tmp_path)


@pytest.mark.allow_log("Archivist could not start")
def test_a_command_that_fails_shows_its_one_line(windowed: None, tmp_path: Path) -> None:
    from app.cli.main import main

    shown = Shown()
    missing = tmp_path / "no-such-cards.json"
    code = run_guarded(main, ["import", str(missing), "--data-dir", str(tmp_path)], show=shown)
    assert code == 1
    [(_, text)] = shown.boxes
    assert text.startswith(f"archivist: {missing}: no such file")
    assert "no-such-cards.json: no such file" in log_text(tmp_path)


@pytest.mark.allow_log("Archivist could not start")
def test_the_window_that_already_said_why_is_logged_not_shown_twice(
        windowed: None, tmp_path: Path) -> None:
    def window(argv: list[str]) -> int:  # as run_window after its own dialog
        print("archivist: The catalogue could not be opened", file=sys.stderr)
        return 1

    shown = Shown()
    assert run_guarded(window, ["--data-dir", str(tmp_path)], show=shown) == 1
    assert shown.boxes == []
    assert "The catalogue could not be opened" in log_text(tmp_path)


@pytest.mark.allow_log("Archivist could not start")
def test_qts_fatal_platform_message_is_shown_before_qt_aborts(windowed: None,
                                                             tmp_path: Path) -> None:
    from PySide6.QtCore import QMessageLogContext, QtMsgType

    from app.gui.shell.app import _qt_message

    def window(argv: list[str]) -> int:
        _qt_message(QtMsgType.QtFatalMsg, QMessageLogContext(),
                    'This application failed to start because no Qt platform plugin could '
                    'be initialized. Reinstalling the application may fix this problem.')
        return 134  # Qt aborts right after; the box was shown before

    shown = Shown()
    run_guarded(window, ["--data-dir", str(tmp_path)], show=shown)
    assert shown.boxes and "no Qt platform plugin" in shown.boxes[0][1]
    assert "no Qt platform plugin" in log_text(tmp_path)


@pytest.mark.allow_log("Archivist could not start")
def test_with_a_terminal_the_reason_stays_there_and_in_the_log(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")

    def failing(argv: list[str]) -> int:
        raise StoreError("The data folder is read-only")

    shown = Shown()
    assert run_guarded(failing, ["search", "x", "--data-dir", str(tmp_path)], show=shown) == 1
    assert shown.boxes == []
    assert "read-only" in log_text(tmp_path)


@pytest.mark.allow_log("Archivist could not start")
def test_offscreen_nothing_is_shown(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sys, "stderr", None)
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    shown = Shown()
    assert run_guarded(lambda argv: 1, ["--data-dir", str(tmp_path)], show=shown) == 1
    assert shown.boxes == [] and "exit status 1" in log_text(tmp_path)


def test_a_good_start_leaves_no_trace(windowed: None, tmp_path: Path) -> None:
    shown = Shown()
    assert run_guarded(lambda argv: 0, ["--data-dir", str(tmp_path)], show=shown) == 0
    assert shown.boxes == [] and not (tmp_path / "logs").exists()


def test_the_kept_stderr_is_its_end_and_a_pipe_still_gets_all() -> None:
    pipe = io.StringIO()
    tail = StderrTail(pipe)
    tail.write("x" * 30_000 + "the reason")
    assert tail.kept.endswith("the reason") and len(tail.kept) == 20_000
    assert pipe.getvalue() == "x" * 30_000 + "the reason"


@pytest.mark.parametrize(("argv", "folder"), [
    (["--data-dir", "D"], "D"), (["export", "q", "--data-dir=E"], "E"), (["gui"], None)])
def test_the_data_dir_of_a_command_line(argv: list[str], folder: str | None) -> None:
    assert data_dir_of(argv) == folder
