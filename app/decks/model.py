"""A deck: entries in three zones, each keeping its card, chosen edition and written name.

No I/O and no catalogue here: a :class:`Deck` is what a person wrote, resolved to cards
(spec/decks.md, Deck zones). A card that is not in the catalogue (any more) stays in the
deck with ``card_uuid`` None or pointing at a uuid the catalogue no longer has.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum


class Zone(StrEnum):
    """The three zones of a decklist (spec/decks.md, Deck zones)."""

    MATERIAL = "material"
    MAIN = "main"
    SIDEBOARD = "sideboard"

    @property
    def heading(self) -> str:
        """How a decklist heads it: ``Material Deck``, ``Main Deck``, ``Sideboard``."""
        return {"material": "Material Deck", "main": "Main Deck",
                "sideboard": "Sideboard"}[self.value]


ZONES: tuple[Zone, ...] = (Zone.MATERIAL, Zone.MAIN, Zone.SIDEBOARD)
"""The zones in decklist order."""


@dataclass(frozen=True)
class Entry:
    """One line of a deck: ``quantity`` copies of a card in ``zone``.

    Attributes:
        zone: where the copies go.
        quantity: 1 or more copies.
        name: the name as written (kept even when the card resolves to another spelling).
        card_uuid: the card's uuid; None when the name did not resolve.
        edition_uuid: the chosen edition (its image); None for the card's default.
        line: the source line (``12 Zephyr``) for messages; ``""`` when built in code.
    """

    zone: Zone
    quantity: int
    name: str
    card_uuid: str | None = None
    edition_uuid: str | None = None
    line: str = ""

    def with_quantity(self, quantity: int) -> Entry:
        """The same entry with another quantity."""
        return replace(self, quantity=quantity)


@dataclass
class Deck:
    """A named list of entries, in the order written.

    Attributes:
        name: the deck's name (unique among kept decks).
        entries: the entries, zone by zone as written.
        format: the format code it is meant for (``STANDARD``, ``PANTHEON``, ``DRAFT``).
        as_of: the moment it is checked as of, an ISO timestamp in UTC
            (``2026-04-26T04:00:00Z``: an event deck starts at its event's start); None:
            the latest version of every card ("today").
    """

    name: str
    entries: list[Entry] = field(default_factory=list)
    format: str = "STANDARD"
    as_of: str | None = None

    def snapshot(self) -> Deck:
        """A copy with its own list of entries (for work off the GUI thread)."""
        return replace(self, entries=list(self.entries))

    def zone(self, zone: Zone) -> list[Entry]:
        """The entries of one zone, in order."""
        return [e for e in self.entries if e.zone is zone]

    def quantity(self, zone: Zone) -> int:
        """How many cards a zone holds (all entries, resolved or not)."""
        return sum(e.quantity for e in self.entries if e.zone is zone)

    def counts(self) -> dict[str, int]:
        """``{"material": n, "main": n, "sideboard": n}``: the written quantities."""
        return {zone.value: self.quantity(zone) for zone in ZONES}

    def cards(self) -> list[tuple[Zone, int, str | None]]:
        """``(zone, quantity, card uuid)`` per entry: what makes two decks the same deck."""
        return [(e.zone, e.quantity, e.card_uuid) for e in self.entries]
