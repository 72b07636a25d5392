"""Recognising cards in GENERATED photos (never real photographs) of the real card images.

Run: ``python -m benchmarks.scan [--photos N] [--no-card N] [--seed S]``. Prints figures;
asserts nothing. Tune on one seed and report on another: the photos of a seed are the
same on every run.

Photos are made by :mod:`tests.helpers.photos` from the real images in
``../shared/data/gatcg/images/cards``: perspective tilt, any quarter turn (upside down
included) plus up to 8°, a background (wood, cloth, or a playmat of card art), light and
colour temperature, blur, noise, JPEG quality 50–85; and photos of a background alone.

Printed: card top-1 (the best candidate is the photographed card), edition top-1 and top-5
(the photographed edition, or one sharing its image, among the first candidates), matched
share, no-card accuracy, ms per photo for recognition (decode included: median, p95, wall
and CPU) and for the whole command on one photo (wall and CPU), the index's build time
and size, and the lookup's
cost with the index grown to the full catalogue's ≈ 4,400 editions (the real hashes
repeated with 10 % of their bits flipped).
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from app.bootstrap import build
from app.ingest import import_paths
from app.scan.index import ScanIndex
from app.scan.match import rank
from app.scan.photo import read_photo
from benchmarks.common import CARD_IMAGES, SNAPSHOT_0404, figure, percentile
from tests.helpers.photos import no_card, photo

FULL_CATALOGUE = 4_400


def _grown(index: ScanIndex, rows: int, rng: np.random.Generator) -> ScanIndex:
    """``index`` repeated to ``rows`` rows, each copy with 10 % of its bits flipped."""
    picks = rng.integers(0, len(index), rows - len(index))

    def noisy(packed: np.ndarray) -> np.ndarray:
        bits = np.unpackbits(packed[picks], axis=1)
        bits ^= (rng.random(bits.shape) < 0.10).astype(np.uint8)
        return np.concatenate([packed, np.packbits(bits, axis=1)])

    names = index.names + [f"grown-{i}" for i in range(len(picks))]
    keys = index.keys + [(0, 0, 0)] * len(picks)
    return ScanIndex(names, keys, noisy(index.difference), noisy(index.dct))


def main() -> None:
    """Generate the photos, build the index, scan, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=300, help="photos of a card")
    parser.add_argument("--no-card", type=int, default=60, help="photos without a card")
    parser.add_argument("--seed", type=int, default=2026,
                        help="the photos generated (tune on one, report on another)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="scan-bench-") as tmp:
        data, shots = Path(tmp) / "data", Path(tmp) / "photos"
        shots.mkdir()
        app = build(str(data))
        import_paths(app.store, [SNAPSHOT_0404], CARD_IMAGES, app.images)
        started, used = time.perf_counter(), time.process_time()
        index = app.scan.index()
        built, built_cpu = time.perf_counter() - started, time.process_time() - used
        cards = sorted(CARD_IMAGES.glob("*.jpg"))
        truth: dict[Path, Path | None] = {}
        for i in range(args.photos):
            truth[shots / f"generated-card-{i:04d}.jpg"] = rng.choice(cards)
        for i in range(args.no_card):
            truth[shots / f"generated-no-card-{i:04d}.jpg"] = None
        for path, shown in truth.items():
            path.write_bytes(photo(shown, rng, cards) if shown else no_card(rng, cards))
        editions = app.scan.editions()
        timings: list[float] = []
        cpu: list[float] = []
        card_top1 = edition_top1 = edition_top5 = matched = no_card_right = 0
        for path, card in truth.items():
            started, used = time.perf_counter(), time.process_time()
            result = app.scan.scan_one(path, index, top=5)
            timings.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - used) * 1000)
            if card is None:
                no_card_right += result.status == "no-card"
                continue
            truth_editions = {e.edition_uuid for e in editions[card.name]}
            truth_cards = {e.card_uuid for e in editions[card.name]}
            uuids = [c.edition_uuid for c in result.candidates]
            card_top1 += bool(result.candidates) and result.candidates[0].card_uuid in truth_cards
            edition_top1 += bool(uuids) and uuids[0] in truth_editions
            edition_top5 += bool(truth_editions & set(uuids[:5]))
            matched += result.status == "matched" and uuids[0] in truth_editions
        command = _command_ms(data, next(iter(truth)))
        lookup_small = _lookup_ms(index, list(truth)[:40])
        grown = _grown(index, FULL_CATALOGUE, np.random.default_rng(args.seed))
        lookup_full = _lookup_ms(grown, list(truth)[:40])
    print(f"scan: {args.photos} GENERATED photos of a card, {args.no_card} without "
          f"(seed {args.seed}), index of {len(index)} real images")
    figure("card top-1", 100 * card_top1 / args.photos, "%")
    figure("edition (same image) top-1", 100 * edition_top1 / args.photos, "%")
    figure("edition (same image) top-5", 100 * edition_top5 / args.photos, "%")
    figure("matched, and right", 100 * matched / args.photos, "%")
    figure("no-card right", 100 * no_card_right / max(1, args.no_card), "%")
    figure("recognition, decode included: median", statistics.median(timings), "ms")
    figure("recognition, decode included: p95", percentile(timings, 95), "ms")
    figure("recognition, decode included: CPU median", statistics.median(cpu), "ms")
    figure("recognition, decode included: CPU p95", percentile(cpu, 95), "ms")
    figure("whole command, one photo (median of 3)", command[0], "ms")
    figure("whole command, one photo: CPU", command[1], "ms")
    figure("index build, cold", built * 1000, "ms")
    figure("index build, cold: CPU", built_cpu * 1000, "ms")
    figure("index size", _size(index), "KiB")
    figure(f"lookup at {len(index)} images (median)", lookup_small, "ms")
    figure(f"lookup at {FULL_CATALOGUE:,} images (median)", lookup_full, "ms")
    figure("lookup ratio", lookup_full / lookup_small, "×")


def _size(index: ScanIndex) -> float:
    from app.scan.index import save

    with tempfile.TemporaryDirectory() as tmp:
        save(index, Path(tmp) / "index.npz")
        return (Path(tmp) / "index.npz").stat().st_size / 1024


def _lookup_ms(index: ScanIndex, photos: list[Path]) -> float:
    """Median ms of :func:`rank` alone (outline, hashes, lookup) over ``photos``."""
    arrays = [np.asarray(read_photo(p)) for p in photos]
    times = []
    for rgb in arrays:
        started = time.perf_counter()
        rank(rgb, index)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _command_ms(data: Path, one: Path) -> tuple[float, float]:
    """Median wall and CPU ms (user + system) of ``archivist scan`` on one photo."""
    times, used = [], []
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "app", "--data-dir", str(data), "scan", str(one)],
                       capture_output=True, check=False)
        times.append((time.perf_counter() - started) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        used.append((after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
                    * 1000)
    return statistics.median(times), statistics.median(used)


if __name__ == "__main__":
    main()
