"""A card's versions read back from the history, checked (history rows that
cannot be read).

A history row (:mod:`app.store.history.revisions`) can be damaged by a disk or by an editor: its
stored previous version may be no compressed data, cut short, no UTF-8, no JSON, no card,
or another card's body; its kind may disagree with it. Every reader here checks, in this
order and within :data:`MAX_BODY_BYTES`, and raises :class:`UnreadableRow` saying why, so
the callers can show that one row as unreadable and everything else as usual.

A ``d`` version is compressed against the version after it (its preset dictionary): when
that one cannot be read, or the card changed without being recorded, this one cannot be
rebuilt either.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from typing import Any

from app.errors import StoreError
from app.model.hostile import loads

MAX_BODY_BYTES = 4 * 1024 * 1024
"""A stored card body longer than this (decompressed, bytes) is unreadable; the largest
real one is about 23 KB."""
KINDS = ("added", "changed", "removed", "quiet")
"""Kinds a history row may have (``quiet``: the stored body changed, its content not)."""


class UnreadableRow(StoreError):
    """One history row cannot be read back.

    Attributes:
        revision, uuid: the row (revision number, None when the reader does not know it;
            card uuid).
        why: what is wrong, in words (``its previous version is no compressed data``).
    """

    def __init__(self, revision: int | None, uuid: str, why: str) -> None:
        at = "" if revision is None else f" at revision {revision}"
        super().__init__(f"The history of card {uuid}{at} cannot be read: {why}")
        self.revision, self.uuid, self.why = revision, uuid, why


def dictionary(after: str) -> bytes:
    """The preset dictionary of a ``d`` version: the last 32 KiB (zlib's window) of the
    UTF-8 body after it."""
    return after.encode("utf-8")[-32768:]


def previous_version(conn: sqlite3.Connection, number: int, uuid: str
                     ) -> tuple[str, dict[str, Any]] | None:
    """The card's body before revision ``number``, as stored and decoded, checked against
    the row's kind (None: the revision added it, or has no row of it).

    Raises:
        UnreadableRow: the row is damaged (see the module's list).
    """
    row = conn.execute("SELECT kind, previous FROM revision_cards WHERE revision = ? AND "
                       "uuid = ?", (number, uuid)).fetchone()
    if row is None:
        return None
    kind, blob = row
    if kind not in KINDS:
        raise UnreadableRow(number, uuid, f"its kind {str(kind)[:40]!r} is unknown")
    if (kind == "added") != (blob is None):
        raise UnreadableRow(number, uuid, "its previous version is missing" if blob is None
                            else "it says the card was added yet keeps a previous version")
    if blob is None:
        return None
    text = _decode(conn, number, uuid, blob)
    return text, card_of(text, number, uuid, "its previous version")


def version_after(conn: sqlite3.Connection, number: int, uuid: str) -> dict[str, Any] | None:
    """The card right after revision ``number``, decoded and checked (None: not there).

    Raises:
        UnreadableRow: that version (a later row) cannot be read; named as this row's.
    """
    text = body_after(conn, number, uuid)
    return None if text is None else card_of(text, number, uuid, "the version after it")


def body_after(conn: sqlite3.Connection, number: int, uuid: str) -> str | None:
    """The card's stored body right after revision ``number`` (None: it was not there):
    the previous version of its next row, or its current body.

    Raises:
        UnreadableRow: the next row cannot be read (named as this row's).
    """
    row = conn.execute(
        "SELECT revision, previous FROM revision_cards WHERE uuid = ? AND revision > ? "
        "ORDER BY revision LIMIT 1", (uuid, number)).fetchone()
    if row is not None:
        if row[1] is None:
            return None
        try:
            return _decode(conn, int(row[0]), uuid, row[1])
        except UnreadableRow as error:
            raise UnreadableRow(number, uuid, f"the version after it (revision {row[0]}) "
                                f"cannot be read: {error.why}") from error
    current = conn.execute("SELECT body FROM cards WHERE uuid = ?", (uuid,)).fetchone()
    return None if current is None else str(current[0])


def card_of(text: str, number: int, uuid: str, what: str) -> dict[str, Any]:
    """The card of a stored body ``text``, checked: a JSON object of the card ``uuid`` that
    validates as a Card (:func:`app.model.validate.validate_card`).

    Raises:
        UnreadableRow: ``what`` (``its previous version``) is no JSON, no card, or another
            card's body.
    """
    try:
        card = loads(text)
    except (ValueError, RecursionError):
        raise UnreadableRow(number, uuid, f"{what} is not JSON") from None
    if not isinstance(card, dict):
        raise UnreadableRow(number, uuid, f"{what} is not a card but a JSON "
                            f"{_json_kind(card)}")
    if card.get("uuid") != uuid:
        other = json.dumps(card.get("uuid"), ensure_ascii=True)[:60]
        raise UnreadableRow(number, uuid, f"{what} is another card's (uuid {other})")
    from app.model.validate import RecordProblem, validate_card  # pydantic: on first use

    problem = validate_card(card, what)
    if isinstance(problem, RecordProblem):
        raise UnreadableRow(number, uuid, f"{what} is not a valid card ({problem.field}: "
                            f"{problem.reason[:80]})")
    return card


def _decode(conn: sqlite3.Connection, number: int, uuid: str, blob: Any) -> str:
    """The body a ``previous`` value holds (``d``/``z`` + zlib, see app.store.history.revisions)."""
    packed = isinstance(blob, bytes) and blob[:1] == b"d"
    return rebuild_previous(uuid, blob, body_after(conn, number, uuid) if packed else None,
                            number)


def rebuild_previous(uuid: str, blob: Any, after: str | None,
                     revision: int | None = None) -> str:
    """A stored previous body of card ``uuid`` as text, given the body after it (``after``:
    None when the card was not there after it), checked up to UTF-8.

    Raises:
        UnreadableRow: the value is no bytes, in no known format, no valid zlib (or not
            against ``after``), cut short, longer than :data:`MAX_BODY_BYTES`, or no UTF-8.
    """
    if not isinstance(blob, bytes):
        raise UnreadableRow(revision, uuid, "its previous version is not stored as bytes but "
                            f"as {type(blob).__name__}")
    marker, data = blob[:1], blob[1:]
    if not blob:
        raise UnreadableRow(revision, uuid, "its previous version is empty")
    if marker not in (b"d", b"z"):
        raise UnreadableRow(revision, uuid, "its previous version is in an unknown format")
    if marker == b"d":
        unpacker = zlib.decompressobj(zdict=dictionary(after or ""))
    else:
        unpacker = zlib.decompressobj()
    try:
        raw = unpacker.decompress(data, MAX_BODY_BYTES + 1)
    except zlib.error:
        why = "its previous version is damaged (no valid compressed data)"
        if marker == b"d":
            why += " or the card was changed without being recorded"
        raise UnreadableRow(revision, uuid, why) from None
    if len(raw) > MAX_BODY_BYTES:
        raise UnreadableRow(revision, uuid, "its previous version is larger than "
                            f"{MAX_BODY_BYTES // (1024 * 1024)} MB")
    if not unpacker.eof:
        raise UnreadableRow(revision, uuid, "its previous version is cut short")
    if unpacker.unused_data:
        raise UnreadableRow(revision, uuid, "its previous version has bytes after its end")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableRow(revision, uuid, "its previous version is not UTF-8 text") from None


def _json_kind(value: Any) -> str:
    return {list: "list", str: "string", bool: "true/false", type(None): "null"}.get(
        type(value), "number")
