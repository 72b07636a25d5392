"""The window settings file and the window's geometry: what the main window's frame needs
before its first paint (:mod:`app.gui.kit.settings` has the rest and re-exports these)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QWidget

SETTINGS_FILE = "archivist-gui.ini"
DEFAULT_SIZE = (1280, 800)


class DataFolder(Protocol):
    """What the settings need of the installation's folders (``app.paths.Paths``)."""

    @property
    def data(self) -> Path:
        """The data folder."""
        ...


def open_settings(paths: DataFolder) -> QSettings:
    """The window settings of this installation (``<data>/archivist-gui.ini``)."""
    return QSettings(str(paths.data / SETTINGS_FILE), QSettings.Format.IniFormat)


def restore_geometry(settings: QSettings | None, window: QWidget) -> None:
    """Restore the window's geometry (the default size when unknown), before it is shown."""
    geometry = settings.value("window/geometry") if settings is not None else None
    if not isinstance(geometry, QByteArray) or not window.restoreGeometry(geometry):
        window.resize(*DEFAULT_SIZE)
