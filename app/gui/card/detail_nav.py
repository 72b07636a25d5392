"""The detail pane's navigation bar: Back, Forward (a browser-like history) and Gallery.

:class:`DetailNav` owns the pane's :class:`~app.gui.card.navigation.Navigation` of card slugs. Back
and Forward come from its two tool buttons, Alt+Left / Alt+Right anywhere in the window
while the pane is shown, and the mouse's back and forward buttons over any widget given
to :meth:`DetailNav.watch`. Each move emits ``cardRequested(slug)``; the card then shown is
recorded with :meth:`DetailNav.visit` (a no-op for the entry Back or Forward landed on).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, Signal, Slot
from PySide6.QtGui import QKeySequence, QMouseEvent, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QWidget

from app.gui.card.detail_style import tool_button
from app.gui.card.navigation import Navigation


class DetailNav(QWidget):
    """Back and Forward buttons over a :class:`Navigation`, and the Gallery button.

    Signals:
        cardRequested(str): show the card with this slug (Back or Forward).
        galleryRequested(): the Gallery button or Ctrl+G.

    Args:
        parent: the detail pane (its shortcuts live there).
    """

    cardRequested = Signal(str)
    galleryRequested = Signal()

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.history: Navigation[str] = Navigation()
        self._away = False  # a message is shown, not the history's current card
        self.back_button = tool_button(self, "back", "Back (Alt+Left)", self.back)
        self.forward_button = tool_button(self, "forward", "Forward (Alt+Right)", self.forward)
        self.gallery_button = tool_button(self, "gallery", "Every edition's image (Ctrl+G)",
                                          self.galleryRequested.emit, "Gallery")
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 4, 10, 0)
        row.addWidget(self.back_button)
        row.addWidget(self.forward_button)
        row.addStretch(1)
        row.addWidget(self.gallery_button)
        for keys, slot in (("Alt+Left", self.back), ("Alt+Right", self.forward),
                           ("Ctrl+G", self.galleryRequested.emit)):
            QShortcut(QKeySequence(keys), parent, slot)
        self.set_gallery_enabled(False)

    def visit(self, slug: str) -> None:
        """Record that the card ``slug`` is shown now."""
        self.history.visit(slug)
        self._away = False
        self._update()

    def leave(self) -> None:
        """A message replaced the card (e.g. a linked card was not found): Back shows the
        history's current card again rather than the one before it."""
        self._away = self.history.current is not None
        self._update()

    def set_gallery_enabled(self, enabled: bool) -> None:
        """Enable the Gallery button (a card with editions is shown)."""
        self.gallery_button.setEnabled(enabled)
        self._update()

    def watch(self, widgets: list[QWidget]) -> None:
        """Let the mouse's back and forward buttons over ``widgets`` navigate."""
        for widget in widgets:
            widget.installEventFilter(self)

    @Slot()
    def back(self) -> None:
        """Go back to the card shown before (emits cardRequested); nothing at the start."""
        slug = self.history.current if self._away else self.history.back()
        self._update()
        if slug is not None:
            self.cardRequested.emit(slug)

    @Slot()
    def forward(self) -> None:
        """Go forward again (emits cardRequested); nothing at the newest card."""
        slug = self.history.forward()
        self._update()
        if slug is not None:
            self.cardRequested.emit(slug)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The mouse's back and forward buttons navigate."""
        if event.type() == QEvent.Type.MouseButtonPress and isinstance(event, QMouseEvent):
            if event.button() == Qt.MouseButton.BackButton:
                self.back()
                return True
            if event.button() == Qt.MouseButton.ForwardButton:
                self.forward()
                return True
        return super().eventFilter(watched, event)

    def _update(self) -> None:
        self.back_button.setEnabled(self.history.can_back or self._away)
        self.forward_button.setEnabled(self.history.can_forward)
