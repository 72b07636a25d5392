"""``SyncEngine``: keeps the local catalogue current from a catalogue API.

Flow of :meth:`SyncEngine.run` (phases of :data:`app.sync.progress.PHASES`):

1. connect: open the staging file (resume it when it belongs to the same API URL and is
   fresh); ask ``/cards/search?page=1&page_size=1`` to learn whether the server offers the
   search, its card count and its clock (``Date``). The watermark of this sync is that clock
   minus ``watermark_margin``.
2. lists: ``/featured-sets``, ``/option/search`` and the dynamic Thema ranks.
3. cards: with the search, only cards changed since the previous sync's watermark
   (``last_update=``), then a full walk when the upstream count disagrees with the local one
   (cards were removed); a full walk on the first sync, with ``full`` or when the last
   complete one is older than ``full_every``. Without the search, a crawl (:mod:`.crawl`).
4. verify: after a complete enumeration, stored cards it did not list are asked for by slug;
   those not found are removed.
5. thema: history of every dynamic edition and kind, the days not stored yet.
6. images: card images (``none``/``missing``/``all``) and logos, into the image stores.
7. apply: one writer transaction; then the staging file is deleted.

Until step 7 commits, every reader (the window, ``archivist get``, ``archivist serve``) sees
the previous catalogue. A failure or a cancel leaves the catalogue as it was and the staging
file for the next sync to resume. Everything fetched is validated like an import.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import app.sync.apply as applying
import app.sync.official_search as official_search
from app.images.store import ImageStore
from app.model.vocabulary import CIRCULATION_KINDS
from app.net.client import UpstreamClient
from app.net.validators import Validators
from app.paths import Paths
from app.store import Reader, Store
from app.store.reads.sync_listing import card_keys
from app.store.write.writer import read_meta, utc_stamp
from app.sync.cards import confirm_removals
from app.sync.common import META_API, META_REJECTED, META_VALIDATORS, META_WATERMARK
from app.sync.context import Context, SyncOptions
from app.sync.crawl import Crawl
from app.sync.images import fetch_images, publish_pending, wanted_card_images, wanted_logos
from app.sync.lists import featured_prefixes, fetch_lists
from app.sync.lock import SyncLock
from app.sync.progress import CANCELLED, Counters, ProgressFn, SyncCancelled, Tracker
from app.sync.report import SyncReport
from app.sync.staging import Staging
from app.sync.thema import fetch_history, rank_slugs, rank_targets

log = logging.getLogger("app.sync")
STAGING_FILE = "sync-staging.sqlite3"
LOCK_FILE = "sync.lock"


class SyncEngine:
    """Syncs one catalogue from one API. Not thread-safe: run one sync at a time.

    Args:
        paths: the installation's folders (staging file, image and logo stores).
        store: the catalogue to keep current.
        options: where from, which images, how politely.
    """

    def __init__(self, paths: Paths, store: Store, options: SyncOptions | None = None) -> None:
        self.paths = paths
        self.store = store
        self.options = options or SyncOptions()
        self.api_url = self.options.api_url.rstrip("/")

    @property
    def staging_path(self) -> Path:
        """The staging file (``<data dir>/sync-staging.sqlite3``)."""
        return self.paths.data / STAGING_FILE

    def run(
        self, progress: ProgressFn | None = None, cancel: threading.Event | None = None
    ) -> SyncReport:
        """Run one sync to its end in the calling thread (a GUI runs it in a worker).

        Args:
            progress: called with each :class:`~app.sync.progress.Progress` (throttled).
            cancel: set it (from any thread) to stop the sync soon; the catalogue is left
                unchanged and the staged work kept for the next sync.

        Returns:
            The :class:`SyncReport`.

        Raises:
            SyncCancelled: ``cancel`` was set. KeyboardInterrupt: Ctrl-C.
            UpstreamError: the API stayed unreachable, kept failing or refused.
            StoreError: the staging file, an image or the catalogue could not be written,
                or another sync of this data folder is running.
        """
        lock = SyncLock(self.paths.data / LOCK_FILE).acquire()
        try:
            return self._run(progress, cancel)
        finally:
            lock.release()

    def _run(self, progress: ProgressFn | None, cancel: threading.Event | None) -> SyncReport:
        counters = Counters()
        tracker = Tracker(progress, counters, cancel)
        staging = Staging.open(self.staging_path, self.api_url,
                               self.options.staging_max_age)
        report = SyncReport(self.api_url, resumed=staging.resumed)
        validators = self._validators()
        try:
            asyncio.run(self._guarded(staging, tracker, report, cancel, validators))
            tracker.phase("apply", 1)
            meta = read_meta(self.store, "sync.")
            outcome = applying.apply(
                staging, self.store, api_url=self.api_url,
                watermark=str(staging.meta("watermark")), complete=report.complete,
                previous_rejected=meta.get(META_REJECTED),
                allow_older=self.options.allow_older, validators=validators.to_json(),
            )
            publish_pending(ImageStore(self.paths.card_images), ImageStore(self.paths.logos))
            tracker.advance()
            self._fill(report, staging, outcome)
        except BaseException:
            staging.close()
            raise
        staging.discard()
        tracker.finish()
        report.requests, report.retries, report.bytes, report.waited = (
            counters.requests, counters.retries, counters.bytes, counters.waited)
        report.not_modified = counters.not_modified
        report.seconds = time.perf_counter() - tracker.started
        report.phase_seconds = dict(tracker.phase_seconds)
        report.totals = Reader(self.store).counts()
        log.info("sync done: %s", report.summary().replace("\n", " "))
        return report

    def _validators(self) -> Validators:
        """The validators of the answers the catalogue holds from this API (none from
        another API); sent unless the sync is ``full``."""
        meta = read_meta(self.store, "sync.")
        held = meta.get(META_VALIDATORS) if meta.get(META_API) == self.api_url else None
        return Validators.from_json(held, send=not self.options.full)

    async def _guarded(
        self, staging: Staging, tracker: Tracker, report: SyncReport,
        cancel: threading.Event | None, validators: Validators,
    ) -> None:
        """:meth:`_fetch`, stopped by ``cancel`` (polled every 50 ms)."""
        main = asyncio.current_task()

        async def watch() -> None:
            while cancel is not None and not cancel.is_set():
                await asyncio.sleep(0.05)
            if cancel is not None and main is not None:
                main.cancel()

        watcher = asyncio.create_task(watch()) if cancel is not None else None
        try:
            await self._fetch(staging, tracker, report, validators)
        except asyncio.CancelledError:
            if cancel is not None and cancel.is_set():
                raise SyncCancelled(CANCELLED) from None
            raise
        finally:
            if watcher is not None:
                watcher.cancel()

    async def _fetch(self, staging: Staging, tracker: Tracker, report: SyncReport,
                     validators: Validators) -> None:
        opts = self.options
        async with UpstreamClient(self.api_url, opts.client, tracker.counters,
                                  on_retry=tracker.retrying, validators=validators) as client:
            ctx = Context(opts, client, staging, tracker, self.store,
                          ImageStore(self.paths.card_images), ImageStore(self.paths.logos))
            tracker.phase("connect", 1)
            page = await official_search.probe(ctx)
            server = (client.server_time if opts.server_clock else None) or datetime.now(UTC)
            ctx.today = server.date()
            if staging.meta("watermark") is None:
                staging.set_meta({"watermark": utc_stamp(server - opts.watermark_margin)})
            tracker.advance()
            await fetch_lists(ctx)
            await self._cards(ctx, page, report)
            if report.complete:
                await confirm_removals(ctx)
            removals = set(staging.removals())
            editions = applying.final_editions(staging, self.store, removals)
            targets = [(e["uuid"], kind.value) for e in editions for kind in CIRCULATION_KINDS
                       if e.get(kind.dynamic_key) is True]
            known = {e["uuid"] for e in editions}
            targets += [t for t in rank_targets(staging) if t[0] in known]
            await fetch_history(ctx, targets)
            if client.thema_generated:  # a mirror serving GENERATED history: keep it marked
                staging.set_meta({"thema_generated": "1"})
            await fetch_images(ctx, wanted_card_images(ctx, opts.images, editions),
                               wanted_logos(ctx))

    async def _cards(
        self, ctx: Context, page: dict[str, object] | None, report: SyncReport
    ) -> None:
        """Phase ``cards``: decide search or crawl, incremental or full, and enumerate."""
        staging, opts = ctx.staging, self.options
        if page is None:
            report.method, report.complete = "crawl", True
            await Crawl(ctx).run(featured_prefixes(staging), rank_slugs(staging))
            return
        meta = read_meta(self.store, "sync.")
        previous = meta.get(META_WATERMARK) if meta.get(META_API) == \
            self.api_url else None
        mode = staging.meta("mode")
        if mode is None:
            mode = "since" if previous and not opts.full and not self._full_due(meta) else "full"
            staging.set_meta({"mode": mode})
        if mode == "since" and previous:
            report.incremental = True
            await official_search.walk(ctx, "since", previous, conditional=True)
            total = page.get("total_cards")
            if self._count_after(staging, meta) == total:
                return
            log.info("the upstream holds %s cards, not as many as the catalogue would: "
                     "enumerating every card to find removed ones", total)
            staging.set_meta({"mode": "full"})
        report.incremental, report.complete = False, True
        total = page.get("total_cards")
        await official_search.walk(ctx, "full", total=total if isinstance(total, int) else None)

    def _full_due(self, meta: dict[str, str]) -> bool:
        every = self.options.full_every
        if not card_keys(self.store) or "sync.complete_at" not in meta:
            return True
        if every is None:
            return False
        last = datetime.fromisoformat(meta["sync.complete_at"].replace("Z", "+00:00"))
        return datetime.now(UTC) - last > every

    def _count_after(self, staging: Staging, meta: dict[str, str]) -> int:
        """How many cards the upstream should list if nothing was removed: stored and
        staged cards (minus stored ones whose slug a staged card takes over), plus the
        records it lists that fail validation."""
        local, staged = card_keys(self.store), staging.card_slugs()
        owner = {slug: uuid for uuid, slug in staged.items()}
        replaced = {u for u, s in local.items() if u not in staged and owner.get(s, u) != u}
        rejected = applying.rejected_uuids(staging, self.store, meta.get(META_REJECTED),
                                           complete=False)
        return len((set(local) | set(staged) | rejected) - replaced)

    @staticmethod
    def _fill(report: SyncReport, staging: Staging, outcome: applying.Outcome) -> None:
        report.write, report.thema_entries = outcome.write, outcome.thema_entries
        report.cards_received = len(staging.card_slugs())
        images = staging.images("cards")
        report.images = sum(1 for _, _, downloaded in images if downloaded)
        report.images_adopted = len(images) - report.images
        report.image_bytes = sum(size for _, size, downloaded in images if downloaded)
        report.images_not_found = sum(
            1 for v in staging.marks("image:cards").values() if v == "not found")
        report.logos = len(staging.images("logos"))
        report.rejected = staging.problems()
