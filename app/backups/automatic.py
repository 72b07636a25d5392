"""The backups Archivist makes by itself: once a day when a user file is opened, and
before a change that replaces or removes many rows (a collection replaced by a CSV, a
large undo, a schema migration, a restore).
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path

from app.backups.copies import (
    KINDS,
    Backup,
    BackupFailed,
    backups_in,
    folder_of,
    folder_writable,
    kind_of,
    make_backup,
)

log = logging.getLogger("app.backups")

MANY_ROWS = 20
"""A change touching at least this many rows is backed up first (fewer can be undone)."""


def back_up_daily(live: Path, now: datetime | None = None) -> Backup | None:
    """Back up ``live`` when no backup of it was made today (UTC) and it changed since
    the newest backup; cheap otherwise (one folder listing and one ``stat``).

    A failure is logged, never raised: a missing daily backup must not stop the command
    that opened the file.

    Returns:
        The backup made, or None (not needed, no file, a read-only folder, or it failed).
    """
    now = (now or datetime.now(UTC)).astimezone(UTC)
    try:
        if not live.is_file() or not folder_writable(live.parent):
            return None
        newest = next(iter(backups_in(folder_of(live), kind_of(live))), None)
        if newest is not None and (newest.made.date() == now.date()
                                   or live.stat().st_mtime <= newest.made.timestamp()):
            return None
        return make_backup(live, "daily", now)
    except (BackupFailed, OSError) as error:
        log.info("no daily backup of %s: %s", live, error)
        return None


def back_up_daily_all(data: Path, now: datetime | None = None) -> list[Backup]:
    """:func:`back_up_daily` for the decks and the collection file in ``data``; returns the
    backups made."""
    made = [back_up_daily(data / name, now) for name in KINDS]
    return [backup for backup in made if backup is not None]


def before_change(live: Path, reason: str, now: datetime | None = None) -> Backup | None:
    """Back up ``live`` before a change that replaces or removes many of its rows.

    Args:
        live: the user file about to change.
        reason: why, kept in the backup's name (``before-replace``).
        now: the backup's time (default: the clock).

    Returns:
        The backup, or None when the file does not exist yet.

    Raises:
        BackupFailed: no backup could be made; the caller must not make the change.
    """
    try:
        made = make_backup(live, reason, now)
    except BackupFailed as error:
        raise BackupFailed(f"{error.message}. Nothing was changed: a change this large is "
                           "made only once the file is backed up") from error
    if made is not None:
        log.info("backed up %s before a change: %s", live.name, made.path.name)
    return made
