"""What an event holds once read and resolved: the event's fields, its raw bytes, and each
decklist's entries with the card each name resolved to (spec/decks.md, Events and the meta)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from app.model.names import normalise_name


def card_key(card_uuid: str | None, name: str) -> str:
    """What counts as "the same card" in the meta: the card's uuid, or for a name that did
    not resolve ``?`` and its normalised name (so "the duchess's thornes" and "The
    Duchess's Thornes" are one unknown card)."""
    return card_uuid if card_uuid else "?" + normalise_name(name)


class EventEntry(NamedTuple):
    """One card line of a stored decklist (a named tuple: an import makes hundreds of
    thousands, twice each, and a tuple is made several times faster than a frozen
    dataclass).

    Attributes:
        zone: ``material``, ``main`` or ``sideboard``.
        quantity: copies (1–99).
        name: the name as the event file wrote it.
        card_uuid: the card it resolved to; None when no card has that name.
        card_name, slug: the resolved card's name and slug (the written name and None
            when it did not resolve).
    """

    zone: str
    quantity: int
    name: str
    card_uuid: str | None
    card_name: str
    slug: str | None


@dataclass
class EventDecklist:
    """One decklist of an event, resolved; ``lineage`` None when its material deck holds no
    champion the catalogue knows (counted as "no champion")."""

    entries: list[EventEntry] = field(default_factory=list)
    lineage: str | None = None
    champion: str | None = None

    def plays(self) -> dict[str, tuple[int, EventEntry]]:
        """:func:`card_key` → (copies in material and main, its first entry): the cards
        this deck plays (sideboards are counted apart)."""
        out: dict[str, tuple[int, EventEntry]] = {}
        for entry in self.entries:
            if entry.zone == "sideboard":
                continue
            key = card_key(entry.card_uuid, entry.name)
            copies, first = out.get(key, (0, entry))
            out[key] = (copies + entry.quantity, first)
        return out


@dataclass
class Event:
    """One event, read and resolved.

    Attributes:
        id: the Omnidex event id (a positive integer).
        name, category, format, season, url: as the file gave them ("" when absent).
        start_at: the ``startAt`` timestamp as written; ``day``: its UTC date
            (``YYYY-MM-DD``).
        raw: the file's bytes, kept byte for byte.
        decklists: in file order (the order carries no placement).
        source: the file it came from.
        answers: the official API's answers it came from, endpoint (``event``,
            ``decklists``, ``standings``) → body bytes, byte for byte (empty: from a file).
        etags: endpoint → the ETag the API sent with that answer.
    """

    id: int
    name: str
    category: str
    format: str
    season: str
    url: str
    start_at: str
    day: str
    raw: bytes
    decklists: list[EventDecklist] = field(default_factory=list)
    source: str = ""
    answers: dict[str, bytes] = field(default_factory=dict)
    etags: dict[str, str] = field(default_factory=dict)

    @property
    def unresolved(self) -> list[str]:
        """The names of this event's entries that are no card, once each, sorted."""
        return sorted({e.name for d in self.decklists for e in d.entries
                       if e.card_uuid is None})


@dataclass(frozen=True)
class EventSummary:
    """One stored event in a listing."""

    id: int
    name: str
    category: str
    format: str
    start_at: str
    decklists: int
    unresolved: int

    def to_json(self) -> dict[str, object]:
        """``{"id", "name", "category", "format", "startAt", "decklists", "unresolved"}``."""
        return {"id": self.id, "name": self.name, "category": self.category,
                "format": self.format, "startAt": self.start_at,
                "decklists": self.decklists, "unresolved": self.unresolved}
