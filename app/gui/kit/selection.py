"""What the window has selected, as the actions working on it (export, copy) need it.

:class:`Selection` is the narrow view an action gets instead of the whole window: the
selected tiles and any tile's hit, the card the detail pane shows and the search asked now. The
shell provides it (:class:`~app.gui.shell.window_selection.WindowSelection`); a page or a
flow never reaches into another page's widgets.
"""

from __future__ import annotations

from typing import Protocol

from app.model.query import Hit


class Query(Protocol):
    """A search as the search page asks it (``SearchRequest`` has these)."""

    @property
    def text(self) -> str:
        """The query in the search language (``""`` lists everything)."""
        ...

    @property
    def sort(self) -> str:
        """One of :data:`app.model.query.QUERY_SORTS` (anything else: sort by set)."""
        ...

    @property
    def descending(self) -> bool:
        """Reverse the order."""
        ...


class Selection(Protocol):
    """The window's selection, read in the GUI thread when an action runs."""

    def selected_hits(self) -> list[Hit]:
        """The selected tiles' hits, in grid order (empty: none selected)."""
        ...

    def hit_at(self, row: int) -> Hit:
        """The hit of the grid's tile in ``row`` (a valid row)."""
        ...

    def shown_card(self) -> str | None:
        """The slug of the card the detail pane shows, or None."""
        ...

    def current_query(self) -> Query:
        """The search the search page asks for now."""
        ...
