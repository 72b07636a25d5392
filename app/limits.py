"""Limits on outside input, checked before the work (DESIGN.md: Input and output).

Every reader of input that comes from outside — decklist text and Omnidex event JSON
(:mod:`app.decks.parse`), the search language (:mod:`app.search.lexer`), the HTTP API's
parameters (:mod:`app.server.request_log`, :mod:`app.catalogue.search_params`), a CSV such as
the collection's — takes its numbers and its checks from here, so that no file, paste or
request can make a reader run without bound, recurse without bound or crash:

* :func:`open_regular` opens a file for reading once it is known to be a regular file: a
  folder, a FIFO (which would wait for a writer for ever), a socket or a device is
  :class:`NotRegularFile` at once. Every reader of an outside file opens it through it.
* :func:`read_bounded` reads a file with a byte cap (at most ``max_bytes + 1`` bytes are read,
  whatever the file's size); :func:`decode_text` refuses binary, UTF-16 and non-UTF-8 data;
  :func:`bounded_lines` refuses too many lines or a line too long before any line is parsed;
  :func:`read_text` is the three in one.
* :func:`load_json` measures the nesting depth (:func:`json_depth`, linear, no recursion)
  before ``json.loads`` and caps the digits of every integer in the document.
* :func:`parse_int` reads ASCII digits only (``"٤"`` is no number), at most a given count.
* :func:`control_character` finds a C0/C1 control character (a NUL cuts SQLite text short).
* :func:`quote` shortens what a message quotes to about :data:`QUOTE_CHARS` characters.

Errors are :class:`~app.errors.InvalidData` with one line that names the source and, where a
line is at fault, its number and at most :data:`QUOTE_CHARS` characters of it. No regular
expression here can backtrack: each is one character class.

Example (a CSV reader)::

    from app import limits

    text = limits.read_text(path, max_bytes=limits.CSV_BYTES, max_lines=limits.CSV_LINES,
                            max_line_chars=limits.CSV_LINE_CHARS, what="a collection CSV")
    for row in csv.reader(text.splitlines()):
        quantity = limits.parse_int(row[2], limits.COUNT_DIGITS)  # None: not a count
"""

from __future__ import annotations

import json
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any, BinaryIO

from app.errors import InvalidData

QUOTE_CHARS = 80
"""The most characters of an offending line or value a message quotes."""
NUMBER_DIGITS = 18
"""The most digits of an integer read from outside: every such number fits SQLite's 64 bits."""
COUNT_DIGITS = 6
"""The most digits of a count of copies (a quantity): far above any real one."""
JSON_DEPTH = 64
"""The deepest JSON nesting read (real catalogue records nest about 6 levels, decklists 5)."""

