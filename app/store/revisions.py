"""The catalogue's history in SQLite (schema migration 5): revisions and per-card changes.

The writer (:class:`~app.store.writer.Writer`) hands each card it adds, changes or deletes
to a :class:`RevisionRecorder`, which keeps the card's previous stored body (zlib) and what
changed (:mod:`app.history`); :meth:`RevisionRecorder.finish` writes the revision at the end
of the writer's transaction, so a failed write records nothing. A write that changed no card
records no revision.

The version of a card *after* revision N is the ``previous`` body of its next revision, or
its current body when no later revision touched it; so each body is stored once. A previous
body is stored zlib-compressed with the body after it as the preset dictionary (``d`` +
data): two versions of a card differ little, so this keeps about 1/16 of plain zlib's bytes
(431 changed real cards: 37 KB instead of 601 KB). A removed card's body, which has no
version after it, is plain zlib (``z`` + data).
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from app.errors import StoreError
from app.history import card_notes, content_equal, summary
from app.model.history import ChangeKind, Revision

QUIET = "quiet"
"""Kind of a stored change that is no change of content (edition order, timestamps)."""


@dataclass(frozen=True)
class ChangeRow:
    """One card of a revision, as stored (``previous``: the body before, decompressed)."""

    revision: int
    uuid: str
    slug: str
    name: str
    kind: str
    groups: tuple[str, ...]
    fields: tuple[str, ...]


@dataclass
class RevisionRecorder:
    """Collects one write's card changes; passed to :class:`~app.store.writer.Writer`.

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
        cur = conn.execute(
            "INSERT INTO revisions(at, source, kind, added, changed, removed, kept_out) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (at, self.source, self.kind, kinds.count("added"), kinds.count("changed"),
             kinds.count("removed"), json.dumps(list(self.kept_out), ensure_ascii=False)),
        )
        self.number = int(cur.lastrowid or 0)
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
    packer = zlib.compressobj(6, zdict=_dictionary(after))
    return b"d" + packer.compress(body.encode("utf-8")) + packer.flush()


def _dictionary(after: str) -> bytes:
    return after.encode("utf-8")[-32768:]  # zlib's window: only the last 32 KiB are used


def _decode(conn: sqlite3.Connection, number: int, uuid: str, blob: bytes) -> str:
    data = bytes(blob)
    if data[:1] == b"z":
        return zlib.decompress(data[1:]).decode("utf-8")
    after = body_after(conn, number, uuid)
    try:
        unpacker = zlib.decompressobj(zdict=_dictionary(after or ""))
        return (unpacker.decompress(data[1:]) + unpacker.flush()).decode("utf-8")
    except zlib.error as error:
        raise StoreError(f"The history of card {uuid} before revision {number} cannot be "
                         "rebuilt: the card was changed without being recorded") from error


def revisions(conn: sqlite3.Connection, since: str | None = None) -> list[Revision]:
    """The recorded revisions, newest first (with ``since``: those at or after that UTC
    date or time). The oldest one is ``first`` when it only added cards: it filled an
    empty catalogue."""
    rows = conn.execute(
        "SELECT number, at, source, kind, added, changed, removed, kept_out, "
        "number = (SELECT MIN(number) FROM revisions) AND changed = 0 AND removed = 0 "
        "FROM revisions WHERE at >= ? ORDER BY number DESC", (since or "",)).fetchall()
    return [Revision(r[0], r[1], r[2], r[3], r[4], r[5], r[6], tuple(json.loads(r[7])),
                     bool(r[8])) for r in rows]


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
    """The card's stored body before revision ``number`` (None: it was added then)."""
    row = conn.execute("SELECT previous FROM revision_cards WHERE revision = ? AND uuid = ?",
                       (number, uuid)).fetchone()
    return None if row is None or row[0] is None else _decode(conn, number, uuid, row[0])


def body_after(conn: sqlite3.Connection, number: int, uuid: str) -> str | None:
    """The card's stored body right after revision ``number`` (None: it was not there)."""
    row = conn.execute(
        "SELECT revision, previous FROM revision_cards WHERE uuid = ? AND revision > ? "
        "ORDER BY revision LIMIT 1", (uuid, number)).fetchone()
    if row is not None:
        return None if row[1] is None else _decode(conn, int(row[0]), uuid, row[1])
    current = conn.execute("SELECT body FROM cards WHERE uuid = ?", (uuid,)).fetchone()
    return None if current is None else str(current[0])


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
    kind: ChangeKind | str = r[4]
    return ChangeRow(int(r[0]), str(r[1]), str(r[2]), str(r[3]), str(kind),
                     tuple(g for g in str(r[5]).split(",") if g), tuple(json.loads(r[6])))
