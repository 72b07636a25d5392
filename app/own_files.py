"""Archivist's own files, which no export or save may overwrite (DESIGN.md: Input and output).

The catalogue and the user data files (:data:`USER_FILES`: the kept decks, the
collection, the stored events; each with its SQLite ``-wal``, ``-shm``
and ``-journal`` companions), the sync's staging file and lock, the window's settings, and
everything in the cache, the logs, the backups and the image store. A person may name one
of them as the target of an export by mistake (``archivist collection export
<data>/collection.sqlite3``); :func:`app.files.check_target` asks :func:`own_file` first and
refuses it before anything is written.

The composition root names the folders of the installation once it has resolved them
(:func:`protect`, from :func:`app.bootstrap.build`): every writer in every layer, the
window's Save dialogs included, is then covered without each having to carry the paths.
They stay named for the life of the process: every data folder the process opened stays
protected (a test that builds several installations protects each; :func:`reset` forgets
them). This is the module's one process-wide state, an immutable value rebound in one
assignment, safe to read from any thread.

A target is compared as the same file, not by its name: an existing target is the same
file as an own file when both have the same device and inode (so a symbolic link, a hard
link or another spelling of the path is caught); a target that does not exist yet is
compared by its resolved path (an own file not made yet, such as the collection before the
first card is added). A target inside one of the folders, at any depth, is refused too.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from app.paths import Paths

SETTINGS_FILE = "archivist-gui.ini"
"""The window's settings in the data folder (as :mod:`app.gui.kit.settings_file` names it)."""
SYNC_FILES = ("sync-staging.sqlite3", "sync.lock")
"""The sync's staging file and lock in the data folder (as :mod:`app.sync.engine` names them)."""
USER_FILES = {"decks.sqlite3": "the kept decks", "collection.sqlite3": "the collection",
              "events.sqlite3": "the stored events"}
"""Every user data file in the data folder (:class:`app.userfile.UserFile`), by name → how
a refusal names it: the one list of them (each storage module's ``*_FILE`` name is here; a
test checks it)."""
BACKUPS_FOLDER = "backups"
"""The folder of the automatic backups of the decks and the collection, in the data folder."""
_COMPANIONS = ("", "-wal", "-shm", "-journal")

_Named = tuple[tuple[Path, str], ...]
_protected: tuple[_Named, _Named] = ((), ())
"""The one process-wide state: (files, folders) named so far, each ``(path, what)``. Never
changed in place: :func:`protect` rebinds it in one assignment (under :data:`_lock`, so
two installations named at once both stay), and a reader takes one reference to it, so a
reader in another thread sees the whole old value or the whole new one."""
_lock = threading.Lock()


def reset() -> None:
    """Forget every protected installation (for tests that need a clean start)."""
    global _protected
    with _lock:
        _protected = ((), ())


def protect(paths: Paths) -> None:
    """Name the files and folders of the installation at ``paths`` as Archivist's own
    (added to those named before: every data folder the process opened stays protected)."""
    global _protected
    new_files: dict[Path, str] = {}
    new_folders: dict[Path, str] = {}
    data = paths.data
    named = [(paths.catalogue_file, "the catalogue"),
             *((data / name, what) for name, what in USER_FILES.items()),
             (data / SYNC_FILES[0], "the sync's staging file")]
    for base, what in named:
        for extra in _COMPANIONS:
            new_files[_real(Path(f"{base}{extra}"))] = what
    new_files[_real(data / SYNC_FILES[1])] = "the sync's lock"
    for name in (SETTINGS_FILE, f"{SETTINGS_FILE}.lock"):
        new_files[_real(data / name)] = "the window's settings"
    for folder, what in ((paths.cache, "the cache"), (paths.logs, "the logs"),
                         (data / BACKUPS_FOLDER, "the backups"),
                         (data / "images", "the image store"),
                         (Path(f"{paths.catalogue_file}.search"), "the search's bitmaps")):
        new_folders[_real(folder)] = what
    with _lock:
        files, folders = _protected
        _protected = (files + tuple(i for i in new_files.items() if i not in files),
                      folders + tuple(i for i in new_folders.items() if i not in folders))


def own_file(target: Path | str) -> str | None:
    """What ``target`` is among Archivist's own files, in words (``"Archivist's own file
    (the collection)"``, ``"in Archivist's own folder (the cache)"``), or None when it is
    none of them (or nothing is protected yet)."""
    files, own_folders = _protected  # one reference: a protect() meanwhile changes nothing
    if not files and not own_folders:
        return None
    where = _real(Path(target))
    found = _identity(where)
    for path, what in files:
        if where == path or (found is not None and found == _identity(path)):
            return f"Archivist's own file ({what})"
    for folder, what in own_folders:
        if where.is_relative_to(folder):
            return f"in Archivist's own folder ({what})"
    folders = {_identity(folder): what for folder, what in own_folders}
    folders.pop(None, None)
    for parent in where.parents:  # the same folder by another route (a bind mount)
        named = folders.get(_identity(parent))
        if named is not None:
            return f"in Archivist's own folder ({named})"
    return None


def _real(path: Path) -> Path:
    """``path`` absolute, with every link resolved (as far as it exists), in the case the
    platform compares in."""
    return Path(os.path.normcase(os.path.realpath(path)))


def _identity(path: Path) -> tuple[int, int] | None:
    """``(device, inode)`` of ``path`` (links followed), or None when it cannot be seen."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return (found.st_dev, found.st_ino) if found.st_ino else None
