"""Speed and traffic of ``archivist sync`` against ``archivist serve`` on loopback (real data).

Run: ``python -m benchmarks.sync [--rounds N]``. Prints figures; asserts nothing.

- full sync (cards, featured sets, options, Thema; no images) of the 2026-04-04 snapshot into
  an empty data folder, in seconds (and the CPU seconds of this process, all its threads,
  and of its apply: the one writer transaction at the end),
  next to the floor: a bare httpx replay of exactly the requests that sync sent (recorded by
  wrapping ``httpx.AsyncClient.send``: same URLs, same concurrency, bodies read and
  discarded) from the same server right after it, as a ratio; ``--rounds`` (3) such pairs,
  each printed, and their median ratio (one pair swings with the machine's load), with the
  server's CPU seconds on each side; the earlier floor (only the ``/cards/search`` pages) is
  printed too;
- requests, bytes and ``304`` answers of an incremental sync with nothing changed, next to
  the full sync's, and of the one after it (every answer then revalidated);
- an incremental sync after one real change upstream (Tether in Flames banned in Standard,
  its ``last_update`` moved, as the real data shapes a ban): its requests and seconds next
  to the full sync's, and which requests it sent;
- card images synced per second with ``--images all`` over the real images (the upstream
  holds 423 of them; the other editions' images are asked for and not found).

The upstream's dynamic Thema history and featured-set logos are generated (no public
capture exists).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from PIL import Image

import app.sync.apply as applying
from app.bootstrap import build
from app.ingest import import_paths
from app.ingest.thema import import_generated_history
from app.net import USER_AGENT
from app.store import CardRecord, Writer
from app.store.write.writer import utc_stamp
from app.sync import ClientSettings, SyncEngine, SyncOptions, SyncReport
from benchmarks.common import CARD_IMAGES, SHARED_DATA, SNAPSHOT_0404, figure

CONCURRENCY = 4
PAGE_SIZE = 50
BANNED = "tether-in-flames"


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


@contextmanager
def _recorded(urls: list[str]) -> Iterator[None]:
    """Append the URL of every request any ``httpx.AsyncClient`` sends meanwhile to ``urls``."""
    send = httpx.AsyncClient.send

    async def recording(self: httpx.AsyncClient, request: httpx.Request,
                        **kwargs: Any) -> httpx.Response:
        urls.append(str(request.url))
        return await send(self, request, **kwargs)

    httpx.AsyncClient.send = recording  # type: ignore[method-assign]
    try:
        yield
    finally:
        httpx.AsyncClient.send = send  # type: ignore[method-assign]


@contextmanager
def _apply_cpu(into: list[float]) -> Iterator[None]:
    """Append to ``into`` the CPU seconds of this process during each sync's apply (the
    one writer transaction at its end; nothing else runs in the process then)."""
    original = applying.apply

    def timed(*args: Any, **kwargs: Any) -> Any:
        started = time.process_time()
        try:
            return original(*args, **kwargs)
        finally:
            into.append(time.process_time() - started)

    applying.apply = timed
    try:
        yield
    finally:
        applying.apply = original


def _ban(data: Path, slug: str) -> None:
    """Ban the card ``slug`` in Standard in the upstream catalogue (``legality`` and a
    newer ``last_update``, as the official API shows a ban), through the one writer."""
    services = build(str(data))
    try:
        card = json.loads(services.store.connection().execute(
            "SELECT body FROM cards WHERE slug = ?", (slug,)).fetchone()[0])
        card.update(legality={"STANDARD": {"limit": 0}}, last_update=utc_stamp())
        report = Writer(services.store).write([CardRecord(card)])
        if report.changed != 1:
            raise RuntimeError(f"the ban was not written: {report}")
    finally:
        services.store.close()


def _search_pages(url: str, pages: int) -> list[str]:
    """The URLs of every ``/cards/search`` page (the earlier floor: the pages alone)."""
    return [str(httpx.URL(f"{url}/cards/search", params={"page": p, "page_size": PAGE_SIZE}))
            for p in range(1, pages + 1)]


async def _bare(urls: list[str]) -> tuple[float, int]:
    """Seconds and decoded bytes to download ``urls`` with a plain httpx client at the
    sync's concurrency, each body read and discarded."""
    slots = asyncio.Semaphore(CONCURRENCY)
    size = 0
    async with httpx.AsyncClient(headers={"User-Agent": USER_AGENT},
                                 limits=httpx.Limits(max_connections=CONCURRENCY)) as client:
        async def one(target: str) -> None:
            nonlocal size
            async with slots:
                response = await client.get(target)
                size += len(response.content)

        started = time.perf_counter()
        await asyncio.gather(*(one(u) for u in urls))
        return time.perf_counter() - started, size


