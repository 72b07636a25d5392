"""The desktop application: ``QApplication``, the icon, and :func:`run_window`."""

from __future__ import annotations

import logging
import sys
from importlib.resources import files
from pathlib import Path

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from app.bootstrap import Services
from app.gui.kit.settings import open_settings
from app.gui.kit.theme import follow_system_scheme
from app.gui.shell.main_window import MainWindow

ICONS = Path(str(files("app.resources") / "icons"))  # the top-level resources/ folder
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


def _qt_message(kind: QtMsgType, _context: QMessageLogContext, message: str) -> None:
    if message in _QUIET:
        return
    level = {
        QtMsgType.QtDebugMsg: logging.DEBUG, QtMsgType.QtInfoMsg: logging.INFO,
        QtMsgType.QtWarningMsg: logging.WARNING,
    }.get(kind, logging.ERROR)
    log.log(level, "%s", message)


def create_application(argv: list[str] | None = None) -> QApplication:
    """The running ``QApplication``, or a new one named "Archivist" with its icon.

    Only a new application gets Archivist's Qt message handler (Qt's messages go to the
    ``app.gui.qt`` logger), so a test framework's own handler stays in place.
    """
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    qInstallMessageHandler(_qt_message)
    app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("Archivist")
    app.setOrganizationName("Archivist")
    app.setApplicationDisplayName("Archivist")
    app.setDesktopFileName("archivist")
    app.setWindowIcon(app_icon())
    follow_system_scheme(app)
    return app


def create_main_window(services: Services) -> MainWindow:
    """The main window over ``services`` with the user's remembered settings (not shown yet)."""
    return MainWindow(services, open_settings(services.paths), app_icon())


def run_window(services: Services) -> int:
    """Open the main window over ``services`` and run the event loop; returns the exit code."""
    app = create_application()
    window = create_main_window(services)
    window.show()
    code = app.exec()
    if window.isVisible():  # the loop ended without closing the window (e.g. log-out)
        window.save_state()
    window.shutdown()
    return int(code)
