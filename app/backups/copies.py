"""Making one backup of a user file, finding the backups made, pruning the old ones.

A backup is a consistent copy made with SQLite's online backup API (never a plain file
copy: a copy taken while another connection writes could hold half a transaction), into
``<data>/backups/<kind>-<UTC time>-<reason>.sqlite3``. It is written under a temporary
name, checked with ``PRAGMA integrity_check``, then renamed: a process killed while it
copies leaves a ``.part`` file that no listing shows, and every earlier backup whole.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import time
from contextlib import closing, suppress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from app.backups.retention import kept
from app.diskfull import is_disk_full, write_failure
from app.errors import StoreError
from app.files import put_in_place, temporary_beside

log = logging.getLogger("app.backups")

BACKUPS = "backups"
"""The folder of the backups, inside the data folder."""
KINDS = {"decks.sqlite3": "decks", "collection.sqlite3": "collection"}
"""The user file's name → the kind of its backups (the first word of their names)."""
_NAME = re.compile(r"(decks|collection)-(\d{8}T\d{6}\.\d{3})Z(?:-([a-z0-9-]{1,40}))?"
                   r"\.sqlite3")
_STAMP = "%Y%m%dT%H%M%S.%f"
_STALE_PART = 3600
"""Seconds after which a ``.part`` file is a leftover of a killed backup (removed)."""


class BackupFailed(StoreError):
    """A backup could not be made (the file is damaged, the disk full…); earlier backups
    are as they were.

    Attributes:
        damaged: True only when the file itself is damaged (not a database, or pages that
            fail the integrity check); False for a full disk or any other failure to write.
    """

    def __init__(self, message: str, damaged: bool = False) -> None:
        super().__init__(message)
        self.damaged = damaged


class _DamagedFile(sqlite3.DatabaseError):
    """The copy of a file failed its integrity check: the file itself is damaged."""


_DAMAGE_CODES = (11, 26)
"""SQLITE_CORRUPT and SQLITE_NOTADB (primary codes): the file is damaged, not the disk."""


def is_damage(exc: BaseException) -> bool:
    """True when ``exc`` says the database file itself is damaged (corrupt or not a
    database), not that it could not be read or written (a full disk, a lock, an OS error)."""
    if isinstance(exc, _DamagedFile):
        return True
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(exc, sqlite3.DatabaseError) and code is not None \
        and code & 0xFF in _DAMAGE_CODES


@dataclass(frozen=True)
class Backup:
    """One backup file.

    Attributes:
        path: the file, in ``<data>/backups``.
        kind: ``"decks"`` or ``"collection"``: which user file it copies.
        made: when it was made (UTC).
        reason: why (``daily``, ``manual``, ``before-replace``, ``before-restore``,
            ``before-migration``, ``before-undo``), or "" when the name says none.
    """

    path: Path
    kind: str
    made: datetime
    reason: str


def folder_of(live: Path) -> Path:
    """The backups folder of the user file ``live`` (``<its folder>/backups``)."""
    return live.parent / BACKUPS


def kind_of(live: Path) -> str:
    """``"decks"`` or ``"collection"`` for a user file's path.

    Raises:
        ValueError: the file is neither ``decks.sqlite3`` nor ``collection.sqlite3``.
    """
    try:
        return KINDS[live.name]
    except KeyError:
        raise ValueError(f"{live.name} is not a user file that is backed up") from None


def parse_name(path: Path) -> Backup | None:
    """The backup a file name describes, or None for any other name."""
    found = _NAME.fullmatch(path.name)
    if found is None:
        return None
    try:
        made = datetime.strptime(found[2], _STAMP).replace(tzinfo=UTC)
    except ValueError:
        return None
    return Backup(path, found[1], made, found[3] or "")


def backups_in(folder: Path, kind: str | None = None) -> list[Backup]:
    """The backups in ``folder`` (of ``kind`` only, when given), newest first; [] when the
    folder does not exist."""
    try:
        names = list(folder.iterdir())
    except OSError:
        return []
    found = [b for b in map(parse_name, names) if b is not None and (kind in (None, b.kind))]
    return sorted(found, key=lambda b: (b.made, b.kind), reverse=True)


