"""Throughput of ``archivist serve`` and the cost of rounding images, on the real data.

Run: ``python -m benchmarks.serve``. Prints figures; asserts nothing.

- requests per second for ``/cards/{slug}`` (random real slugs) and for
  ``/cards/images/{filename}?rounded=true`` (warm cache), each next to the same server
  answering a constant stored body (the framework's floor), as a ratio. The load comes from
  a bounded httpx loop on loopback (threads with keep-alive clients), or from wrk when the
  Debian package is installed;
- milliseconds per rounded image made cold, next to Pillow's bare decode + PNG encode of
  the same files, as a ratio (:mod:`benchmarks.rounding`, which prints only these).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

from app.bootstrap import build
from app.ingest import import_paths
from app.net import USER_AGENT
from benchmarks.common import CARD_IMAGES, SNAPSHOT_0404, figure
from benchmarks.rounding import COLD_IMAGES, rounding_figures

SECONDS = 5.0
THREADS = 4

_SERVER = r"""
import sys, uvicorn
from fastapi.responses import Response
from app.catalogue import LocalCatalogue
from app.server import create_app
app = create_app(LocalCatalogue.open(sys.argv[1]))
constant = open(sys.argv[3], "rb").read()
@app.get("/_bench/constant")
def constant_body() -> Response:
    return Response(constant, media_type="application/json")
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), access_log=False, log_level="warning")
"""


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _load(base: str, paths: list[str], seconds: float = SECONDS) -> float:
    """Requests per second over ``seconds`` with THREADS keep-alive clients (bounded loop)."""
    if shutil.which("wrk") and len(set(paths)) == 1:
        out = subprocess.run(
            ["wrk", "-t2", "-c8", f"-d{int(seconds)}s", base + paths[0]],
            capture_output=True, text=True, check=True,
        ).stdout
        line = next(x for x in out.splitlines() if x.startswith("Requests/sec"))
        return float(line.split()[1])
    count = [0] * THREADS
    stop = time.perf_counter() + seconds

    def worker(i: int) -> None:
        rng = random.Random(i)
        with httpx.Client(base_url=base, headers={"User-Agent": USER_AGENT}) as client:
            while time.perf_counter() < stop:
                response = client.get(rng.choice(paths))
                response.raise_for_status()
                count[i] += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(count) / (time.perf_counter() - started)


def main() -> None:
    """Run every measurement and print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        services = build(tmp)
        import_paths(services.store, [SNAPSHOT_0404], CARD_IMAGES, services.images)
        catalogue = services.catalogue
        slugs = [s.slug for s in catalogue.query("").hits]
        names = sorted(p.name for p in CARD_IMAGES.glob("*.jpg"))

        rounding_figures(catalogue, names[:COLD_IMAGES])

        constant = Path(tmp) / "constant.json"
        constant.write_bytes(json.dumps(catalogue.card(slugs[0])).encode())  # a typical body
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-c", _SERVER, tmp, str(port), str(constant)],
            env={**os.environ},
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    httpx.get(base + "/_bench/constant", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            rng = random.Random(7)
            slug_paths = [f"/cards/{s}" for s in rng.sample(slugs, 500)]
            image_paths = [f"/cards/images/{n}?rounded=true" for n in names[:50]]
            _load(base, image_paths, 1.0)  # warm the rounded cache
            floor = _load(base, ["/_bench/constant"])
            by_slug = _load(base, slug_paths)
            images = _load(base, image_paths)
            print(f"archivist serve on loopback, {THREADS} keep-alive clients, "
                  f"{SECONDS:.0f} s each")
            figure("constant stored body (framework floor)", floor, "req/s")
            figure("/cards/{slug}, random real slugs", by_slug, "req/s")
            figure("ratio /cards/{slug} / floor", by_slug / floor, "x")
            figure("/cards/images/{f}?rounded=true, warm", images, "req/s")
            figure("ratio rounded images / floor", images / floor, "x")
        finally:
            server.terminate()
            server.wait(timeout=20)


if __name__ == "__main__":
    main()
