"""What the command line and the window ask of the backups: the list (with what each
backup holds), "back up now", and which backup a name or ``latest`` means."""

from __future__ import annotations

import re
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from app.backups.copies import BACKUPS, Backup, backups_in, make_backup, parse_name
from app.backups.kinds import KINDS, Kind
from app.backups.restoring import read_only
from app.errors import InvalidRequest, NotFound


@dataclass(frozen=True)
class Listed:
    """One backup and what it holds.

    Attributes:
        backup: the file, its kind, time and reason.
        holds: ``41 entries, 120 copies`` / ``3 decks``, or ``unreadable: WHY``.
        damaged: True for a damaged user file a restore moved aside (not a backup: it
            cannot be restored, but it is kept for whoever can mend it).
    """

    backup: Backup
    holds: str
    damaged: bool = False


_DAMAGED = re.compile(r"damaged-(decks|collection)-(\d{8}T\d{6})\.sqlite3")


def list_backups(data: Path, kind: str | None = None) -> list[Listed]:
    """Every backup in ``data/backups`` (of ``kind`` only, when given), newest first, each
    with what it holds (read from the file; a damaged one says ``unreadable``), and the
    damaged user files a restore moved aside there (``damaged`` set)."""
    found = [Listed(b, holds(b)) for b in backups_in(data / BACKUPS, kind)]
    found += [Listed(b, "a damaged file moved aside by a restore", damaged=True)
              for b in _damaged_in(data / BACKUPS, kind)]
    return sorted(found, key=lambda item: (item.backup.made, item.backup.kind), reverse=True)


def _damaged_in(folder: Path, kind: str | None) -> list[Backup]:
    """The damaged user files a restore moved into ``folder`` (reason ``damaged``)."""
    try:
        names = list(folder.iterdir())
    except OSError:
        return []
    found = []
    for path in names:
        match = _DAMAGED.fullmatch(path.name)
        if match is None or kind not in (None, match[1]):
            continue
        try:
            made = datetime.strptime(match[2], "%Y%m%dT%H%M%S").replace(tzinfo=UTC)
        except ValueError:
            continue
        found.append(Backup(path, match[1], made, "damaged"))
    return found


def holds(backup: Backup) -> str:
    """What ``backup`` holds in words, or ``unreadable: WHY``."""
    try:
        with closing(read_only(backup.path)) as conn:
            return KINDS[backup.kind].count(conn)
    except Exception as error:  # any failure to read is shown, never raised
        return f"unreadable: {error}"


def back_up_now(data: Path, now: datetime | None = None) -> list[Backup]:
    """Back up the decks file and the collection file (those that exist) now.

    Raises:
        BackupFailed: a file could not be backed up (those before it were).
    """
    made = [make_backup(data / kind.file, "manual", now) for kind in KINDS.values()]
    return [backup for backup in made if backup is not None]


def find_backup(data: Path, name: str, kind: str | None = None) -> tuple[Path, Kind]:
    """The backup ``name`` means, and the kind of file it restores.

    Args:
        data: the data folder.
        name: ``latest`` (the newest backup of ``kind``), a backup's file name in
            ``data/backups``, or the path of any file.
        kind: ``decks`` or ``collection``; needed for ``latest`` and for a file whose
            name does not say its kind.

    Raises:
        InvalidRequest: the kind is not known or contradicts the name.
        NotFound: no such backup.
    """
    if name == "latest":
        if kind is None:
            raise InvalidRequest("Say which file to restore: --collection or --decks")
        newest = next(iter(backups_in(data / BACKUPS, kind)), None)
        if newest is None:
            raise NotFound(f"There is no backup of {KINDS[kind].noun} in {data / BACKUPS}")
        return newest.path, KINDS[kind]
    path = data / BACKUPS / name if "/" not in name and "\\" not in name else Path(name)
    if not path.exists() and Path(name).exists():
        path = Path(name)
    named = parse_name(path)
    if kind is None and named is None:
        raise InvalidRequest(f"{name} does not say whether it holds decks or the "
                             "collection: add --collection or --decks")
    if kind is not None and named is not None and named.kind != kind:
        raise InvalidRequest(f"{name} is a backup of {KINDS[named.kind].noun}, not of "
                             f"{KINDS[kind].noun}")
    return path, KINDS[kind or (named.kind if named else "")]
