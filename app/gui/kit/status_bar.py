"""A status bar whose passing messages end in "…" before its permanent labels (the count,
the sync indicator) instead of running under them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStatusBar, QWidget

MARGIN = 18
"""Pixels Qt keeps free around a message (left padding, gap before the permanent labels)."""


class ElidingStatusBar(QStatusBar):
    """:class:`QStatusBar` whose :meth:`showMessage` shortens the text to the room left of
    the permanent widgets; the whole text stays in :attr:`full_message` and the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._permanent: list[QWidget] = []
        self.full_message = ""

    def addPermanentWidget(self, widget: QWidget, stretch: int | None = 0) -> None:
        """Add ``widget`` on the right, as Qt does; it counts against the message's room."""
        self._permanent.append(widget)
        super().addPermanentWidget(widget, stretch or 0)

    def room(self) -> int:
        """Pixels a message may take: the width less the visible permanent widgets."""
        taken = sum(max(w.width(), w.sizeHint().width()) + 6
                    for w in self._permanent if not w.isHidden())
        return max(0, self.width() - taken - MARGIN)

    def showMessage(self, text: str, timeout: int | None = 0) -> None:
        """Show ``text`` for ``timeout`` ms (0: until replaced), shortened with "…" to fit."""
        self.full_message = text
        self.setToolTip(text if text else "")
        shown = self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, self.room())
        super().showMessage(shown, timeout or 0)
