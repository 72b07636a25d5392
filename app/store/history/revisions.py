"""The catalogue's history in SQLite (schema migration 5): revisions and per-card changes.

The writer (:class:`~app.store.write.writer.Writer`) hands each card it adds, changes or deletes
to a :class:`RevisionRecorder`, which keeps the card's previous stored body (zlib) and what
changed (:mod:`app.history`); :meth:`RevisionRecorder.finish` writes the revision at the end
of the writer's transaction, so a failed write records nothing. A write that changed no card
records no revision.

The version of a card *after* revision N is the ``previous`` body of its next revision, or
its current body when no later revision touched it; so each body is stored once. A previous
body is stored zlib-compressed with the body after it as the preset dictionary (``d`` +
data): two versions of a card differ little, so this keeps about 1/16 of plain zlib's bytes
(431 changed real cards: 37 KB instead of 601 KB). A removed card's body, which has no
version after it, is plain zlib (``z`` + data). Reading a version back is checked
(:mod:`app.store.history.versions`): a damaged row is reported as unreadable, never a traceback.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.history import card_notes, content_equal, summary
from app.model.history import KEPT_OUT_UNREADABLE, Revision
from app.store.history.versions import (
    body_after as body_after,  # re-exported: the version after a row
)
from app.store.history.versions import dictionary, previous_version
from app.store.history.versions import rebuild_previous as rebuild_previous  # re-exported

QUIET = "quiet"
"""Kind of a stored change that is no change of content (edition order, timestamps)."""


@dataclass(frozen=True)
class ChangeRow:
    """One card of a revision, as stored (its versions: :mod:`app.store.history.versions`)."""

    revision: int
    uuid: str
    slug: str
    name: str
    kind: str
    groups: tuple[str, ...]
    fields: tuple[str, ...]
    unreadable: str = ""
    """Why the row's own columns cannot be read ("" when they can)."""


@dataclass
class RevisionRecorder:
    """Collects one write's card changes; passed to :class:`~app.store.write.writer.Writer`.

    Attributes:
        source: where the write's cards came from (files, API URL, ``revert of revision N``).
        kind: ``import``, ``sync`` or ``revert``.
        kept_out: records of the input not written, one line each.
        number: the revision recorded by :meth:`finish` (None: none was).
    """

    source: str
    kind: str
    kept_out: Sequence[str] = ()
    number: int | None = None
    _rows: dict[str, tuple[Any, ...]] = field(default_factory=dict)  # uuid → row, bodies

    def card(self, old_body: str | None, old: dict[str, Any] | None,
             new: dict[str, Any], new_body: str | None = None) -> None:
        """A card the write adds (``old`` None) or whose stored body (``old_body``) it
        replaces with ``new_body`` (the stored form of ``new``)."""
        groups: tuple[str, ...] = ()
        fields: tuple[str, ...] = ()
        if old is None:
            kind, groups = "added", ("new",)
        elif content_equal(old, new):
            kind = QUIET
        else:
            groups, fields = summary(card_notes(old, new))
            kind = "changed"
        self._add(str(new["uuid"]), str(new["slug"]), str(new["name"]), kind, groups, fields,
                  old_body, new_body)

    def keep_out(self, lines: Sequence[str]) -> None:
        """Records the writer itself did not store (older than the catalogue, or refused):
        listed with the revision after the input's rejected records."""
        self.kept_out = (*self.kept_out, *lines)

    def removed(self, conn: sqlite3.Connection, uuid: str) -> None:
        """A card the write deletes (removed upstream, or its slug taken by another card)."""
        row = conn.execute("SELECT slug, name, body FROM cards WHERE uuid = ?",
                           (uuid,)).fetchone()
        if row is not None:
            self._add(uuid, row[0], row[1], "removed", ("removed",), (), row[2], None)

    def finish(self, conn: sqlite3.Connection, at: str) -> int | None:
        """Write the revision (inside the writer's transaction); its number, or None when
        no card changed."""
        if not self._rows:
            return None
        kinds = [row[3] for row in self._rows.values()]
        # after the highest number in either table: a revision whose record was deleted
        # keeps its card rows, and a new revision must not take them over
        last = conn.execute("SELECT MAX(n) FROM (SELECT MAX(number) AS n FROM revisions "
                            "UNION ALL SELECT MAX(revision) FROM revision_cards)").fetchone()
        self.number = int(last[0] or 0) + 1
        conn.execute(
            "INSERT INTO revisions(number, at, source, kind, added, changed, removed, kept_out) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (self.number, at, self.source, self.kind, kinds.count("added"),
             kinds.count("changed"), kinds.count("removed"),
             json.dumps(list(self.kept_out), ensure_ascii=False)),
        )
        conn.executemany(
            "INSERT OR REPLACE INTO revision_cards(revision, uuid, slug, name, kind, groups, "
            "fields, previous) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(self.number, *row[:6], encode_previous(row[6], row[7]))
             for row in self._rows.values()],
        )
        return self.number

    def _add(self, uuid: str, slug: str, name: str, kind: str, groups: Sequence[str],
             fields: Sequence[str], body: str | None, after: str | None) -> None:
        previous = body
        first = self._rows.get(uuid)
        if first is not None:  # written, then deleted in the same write: keep the first body
            if first[3] == "added":
                del self._rows[uuid]
                return
            previous = first[6]
        self._rows[uuid] = (uuid, slug, name, kind, "," + ",".join(groups) + ",",
                            json.dumps(list(fields)), previous, after)


