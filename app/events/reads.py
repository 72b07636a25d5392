"""The meta's reads of the events file: decklists in a scope, the cards they play, and
the decklists that share cards with a deck. SQL over :mod:`app.events.storage`'s tables."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Scope:
    """Which stored decklists count: their event's format (any case), category, and UTC
    days from ``start`` to ``end`` (``YYYY-MM-DD``, both included; None: unbounded)."""

    format: str | None = None
    category: str | None = None
    start: str | None = None
    end: str | None = None

    def where(self) -> tuple[str, list[object]]:
        """The SQL condition on ``events e`` and its parameters."""
        terms, params = ["1"], list[object]()
        for column, value, op in (("format", self.format, "= ? COLLATE NOCASE"),
                                  ("category", self.category, "= ? COLLATE NOCASE"),
                                  ("day", self.start, ">= ?"), ("day", self.end, "<= ?")):
            if value is not None:
                terms.append(f"e.{column} {op}")
                params.append(value)
        return " AND ".join(terms), params


@dataclass(frozen=True)
class DeckRow:
    """One decklist in scope: its id, event, day and lineage (None: no champion)."""

    id: int
    event_id: int
    event: str
    day: str
    position: int
    lineage: str | None


@dataclass(frozen=True)
class CardRow:
    """A card the decklists in scope play: how many of them (``decks``), their copies, and
    how many of those decklists fall before ``mid`` (``first_decks``)."""

    key: str
    name: str
    slug: str | None
    decks: int
    copies: int
    first_decks: int


def decklists(conn: sqlite3.Connection, scope: Scope) -> list[DeckRow]:
    """The decklists in ``scope``, by day, event and position."""
    where, params = scope.where()
    rows = conn.execute(
        "SELECT d.id, e.id, e.name, e.day, d.position, d.lineage FROM decklists d "
        f"JOIN events e ON e.id = d.event_id WHERE {where} "
        "ORDER BY e.day, e.id, d.position", params).fetchall()
    return [DeckRow(*row) for row in rows]


def card_rows(conn: sqlite3.Connection, scope: Scope, mid: str) -> list[CardRow]:
    """Every card played in ``scope`` (material and main), with the decklists before the
    day ``mid`` counted apart. Read from the per-event sums: every condition of a scope is
    on the event, so they add up exactly."""
    where, params = scope.where()
    rows = conn.execute(
        "SELECT c.card_key, MAX(c.name), MAX(c.slug), SUM(c.decks), SUM(c.copies), "
        "SUM(CASE WHEN e.day < ? THEN c.decks ELSE 0 END) FROM event_cards c "
        f"JOIN events e ON e.id = c.event_id WHERE {where} GROUP BY c.card_key",
        [mid, *params]).fetchall()
    return [CardRow(*row) for row in rows]


def card_decks(conn: sqlite3.Connection, scope: Scope, key: str) -> dict[int, int]:
    """Decklist id → copies, of the decklists in ``scope`` that play the card ``key``."""
    where, params = scope.where()
    rows = conn.execute(
        "SELECT p.decklist_id, p.copies FROM plays p JOIN decklists d "
        "ON d.id = p.decklist_id JOIN events e ON e.id = d.event_id "
        f"WHERE p.card_key = ? AND {where}", [key, *params]).fetchall()
    return dict(rows)


def overlaps(conn: sqlite3.Connection, scope: Scope,
             counts: Mapping[str, int]) -> list[tuple[int, int, int]]:
    """``(decklist id, shared copies, its copies)`` of each decklist in ``scope`` that
    plays a card of ``counts`` (card key → copies): shared copies are, card by card, the
    smaller of the two counts."""
    if not counts:
        return []
    where, params = scope.where()
    values = ",".join("(?, ?)" for _ in counts)
    flat = [v for pair in counts.items() for v in pair]
    rows = conn.execute(
        f"WITH q(card_key, n) AS (VALUES {values}) "
        "SELECT d.id, s.shared, d.copies FROM (SELECT p.decklist_id AS id, "
        "SUM(MIN(p.copies, q.n)) AS shared FROM q JOIN plays p ON p.card_key = q.card_key "
        "GROUP BY p.decklist_id) s JOIN decklists d ON d.id = s.id "
        f"JOIN events e ON e.id = d.event_id WHERE {where}", [*flat, *params]).fetchall()
    return [(int(a), int(b), int(c)) for a, b, c in rows]


def deck_names(conn: sqlite3.Connection, ids: list[int]) -> dict[int, tuple[int, str, str,
                                                                        int, str | None]]:
    """Decklist id → (event id, event name, day, position, lineage) for ``ids``."""
    if not ids:
        return {}
    marks = ",".join("?" for _ in ids)
    rows = conn.execute(
        "SELECT d.id, e.id, e.name, e.day, d.position, d.lineage FROM decklists d "
        f"JOIN events e ON e.id = d.event_id WHERE d.id IN ({marks})", ids).fetchall()
    return {row[0]: tuple(row[1:]) for row in rows}
