"""The contract suite runs every test twice: against LocalCatalogue, and against a
RemoteCatalogue pointed at ``archivist serve`` on a free loopback port, both over one
catalogue built from the real data (plus generated logos and Thema history)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.ingest import import_paths
from app.ingest.thema import import_generated_history
from app.net import RemoteCatalogue
from tests.conftest import CARD_IMAGES, SHARED_DATA, SNAPSHOT_0404
from tests.helpers.generated import generated_logos


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def contract_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder: real snapshot, images, featured sets, options; generated logos."""
    if not SHARED_DATA.is_dir():
        pytest.fail(f"real catalogue data missing at {SHARED_DATA}")
    root = tmp_path_factory.mktemp("contract")
    logos = generated_logos(SHARED_DATA / "featured-sets.json", root / "generated-logos")
    assert logos
    services = build(str(root / "data"))
    import_paths(
        services.store,
        [SNAPSHOT_0404, SHARED_DATA / "featured-sets.json", SHARED_DATA / "option-search.json"],
        CARD_IMAGES, services.images, root / "generated-logos", services.catalogue.logos,
    )
    # Generated Thema history (no public capture exists), ending today like the server's
    # default range, so default and explicit ranges can both be checked.
    import_generated_history(services.store, end=today(), days=400)
    return root / "data"


def today() -> date:
    """The servers' "today" (UTC), as endpoint 7's default range uses it."""
    return datetime.now(UTC).date()


@pytest.fixture(scope="session")
def server_url(contract_dir: Path) -> Iterator[str]:
    """``archivist serve`` over :func:`contract_dir` in a child process."""
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--data-dir", str(contract_dir),
         "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ},
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(f"{url}/featured-sets", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"archivist serve did not start: {proc.stderr.read()!r}")
        time.sleep(0.1)
    yield url
    proc.terminate()
    proc.wait(timeout=20)


@pytest.fixture(scope="session", params=["local", "remote"])
def catalogue(request: pytest.FixtureRequest, contract_dir: Path) -> Iterator[Any]:
    """The same catalogue, locally and over HTTP."""
    if request.param == "local":
        yield LocalCatalogue.open(contract_dir)
        return
    remote = RemoteCatalogue(request.getfixturevalue("server_url"))
    yield remote
    remote.close()
