"""The catalogue's history: revisions, patch notes, a card's versions, revert.

:class:`History` is the application object's ``history`` part, over the catalogue's store.
The store keeps the versions (:mod:`app.store.history.revisions`, read back
checked by :mod:`app.store.history.versions`), the patch notes are computed here from two versions
(:mod:`app.history`). A damaged history row is shown as unreadable where it stands
and a revision with one is not reverted.
"""

from __future__ import annotations

import sqlite3
from typing import TYPE_CHECKING, Any

from app.errors import InvalidRequest, NotFound
from app.store import Store

# The history's modules (app.history, app.store.history.revisions and .versions, the name hints)
# load when the history is first read: a search never reads it.
if TYPE_CHECKING:
    from app.history.diff import Renames
    from app.model.history import CardChange, CardVersion, ChangeKind, Note, Revision
    from app.store.history.revisions import ChangeRow


class History:
    """The catalogue's recorded revisions and what each changed; safe to call from several
    threads (each reads through its own connection).

    Args:
        store: the SQLite catalogue whose history this is.
    """

    def __init__(self, store: Store) -> None:
        self.store = store

    def revisions(self, since: str | None = None) -> list[Revision]:
        """The recorded revisions, newest first; with ``since`` (``YYYY-MM-DD`` or a UTC
        time) those recorded at or after it. A damaged one says why in ``unreadable``."""
        from app.store.history import revisions as stored

        return stored.revisions(self.store.connection(), since)

    def revision(self, number: int | None = None) -> Revision:
        """Revision ``number`` (None: the latest).

        Raises:
            NotFound: no such revision (or none at all).
        """
        every = self.revisions()
        found = [r for r in every if number is None or r.number == number]
        if not found and every:
            known = (f"the only one is {every[0].number}" if len(every) == 1 else
                     f"they run from {every[-1].number} to {every[0].number}")
            raise NotFound(f"No revision {number}: {known}")
        if not found:
            raise NotFound("No revision is recorded yet: import or sync first")
        return found[0]

    def changes(self, number: int | None = None, notes: bool = True) -> list[CardChange]:
        """The cards revision ``number`` (None: the latest) added, changed or removed, by
        name; with ``notes`` each with its patch notes (:func:`app.history.card_notes`). A
        card whose stored row cannot be read is listed with ``unreadable`` saying why.

        Raises:
            NotFound: no such revision.
        """
        from app.history import card_notes
        from app.model.history import CardChange
        from app.store.history import revisions as stored
        from app.store.history.versions import UnreadableRow

        revision = self.revision(number)
        conn = self.store.connection()
        out = []
        renames = _renames(conn, revision.number) if notes else {}
        for row in stored.changes(conn, revision.number):
            found: tuple[Note, ...] = ()
            why = row.unreadable
            if not why:
                try:
                    before, after = _versions(conn, row, after=notes)
                    found = card_notes(before, after, renames) if notes else ()
                except UnreadableRow as error:
                    why = error.why
            out.append(CardChange(row.revision, row.uuid, row.slug, row.name,
                                  _kind(row.kind), row.groups, row.fields, found, why))
        return out

    def card_history(self, slug: str) -> list[CardVersion]:
        """The versions of the card with ``slug`` (now, or the last one that had it) or with
        that name (any case, any apostrophe), newest first, each with its notes against the
        version before; a version that cannot be read has ``unreadable`` saying why.

        Raises:
            NotFound: no card has or had this slug or name; the message names the closest
                card names.
        """
        from app.history import card_notes
        from app.model.history import CardVersion, Revision
        from app.store.history import revisions as stored
        from app.store.history.versions import UnreadableRow

        conn = self.store.connection()
        uuid = self._card_uuid(slug)
        by_number = {r.number: r for r in self.revisions()}
        versions = []
        for row in stored.card_changes(conn, uuid):
            revision = by_number.get(row.revision) or Revision(
                row.revision, "", "", "", 0, 0, 0, unreadable="its record is missing")
            card: dict[str, Any] | None = None
            found: tuple[Note, ...] = ()
            why = row.unreadable
            if not why:
                try:
                    before, card = _versions(conn, row)
                    found = card_notes(before, card, _renames(conn, row.revision))
                except UnreadableRow as error:
                    why = error.why
            versions.append(CardVersion(revision, _kind(row.kind), card, found, why))
        return versions[::-1]

    def card_slug(self, slug_or_name: str) -> str:
        """The slug the card has now, found by slug or name as :meth:`card_history` finds
        it (``"Lorraine, Crux Knight"`` → ``"lorraine-crux-knight"``).

        Raises:
            NotFound: no card has or had this slug or name (the message names the closest
                card names), or the card is no longer in the catalogue.
        """
        row = self.store.connection().execute(
            "SELECT slug FROM cards WHERE uuid = ?", (self._card_uuid(slug_or_name),)).fetchone()
        if row is None:
            raise NotFound(f"Card not found: {slug_or_name!r} is no longer in the catalogue "
                           f"(archivist history {slug_or_name!r} shows its versions)")
        return str(row[0])

    def _card_uuid(self, slug_or_name: str) -> str:
        """The uuid of the card with this slug (now, or the last one that had it) or name.
        Raises NotFound naming the closest card names."""
        from app.search.hints import card_by_name, closest_names, suggestion
        from app.store.history import revisions as stored
        from app.store.language import typing_names as names

        uuid = stored.uuid_of_slug(self.store.connection(), slug_or_name)
        if uuid is None:
            named = names.named_cards(self.store)
            uuid = card_by_name(named, slug_or_name)
            if uuid is None:
                raise NotFound("Card not found: no card has or had the slug or name "
                               f"{slug_or_name!r}"
                               + suggestion(closest_names(slug_or_name, [n for _, n in named])))
        return uuid

    def latest_changes(self) -> dict[str, tuple[str, ...]]:
        """Cards the latest revision added or changed: uuid → patch-note groups (the
        tiles' badges)."""
        from app.store.history import revisions as stored

        return stored.latest_changed(self.store.connection())

    def revert(self, number: int) -> Revision | None:
        """Put the cards of revision ``number`` back as they were before it: cards it added
        are removed, cards it changed or removed get their previous body back (byte for
        byte). The revert is itself recorded as a revision. Every card is put back, or none.

        Returns:
            The revision the revert recorded (None: the cards already were as before).

        Raises:
            NotFound: no such revision. InvalidRequest: a row of the revision cannot be
            read, or a card cannot be put back (its slug or an edition is another card's
            now); nothing changed. StoreError: the write failed; nothing changed.
        """
        from app.store.history import revisions as stored
        from app.store.history.revisions import RevisionRecorder
        from app.store.history.versions import UnreadableRow, previous_version
        from app.store.write.records import CardRecord  # writing: not loaded to read
        from app.store.write.writer import Writer

        revision = self.revision(number)
        refused = f"Revision {number} cannot be reverted, nothing was changed: "
        if revision.unreadable:
            raise InvalidRequest(f"{refused}{revision.unreadable}")
        conn = self.store.connection()
        records, remove = [], []
        for row in stored.changes(conn, number, quiet=True):
            try:
                if row.unreadable:
                    raise UnreadableRow(number, row.uuid, row.unreadable)
                previous = previous_version(conn, number, row.uuid)
            except UnreadableRow as error:
                raise InvalidRequest(f"{refused}the history of {row.name} ({row.slug}) "
                                     f"cannot be read: {error.why}") from None
            if previous is None:
                remove.append(row.uuid)
            else:
                records.append(CardRecord(previous[1], previous[0]))
        history = RevisionRecorder(f"revert of revision {number}", "revert")
        # a revert puts older versions back on purpose: the older-records rule must not stop it
        try:
            Writer(self.store, history).write(records, remove=remove, allow_older=True,
                                              all_or_nothing=True)
        except InvalidRequest as error:
            raise InvalidRequest(f"{refused}{error.message}") from None
        return None if history.number is None else self.revision(history.number)