def make_backup(live: Path, reason: str, now: datetime | None = None,
                prune_after: bool = True) -> Backup | None:
    """Back up the user file ``live`` now, then prune its older backups.

    Args:
        live: ``<data>/decks.sqlite3`` or ``<data>/collection.sqlite3``.
        reason: a short word or words with hyphens, kept in the name (``before-replace``).
        now: the backup's time (default: the clock); pruning counts from it.
        prune_after: prune the older backups once this one is made.

    Returns:
        The backup, or None when ``live`` does not exist (nothing to back up).

    Raises:
        BackupFailed: the file cannot be read or is damaged, or the copy cannot be
            written (a full disk says so); no backup was added, none was removed.
    """
    kind = kind_of(live)
    if not live.is_file():
        return None
    folder = folder_of(live)
    made = (now or datetime.now(UTC)).astimezone(UTC)
    made = made.replace(microsecond=made.microsecond // 1000 * 1000)
    slug = re.sub(r"[^a-z0-9]+", "-", reason.lower()).strip("-")[:40]
    taken = {b.made for b in backups_in(folder, kind)}
    while made in taken:  # two backups in one millisecond: the later one a little later
        made += timedelta(milliseconds=1)
    name = f"{kind}-{made.strftime(_STAMP)[:-3]}Z" + (f"-{slug}" if slug else "") + ".sqlite3"
    target = folder / name
    try:
        tmp = temporary_beside(target)
    except OSError as exc:
        raise BackupFailed(f"Cannot back up {live}: {write_failure(exc, folder)}") from exc
    try:
        _copy_checked(live, tmp)
        put_in_place(tmp, target, own=True)  # a backup is Archivist's own file
    except (sqlite3.Error, OSError) as exc:
        why = write_failure(exc, folder) if is_disk_full(exc) else exc
        raise BackupFailed(f"Cannot back up {live}: {why}; the earlier backups are as "
                           "they were", damaged=is_damage(exc)) from exc
    finally:
        tmp.unlink(missing_ok=True)
        Path(f"{tmp}-journal").unlink(missing_ok=True)
    if prune_after:
        prune(folder, kind, made)
    return parse_name(target)


def _copy_checked(live: Path, copy: Path) -> None:
    """Copy the database ``live`` into the empty file ``copy`` with the backup API and
    check the copy.

    Raises:
        sqlite3.Error: ``live`` is not a database, or the copy fails its integrity check.
    """
    # mode=rw: never create the file; a reader may roll back a journal a crash left
    with closing(sqlite3.connect(f"{live.absolute().as_uri()}?mode=rw", uri=True)) as source, \
            closing(sqlite3.connect(copy)) as target:
        source.execute("PRAGMA busy_timeout = 10000")
        copy_pages(source, target)
        found = damage(target)
        if found:
            raise _DamagedFile(f"the file is damaged ({'; '.join(found[:3])})")
        (tables,) = target.execute("SELECT count(*) FROM sqlite_schema").fetchone()
        if tables == 0:
            raise _DamagedFile("the file holds no tables")


BUSY_DEADLINE = 30.0
"""Seconds a copy waits for a busy (locked) database before it gives up."""
_BUSY = (5, 6)
"""SQLITE_BUSY and SQLITE_LOCKED: a step that found the database locked (retried)."""


def copy_pages(source: sqlite3.Connection, target: sqlite3.Connection,
               deadline: float | None = None) -> None:
    """Every page of ``source`` into ``target`` with SQLite's backup API, in one step: one
    consistent snapshot of ``source``, written to ``target`` in one transaction.

    Args:
        source: the database copied.
        target: the database replaced.
        deadline: seconds to keep retrying while either is locked (default
            :data:`BUSY_DEADLINE`); SQLite's backup would otherwise retry for ever.

    Raises:
        sqlite3.OperationalError: still locked after ``deadline`` seconds (nothing copied).
    """
    limit = time.monotonic() + (BUSY_DEADLINE if deadline is None else deadline)

    def progress(status: int, _remaining: int, _total: int) -> None:
        if status in _BUSY and time.monotonic() > limit:
            raise sqlite3.OperationalError(
                "the database stayed locked by another program or window; try again "
                "when it is closed")

    source.backup(target, progress=progress)


def prune(folder: Path, kind: str, now: datetime | None = None) -> list[Path]:
    """Remove the backups of ``kind`` that :func:`~app.backups.retention.kept` does not
    keep, and the ``.part`` files (and journals) that killed backups left over an hour ago.

    Returns:
        The files removed.
    """
    found = backups_in(folder, kind)
    keep = kept([b.made for b in found], now or datetime.now(UTC),
                {b.made for b in found if b.reason == "daily"})
    removed = [b.path for b in found if b.made not in keep]
    for path in removed:
        with suppress(OSError):
            path.unlink()
    with suppress(OSError):
        for part in folder.glob(f".{kind}-*.part*"):  # and its journal
            if time.time() - part.stat().st_mtime > _STALE_PART:
                part.unlink(missing_ok=True)
                removed.append(part)
    if removed:
        log.info("pruned %d old %s backups", len(removed), kind)
    return removed


def folder_writable(folder: Path) -> bool:
    """True when backups can be written beside the user files in ``folder``."""
    return os.access(folder, os.W_OK)


_ROW_PROBLEMS = ("CHECK constraint failed in ", "NULL value in ", "non-")
"""How ``PRAGMA integrity_check`` begins a finding about one row's values (a text quantity,
a NULL name), not about the file: such rows are the readers' to list as unreadable."""


def damage(conn: sqlite3.Connection) -> list[str]:
    """What ``PRAGMA integrity_check`` finds wrong with the file's structure (pages, indexes),
    leaving out rows whose values break their column's type or check: a file holding such a
    row is still worth a backup and a restore. Empty: whole.

    Raises:
        sqlite3.Error: the file is not a database.
    """
    found = [str(row[0]) for row in conn.execute("PRAGMA integrity_check")]
    return [f for f in found if f != "ok" and not f.startswith(_ROW_PROBLEMS)]
