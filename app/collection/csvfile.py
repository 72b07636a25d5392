"""Collection CSV files: the header's columns and aliases, reading rows, writing entries.

The header row is read without case; each column has a name and the aliases other apps
write (the issue's list):

| column | aliases |
|---|---|
| Quantity | Count, Qty |
| Name | Card Name, Simple Name |
| Set | Set Code, Set Prefix, Edition (the set prefix, ``DOA 1st``) |
| Number | Card Number, Collector Number |
| Rarity | (``C`` … ``CPR`` or the full name) |
| Foil | Printing, Finish (foil, yes, true, 1 against normal, non-foil, no, empty) |
| Condition, Language, Tag, Edition UUID | |

Other columns are ignored; a header naming one column twice (``Set`` and ``Set Code``) is
refused, since either could be meant. :func:`write_csv` writes exactly these columns, so a
file it wrote reads back as the same collection.

A spreadsheet runs a cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return as a formula (OWASP's "CSV injection"): such a cell is written after a ``'``, and
reading removes exactly that one ``'`` (:func:`defused`, :func:`undefused`). A cell that is
already ``'`` before such a character gets one more, so every text reads back as written.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from app import limits
from app.errors import InvalidData
from app.files import write_text

COLUMNS: tuple[str, ...] = ("Quantity", "Name", "Set", "Number", "Rarity", "Foil",
                            "Condition", "Language", "Tag", "Edition UUID")
"""The columns :func:`write_csv` writes, in order."""
ALIASES: dict[str, str] = {
    alias.casefold(): column for column, aliases in (
        ("Quantity", ("Quantity", "Count", "Qty")),
        ("Name", ("Name", "Card Name", "Simple Name")),
        ("Set", ("Set", "Set Code", "Set Prefix", "Edition")),
        ("Number", ("Number", "Card Number", "Collector Number")),
        ("Rarity", ("Rarity",)),
        ("Foil", ("Foil", "Printing", "Finish")),
        ("Condition", ("Condition",)),
        ("Language", ("Language",)),
        ("Tag", ("Tag",)),
        ("Edition UUID", ("Edition UUID",)),
    ) for alias in aliases
}
"""Every header spelling (case folded) → its column."""
_FORMULA = re.compile("'*[=+\\-@\t\r]")
"""A cell a spreadsheet would run (after any ``'`` already written before it)."""


def defused(cell: str) -> str:
    """``cell`` as written to a CSV: after a ``'`` when a spreadsheet would run it."""
    return "'" + cell if _FORMULA.match(cell) else cell


def undefused(cell: str) -> str:
    """The text :func:`defused` wrote as ``cell``: its first ``'`` removed when one was put
    there (and only then)."""
    return cell[1:] if cell.startswith("'") and _FORMULA.match(cell, 1) else cell


class CsvRow(NamedTuple):
    """One data row: ``line`` is its line number in the file (the header is line 1);
    ``values`` maps each known column to its stripped text (absent columns: ``""``)."""

    line: int
    values: dict[str, str]

    def get(self, column: str) -> str:
        """The row's text in ``column`` (``""`` when empty or absent)."""
        return self.values.get(column, "")


def read_csv(path: Path) -> tuple[list[str], list[CsvRow]]:
    """The known columns of a collection CSV's header and its data rows.

    Limits (:mod:`app.limits`: ``CSV_BYTES``, ``CSV_LINES``, ``CSV_LINE_CHARS``,
    ``COUNT_DIGITS``) are checked before the rows are read: the file's
    size, binary content, line count and line length, and each quantity's digits.

    Returns:
        ``(columns found, rows)``; blank rows are skipped.

    Raises:
        InvalidData: the file cannot be read, breaks a limit, or its header names no
            column to find editions by (nothing is imported then).
    """
    name = path.name
    what = "a collection CSV"
    try:
        data = limits.read_bounded(path, limits.CSV_BYTES, what)
        text = limits.decode_text(data, name, what)
        limits.bounded_lines(text, name, limits.CSV_LINES, limits.CSV_LINE_CHARS, what)
    except InvalidData as exc:
        raise InvalidData(f"{exc.message} — nothing was imported") from exc
    return parse_csv(text, name)


def _check_quantity(text: str, name: str, line: int) -> None:
    """Refuse a quantity of more than :data:`app.limits.COUNT_DIGITS` digits (the whole
    file: such a number is no count of cards).

    Raises:
        InvalidData: it is longer.
    """
    if len(text) > limits.COUNT_DIGITS:
        raise InvalidData(f"{name} line {line}: the quantity has {len(text):,} digits; at most "
                          f"{limits.COUNT_DIGITS} — nothing was imported")


def parse_csv(text: str, name: str = "the CSV", strict: bool = True
              ) -> tuple[list[str], list[CsvRow]]:
    """:func:`read_csv` over text whose size and lines are already checked.

    A quote never closed would take every row after it as one cell, so it makes the file
    unreadable; other slips of quoting (a space after a closing quote) are read as the
    ``csv`` module's lenient reading takes them (``strict`` False).

    Raises:
        InvalidData: no header, a column named twice, no column to find editions by, a
            quote never closed, or a quantity too long.
    """
    reader = csv.reader(io.StringIO(text, newline=""), strict=strict)
    start = 1
    try:
        header = next(reader, None)
        if header is None:
            raise InvalidData(f"{name} is empty: a collection CSV starts with a header row "
                              f"such as {','.join(COLUMNS)}")
        columns = [ALIASES.get(h.strip().casefold(), "") for h in header]
        found = [c for c in columns if c]
        _check_twice(header, columns, name)
        if not ({"Edition UUID"} <= set(found) or {"Set", "Number"} <= set(found)
                or {"Name", "Set"} <= set(found)):
            raise InvalidData(f"{name}: the header ({','.join(h.strip() for h in header)[:200]}) "
                              "has no Edition UUID, no Set and Number, and no Name and Set "
                              "column to find editions by — nothing was imported")
        rows: list[CsvRow] = []
        start = reader.line_num + 1
        for record in reader:
            if any(cell.strip() for cell in record):
                values = {c: cell.strip() for c, cell in zip(columns, record, strict=False)
                          if c}
                if "'" in "".join(record):  # rare: a cell written after a quote
                    values = {c: undefused(v) for c, v in values.items()}
                if "Quantity" in values:
                    _check_quantity(values["Quantity"], name, start)
                rows.append(CsvRow(start, values))
            start = reader.line_num + 1
    except csv.Error as exc:
        never_closed = "end of data" in str(exc)
        if strict and not never_closed:
            return parse_csv(text, name, strict=False)
        what = (f"a quote opened on line {start} is never closed" if never_closed
                else f"not valid CSV ({exc})")
        raise InvalidData(f"{name} line {reader.line_num}: {what} — nothing was "
                          "imported") from exc
    return found, rows


def _check_twice(header: list[str], columns: list[str], name: str) -> None:
    """Refuse a header naming one column twice (two spellings of it too).

    Raises:
        InvalidData: it does (the column and its spellings named).
    """
    for column in dict.fromkeys(c for c in columns if c):
        spelled = [h.strip() for h, c in zip(header, columns, strict=True) if c == column]
        if len(spelled) > 1:
            raise InvalidData(f"{name}: the header names the {column} column "
                              f"{len(spelled)} times ({', '.join(spelled)[:120]}); keep one "
                              "of them — nothing was imported")


def csv_text(rows: Iterable[Iterable[str]]) -> str:
    """A CSV document (``\\r\\n`` line ends, RFC 4180 quoting) of a header and ``rows``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    writer.writerows([defused(cell) for cell in row] for row in rows)
    return out.getvalue()


def write_csv(target: Path, rows: Iterable[Iterable[str]]) -> Path:
    """Write a collection CSV of ``rows`` (values in :data:`COLUMNS` order) whole or not
    at all (:func:`app.files.write_text`).

    Raises:
        WriteFailed: the file cannot be written (the previous file is as it was).
    """
    return write_text(target, csv_text(rows), newline="")
