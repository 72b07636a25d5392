"""The request parameters of endpoint 7: the date range (spec: Endpoints, rules 3 and 4), the
circulation kind and the edition uuid.

"One year" is calendar based: the same month and day of the adjacent year, and February 29
becomes February 28 in a year without it. Both ends of a range are inclusive, so the default
range 2025-04-04..2026-04-04 covers 366 days, which span exactly one year.
"""

from __future__ import annotations

import re
from datetime import date

from app.errors import InvalidRequest
from app.model.vocabulary import CIRCULATION_KINDS

KINDS = tuple(k.value for k in CIRCULATION_KINDS)
"""The circulation kinds endpoint 7 accepts (``/option/search`` ``circulation`` values)."""

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_UUID = re.compile(r"[A-Za-z0-9]{10}")


def shift_years(day: date, years: int) -> date:
    """The same month and day ``years`` later (or earlier); February 29 → February 28.

    Raises:
        InvalidRequest: the result is outside the years 1..9999.
    """
    year = day.year + years
    if not 1 <= year <= 9999:
        raise InvalidRequest(f"The date {day.isoformat()} is too close to the end of the calendar")
    if day.month == 2 and day.day == 29:
        try:
            return day.replace(year=year)
        except ValueError:
            return day.replace(year=year, day=28)
    return day.replace(year=year)


def parse_date(value: str, name: str) -> date:
    """Parse a ``YYYY-MM-DD`` query parameter.

    Args:
        value: the parameter as sent.
        name: the parameter's name (``from`` or ``to``) for the message.

    Raises:
        InvalidRequest: not of the shape YYYY-MM-DD, or not a real date (2026-02-30).
    """
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        raise InvalidRequest(f"The parameter {name!r} must be a date YYYY-MM-DD, got {value!r}")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise InvalidRequest(
            f"The parameter {name!r} is not a real date: {value!r} does not exist"
        ) from None


def resolve_range(from_: str | None, to: str | None, today: date) -> tuple[date, date]:
    """The inclusive date range of an endpoint 7 request (spec: Endpoints, rule 3).

    - neither given: one year before ``today`` .. ``today``;
    - only ``from``: ``from`` .. one year after ``from``;
    - only ``to``: one year before ``to`` .. ``to``;
    - both: as given; ``from`` must not be after ``to`` and ``to`` must be at most one year
      after ``from`` (exactly one year is accepted, one year and one day is not).

    Args:
        from_: the ``from`` query parameter (``YYYY-MM-DD``) or None when absent.
        to: the ``to`` query parameter or None when absent.
        today: the current date (UTC), for the defaults.

    Returns:
        ``(start, end)``, both inclusive.

    Raises:
        InvalidRequest: a malformed or impossible date, ``from`` after ``to``, or a range
            longer than one year.
    """
    start = None if from_ is None else parse_date(from_, "from")
    end = None if to is None else parse_date(to, "to")
    if start is None:
        return (shift_years(today, -1), today) if end is None else (shift_years(end, -1), end)
    if end is None:
        return start, shift_years(start, 1)
    if start > end:
        raise InvalidRequest(
            f"The date range is reversed: from {start.isoformat()} is after to {end.isoformat()}"
        )
    latest = shift_years(start, 1)
    if end > latest:
        raise InvalidRequest(
            f"The date range {start.isoformat()}..{end.isoformat()} is longer than one year; "
            f"with from {start.isoformat()}, to can be at most {latest.isoformat()}"
        )
    return start, end


def validate_kind(kind: str | None) -> str:
    """The circulation kind of an endpoint 7 request, upper-cased.

    The spec leaves kind's values and whether it is required "not shown"; Archivist requires
    it and accepts the ``/option/search`` circulation values in any letter case.

    Raises:
        InvalidRequest: kind is missing or not FOIL / NONFOIL.
    """
    allowed = " or ".join(KINDS)
    if kind is None or kind == "":
        raise InvalidRequest(f"The parameter 'kind' is required: {allowed}")
    if not isinstance(kind, str) or not kind.isascii() or kind.upper() not in KINDS:
        raise InvalidRequest(f"The parameter 'kind' must be {allowed}, got {kind!r}")
    return kind.upper()


def validate_edition_uuid(uuid: str) -> str:
    """Check the ``edition_uuid`` path parameter of endpoint 7: 10 alphanumerics.

    Raises:
        InvalidRequest: not a 10-character alphanumeric string.
    """
    if not isinstance(uuid, str) or not _UUID.fullmatch(uuid):
        raise InvalidRequest(
            f"An edition uuid is 10 letters or digits, got {str(uuid)[:40]!r}"
        )
    return uuid