DECKLIST_BYTES = 2_000_000
"""The largest decklist file or paste: an event of about 800 decks as Omnidex JSON."""
DECKLIST_LINES = 1_000
"""The most lines of a text decklist (a real one has under 100)."""
DECKLIST_LINE_CHARS = 200
"""The longest line of a text decklist (the longest card name has under 50 characters)."""
JSON_FILE_BYTES = 512_000_000
"""The largest API JSON file imported (the whole catalogue as one file is about 60 MB)."""
QUERY_CHARS = 2_000
"""The longest query of the search language (100 terms of 20 characters)."""
CSV_BYTES = 20_000_000
"""The largest CSV read (a collection of 100,000 rows of 200 bytes)."""
CSV_LINES = 200_000
"""The most lines of a CSV."""
CSV_LINE_CHARS = 8_192
"""The longest line of a CSV."""

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` quoted for a message (``repr``: control characters escaped), cut to about
    ``limit`` characters with ``…``."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def control_character(text: str) -> int | None:
    """The index of the first C0 or C1 control character (NUL, tab, newline, DEL, U+0080–
    U+009F) in ``text``, or None when it holds none."""
    found = _CONTROL.search(text)
    return found.start() if found else None


def parse_int(text: str, max_digits: int = NUMBER_DIGITS, *, signed: bool = False) -> int | None:
    """``text`` as an integer when it is 1 to ``max_digits`` ASCII digits (after one ``-`` or
    ``+`` when ``signed``), else None.

    Unlike ``int()``: no other digits (``"٤"``), no spaces, no underscores, no 4,300-digit
    conversion (the length is checked first).
    """
    digits = text[1:] if signed and text[:1] in ("-", "+") else text
    if not 1 <= len(digits) <= max_digits or not (digits.isascii() and digits.isdigit()):
        return None
    return int(text)


class NotRegularFile(InvalidData):
    """An outside file to read is a folder, a FIFO, a socket or a device, not a regular file:
    refused before it is read (a user error: HTTP 400, exit status 2)."""

    status = 400


def file_kind(mode: int) -> str | None:
    """What a file of ``mode`` (an ``st_mode``) is when it is not a regular file, in words
    (``"a folder"``, ``"a named pipe (FIFO)"``, ``"a socket"``, ``"a device"``); None for a
    regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "a special file"


def _refuse_kind(path: Path, mode: int) -> None:
    kind = file_kind(mode)
    if kind is not None:
        raise NotRegularFile(f"{path}: {kind}, not a regular file; give the path of a file")


def check_regular(path: Path) -> Path:
    """``path``, once it is known to name a regular file (a link is followed), before the
    work that will read it (:func:`open_regular` checks again when it opens it).

    Raises:
        NotRegularFile: ``path`` is a folder, a FIFO, a socket or a device.
        InvalidData: it cannot be looked at (missing, no permission).
    """
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        raise InvalidData(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    _refuse_kind(path, mode)
    return path


def open_regular(path: Path) -> BinaryIO:
    """``path`` opened for reading (binary), once it is known to be a regular file (a link
    is followed to its file).

    The type is checked before opening (``stat``: a device is never opened) and again on
    the open file (``fstat``), which is opened without blocking: a FIFO put in its place
    between the two cannot make the reader wait for a writer.

    Raises:
        NotRegularFile: ``path`` is a folder, a FIFO, a socket or a device.
        InvalidData: it cannot be read (missing, no permission).
    """
    try:
        _refuse_kind(path, os.stat(path).st_mode)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                     | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise InvalidData(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    try:
        _refuse_kind(path, os.fstat(fd).st_mode)
        if hasattr(os, "O_NONBLOCK"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bounded(path: Path, max_bytes: int, what: str = "the file") -> bytes:
    """The bytes of ``path``, at most ``max_bytes`` (never more than that plus one is read),
    opened by :func:`open_regular`.

    Raises:
        NotRegularFile: ``path`` is a folder, a FIFO, a socket or a device (none is read).
        InvalidData: the file cannot be read (missing, no permission), or is larger than
            ``max_bytes`` (``"x.txt: 3,000,000 bytes; a decklist has at most 2,000,000"``).
    """
    with open_regular(path) as handle:
        try:
            data = handle.read(max_bytes + 1)
            size = os.fstat(handle.fileno()).st_size
        except OSError as exc:
            raise InvalidData(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    if len(data) > max_bytes:
        told = f"{size:,} bytes" if size > max_bytes else f"more than {max_bytes:,} bytes"
        raise InvalidData(f"{path}: {told}; {what} has at most {max_bytes:,}")
    return data


def decode_text(data: bytes, source: str, what: str = "text") -> str:
    """UTF-8 text of ``data`` (a byte-order mark dropped).

    Raises:
        InvalidData: ``data`` is UTF-16 or UTF-32 text (it begins with their byte-order mark:
            ``"x.csv: UTF-16 text; save it as UTF-8"``), holds a NUL byte (``"x.png: a
            binary file, not WHAT"``) or is not UTF-8.
    """
    wide = _wide_encoding(data)
    if wide is not None:
        raise InvalidData(f"{source}: {wide} text; save it as UTF-8 and try again")
    if b"\x00" in data:
        raise InvalidData(f"{source}: a binary file, not {what}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidData(f"{source}: not UTF-8 text (byte {exc.start:,})") from exc


def _wide_encoding(data: bytes) -> str | None:
    """``"UTF-32"`` or ``"UTF-16"`` when ``data`` begins with that encoding's byte-order
    mark (what Windows tools such as Notepad or Excel's "Unicode text" save), else None."""
    if data[:4] in (b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff"):
        return "UTF-32"
    return "UTF-16" if data[:2] in (b"\xff\xfe", b"\xfe\xff") else None


def bounded_lines(text: str, source: str, max_lines: int, max_line_chars: int,
                  what: str = "the text") -> list[str]:
    """The lines of ``text`` (``str.splitlines``), once their count and lengths are checked.

    Raises:
        InvalidData: more than ``max_lines`` lines, or a line longer than ``max_line_chars``
            (the message gives its number and quotes its start).
    """
    lines = text.splitlines()
    if len(lines) > max_lines:
        raise InvalidData(f"{source}: {len(lines):,} lines; {what} has at most {max_lines:,}")
    longest = max(map(len, lines), default=0)
    if longest > max_line_chars:
        number = next(i for i, line in enumerate(lines, 1) if len(line) == longest)
        raise InvalidData(f"{source}: line {number} has {longest:,} characters; {what} has at "
                          f"most {max_line_chars:,} a line: {quote(lines[number - 1])}")
    return lines


def read_text(path: Path, *, max_bytes: int, max_lines: int, max_line_chars: int,
              what: str = "the file") -> str:
    """:func:`read_bounded`, :func:`decode_text` and :func:`bounded_lines` in one.

    Raises:
        InvalidData: as those do; the message names ``path``.
    """
    text = decode_text(read_bounded(path, max_bytes, what), str(path), what)
    bounded_lines(text, str(path), max_lines, max_line_chars, what)
    return text


def json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in the JSON ``text`` (0 for a scalar).

    Linear and without recursion: string contents are dropped (escaped backslashes, then
    escaped quotes, then every other piece between quotes) and the brackets left are
    counted. Exact for valid JSON; for invalid JSON a number ``json.loads`` then refuses.
    """
    flat = text.replace("\\\\", "").replace('\\"', "")
    outside = "".join(flat.split('"')[0::2])
    brackets = _NOT_BRACKET.sub("", outside)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


class NotJson(InvalidData):
    """:func:`load_json` was given text that is not JSON at all (a caller may read it as
    something else); too deep or too long numbers are plain :class:`InvalidData`."""


class _TooManyDigits(ValueError):
    def __init__(self, digits: int) -> None:
        super().__init__(digits)
        self.digits = digits


def load_json(text: str, source: str, *, max_depth: int = JSON_DEPTH,
              max_digits: int = NUMBER_DIGITS) -> Any:
    """Decode JSON ``text`` once its depth is known to be at most ``max_depth``; an integer of
    more than ``max_digits`` digits, ``NaN`` or ``Infinity`` is refused.

    Raises:
        InvalidData: too deep or a number too long.
        NotJson: not JSON (the message gives the line and column).
    """
    depth = json_depth(text)
    if depth > max_depth:
        raise InvalidData(f"{source}: JSON nested {depth:,} levels deep; at most {max_depth}")

    def bounded(digits: str) -> int:
        if len(digits) > max_digits and len(digits.lstrip("-")) > max_digits:
            raise _TooManyDigits(len(digits.lstrip("-")))
        return int(digits)

    def constant(name: str) -> Any:
        raise json.JSONDecodeError(f"{name} is not a JSON number", text, 0)

    try:
        return json.loads(text, parse_int=bounded, parse_constant=constant)
    except _TooManyDigits as exc:
        raise InvalidData(f"{source}: a number of {exc.digits:,} digits; at most "
                          f"{max_digits}") from None
    except json.JSONDecodeError as exc:
        raise NotJson(f"{source}: not valid JSON at line {exc.lineno}, column "
                          f"{exc.colno}: {exc.msg}") from None
    except RecursionError:  # a stack smaller than the depth check assumes
        raise InvalidData(f"{source}: JSON nested too deep") from None
