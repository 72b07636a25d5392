"""The ban and limited list of a format at a moment, as players look it up.

Read from each card's versions (:meth:`app.decks.cards.DeckCards.as_of`): a card is on
the list when its version in force has a ``limit`` in the format (0: banned, N: limited
to N). ``since`` is the UTC date of the oldest version in the unbroken run of versions that
carry that limit, or None when the oldest recorded version already had it. Cards that share
a name (the fifteen ``Nameless Champion`` cards) are one line: copies count by name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.decks.cards import DeckCards
from app.decks.formats import format_rules
from app.decks.moment import iso

RECENT_DAYS = 120
"""How far back from the newest change a change counts as recent (the view's top)."""


@dataclass(frozen=True)
class BanEntry:
    """One name on the list (or lately off it).

    Attributes:
        slug: the slug of its first card (by slug).
        name: the card name.
        limit: 0 banned, N limited to N copies; None: no limit any more (lifted).
        since: ``YYYY-MM-DD`` the limit (or its lifting) took effect; None: as far back as
            the history goes.
        cards: how many cards of the catalogue carry the name.
    """

    slug: str
    name: str
    limit: int | None
    since: str | None
    cards: int = 1

    def to_json(self) -> dict[str, Any]:
        """``{"slug", "name", "limit", "since"}``."""
        return {"slug": self.slug, "name": self.name, "limit": self.limit, "since": self.since}


@dataclass(frozen=True)
class BanList:
    """The list of one format at one moment.

    Attributes:
        format: the API's format code (``STANDARD``).
        as_of: the moment as ``2026-06-27T00:00:00Z`` (None: the latest versions).
        cards: banned names first, then limited ones by limit, each by name.
        lifted: names whose limit was lifted (they had one in an earlier version), newest
            lifting first.

    A card whose sets were all released after the moment is on no list then.
    """

    format: str
    as_of: str | None
    cards: list[BanEntry]
    lifted: list[BanEntry]
    unknown: tuple[str, ...] = ()
    """Names listed whose history does not reach back to the moment: shown with their
    oldest known version's limit, which may not have held then."""

    def to_json(self) -> dict[str, Any]:
        """``{"format": F, "as_of": T|null, "cards": [...]}`` (``archivist banlist --json``)."""
        return {"format": self.format, "as_of": self.as_of,
                "cards": [entry.to_json() for entry in self.cards]}

    def recent(self, days: int = RECENT_DAYS) -> list[BanEntry]:
        """Changes (listings and liftings) within ``days`` of the newest one, newest first."""
        dated = sorted((e for e in [*self.cards, *self.lifted] if e.since),
                       key=lambda e: (e.since or "", e.name), reverse=True)
        if not dated:
            return []
        from datetime import date, timedelta

        newest = date.fromisoformat(dated[0].since or "")
        cutoff = (newest - timedelta(days=days)).isoformat()
        return [e for e in dated if (e.since or "") >= cutoff]


def ban_list(cards: DeckCards, format_code: str) -> BanList:
    """The list of ``format_code`` for ``cards`` as seen at their moment
    (``cards.as_of(moment)``).

    Raises:
        KeyError: unknown format.
    """
    code = format_rules(format_code).code
    named: dict[tuple[str, int | None], list[tuple[str, str | None]]] = {}
    unknown: set[str] = set()
    for uuid in cards.by_uuid:
        card = cards.get(uuid)
        if card is None or cards.unreleased(uuid):  # not out yet: on no list then
            continue
        limit = card.limits.get(code)
        if limit is None and not _had_limit(cards, uuid, code):
            continue
        named.setdefault((card.name, limit), []).append((card.slug, cards.since(uuid, code)))
        if not cards.known(uuid):
            unknown.add(card.name)
    listed: list[BanEntry] = []
    lifted: list[BanEntry] = []
    for (name, limit), found in named.items():
        dates = [since for _, since in found]
        entry = BanEntry(min(slug for slug, _ in found), name, limit,
                         None if None in dates else min(d for d in dates if d), len(found))
        (listed if limit is not None else lifted).append(entry)
    listed.sort(key=lambda e: (e.limit, e.name.casefold()))
    lifted.sort(key=lambda e: (e.since or "", e.name), reverse=True)
    return BanList(code, iso(cards.moment), listed, lifted, tuple(sorted(unknown)))


def _had_limit(cards: DeckCards, uuid: str, code: str) -> bool:
    stamps, versions = cards.timeline(uuid)
    if len(versions) < 2:
        return False
    moment = cards.moment.timestamp() if cards.moment is not None else float("inf")
    return any(v.limits.get(code) is not None
               for stamp, v in zip(stamps, versions, strict=True) if stamp <= moment)
