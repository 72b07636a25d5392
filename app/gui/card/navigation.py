"""Back/Forward navigation, like a web browser's (pure Python, no Qt).

The detail pane records every card it shows with :meth:`Navigation.visit`; Back and Forward
move a cursor through the visits and return the card to show. Showing that card then
visits it again, which is a no-op because it is already the current entry — so a card
reached by Back does not cut off the Forward entries.
"""

from __future__ import annotations

from typing import Generic, TypeVar

T = TypeVar("T")

DEFAULT_LIMIT = 200
"""How many entries a navigation keeps; the oldest are dropped first."""


class Navigation(Generic[T]):
    """A list of visited entries with a cursor (the entry shown).

    Args:
        limit: the most entries kept (at least 1); older ones are forgotten.
    """

    def __init__(self, limit: int = DEFAULT_LIMIT) -> None:
        self._entries: list[T] = []
        self._cursor = -1
        self._limit = max(1, limit)

    @property
    def current(self) -> T | None:
        """The entry shown, or None before the first visit."""
        return self._entries[self._cursor] if self._cursor >= 0 else None

    @property
    def can_back(self) -> bool:
        """True when :meth:`back` has somewhere to go."""
        return self._cursor > 0

    @property
    def can_forward(self) -> bool:
        """True when :meth:`forward` has somewhere to go."""
        return 0 <= self._cursor < len(self._entries) - 1

    def entries(self) -> list[T]:
        """All entries, oldest first (a copy)."""
        return list(self._entries)

    def visit(self, entry: T) -> bool:
        """Record that ``entry`` is shown now.

        A visit of the current entry changes nothing (it is how Back and Forward land).
        Any other visit drops the Forward entries and appends ``entry``.

        Returns:
            True when the entries changed.
        """
        if self.current == entry:
            return False
        del self._entries[self._cursor + 1:]
        self._entries.append(entry)
        if len(self._entries) > self._limit:
            del self._entries[: len(self._entries) - self._limit]
        self._cursor = len(self._entries) - 1
        return True

    def back(self) -> T | None:
        """Step back one entry and return it; None (and no move) at the oldest entry."""
        if not self.can_back:
            return None
        self._cursor -= 1
        return self._entries[self._cursor]

    def forward(self) -> T | None:
        """Step forward one entry and return it; None (and no move) at the newest entry."""
        if not self.can_forward:
            return None
        self._cursor += 1
        return self._entries[self._cursor]

    def clear(self) -> None:
        """Forget every entry."""
        self._entries.clear()
        self._cursor = -1
