"""The local SQLite catalogue: schema and migrations, the writer, read queries.

The writer's names load on first use (PEP 562): reading the catalogue (the window, the
server) does not import the writer, the revisions and the history diff.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.lazy import lazy_names
from app.store.db.connection import Store
from app.store.reads.cards import CardRow, Reader

if TYPE_CHECKING:
    from app.store.write.records import CardRecord, WriteReport
    from app.store.write.writer import Writer

__all__ = [
    "CardRecord",
    "CardRow",
    "Reader",
    "Store",
    "WriteReport",
    "Writer",
]

_WRITER = {"CardRecord": "app.store.write.records", "Writer": "app.store.write.writer",
           "WriteReport": "app.store.write.records"}


# The writer's names load on first use: a reading command never loads the writer.
__getattr__ = lazy_names(__name__, _WRITER)
