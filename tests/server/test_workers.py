"""``archivist serve --workers N``: uvicorn's worker processes over one catalogue file."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from app.bootstrap import build
from app.store import CardRecord, Writer
from tests.contract.conftest import free_port
from tests.helpers.cards import make_card


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        out += [int(c) for c in (task / "children").read_text().split()]
    return out


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux /proc")
def test_two_workers_answer_over_the_same_catalogue(tmp_path: Path) -> None:
    Writer(build(str(tmp_path)).store).write([CardRecord(make_card())])
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--data-dir", str(tmp_path), "--port",
         str(port), "--workers", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ},
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                response = httpx.get(f"http://127.0.0.1:{port}/cards/generated-card", timeout=2)
                if response.status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, "serve did not start"
            time.sleep(0.2)
        assert response.json()["slug"] == "generated-card"
        # uvicorn's supervisor keeps two Python workers (plus its resource tracker).
        workers = [c for c in _children(proc.pid)
                   if b"resource_tracker" not in Path(f"/proc/{c}/cmdline").read_bytes()]
        assert len(workers) == 2
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert b"with 2 workers" in proc.stderr.read() if proc.stderr else False


def test_workers_out_of_range_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app", "serve", "--data-dir", str(tmp_path), "--workers", "0"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        "archivist: --workers must be between 1 and 64"]
