"""Which backups of one file are kept: the newest :data:`KEEP_LAST`, the newest daily
backup of each of the last :data:`KEEP_DAYS` days (UTC), plus the newest of each of the
last :data:`KEEP_WEEKS` calendar weeks (Monday to Sunday, UTC).

The daily backups are kept by day besides the last ten because many changes in one day
(ten imports that replace the collection, each backed up first) would otherwise push out
the morning's daily backup: the file as it was before that day's work.

A calendar week, not "seven days before now", so that the backup kept for a week stays
the same one as days pass: a sliding window would keep a different backup each day and
prune the one it kept yesterday.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import UTC, datetime, timedelta

KEEP_LAST = 10
"""How many of the newest backups of each file are always kept."""
KEEP_WEEKS = 8
"""For how many calendar weeks (this one included) one backup a week is kept."""
KEEP_DAYS = 8
"""For how many days (today included) the newest daily backup of each day is kept."""


def kept(made: Sequence[datetime], now: datetime,
         daily: Collection[datetime] = ()) -> set[datetime]:
    """The times (of ``made``, each a backup's UTC time) whose backups are kept.

    Args:
        made: when each backup was made (timezone-aware, any order, no duplicates).
        now: the time of the pruning (the clock is an argument so it can be tested).
        daily: those of ``made`` that are daily backups (reason ``daily``).

    Returns:
        The newest :data:`KEEP_LAST` times, the newest of ``daily`` on each UTC date from
        ``now``'s back :data:`KEEP_DAYS` - 1 days, and the newest time of each calendar
        week from ``now``'s week back :data:`KEEP_WEEKS` - 1 weeks.
    """
    newest_first = sorted(made, reverse=True)
    keep = set(newest_first[:KEEP_LAST])
    days_seen: set[int] = set()
    for time in newest_first:
        day = (now.astimezone(UTC).date() - time.astimezone(UTC).date()).days
        if time in daily and 0 <= day < KEEP_DAYS and day not in days_seen:
            days_seen.add(day)
            keep.add(time)
    this_monday = (now - timedelta(days=now.weekday())).date()
    weeks_seen: set[int] = set()
    for time in newest_first:
        week = (this_monday - (time - timedelta(days=time.weekday())).date()).days // 7
        if 0 <= week < KEEP_WEEKS and week not in weeks_seen:
            weeks_seen.add(week)
            keep.add(time)
    return keep
