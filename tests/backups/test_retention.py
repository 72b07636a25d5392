"""Which backups are kept: the last 10 of each file plus one a week for 8 weeks."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from app.backups import backups_in, make_backup
from app.backups.retention import kept
from tests.backups.conftest import MONDAY, owned


def test_the_newest_ten_are_kept_whatever_their_age() -> None:
    made = [MONDAY - timedelta(days=100 + n) for n in range(12)]
    assert kept(made, MONDAY) == set(made[:10])


def test_one_a_week_is_kept_for_eight_weeks_besides_the_last_ten() -> None:
    """Three backups a day for 90 days: the newest 10 (back to Friday), then the newest of
    each of the calendar weeks before them, 8 weeks in all with this one; nothing older."""
    made = [MONDAY - timedelta(hours=8 * n) for n in range(270)]
    keep = kept(made, MONDAY)
    weekly = sorted(keep - set(made[:10]), reverse=True)
    # this week's and last week's newest are among the last 10; the newest of each earlier
    # week is its Sunday's last backup
    assert [t.strftime("%a %d %b %H:%M") for t in weekly] == [
        "Sun 15 Nov 20:00", "Sun 08 Nov 20:00", "Sun 01 Nov 20:00", "Sun 25 Oct 20:00",
        "Sun 18 Oct 20:00", "Sun 11 Oct 20:00"]
    assert len(keep) == 16


def test_pruning_day_after_day_keeps_a_stable_weekly_backup(tmp_path: Path) -> None:
    """A backup a day for 70 days, pruned as each is made (a fake clock): the backups on
    disk are the last 10 days and one a week for the 8 weeks, and each week's backup is
    the one it was when its week ended."""
    owned(tmp_path, 3)
    live = tmp_path / "collection.sqlite3"
    for day in range(70):
        make_backup(live, "daily", MONDAY - timedelta(days=69 - day))
    days = [b.made.date().isoformat() for b in backups_in(tmp_path / "backups")]
    assert days[:10] == [(MONDAY - timedelta(days=n)).date().isoformat() for n in range(10)]
    assert days[10:] == ["2026-11-08", "2026-11-01", "2026-10-25", "2026-10-18",
                         "2026-10-11"]
    assert len(list((tmp_path / "backups").iterdir())) == 15  # nothing else left behind


def test_many_replaces_in_a_day_keep_each_days_daily_backup(tmp_path: Path) -> None:
    """A daily backup each morning for 9 days, then 12 backups before replacing the
    collection each afternoon (a fake clock): each of the last 8 days keeps its morning's
    daily backup; the ninth day's is pruned (older than 8 days, not the week's newest)."""
    owned(tmp_path, 3)
    live = tmp_path / "collection.sqlite3"
    start = MONDAY.replace(hour=0) - timedelta(days=8)  # Sunday 15 Nov
    for day in range(9):
        morning = start + timedelta(days=day, hours=8)
        make_backup(live, "daily", morning)
        for n in range(12):
            make_backup(live, "before-replace", morning + timedelta(hours=6, minutes=n))
    found = backups_in(tmp_path / "backups")
    dailies = sorted(b.made.strftime("%a %d") for b in found if b.reason == "daily")
    assert dailies == sorted(["Mon 16", "Tue 17", "Wed 18", "Thu 19", "Fri 20", "Sat 21",
                              "Sun 22", "Mon 23"])
    assert sum(b.reason == "before-replace" for b in found) >= 10
