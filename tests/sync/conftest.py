"""Fixtures of the sync tests: servers on loopback, a generated upstream, catalogue states."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.store import Reader
from app.sync import ClientSettings, SyncEngine, SyncOptions, SyncReport
from tests.sync.generated import build_upstream
from tests.sync.servers import ServerProcess


def fast_options(url: str, **changes: Any) -> SyncOptions:
    """Sync options for tests: quick retries; the watermark from the local clock with no
    margin (server and client share this machine; a ``Date`` header has whole seconds)."""
    client = changes.pop("client", None) or ClientSettings(backoff_base=0.01, backoff_max=0.05,
                                                           timeout=10.0)
    return SyncOptions(api_url=url, watermark_margin=timedelta(0), server_clock=False,
                       client=client, full_every=None, **changes)


def sync(data_dir: Path, url: str, **changes: Any) -> SyncReport:
    """One sync of the catalogue in ``data_dir`` from ``url`` with :func:`fast_options`
    (``changes``: other options); the catalogue is closed after."""
    services = build(str(data_dir))
    try:
        return SyncEngine(services.paths, services.store, fast_options(url, **changes)).run()
    finally:
        services.store.close()


def state(data_dir: Path) -> dict[str, Any]:
    """What a person sees of a catalogue: every card, featured sets, options, counts, ranks,
    history of the dynamic editions, the card images it lists as stored (a sync places new
    image files in the store before its final transaction; they count from then on)."""
    catalogue = LocalCatalogue.open(data_dir)
    try:
        cards = {c.slug: catalogue.card(c.slug) for c in catalogue.query("").hits}
        ranks = catalogue.dynamic_thema_ranks()
        history = {
            edition: catalogue.dynamic_thema_history(edition, "FOIL")
            for edition in sorted({r["edition"]["uuid"] for r in ranks})
        }
        images = sorted(Reader(catalogue.store).stored_images())
        return {"cards": cards, "featured": catalogue.featured_sets(),
                "options": catalogue.option_search(), "counts": catalogue.counts(),
                "ranks": ranks, "history": history, "images": images}
    finally:
        catalogue.store.close()


@pytest.fixture(scope="module")
def upstream(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated upstream data folder (120 cards, 10 images, history; not real data)."""
    return build_upstream(tmp_path_factory.mktemp("upstream"))


@pytest.fixture(scope="module")
def server(upstream: Path) -> Iterator[ServerProcess]:
    """The fault-injecting server over :func:`upstream` (module-wide; faults per test)."""
    process = ServerProcess(upstream).start()
    yield process
    process.stop()


@pytest.fixture
def healthy(server: ServerProcess) -> ServerProcess:
    """:func:`server` with no faults and a clear request log."""
    server.control()
    return server
