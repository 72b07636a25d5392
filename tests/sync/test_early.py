"""A first full sync writes its pages into the catalogue while the next ones download
(generated upstream, not real data): the catalogue a sync makes, and nothing of it before
the sync ends or when it stops."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from app.bootstrap import build
from app.sync import Progress, SyncCancelled, SyncEngine
from app.sync.early import EarlyWrite
from app.sync.engine import STAGING_FILE
from tests.sync.conftest import fast_options, state, sync
from tests.sync.servers import ServerProcess
from tests.sync.test_engine import same_catalogue


@pytest.fixture
def finished(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Lowers the big write to 50 cards (the upstream has 120) and records what each
    early write's finish returned (None: declined)."""
    monkeypatch.setattr("app.store.write.batch.BULK_CARDS", 50)
    results: list[Any] = []
    original = EarlyWrite.finish

    def finish(self: EarlyWrite, *args: Any, **kwargs: Any) -> Any:
        results.append(original(self, *args, **kwargs))
        return results[-1]

    monkeypatch.setattr(EarlyWrite, "finish", finish)
    return results


def test_a_first_full_sync_writes_its_pages_early_into_the_same_catalogue(
        tmp_path: Path, healthy: ServerProcess, upstream: Path, finished: list[Any]) -> None:
    report = sync(tmp_path / "mine", healthy.url, page_size=10)
    assert len(finished) == 1 and finished[0] is not None  # the early write was the write
    assert report.write == finished[0] and report.write.new == 120
    same_catalogue(tmp_path / "mine", upstream)
    again = sync(tmp_path / "mine", healthy.url, full=True, page_size=10)
    assert len(finished) == 1  # a catalogue with cards is written as before
    assert (again.write.new, again.write.changed) == (0, 0)


def test_a_stopped_first_sync_leaves_the_empty_catalogue_and_resumes(
        tmp_path: Path, healthy: ServerProcess, upstream: Path, finished: list[Any]) -> None:
    mine = tmp_path / "mine"
    before = state(mine)
    cancel = threading.Event()

    def stop_in_thema(progress: Progress) -> None:
        if progress.phase == "thema":
            cancel.set()

    services = build(str(mine))
    engine = SyncEngine(services.paths, services.store, fast_options(healthy.url, page_size=10))
    with pytest.raises(SyncCancelled):
        engine.run(progress=stop_in_thema, cancel=cancel)
    services.store.close()
    assert state(mine) == before and before["counts"]["cards"] == 0
    assert (mine / STAGING_FILE).exists() and finished == []
    report = sync(mine, healthy.url, page_size=10)
    assert report.resumed and report.write.new == 120
    same_catalogue(mine, upstream)