def _versions(conn: sqlite3.Connection, row: ChangeRow, after: bool = True
              ) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The card before and (with ``after``) after the row's revision, checked
    (:mod:`app.store.history.versions`). Without ``after`` only the row's own version is read: the
    one after it is the next row's own (checked with that row) or the current card.

    Raises:
        UnreadableRow: either cannot be read, or neither is there.
    """
    from app.store.history.versions import UnreadableRow, previous_version, version_after

    previous = previous_version(conn, row.revision, row.uuid)
    if not after or row.kind == "removed":
        return (None if previous is None else previous[1]), None
    card = version_after(conn, row.revision, row.uuid)
    if card is None:
        raise UnreadableRow(row.revision, row.uuid, "the version after it is missing")
    return (None if previous is None else previous[1]), card


def _renames(conn: sqlite3.Connection, number: int) -> Renames:
    """Cards revision ``number`` renamed: new name → old name. The old name is read from the
    row's checked previous version; a damaged row is left out (it is listed as unreadable
    itself, and references to it read as plain references)."""
    from app.store.history import revisions as stored
    from app.store.history.versions import UnreadableRow, previous_version

    out: dict[str, str] = {}
    for row in stored.renamed(conn, number):
        if row.unreadable:
            continue
        try:
            before = previous_version(conn, number, row.uuid)
        except UnreadableRow:
            continue
        old = before[1].get("name") if before is not None else None
        if isinstance(old, str) and old != row.name:
            out[row.name] = old
    return out


def _kind(kind: str) -> ChangeKind:
    return "added" if kind == "added" else "removed" if kind == "removed" else "changed"
