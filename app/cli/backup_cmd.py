"""``archivist backup list|restore|now``: the backups of the decks and collection files.

Examples::

    archivist backup list
    archivist backup now
    archivist backup restore latest --collection
    archivist backup restore collection-20261126T194730.123Z-daily.sqlite3

Archivist also backs these files up by itself (once a day, and before a large change);
see :mod:`app.backups`. A backup that cannot be restored (not SQLite, damaged, of the
other file or a newer schema) is refused with one line, exit 2, and nothing changes.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from app.paths import resolve_paths

_EPILOG = """examples:
  archivist backup list
  archivist backup now
  archivist backup restore latest --collection"""


def add_parser(sub: Any, common: argparse.ArgumentParser) -> None:
    """Register ``backup`` and its verbs on ``sub`` (``add_subparsers()``'s result)."""
    top = sub.add_parser(
        "backup", parents=[common], help="list, make and restore backups of decks and "
        "collection", description="Backups of decks.sqlite3 and collection.sqlite3 in "
        "<data>/backups: made once a day and before large changes, the last 10 of each kept "
        "plus each day's daily backup for 8 days and one a week for 8 weeks.", epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    verbs = top.add_subparsers(dest="backup_command", metavar="ACTION", required=True)

    p = verbs.add_parser("list", parents=[common], help="the backups, newest first")
    p.add_argument("--json", action="store_true", help="print a JSON array")
    p.set_defaults(run=run_list)

    p = verbs.add_parser("now", parents=[common], help="back up both files now")
    p.set_defaults(run=run_now)

    p = verbs.add_parser("restore", parents=[common], help="put a backup back",
                         description="Make a backup the decks or collection file again "
                         "(the current file is backed up first). FILE is a name from "
                         "'archivist backup list', a path, or latest.")
    p.add_argument("file", metavar="FILE|latest")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--collection", dest="kind", action="store_const", const="collection",
                       help="restore the collection file")
    which.add_argument("--decks", dest="kind", action="store_const", const="decks",
                       help="restore the decks file")
    p.set_defaults(run=run_restore)


def run_list(args: argparse.Namespace) -> int:
    """Print every backup, newest first: file, time (UTC), what it holds."""
    from app.backups import list_backups

    listed = list_backups(resolve_paths(args.data_dir).data)
    if args.json:
        print(json.dumps([{"file": item.backup.path.name, "kind": item.backup.kind,
                           "made": item.backup.made.isoformat(timespec="seconds"),
                           "reason": item.backup.reason, "holds": item.holds,
                           "damaged": item.damaged}
                          for item in listed], ensure_ascii=False, indent=2))
        return 0
    if not listed:
        print("No backups yet (archivist backup now makes one)")
        return 0
    for item in listed:
        made = item.backup.made.strftime("%Y-%m-%d %H:%M:%S UTC")
        mark = "  DAMAGED (cannot be restored)" if item.damaged else ""
        print(f"{item.backup.path.name}  {made}  {item.holds}{mark}")
    return 0


def run_now(args: argparse.Namespace) -> int:
    """Back up the decks and collection files now."""
    from app.backups import back_up_now, holds

    data = resolve_paths(args.data_dir).data
    made = back_up_now(data)
    if not made:
        print("Nothing to back up yet: no decks or collection file")
    for backup in made:
        print(f"Backed up the {backup.kind} ({holds(backup)}) to {backup.path}")
    return 0


def run_restore(args: argparse.Namespace) -> int:
    """Restore FILE (or the latest backup of ``--collection``/``--decks``)."""
    from app.backups import find_backup, restore

    data = resolve_paths(args.data_dir).data
    path, kind = find_backup(data, args.file, args.kind)
    done = restore(data, path, kind)
    if done.saved is not None:
        print(f"Backed up the current {kind.name} to {done.saved.path.name}")
    if done.moved is not None:
        print(f"The current {kind.name} file was damaged: moved whole to {done.moved}")
    print(f"Restored {path.name} as {data / kind.file} ({done.holds})")
    return 0
