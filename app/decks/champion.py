"""A deck's champion and lineage (spec/decks.md, Events and the meta).

The champion is the champion card (``types`` includes CHAMPION) of the highest ``level``
in the material deck (a level of None counts lowest; of equals, the first listed); its
lineage is its name up to the first comma (``Lorraine, Spirit Ruler`` → ``Lorraine``).
"""

from __future__ import annotations

from app.decks.cards import DeckCard, DeckCards
from app.decks.model import Deck, Zone


def deck_champion(deck: Deck, cards: DeckCards) -> DeckCard | None:
    """The champion of ``deck`` (its latest version in ``cards``), or None when its
    material deck holds no champion the catalogue knows."""
    best: DeckCard | None = None
    for entry in deck.zone(Zone.MATERIAL):
        card = cards.by_uuid.get(entry.card_uuid or "")
        if card is None or "CHAMPION" not in card.types:
            continue
        if best is None or _level(card) > _level(best):
            best = card
    return best


def lineage(name: str) -> str:
    """``Lorraine, Spirit Ruler`` → ``Lorraine``; a name without a comma is its own."""
    return name.split(",", 1)[0].strip()


def _level(card: DeckCard) -> float:
    return float("-inf") if card.level is None else card.level
