"""Window settings (geometry, splitter sizes, last query and page) in an ini file in the data
folder.

Keeping them inside ``Paths.data`` means a test's or a USB stick's data folder carries its
own settings and never touches the user's.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QSplitter, QTabWidget, QWidget

from app.paths import Paths

SETTINGS_FILE = "archivist-gui.ini"
DEFAULT_SIZE = (1280, 800)
DEFAULT_SPLIT = (780, 500)
DEFAULT_THEMA_SPLIT = (590, 690)


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


def restore_pages(settings: QSettings | None, tabs: QTabWidget, thema: QSplitter) -> None:
    """Restore the last page (tab) and the Thema page's splitter sizes (defaults if unknown)."""
    page = settings.value("window/page") if settings is not None else None
    if isinstance(page, str | int) and str(page).isdigit() and int(page) < tabs.count():
        tabs.setCurrentIndex(int(page))
    state = settings.value("thema/splitter") if settings is not None else None
    if not isinstance(state, QByteArray) or not thema.restoreState(state):
        thema.setSizes(list(DEFAULT_THEMA_SPLIT))


def save_pages(settings: QSettings, tabs: QTabWidget, thema: QSplitter) -> None:
    """Write the current page and the Thema splitter sizes (:func:`save_window` syncs)."""
    settings.setValue("window/page", tabs.currentIndex())
    settings.setValue("thema/splitter", thema.saveState())
