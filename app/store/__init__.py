"""The local SQLite catalogue: schema and migrations, the writer, read queries.

The writer's names load on first use (PEP 562): reading the catalogue (the window, the
server) does not import the writer, the revisions and the history diff.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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


def __getattr__(name: str) -> Any:
    """Load the writer's names on first use (PEP 562)."""
    if name in _WRITER:
        return getattr(importlib.import_module(_WRITER[name]), name)
    raise AttributeError(f"module 'app.store' has no attribute {name!r}")
