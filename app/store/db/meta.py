"""Reading the catalogue's ``meta`` table (sync source, time stamps) without the writer, so a
window that only shows the sync state does not load the writing machinery."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.store.db.connection import Store


def read_meta(store: Store, prefix: str = "") -> dict[str, str]:
    """The ``meta`` values (written with :meth:`~app.store.write.writer.Writer.write`) whose key
    starts with ``prefix``, as ``{key: value}``.

    Raises:
        sqlite3.Error: the catalogue cannot be read.
    """
    rows = store.connection().execute(
        "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ?", (len(prefix), prefix)
    ).fetchall()
    return {str(k): str(v) for k, v in rows}