def encode_previous(body: str | None, after: str | None) -> bytes | None:
    """A previous body as stored: ``d`` + zlib with ``after`` as the preset dictionary, or
    ``z`` + plain zlib when there is no body after it (None when there is no body)."""
    if body is None:
        return None
    if after is None:
        return b"z" + zlib.compress(body.encode("utf-8"), 6)
    packer = zlib.compressobj(6, zdict=dictionary(after))
    return b"d" + packer.compress(body.encode("utf-8")) + packer.flush()


def revisions(conn: sqlite3.Connection, since: str | None = None) -> list[Revision]:
    """The recorded revisions, newest first (with ``since``: those at or after that UTC
    date or time). The oldest one is ``first`` when it only added cards: it filled an
    empty catalogue.

    A damaged revision is listed with :attr:`~app.model.history.Revision.unreadable` saying
    why: its card rows disagree with its counts (a row was deleted), or (without ``since``)
    its record is missing while card rows of it remain.
    """
    rows = conn.execute(
        "SELECT number, at, source, kind, added, changed, removed, kept_out FROM revisions "
        "WHERE ? IS NULL OR at >= ? ORDER BY number DESC", (since, since)).fetchall()
    found = {int(r[0]): (r[1], r[2], r[3], r[4]) for r in conn.execute(
        "SELECT revision, SUM(kind = 'added'), SUM(kind = 'changed'), SUM(kind = 'removed'), "
        "SUM(kind != 'quiet') FROM revision_cards GROUP BY revision")}
    # the oldest of either table: when the first record was deleted, no later one is first
    oldest = conn.execute("SELECT MIN(n) FROM (SELECT MIN(number) AS n FROM revisions "
                          "UNION ALL SELECT MIN(revision) FROM revision_cards)").fetchone()[0]
    out = [_revision(r, found.pop(int(r[0]), (0, 0, 0, 0)), oldest) for r in rows]
    if since is None:
        known = {int(r[0]) for r in conn.execute("SELECT number FROM revisions")}
        out += [Revision(n, "", "", "", *counts[:3], unreadable="its record is missing")
                for n, counts in found.items() if n not in known]
        out.sort(key=lambda r: r.number, reverse=True)
    return out


def _revision(r: Sequence[Any], rows: tuple[int, int, int, int], oldest: int | None
              ) -> Revision:
    """A revision from its record ``r`` and ``rows``: its card rows added, changed,
    removed, and not quiet (of any kind, known or not); ``first`` when it is the ``oldest``
    revision and (by its readable counts) only added cards."""
    counts = tuple(v if isinstance(v, int) else -1 for v in r[4:7])
    why, missing = "", sum(counts) - rows[3]
    if min(counts) < 0:
        why = "its counts of cards are damaged"
    elif missing > 0:  # (a row of an unknown kind is there: it says so itself)
        why = f"{missing} of its {sum(counts)} card rows {'is' if missing == 1 else 'are'} " \
              "missing"
    try:
        kept = json.loads(r[7])
        kept_out = tuple(str(line) for line in kept) if isinstance(kept, list) else None
    except (TypeError, ValueError):
        kept_out = None
    if kept_out is None:
        kept_out = (KEPT_OUT_UNREADABLE,)
    added, changed, removed = (max(c, 0) for c in counts)
    first = r[0] == oldest and counts[1:] == (0, 0)
    return Revision(int(r[0]), str(r[1]), str(r[2]), str(r[3]), added, changed, removed,
                    kept_out, unreadable=why, first=first)


