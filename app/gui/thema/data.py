"""One edition's dynamic Thema history for the chart (spec: endpoint 7, rule 3): the request,
its loading in a worker (entries → points per series), the range presets and the CSV export.

Points are ``QPointF(x, y)`` with x the local midnight of the entry's day in milliseconds since
the epoch (what ``QDateTimeAxis`` expects; a daily score belongs to its date, so the axis
shows that date in every time zone).
"""

from __future__ import annotations

import csv
from bisect import bisect_left
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, Protocol

from PySide6.QtCore import QDate, QDateTime, QPointF, QTime

from app.files import open_replacing
from app.gui.thema.models import percent_text, rank_change_text
from app.model.vocabulary import THEMA_ELEMENTS, THEMA_SCORE_KEYS

SERIES = (
    ("total", "Total", "thema_total"), *((e.name, e.title, e.key) for e in THEMA_ELEMENTS),
    ("rank", "Rank", "rank"),
)
"""``(key, label, history entry key)`` of every line of the chart; rank is on its own axis."""
CSV_COLUMNS = ("date", "total", *(e.name for e in THEMA_ELEMENTS), "rank", "rank_change",
               "change")
GENERATED_NOTE = ("GENERATED demo data, not real Thema scores (archivist demo-thema); "
                  "a sync from the API replaces it")
"""Said wherever generated history is shown or exported (banner, PNG, CSV)."""
PRESETS = {"1M": 1, "3M": 3, "6M": 6, "1Y": 12}
"""Range presets and their length in months, ending today."""


class HistorySource(Protocol):
    """Endpoint 7 (``LocalCatalogue`` satisfies it)."""

    def dynamic_thema_history(self, edition_uuid: str, kind: str | None = None,
                              from_: str | None = None, to: str | None = None
                              ) -> list[dict[str, Any]]: ...


def months_before(day: date, months: int) -> date:
    """The same day ``months`` calendar months earlier (the month's last day if shorter)."""
    total = day.year * 12 + day.month - 1 - months
    year, month = divmod(total, 12)
    for last in (day.day, 30, 29, 28):
        try:
            return date(year, month + 1, min(day.day, last))
        except ValueError:
            continue
    raise ValueError(f"no date {months} months before {day}")  # pragma: no cover


def preset_range(preset: str, today: date) -> tuple[date, date]:
    """``(from, to)`` of a preset (``1M``, ``3M``, ``6M``, ``1Y``) ending ``today``."""
    return months_before(today, PRESETS[preset]), today


def day_msecs(day: str | date) -> float:
    """Local midnight of ``day`` (a date or a string starting ``YYYY-MM-DD``) in ms."""
    value = day if isinstance(day, date) else date.fromisoformat(day[:10])
    stamp = QDateTime(QDate(value.year, value.month, value.day), QTime(0, 0))
    return float(stamp.toMSecsSinceEpoch())


@dataclass(frozen=True)
class HistoryRequest:
    """What the chart asks endpoint 7 for: an edition, a circulation kind and a date range."""

    edition_uuid: str
    kind: str
    start: date
    end: date


@dataclass
class History:
    """Endpoint 7's answer for a :class:`HistoryRequest`, ready to draw (``generated``: the
    catalogue's history is GENERATED demo data)."""

    request: HistoryRequest
    entries: list[dict[str, Any]] = field(default_factory=list)
    points: dict[str, list[QPointF]] = field(default_factory=dict)
    xs: list[float] = field(default_factory=list)
    generated: bool = False

    def nearest(self, x: float) -> int | None:
        """The index of the entry whose day is nearest to ``x`` (ms), None when empty."""
        if not self.xs:
            return None
        at = bisect_left(self.xs, x)
        if at == 0:
            return 0
        if at == len(self.xs):
            return at - 1
        return at if self.xs[at] - x < x - self.xs[at - 1] else at - 1


def load_history(catalogue: HistorySource, request: HistoryRequest) -> History:
    """Ask endpoint 7 with explicit ``from`` and ``to`` and build the points (worker side).

    Raises:
        InvalidRequest: the range breaks rule 3 (the message says how). NotFound: no such
            edition.
    """
    entries = catalogue.dynamic_thema_history(
        request.edition_uuid, request.kind, request.start.isoformat(), request.end.isoformat())
    entries = sorted(entries, key=lambda e: str(e.get("created_at") or ""))
    xs = [day_msecs(str(e["created_at"])) for e in entries]
    points = {key: [QPointF(x, float(e[name])) for x, e in zip(xs, entries, strict=True)
                    if isinstance(e.get(name), int | float)]
              for key, _label, name in SERIES}
    marked = getattr(catalogue, "thema_generated", None)  # a local catalogue can tell
    return History(request, entries, points, xs, bool(callable(marked) and marked()))


def csv_rows(entries: list[dict[str, Any]]) -> list[list[Any]]:
    """The rows of :data:`CSV_COLUMNS` (header first) for history ``entries``."""
    rows: list[list[Any]] = [list(CSV_COLUMNS)]
    for e in entries:
        rows.append([str(e.get("created_at") or "")[:10],
                     *(e.get(key) for key in THEMA_SCORE_KEYS), e.get("rank"),
                     e.get("rank_change"), e.get("change")])
    return rows


def write_csv(path: Path, rows: list[list[Any]], comment: str = "") -> Path:
    """Write ``rows`` (see :func:`csv_rows`) as UTF-8 CSV; returns ``path``. A ``comment``
    (such as :data:`GENERATED_NOTE`) comes first as a ``# …`` line.

    Written through :func:`app.files.open_replacing`: whole or not at all.

    Raises:
        WriteFailed: the file cannot be written; it is left as it was.
    """
    with open_replacing(path, text=True, newline="") as out:
        if comment:
            out.write(f"# {comment}\r\n")
        csv.writer(out).writerows(rows)
    return path


def tooltip_text(entry: dict[str, Any]) -> str:
    """The hover text of one day: its date, the total with its change, the elements, rank."""
    day = date.fromisoformat(str(entry.get("created_at"))[:10])
    lines = [f"<b>{day.day} {day:%B %Y}</b>",
             f"Total {entry.get('thema_total')} ({percent_text(entry.get('change'))})"]
    lines += [f"{label} {entry.get(name)}" for _key, label, name in SERIES[1:6]]
    move = rank_change_text(entry.get("rank_change"))
    lines.append(f"Rank {entry.get('rank')}" + (f" ({move})" if move else ""))
    return "<br>".join(lines)
