"""Shared helpers of the benchmarks: the real data folder, percentiles, printing figures."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

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


def save_or_check(got: dict[str, Any], save: Path | None, check: Path | None,
                  what: str, part: str) -> int:
    """Write ``got`` (name of a request or query → its answer, JSON) to ``save``, and/or
    compare it with the answers saved in ``check``: print each name whose answer differs
    and a summary line; return how many differ (0 without ``check``).

    Args:
        what: what a name is, for the printed lines ("request", "query").
        part: the list each answer holds that the summary counts ("pages", "hits").
    """
    if save is not None:
        save.write_text(json.dumps(got), "utf-8")
        print(f"saved {len(got)} {what} answers to {save}")
    if check is None:
        return 0
    saved = json.loads(check.read_text("utf-8"))
    differ = [key for key in saved.keys() | got.keys() if saved.get(key) != got.get(key)]
    for key in sorted(differ):
        print(f"  DIFFERS: {key}")
    parts = sum(len(answer[part]) for answer in got.values())
    print(f"checked {len(got)} {what} answers ({parts} {part}): {len(differ)} differ")
    return len(differ)
