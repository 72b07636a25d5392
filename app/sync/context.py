"""What every step of a sync shares: its options, the HTTP client, the staging file, the
progress tracker and the local catalogue it reads (never writes) until the final apply."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import date, timedelta

from app.images.store import ImageStore
from app.model import RecordProblem
from app.net.client import UpstreamClient
from app.net.policy import ClientSettings
from app.store.db.connection import Store
from app.sync.common import DEFAULT_API, ImagesMode
from app.sync.progress import Tracker
from app.sync.staging import Staging

log = logging.getLogger("app.sync")


@dataclass(frozen=True)
class SyncOptions:
    """What to sync from where, and how politely.

    Attributes:
        api_url: the API root (the official one, or a mirror such as ``archivist serve``).
        images: card images to fetch: ``none``; ``missing`` (images of editions this sync
            adds or changes that are not stored); ``all`` (every edition image not stored).
            Featured-set logos are always fetched when not stored.
        full: enumerate every card even when an incremental sync is possible.
        full_every: also enumerate every card when the last complete enumeration is older
            than this (the official API does not always move ``last_update``); None: never.
        client: concurrency, timeouts, retries and backoff of the HTTP client.
        page_size: cards per ``/cards/search`` page (the official maximum is 50).
        miss_run: the crawl stops probing a set prefix after this many missing collector
            numbers past the highest number known for it.
        watermark_margin: subtracted from the server's clock at the start of a sync to form
            the next incremental sync's ``last_update`` (covers writes in flight upstream,
            caches, and the whole seconds of the ``Date`` header).
        server_clock: read "now" from the server's ``Date`` header (True), or from the local
            clock (tests, where server and client share one machine and need milliseconds).
        staging_max_age: a staging file older than this is not resumed.
        allow_older: store records older than the catalogue's too (a stale mirror would
            otherwise be kept out, see :mod:`app.store.write.guard`).
    """

    api_url: str = DEFAULT_API
    images: ImagesMode = "missing"
    full: bool = False
    full_every: timedelta | None = timedelta(days=7)
    client: ClientSettings = field(default_factory=ClientSettings)
    page_size: int = 50
    miss_run: int = 10
    watermark_margin: timedelta = timedelta(hours=1)
    server_clock: bool = True
    staging_max_age: timedelta = timedelta(days=1)
    allow_older: bool = False


@dataclass
class Context:
    """The shared state of one running sync (one event loop, so no locks are needed)."""

    options: SyncOptions
    client: UpstreamClient
    staging: Staging
    tracker: Tracker
    store: Store
    card_images: ImageStore
    logos: ImageStore
    today: date = field(default_factory=date.today)
    """The server's date (UTC), from its ``Date`` header: "today" for Thema history."""

    def reject(self, problems: list[RecordProblem]) -> list[str]:
        """Log rejected records; return them as lines for the staging file."""
        lines = [str(p) for p in problems]
        for line in lines:
            log.warning("rejected %s", line)
        return lines
