"""Which backups of one file are kept: the newest :data:`KEEP_LAST`, plus the newest of
each of the last :data:`KEEP_WEEKS` calendar weeks (Monday to Sunday, UTC).

A calendar week, not "seven days before now", so that the backup kept for a week stays
the same one as days pass: a sliding window would keep a different backup each day and
prune the one it kept yesterday.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

KEEP_LAST = 10
"""How many of the newest backups of each file are always kept."""
KEEP_WEEKS = 8
"""For how many calendar weeks (this one included) one backup a week is kept."""


def kept(made: Sequence[datetime], now: datetime) -> set[datetime]:
    """The times (of ``made``, each a backup's UTC time) whose backups are kept.

    Args:
        made: when each backup was made (timezone-aware, any order, no duplicates).
        now: the time of the pruning (the clock is an argument so it can be tested).

    Returns:
        The newest :data:`KEEP_LAST` times, and the newest time of each calendar week
        from ``now``'s week back :data:`KEEP_WEEKS` - 1 weeks.
    """
    newest_first = sorted(made, reverse=True)
    keep = set(newest_first[:KEEP_LAST])
    this_monday = (now - timedelta(days=now.weekday())).date()
    weeks_seen: set[int] = set()
    for time in newest_first:
        week = (this_monday - (time - timedelta(days=time.weekday())).date()).days // 7
        if 0 <= week < KEEP_WEEKS and week not in weeks_seen:
            weeks_seen.add(week)
            keep.add(time)
    return keep