def changes(conn: sqlite3.Connection, number: int, quiet: bool = False) -> list[ChangeRow]:
    """The cards of revision ``number`` by name (``quiet`` changes only when asked)."""
    rows = conn.execute(
        "SELECT revision, uuid, slug, name, kind, groups, fields FROM revision_cards "
        "WHERE revision = ? AND (? OR kind != ?) ORDER BY name COLLATE NOCASE, uuid",
        (number, quiet, QUIET)).fetchall()
    return [_row(r) for r in rows]


def card_changes(conn: sqlite3.Connection, uuid: str) -> list[ChangeRow]:
    """Every recorded change of one card, oldest first (quiet ones left out)."""
    rows = conn.execute(
        "SELECT revision, uuid, slug, name, kind, groups, fields FROM revision_cards "
        "WHERE uuid = ? AND kind != ? ORDER BY revision", (uuid, QUIET)).fetchall()
    return [_row(r) for r in rows]


def renamed(conn: sqlite3.Connection, number: int) -> list[ChangeRow]:
    """The cards revision ``number`` renamed (in its ``renamed`` group)."""
    rows = conn.execute(
        "SELECT revision, uuid, slug, name, kind, groups, fields FROM revision_cards "
        "WHERE revision = ? AND groups LIKE '%,renamed,%'", (number,)).fetchall()
    return [_row(r) for r in rows]


def previous_body(conn: sqlite3.Connection, number: int, uuid: str) -> str | None:
    """The card's stored body before revision ``number`` (None: it was added then).

    Raises:
        UnreadableRow: the row is damaged (:mod:`app.store.history.versions`).
    """
    found = previous_version(conn, number, uuid)
    return None if found is None else found[0]


def uuid_of_slug(conn: sqlite3.Connection, slug: str) -> str | None:
    """The uuid of the card with ``slug`` now, or of the last recorded card that had it."""
    row = conn.execute("SELECT uuid FROM cards WHERE slug = ?", (slug,)).fetchone()
    if row is None:
        row = conn.execute("SELECT uuid FROM revision_cards WHERE slug = ? "
                           "ORDER BY revision DESC LIMIT 1", (slug,)).fetchone()
    return None if row is None else str(row[0])


def latest_changed(conn: sqlite3.Connection) -> dict[str, tuple[str, ...]]:
    """Cards the latest revision added or changed: uuid → its groups (none when the
    latest revision is the first, which filled an empty catalogue: nothing is news)."""
    latest = revisions(conn)[:1]
    if not latest or latest[0].first:
        return {}
    rows = conn.execute(
        "SELECT uuid, groups FROM revision_cards WHERE revision = ? "
        "AND kind IN ('added', 'changed')", (latest[0].number,)).fetchall()
    return {str(u): tuple(g for g in str(groups).split(",") if g) for u, groups in rows}


def revision_bytes(conn: sqlite3.Connection) -> int:
    """Bytes the history takes in the file (its two tables and their indexes)."""
    try:
        row = conn.execute(
            "SELECT SUM(pgsize) FROM dbstat WHERE name IN ('revisions', 'revision_cards', "
            "'revision_cards_uuid', 'revision_cards_slug') "
            "OR name LIKE 'sqlite_autoindex_revision%'").fetchone()
        return int(row[0] or 0)
    except sqlite3.OperationalError:  # SQLite built without the dbstat table
        row = conn.execute("SELECT SUM(LENGTH(previous)) FROM revision_cards").fetchone()
        return int(row[0] or 0)


def _row(r: Sequence[Any]) -> ChangeRow:
    try:
        fields = json.loads(r[6])
    except (TypeError, ValueError):
        fields = None
    why = "" if isinstance(fields, list) else "its list of changed fields is damaged"
    return ChangeRow(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(r[4]),
                     tuple(g for g in str(r[5]).split(",") if g),
                     tuple(str(f) for f in fields) if isinstance(fields, list) else (), why)
