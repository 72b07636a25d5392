"""Putting a backup back in place of a user file.

The backup is checked first (a regular file, a SQLite database that passes
``PRAGMA integrity_check``, of the right kind and a schema version this Archivist reads):
a backup that fails is refused and nothing changes. The current file is then backed up
(or, when it is damaged and cannot be, moved aside whole into the backups folder), and
the backup is copied into it with SQLite's backup API: one transaction, so a process
killed during a restore leaves the file as it was.
"""

from __future__ import annotations

import os
import sqlite3
import stat
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import app.backups.copies as copies
from app.backups.copies import (
    Backup,
    BackupFailed,
    damage,
    folder_of,
    make_backup,
    prune,
)
from app.backups.kinds import Kind
from app.errors import InvalidRequest, StoreError
from app.files import put_in_place, temporary_beside


@dataclass(frozen=True)
class Restored:
    """What a restore did.

    Attributes:
        holds: what the restored file holds, in words (``41 entries, 120 copies``).
        saved: the backup of the file as it was before, or None (there was none, or it
            was damaged: see ``moved``).
        moved: where a damaged current file was moved, or None.
    """

    holds: str
    saved: Backup | None
    moved: Path | None


def read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to the database ``path`` (never creates it)."""
    return sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)


def check_backup(path: Path, kind: Kind) -> str:
    """Check that ``path`` can be restored as a file of ``kind``; returns what it holds.

    Raises:
        InvalidRequest: it is missing, not a regular file, not a SQLite database, damaged
            (``integrity_check``), of another kind or of a newer schema (one sentence).
    """
    def refuse(why: str) -> InvalidRequest:
        return InvalidRequest(f"{path} cannot be restored as {kind.noun}: {why}; nothing "
                              "was changed")

    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise refuse(exc.strerror or "it cannot be read") from None
    if not stat.S_ISREG(mode):
        raise refuse("it is not a regular file")
    try:
        with closing(read_only(path)) as conn:
            found = damage(conn)
            if found:
                raise refuse(f"it is damaged ({'; '.join(found[:2])})")
            (version,) = conn.execute("PRAGMA user_version").fetchone()
            tables = {row[0] for row in conn.execute(
                "SELECT name FROM sqlite_schema WHERE type = 'table'")}
            missing = [t for t in kind.tables if t not in tables]
            if missing or version < 1:
                raise refuse(f"it is not a backup of {kind.noun} (no table "
                             f"{', '.join(missing) or 'version'})")
            if version > kind.version():
                raise refuse(f"its schema version {version} is newer than this Archivist "
                             f"reads ({kind.version()})")
            return kind.count(conn)
    except sqlite3.Error as exc:
        raise refuse(f"it is not a readable SQLite database ({exc})") from None


def restore(data: Path, backup: Path, kind: Kind, now: datetime | None = None) -> Restored:
    """Make ``backup`` the user file of ``kind`` in the data folder ``data``.

    Args:
        data: the data folder (the file is ``data / kind.file``).
        backup: the backup to restore (any path; usually one in ``data/backups``).
        kind: which user file it replaces.
        now: the time of the backup of the current file (default: the clock).

    Raises:
        InvalidRequest: the backup cannot be restored (:func:`check_backup`), is the
            current file itself, or the current file is not a regular file; nothing was
            changed.
        StoreError: the copy failed (the file is as it was).
    """
    live = data / kind.file
    if live.exists() and backup.exists() and os.path.samefile(backup, live):
        # copying a file into itself would wait for its own lock for ever
        raise InvalidRequest(f"{backup} is the {kind.name} file itself, not a backup of it; "
                             "nothing was changed")
    holds = check_backup(backup, kind)
    if os.path.lexists(live) and not live.is_file():
        raise InvalidRequest(f"{live} is not a regular file: move it away, then restore "
                             "again; nothing was changed")
    now = (now or datetime.now(UTC)).astimezone(UTC)
    saved, moved = None, None
    if live.is_file():
        try:  # not pruned yet: the backup being restored may be the oldest one kept
            saved = make_backup(live, "before-restore", now, prune_after=False)
        except BackupFailed as exc:
            if not exc.damaged:  # a full disk, say: the file is fine, keep it in place
                why = exc.message.removesuffix("; the earlier backups are as they were")
                raise StoreError(f"{why}; the restore needs that backup first, so nothing "
                                 "was changed") from exc
            moved = _move_aside(live, now)
    try:
        with closing(read_only(backup)) as source:
            if live.is_file():
                # no busy wait of its own: copy_pages retries a locked file to its deadline
                with closing(sqlite3.connect(live, timeout=0)) as target:
                    copies.copy_pages(source, target)
            else:
                tmp = temporary_beside(live)
                try:
                    with closing(sqlite3.connect(tmp)) as target:
                        copies.copy_pages(source, target)
                    put_in_place(tmp, live, own=True)  # the user file itself
                finally:
                    tmp.unlink(missing_ok=True)
    except (sqlite3.Error, OSError) as exc:
        if moved is not None:
            _move_back(moved, live)
        raise StoreError(f"Restoring {backup.name} into {live} failed ({exc}); the file is "
                         "as it was") from exc
    prune(folder_of(live), kind.name, now)
    return Restored(holds, saved, moved)


def _move_aside(live: Path, now: datetime) -> Path:
    """Move a damaged ``live`` (and its journal) into the backups folder, whole; returns
    its new path (``damaged-<name>-<time>.sqlite3``, which no listing or pruning counts)."""
    folder = folder_of(live)
    folder.mkdir(parents=True, exist_ok=True)
    aside = folder / f"damaged-{live.stem}-{now.strftime('%Y%m%dT%H%M%S')}.sqlite3"
    for suffix in ("-journal", "-wal", "-shm"):
        extra = Path(f"{live}{suffix}")
        if extra.exists():
            os.replace(extra, f"{aside}{suffix}")
    os.replace(live, aside)
    return aside


def _move_back(aside: Path, live: Path) -> None:
    """Undo :func:`_move_aside`: the damaged file (and its journal) back at ``live``."""
    for suffix in ("-journal", "-wal", "-shm"):
        extra = Path(f"{aside}{suffix}")
        if extra.exists():
            os.replace(extra, f"{live}{suffix}")
    os.replace(aside, live)
