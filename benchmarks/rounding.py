"""The cost of a rounded PNG made cold, next to Pillow's bare decode + PNG encode.

Run: ``python -m benchmarks.rounding`` (only these figures; ``benchmarks.serve`` prints them
too). Prints figures; asserts nothing.

The floor (the headline ratio) is Pillow decoding the same JPEG and encoding the same
output format: an 8-bit RGBA PNG (a rounded image needs its alpha channel: PNG has no
partial transparency without one), at the zlib level and strategy of the rounded PNGs
(:mod:`app.images.png`). Printed beside it, each with its ratio:

- the same with ``Z_RLE``, Pillow's fastest strategy at that level (and the rounded PNGs'
  strategy before they had their own encoder);
- Pillow encoding the decoded RGB image (no alpha channel) with ``Z_RLE``: the floor of the
  first figures measured; it encodes three channels where a rounded PNG needs four,
  so it is less work than the product's and kept for comparison only;
- the product's own encoder on the unrounded image (decode + RGBA + encode, no corners,
  no cache file): the ratio to it is the cost of rounding and caching alone.
"""

from __future__ import annotations

import io
import statistics
import tempfile
import time
import zlib
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Protocol

from PIL import Image

from app.images.png import COMPRESS_LEVEL, COMPRESS_STRATEGY, encode_rgba_png
from benchmarks.common import CARD_IMAGES, SNAPSHOT_0404, figure

COLD_IMAGES = 40


def bare_png(data: bytes, mode: str = "RGBA", compress_type: int = COMPRESS_STRATEGY) -> None:
    """Decode the encoded image ``data`` and encode it in ``mode`` as a PNG with Pillow at
    the rounded PNGs' zlib level and ``compress_type`` (the floor), discarding it."""
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        converted = image if image.mode == mode else image.convert(mode)
        converted.save(io.BytesIO(), format="PNG", compress_level=COMPRESS_LEVEL,
                       compress_type=compress_type)


def own_encoder_png(data: bytes) -> None:
    """Decode ``data`` and encode it as RGBA with the rounded PNGs' encoder, unrounded."""
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        encode_rgba_png(image.convert("RGBA"))


FLOORS: dict[str, Callable[[bytes], None]] = {
    f"Pillow RGBA PNG, level {COMPRESS_LEVEL}, strategy {COMPRESS_STRATEGY}": bare_png,
    f"Pillow RGBA PNG, level {COMPRESS_LEVEL}, Z_RLE":
        lambda data: bare_png(data, "RGBA", zlib.Z_RLE),
    f"Pillow RGB PNG (no alpha), level {COMPRESS_LEVEL}, Z_RLE":
        lambda data: bare_png(data, "RGB", zlib.Z_RLE),
    "the product's encoder, unrounded": own_encoder_png,
}
"""The floors, the headline first: a label and the work on one encoded image."""


class RoundingSource(Protocol):
    """What is timed: the catalogue's rounded image (made and cached on first request)."""

    def card_image(self, filename: str, rounded: bool = False) -> bytes: ...


def _ms(work: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU milliseconds of ``work()``."""
    wall, cpu = time.perf_counter(), time.process_time()
    work()
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def rounding_figures(catalogue: RoundingSource, names: list[str]) -> None:
    """Print the median ms of a cold rounded image of each of ``names`` (real images in
    :data:`CARD_IMAGES`, not yet rounded by ``catalogue``) and of each floor, and ratios."""
    rounded: list[tuple[float, float]] = []
    floors: dict[str, list[tuple[float, float]]] = {label: [] for label in FLOORS}
    for name in names:  # interleaved, so a change of load affects all alike
        data = (CARD_IMAGES / name).read_bytes()
        for label, work in FLOORS.items():
            floors[label].append(_ms(partial(work, data)))
        rounded.append(_ms(partial(catalogue.card_image, name, rounded=True)))
    cold, cpu_cold = statistics.median(w for w, _ in rounded), sum(c for _, c in rounded)
    print(f"Rounded image made cold ({len(names)} real images, median ms; ratios of wall "
          "medians, then of CPU sums)")
    figure("rounded PNG, cold (decode+round+encode+cache)", cold, "ms")
    for number, (label, samples) in enumerate(floors.items()):
        indent = "" if number == 0 else "  "  # the headline floor first
        floor = statistics.median(w for w, _ in samples)
        figure(f"{indent}decode + {label}", floor, "ms")
        figure(f"{indent}  ratio rounded / that", cold / floor, "x")
        figure(f"{indent}  the same in CPU time", cpu_cold / sum(c for _, c in samples), "x")


def main() -> None:
    """Import the real snapshot and images into a temporary folder and print the figures."""
    from app.bootstrap import build
    from app.ingest import import_paths

    with tempfile.TemporaryDirectory() as tmp:
        services = build(tmp)
        import_paths(services.store, [SNAPSHOT_0404], CARD_IMAGES, services.images)
        names = sorted(p.name for p in Path(CARD_IMAGES).glob("*.jpg"))
        rounding_figures(services.catalogue, names[:COLD_IMAGES])
        services.store.close()


if __name__ == "__main__":
    main()
