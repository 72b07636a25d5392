"""The search's bitmaps on disk: files beside the catalogue, each stamped with the catalogue
version it was made from, checked whole before use.

A file is ``MAGIC``, the length of a JSON header (4 bytes, little-endian), the header
(``{"key": …, "sha256": …, "parts": [[name, offset, length], …]}``) and the parts' bytes.
:func:`read` returns nothing for a file of another version (``key``), a damaged one (its
checksum) or one that cannot be read, so the caller builds it anew and :func:`write`
replaces it; a file is written beside its place and renamed over it, so a reader sees the
old file or the new, whole.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

log = logging.getLogger("app.store")

MAGIC = b"ARCHSRB1"
_MOST_HEADER = 1 << 24
"""A header longer than this (16 MiB) is damage, not a header."""


def folder(catalogue: Path) -> Path:
    """The folder of ``catalogue``'s bitmap files (``catalogue.sqlite3.search``)."""
    return catalogue.with_name(catalogue.name + ".search")


def read(path: Path, key: str) -> dict[str, bytes] | None:
    """The parts of the file at ``path`` by name, when it was made for ``key`` and is whole;
    else None (missing, another version, damaged, unreadable)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if data[:8] != MAGIC or len(data) < 12:
        return None
    size = int.from_bytes(data[8:12], "little")
    if size > _MOST_HEADER or len(data) < 12 + size:
        return None
    try:
        header = json.loads(data[12:12 + size].decode("utf-8"))
        payload = data[12 + size:]
        if header["key"] != key or hashlib.sha256(payload).hexdigest() != header["sha256"]:
            return None
        return {str(name): payload[start:start + length]
                for name, start, length in header["parts"]}
    except (ValueError, KeyError, TypeError):
        return None


def write(path: Path, key: str, parts: dict[str, bytes]) -> None:
    """Write ``parts`` to ``path`` for ``key`` (temporary file beside it, then renamed).
    A folder that cannot be written (read-only data) is left alone: the bitmaps then live
    in memory only."""
    offsets, payload, at = [], bytearray(), 0
    for name, blob in parts.items():
        offsets.append([name, at, len(blob)])
        payload += blob
        at += len(blob)
    header = json.dumps({"key": key, "sha256": hashlib.sha256(payload).hexdigest(),
                         "parts": offsets}).encode("utf-8")
    from app.files import put_in_place, write_beside

    try:
        written = write_beside(path, MAGIC + len(header).to_bytes(4, "little") + header
                               + payload)
        put_in_place(written, path, own=True)  # the folder is Archivist's own
    except OSError as exc:
        log.info("search bitmaps kept in memory only: %s", exc)
