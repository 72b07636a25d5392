"""``archivist meta like``: the stored decklists nearest to a deck.

Nearness is the weighted overlap of card counts over material and main: card by card the
smaller of the two counts, summed, over the copies either deck plays (the weighted Jaccard
index: 1.0 the same cards in the same numbers, 0.0 no card in common).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.decks.model import Deck, Zone
from app.events.model import card_key
from app.events.reads import Scope, deck_names, overlaps
from app.events.storage import EventStore

TOP = 10
"""How many decklists ``like`` answers by default."""


def deck_counts(deck: Deck) -> dict[str, int]:
    """Card key (:func:`app.events.model.card_key`) → copies in ``deck``'s material and
    main decks."""
    counts: Counter[str] = Counter()
    for entry in deck.entries:
        if entry.zone is not Zone.SIDEBOARD:
            counts[card_key(entry.card_uuid, entry.name)] += entry.quantity
    return dict(counts)


def like(store: EventStore, scope: Scope, deck: Deck, top: int = TOP) -> list[dict[str, Any]]:
    """The ``top`` decklists in ``scope`` nearest to ``deck``, best first (equals: the
    newer event first, then by event id and place in the file).

    Returns:
        ``[{"event_id", "event", "date", "index", "lineage", "similarity"}]``: ``index``
        is the decklist's place in its event's file (1 is the first, as ``deck import
        --index`` takes it); ``similarity`` 0–1, rounded to 4 places. Decklists sharing
        no card with ``deck`` are never listed.

    Raises:
        StoreError: the events file cannot be read.
    """
    counts = deck_counts(deck)
    own = sum(counts.values())
    with store.reading() as conn:
        if conn is None:
            return []
        found = overlaps(conn, scope, counts)
        scored = sorted(((shared / (own + theirs - shared), deck_id)
                         for deck_id, shared, theirs in found if shared), reverse=True)
        cut = scored[top - 1][0] if len(scored) > top > 0 else 0.0  # keep every tie
        names = deck_names(conn, [deck_id for score, deck_id in scored if score >= cut])
    ranked = sorted(((score, names[i]) for score, i in scored if i in names),
                    key=lambda item: (-item[0], _newest(item[1][2]), item[1][0], item[1][3]))
    return [{"event_id": event_id, "event": event, "date": day, "index": position + 1,
             "lineage": lineage, "similarity": round(score, 4)}
            for score, (event_id, event, day, position, lineage) in ranked[:top]]


def _newest(day: str) -> tuple[int, ...]:
    return tuple(-int(part) for part in day.split("-"))
