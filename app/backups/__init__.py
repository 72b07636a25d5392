"""Backups of the user's own files (the decks and the collection), as Anki keeps of its
collection: made by themselves once a day and before large changes, pruned to the last 10
plus each day's daily backup for 8 days and one a week for 8 weeks, listed and restored
by ``archivist backup`` and the window's File ▸ Backups….

Example::

    from app.backups import back_up_now, list_backups, find_backup, restore
    back_up_now(paths.data)
    for item in list_backups(paths.data):
        print(item.backup.kind, item.backup.made, item.holds)
    backup, kind = find_backup(paths.data, "latest", "collection")
    restore(paths.data, backup, kind)

The names are loaded on first use: the stores call :func:`back_up_daily` and
:func:`before_change` without loading the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.lazy import lazy_names

if TYPE_CHECKING:
    from app.backups.automatic import (
        MANY_ROWS,
        back_up_daily,
        back_up_daily_all,
        before_change,
    )
    from app.backups.copies import BACKUPS, Backup, BackupFailed, backups_in, make_backup, prune
    from app.backups.kinds import COLLECTION, DECKS, KINDS, Kind
    from app.backups.listing import Listed, back_up_now, find_backup, holds, list_backups
    from app.backups.restoring import Restored, check_backup, restore
    from app.backups.retention import KEEP_LAST, KEEP_WEEKS, kept

_WHERE = {
    **dict.fromkeys(("MANY_ROWS", "back_up_daily", "back_up_daily_all",
                     "before_change"), "app.backups.automatic"),
    **dict.fromkeys(("BACKUPS", "Backup", "BackupFailed", "backups_in", "make_backup",
                     "prune"), "app.backups.copies"),
    **dict.fromkeys(("COLLECTION", "DECKS", "KINDS", "Kind"), "app.backups.kinds"),
    **dict.fromkeys(("Listed", "back_up_now", "find_backup", "holds", "list_backups"),
                    "app.backups.listing"),
    **dict.fromkeys(("Restored", "check_backup", "restore"), "app.backups.restoring"),
    **dict.fromkeys(("KEEP_LAST", "KEEP_WEEKS", "kept"), "app.backups.retention"),
}


__getattr__ = lazy_names(__name__, _WHERE)


__all__ = [
    "BACKUPS",
    "COLLECTION",
    "DECKS",
    "KEEP_LAST",
    "KEEP_WEEKS",
    "KINDS",
    "MANY_ROWS",
    "Backup",
    "BackupFailed",
    "Kind",
    "Listed",
    "Restored",
    "back_up_daily",
    "back_up_daily_all",
    "back_up_now",
    "backups_in",
    "before_change",
    "check_backup",
    "find_backup",
    "holds",
    "kept",
    "list_backups",
    "make_backup",
    "prune",
    "restore",
]
