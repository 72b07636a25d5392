"""Throughput of ``archivist serve`` and the cost of rounding images, on the real data.

Run: ``python -m benchmarks.serve``. Prints figures; asserts nothing.

- requests per second for ``/cards/{slug}`` (random real slugs) and for
  ``/cards/images/{filename}?rounded=true`` (warm cache), each next to the same server
  answering a constant stored body (the framework's floor), as a ratio; ``/cards/search``
  with three filters; a 304 revalidation; ``archivist serve`` with 1 and with 2 workers.
  The load comes from wrk (a Lua script picks a random path per request) when the Debian
  package is installed, else from a bounded httpx loop on loopback (threads with keep-alive
  clients) — one generator for every figure, so ratios compare like with like;
- milliseconds per rounded image made cold, next to Pillow's bare decode + RGBA PNG encode
  of the same files (and the other floors), as ratios (:mod:`benchmarks.rounding`, which
  prints only these).
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
async def constant_body() -> Response:
    return Response(constant, media_type="application/json")
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), access_log=False, log_level="warning")
"""


def _free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wrk_script(paths: list[str], headers: dict[str, str]) -> str:
    """A wrk Lua script that requests a random one of ``paths`` with ``headers``."""
    listed = ", ".join(json.dumps(p) for p in paths)
    sent = ", ".join(f"[{json.dumps(k)}] = {json.dumps(v)}" for k, v in headers.items())
    return (f"local paths = {{{listed}}}\nlocal headers = {{{sent}}}\n"
            "math.randomseed(7)\nrequest = function()\n"
            "  return wrk.format('GET', paths[math.random(#paths)], headers)\nend\n")


def _load(base: str, paths: list[str], seconds: float = SECONDS,
          headers: dict[str, str] | None = None, status: int = 200) -> float:
    """Requests per second over ``seconds`` (bounded): wrk with a Lua script choosing a random
    path per request when the Debian package is installed, else THREADS keep-alive httpx
    clients. The same generator serves every figure, so ratios compare like with like."""
    headers = headers or {}
    if shutil.which("wrk"):
        with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as script:
            script.write(_wrk_script(paths, headers))
        try:
            out = subprocess.run(
                ["wrk", "-t2", "-c8", f"-d{int(seconds)}s", "-s", script.name, base],
                capture_output=True, text=True, check=True,
            ).stdout
        finally:
            os.unlink(script.name)
        if "Non-2xx or 3xx responses" in out and status == 200:
            raise RuntimeError(f"errors under load: {out}")
        line = next(x for x in out.splitlines() if x.startswith("Requests/sec"))
        return float(line.split()[1])
    count = [0] * THREADS
    stop = time.perf_counter() + seconds

    def worker(i: int) -> None:
        rng = random.Random(i)
        with httpx.Client(base_url=base, headers={"User-Agent": USER_AGENT, **headers}) as c:
            while time.perf_counter() < stop:
                response = c.get(rng.choice(paths))
                assert response.status_code == status, response.status_code
                count[i] += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(THREADS)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(count) / (time.perf_counter() - started)


def _wait(base: str, path: str) -> None:
    for _ in range(300):
        try:
            if httpx.get(base + path, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"server at {base} did not start")


def _workers(data_dir: str, slug_paths: list[str]) -> tuple[float, float]:
    """req/s of ``archivist serve`` on random ``/cards/{slug}`` with 1 and with 2 workers."""
    rates = []
    for workers in (1, 2):
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "app", "serve", "--data-dir", data_dir, "--port", str(port),
             "--workers", str(workers)],
            env={**os.environ}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            _wait(base, slug_paths[0])
            _load(base, slug_paths, 1.0)  # warm every worker
            rates.append(_load(base, slug_paths))
        finally:
            server.terminate()
            server.wait(timeout=30)
    return rates[0], rates[1]


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
        # A typical body: the served bytes of the card of median size.
        bodies = sorted((catalogue.card_json(s) for s in random.Random(3).sample(slugs, 301)),
                        key=len)
        constant.write_bytes(bodies[len(bodies) // 2])
        port = _free_port()
        server = subprocess.Popen(
            [sys.executable, "-c", _SERVER, tmp, str(port), str(constant)],
            env={**os.environ},
        )
        base = f"http://127.0.0.1:{port}"
        try:
            _wait(base, "/_bench/constant")
            rng = random.Random(7)
            slug_paths = [f"/cards/{s}" for s in rng.sample(slugs, 500)]
            image_paths = [f"/cards/images/{n}?rounded=true" for n in names[:50]]
            search_paths = [
                f"/cards/search?element={e}&type={t}&stats=level%3E%3D{lv}"
                for e in ("FIRE", "WATER", "WIND", "NORM") for t in ("CHAMPION", "ALLY")
                for lv in (0, 1, 2)
            ]
            tag = httpx.get(base + slug_paths[0]).headers["etag"]
            _load(base, image_paths, 1.0)  # warm the rounded cache
            floor = _load(base, ["/_bench/constant"])
            by_slug = _load(base, slug_paths)
            images = _load(base, image_paths)
            search = _load(base, search_paths)
            revalidated = _load(base, slug_paths[:1], headers={"If-None-Match": tag}, status=304)
            generator = "wrk -t2 -c8" if shutil.which("wrk") else f"{THREADS} httpx clients"
            print(f"archivist serve on loopback, {generator}, {SECONDS:.0f} s each")
            figure("constant stored body (framework floor)", floor, "req/s")
            figure("/cards/{slug}, random real slugs", by_slug, "req/s")
            figure("ratio /cards/{slug} / floor", by_slug / floor, "x")
            figure("/cards/images/{f}?rounded=true, warm", images, "req/s")
            figure("ratio rounded images / floor", images / floor, "x")
            figure("/cards/search, three filters (element, type, stats)", search, "req/s")
            figure("/cards/{slug} revalidation (304)", revalidated, "req/s")
        finally:
            server.terminate()
            server.wait(timeout=20)
        one, two = _workers(tmp, slug_paths)
        print(f"archivist serve --workers N on {os.cpu_count()} cores, /cards/{{slug}}")
        figure("1 worker", one, "req/s")
        figure("2 workers", two, "req/s")
        figure("ratio 2 workers / 1 worker", two / one, "x")


if __name__ == "__main__":
    main()
