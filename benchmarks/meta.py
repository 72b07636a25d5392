"""The meta over the real events and over the same augmented four times (GENERATED).

Run: ``python -m benchmarks.meta``. Prints figures; asserts nothing.

The real data: the 101 real events of ``../shared/data/gatcg/events`` (2,933 decklists),
imported into a temporary folder over the real 2026-04-04 snapshot. The augmented data:
each real event written four times under new ids (``GENERATED copy N of …``: the same
decklists, the same days), 11,732 decklists. For each:

- import: decklists per second of ``archivist events import`` in process (read, check,
  resolve, keep in one transaction);
- meta summary: milliseconds of :func:`app.meta.summary` over every decklist (median of 9);
- meta like: milliseconds of :func:`app.meta.like` for the first decklist of 9 real events
  (median);
- the whole commands ``archivist meta --json`` and ``archivist meta like FILE`` from
  process start to exit (median of 3), milliseconds.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from app.bootstrap import Application, build
from app.decks import read_decklists, resolve
from app.ingest import import_paths
from app.meta import Scope, like, summary
from benchmarks.common import SHARED_DATA, SNAPSHOT_0404, figure

EVENTS = SHARED_DATA / "events"
COPIES = 4
RUNS = 9


def augment(target: Path) -> Path:
    """Every real event ``COPIES`` times under new ids in ``target`` (GENERATED)."""
    target.mkdir(parents=True)
    for path in sorted(EVENTS.glob("*.json")):
        event = json.loads(path.read_bytes())
        for copy in range(COPIES):
            twin = dict(event, id=event["id"] + copy * 10_000_000,
                        name=f"GENERATED copy {copy + 1} of {event['name']}")
            (target / f"generated-{copy}-{path.name}").write_text(json.dumps(twin),
                                                                  encoding="utf-8")
    return target


def measure(label: str, data: Path, events: Path) -> None:
    """Import ``events`` into ``data`` (a fresh events file) and time the meta over it."""
    (data / "events.sqlite3").unlink(missing_ok=True)
    app: Application = build(str(data))
    started = time.perf_counter()
    report = app.events.import_paths([events])
    took = time.perf_counter() - started
    figure(f"{label}: import ({report.decklists:,} decklists)", report.decklists / took,
           "decklists/s")
    store = app.events.event_store()
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        summary(store, Scope())
        times.append((time.perf_counter() - started) * 1000)
    figure(f"{label}: meta summary in process (median of {RUNS})", statistics.median(times),
           "ms")
    cards = app.decks.deck_cards()
    files = sorted(EVENTS.glob("*.json"))[:RUNS]
    decks = [resolve(read_decklists(path)[0], cards).deck for path in files]
    times = []
    for deck in decks:
        started = time.perf_counter()
        like(store, Scope(), deck)
        times.append((time.perf_counter() - started) * 1000)
    figure(f"{label}: meta like in process (median of {len(decks)})",
           statistics.median(times), "ms")
    for words in (["meta", "--json"], ["meta", "like", str(files[0])]):
        times = []
        for _ in range(3):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "app", "--data-dir", str(data), *words],
                           capture_output=True, check=True,
                           env={**os.environ, "PYTHONPATH": str(Path.cwd())})
            times.append((time.perf_counter() - started) * 1000)
        figure(f"{label}: archivist {' '.join(words[:2])} whole command (median of 3)",
               statistics.median(times), "ms")


def main() -> None:
    """Import the snapshot into a temporary folder, then measure the real and the
    augmented events."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        app = build(str(data))
        import_paths(app.store, [SNAPSHOT_0404], None, None)
        measure("real", data, EVENTS)
        measure(f"GENERATED ×{COPIES}", data, augment(Path(tmp) / "augmented"))


if __name__ == "__main__":
    main()
