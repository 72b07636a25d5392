"""The main window's :class:`~app.gui.kit.selection.Selection`: its grid, results and detail.

The shell owns the pages, so it is the one place that reads their widgets for an action
of another flow (export, copy): the flow gets this object, never the window.
"""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView

from app.gui.card.detail_pane import DetailPane
from app.gui.search.controller import SearchRequest
from app.gui.search.page import BrowserPage
from app.gui.search.result_model import ResultModel
from app.model.query import Hit


class WindowSelection:
    """The selection of the search page's ``grid`` over ``model`` and the ``detail`` pane.

    Args:
        browser: the search page (asks the current search).
        grid: the tile view. model: its results.
        detail: the detail pane (the card shown).
    """

    def __init__(self, browser: BrowserPage, grid: QAbstractItemView, model: ResultModel,
                 detail: DetailPane) -> None:
        self._browser, self._grid, self._model, self._detail = browser, grid, model, detail

    def selected_hits(self) -> list[Hit]:
        """The selected tiles' hits, in grid order."""
        rows = sorted({i.row() for i in self._grid.selectionModel().selectedIndexes()})
        return [self._model.hit(row) for row in rows]

    def hit_at(self, row: int) -> Hit:
        """The hit of the tile in ``row``."""
        return self._model.hit(row)

    def shown_card(self) -> str | None:
        """The slug of the card in the detail pane, or None."""
        return self._detail.slug

    def current_query(self) -> SearchRequest:
        """The search the search page asks for now."""
        return self._browser.request()
