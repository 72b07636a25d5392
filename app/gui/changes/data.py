"""What the Changes page shows of one revision, built in a worker thread (no Qt here)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from app.model.history import GROUPS, CardChange, Note, Revision
from app.model.query import CardSummary, QueryResult


class ChangesSource(Protocol):
    """The part of the history the Changes page needs (the application object's
    ``history``)."""

    def revisions(self, since: str | None = None) -> list[Revision]: ...

    def changes(self, number: int | None = None, notes: bool = True) -> list[CardChange]: ...

    def revert(self, number: int) -> Revision | None: ...


class TileSource(Protocol):
    """The part of the catalogue the Changes page needs: the search hits of the tiles."""

    def query(self, text: str, *, limit: int | None = None) -> QueryResult: ...


@dataclass(frozen=True)
class RevisionView:
    """The revisions (newest first) and the cards of the shown one.

    Attributes:
        revisions: every revision, newest first.
        shown: the revision whose cards are listed (None: no revision yet).
        changes: its cards with their patch notes, in the order of :data:`GROUPS` (a card
            in several groups is listed under the first), then by name; for the first
            revision, which filled an empty catalogue, only those whose stored row is
            damaged (unreadable).
        tiles: uuid → the search hit that shows the card on a tile (cards still in the
            catalogue; a removed card has none).
    """

    revisions: list[Revision]
    shown: Revision | None
    changes: list[CardChange] = field(default_factory=list)
    tiles: dict[str, CardSummary] = field(default_factory=dict)

    def counts(self) -> dict[str, int]:
        """Cards per group key of :data:`GROUPS` (a card counts in each of its groups)."""
        return {key: sum(1 for c in self.changes if key in c.groups) for key, _ in GROUPS}


def first_group(change: CardChange) -> int:
    """The position in :data:`GROUPS` of the first group of ``change``."""
    keys = [key for key, _ in GROUPS]
    return min((keys.index(g) for g in change.groups if g in keys), default=len(keys))


def load_revision(source: ChangesSource, tiles: TileSource,
                  number: int | None = None) -> RevisionView:
    """The revisions and the cards of revision ``number`` (None: the newest), with the
    search hits of ``tiles`` that show them.

    Raises:
        NotFound: no such revision.
    """
    revisions = source.revisions()
    if not revisions:
        return RevisionView([], None)
    shown = revisions[0] if number is None else next(
        (r for r in revisions if r.number == number), revisions[0])
    if shown.first:  # it filled an empty catalogue: every card, none of them news, but a
        # damaged row still shows (as unreadable) and keeps the revision from a revert
        changes = [c for c in source.changes(shown.number, notes=False) if c.unreadable]
    else:
        changes = sorted(source.changes(shown.number, notes=True),
                         key=lambda c: (first_group(c), c.name.casefold()))
    if not changes:
        return RevisionView(revisions, shown)
    hits = tiles.query("", limit=None).hits
    wanted = {c.uuid for c in changes}
    shown_tiles = {h.uuid: h for h in hits if h.uuid in wanted and isinstance(h, CardSummary)}
    return RevisionView(revisions, shown, changes, shown_tiles)


def change_text(change: CardChange) -> str:
    """What changed on the card in words, on one line: ``now banned in Standard``,
    ``renamed from “A” to “B”; slug a → b``, ``effect text changed: memory. →
    graveyard.``, ``new card``; a damaged history row: ``Unreadable: WHY``."""
    if change.unreadable:
        return f"Unreadable: {change.unreadable}"
    if change.kind == "added":
        return "new card"
    if change.kind == "removed":
        return "removed from the catalogue"
    return "; ".join(_in_short(n) for n in change.notes if n.text) or "changed"


def _in_short(note: Note) -> str:
    """A note with its word diff as ``old → new`` words (``effect text changed: memory. →
    graveyard.``)."""
    if not note.words:
        return note.text
    old, new = (" ".join(" ".join(t.split()) for op, t in note.words if op == kind)
                for kind in ("removed", "added"))
    return f"{note.text}: {old or '…'} → {new or '…'}"
