"""The user files that are backed up, and what a backup of each must hold to be restored.

The schema versions are the stores' own (read when asked, so that this module does not
load the decks package when a command only lists backups).
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass


@dataclass(frozen=True)
class Kind:
    """One kind of user file.

    Attributes:
        name: ``"decks"`` or ``"collection"`` (the first word of its backups' names).
        file: the file's name in the data folder.
        noun: how messages name it (``the collection file``).
        tables: the tables a file of this kind holds.
    """

    name: str
    file: str
    noun: str
    tables: tuple[str, ...]

    def version(self) -> int:
        """The schema version this Archivist writes for this file (``user_version``)."""
        if self.name == "decks":
            from app.decks.storage import VERSION as DECKS_VERSION

            return DECKS_VERSION
        from app.collection.storage import VERSION as COLLECTION_VERSION

        return COLLECTION_VERSION

    def count(self, conn: sqlite3.Connection) -> str:
        """What a file of this kind holds, in words (``41 entries, 120 copies``).

        Raises:
            sqlite3.Error: the file cannot be read.
        """
        if self.name == "decks":
            (decks,) = conn.execute("SELECT count(*) FROM decks WHERE deleted_at IS NULL"
                                    ).fetchone()
            return f"{decks} deck{'' if decks == 1 else 's'}"
        entries, copies = conn.execute("SELECT count(*), total(quantity) FROM entries"
                                       ).fetchone()
        return (f"{entries} entr{'y' if entries == 1 else 'ies'}, {int(copies)} "
                f"cop{'y' if copies == 1 else 'ies'}")


DECKS = Kind("decks", "decks.sqlite3", "the decks file", ("decks", "entries"))
COLLECTION = Kind("collection", "collection.sqlite3", "the collection file",
                  ("entries", "steps", "step_rows"))
KINDS = {kind.name: kind for kind in (DECKS, COLLECTION)}
"""The kinds by name."""
