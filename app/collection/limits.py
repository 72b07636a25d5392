"""The explicit limits on a collection CSV file, checked before any work (DESIGN.md: Input
and output).

Kept in one place so that they can move to a shared module of limits for outside input
without touching the reader: :func:`check_size` and :func:`check_text` are all it calls.
"""

from __future__ import annotations

from app.errors import InvalidData

MAX_BYTES = 16 * 1024 * 1024
"""A collection CSV of 16 MiB holds about 200,000 rows; a larger file is refused unread."""
MAX_ROWS = 200_000
"""Lines in one file (header included)."""
MAX_LINE = 8_192
"""Characters in one line."""
MAX_QUANTITY_DIGITS = 6
"""Digits of one quantity (at most 999,999 copies)."""


def check_size(size: int, name: str) -> None:
    """Refuse a file of ``size`` bytes above :data:`MAX_BYTES`.

    Raises:
        InvalidData: it is larger.
    """
    if size > MAX_BYTES:
        raise InvalidData(f"{name} is {size / 1_048_576:.0f} MB; a collection CSV may be at "
                          f"most {MAX_BYTES // 1_048_576} MB — nothing was imported")


def check_text(data: bytes, name: str) -> str:
    """The text of a CSV file's bytes (UTF-8, a BOM allowed), once its lines are within
    :data:`MAX_ROWS` and :data:`MAX_LINE`.

    Raises:
        InvalidData: binary data (a NUL byte, not UTF-8), too many lines, or a line too long.
    """
    if b"\0" in data:
        raise InvalidData(f"{name} is a binary file, not a CSV text file — nothing was imported")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidData(f"{name} is not UTF-8 text (byte {exc.start}); save the CSV as "
                          "UTF-8 — nothing was imported") from exc
    lines = text.count("\n") + (0 if text.endswith("\n") else 1)
    if lines > MAX_ROWS:
        raise InvalidData(f"{name} has {lines:,} lines; a collection CSV may have at most "
                          f"{MAX_ROWS:,} — nothing was imported")
    start = 0
    for number in range(1, lines + 1):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        if end - start > MAX_LINE:
            raise InvalidData(f"{name} line {number} has {end - start:,} characters; at most "
                              f"{MAX_LINE:,} — nothing was imported")
        start = end + 1
    return text


def check_quantity(text: str, name: str, line: int) -> None:
    """Refuse a quantity of more than :data:`MAX_QUANTITY_DIGITS` digits (the whole file:
    such a number is no count of cards).

    Raises:
        InvalidData: it is longer.
    """
    if len(text) > MAX_QUANTITY_DIGITS:
        raise InvalidData(f"{name} line {line}: the quantity has {len(text):,} digits; at most "
                          f"{MAX_QUANTITY_DIGITS} — nothing was imported")
