"""A tab's placeholder that builds the real page the first time it is shown or asked for.

The window starts faster when the pages nobody looks at yet (and the modules behind them,
QtCharts among them) are neither imported nor built before the first paint.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget


class LazyPage(QWidget):
    """An empty widget that holds the page ``factory`` builds, once, on first need.

    Args:
        factory: builds the page (imports its module, wires its signals); called at most once,
            on the GUI thread, by :meth:`page` or the first show of this widget.
    """

    def __init__(self, factory: Callable[[], QWidget]) -> None:
        super().__init__()
        self._factory: Callable[[], QWidget] | None = factory
        self._page: QWidget | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

    @property
    def built(self) -> bool:
        """True once the real page exists."""
        return self._page is not None

    def page(self) -> QWidget:
        """The real page, built now when it was not yet."""
        if self._page is None:
            assert self._factory is not None
            factory, self._factory = self._factory, None
            self._page = factory()
            layout = self.layout()
            assert layout is not None
            layout.addWidget(self._page)
            if self.isVisible():
                self._page.show()
        return self._page

    def showEvent(self, event: QShowEvent) -> None:
        """Build the page on its first show."""
        self.page()
        super().showEvent(event)
