"""A bounded load test of ``archivist serve`` on the real data (not a test: prints figures).

Run: ``python -m benchmarks.serve_load [--clients 50] [--seconds 20]``.

50 concurrent loopback clients (asyncio, one keep-alive connection each) request, for 20 s,
``/cards/{slug}`` of random real cards and ``/cards/images/{file}?rounded=true`` of random
stored images, half and half. Prints requests, errors (status not 200 or a transport
failure), requests per second, p50/p99 latency per kind, and the server's resident memory
(RSS) before and after.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from app.bootstrap import build
from app.ingest import import_paths
from benchmarks.common import CARD_IMAGES, SNAPSHOT_0404, figure, percentile


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def _client(base: str, paths: list[str], stop: float, seed: int,
                  out: dict[str, list[float]], errors: list[str]) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30.0) as client:
        while time.monotonic() < stop:
            path = rng.choice(paths)
            kind = "image" if "/images/" in path else "card"
            started = time.perf_counter()
            try:
                response = await client.get(path)
                if response.status_code != 200:
                    errors.append(f"{response.status_code} {path}")
            except httpx.HTTPError as exc:
                errors.append(f"{type(exc).__name__} {path}")
                continue
            out[kind].append((time.perf_counter() - started) * 1000)


async def _load(base: str, paths: list[str], clients: int, seconds: float
                ) -> tuple[dict[str, list[float]], list[str]]:
    out: dict[str, list[float]] = {"card": [], "image": []}
    errors: list[str] = []
    stop = time.monotonic() + seconds
    await asyncio.gather(*(_client(base, paths, stop, i, out, errors) for i in range(clients)))
    return out, errors


def main() -> None:
    """Import the real snapshot with its images, serve it, load it, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        services = build(folder)
        import_paths(services.store, [SNAPSHOT_0404], CARD_IMAGES, services.images)
        slugs = [row[0] for row in services.store.connection().execute("SELECT slug FROM cards")]
        images = sorted(p.name for p in CARD_IMAGES.glob("*.jpg"))
        services.store.close()
        paths = [f"/cards/{s}" for s in slugs[:1000]]
        paths += [f"/cards/images/{f}?rounded=true" for f in images] * (len(paths) // len(images))
        port = _free_port()
        server = subprocess.Popen([sys.executable, "-m", "app", "serve", "--data-dir", folder,
                                   "--port", str(port)], stderr=subprocess.DEVNULL)
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(400):
                try:
                    httpx.get(base + "/option/search", timeout=2)
                    break
                except httpx.TransportError:
                    time.sleep(0.05)
            before = _rss_mb(server.pid)
            started = time.monotonic()
            out, errors = asyncio.run(_load(base, paths, args.clients, args.seconds))
            elapsed = time.monotonic() - started
            after = _rss_mb(server.pid)
        finally:
            server.terminate()
            server.wait(timeout=30)
    total = len(out["card"]) + len(out["image"]) + len(errors)
    print(f"serve_load: {args.clients} clients × {args.seconds:.0f} s on loopback")
    figure("requests", total, "")
    figure("errors", len(errors), "")
    figure("requests per second", total / elapsed, "req/s")
    for kind in ("card", "image"):
        if out[kind]:
            figure(f"{kind}: requests", len(out[kind]), "")
            figure(f"{kind}: p50", percentile(out[kind], 50), "ms")
            figure(f"{kind}: p99", percentile(out[kind], 99), "ms")
    figure("server RSS before", before, "MB")
    figure("server RSS after", after, "MB")
    if errors:
        print("first errors:", json.dumps(errors[:5]))


if __name__ == "__main__":
    main()
