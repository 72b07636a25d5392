"""Window settings (geometry, splitter sizes, last query) in an ini file in the data folder.

Keeping them inside ``Paths.data`` means a test's or a USB stick's data folder carries its
own settings and never touches the user's.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QSplitter, QWidget

from app.paths import Paths

SETTINGS_FILE = "archivist-gui.ini"
DEFAULT_SIZE = (1280, 800)
DEFAULT_SPLIT = (780, 500)


def open_settings(paths: Paths) -> QSettings:
    """The window settings of this installation (``<data>/archivist-gui.ini``)."""
    return QSettings(str(paths.data / SETTINGS_FILE), QSettings.Format.IniFormat)


def restore_window(settings: QSettings | None, window: QWidget, splitter: QSplitter) -> str:
    """Restore geometry and splitter sizes (defaults when unknown); returns the last query."""
    geometry = settings.value("window/geometry") if settings is not None else None
    if not isinstance(geometry, QByteArray) or not window.restoreGeometry(geometry):
        window.resize(*DEFAULT_SIZE)
    state = settings.value("window/splitter") if settings is not None else None
    if not isinstance(state, QByteArray) or not splitter.restoreState(state):
        splitter.setSizes(list(DEFAULT_SPLIT))
    return str(settings.value("search/query", "") or "") if settings is not None else ""


def save_window(settings: QSettings, window: QWidget, splitter: QSplitter, query: str) -> None:
    """Write geometry, splitter sizes and the query, and flush them to the file."""
    settings.setValue("window/geometry", window.saveGeometry())
    settings.setValue("window/splitter", splitter.saveState())
    settings.setValue("search/query", query)
    settings.sync()
