"""A deck's editions for the image exports: proxy sheet (one per copy) and image files.

Each resolved entry shows its chosen edition, or its card's default (the first edition
with a stored image). The editions become :class:`~app.export.ExportItem` through the
existing export planning, so the folder/ZIP export and the proxy sheet treat deck cards
exactly like search results.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.decks.cards import DeckCards
from app.decks.model import ZONES, Deck
from app.export import ExportItem, plan_editions
from app.store import Store


@dataclass
class DeckImages:
    """The editions of a deck's cards.

    Attributes:
        copies: one item per copy, zone by zone (material, main, sideboard) — the sheet.
        editions: each edition once, in the same order — the image files.
        missing: the names of entries that show no card (unresolved or gone).
    """

    copies: list[ExportItem] = field(default_factory=list)
    editions: list[ExportItem] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)


def deck_images(store: Store, deck: Deck, cards: DeckCards) -> DeckImages:
    """Plan the images of ``deck`` (``store`` is the catalogue the cards come from).

    Raises:
        StoreError: the catalogue cannot be read.
    """
    wanted: list[tuple[str, int]] = []
    out = DeckImages()
    for zone in ZONES:
        for entry in deck.zone(zone):
            card = cards.get(entry.card_uuid)
            edition = cards.edition(card, entry.edition_uuid) if card is not None else None
            if edition is None:
                out.missing.append(entry.name)
            else:
                wanted.append((edition.uuid, entry.quantity))
    if not wanted:
        return out
    items = {item.uuid: item for item in plan_editions(store, [u for u, _ in wanted])}
    for uuid, quantity in wanted:
        out.copies.extend([items[uuid]] * quantity)
    out.editions = list(dict.fromkeys(out.copies))
    return out
