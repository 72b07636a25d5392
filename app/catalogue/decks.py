"""The catalogue as decks see it: every card by uuid, slug, exact and normalised name.

Built once per check session from :func:`app.store.deck_cards.read_deck_cards` (two SQL
statements); :class:`DeckCards` answers in memory, so checking many decks is cheap.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from app.store.deck_cards import DeckCard, DeckEdition

__all__ = ["DeckCard", "DeckCards", "DeckEdition", "normalise_name"]

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'",
                              "“": '"', "”": '"'})
_SPACES = re.compile(r"\s+")


def normalise_name(name: str) -> str:
    """A card name as compared loosely: case folded, accents dropped, curly apostrophes
    straight, runs of spaces one space, no spaces at the ends (``Apothecary’s  HARVEST``
    → ``apothecary's harvest``)."""
    if name.isascii():  # most names: nothing to fold but case and spaces
        return " ".join(name.split()).casefold()
    text = unicodedata.normalize("NFKD", name.translate(_APOSTROPHES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return _SPACES.sub(" ", text).strip().casefold()


class DeckCards:
    """Cards indexed for deck lists.

    Several cards can share a name (``Nameless Champion``): a name then answers the first
    by catalogue order, and a slug or uuid picks one exactly.

    Args:
        cards: the catalogue's cards (:func:`~app.store.deck_cards.read_deck_cards`).
    """

    def __init__(self, cards: Iterable[DeckCard]) -> None:
        self.by_uuid: dict[str, DeckCard] = {}
        self.by_slug: dict[str, DeckCard] = {}
        self.by_name: dict[str, DeckCard] = {}
        self.by_normalised: dict[str, DeckCard] = {}
        for card in cards:
            self.by_uuid[card.uuid] = card
            self.by_slug.setdefault(card.slug, card)
            self.by_name.setdefault(card.name, card)
            self.by_normalised.setdefault(normalise_name(card.name), card)
        self.normalised_names: list[str] = list(self.by_normalised)
        """The keys of :attr:`by_normalised`, in a list (for fuzzy matching)."""

    def __len__(self) -> int:
        return len(self.by_uuid)

    def get(self, uuid: str | None) -> DeckCard | None:
        """The card with this uuid, or None (also for None)."""
        return self.by_uuid.get(uuid) if uuid else None

    def edition(self, card: DeckCard, edition_uuid: str | None) -> DeckEdition | None:
        """The chosen edition of ``card`` when it still has it, else the first edition with
        a stored image, else its first edition (None when it has none)."""
        for edition in card.editions:
            if edition.uuid == edition_uuid:
                return edition
        for edition in card.editions:
            if edition.has_image:
                return edition
        return card.editions[0] if card.editions else None
