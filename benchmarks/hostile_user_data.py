"""The hostile cases against the player's own data (the collection and the kept decks):
each one tried as an attacker or an unlucky user would, and whether it held.

Run through ``python -m benchmarks.hostile_input``. Each case runs ``archivist`` in a child
process over a fresh copy of one data folder (the real 2026-04-04 catalogue, a collection of
41 entries, the decks of one event) and prints what was tried, what happened (exit status,
the first line said) and ``held`` when the behaviour is the one the case states: the exit
status, the message, and that nothing of the player's data was lost.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from benchmarks.common import SHARED_DATA, SNAPSHOT_0404

EVENT = SHARED_DATA / "decklists" / "50170.json"
USER_FILES = ("catalogue.sqlite3", "collection.sqlite3", "decks.sqlite3")
TIMEOUT = 15
"""Seconds after which a command counts as hanging (it is killed)."""


@dataclass(frozen=True)
class Done:
    """One command's outcome: exit status (None: it hung and was killed) and its output."""

    code: int | None
    out: str
    err: str

    def said(self) -> str:
        """The first line of stderr (else stdout), shortened."""
        lines = (self.err.strip() or self.out.strip()).splitlines()
        return (lines[0][:110] if lines else "(nothing)")

    def crashed(self) -> bool:
        """True when a traceback was printed."""
        return "Traceback" in self.err

    def __str__(self) -> str:
        status = "hung (killed)" if self.code is None else f"exit {self.code}"
        return f"{status}: {self.said()}"


class Lab:
    """A template data folder and fresh copies of it, one per case."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.template = root / "template"
        self._count = 0

    def build(self) -> None:
        """Import the catalogue, then keep 41 owned entries and the event's decks."""
        done = run(self.template, "import", str(SNAPSHOT_0404), timeout=600)
        if done.code != 0:
            raise SystemExit(f"the catalogue import failed: {done}")
        with closing(sqlite3.connect(self.template / "catalogue.sqlite3")) as conn:
            rows = conn.execute("SELECT e.uuid, c.name, e.set_prefix, e.collector_number "
                                "FROM editions e JOIN cards c ON c.uuid = e.card_uuid "
                                "ORDER BY e.set_prefix, e.collector_number LIMIT 41"
                                ).fetchall()
        csv = self.root / "owned.csv"
        csv.write_text("Quantity,Name,Set,Number,Edition UUID\n" + "".join(
            f'2,"{name}",{prefix},{number},{uuid}\n' for uuid, name, prefix, number in rows),
            encoding="utf-8")
        for args in (("collection", "import", str(csv)),
                     ("deck", "import", str(EVENT), "--index", "1", "--name", "Kept")):
            done = run(self.template, *args)
            if done.code != 0:
                raise SystemExit(f"setting up {' '.join(args)} failed: {done}")

    def fresh(self) -> Path:
        """A new data folder holding copies of the template's three files."""
        self._count += 1
        data = self.root / f"case{self._count:02d}"
        data.mkdir()
        for name in USER_FILES:
            shutil.copy2(self.template / name, data / name)
        return data


def run(data: Path, *args: str, timeout: float = TIMEOUT) -> Done:
    """``archivist --data-dir DATA ARGS…`` in a child process."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONIOENCODING": "utf-8"}
    try:
        done = subprocess.run([sys.executable, "-m", "app", "--data-dir", str(data), *args],
                              capture_output=True, text=True, timeout=timeout, check=False,
                              env=env, stdin=subprocess.DEVNULL, encoding="utf-8",
                              errors="replace")
    except subprocess.TimeoutExpired as expired:
        return Done(None, str(expired.stdout or ""), str(expired.stderr or ""))
    return Done(done.returncode, done.stdout, done.stderr)


def digest(*paths: Path) -> str:
    """One hash over the bytes of ``paths`` (a missing one counts as empty)."""
    h = hashlib.sha256()
    for path in paths:
        h.update(path.read_bytes() if path.is_file() else b"<none>")
    return h.hexdigest()


def entries(data: Path) -> int:
    """How many rows the collection file holds (-1: it cannot be read)."""
    try:
        with closing(sqlite3.connect(f"file:{data / 'collection.sqlite3'}?mode=ro",
                                     uri=True)) as conn:
            return int(conn.execute("SELECT count(*) FROM entries").fetchone()[0])
    except sqlite3.Error:
        return -1


Case = Callable[[Lab], tuple[str, Done, bool | None]]
"""A case: given the lab, returns (what was tried, what happened, whether it held; None
when it could not be tried here)."""


def refused_untouched(tried: str, data: Path, args: tuple[str, ...], *watched: Path,
                      code: int = 2) -> tuple[str, Done, bool]:
    """Run ``args``; held when it exits ``code`` in one line, without a traceback, and the
    ``watched`` files (default: the three user files) are byte for byte as they were."""
    files = watched or tuple(data / name for name in USER_FILES)
    before = digest(*files)
    done = run(data, *args)
    held = (done.code == code and not done.crashed() and digest(*files) == before
            and len(done.err.strip().splitlines()) <= 1)
    return tried, done, held


def mkfifo(path: Path) -> bool:
    """Make a FIFO at ``path``; False where the platform has none."""
    if not hasattr(os, "mkfifo"):
        return False
    os.mkfifo(path)
    return True


def run_cases(cases: list[tuple[str, Case]]) -> tuple[int, int]:
    """Build the lab, run each case and print it; returns (held, tried): a case that could
    not be tried here is printed as skipped and not counted."""
    if not SNAPSHOT_0404.is_dir():
        print(f"  (the user-data cases need the real data at {SHARED_DATA}: not tried)")
        return 0, 0
    held = skipped = 0
    with tempfile.TemporaryDirectory() as tmp:
        lab = Lab(Path(tmp))
        lab.build()
        for item, case in cases:
            try:
                tried, done, ok = case(lab)
            except Exception as error:  # a case that cannot be set up is a failure too
                tried, done, ok = "(setting up)", Done(-1, "", repr(error)), False
            held += ok is True
            skipped += ok is None
            verdict = "skipped" if ok is None else "held   " if ok else "FAILED "
            print(f"  [{item:>4}] {verdict} {tried}\n"
                  f"          → {done}")
    return held, len(cases) - skipped
