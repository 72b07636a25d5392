"""Out of a deck: the Omnidex decklist text, and what the registration sheet lists.

:func:`deck_text` reads back (:func:`app.decks.parse.parse_text`) to the same deck: every
zone under its header, one ``QUANTITY NAME`` line per entry, the catalogue's spelling of
each resolved name (the written name for the others).
"""

from __future__ import annotations

from dataclasses import dataclass

from app.decks.cards import DeckCards
from app.decks.model import ZONES, Deck, Entry, Zone


def entry_name(entry: Entry, cards: DeckCards | None) -> str:
    """The name to print: the card's catalogue name when it resolves, else as written."""
    card = cards.get(entry.card_uuid) if cards is not None else None
    return card.name if card is not None else entry.name


def deck_text(deck: Deck, cards: DeckCards | None = None) -> str:
    """The deck as Omnidex text (``# Material Deck`` / ``# Main Deck`` / ``# Sideboard``);
    an empty zone is left out. Ends with a newline."""
    blocks = []
    for zone in ZONES:
        entries = deck.zone(zone)
        if entries:
            lines = [f"# {zone.heading}"]
            lines += [f"{e.quantity} {entry_name(e, cards)}" for e in entries]
            blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"


@dataclass(frozen=True)
class SheetZone:
    """One zone of a registration sheet: its title, ``(quantity, name)`` lines, total."""

    title: str
    lines: tuple[tuple[int, str], ...]
    total: int


@dataclass(frozen=True)
class RegistrationSheet:
    """What a printable registration sheet lists.

    Attributes:
        deck_name: the deck's name.
        format_name: the format it is registered for (``Standard``).
        player_fields: the blank fields a player fills in, in order.
        zones: material deck, main deck, sideboard (each, even when empty).
        total: cards in all three zones.
    """

    deck_name: str
    format_name: str
    player_fields: tuple[str, ...]
    zones: tuple[SheetZone, ...]
    total: int


PLAYER_FIELDS = ("Player name", "Player ID", "Event", "Date", "Table")


def registration_sheet(deck: Deck, cards: DeckCards | None = None,
                       format_name: str = "") -> RegistrationSheet:
    """The sheet of ``deck``: names as :func:`entry_name`, zones in decklist order."""
    zones = []
    for zone in (Zone.MATERIAL, Zone.MAIN, Zone.SIDEBOARD):
        lines = tuple((e.quantity, entry_name(e, cards)) for e in deck.zone(zone))
        zones.append(SheetZone(zone.heading, lines, sum(q for q, _ in lines)))
    return RegistrationSheet(deck.name, format_name or deck.format.title(), PLAYER_FIELDS,
                             tuple(zones), sum(z.total for z in zones))
