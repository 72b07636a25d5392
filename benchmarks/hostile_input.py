"""Hostile input: how long each hostile decklist takes to be refused (and why it no longer
hangs), then the hostile cases against the player's own data, each printed as held or
FAILED (:mod:`benchmarks.hostile_cases`).

Run: ``python -m benchmarks.hostile_input`` (a few minutes; ``--cases-only`` skips the
figures, ``--items=1,also,bkp`` runs only the cases of those items). Prints; asserts
nothing; exits 1 when a case failed.

- reader: milliseconds for :func:`app.decks.read_decklists` to refuse each hostile file (a
  line of ``1 a`` + 100,000 spaces + ``b``; 1,000 such lines of 1,900 spaces, 1.9 MB; JSON
  of 100,000 nested ``[``; a 5,000-digit quantity; ``{"main": 5}``; ``{"decklists": []}``),
  median of five;
- the old line expression: milliseconds for the regular expression the reader used before
  (``^\\s*(\\d+)\\s*(?:x\\b|×)?\\s*(.*?)\\s*$``) over ``1 a`` + N spaces + ``b``, N = 5,000,
  10,000, 20,000: the time grows with the square of N (the 100,000-space line would take
  minutes); beside it the new one-pass reader of a line (:func:`app.decks.parse.card_line`);
- command line: seconds for ``archivist deck check FILE`` of each file, start to exit 2,
  in a child process (most of it is Python starting and importing).
"""

from __future__ import annotations

import contextlib
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from app.decks import read_decklists
from app.decks.parse import card_line
from app.errors import InvalidData
from benchmarks.common import figure

FILES = {
    "line of 100,000 spaces": ("line.txt", "1 a" + " " * 100_000 + "b\n"),
    "1,000 lines of 1,900 spaces (1.9 MB)": ("many.txt", ("1 a" + " " * 1900 + "b\n") * 1000),
    "JSON nested 100,000 deep": ("deep.json", "[" * 100_000),
    "5,000-digit quantity": ("digits.txt", "9" * 5000 + " Backstep\n"),
    '{"main": 5}': ("shape.json", '{"main": 5}'),
    '{"decklists": []}': ("empty.json", '{"decklists": []}'),
}
OLD_LINE = re.compile(r"^\s*(\d+)\s*(?:x\b|×)?\s*(.*?)\s*$", re.I)


def _millis(action: Callable[[], object], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _refuse(path: Path) -> None:
    with contextlib.suppress(InvalidData):
        read_decklists(path)


def main() -> int:
    """Time the reader, the old expression and the command line over hostile decklists,
    then run the cases against the player's data; returns 1 when one of them failed."""
    if "--cases-only" not in sys.argv:
        figures()
    from benchmarks.hostile_cases import CASES
    from benchmarks.hostile_user_data import run_cases

    chosen = next((a.split("=", 1)[1].split(",") for a in sys.argv
                   if a.startswith("--items=")), None)
    print("the player's own data (collection, decks): each case held or FAILED")
    held, tried = run_cases([(item, case) for item, case in CASES
                             if chosen is None or item in chosen])
    print(f"  {held} of {tried} cases held")
    return 0 if held == tried else 1


def figures() -> None:
    """Write the files into a temporary folder, then time the reader, the old expression
    and the command line."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        paths = {}
        for label, (name, text) in FILES.items():
            paths[label] = folder / name
            paths[label].write_text(text, encoding="utf-8")
        for label, path in paths.items():
            figure(f"reader refuses: {label}", _millis(lambda p=path: _refuse(p)), "ms")
        for spaces in (5_000, 10_000, 20_000):
            line = "1 a" + " " * spaces + "b"
            figure(f"old line expression, {spaces:,} spaces",
                   _millis(lambda s=line: OLD_LINE.match(s), runs=1), "ms")
            figure(f"new one-pass line reader, {spaces:,} spaces",
                   _millis(lambda s=line: card_line(s)), "ms")
        for label, path in paths.items():
            started = time.perf_counter()
            subprocess.run([sys.executable, "-m", "app", "deck", "check", "--data-dir",
                            str(folder / "data"), str(path)], capture_output=True, check=False)
            figure(f"deck check exits 2: {label}", time.perf_counter() - started, "s")


if __name__ == "__main__":
    raise SystemExit(main())
