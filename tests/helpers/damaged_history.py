"""The real history (2026-02-10 imported, then 2026-04-04) and the kinds of damage a disk
or an editor can do to its rows, applied with sqlite3 directly.

Each :class:`Damage` hits the card Nascent Blast (errata and a new printing in revision 2)
or revision 2 itself, and names the words the reader must give as the reason.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from app.bootstrap import build
from app.ingest import import_paths
from tests.conftest import SNAPSHOT_0210, SNAPSHOT_0404

CARD, SLUG = "Nascent Blast", "nascent-blast"
"""The damaged card (a change of revision 2)."""
REVISION = 2


@dataclass(frozen=True)
class Damage:
    """One kind of damage.

    Attributes:
        name: the test id.
        apply: damages the history through an open connection (committed after).
        why: words of the reason the reader gives.
        where: ``card`` (Nascent Blast's row of revision 2 is unreadable) or ``revision``
            (revision 2 itself is).
    """

    name: str
    apply: Callable[[sqlite3.Connection, str], None]
    why: str
    where: str = "card"


def _previous(value: Callable[[sqlite3.Connection, str], object]
              ) -> Callable[[sqlite3.Connection, str], None]:
    def apply(conn: sqlite3.Connection, uuid: str) -> None:
        conn.execute("UPDATE revision_cards SET previous = ? WHERE revision = ? AND uuid = ?",
                     (value(conn, uuid), REVISION, uuid))
    return apply


def _packed(data: bytes) -> Callable[[sqlite3.Connection, str], object]:
    return lambda _conn, _uuid: b"z" + zlib.compress(data)


def _row(sql: str) -> Callable[[sqlite3.Connection, str], None]:
    def apply(conn: sqlite3.Connection, uuid: str) -> None:
        conn.execute(sql, {"revision": REVISION, "uuid": uuid})
    return apply


def _other_card(conn: sqlite3.Connection, uuid: str) -> object:
    body = conn.execute("SELECT body FROM cards WHERE uuid != ? ORDER BY slug LIMIT 1",
                        (uuid,)).fetchone()[0]
    return b"z" + zlib.compress(str(body).encode("utf-8"))


def _cut(conn: sqlite3.Connection, uuid: str) -> object:
    blob = conn.execute("SELECT previous FROM revision_cards WHERE revision = ? AND uuid = ?",
                        (REVISION, uuid)).fetchone()[0]
    return bytes(blob)[: len(blob) // 2]


DAMAGES = (
    Damage("invalid-zlib", _previous(lambda c, u: b"d\x00 not zlib at all"),
           "no valid compressed data"),
    Damage("cut-short", _previous(_cut), "cut short"),
    Damage("unknown-format", _previous(lambda c, u: b"x" + zlib.compress(b"{}")),
           "unknown format"),
    Damage("empty", _previous(lambda c, u: b""), "is empty"),
    Damage("text-not-bytes", _previous(lambda c, u: "edited by hand"),
           "not stored as bytes"),
    Damage("too-large", _previous(_packed(b" " * (5 * 1024 * 1024))), "larger than 4 MB"),
    Damage("invalid-utf8", _previous(_packed(b'{"uuid": "\xff\xfe"}')), "not UTF-8"),
    Damage("invalid-json", _previous(_packed(b'{"uuid": ')), "is not JSON"),
    Damage("wrong-shape", _previous(_packed(b"[1, 2, 3]")), "not a card but a JSON list"),
    Damage("not-a-card", _previous(lambda c, u: b"z" + zlib.compress(
        json.dumps({"uuid": u, "name": 5}).encode())), "not a valid card"),
    Damage("another-cards-body", _previous(_other_card), "another card's (uuid"),
    Damage("previous-missing", _previous(lambda c, u: None), "previous version is missing"),
    Damage("unknown-kind", _row("UPDATE revision_cards SET kind = 'chnged' "
                                "WHERE revision = :revision AND uuid = :uuid"),
           "kind 'chnged' is unknown"),
    Damage("fields-damaged", _row("UPDATE revision_cards SET fields = '[\"effect' "
                                  "WHERE revision = :revision AND uuid = :uuid"),
           "list of changed fields is damaged"),
    Damage("card-row-deleted", _row("DELETE FROM revision_cards "
                                    "WHERE revision = :revision AND uuid = :uuid"),
           "1 of its 773 card rows is missing", "revision"),
    Damage("revision-record-deleted", _row("DELETE FROM revisions WHERE number = :revision"),
           "its record is missing", "revision"),
)
"""Every kind of damage the tests apply (a ``:uuid`` parameter is Nascent Blast's)."""


def build_history(folder: Path) -> Path:
    """``folder`` holding the real catalogue with its history: 2026-02-10, then 2026-04-04
    imported (revisions 1 and 2)."""
    store = build(str(folder)).store
    try:
        import_paths(store, [SNAPSHOT_0210])
        import_paths(store, [SNAPSHOT_0404])
    finally:
        store.close()
    return folder


def copy_catalogue(source: Path, target: Path) -> Path:
    """A copy of the catalogue file of data folder ``source`` in data folder ``target``."""
    target.mkdir(parents=True, exist_ok=True)
    with closing(sqlite3.connect(source / "catalogue.sqlite3")) as src, \
            closing(sqlite3.connect(target / "catalogue.sqlite3")) as dst:
        src.backup(dst)
    return target


def damaged(source: Path, target: Path, damage: Damage) -> Path:
    """A copy of data folder ``source`` in ``target`` with ``damage`` done to its history."""
    copy_catalogue(source, target)
    with closing(sqlite3.connect(target / "catalogue.sqlite3")) as conn, conn:
        uuid = conn.execute("SELECT uuid FROM cards WHERE slug = ?", (SLUG,)).fetchone()[0]
        damage.apply(conn, uuid)
    return target


def state(folder: Path) -> tuple[int, str]:
    """What a refused revert must leave as it was: the number of revisions and the stored
    body of the damaged card."""
    with closing(sqlite3.connect(folder / "catalogue.sqlite3")) as conn:
        count = conn.execute("SELECT COUNT(*) FROM revisions").fetchone()[0]
        body = conn.execute("SELECT body FROM cards WHERE slug = ?", (SLUG,)).fetchone()[0]
    return int(count), str(body)
