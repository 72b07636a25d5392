"""Help ▸ About Archivist: version, where the data comes from, and the attribution."""

from __future__ import annotations

import platform
from html import escape

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from app import API_VERSION, __version__

ATTRIBUTION = ("An unofficial tool, not affiliated with or endorsed by Weebs of the Shore. "
               "Card data and images © Weebs of the Shore.")
LOCAL_SOURCE = "the local catalogue (imported from API files; not synced)"


def data_source_text(api_url: str | None) -> str:
    """Where the catalogue's data comes from, for a person."""
    return f"synced from {api_url}" if api_url else LOCAL_SOURCE


class AboutDialog(QDialog):
    """The About box.

    Args:
        api_url: the API the catalogue was last synced from, or None (imported files).
        counts: the catalogue's counts (``cards``, ``editions``, ``images``), or None.
        icon: the application icon.
        parent: the main window.
    """

    def __init__(self, api_url: str | None, counts: dict[str, int] | None = None,
                 icon: QIcon | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("About Archivist")
        picture = QLabel()
        if icon is not None and not icon.isNull():
            picture.setPixmap(icon.pixmap(96, 96))
        picture.setAlignment(Qt.AlignmentFlag.AlignTop)
        held = ""
        if counts:
            held = (f"<br>Holds {counts.get('cards', 0):,} cards, "
                    f"{counts.get('editions', 0):,} editions and "
                    f"{counts.get('images', 0):,} images.")
        self.text = QLabel(
            f"<h2>Archivist {escape(__version__)}</h2>"
            "<p>The Grand Archive card catalogue, offline.</p>"
            f"<p><b>Data source:</b> {escape(data_source_text(api_url))}{held}<br>"
            f"Catalogue API interface {escape(API_VERSION)}.</p>"
            f"<p><i>{escape(ATTRIBUTION)}</i></p>"
            f"<p><small>Python {escape(platform.python_version())} · Qt {escape(qVersion())}"
            f" · PySide6 {escape(pyside_version)}</small></p>"
        )
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextBrowserInteraction)
        self.text.setOpenExternalLinks(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(picture)
        row.addWidget(self.text, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(buttons)
        self.setMinimumWidth(440)


def open_about(parent: QWidget, icon: QIcon | None, api_url: str | None,
               counts: dict[str, int]) -> AboutDialog:
    """Open the About dialog over ``parent`` (window-modal, deleted when closed).

    Args:
        parent: the main window. icon: the application icon.
        api_url: the API the catalogue was synced from (None: imported locally).
        counts: the catalogue's row counts (``cards``, ``editions`` …).
    """
    dialog = AboutDialog(api_url, counts, icon, parent)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
