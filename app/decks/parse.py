"""Reading decklists: the Omnidex text format and its variants, and Omnidex event JSON.

Text (spec/decks.md, Decklist text): headers ``# Material Deck`` / ``# Main Deck`` /
``# Sideboard`` in any case, or ``Material:`` / ``Main:`` / ``Sideboard:``; lines
``N Name``, ``Nx Name`` or ``N x Name``; a line before any header has no zone (it is placed
by the card's type when resolved). ``//`` lines and other ``#`` lines are comments.

Event JSON: ``{…, "decklists": [{"material", "main", "sideboard": [{slug, name, qty}]}]}``
(``../data/gatcg/decklists``), or one such decklist object alone.

Nothing here knows the catalogue; a bad line is a :class:`LineProblem`, the others are kept.
A source over the limits (:data:`PASTE_LIMITS`, numbers from :mod:`app.limits`) is refused
whole with one line before any of it is parsed; no regular expression reads a line (each is
read in one pass, so time grows with its length only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app import limits
from app.decks.model import Zone
from app.decks.moment import moment_problem
from app.errors import InvalidData

MAX_QUANTITY = 99
"""The most copies one line may ask for (the largest real line is 12)."""
MAX_LINES = limits.DECKLIST_LINES
"""A text with more lines is refused whole: no decklist is that long."""
MAX_LINE_CHARS = limits.DECKLIST_LINE_CHARS
"""A text with a longer line is refused whole (the longest card name is under 50)."""
MAX_BYTES = limits.DECKLIST_BYTES
"""The largest decklist file or pasted text (an event of about 800 decks as JSON)."""
MAX_DEPTH = 8
"""The deepest JSON nesting of a decklist file (an event nests 5 levels)."""
PASTE_LIMITS = (f"At most {MAX_BYTES // 1_000_000} MB; a text decklist at most "
                f"{MAX_LINES:,} lines of {MAX_LINE_CHARS} characters.")
"""The limits of a decklist, in words (the window's paste dialog says them)."""

_ZONES = (("material", Zone.MATERIAL), ("main", Zone.MAIN), ("side", Zone.SIDEBOARD))
_DIGITS = "0123456789"


@dataclass(frozen=True)
class RawLine:
    """One card line as written: ``zone`` None when outside any header."""

    zone: Zone | None
    quantity: int
    name: str
    text: str
    number: int = 0
    slug: str | None = None


@dataclass(frozen=True)
class LineProblem:
    """A line that was not read, and why (``number`` 0: the whole source)."""

    number: int
    text: str
    message: str

    def __str__(self) -> str:
        where = f"line {self.number}: " if self.number else ""
        return f"{where}{self.message}"


@dataclass
class ParsedList:
    """One decklist as read: its lines and the problems of the lines that were not read;
    from an event file also the event's ``name`` and ``startAt`` (else "" and None)."""

    source: str = ""
    index: int = 0
    lines: list[RawLine] = field(default_factory=list)
    problems: list[LineProblem] = field(default_factory=list)
    event: str = ""
    started: str | None = None


def _quantity(number: int, text: str, raw: str, name: str) -> LineProblem | None:
    if not name:
        return LineProblem(number, text, f"{limits.quote(text.strip())} has a quantity but no "
                                         "card name")
    value = limits.parse_int(raw, limits.COUNT_DIGITS)
    if value is None or not 1 <= value <= MAX_QUANTITY:
        shown = raw if len(raw) <= 12 else raw[:11] + "…"
        return LineProblem(number, text, f"quantity {shown} for "
                                         f"{limits.quote(name)}: a line needs 1 to "
                                         f"{MAX_QUANTITY} copies")
    return None


def header_zone(stripped: str) -> Zone | None:
    """The zone a header line names (``# Main Deck``, ``Sideboard:``, ``MAIN DECK (60)``,
    ``Maindeck``, any case), or None when ``stripped`` is no header."""
    text = stripped.lstrip("#").strip().lower()
    if text.endswith(":"):
        text = text[:-1].rstrip()
    if text.endswith(")"):  # a count: "Main Deck (60)"
        opening = text.rfind("(")
        count = text[opening + 1:-1].strip()
        if opening < 0 or not count or count.strip(_DIGITS):
            return None
        text = text[:opening].rstrip()
    for word, zone in _ZONES:
        if text.startswith(word) and text[len(word):].strip() in ("", "deck", "board"):
            return zone
    return None


def card_line(stripped: str) -> tuple[str, str] | None:
    """``(quantity digits, name)`` of a card line ``N Name``, ``Nx Name``, ``N x Name`` or
    ``N× Name`` (ASCII digits only), or None when ``stripped`` does not start with a digit.

    One pass over the line, no regular expression: time grows with the line's length only.
    """
    end = len(stripped) - len(stripped.lstrip(_DIGITS))
    if end == 0:
        return None
    rest = stripped[end:].lstrip()
    if rest[:1] == "×" or (rest[:1] in ("x", "X") and not _word_char(rest[1:2])):
        rest = rest[1:]
    return stripped[:end], rest.strip()


def _word_char(char: str) -> bool:
    return bool(char) and (char.isalnum() or char == "_")


def parse_text(text: str, source: str = "") -> ParsedList:
    """Read a decklist text.

    Returns:
        The lines read, and one :class:`LineProblem` per line that is not a header, a
        comment, blank or ``QUANTITY NAME`` (or has a quantity outside 1–99).

    Raises:
        InvalidData: the text has more than :data:`MAX_LINES` lines or a line longer than
            :data:`MAX_LINE_CHARS` characters (checked before any line is read).
    """
    out = ParsedList(source=source)
    lines = limits.bounded_lines(text, source or "the decklist", MAX_LINES, MAX_LINE_CHARS,
                                 "a decklist")
    zone: Zone | None = None
    for number, line in enumerate(lines, start=1):
        stripped = line.strip().lstrip("\ufeff")
        if not stripped or stripped.startswith("//"):
            continue
        header = header_zone(stripped)
        if header is not None:
            zone = header
            continue
        if stripped.startswith("#"):
            continue
        found = card_line(stripped)
        if found is None:
            out.problems.append(LineProblem(number, line, _not_a_line(stripped)))
            continue
        raw, name = found
        problem = _quantity(number, line, raw, name)
        if problem is not None:
            out.problems.append(problem)
            continue
        out.lines.append(RawLine(zone, int(raw), name, stripped, number))
    return out


def _not_a_line(stripped: str) -> str:
    if stripped[0].isdigit():  # "٤ Backstep": a digit, but not 0-9
        return (f"{limits.quote(stripped)}: write the quantity with the digits 0-9 "
                "(e.g. '4 Backstep')")
    return f"{limits.quote(stripped)} is not 'QUANTITY NAME' (e.g. '4 Backstep')"


def parse_event(data: Any, source: str = "") -> list[ParsedList]:
    """The decklists of an Omnidex event object (or of one decklist object), in file order.

    Raises:
        InvalidData: the object is neither, holds no decklist, or a decklist or one of its
            zones is not of the event's shape (``{"main": 5}``).
    """
    where = source or "the JSON"
    if isinstance(data, dict) and isinstance(data.get("decklists"), list):
        lists = data["decklists"]
    elif isinstance(data, dict) and any(z.value in data for z in (Zone.MATERIAL, Zone.MAIN)):
        lists = [data]
    else:
        raise InvalidData(f"{where}: not an event with 'decklists' nor a "
                          "decklist {material, main, sideboard}")
    if not lists:
        raise InvalidData(f"no decklist in {where}")
    out = [_json_list(item, source, index) for index, item in enumerate(lists)]
    name, started = data.get("name"), data.get("startAt")
    started = started[:40] if isinstance(started, str) else None
    why = moment_problem(started) if "decklists" in data else None
    if why is not None:  # the moment every decklist is checked as of: no guess in its place
        raise InvalidData(f"{where}: the event's startAt: {why}")
    for parsed in out if "decklists" in data else ():
        parsed.event = name.strip()[:200] if isinstance(name, str) else ""
        parsed.started = started
    return out


def _json_list(item: Any, source: str, index: int) -> ParsedList:
    out, where = ParsedList(source=source, index=index), source or "the JSON"
    if not isinstance(item, dict):
        raise InvalidData(f"{where}: decklist {index + 1} is not an object")
    number = 0
    for zone in (Zone.MATERIAL, Zone.MAIN, Zone.SIDEBOARD):
        entries = item.get(zone.value)
        if entries is None:
            continue
        if not isinstance(entries, list):
            raise InvalidData(f"{where}: decklist {index + 1}: {zone.value!r} is not a list "
                              f"of cards but {limits.quote(str(entries), 40)}")
        for entry in entries:
            number += 1
            if not isinstance(entry, dict):
                out.problems.append(LineProblem(number, limits.quote(str(entry)),
                                                "not a card entry"))
                continue
            name = str(entry.get("name") or "").strip()
            qty = entry.get("qty")
            text = f"{qty} {name}"
            if not isinstance(qty, int) or isinstance(qty, bool):
                out.problems.append(LineProblem(number, text, f"{limits.quote(name)}: qty is "
                                                "not a number"))
                continue
            # Most entries are fine: only a name or quantity out of bounds needs the check
            # that words the problem (the same check a text line gets).
            if not (name and 1 <= qty <= MAX_QUANTITY):
                problem = _quantity(number, text, str(qty), name)
                if problem is not None:
                    out.problems.append(problem)
                    continue
            slug = entry.get("slug")
            out.lines.append(RawLine(zone, qty, name, text, number,
                                     slug if isinstance(slug, str) else None))
    return out


def _looks_like_json(text: str) -> bool:
    return text.lstrip()[:1] in ("{", "[")


def parse_pasted(text: str, name: str = "") -> list[ParsedList]:
    """The decklists of pasted ``text``: an Omnidex event or decklist object when the text
    is such JSON (each decklist, under its own name), else one text decklist ``name``.

    Text that merely starts with ``{`` or ``[`` but is not JSON is read as text, so its
    lines are reported one by one as any other text's; JSON of another shape is refused.

    Raises:
        InvalidData: the text is larger than :data:`MAX_BYTES` (as UTF-8), JSON nested
            deeper than :data:`MAX_DEPTH` or of the wrong shape, or text over the line
            limits of :func:`parse_text`.
    """
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_BYTES:
        raise InvalidData(f"the pasted text has {size:,} bytes; a decklist has at most "
                          f"{MAX_BYTES:,}")
    if _looks_like_json(text):
        try:
            data = limits.load_json(text, "the pasted text", max_depth=MAX_DEPTH)
        except limits.NotJson:
            pass
        else:
            return parse_event(data, name or "the pasted text")
    limits.bounded_lines(text, "the pasted text", MAX_LINES, MAX_LINE_CHARS, "a decklist")
    return [parse_text(text, name)]


def read_decklists(path: Path) -> list[ParsedList]:
    """Read a decklist file: event JSON (every decklist in it) or text (one decklist).

    Limits (checked before the work, :mod:`app.limits`): :data:`MAX_BYTES` bytes; JSON at
    most :data:`MAX_DEPTH` deep with numbers of at most 18 digits; text at most
    :data:`MAX_LINES` lines of :data:`MAX_LINE_CHARS` characters.

    Raises:
        InvalidData: the file cannot be read, is binary, too large, not UTF-8, malformed
            JSON or JSON of another shape, or text over the line limits (one line each).
    """
    text = read_decklist_text(path)
    if _looks_like_json(text):
        return parse_event(limits.load_json(text, str(path), max_depth=MAX_DEPTH), str(path))
    return [parse_text(text, str(path))]


def read_decklist_text(path: Path) -> str:
    """The text of the decklist file ``path`` (text or event JSON), as :func:`read_decklists`
    reads it: a regular file (:func:`app.limits.open_regular`) of at most :data:`MAX_BYTES`
    bytes of UTF-8.

    Raises:
        InvalidData: the file is not a regular file (``NotRegularFile``, at once: a FIFO
            is never waited on), cannot be read, is too large, binary or not UTF-8.
    """
    data = limits.read_bounded(path, MAX_BYTES, "a decklist")
    return limits.decode_text(data, str(path), "a decklist")
