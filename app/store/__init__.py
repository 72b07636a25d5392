"""The local SQLite catalogue: schema and migrations, the writer, read queries.

The writer's names load on first use (PEP 562): reading the catalogue (the window, the
server) does not import the writer, the revisions and the history diff.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from app.store.db import Store
from app.store.reader import CardRow, Reader

if TYPE_CHECKING:
    from app.store.writer import CardRecord, Writer, WriteReport

__all__ = [
    "CardRecord",
    "CardRow",
    "Reader",
    "Store",
    "WriteReport",
    "Writer",
]

_WRITER = ("CardRecord", "Writer", "WriteReport")


def __getattr__(name: str) -> Any:
    """Load the writer's names on first use (PEP 562)."""
    if name in _WRITER:
        return getattr(importlib.import_module("app.store.writer"), name)
    raise AttributeError(f"module 'app.store' has no attribute {name!r}")
