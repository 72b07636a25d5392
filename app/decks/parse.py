"""Reading decklists: the Omnidex text format and its variants, and Omnidex event JSON.

Text (spec/decks.md, Decklist text): headers ``# Material Deck`` / ``# Main Deck`` /
``# Sideboard`` in any case, or ``Material:`` / ``Main:`` / ``Sideboard:``; lines
``N Name``, ``Nx Name`` or ``N x Name``; a line before any header has no zone (it is placed
by the card's type when resolved). ``//`` lines and other ``#`` lines are comments.

Event JSON: ``{…, "decklists": [{"material", "main", "sideboard": [{slug, name, qty}]}]}``
(``../data/gatcg/decklists``), or one such decklist object alone.

Nothing here knows the catalogue; a bad line is a :class:`LineProblem`, the others are kept.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.decks.model import Zone
from app.errors import InvalidData

MAX_QUANTITY = 99
"""The most copies one line may ask for (the largest real line is 12)."""
MAX_LINES = 1000
"""A text with more lines is refused whole: no decklist is that long."""
MAX_BYTES = 2_000_000

_HEADER = re.compile(
    r"^\s*#*\s*(material|main|side)\s*(deck|board)?\s*(\(\s*\d+\s*\))?\s*:?\s*$", re.I)
_LINE = re.compile(r"^\s*(\d+)\s*(?:x\b|×)?\s*(.*?)\s*$", re.I)
_ZONES = {"material": Zone.MATERIAL, "main": Zone.MAIN, "side": Zone.SIDEBOARD}


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
    value = int(raw)
    if not name:
        return LineProblem(number, text, f"{text.strip()!r} has a quantity but no card name")
    if not 1 <= value <= MAX_QUANTITY:
        return LineProblem(number, text, f"quantity {raw} for {name!r}: a line needs "
                                         f"1 to {MAX_QUANTITY} copies")
    return None


def parse_text(text: str, source: str = "") -> ParsedList:
    """Read a decklist text.

    Returns:
        The lines read, and one :class:`LineProblem` per line that is not a header, a
        comment, blank or ``QUANTITY NAME`` (or has a quantity outside 1–99).
    """
    out = ParsedList(source=source)
    lines = text.splitlines()
    if len(lines) > MAX_LINES:
        out.problems.append(LineProblem(0, "", f"the text has {len(lines):,} lines; a "
                                        f"decklist has at most {MAX_LINES:,}: nothing was read"))
        return out
    zone: Zone | None = None
    for number, line in enumerate(lines, start=1):
        stripped = line.strip().lstrip("\ufeff")
        if not stripped or stripped.startswith("//"):
            continue
        header = _HEADER.match(stripped)
        if header:
            zone = _ZONES[header.group(1).lower()]
            continue
        if stripped.startswith("#"):
            continue
        match = _LINE.match(stripped)
        if match is None:
            out.problems.append(LineProblem(number, line, f"{_short(stripped)} is not "
                                            "'QUANTITY NAME' (e.g. '4 Backstep')"))
            continue
        raw, name = match.group(1), match.group(2)
        problem = _quantity(number, line, raw, name)
        if problem is not None:
            out.problems.append(problem)
            continue
        out.lines.append(RawLine(zone, int(raw), name, stripped, number))
    return out


def _short(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "…")


def parse_event(data: Any, source: str = "") -> list[ParsedList]:
    """The decklists of an Omnidex event object (or of one decklist object), in file order.

    Raises:
        InvalidData: the object is neither.
    """
    if isinstance(data, dict) and isinstance(data.get("decklists"), list):
        lists = data["decklists"]
    elif isinstance(data, dict) and any(z.value in data for z in (Zone.MATERIAL, Zone.MAIN)):
        lists = [data]
    else:
        raise InvalidData(f"{source or 'the JSON'}: not an event with 'decklists' nor a "
                          "decklist {material, main, sideboard}")
    out = [_json_list(item, source, index) for index, item in enumerate(lists)]
    name, started = data.get("name"), data.get("startAt")
    for parsed in out if "decklists" in data else ():
        parsed.event = name.strip()[:200] if isinstance(name, str) else ""
        parsed.started = started[:40] if isinstance(started, str) else None
    return out


def _json_list(item: Any, source: str, index: int) -> ParsedList:
    out = ParsedList(source=source, index=index)
    if not isinstance(item, dict):
        out.problems.append(LineProblem(0, "", f"decklist {index} is not an object"))
        return out
    number = 0
    for zone in (Zone.MATERIAL, Zone.MAIN, Zone.SIDEBOARD):
        for entry in item.get(zone.value) or []:
            number += 1
            if not isinstance(entry, dict):
                out.problems.append(LineProblem(number, str(entry)[:60], "not a card entry"))
                continue
            name = str(entry.get("name") or "").strip()
            qty = entry.get("qty")
            text = f"{qty} {name}"
            if not isinstance(qty, int) or isinstance(qty, bool):
                out.problems.append(LineProblem(number, text, f"{name!r}: qty is not a number"))
                continue
            problem = _quantity(number, text, str(qty), name)
            if problem is not None:
                out.problems.append(problem)
                continue
            slug = entry.get("slug")
            out.lines.append(RawLine(zone, qty, name, text, number,
                                     slug if isinstance(slug, str) else None))
    return out


def parse_pasted(text: str, name: str = "") -> list[ParsedList]:
    """The decklists of pasted ``text``: an Omnidex event or decklist object when the text
    is such JSON (each decklist, under its own name), else one text decklist ``name``.

    Text that merely starts with ``{`` or ``[`` but is not such JSON is read as text, so its
    lines are reported one by one as any other text's.
    """
    if text.lstrip().startswith(("{", "[")):
        try:
            return parse_event(json.loads(text), name)
        except (json.JSONDecodeError, InvalidData):
            pass
    return [parse_text(text, name)]


def read_decklists(path: Path) -> list[ParsedList]:
    """Read a decklist file: event JSON (every decklist in it) or text (one decklist).

    Raises:
        InvalidData: the file cannot be read, is binary, too large, or is malformed JSON.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise InvalidData(f"{path}: cannot be read ({exc.strerror or exc})") from exc
    if len(data) > MAX_BYTES:
        raise InvalidData(f"{path}: {len(data):,} bytes is too large for a decklist")
    if b"\x00" in data:
        raise InvalidData(f"{path}: a binary file, not a decklist")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidData(f"{path}: not UTF-8 text (byte {exc.start})") from exc
    if text.lstrip().startswith(("{", "[")):
        try:
            return parse_event(json.loads(text), str(path))
        except json.JSONDecodeError as exc:
            raise InvalidData(f"{path}: not valid JSON at line {exc.lineno}") from exc
    return [parse_text(text, str(path))]
