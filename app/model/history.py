"""The catalogue's history as plain values: revisions, per-card changes, patch notes.

A *revision* is one import, sync or revert that changed the catalogue's cards. For each card
it touched it keeps the kind of change and the card's previous version; the patch notes are
computed from the versions (:mod:`app.history`). Imports nothing else of the app.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

ChangeKind = Literal["added", "changed", "removed"]

GROUPS: tuple[tuple[str, str], ...] = (
    ("new", "New cards"),
    ("errata", "Errata"),
    ("legality", "Legality"),
    ("renamed", "Renamed"),
    ("printings", "New printings"),
    ("removed", "Removed"),
    ("other", "Other"),
)
"""Patch-note groups in the order they are shown: ``(key, title)``. A card is in ``new``
when the revision added it, in ``removed`` when it removed it; a changed card is in every
group one of its notes belongs to."""

GROUP_TITLES: dict[str, str] = dict(GROUPS)

KEPT_OUT_UNREADABLE = "(the list of records kept out is damaged and cannot be read)"
"""The one kept-out line of a revision whose stored list of kept-out records cannot be read
(damaged by a disk or an editor)."""

WordOp = Literal["same", "removed", "added"]


@dataclass(frozen=True)
class Note:
    """One line of a card's patch notes.

    Attributes:
        group: the key of its group in :data:`GROUPS`.
        field: the changed field's path (``effect``, ``legality.STANDARD``,
            ``editions[slug].thema_foil``).
        text: the line in words (``now banned in Standard``).
        words: for a text change, the word diff: ``(op, text)`` pieces that rebuild the old
            text (``same`` + ``removed``) and the new one (``same`` + ``added``).
    """

    group: str
    field: str
    text: str
    words: tuple[tuple[WordOp, str], ...] = ()


@dataclass(frozen=True)
class Revision:
    """One recorded write of the catalogue.

    Attributes:
        number: 1, 2, … in the order of the writes.
        at: UTC time of the write, ``YYYY-MM-DDTHH:MM:SS.mmmZ``.
        source: where the cards came from (files, the API URL, ``revert of revision N``).
        kind: ``import``, ``sync`` or ``revert``.
        added, changed, removed: cards by kind of change (changes of content only: a card
            whose editions were only reordered or whose timestamps only moved is not counted).
        kept_out: records of the input that were not written, one line each (why).
        unreadable: why the revision's record is damaged (a card row deleted, the record
            itself missing: ``at``, ``source`` and ``kind`` are then ""); "" when it is not.
        first: the first revision, made by filling an empty catalogue: its cards are no
            news (no "New" badges, no list of every card as new).
    """

    number: int
    at: str
    source: str
    kind: str
    added: int
    changed: int
    removed: int
    kept_out: tuple[str, ...] = ()
    unreadable: str = ""
    first: bool = False

    @property
    def total(self) -> int:
        """Cards added, changed or removed."""
        return self.added + self.changed + self.removed

    @property
    def kept_out_unreadable(self) -> bool:
        """True when the stored list of kept-out records is damaged (``kept_out`` is then
        the one line :data:`KEPT_OUT_UNREADABLE`, not a record)."""
        return self.kept_out == (KEPT_OUT_UNREADABLE,)

    @property
    def when(self) -> str:
        """The time of the revision as people read it: ``2026-11-25 00:45 UTC``."""
        return utc_minute(self.at)


def utc_minute(at: str) -> str:
    """``2026-11-25T00:45:12.345Z`` → ``2026-11-25 00:45 UTC`` (other text unchanged)."""
    if len(at) >= 16 and at[10] == "T":
        return f"{at[:10]} {at[11:16]} UTC"
    return at


@dataclass(frozen=True)
class CardChange:
    """What one revision did to one card.

    Attributes:
        revision: the revision's number.
        uuid, slug, name: the card (slug and name after the change; before it when removed).
        kind: added, changed or removed.
        groups: keys of :data:`GROUPS` the change belongs to.
        fields: the changed field paths.
        notes: the patch notes (filled by :meth:`app.history.service.History.changes`,
            empty in listings that do not need them).
        unreadable: why the stored row cannot be read (damaged by a disk or an editor; no
            notes then); "" when it can.
    """

    revision: int
    uuid: str
    slug: str
    name: str
    kind: ChangeKind
    groups: tuple[str, ...]
    fields: tuple[str, ...]
    notes: tuple[Note, ...] = ()
    unreadable: str = ""

    def to_json(self) -> dict[str, Any]:
        """The ``archivist changes --json`` form of the change (with ``unreadable``: why,
        only when the row cannot be read)."""
        out = {"uuid": self.uuid, "slug": self.slug, "name": self.name, "kind": self.kind,
               "groups": list(self.groups), "fields": list(self.fields)}
        return {**out, "unreadable": self.unreadable} if self.unreadable else out


@dataclass(frozen=True)
class CardVersion:
    """One version of a card in its history.

    Attributes:
        revision: the revision that made this version.
        at: when (UTC).
        source: where it came from.
        kind: added, changed or removed (the version after a removal is no card).
        card: the card as it was after the revision (None after a removal).
        notes: the diff to the version before.
        unreadable: why this version cannot be read (``card`` is None and no notes then);
            "" when it can.
    """

    revision: Revision
    kind: ChangeKind
    card: dict[str, Any] | None
    notes: tuple[Note, ...] = field(default_factory=tuple)
    unreadable: str = ""
