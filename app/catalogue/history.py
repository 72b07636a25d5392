"""The catalogue's history (issue 14): revisions, patch notes, a card's versions, revert.

:class:`LocalHistory` is mixed into :class:`~app.catalogue.local.LocalCatalogue`; it reads
the ``store`` attribute. The store keeps the versions (:mod:`app.store.revisions`), the
patch notes are computed here from two versions (:mod:`app.history`).
"""

from __future__ import annotations

import json
from typing import Any

from app.errors import NotFound
from app.history import card_notes
from app.history.diff import Renames
from app.model.history import CardChange, CardVersion, ChangeKind, Revision
from app.search.hints import card_by_name, closest_names, suggestion
from app.store import Store, names
from app.store import revisions as stored
from app.store.revisions import ChangeRow, RevisionRecorder


class LocalHistory:
    """The history methods of :class:`~app.catalogue.base.Catalogue`."""

    store: Store

    def revisions(self, since: str | None = None) -> list[Revision]:
        """The recorded revisions, newest first; with ``since`` (``YYYY-MM-DD`` or a UTC
        time) those recorded at or after it."""
        return stored.revisions(self.store.connection(), since)

    def revision(self, number: int | None = None) -> Revision:
        """Revision ``number`` (None: the latest).

        Raises:
            NotFound: no such revision (or none at all).
        """
        found = [r for r in self.revisions() if number is None or r.number == number]
        if not found:
            raise NotFound("No revision is recorded yet: import or sync first" if number is None
                           else f"No revision {number}: archivist changes --json lists them")
        return found[0]

    def changes(self, number: int | None = None, notes: bool = True) -> list[CardChange]:
        """The cards revision ``number`` (None: the latest) added, changed or removed, by
        name; with ``notes`` each with its patch notes (:func:`app.history.card_notes`).

        Raises:
            NotFound: no such revision.
        """
        revision = self.revision(number)
        conn = self.store.connection()
        out = []
        renames = _renames(conn, revision.number) if notes else {}
        for row in stored.changes(conn, revision.number):
            found = _notes(conn, row, renames) if notes else ()
            out.append(CardChange(row.revision, row.uuid, row.slug, row.name,
                                  _kind(row.kind), row.groups, row.fields, found))
        return out

    def card_history(self, slug: str) -> list[CardVersion]:
        """The versions of the card with ``slug`` (now, or the last one that had it) or with
        that name (any case, any apostrophe), newest first, each with its notes against the
        version before.

        Raises:
            NotFound: no card has or had this slug or name; the message names the closest
                card names.
        """
        conn = self.store.connection()
        uuid = stored.uuid_of_slug(conn, slug)
        if uuid is None:
            named = names.named_cards(self.store)
            uuid = card_by_name(named, slug)
            if uuid is None:
                raise NotFound(f"Card not found: no card has or had the slug or name {slug!r}"
                               + suggestion(closest_names(slug, [n for _, n in named])))
        by_number = {r.number: r for r in self.revisions()}
        versions = []
        for row in stored.card_changes(conn, uuid):
            after = stored.body_after(conn, row.revision, uuid)
            versions.append(CardVersion(
                by_number[row.revision], _kind(row.kind),
                None if after is None else json.loads(after),
                _notes(conn, row, _renames(conn, row.revision))))
        return versions[::-1]

    def latest_changes(self) -> dict[str, tuple[str, ...]]:
        """Cards the latest revision added or changed: uuid → patch-note groups (the
        tiles' badges)."""
        return stored.latest_changed(self.store.connection())

    def revert(self, number: int) -> Revision | None:
        """Put the cards of revision ``number`` back as they were before it: cards it added
        are removed, cards it changed or removed get their previous body back (byte for
        byte). The revert is itself recorded as a revision.

        Returns:
            The revision the revert recorded (None: the cards already were as before).

        Raises:
            NotFound: no such revision. StoreError: the write failed; nothing changed.
        """
        from app.store.writer import CardRecord, Writer  # writing: not loaded to read

        self.revision(number)
        conn = self.store.connection()
        records, remove = [], []
        for row in stored.changes(conn, number, quiet=True):
            body = stored.previous_body(conn, number, row.uuid)
            if body is None:
                remove.append(row.uuid)
            else:
                records.append(CardRecord(json.loads(body), body))
        history = RevisionRecorder(f"revert of revision {number}", "revert")
        # a revert puts older versions back on purpose: the older-records rule must not stop it
        Writer(self.store, history).write(records, remove=remove, allow_older=True)
        return None if history.number is None else self.revision(history.number)


def _notes(conn: Any, row: ChangeRow, renames: Renames) -> tuple[Any, ...]:
    before = stored.previous_body(conn, row.revision, row.uuid)
    after = stored.body_after(conn, row.revision, row.uuid) if row.kind != "removed" else None
    return card_notes(None if before is None else json.loads(before),
                      None if after is None else json.loads(after), renames)


def _renames(conn: Any, number: int) -> dict[str, str]:
    """Cards revision ``number`` renamed: new name → old name."""
    out = {}
    for row in stored.renamed(conn, number):
        before = stored.previous_body(conn, number, row.uuid)
        old = json.loads(before).get("name") if before is not None else None
        if isinstance(old, str) and old != row.name:
            out[row.name] = old
    return out


def _kind(kind: str) -> ChangeKind:
    return "added" if kind == "added" else "removed" if kind == "removed" else "changed"
