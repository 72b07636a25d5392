"""What a window shows about syncing: when the catalogue was last synced
and from which API (the ``meta`` keys :mod:`app.sync.apply` writes), whether an API answers,
whether a text is an API URL at all, and a sync's progress and outcome in words.
No Qt; the GUI calls the I/O here (:func:`read_status`, :func:`probe`) in a worker.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from app.model.status import SyncStatus
from app.store.db.meta import read_meta
from app.sync.common import (
    META_API,
    META_COMPLETE,
    META_FINISHED,
    api_host,
)
from app.sync.common import local_time_text as local_time_text  # its former home

if TYPE_CHECKING:  # the window reads the sync state at start-up without them
    from app.store import Store
    from app.sync.progress import Progress, ProgressFn
    from app.sync.report import SyncReport

log = logging.getLogger("app.sync")
PROBE_ENDPOINT = "featured_sets"
PROBE_TIMEOUT = 3.0
UNITS = {"lists": "lists", "cards": "pages", "verify": "cards", "thema": "histories",
         "images": "images", "apply": "steps"}
"""What a phase counts when it knows its total (the crawl counts look-ups, total unknown)."""


def parse_stamp(text: str | None) -> datetime | None:
    """A ``meta`` time stamp (``2026-11-21T14:04:05.123Z``) as an aware UTC datetime, or None
    when absent or unreadable."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def read_status(store: Store) -> SyncStatus:
    """The sync state of ``store`` (reads SQLite: call it off the GUI thread).

    Raises:
        sqlite3.Error: the catalogue cannot be read.
    """
    meta = read_meta(store, "sync.")
    return SyncStatus(meta.get(META_API) or None, parse_stamp(meta.get(META_FINISHED)),
                      parse_stamp(meta.get(META_COMPLETE)))


def probe(api_url: str, timeout: float = PROBE_TIMEOUT) -> str | None:
    """Ask the API for ``/featured-sets`` (headers only, one attempt) to learn whether it
    answers, through the one upstream client (:class:`app.net.blocking.BlockingClient`).

    Blocks for up to about ``timeout`` seconds: call it off the GUI thread.

    Returns:
        None when the API answered 200; otherwise why it is not usable (one line).
    """
    # here, not at the top: the window imports this module at start-up (no httpx then)
    from app.errors import UpstreamError
    from app.net.blocking import BlockingClient
    from app.net.policy import ClientSettings

    try:
        with BlockingClient(api_url, ClientSettings(timeout=timeout, retries=0)) as client:
            status = client.status(PROBE_ENDPOINT)
    except UpstreamError as exc:
        log.info("probe of %s failed: %s", api_url, exc.message)
        cause = exc.__cause__.__class__.__name__ if exc.__cause__ else "no answer"
        return f"{api_host(api_url)} does not answer ({cause})"
    if status == 200:
        return None
    return f"{api_host(api_url)} answered {status}"


def throttled(emit: Callable[[Progress], None], interval: float = 0.1) -> ProgressFn:
    """A progress callback that passes a report on at most every ``interval`` seconds
    (about ten a second), and always when the phase, its total or its note changes; before a new
    phase, the last report held back of the previous one (its final count) goes first."""
    last: Progress | None = None
    held: Progress | None = None
    when = float("-inf")

    def report(progress: Progress) -> None:
        nonlocal last, held, when
        now = time.monotonic()
        fresh = last is None or (progress.phase, progress.total, progress.note) != (
            last.phase, last.total, last.note)
        if fresh and held is not None:
            emit(held)
        if fresh or now - when >= interval:
            emit(progress)
            last, held, when = progress, None, now
        else:
            held = progress

    return report


def size_text(size: float) -> str:
    """``820 KB``, ``12.4 MB`` (decimal units, as the CLI)."""
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{size / 1e3:.0f} KB"


def duration_text(seconds: float) -> str:
    """``8 s``, ``3 min``, ``1 h 5 min``."""
    if seconds < 60:
        return f"{max(1, round(seconds))} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60} min"


def progress_lines(progress: Progress, phase_started: float) -> tuple[str, str]:
    """``(traffic, pace)`` of a progress report: ``1.2 MB received (300 KB/s) · 45 requests``
    and ``12 pages done · 4.0 per second · about 8 s left`` (``phase_started``: the report's
    ``elapsed`` when its phase began; the pace waits for half a second of the phase)."""
    speed = progress.bytes / progress.elapsed if progress.elapsed > 0 else 0.0
    traffic = (f"{size_text(progress.bytes)} received ({size_text(speed)}/s) · "
               f"{progress.requests:,} requests")
    unit = UNITS.get(progress.phase, "items") if progress.total else "look-ups"
    spent, done = progress.elapsed - phase_started, progress.done
    if done <= 0:
        return traffic, ""
    if spent < 0.5:
        return traffic, f"{done:,} {unit} done"
    pace = f"{done:,} {unit} done · {done / spent:,.1f} per second"
    if progress.total:
        pace += f" · about {duration_text(max(0, progress.total - done) * spent / done)} left"
    return traffic, pace


def report_counts(report: SyncReport) -> dict[str, tuple[int, int, int, int]]:
    """``{"cards": (new, changed, removed, unchanged), "editions": (…)}`` of a sync."""
    w = report.write
    return {"cards": (w.new, w.changed, w.removed, report.cards_unchanged),
            "editions": (w.editions_new, w.editions_changed, w.editions_removed,
                         report.editions_unchanged)}


def report_lines(report: SyncReport) -> list[str]:
    """The rest of a sync's summary: images, invalid records, traffic and time, totals."""
    how = ("changed cards only" if report.incremental else "every card listed") + (
        ", resumed" if report.resumed else "")
    t = report.totals
    lines = [
        f"Images: {report.images:,} downloaded ({size_text(report.image_bytes)}) · "
        f"{report.images_adopted:,} already stored · {report.images_not_found:,} not offered "
        f"· logos: {report.logos:,}",
        f"Thema history entries: {report.thema_entries:,}",
        f"{report.requests:,} requests ({report.retries:,} retried"
        f"{f', {report.not_modified:,} not modified' if report.not_modified else ''}) · "
        f"{size_text(report.bytes)} received · {report.seconds:.1f} s · {how}",
        f"The catalogue holds {t.get('cards', 0):,} cards, {t.get('editions', 0):,} "
        f"editions and {t.get('images', 0):,} images.",
    ]
    if report.rejected:
        lines.insert(3, f"{len(report.rejected):,} invalid records were skipped (see the log).")
    return lines
