"""Table and list cells show outside text as text.

Names in cells come from the catalogue, a sync or a pasted decklist: a bidirectional
override (U+202E) would show the rest of the cell backwards, and a control character as
nothing at all. :func:`safe_cells` wraps a model's ``data()`` so that every text it gives
for display (the cell, its tool tip, status tip, accessible text) goes through
:func:`app.safetext.escape_controls` — the same function the command line's output uses.
Delegates that paint a model's ``DisplayRole`` therefore paint the escaped text too.

Example::

    class DeckListModel(QAbstractListModel):
        @safe_cells
        def data(self, index, role=Qt.ItemDataRole.DisplayRole): ...
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import Qt

from app.safetext import escape_controls

TEXT_ROLES = frozenset({
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.StatusTipRole,
    Qt.ItemDataRole.WhatsThisRole, Qt.ItemDataRole.AccessibleTextRole,
    Qt.ItemDataRole.AccessibleDescriptionRole,
})
"""The roles whose text a person reads (``EditRole`` and custom roles are left as given)."""

Data = TypeVar("Data", bound=Callable[..., Any])


def safe_cells(data: Data) -> Data:
    """Wrap a model's ``data(index, role)`` so its display texts are escaped
    (:data:`TEXT_ROLES`); every other answer is returned unchanged."""

    @functools.wraps(data)
    def wrapper(self: Any, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        value = data(self, index, role)
        if isinstance(value, str) and role in TEXT_ROLES:
            return escape_controls(value)
        return value

    return wrapper  # type: ignore[return-value]
