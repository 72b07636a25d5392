"""``archivist screenshot --feature``: the window with one of its hidden features showing
(the sync dialog's progress or offline failure, the search syntax sheet, the name
completion popup), dialogs and popups painted over the window where they would appear.
Nothing reaches the network: the sync states are painted from made-up progress and the
error an offline computer gets."""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QWidget

from app.errors import Unreachable
from app.gui.devtools.waiting import wait_until
from app.gui.shell.main_window import MainWindow
from app.sync import DEFAULT_API, Progress

FEATURES = ("sync-progress", "sync-retry", "sync-offline", "syntax-help", "completion")


def stage(window: MainWindow, feature: str) -> list[QWidget]:
    """Put ``window`` in the state of ``feature``; returns the floating widgets to paint."""
    sync, dialog = window.sync, window.sync.dialog
    if feature in ("sync-progress", "sync-retry"):
        dialog.begin(DEFAULT_API)
        dialog.show_progress(Progress("connect", "Connecting", 0, 1, 1, 0, 0.2))
        note = "retrying in 4 s… (the server answered 503: busy)" \
            if feature == "sync-retry" else ""
        dialog.show_progress(Progress("cards", "Cards", 18, 45, 23, 3_400_000, 6.5, note))
        dialog.show()
        return [dialog]
    if feature == "sync-offline":
        dialog.begin(DEFAULT_API)
        dialog.show()
        sync._on_run_failed(Unreachable.for_url(DEFAULT_API + "/cards/search", "offline"))
        return [dialog]
    if feature == "syntax-help":
        return [window.menus.show_syntax()]
    if feature == "completion":
        window.search.setFocus()
        window.search.setText("lor")
        window.completion._on_edited("lor")
        popup = window.completion.completer.popup()
        wait_until(lambda: popup is not None and popup.isVisible(), 10.0)
        return [popup] if popup is not None else []
    raise ValueError(feature)


def compose(window: MainWindow, floating: list[QWidget]) -> QPixmap:
    """The window's picture with ``floating`` widgets painted where they show (a dialog
    centred, a popup under the search field)."""
    shot = window.grab()
    painter = QPainter(shot)
    for widget in floating:
        picture = widget.grab()
        if widget is window.completion.completer.popup():  # under the search field
            at = window.search.mapTo(window, QPoint(0, window.search.height()))
        else:  # a dialog: centred, a little high
            at = QPoint((shot.width() - picture.width()) // 2,
                        max(0, (shot.height() - picture.height()) // 3))
        painter.drawPixmap(at, picture)
        painter.setPen(QColor("#7a7f87"))  # the frame a window manager would draw
        painter.drawRect(at.x(), at.y(), picture.width() - 1, picture.height() - 1)
    painter.end()
    return shot
