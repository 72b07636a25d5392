"""``archivist meta`` and ``archivist meta card``: champion share by lineage and card
inclusion over the stored decklists in a scope, with their weekly trend and the cards whose
inclusion moved most between the range's two halves.

Figures are exact counts; ``share`` and ``inclusion`` are fractions (0–1) rounded to 4
places, ``mean_copies`` to 2.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any

from app.events.reads import DeckRow, Scope, card_decks, card_rows, decklists
from app.events.storage import EventStore
from app.meta.weeks import middle, week_of

MOVERS = 10
"""How many cards the movers list holds."""


def _fraction(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _champions(decks: list[DeckRow]) -> list[dict[str, Any]]:
    counts = Counter(d.lineage for d in decks)
    return [{"lineage": lineage, "decks": n, "share": _fraction(n, len(decks))}
            for lineage, n in sorted(counts.items(),
                                     key=lambda item: (-item[1], item[0] is None,
                                                       item[0] or ""))]


def _range(scope: Scope, decks: list[DeckRow]) -> tuple[str, str]:
    days = [d.day for d in decks]
    return scope.start or min(days), scope.end or max(days)


def summary(store: EventStore, scope: Scope, movers: int = MOVERS) -> dict[str, Any]:
    """The meta of the decklists in ``scope``.

    Returns:
        ``{"events", "decklists", "from", "to", "champions": [{"lineage", "decks",
        "share"}], "cards": [{"name", "slug", "decks", "inclusion", "mean_copies"}],
        "trend": [{"week", "decklists", "champions": [...]}], "halves": {"first": N,
        "second": N, "split": DAY}, "movers": [{"name", "slug", "first", "second",
        "change"}]}``. ``lineage`` null: decklists without a champion. Champions and cards
        by ``decks`` descending (then by name); a week is named by its Monday; the first
        half is the days before ``split``; movers by the size of ``change`` (second
        half's inclusion minus the first's), largest first, only when both halves hold
        decklists.

    Raises:
        StoreError: the events file cannot be read.
    """
    with store.reading() as conn:
        decks = [] if conn is None else decklists(conn, scope)
        if not decks or conn is None:
            return {"events": 0, "decklists": 0, "from": scope.start, "to": scope.end,
                    "champions": [], "cards": [], "trend": [],
                    "halves": {"first": 0, "second": 0, "split": None}, "movers": []}
        first, last = _range(scope, decks)
        split = middle(first, last)
        cards = card_rows(conn, scope, split)
    total = len(decks)
    in_first = sum(1 for d in decks if d.day < split)
    in_second = total - in_first
    by_week: dict[str, list[DeckRow]] = defaultdict(list)
    for deck in decks:
        by_week[week_of(deck.day)].append(deck)
    ordered = sorted(cards, key=lambda c: (-c.decks, c.name.casefold(), c.key))
    moved: list[dict[str, Any]] = []
    if in_first and in_second:
        changes = sorted(((card.first_decks / in_first,
                           (card.decks - card.first_decks) / in_second, card)
                          for card in cards),
                         key=lambda item: (-abs(item[1] - item[0]), item[2].name.casefold()))
        moved = [{"name": card.name, "slug": card.slug, "first": round(before, 4),
                  "second": round(after, 4), "change": round(after - before, 4)}
                 for before, after, card in changes[:movers]]
    return {
        "events": len({d.event_id for d in decks}), "decklists": total,
        "from": first, "to": last, "champions": _champions(decks),
        "cards": [{"name": c.name, "slug": c.slug, "decks": c.decks,
                   "inclusion": _fraction(c.decks, total),
                   "mean_copies": round(c.copies / c.decks, 2)} for c in ordered],
        "trend": [{"week": week, "decklists": len(rows), "champions": _champions(rows)}
                  for week, rows in sorted(by_week.items())],
        "halves": {"first": in_first, "second": in_second, "split": split},
        "movers": moved,
    }


def card_weeks(store: EventStore, scope: Scope, key: str) -> dict[str, Any]:
    """One card's inclusion week by week and the lineages that play it.

    Args:
        key: the card's key (:func:`app.events.model.card_key`).

    Returns:
        ``{"decklists", "decks", "inclusion", "mean_copies", "weeks": [{"week",
        "decklists", "decks", "inclusion"}], "lineages": [{"lineage", "decks",
        "decklists", "inclusion"}]}``: ``decks`` play the card; a lineage's
        ``inclusion`` is over that lineage's decklists; lineages by ``decks`` descending.

    Raises:
        StoreError: the events file cannot be read.
    """
    with store.reading() as conn:
        decks = [] if conn is None else decklists(conn, scope)
        playing = {} if conn is None else card_decks(conn, scope, key)
    weeks: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    lineages: dict[str | None, list[int]] = defaultdict(lambda: [0, 0])
    for deck in decks:
        plays = deck.id in playing
        for counter in (weeks[week_of(deck.day)], lineages[deck.lineage]):
            counter[0] += 1
            counter[1] += plays
    played = sorted(((name, n) for name, n in lineages.items() if n[1]),
                    key=lambda item: (-item[1][1], item[0] is None, item[0] or ""))
    return {
        "decklists": len(decks), "decks": len(playing),
        "inclusion": _fraction(len(playing), len(decks)),
        "mean_copies": round(sum(playing.values()) / len(playing), 2) if playing else 0.0,
        "weeks": [{"week": week, "decklists": n, "decks": k, "inclusion": _fraction(k, n)}
                  for week, (n, k) in sorted(weeks.items())],
        "lineages": [{"lineage": name, "decks": k, "decklists": n,
                      "inclusion": _fraction(k, n)} for name, (n, k) in played],
    }
