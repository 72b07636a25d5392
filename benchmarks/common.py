"""Shared helpers of the benchmarks: the real data folder, percentiles, printing figures."""

from __future__ import annotations

import statistics
from pathlib import Path

SHARED_DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "gatcg"
SNAPSHOT_0404 = SHARED_DATA / "snapshots" / "2026-04-04"
CARD_IMAGES = SHARED_DATA / "images" / "cards"


def percentile(samples: list[float], q: float) -> float:
    """The q-th percentile (0–100) of ``samples`` (inclusive method)."""
    if len(samples) == 1:
        return samples[0]
    return statistics.quantiles(samples, n=100, method="inclusive")[max(0, min(98, round(q) - 1))]


def figure(name: str, value: float, unit: str) -> None:
    """Print one figure as an aligned line: ``name  value unit``."""
    print(f"  {name:<46} {value:>12.3f} {unit}")
