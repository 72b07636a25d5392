"""The moment a deck is checked as of (spec/decks.md, Legality at a moment).

``latest`` (None) means the newest version of every card; a date means the start of that
UTC day; a timestamp is taken as written (UTC when it has no zone). An Omnidex event file
carries its start as ``startAt``.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time

from app.errors import InvalidRequest

LATEST = "latest"
MAX_LENGTH = 40
"""The longest moment text read (an ISO timestamp with fraction and offset is ~32)."""


def parse_moment(text: str | None) -> datetime | None:
    """The moment ``text`` names: None for ``latest`` (or empty), else an aware UTC datetime.

    Raises:
        InvalidRequest: neither ``latest``, a date ``YYYY-MM-DD`` nor an ISO timestamp, or
            a timestamp whose UTC time falls outside the years 1 to 9999.
    """
    value = (text or "").strip()
    if not value or value.lower() == LATEST:
        return None
    if len(value) > MAX_LENGTH:
        raise InvalidRequest(f"{value[:MAX_LENGTH]!r}…: not a date (YYYY-MM-DD), a timestamp "
                             "or 'latest'")
    try:
        if len(value) == 10:
            return datetime.combine(date.fromisoformat(value), time(), UTC)
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise InvalidRequest(f"{value!r} is not a date (YYYY-MM-DD), a timestamp "
                             "(2026-06-27T10:00:00Z) or 'latest'") from None
    try:
        return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC)
    except OverflowError:
        # 9999-12-31T23:59:59-12:00 is a valid timestamp whose UTC time is past year 9999.
        raise InvalidRequest(f"{value!r} is out of range: in UTC it falls before year 1 or "
                             "after year 9999") from None


def event_moment(started: str | None) -> datetime | None:
    """An event's ``startAt`` as a moment; None when it has none or it is unreadable
    (:func:`moment_problem` says why)."""
    try:
        return parse_moment(started) if started else None
    except InvalidRequest:
        return None


def moment_problem(started: str | None) -> str | None:
    """Why an event's ``startAt`` is no moment (None when it is one, or absent)."""
    try:
        parse_moment(started)
    except InvalidRequest as error:
        return error.message
    return None


def iso(moment: datetime | None) -> str | None:
    """``2026-06-27T00:00:00Z`` (None for latest): the form JSON output carries."""
    if moment is None:
        return None
    text = moment.astimezone(UTC).isoformat(timespec="milliseconds"
                                            if moment.microsecond else "seconds")
    return text.replace("+00:00", "Z")


def describe(moment: datetime | None) -> str:
    """How a person reads it: ``2026-06-27`` (a day's start), ``2026-06-27 10:00 UTC``, or
    ``today`` for the latest versions."""
    if moment is None:
        return "today"
    moment = moment.astimezone(UTC)
    if moment.time() == time():
        return moment.date().isoformat()
    return moment.strftime("%Y-%m-%d %H:%M UTC")
