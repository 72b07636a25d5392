"""The walk over ``/cards/search`` pages: a full walk asks for every page at once (the
probe told the card count), and a count that moved since the probe is walked again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.sync import official_search
from app.sync.context import Context
from tests.sync.conftest import state
from tests.sync.servers import ServerProcess
from tests.sync.test_faults import sync


def test_a_full_walk_fetches_each_page_once(
    tmp_path: Path, healthy: ServerProcess, upstream: Path
) -> None:
    report = sync(tmp_path / "mine", healthy.url, images="none")
    assert report.write.new == 120
    pages = [r["query"] for r in healthy.requests() if r["path"] == "/cards/search"]
    assert sorted(pages) == sorted(["page=1&page_size=1",
                                    *(f"page={p}&page_size=50" for p in (1, 2, 3))])
    assert state(tmp_path / "mine")["cards"] == state(upstream)["cards"]


def test_a_count_that_moved_since_the_probe_is_walked_again(
    tmp_path: Path, healthy: ServerProcess, upstream: Path, monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    probe = official_search.probe

    async def stale_probe(ctx: Context) -> dict[str, Any] | None:
        page = await probe(ctx)
        assert page is not None
        return {**page, "total_cards": 40}  # one page then; the pages say 120

    monkeypatch.setattr(official_search, "probe", stale_probe)
    with caplog.at_level("INFO", logger="app.sync"):
        report = sync(tmp_path / "mine", healthy.url, images="none")
    assert "walking again" in caplog.text
    assert report.write.new == 120 and report.complete
    assert state(tmp_path / "mine")["cards"] == state(upstream)["cards"]
