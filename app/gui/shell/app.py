"""The desktop application: ``QApplication``, the icon, and :func:`run_window`."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from app.desktop_libs import install_advice, missing_libraries
from app.gui.kit.heap import hold_collections
from app.gui.kit.import_hook import lighten_feature_check
from app.gui.kit.settings_file import DataFolder, open_settings
from app.gui.kit.theme import follow_system_scheme
from app.gui.shell.main_window import MainWindow

if TYPE_CHECKING:
    from app.bootstrap import Application


def _icons() -> Path:
    """The icons folder of the package ``app.resources`` (the top-level resources/ folder):
    beside its ``__init__`` when it has one (an installed package, the bundle), the
    checkout's resources/icons when the package is not installed (PYTHONPATH), else through
    importlib.resources (which costs ~7 ms of imports at start-up)."""
    from importlib.util import find_spec

    spec = find_spec("app.resources")
    where = spec.origin if spec is not None else None
    if where and where not in ("frozen", "built-in"):
        folder = Path(where).parent / "icons"
        if folder.is_dir():
            return folder
    source = Path(__file__).resolve().parents[3] / "resources" / "icons"
    if spec is None and source.is_dir():  # a source checkout on the path, not installed
        return source
    from importlib.resources import files

    return Path(str(files("app.resources") / "icons"))


ICONS = _icons()
ICON_SVG = ICONS / "archivist.svg"
ICON_PNG = ICONS / "archivist-256.png"

log = logging.getLogger("app.gui.qt")

# Qt messages that say nothing about Archivist (the offscreen platform cannot resize).
_QUIET = ("This plugin does not support propagateSizeHints()",)


def app_icon() -> QIcon:
    """The Archivist icon (SVG, with the 256 px PNG for platforms without SVG support)."""
    icon = QIcon()
    for file in (ICON_SVG, ICON_PNG):
        if file.is_file():
            icon.addFile(str(file))
    return icon


def _qt_message(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if message in _QUIET:
        return
    if context.category == "qt.qpa.plugin" or kind == QtMsgType.QtFatalMsg:
        # Qt's hint about its platform plugin (a missing library) belongs on the terminal
        # too, not only in the log; when it is fatal, say what to install (next: an abort)
        print(message, file=sys.stderr)
        log.info("%s", message)
        if kind == QtMsgType.QtFatalMsg and "platform plugin" in message:
            # asked of the loader: Qt's hint names libxcb-cursor0 whatever is missing
            print(install_advice(missing_libraries()), file=sys.stderr)
        sys.stderr.flush()
        fatal = getattr(sys.stderr, "fatal", None)  # the bundle's launcher: log and dialog
        if kind == QtMsgType.QtFatalMsg and callable(fatal):
            fatal(message)
        return
    level = {
        QtMsgType.QtDebugMsg: logging.DEBUG, QtMsgType.QtInfoMsg: logging.INFO,
        QtMsgType.QtWarningMsg: logging.WARNING,
    }.get(kind, logging.ERROR)
    log.log(level, "%s", message)


def create_application(argv: list[str] | None = None) -> QApplication:
    """The running ``QApplication``, or a new one named "Archivist" with its icon.

    Only a new application gets Archivist's Qt message handler (Qt's messages go to the
    ``app.gui.qt`` logger), so a test framework's own handler stays in place. PySide's
    per-import check is made lighter first (:mod:`app.gui.kit.import_hook`).
    """
    lighten_feature_check()  # the window's modules are imported after this
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    hold_collections()  # until the window's first results are painted (freeze_long_lived)
    qInstallMessageHandler(_qt_message)
    app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("Archivist")
    app.setOrganizationName("Archivist")
    app.setApplicationDisplayName("Archivist")
    app.setDesktopFileName("archivist")
    app.setWindowIcon(app_icon())
    follow_system_scheme(app)
    return app


def create_main_window(services: Application) -> MainWindow:
    """The main window over ``services`` with the user's remembered settings (not shown yet)."""
    return MainWindow(services, open_settings(services.paths), app_icon())


def _tell_cannot_open(window: MainWindow, error: Exception) -> None:
    """Say in the window why the catalogue did not open: a person who started Archivist
    from the desktop has no terminal to read the command line's message in."""
    from PySide6.QtWidgets import QMessageBox

    reason = getattr(error, "message", None) or str(error) or type(error).__name__
    QMessageBox.critical(window, "Archivist",
                         f"The catalogue could not be opened.\n\n{reason}\n\n"
                         f"Archivist will close. Start it from a terminal with "
                         f"\"archivist gui -v\" to see more.")


def run_window(paths: DataFolder, open_services: Callable[[], Application]) -> int:
    """Show the main window at once, then open the catalogue in it; run the event loop.

    The window's frame is painted first (it needs only Qt); ``open_services`` (e.g.
    :func:`app.bootstrap.build`), the search stack's imports and the pages come after
    that paint, so the window shows like a native application's.

    Args:
        paths: the data folder (its window settings are read before the catalogue opens).
        open_services: opens the catalogue; called once, after the first paint.

    Returns:
        The event loop's exit code.

    Raises:
        Exception: what ``open_services`` raised (said in a dialog, then the window is
            closed), so that the command line reports it as it would without a window.
    """
    app = create_application()
    window = MainWindow(None, open_settings(paths), app_icon())
    failures: list[Exception] = []

    def open_catalogue() -> None:
        try:
            window.open_catalogue(open_services(), defer=True)
        except Exception as error:  # raised again below, after the loop
            failures.append(error)
            _tell_cannot_open(window, error)
            window.hide()
            app.exit(1)

    window.framePainted.connect(open_catalogue)
    window.show()
    code = app.exec()
    if failures:
        window.shutdown()
        raise failures[0]
    if window.isVisible():  # the loop ended without closing the window (e.g. log-out)
        window.save_state()
    window.shutdown()
    return int(code)
