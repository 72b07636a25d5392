"""The one way to write a user-visible file (DESIGN.md: Input and output).

Every output a person sees — decklist text, registration and proxy sheets, image ZIPs, the
export folder's files, CSV, screenshots, settings — is written to a temporary file beside its
target, flushed and ``fsync``-ed, then renamed over the target (and the folder ``fsync``-ed).
On any error the temporary file is removed and the previous file is left exactly as it was;
the error is a :class:`WriteFailed` whose message names the cause and the target in one line::

    No space left on device writing /x/sheet.pdf

A target that exists and is not a regular file (a device such as ``/dev/full``, a FIFO, a
folder) is refused before anything is written; it is never replaced by a regular file. So
is a target in a folder that does not exist (no folder is made on the way), and any of
Archivist's own files — the catalogue, the decks, the collection, the settings, the cache,
the logs, the backups (:mod:`app.own_files`), compared as the same file, not by name —
and any existing file that begins with the SQLite header (another installation's data: no
export writes a database). A symbolic link is followed: the file it points to is replaced,
the link stays.

Example::

    from app.files import write_text, replacing

    write_text(Path("deck.txt"), text)
    with replacing(Path("sheet.pdf"), verify=check_whole_pdf) as tmp:
        draw_pdf_to(tmp)          # anything that writes a file at a path

Line ends, one policy: a text for people (a decklist, a report) gets the line ends of the
platform it is written on — ``\r\n`` on Windows, ``\n`` on Linux and macOS
(:func:`platform_newline`, the default of :func:`write_text` and :func:`open_replacing`).
A CSV file gets ``\r\n`` on every platform (RFC 4180; what spreadsheets expect): write it
with ``csv.writer`` (whose line end that is) through ``open_replacing(..., newline="")``.
Readers take either: ``str.splitlines`` and text-mode reads end a line at ``\r\n`` too.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import stat
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from app.diskfull import free_mb
from app.errors import ArchivistError
from app.own_files import own_file


class WriteFailed(ArchivistError, OSError):
    """A user-visible file could not be written; the previous file is as it was.

    Also an ``OSError``, so callers that already handle ``OSError`` keep working.
    ``message`` is one line: ``"<cause> writing <target>"``.
    """

    status = 500

    def __init__(self, message: str, target: Path | None = None) -> None:
        super().__init__(message)
        self.target = target


class NotAFile(WriteFailed):
    """The target exists and is a folder, a device, a FIFO or a socket: refused before
    anything is written (a user error: HTTP 400, exit status 2). Its subclasses are the
    other targets refused so."""

    status = 400


class OwnFile(NotAFile):
    """The target is one of Archivist's own files (the collection, the catalogue, …) or
    inside one of its folders (the cache, the backups, …): refused before anything is
    written, so an export can never destroy them."""


class SQLiteFile(OwnFile):
    """The target is an existing SQLite database (another installation's collection, say):
    refused, as no export writes one; only Archivist's own writers (``own``) may."""


SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


class NoSuchFolder(NotAFile):
    """The target's folder does not exist: refused (a misspelt folder is not made)."""


@functools.cache
def file_mode() -> int:
    """The mode a newly created file gets here: ``0o666`` less the process's umask."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def failure(exc: BaseException, target: Path | str) -> WriteFailed:
    """The :class:`WriteFailed` for ``exc`` raised while writing ``target``.

    ``OSError`` gives its own words (``No space left on device``); anything else its text.
    A :class:`WriteFailed` is returned as it is; one made from an ``OSError`` keeps its
    ``errno``.
    """
    if isinstance(exc, WriteFailed):
        return exc
    if isinstance(exc, OSError) and exc.strerror:
        cause = exc.strerror
    else:
        cause = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    error = WriteFailed(f"{cause} writing {target}", Path(target))
    if isinstance(exc, OSError):
        error.errno = exc.errno  # a full disk stays recognisable (app.diskfull.is_disk_full)
    return error


def refuse_own(target: Path | str, kind: str = "file") -> None:
    """Refuse ``target`` (a ``kind``: ``"file"`` or ``"folder"``) when it is one of
    Archivist's own files or in one of its folders.

    Raises:
        OwnFile: it is (``"/d/collection.sqlite3 is Archivist's own file (the collection),
            which nothing may write over: choose another file"``).
    """
    what = own_file(target)
    if what is not None:
        raise OwnFile(f"{target} is {what}, which nothing may write over: choose another "
                      f"{kind}", Path(target))


def check_target(target: Path | str, *, own: bool = False) -> Path:
    """The regular file that writing ``target`` will replace or create (links followed).

    ``own``: Archivist writes a file of its own on purpose (a copy in the cache to drag
    out), so :func:`refuse_own` does not apply; never for a target a person named.

    Raises:
        OwnFile: ``target`` is one of Archivist's own files (:func:`refuse_own`).
        SQLiteFile: ``target`` is an existing SQLite database (not for ``own``).
        NoSuchFolder: the folder of ``target`` does not exist.
        NotAFile: ``target`` exists and is a folder, a device, a FIFO or a socket.
    """
    if not own:
        refuse_own(target)
    path = Path(os.path.realpath(target))
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        if not path.parent.is_dir():
            raise NoSuchFolder(f"{target}: the folder {Path(target).parent} does not exist: "
                               "choose an existing folder", Path(target)) from None
        return path
    except OSError as exc:
        raise failure(exc, target) from exc
    if stat.S_ISDIR(mode):
        raise NotAFile(f"{target} is a folder, not a file: choose a file name", Path(target))
    if not stat.S_ISREG(mode):
        raise NotAFile(f"{target} is a device or special file, not a regular file: "
                       "choose a file name", Path(target))
    if not own and _is_sqlite(path):
        raise SQLiteFile(f"{target} is a SQLite database (perhaps another installation's "
                         "data), which no export writes over: choose another file",
                         Path(target))
    return path


def _is_sqlite(path: Path) -> bool:
    """Whether the regular file ``path`` begins with the SQLite header (False when it
    cannot be read: the write then says why)."""
    try:
        with path.open("rb") as handle:
            return handle.read(len(SQLITE_HEADER)) == SQLITE_HEADER
    except OSError:
        return False


def temporary_beside(target: Path) -> Path:
    """A new empty ``.<name>.<random>.part`` file beside ``target`` (folder created), with
    the mode of the file it will replace (else :func:`file_mode`); the caller renames it
    with :func:`put_in_place` or removes it.

    Raises:
        OSError: the folder cannot be made or written.
    """
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    os.close(fd)
    if os.name == "posix":
        try:
            mode = stat.S_IMODE(target.stat().st_mode)
        except OSError:
            mode = file_mode()
        os.chmod(tmp, mode)
    return Path(tmp)


def make_folder(folder: Path | str) -> Path:
    """The folder an export writes its files into, made (with its parents) when missing.

    Raises:
        OwnFile: it is one of Archivist's folders, or inside one (nothing is made).
        NotAFile: it exists and is not a folder.
        WriteFailed: it cannot be made.
    """
    refuse_own(folder, "folder")
    path = Path(folder)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotAFile(f"{folder} exists and is not a folder: choose a folder",
                       path) from None
    except OSError as exc:
        raise failure(exc, folder) from exc
    return path


def _fsync_path(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):  # some file systems cannot sync a folder
        _fsync_path(folder)


def put_in_place(tmp: Path, target: Path, *, own: bool = False) -> None:
    """``fsync`` the finished temporary file ``tmp``, rename it over ``target`` and sync the
    folder; on failure ``tmp`` is removed and ``target`` is untouched (``own``: as for
    :func:`check_target`).

    Raises:
        OwnFile: ``target`` is one of Archivist's own files (checked again at the rename: a
            file written by a worker process reaches its target only here).
        OSError: the sync or the rename failed.
    """
    try:
        if not own:
            refuse_own(target)
        _fsync_path(tmp)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_folder(target.parent)


def write_beside(target: Path, data: bytes) -> Path:
    """Write ``data`` to a new temporary file beside ``target`` and return its path (the
    first half of :func:`write_bytes`; an export's worker process does it).

    Raises:
        OSError: the folder or file cannot be written (no temporary file is left).
    """
    tmp = temporary_beside(target)
    try:
        with tmp.open("wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return tmp


@contextlib.contextmanager
def replacing(target: Path | str, *, verify: Callable[[Path], None] | None = None,
              own: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside ``target`` for the caller to write (by any means, e.g.
    a PDF writer); when the block ends normally, ``verify(tmp)`` runs (it raises if the file
    is not whole), then the file is synced and renamed over ``target``. ``own``: as for
    :func:`check_target`.

    An exception in the block, in ``verify`` or in the rename removes the temporary file and
    leaves ``target`` as it was; an ``OSError`` or ``ValueError`` comes out as a
    :class:`WriteFailed` naming ``target``, anything else as it was raised.

    Raises:
        WriteFailed: the target is a special file, or writing it failed.
    """
    where = check_target(target, own=own)
    try:
        tmp = temporary_beside(where)
    except OSError as exc:
        raise failure(exc, target) from exc
    try:
        yield tmp
        if verify is not None:
            verify(tmp)
        put_in_place(tmp, where, own=own)
    except (OSError, ValueError) as exc:
        raise failure(exc, target) from exc
    finally:
        tmp.unlink(missing_ok=True)


def check_whole_pdf(written: Path, ended: bool = True) -> None:
    """Qt reports no write error of a ``QPdfWriter``: a PDF is whole when the painter ended
    well and the file ends with ``%%EOF``. A ``verify`` for :func:`replacing`.

    Raises:
        OSError: it is not: ``ENOSPC`` when less than 5 MB are free where it was written
            (a full disk cuts a PDF short without a word from Qt), else ``EIO``.
    """
    try:
        with written.open("rb") as handle:
            handle.seek(max(0, written.stat().st_size - 32))
            whole = ended and b"%%EOF" in handle.read()
    except OSError:
        whole = False
    if not whole:
        if free_mb(written.parent) < 5:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        raise OSError(errno.EIO, "the PDF was not written whole")


def platform_newline() -> str:
    """The line end people on this platform expect in a text file: ``"\\r\\n"`` on Windows
    (``sys.platform`` is ``win32``), ``"\\n"`` elsewhere."""
    return "\r\n" if sys.platform == "win32" else "\n"


@contextlib.contextmanager
def open_replacing(target: Path | str, *, text: bool = False, encoding: str = "utf-8",
                   newline: str | None = None) -> Iterator[IO[Any]]:
    """Like :func:`replacing`, but yield the temporary file opened for writing (binary, or
    text with ``encoding`` and ``newline``), closed and flushed before the rename.
    ``newline`` is as for :func:`open`, except None: :func:`platform_newline` (``"\\n"``
    written becomes ``"\\r\\n"`` on Windows); ``""`` writes line ends unchanged (CSV).

    Raises:
        WriteFailed: as :func:`replacing`.
    """
    with replacing(target) as tmp:
        if text:
            ends = platform_newline() if newline is None else newline
            with tmp.open("w", encoding=encoding, newline=ends) as handle:
                yield handle
        else:
            with tmp.open("wb") as handle:
                yield handle


def write_bytes(target: Path | str, data: bytes) -> Path:
    """Write ``data`` to ``target`` whole or not at all; returns the path written.

    Raises:
        WriteFailed: the target is a special file, or writing it failed (nothing changed).
    """
    with replacing(target) as tmp:
        tmp.write_bytes(data)
    return Path(target)


def write_text(target: Path | str, text: str, *, encoding: str = "utf-8",
               newline: str | None = None) -> Path:
    """Write ``text`` to ``target`` whole or not at all, each line ending in ``newline``
    (None: :func:`platform_newline`; ``"\\n"`` or ``"\\r\\n"`` to choose). Lines of
    ``text`` may end in ``"\\n"`` or ``"\\r\\n"`` (pasted from Windows): each gets one
    line end, never ``"\\r\\r\\n"`` (``newline=""``: ``text`` is written unchanged).

    Raises:
        WriteFailed: the target is a special file, or writing it failed (nothing changed).
    """
    with open_replacing(target, text=True, encoding=encoding, newline=newline) as handle:
        handle.write(text if newline == "" else text.replace("\r\n", "\n"))
    return Path(target)


class ZipWriter:
    """One ZIP file written to a temporary file beside ``target``, renamed when complete, so
    it holds exactly the members added (an existing ZIP is replaced, never appended to).

    Members are stored as they are (JPEG and PNG are compressed already).

    Raises:
        WriteFailed: from the constructor, when ``target`` is a special file.
    """

    def __init__(self, target: Path) -> None:
        self.target = target
        self._where = check_target(target)
        self._tmp: Path | None = temporary_beside(self._where)
        self._zip: zipfile.ZipFile | None = zipfile.ZipFile(self._tmp, "w", zipfile.ZIP_STORED)

    def add(self, name: str, data: bytes) -> None:
        """Add the member ``name`` holding ``data``, dated now."""
        assert self._zip is not None
        info = zipfile.ZipInfo(name, time.localtime()[:6])
        info.external_attr = (0o100000 | file_mode()) << 16
        self._zip.writestr(info, data)

    def finish(self, commit: bool) -> Path | None:
        """Close; with ``commit`` sync and rename to the target and return it, else discard.

        Raises:
            OSError: closing, syncing or renaming failed (the temporary file is removed).
        """
        try:
            if self._zip is not None:
                self._zip.close()
                self._zip = None
        except BaseException:
            self.discard()
            raise
        if not commit or self._tmp is None:
            self.discard()
            return None
        tmp, self._tmp = self._tmp, None
        put_in_place(tmp, self._where)
        return self.target

    def discard(self) -> None:
        """Remove the temporary file if it is still there (idempotent; also when closing the
        ZIP fails on a full disk)."""
        try:
            if self._zip is not None:
                zip_file, self._zip = self._zip, None
                with contextlib.suppress(OSError, ValueError):
                    zip_file.close()
        finally:
            if self._tmp is not None:
                self._tmp.unlink(missing_ok=True)
                self._tmp = None
