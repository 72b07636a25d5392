"""Progress of a sync, reported to a callback (the CLI's tqdm bar, later a Qt dialog).

The engine calls the callback from its own thread, at most every ``min_interval`` seconds
within a phase and always when a phase starts. A GUI forwards each :class:`Progress` to its
thread by signal; the callback must not block.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from app.errors import ArchivistError

PHASES: dict[str, str] = {
    "connect": "Connecting",
    "lists": "Featured sets, options, ranks",
    "cards": "Cards",
    "verify": "Checking cards gone upstream",
    "thema": "Thema history",
    "images": "Images",
    "apply": "Saving the catalogue",
}
"""Phase name → a label a person reads, in the order a sync runs them."""


CANCELLED = "sync interrupted; run it again to resume"
UNCHANGED = "Your catalogue is unchanged; you can keep browsing."
"""Said after a sync that could not reach its API (the CLI and the window alike)."""


class SyncCancelled(ArchivistError):
    """The sync was cancelled (cancel flag or Ctrl-C); the catalogue is unchanged and the
    next sync resumes from the staging file."""

    status = 499


@dataclass(frozen=True)
class Progress:
    """One progress report.

    Attributes:
        phase: a key of :data:`PHASES`. label: its human label.
        done: items of the phase done (pages, probes, cards, entries, images).
        total: items of the phase in all, or None while unknown (the crawl).
        requests: HTTP requests sent by the whole sync so far (retries included).
        bytes: response body bytes received so far, as sent on the wire.
        elapsed: seconds since the sync started.
        note: a passing remark, e.g. ``retrying in 4 s… (the server answered 503)``; empty
            when there is none.
    """

    phase: str
    label: str
    done: int
    total: int | None
    requests: int
    bytes: int
    elapsed: float
    note: str = ""


ProgressFn = Callable[[Progress], None]


@dataclass
class Counters:
    """Traffic of one sync: requests (retries included), retries, wire bytes, seconds waited
    before retries (exponential backoff and ``Retry-After``), answers ``304 Not Modified``
    (conditional requests, :mod:`app.net.validators`)."""

    requests: int = 0
    retries: int = 0
    bytes: int = 0
    waited: float = 0.0
    not_modified: int = 0


@dataclass
class Tracker:
    """Keeps the current phase's counts and reports them to ``callback``, throttled.

    Args:
        callback: receives :class:`Progress`; None to track silently.
        counters: the sync's traffic counters (shared with the HTTP client).
        cancel: when set, the next phase does not start (:class:`SyncCancelled`).
        min_interval: least seconds between two reports of the same phase.
    """

    callback: ProgressFn | None
    counters: Counters
    cancel: threading.Event | None = None
    min_interval: float = 0.05
    phase_name: str = "connect"
    done: int = 0
    total: int | None = None
    started: float = field(default_factory=time.perf_counter)
    phase_seconds: dict[str, float] = field(default_factory=dict)
    _phase_started: float = field(default_factory=time.perf_counter)
    _last: float = 0.0
    note: str = ""

    def phase(self, name: str, total: int | None = None) -> None:
        """Start phase ``name`` (a key of :data:`PHASES`) with ``total`` items (None: unknown).

        Raises:
            SyncCancelled: the cancel flag is set.
        """
        if self.cancel is not None and self.cancel.is_set():
            raise SyncCancelled(CANCELLED)
        self.emit(force=True)  # the closing phase's final count, which throttling may skip
        self._close_phase()
        self.phase_name, self.done, self.total, self.note = name, 0, total, ""
        self.emit(force=True)

    def set_total(self, total: int | None) -> None:
        """Set the current phase's total once it is known."""
        self.total = total
        self.emit(force=True)

    def advance(self, items: int = 1) -> None:
        """Count ``items`` more done in the current phase."""
        self.done += items
        forced = bool(self.note)
        self.note = ""
        self.emit(force=forced)

    def retrying(self, problem: str, delay: float) -> None:
        """A request failed for a passing reason and is tried again in ``delay`` seconds:
        report it at once (the note lasts until the next item is done)."""
        self.note = f"retrying in {max(1, round(delay))} s… ({problem})"
        self.emit(force=True)

    def finish(self) -> None:
        """End the last phase (its seconds go to :attr:`phase_seconds`) and report it."""
        self.emit(force=True)
        self._close_phase()

    def emit(self, force: bool = False) -> None:
        """Report the current state now (``force``) or when ``min_interval`` has passed."""
        now = time.perf_counter()
        if self.callback is None or (not force and now - self._last < self.min_interval):
            return
        self._last = now
        self.callback(Progress(
            self.phase_name, PHASES.get(self.phase_name, self.phase_name), self.done,
            self.total, self.counters.requests, self.counters.bytes, now - self.started,
            self.note,
        ))

    def _close_phase(self) -> None:
        now = time.perf_counter()
        spent = now - self._phase_started
        self.phase_seconds[self.phase_name] = self.phase_seconds.get(self.phase_name, 0.0) + spent
        self._phase_started = now
