"""The local SQLite catalogue: schema and migrations, the writer, read queries."""

from app.store.db import Store
from app.store.reader import CardRow, EditionRow, Reader
from app.store.writer import CardRecord, Writer, WriteReport

__all__ = [
    "CardRecord",
    "CardRow",
    "EditionRow",
    "Reader",
    "Store",
    "WriteReport",
    "Writer",
]
