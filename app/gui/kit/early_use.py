"""Build what a window defers past its first paint as soon as the user reaches for it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication, QWidget


class EarlyUse(QObject):
    """Calls ``build`` (once) when a key or a mouse button is pressed in ``window`` before
    it was called otherwise, so that what the window builds after its first paint is there
    before a shortcut, a click or a right-click is handled.

    It watches the window's platform window, which receives each key and mouse event
    before the widget it is for (not an application-wide filter: that would see every
    event of every object). A key press reached it because no shortcut matched; once
    built, the key is sent again to the widget with the focus, where Qt tries the
    shortcuts first for a key it did not get from the platform.

    Args:
        window: the main window (shown: its platform window exists).
        build: what to call (e.g. the main window's ``_build_rest``).
    """

    def __init__(self, window: QWidget, build: Callable[[], None]) -> None:
        super().__init__(window)
        self._window, self._build = window, build
        self._watched: QObject | None = window.windowHandle() or window
        self._watched.installEventFilter(self)

    def stop(self) -> None:
        """Watch no more."""
        if self._watched is not None:
            self._watched.removeEventFilter(self)
            self._watched = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Build at the first key or mouse press; a key press is sent again (see above)."""
        kind = event.type()
        if kind in (QEvent.Type.MouseButtonPress, QEvent.Type.MouseButtonDblClick,
                    QEvent.Type.TouchBegin):
            self.stop()
            self._build()
        elif kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            self.stop()
            self._build()
            again = QKeyEvent(kind, event.key(), event.modifiers(), event.nativeScanCode(),
                              event.nativeVirtualKey(), event.nativeModifiers(), event.text(),
                              event.isAutoRepeat(), event.count())
            QApplication.sendEvent(QApplication.focusWidget() or self._window, again)
            return True
        return False
