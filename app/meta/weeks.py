"""Weeks and halves of a range of days (UTC dates, ``YYYY-MM-DD``)."""

from __future__ import annotations

from datetime import date, timedelta


def week_of(day: str) -> str:
    """The Monday that starts the ISO week of ``day`` (``2026-04-29`` → ``2026-04-27``)."""
    moment = date.fromisoformat(day)
    return (moment - timedelta(days=moment.weekday())).isoformat()


def middle(first: str, last: str) -> str:
    """The first day of the second half of the days ``first``..``last``: a range of 20
    days splits 10 and 10, one of 5 splits 3 and 2 (a single day has no second half)."""
    start, end = date.fromisoformat(first), date.fromisoformat(last)
    days = (end - start).days + 1
    return (start + timedelta(days=(days + 1) // 2)).isoformat()
