"""Child-process servers for the sync tests, on free loopback ports."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerProcess:
    """A server child process: ``archivist serve`` or the fault-injecting one.

    Args:
        data_dir: the data folder it serves.
        faulty: run :mod:`tests.sync.faulty_server` instead of ``archivist serve``.
        log: where the child's stderr goes.
    """

    def __init__(self, data_dir: Path, faulty: bool = True, log: Path | None = None) -> None:
        self.data_dir = data_dir
        self.faulty = faulty
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log or data_dir.parent / f"server-{self.port}.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        """Start the child and wait until it answers (at most 60 s)."""
        module = ["-m", "tests.sync.faulty_server"] if self.faulty else ["-m", "app", "serve"]
        command = [sys.executable, *module, "--data-dir", str(self.data_dir),
                   "--port", str(self.port)]
        with self.log.open("ab") as err:
            self.proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                                         stderr=err, env={**os.environ})
        ready = "/__ready" if self.faulty else "/featured-sets"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(self.url + ready, timeout=2).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"server did not start: {self.log.read_text()[-2000:]}")
            time.sleep(0.05)

    def control(self, faults: list[dict[str, Any]] | None = None,
                seven_only: bool = False) -> None:
        """Replace the fault schedule (faulty server only) and clear its request log."""
        body = json.dumps({"faults": faults or [], "seven_only": seven_only})
        httpx.put(self.url + "/__control", content=body, timeout=10).raise_for_status()

    def requests(self) -> list[dict[str, Any]]:
        """The requests the faulty server saw since the last :meth:`control`."""
        return list(httpx.get(self.url + "/__log", timeout=10).json())

    def alive(self) -> bool:
        """True while the child runs."""
        return self.proc is not None and self.proc.poll() is None

    def stop(self) -> None:
        """Stop the child (terminate, then kill)."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=20)
        self.proc = None
