"""One index per sort key and order of the official search (schema migration 16), so a card
search with many hits walks its order for every ``sort`` and ``order`` instead of sorting
every hit.

The official order is: the key (cards without a value last, in both orders), then the card
name case-insensitive in the same order, then the card uuid ascending
(:data:`app.store.official.search.API_SORT_KEYS`). The search language's own indexes on
``card_facts`` break ties by name ascending in both orders and cover only some keys; a
search without filters sorted by life, power, durability, cost or name sorted all 111,750
cards of the generated catalogue (70 ms a page). These are SQLite indexes: every write keeps
them, no writer step is needed, and the statements run again harmlessly.
"""

from __future__ import annotations

from dataclasses import dataclass

STAT_KEYS = {"cost_memory": "mem", "cost_reserve": "res", "durability": "durability",
             "level": "level", "life": "life", "power": "power"}
"""Card stat sort keys → their ``card_facts`` column."""


@dataclass(frozen=True)
class Walk:
    """Where a sort key's order is walked: ``table`` (with ``card_rowid``, ``uuid`` and
    ``name`` columns), the ``index`` to walk in a direction, and the order's key column
    (None: the name alone)."""

    table: str
    key: str | None

    def index(self, direction: str) -> str:
        """The index name for ``ASC`` or ``DESC``."""
        return f"api_walk_{self.table}_{self.key or 'name'}_{direction.lower()}"

    def order(self, direction: str, of: str = "") -> str:
        """The ``ORDER BY`` terms (columns prefixed by ``of``, e.g. ``"o."``)."""
        ties = f"{of}name COLLATE NOCASE {direction}, {of}uuid"
        if self.key is None:
            return ties
        return f"{of}{self.key} IS NULL, {of}{self.key} {direction}, {ties}"


WALKS = {"collector_number": Walk("api_order", "number"),
         "rarity": Walk("api_order", "rarity"), "name": Walk("api_order", None),
         **{sort: Walk("card_facts", column) for sort, column in STAT_KEYS.items()}}
"""Every official sort key → its :class:`Walk`."""


def _index(walk: Walk, direction: str) -> str:
    order = walk.order(direction).replace(f" {direction}", " DESC" if direction == "DESC"
                                          else "").replace(" ASC", "")
    return f"CREATE INDEX IF NOT EXISTS {walk.index(direction)} ON {walk.table}({order});\n"


SCHEMA = "".join(_index(walk, direction) for sort, walk in WALKS.items()
                 if sort != "collector_number" for direction in ("ASC", "DESC"))
"""Migration 15's SQL (the collector number's two indexes are migration 11's)."""


def index_name(sort: str, direction: str) -> str:
    """The index walked for ``sort`` in ``direction`` (migration 11's for the collector
    number)."""
    if sort == "collector_number":
        return f"api_order_number_{direction.lower()}"
    return WALKS[sort].index(direction)
