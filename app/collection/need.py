"""What a deck still needs from a collection: have / need per card name over every zone.

``need`` is the deck's card count; ``have`` the copies the collection covers (per name, at
most what the deck asks; any printing, any finish); ``missing`` per name what the deck asks
beyond what is owned. The missing copies also form a decklist (Omnidex text, each name in
the zone it first appears in) that pastes into a shop's buylist or back into Archivist.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.collection.editions import CollectionEditions
from app.collection.model import Entry
from app.decks import Deck, deck_text
from app.decks.cards import DeckCards, normalise_name
from app.decks.model import Entry as DeckEntry


@dataclass(frozen=True)
class NeedLine:
    """One card name of the deck: ``wanted`` copies over every zone, ``owned`` in the
    collection (any printing, any finish)."""

    name: str
    wanted: int
    owned: int

    @property
    def have(self) -> int:
        """Copies the collection covers (at most ``wanted``)."""
        return min(self.wanted, self.owned)

    @property
    def missing(self) -> int:
        """Copies the deck asks beyond what is owned."""
        return self.wanted - self.have


@dataclass(frozen=True)
class DeckNeed:
    """Have / need of one deck; ``lines`` in the deck's order of first appearance."""

    deck: Deck
    lines: tuple[NeedLine, ...]
    missing_deck: Deck

    @property
    def have(self) -> int:
        """Copies of the deck the collection covers."""
        return sum(line.have for line in self.lines)

    @property
    def need(self) -> int:
        """The deck's card count."""
        return sum(line.wanted for line in self.lines)

    def to_json(self) -> dict[str, object]:
        """``{"deck": NAME, "have": n, "need": n, "missing": [{"name", "quantity"}]}``."""
        return {"deck": self.deck.name, "have": self.have, "need": self.need,
                "missing": [{"name": line.name, "quantity": line.missing}
                            for line in self.lines if line.missing]}

    def missing_text(self) -> str:
        """The missing copies as Omnidex decklist text (``""`` when nothing is missing)."""
        return deck_text(self.missing_deck) if self.missing_deck.entries else ""


def owned_by_name(entries: Sequence[Entry], editions: CollectionEditions) -> dict[str, int]:
    """Normalised card name → copies owned (any printing, any finish)."""
    owned: dict[str, int] = {}
    for entry in entries:
        edition = editions.get(entry.edition_uuid)
        if edition is not None:
            key = normalise_name(edition.name)
            owned[key] = owned.get(key, 0) + entry.quantity
    return owned


def deck_need(deck: Deck, owned: dict[str, int], cards: DeckCards | None = None) -> DeckNeed:
    """Have / need of ``deck`` against ``owned`` (:func:`owned_by_name`).

    Args:
        deck: the deck; an entry's name is its card's catalogue name when ``cards``
            resolves it, else as written.
        owned: normalised name → copies owned.
        cards: the catalogue's cards (None: names as written).
    """
    wanted: dict[str, list[DeckEntry]] = {}
    shown: dict[str, str] = {}
    for entry in deck.entries:
        card = cards.get(entry.card_uuid) if cards is not None else None
        name = card.name if card is not None else entry.name
        key = normalise_name(name)
        shown.setdefault(key, name)
        wanted.setdefault(key, []).append(entry)
    lines = []
    missing_entries: list[DeckEntry] = []
    for key, entries in wanted.items():
        line = NeedLine(shown[key], sum(e.quantity for e in entries), owned.get(key, 0))
        lines.append(line)
        left = line.missing
        for entry in entries:  # the missing copies go to the zones as the deck has them
            take = min(left, entry.quantity)
            if take:
                missing_entries.append(DeckEntry(entry.zone, take, shown[key], entry.card_uuid))
            left -= take
    missing = Deck(f"{deck.name} — missing", missing_entries, deck.format)
    return DeckNeed(deck, tuple(lines), missing)
