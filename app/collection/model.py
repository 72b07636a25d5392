"""A collection entry: copies of one edition in one finish (no I/O, no catalogue here).

An entry is keyed by its edition uuid, finish, condition, language note and tag: two copies
of one edition in different conditions are two entries. A key's ``""`` means "not given".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

CONDITIONS: tuple[str, ...] = ("NM", "LP", "MP", "HP", "DMG")
"""The conditions a copy may have, best first (``""``: not given)."""

Key = tuple[str, bool, str, str, str]
"""``(edition_uuid, foil, condition, language, tag)``: what makes two entries one."""


class Entry(NamedTuple):
    """``quantity`` copies of one edition in one finish (a named tuple: a collection of
    10,000 entries is read in a few milliseconds).

    Attributes:
        edition_uuid: the edition's uuid (10 case-sensitive alphanumerics); it stays when
            the edition leaves the catalogue (shown as "not in the catalogue").
        foil: True for foil copies, False for non-foil.
        quantity: 1 or more copies.
        condition: one of :data:`CONDITIONS`, or ``""``.
        language: a free language note (``EN``, ``JP``), or ``""``.
        tag: a free tag (``trade``), or ``""``.
    """

    edition_uuid: str
    foil: bool
    quantity: int
    condition: str = ""
    language: str = ""
    tag: str = ""

    @property
    def key(self) -> Key:
        """The entry's :data:`Key`."""
        return (self.edition_uuid, self.foil, self.condition, self.language, self.tag)

    def with_quantity(self, quantity: int) -> Entry:
        """The same entry with another quantity."""
        return self._replace(quantity=quantity)


def entry_from_key(key: Key, quantity: int) -> Entry:
    """The :class:`Entry` of ``key`` holding ``quantity`` copies."""
    return Entry(key[0], key[1], quantity, key[2], key[3], key[4])


@dataclass(frozen=True)
class Totals:
    """What a collection holds: ``copies`` sums the quantities, ``editions`` counts distinct
    editions (a foil and a non-foil copy of one edition count once), ``cards`` distinct card
    names."""

    copies: int
    editions: int
    cards: int

    def to_json(self) -> dict[str, int]:
        """``{"copies": n, "editions": n, "cards": n}``."""
        return {"copies": self.copies, "editions": self.editions, "cards": self.cards}


class Written(NamedTuple):
    """What a change of the collection stored.

    Attributes:
        changed: entries that changed.
        copies: copies added (a change; negative when taken away) or held afterwards (a
            replace), as stored.
        capped: entries whose sum stopped at the most one entry holds (999,999).
        lost: copies beyond that most, not stored.
    """

    changed: int
    copies: int
    capped: int = 0
    lost: int = 0
