"""A start of the bundled application that fails: its reason in the log folder, and in a
dialog when there is no terminal to read it in.

A double-click gives Archivist no terminal on any platform: Windows starts the windowed
``Archivist.exe`` with ``sys.stdout``/``sys.stderr`` set to None, macOS starts the ``.app``
and Linux the desktop entry with them pointing nowhere a person looks. So
:func:`run_guarded` (the bundle's entry, packaging/launcher.py) keeps the last of what the
command line writes on stderr, and when the command fails (a non-zero exit status, an
exception, or Qt's fatal platform message) writes the reason to ``archivist.log`` in the
log folder (``--data-dir``'s ``logs``, else platformdirs') and, without a terminal, shows
it with the platform's own message box (``MessageBoxW`` on Windows, ``osascript`` on
macOS, ``zenity`` or ``kdialog`` on Linux when installed). No Qt here: Qt may be what
failed. The window's own dialogs (a catalogue that cannot be opened) stay as they are.
"""

from __future__ import annotations

import io
import logging
import os
import shutil
import subprocess
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

MAX_KEPT_CHARS = 20_000
"""How much of stderr is kept for the reason (the end of it)."""
TITLE = "Archivist could not start"
log = logging.getLogger("app.startup")

ShowFn = Callable[[str, str], bool]


class StderrTail(io.TextIOBase):
    """A stand-in for stderr that keeps its last :data:`MAX_KEPT_CHARS` characters and
    passes everything on to ``through`` (the stderr it replaces; None: nowhere), so a
    script that reads the bundle's stderr through a pipe still gets it.

    ``fatal`` (set by :func:`run_guarded`) is called by the window's Qt message handler
    with Qt's last words before Qt aborts the process.
    """

    def __init__(self, through: TextIO | None = None) -> None:
        super().__init__()
        self.kept = ""
        self.through = through
        self.fatal: Callable[[str], None] | None = None

    def writable(self) -> bool:
        """Always: it is a sink."""
        return True

    def write(self, text: str) -> int:
        """Keep the end of what was written."""
        self.kept = (self.kept + text)[-MAX_KEPT_CHARS:]
        if self.through is not None:
            try:
                self.through.write(text)
            except (OSError, ValueError):  # a closed pipe must not stop the app
                self.through = None
        return len(text)

    def flush(self) -> None:
        """Flush what it passes on to."""
        if self.through is not None:
            try:
                self.through.flush()
            except (OSError, ValueError):
                self.through = None


def has_terminal(stream: TextIO | None) -> bool:
    """Whether ``stream`` (the process's stderr at start) is a terminal a person reads."""
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def headless() -> bool:
    """Whether Qt is told to show nothing (``QT_QPA_PLATFORM`` offscreen or minimal: tests,
    CI, a screenshot): no dialog then, the log only."""
    return os.environ.get("QT_QPA_PLATFORM", "") in ("offscreen", "minimal")


def data_dir_of(argv: Sequence[str]) -> str | None:
    """The ``--data-dir`` of a command line (``--data-dir D`` or ``--data-dir=D``), if any."""
    for index, arg in enumerate(argv):
        if arg == "--data-dir" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--data-dir="):
            return arg.partition("=")[2]
    return None


def record(log_dir: Path, reason: str) -> Path | None:
    """Append ``reason`` to ``log_dir/archivist.log`` (the app's rotating log); the file,
    or None when it cannot be written (a read-only or full disk: the dialog still says it)."""
    import logging.handlers

    from app.logs import FORMAT

    target = (log_dir / "archivist.log").absolute()
    app_log = logging.getLogger("app")
    extra: logging.Handler | None = None
    if not any(getattr(h, "baseFilename", None) == str(target) for h in app_log.handlers):
        try:  # not set up yet (the start failed before), or set up for another folder
            log_dir.mkdir(parents=True, exist_ok=True)
            extra = logging.handlers.RotatingFileHandler(
                target, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
            extra.setFormatter(logging.Formatter(FORMAT))
            app_log.addHandler(extra)
        except OSError:
            extra = None
    try:
        log.error("Archivist could not start:\n%s", reason)
    finally:
        if extra is not None:
            app_log.removeHandler(extra)
            extra.close()
    return target if target.is_file() else None


def native_dialog(title: str, message: str) -> bool:
    """Show ``message`` in the platform's own message box; False when there is none."""
    try:
        if sys.platform == "win32":
            import ctypes

            user32 = getattr(ctypes, "windll").user32  # noqa: B009 (Windows only)
            user32.MessageBoxW(None, message, title, 0x10 | 0x10000)  # error icon, in front
            return True
        if sys.platform == "darwin":
            script = ('on run argv\ndisplay alert (item 1 of argv) message (item 2 of argv) '
                      'as critical\nend run')
            subprocess.run(["osascript", "-e", script, title, message], check=False,
                           timeout=3600)
            return True
        for tool, args in (("zenity", ["--error", "--no-markup", f"--title={title}",
                                       f"--text={message}"]),
                           ("kdialog", ["--title", title, "--error", message])):
            if shutil.which(tool):
                subprocess.run([tool, *args], check=False, timeout=3600)
                return True
    except (OSError, subprocess.SubprocessError):
        pass
    return False


def message(reason: str, logged: Path | None) -> str:
    """The dialog's text: the reason (its last 30 lines) and where the log is."""
    lines = reason.strip().splitlines()[-30:] or ["(no reason was given)"]
    where = f"\n\nThe details are in {logged}." if logged else ""
    return "\n".join(lines) + where


def run_guarded(main: Callable[[list[str]], int], argv: list[str], *,
                show: ShowFn = native_dialog) -> int:
    """Run ``main(argv)``; when it fails, record why and, without a terminal, show it.

    Args:
        main: the command line (``app.cli.main.main``).
        argv: its arguments (no program name).
        show: shows a title and a message to the person (the platform's message box).

    Returns:
        ``main``'s exit status (1 for an exception it let escape).
    """
    terminal = has_terminal(sys.stderr)
    if sys.stdout is None:  # a windowed Windows program: print() must not fail
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    tail: StderrTail | None = None
    if not terminal:
        tail = StderrTail(sys.stderr)
        sys.stderr = tail
    window = not argv or argv[0] == "gui" or argv[0].startswith("-")

    def fail(reason: str, dialog: bool = True) -> None:
        from app.paths import resolve_paths

        try:
            logged = record(resolve_paths(data_dir_of(argv)).logs, reason)
        except Exception:  # the log is a help, not a condition
            logged = None
        if dialog and not terminal and not headless():
            show(TITLE, message(reason, logged))

    if tail is not None:
        tail.fatal = lambda last: fail(tail.kept or last)
    try:
        code = main(argv)
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 2)
        if code and tail is not None:
            fail(tail.kept or str(stop.code))
        return code
    except BaseException as error:
        fail(traceback.format_exc())
        said = str(error).strip().splitlines()
        print(f"archivist: could not start: {type(error).__name__}"
              f"{': ' + said[0][:200] if said else ''}", file=sys.stderr)
        return 1
    if code not in (0, 130):
        told = window and code == 1 and _told_in_window(tail)  # logged, not shown twice
        fail(tail.kept if tail is not None and tail.kept else f"exit status {code}", not told)
    return code


def _told_in_window(tail: StderrTail | None) -> bool:
    """Whether the window already said why (its dialog for a catalogue that cannot be
    opened): the command line's one line is then all stderr holds."""
    return tail is not None and tail.kept.startswith("archivist: ") and \
        tail.kept.count("\n") <= 1
