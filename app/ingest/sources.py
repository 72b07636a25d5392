"""Finding and reading API JSON files, and recognising their shape.

Accepted shapes (spec: Endpoints 1 and 2, and the official ``/cards/search``):
an array of Card objects, or a ``/cards/search`` page object ``{"data": [...], ...}``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app import limits
from app.errors import InvalidData
from app.model import hostile


@dataclass(frozen=True)
class SourceFile:
    """One decoded JSON file."""

    path: Path
    value: Any


def json_files(paths: Iterable[Path]) -> list[Path]:
    """Expand folders into their ``*.json`` files (sorted by name); keep files as given.

    Raises:
        InvalidData: a path does not exist, or a folder holds no JSON file.
        NotRegularFile: a path, or a ``*.json`` in a folder, is a FIFO, a socket or a
            device (refused before anything is read: a FIFO would wait for ever).
    """
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.suffix.lower() == ".json"
                           and not p.is_dir())
            if not found:
                raise InvalidData(f"{path}: the folder holds no .json file")
            out.extend(limits.check_regular(p) for p in found)
        elif path.exists():
            out.append(limits.check_regular(path))
        else:
            raise InvalidData(f"{path}: no such file or folder")
    return out


def read_json(path: Path) -> SourceFile:
    """Decode one file.

    Limits (:mod:`app.limits`): at most :data:`~app.limits.JSON_FILE_BYTES` bytes, read no
    further; nesting and integer length are left to :func:`app.model.hostile.loads`, which
    rejects only the records they spoil.

    Raises:
        InvalidData: the file cannot be read, is too large, binary, not UTF-8, or not valid
            JSON (with line and column).
    """
    text = limits.decode_text(limits.read_bounded(path, limits.JSON_FILE_BYTES, "an API file"),
                              str(path), "JSON")
    try:
        return SourceFile(path, hostile.loads(text))
    except json.JSONDecodeError as exc:
        raise InvalidData(
            f"{path}: not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from exc


def card_records(source: SourceFile) -> Iterator[tuple[int, Any]]:
    """The ``(index, raw record)`` pairs of a card array or a search page.

    Raises:
        InvalidData: the file is neither shape.
    """
    value = source.value
    if isinstance(value, dict) and isinstance(value.get("data"), list):
        value = value["data"]
    if not isinstance(value, list):
        raise InvalidData(
            f"{source.path}: expected an array of Card objects or a /cards/search page "
            f"object with a 'data' array, found {type(value).__name__}"
        )
    yield from enumerate(value)
