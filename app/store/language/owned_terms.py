"""The collection beside the catalogue, for the search terms about it (``is:owned``,
``is:foil-owned``, ``own>=N``, ``tag:``).

The collection lives in its own file (``collection.sqlite3``). A query that names it has
the file ATTACHed read-only, as ``owned``, to the thread's reading connection, and a small
in-memory summary, ``owned_sum``, made from it: per owned edition and per owned card the
copies and whether one is foil, and the tags of each (case folded). The summary is made
again only when the collection or the catalogue changed since (``PRAGMA data_version`` of
either), so a search reads one row per owned card, not the entries: with 10,000 entries,
joining the entries to the editions in every search cost 20–30 ms, three to seven times
the search itself; passing the owned uuids as parameters would copy them into every search
too. ``tag:`` reads the summary's tags as ``is:owned`` reads its owned cards: reading the
entries by their tag index joined to the editions made ``tag:trade`` 2.2× the search
without it (CPU time). Without a collection file an empty collection is attached.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.search.ast import Node, terms
from app.search.fields import COLLECTION_FIELDS, COLLECTION_IS
from app.store.db.errors import store_errors
from app.store.db.reading import Reading
from app.userfile import check_user_file
from app.userrows import readable_entry

_EMPTY = """CREATE TABLE owned.entries (
    edition_uuid TEXT NOT NULL, foil INTEGER NOT NULL, condition TEXT NOT NULL,
    language TEXT NOT NULL, tag TEXT NOT NULL, quantity INTEGER NOT NULL,
    PRIMARY KEY (edition_uuid, foil, condition, language, tag)) WITHOUT ROWID"""
_SUMMARY = """
CREATE TABLE owned_sum.editions (uuid TEXT PRIMARY KEY, copies INTEGER NOT NULL,
                                 foil INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE owned_sum.cards (uuid TEXT PRIMARY KEY, copies INTEGER NOT NULL,
                              foil INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE owned_sum.edition_tags (tag TEXT NOT NULL, uuid TEXT NOT NULL,
                                     PRIMARY KEY (tag, uuid)) WITHOUT ROWID;
CREATE TABLE owned_sum.card_tags (tag TEXT NOT NULL, uuid TEXT NOT NULL,
                                  PRIMARY KEY (tag, uuid)) WITHOUT ROWID;
CREATE TABLE owned_sum.made_from (state TEXT NOT NULL);
"""
_FILL = (
    "DELETE FROM owned_sum.editions",
    "DELETE FROM owned_sum.cards",
    "DELETE FROM owned_sum.edition_tags",
    "DELETE FROM owned_sum.card_tags",
    "INSERT INTO owned_sum.editions SELECT edition_uuid, SUM(quantity), MAX(foil) "
    f"FROM owned.entries WHERE {readable_entry()} GROUP BY edition_uuid",
    "INSERT INTO owned_sum.cards SELECT ed.card_uuid, SUM(o.copies), MAX(o.foil) "
    "FROM owned_sum.editions o JOIN main.editions ed ON ed.uuid = o.uuid "
    "GROUP BY ed.card_uuid",
    "INSERT INTO owned_sum.edition_tags SELECT DISTINCT lower(tag), edition_uuid "
    f"FROM owned.entries WHERE tag <> '' AND {readable_entry()}",
    "INSERT INTO owned_sum.card_tags SELECT DISTINCT t.tag, ed.card_uuid "
    "FROM owned_sum.edition_tags t JOIN main.editions ed ON ed.uuid = t.uuid",
)


def uses_collection(tree: Node) -> bool:
    """True when a parsed query has a term about the collection."""
    return any(t.field in COLLECTION_FIELDS or (t.field == "is" and t.value in COLLECTION_IS)
               for t in terms(tree))


def attach_collection(store: Reading, path: Path | None, summary: bool = True) -> None:
    """Attach ``path`` (the collection file) read-only as ``owned`` to this thread's reading
    connection (an empty collection when it is None or missing), and bring its summary
    ``owned_sum`` up to date (``summary``: False for a reader of the entries alone, such as
    the Collection page, which would otherwise make it after every change). Both stay
    attached for later queries.

    Raises:
        UnusableUserFile: a folder, a FIFO or a device stands where the file belongs (it
            is no empty collection).
        StoreError: the collection file cannot be attached or read.
    """
    conn = store.connection()
    present = path is not None and check_user_file(path, "the collection file")
    wanted = str(path.resolve()) if path is not None and present else ""
    with store_errors(f"Cannot read the collection {path}"):
        attached = {row[1]: row[2] for row in conn.execute("PRAGMA database_list")}
        if "owned" in attached and attached["owned"] != wanted:
            conn.execute("DETACH DATABASE owned")
            attached.pop("owned")
        if "owned" not in attached:
            if wanted:
                conn.execute("ATTACH DATABASE ? AS owned", (f"{Path(wanted).as_uri()}?mode=ro",))
            else:
                conn.execute("ATTACH DATABASE ':memory:' AS owned")
                _writing(conn, [_EMPTY])
        if not summary:
            return
        if "owned_sum" not in attached:
            conn.execute("ATTACH DATABASE ':memory:' AS owned_sum")
            _writing(conn, [s for s in _SUMMARY.split(";") if s.strip()])
        state = (f"{wanted}\n{conn.execute('PRAGMA owned.data_version').fetchone()[0]}"
                 f"\n{conn.execute('PRAGMA main.data_version').fetchone()[0]}")
        made = conn.execute("SELECT state FROM owned_sum.made_from").fetchone()
        if made is None or made[0] != state:
            _writing(conn, [*_FILL, "DELETE FROM owned_sum.made_from",
                            f"INSERT INTO owned_sum.made_from VALUES ({_quoted(state)})"])


def _quoted(text: str) -> str:
    """``text`` as an SQL string literal (a path and two numbers, made here)."""
    return "'" + text.replace("'", "''") + "'"


def _writing(conn: sqlite3.Connection, statements: list[str] | tuple[str, ...]) -> None:
    """Run ``statements`` (in-memory tables only) in one transaction, also on a connection
    that is otherwise query-only (a read-only catalogue)."""
    (query_only,) = conn.execute("PRAGMA query_only").fetchone()
    conn.execute("PRAGMA query_only = OFF")
    try:
        conn.execute("BEGIN")
        for statement in statements:
            conn.execute(statement)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    finally:
        conn.execute(f"PRAGMA query_only = {int(query_only)}")