def _cpu_of(proc: subprocess.Popen[bytes]) -> float | None:
    """CPU seconds (user + system) the process ``proc`` used so far; None without ``/proc``."""
    try:
        fields = Path(f"/proc/{proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _used(proc: subprocess.Popen[bytes], since: float | None) -> float:
    now = _cpu_of(proc)
    return math.nan if now is None or since is None else now - since


def _full_rounds(root: Path, url: str, server: subprocess.Popen[bytes], rounds: int
                 ) -> tuple[SyncReport, float, list[str], float, int, Path, float]:
    """``rounds`` full syncs into empty folders, each followed by the bare replay of its
    requests; print each pair. Returns the median round's report, CPU seconds, requests,
    replay seconds and bytes, its data folder, and the median CPU seconds of the apply."""
    done: list[tuple[float, SyncReport, float, list[str], float, int, Path]] = []
    applies: list[float] = []
    for n in range(1, rounds + 1):
        mine, sent = root / f"mine-{n}", list[str]()
        cpu, served = time.process_time(), _cpu_of(server)
        with _recorded(sent), _apply_cpu(applies):
            full = _sync(mine, url, "none")
        cpu, served_sync = time.process_time() - cpu, _used(server, served)
        served = _cpu_of(server)
        bare_cpu = time.process_time()
        bare_seconds, bare_bytes = asyncio.run(_bare(sent))
        bare_cpu, served_bare = time.process_time() - bare_cpu, _used(server, served)
        ratio = full.seconds / bare_seconds
        print(f"  round {n}: full sync {full.seconds:.3f} s (CPU here {cpu:.3f} s, of which "
              f"the apply {applies[-1]:.3f} s; server {served_sync:.3f} s), bare replay "
              f"{bare_seconds:.3f} s (CPU here {bare_cpu:.3f} s, server {served_bare:.3f} s): "
              f"{ratio:.2f}x")
        done.append((ratio, full, cpu, sent, bare_seconds, bare_bytes, mine))
    done.sort(key=lambda d: d[0])
    _, full, cpu, sent, bare_seconds, bare_bytes, mine = done[len(done) // 2]
    return full, cpu, sent, bare_seconds, bare_bytes, mine, sorted(applies)[len(applies) // 2]


def main() -> None:
    """Build the upstream, serve it, and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3,
                        help="full syncs, each with its bare replay (the median is shown)")
    args = parser.parse_args()
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
            asyncio.run(_bare(_search_pages(url, 2)))  # warm the server's caches
            print(f"archivist sync from archivist serve on loopback: {cards} cards, "
                  f"concurrency {CONCURRENCY}, page size {PAGE_SIZE}")
            full, cpu, sent, bare_seconds, bare_bytes, mine, apply_cpu = _full_rounds(
                root, url, server, max(1, args.rounds))
            pages_seconds, _ = asyncio.run(_bare(_search_pages(url, math.ceil(cards / PAGE_SIZE))))
            again = _sync(mine, url, "none")
            steady = _sync(mine, url, "none")  # every answer held: all conditional
            _ban(root / "upstream", BANNED)
            banned_urls: list[str] = []
            with _recorded(banned_urls):
                banned_cpu = time.process_time()
                banned = _sync(mine, url, "none")
                banned_cpu = time.process_time() - banned_cpu
            held = build(str(mine)).catalogue.card(BANNED)["legality"]
            if held != {"STANDARD": {"limit": 0}}:
                raise RuntimeError(f"the incremental sync missed the ban: {held}")
            images = _sync(mine, url, "all")
        finally:
            server.terminate()
            server.wait(timeout=20)

    print("the median round:")
    figure("full sync, no images", full.seconds, "s")
    figure("  its CPU in this process", cpu, "s")
    figure("  the apply's CPU (median of the rounds)", apply_cpu, "s")
    for phase, seconds in full.phase_seconds.items():
        figure(f"  of which the {phase} phase", seconds, "s")
    figure("bare httpx replay of the sync's requests", bare_seconds, "s")
    figure("  requests replayed", len(sent), "")
    figure("ratio full sync / bare replay (the floor)", full.seconds / bare_seconds, "x")
    figure("bare download of the search pages alone", pages_seconds, "s")
    figure("ratio full sync / search pages alone (old floor)", full.seconds / pages_seconds,
           "x")
    figure("full sync requests", full.requests, "")
    figure("full sync bytes", full.bytes / 1e6, "MB")
    figure("bare replay bytes (decoded)", bare_bytes / 1e6, "MB")
    figure("incremental sync, nothing changed: requests", again.requests, "")
    figure("incremental sync, nothing changed: bytes", again.bytes / 1e3, "kB")
    figure("incremental sync, nothing changed: seconds", again.seconds, "s")
    figure("incremental sync, nothing changed: answers 304", again.not_modified, "")
    figure("next incremental sync, nothing changed: requests", steady.requests, "")
    figure("next incremental sync, nothing changed: bytes", steady.bytes / 1e3, "kB")
    figure("next incremental sync, nothing changed: answers 304", steady.not_modified, "")
    figure("after one ban upstream: incremental requests", banned.requests, "")
    for sent_url in banned_urls:
        print(f"    {httpx.URL(sent_url).raw_path.decode('ascii')}")
    figure("  cards received", banned.cards_received, "")
    figure("  ratio requests incremental / full", banned.requests / full.requests, "x")
    figure("after one ban upstream: incremental seconds", banned.seconds, "s")
    figure("  its CPU in this process", banned_cpu, "s")
    for phase, seconds in banned.phase_seconds.items():
        figure(f"  of which the {phase} phase", seconds, "s")
    figure("  ratio seconds incremental / full", banned.seconds / full.seconds, "x")
    figure("  bytes", banned.bytes / 1e3, "kB")
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
