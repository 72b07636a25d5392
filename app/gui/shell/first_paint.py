"""The window's first paint after the catalogue answered (``firstPainted``).

The catalogue has answered once the counts and the first results (or an empty catalogue)
are in (:attr:`~app.gui.shell.search_wiring.SearchWiring.answered`); the next paint of a
watched page (the grid, the first-run page, each other tab) is the first one worth timing.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QTimer, Slot
from PySide6.QtWidgets import QWidget


class FirstPaintWatch(QObject):
    """Calls ``emit`` once (from the event loop), after the first paint of a watched widget
    that follows :meth:`answer`.

    Args:
        emit: what to call (the window's ``firstPainted.emit``).
        parent: the window.
    """

    def __init__(self, emit: Callable[[], object], parent: QObject) -> None:
        super().__init__(parent)
        self._emit = emit
        self._answered = False
        self.painted = False
        """True once the first paint after :meth:`answer` was seen."""

    def watch(self, widget: QWidget) -> None:
        """Notice the paints of ``widget``."""
        widget.installEventFilter(self)

    @Slot()
    def answer(self) -> None:
        """The catalogue has answered: the next paint of a watched widget counts."""
        self._answered = True

    @Slot()
    def paint_seen(self) -> None:
        """A watched widget was painted (for one that says so itself, as the grid does)."""
        if self._answered and not self.painted:
            self.painted = True
            QTimer.singleShot(0, self._emit)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Notice the first paint after :meth:`answer` (calls ``emit`` once)."""
        if event.type() == QEvent.Type.Paint:
            self.paint_seen()
        return super().eventFilter(watched, event)
