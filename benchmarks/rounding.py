"""The cost of a rounded PNG made cold, next to Pillow's bare decode + PNG encode.

Run: ``python -m benchmarks.rounding`` (only these figures; ``benchmarks.serve`` prints them
too). Prints figures; asserts nothing.

The floor is Pillow decoding the same JPEG and encoding it as a PNG with the zlib level
and strategy of the rounded PNGs (so the ratio is the cost of rounding, not of a
compression choice); the floor with Pillow's own strategy (``Z_FILTERED``, the one the
first figures of issue 16 were measured against) is printed beside it.
"""

from __future__ import annotations

import io
import statistics
import tempfile
import time
from pathlib import Path
from typing import Protocol

from PIL import Image

from app.images.rounded import PNG_COMPRESS_LEVEL, PNG_COMPRESS_TYPE
from benchmarks.common import CARD_IMAGES, SNAPSHOT_0404, figure

COLD_IMAGES = 40
PILLOW_DEFAULT = -1
"""Pillow's own ``compress_type`` for PNGs (zlib's ``Z_FILTERED`` strategy)."""


class RoundingSource(Protocol):
    """What is timed: the catalogue's rounded image (made and cached on first request)."""

    def card_image(self, filename: str, rounded: bool = False) -> bytes: ...


def bare_png(data: bytes, compress_type: int = PNG_COMPRESS_TYPE) -> None:
    """Decode the encoded image ``data`` and encode it as a PNG (the floor), discarding it."""
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        image.save(io.BytesIO(), format="PNG", compress_level=PNG_COMPRESS_LEVEL,
                   compress_type=compress_type)


def _ms(work: object, *args: object) -> tuple[float, float]:
    """Wall and CPU milliseconds of ``work(*args)``."""
    wall, cpu = time.perf_counter(), time.process_time()
    work(*args)  # type: ignore[operator]
    return (time.perf_counter() - wall) * 1000, (time.process_time() - cpu) * 1000


def rounding_figures(catalogue: RoundingSource, names: list[str]) -> None:
    """Print the median ms of a cold rounded image of each of ``names`` (real images in
    :data:`CARD_IMAGES`, not yet rounded by ``catalogue``) and of the floors, and ratios."""
    rounded: list[tuple[float, float]] = []
    bare: list[tuple[float, float]] = []
    bare_default: list[tuple[float, float]] = []
    for name in names:  # interleaved, so a change of load affects all three alike
        data = (CARD_IMAGES / name).read_bytes()
        bare.append(_ms(bare_png, data))
        bare_default.append(_ms(bare_png, data, PILLOW_DEFAULT))
        rounded.append(_ms(lambda n: catalogue.card_image(n, rounded=True), name))
    cold, floor, floor_default = (statistics.median(w for w, _ in x)
                                  for x in (rounded, bare, bare_default))
    cpu_cold, cpu_floor, cpu_default = (sum(c for _, c in x)
                                        for x in (rounded, bare, bare_default))
    print(f"Rounded image made cold ({len(names)} real images, median)")
    figure("rounded PNG, cold (decode+round+encode)", cold, "ms")
    figure(f"Pillow bare decode + PNG encode (level {PNG_COMPRESS_LEVEL}, "
           f"strategy {PNG_COMPRESS_TYPE})", floor, "ms")
    figure("ratio rounded / bare", cold / floor, "x")
    figure(f"  bare with Pillow's own strategy (level {PNG_COMPRESS_LEVEL})",
           floor_default, "ms")
    figure("  ratio rounded / bare (Pillow's own strategy)", cold / floor_default, "x")
    print("  the same in CPU time (not skewed by other processes on a shared machine)")
    figure("ratio rounded / bare, CPU", cpu_cold / cpu_floor, "x")
    figure("  ratio rounded / bare (Pillow's own strategy), CPU", cpu_cold / cpu_default, "x")


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
