"""Speed and traffic of ``archivist sync`` against ``archivist serve`` on loopback (real data).

Run: ``python -m benchmarks.sync``. Prints figures; asserts nothing.

- full sync (cards, featured sets, options, Thema; no images) of the 2026-04-04 snapshot, in
  seconds, next to a bare httpx download of the same ``/cards/search`` pages from the same
  server in the same run (same concurrency), as a ratio;
- requests, bytes and ``304`` answers of an incremental sync with nothing changed, next to
  the full sync's, and of the one after it (every answer then revalidated, issue 15 item 5);
- card images synced per second with ``--images all`` over the real images (the upstream
  holds 423 of them; the other editions' images are asked for and not found).

The upstream's dynamic Thema history and featured-set logos are generated (no public
capture exists).
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
from PIL import Image

from app.bootstrap import build
from app.ingest import import_paths
from app.ingest.thema import import_generated_history
from app.net import USER_AGENT
from app.sync import ClientSettings, SyncEngine, SyncOptions, SyncReport
from benchmarks.common import CARD_IMAGES, SHARED_DATA, SNAPSHOT_0404, figure

CONCURRENCY = 4
PAGE_SIZE = 50


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _serve(data: Path, port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--data-dir", str(data), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ},
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/featured-sets", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("archivist serve did not start")


def _generated_logos(folder: Path) -> Path:
    """One GENERATED plain PNG per featured set group (no real logos are public)."""
    folder.mkdir(parents=True, exist_ok=True)
    groups = json.loads((SHARED_DATA / "featured-sets.json").read_text(encoding="utf-8"))
    for group in groups:
        Image.new("RGBA", (240, 96), (40, 60, 140, 255)).save(
            folder / group["image"].rsplit("/", 1)[-1])
    return folder


def _sync(data: Path, url: str, images: str) -> SyncReport:
    services = build(str(data))
    options = SyncOptions(api_url=url, images=images,  # type: ignore[arg-type]
                          client=ClientSettings(concurrency=CONCURRENCY),
                          watermark_margin=timedelta(0), server_clock=False)
    return SyncEngine(services.paths, services.store, options).run()


async def _bare_pages(url: str, pages: int) -> tuple[float, int]:
    """Seconds and bytes to download every search page with a plain httpx client."""
    slots = asyncio.Semaphore(CONCURRENCY)
    size = 0
    async with httpx.AsyncClient(base_url=url, headers={"User-Agent": USER_AGENT},
                                 limits=httpx.Limits(max_connections=CONCURRENCY)) as client:
        async def one(page: int) -> None:
            nonlocal size
            async with slots:
                response = await client.get("/cards/search",
                                            params={"page": page, "page_size": PAGE_SIZE})
                size += len(response.content)

        started = time.perf_counter()
        await asyncio.gather(*(one(p) for p in range(1, pages + 1)))
        return time.perf_counter() - started, size


def main() -> None:
    """Build the upstream, serve it, and print the figures."""
    with tempfile.TemporaryDirectory(prefix="archivist-bench-sync-") as tmp:
        root = Path(tmp)
        upstream = build(str(root / "upstream"))
        logos = _generated_logos(root / "logos")
        import_paths(upstream.store, [SNAPSHOT_0404, SHARED_DATA / "featured-sets.json",
                                      SHARED_DATA / "option-search.json"],
                     CARD_IMAGES, upstream.images, logos, upstream.catalogue.logos)
        import_generated_history(upstream.store, end=datetime.now(UTC).date(), days=400)
        cards = upstream.catalogue.counts()["cards"]
        port = _free_port()
        server = _serve(root / "upstream", port)
        url = f"http://127.0.0.1:{port}"
        try:
            _bare_pages_warm = asyncio.run(_bare_pages(url, 2))  # warm the server's caches
            del _bare_pages_warm
            full = _sync(root / "mine", url, "none")
            bare_seconds, bare_bytes = asyncio.run(
                _bare_pages(url, math.ceil(cards / PAGE_SIZE)))
            again = _sync(root / "mine", url, "none")
            steady = _sync(root / "mine", url, "none")  # every answer held: all conditional
            images = _sync(root / "mine", url, "all")
        finally:
            server.terminate()
            server.wait(timeout=20)

    print(f"archivist sync from archivist serve on loopback: {cards} cards, "
          f"concurrency {CONCURRENCY}, page size {PAGE_SIZE}")
    figure("full sync, no images", full.seconds, "s")
    figure("  of which the cards phase", full.phase_seconds.get("cards", 0.0), "s")
    figure("bare httpx download of the same pages", bare_seconds, "s")
    figure("ratio full sync / bare download", full.seconds / bare_seconds, "x")
    figure("ratio cards phase / bare download",
           full.phase_seconds.get("cards", 0.0) / bare_seconds, "x")
    figure("full sync requests", full.requests, "")
    figure("full sync bytes", full.bytes / 1e6, "MB")
    figure("bare download bytes (decoded)", bare_bytes / 1e6, "MB")
    figure("incremental sync, nothing changed: requests", again.requests, "")
    figure("incremental sync, nothing changed: bytes", again.bytes / 1e3, "kB")
    figure("incremental sync, nothing changed: seconds", again.seconds, "s")
    figure("incremental sync, nothing changed: answers 304", again.not_modified, "")
    figure("next incremental sync, nothing changed: requests", steady.requests, "")
    figure("next incremental sync, nothing changed: bytes", steady.bytes / 1e3, "kB")
    figure("next incremental sync, nothing changed: answers 304", steady.not_modified, "")
    seconds = images.phase_seconds.get("images", 0.0)
    asked = images.images + images.images_not_found
    figure("--images all: images stored", images.images, "")
    figure("--images all: image requests (stored + not found)", asked, "")
    figure("--images all: images phase", seconds, "s")
    figure("--images all: images stored per second", images.images / seconds, "/s")
    figure("--images all: image requests per second", asked / seconds, "/s")
    figure("--images all: image megabytes per second", images.image_bytes / 1e6 / seconds,
           "MB/s")


if __name__ == "__main__":
    main()
