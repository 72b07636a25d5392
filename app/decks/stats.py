"""Breakdowns of a deck for its page: copies per card type, element and cost, per zone.

Markers (tokens, masteries) and unresolved entries are counted under ``"?"`` only where
the value is unknown; nothing here judges legality (see :mod:`app.decks.check`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from app.catalogue.decks import DeckCards
from app.decks.model import ZONES, Deck, Zone

UNKNOWN = "?"


@dataclass(frozen=True)
class Breakdown:
    """Copies of one zone by type, element and cost (``Counter`` keys as in the API:
    ``ACTION``, ``FIRE``, ``"2"``; ``?`` for an unresolved card or a missing value)."""

    zone: Zone
    by_type: Counter[str]
    by_element: Counter[str]
    by_cost: Counter[str]


def breakdowns(deck: Deck, cards: DeckCards) -> list[Breakdown]:
    """One :class:`Breakdown` per zone, in decklist order. A card of several types
    (``REGALIA ITEM``) counts under each of them."""
    out = []
    for zone in ZONES:
        types: Counter[str] = Counter()
        elements: Counter[str] = Counter()
        costs: Counter[str] = Counter()
        for entry in deck.zone(zone):
            card = cards.get(entry.card_uuid)
            for kind in card.types if card is not None and card.types else (UNKNOWN,):
                types[kind] += entry.quantity
            elements[(card.element if card is not None else None) or UNKNOWN] += entry.quantity
            costs[(card.cost if card is not None else None) or UNKNOWN] += entry.quantity
        out.append(Breakdown(zone, types, elements, costs))
    return out
