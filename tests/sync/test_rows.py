"""Rows built while pages download (a full walk writes each page into the catalogue's open
transaction): a failure at any point, while building or while committing, leaves the
previous catalogue whole, and the next sync completes it (generated upstream, loopback)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

import app.store.writer as writing
from app.bootstrap import build
from app.errors import StoreError
from app.sync import Progress, SyncEngine
from app.sync.engine import STAGING_FILE
from tests.sync.conftest import fast_options, state, sync
from tests.sync.generated import generated_card, write_cards
from tests.sync.servers import ServerProcess


def _previous(mine: Path) -> dict[str, Any]:
    write_cards(mine, [generated_card(i, flavor="Previous.") for i in range(1, 6)])
    return state(mine)


def _complete(mine: Path, upstream: Path) -> None:
    got, want = state(mine), state(upstream)
    for key in ("cards", "featured", "options", "ranks", "history"):
        assert got[key] == want[key], key


def test_a_failure_while_the_pages_are_written_leaves_the_previous_catalogue(
    tmp_path: Path, healthy: ServerProcess, upstream: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine"
    before = _previous(mine)
    index_card, written = writing.index_card, []

    def fails_at_the_60th(*args: Any) -> None:
        written.append(1)
        if len(written) == 60:
            raise sqlite3.OperationalError("database or disk is full")
        index_card(*args)

    monkeypatch.setattr(writing, "index_card", fails_at_the_60th)
    phases: list[str] = []
    services = build(str(mine))
    engine = SyncEngine(services.paths, services.store, fast_options(healthy.url))
    with pytest.raises(StoreError, match="Writing the catalogue failed, nothing was changed"):
        engine.run(progress=lambda p: phases.append(p.phase))
    services.store.close()
    assert "apply" not in phases  # it failed while the pages came in
    assert state(mine) == before and (mine / STAGING_FILE).exists()
    monkeypatch.setattr(writing, "index_card", index_card)
    report = sync(mine, healthy.url)
    assert report.resumed
    _complete(mine, upstream)


def test_a_failure_while_committing_leaves_the_previous_catalogue(
    tmp_path: Path, healthy: ServerProcess, upstream: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine"
    before = _previous(mine)
    write_history = writing.write_history

    def fails(*args: Any) -> int:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(writing, "write_history", fails)
    with pytest.raises(StoreError, match="nothing was changed: disk I/O error"):
        sync(mine, healthy.url)
    assert state(mine) == before and (mine / STAGING_FILE).exists()
    monkeypatch.setattr(writing, "write_history", write_history)
    sync(mine, healthy.url)
    _complete(mine, upstream)


def test_readers_see_the_previous_catalogue_after_the_pages_were_written(
    tmp_path: Path, healthy: ServerProcess
) -> None:
    """After the walk wrote every page (the ``verify`` phase), a reader still sees the
    previous catalogue."""
    mine = tmp_path / "mine"
    before = _previous(mine)
    during: list[dict[str, Any]] = []

    def look(progress: Progress) -> None:
        if progress.phase == "verify" and not during:
            during.append(state(mine))

    services = build(str(mine))
    SyncEngine(services.paths, services.store, fast_options(healthy.url)).run(progress=look)
    assert during == [before]


@pytest.mark.parametrize("free", [1_600_000, 2_200_000, 3_200_000])
def test_a_disk_that_fills_during_a_full_sync_leaves_a_whole_catalogue(
    tmp_path: Path, healthy: ServerProcess, upstream: Path, free: int
) -> None:
    """A real small file system: the disk fills while the staging file grows (1.6 MB free),
    while the catalogue's transaction is written (2.2 MB), or not at all (3.2 MB); a sync
    that fails says so and leaves the previous catalogue whole; with room again the next
    sync completes."""
    from tests.helpers.smallfs import fill, small_fs

    with small_fs(tmp_path / "small", size="6m") as small:
        mine = small / "mine"
        before = _previous(mine)
        fill(small, free)
        failed: StoreError | None = None
        try:
            sync(mine, healthy.url)
        except StoreError as error:
            failed = error
        (small / "filler.bin").unlink()  # room again (a full disk cannot even be read)
        if failed is not None:
            assert "disk is full" in failed.message
            assert state(mine) == before
        sync(mine, healthy.url)
        _complete(mine, upstream)
