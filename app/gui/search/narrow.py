"""Small windows keep room for the grid: below :data:`NARROW` pixels the
search page folds its filter panel away, and unfolds it when the page is wide again. The
Filters button keeps the person's choice: pressing it while folded shows or hides the panel
as always."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractButton, QWidget

NARROW = 1000
"""Page width (pixels) below which the filter panel folds away."""


class FoldWhenNarrow(QObject):
    """Watches ``page``'s width and folds ``panel`` (which ``toggle``, checkable, shows).

    Args:
        page: the search page.
        panel: the filter panel.
        toggle: the Filters button (checked: the person wants the panel).
    """

    def __init__(self, page: QWidget, panel: QWidget, toggle: QAbstractButton) -> None:
        super().__init__(page)
        self._page, self._panel, self._toggle = page, panel, toggle
        self.folded = False
        """True while the panel is hidden only because the page is narrow."""
        self._narrow = False
        toggle.toggled.connect(self._on_toggled)
        page.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Fold or unfold on a resize across :data:`NARROW`."""
        if watched is self._page and event.type() == QEvent.Type.Resize:
            narrow = self._page.width() < NARROW
            if narrow != self._narrow:
                self._narrow = narrow
                if narrow and self._toggle.isChecked():
                    self._panel.hide()
                    self.folded = True
                elif not narrow and self.folded:
                    self._panel.setVisible(self._toggle.isChecked())
                    self.folded = False
        return False

    def _on_toggled(self, _checked: bool) -> None:
        self.folded = False  # the person chose: the panel follows the button again
