"""Conditional requests of a sync from another Archivist: a second sync
with nothing changed revalidates what it holds (``If-None-Match`` → ``304``), transfers far
fewer bytes and leaves the catalogue as it was; a change on the mirror is fetched again."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.bootstrap import build
from app.store.write.writer import read_meta
from app.sync.common import META_VALIDATORS
from tests.sync.conftest import state, sync
from tests.sync.generated import build_upstream, generated_card, write_cards
from tests.sync.servers import ServerProcess


@pytest.fixture
def mirror(tmp_path: Path) -> Iterator[tuple[Path, ServerProcess]]:
    """``archivist serve`` over a small generated catalogue this test may change."""
    upstream = build_upstream(tmp_path / "up", count=30, images=2)
    server = ServerProcess(upstream, faulty=False).start()
    try:
        yield upstream, server
    finally:
        server.stop()


def test_nothing_changed_answers_304_and_transfers_little(
        tmp_path: Path, mirror: tuple[Path, ServerProcess]) -> None:
    _, server = mirror
    mine = tmp_path / "mine"
    first = sync(mine, server.url)
    assert first.not_modified == 0  # nothing held yet: nothing to revalidate
    before = state(mine)
    again = sync(mine, server.url)
    assert again.incremental and again.cards_received == 0
    # the probe, featured sets, options and ranks are revalidated; the page of changes
    # was never asked before (the first sync walked every card)
    assert again.not_modified == again.requests - 1 >= 4
    assert again.bytes * 20 < first.bytes
    assert "answers not modified (304)" in again.summary()
    assert state(mine) == before
    third = sync(mine, server.url)  # now the page of changes too; 304s keep validators
    assert third.not_modified == third.requests >= 5
    assert third.bytes < again.bytes
    assert state(mine) == before


def test_a_full_sync_asks_unconditionally(tmp_path: Path,
                                          mirror: tuple[Path, ServerProcess]) -> None:
    _, server = mirror
    mine = tmp_path / "mine"
    sync(mine, server.url)
    full = sync(mine, server.url, full=True)
    assert full.complete and full.not_modified == 0 and full.cards_received == 30
    assert sync(mine, server.url).not_modified >= 4  # a full sync still learns validators


def test_a_change_on_the_mirror_is_fetched_again(tmp_path: Path,
                                                 mirror: tuple[Path, ServerProcess]) -> None:
    upstream, server = mirror
    mine = tmp_path / "mine"
    sync(mine, server.url)
    write_cards(upstream, [generated_card(5, flavor="Changed flavor.")])
    report = sync(mine, server.url)
    assert report.incremental and report.write.changed == 1
    assert 0 < report.not_modified < report.requests  # the lists were current, not the page
    assert state(mine)["cards"]["generated-5"]["flavor"] == "Changed flavor."
    assert state(mine) == state(upstream)


def test_validators_from_another_api_are_not_sent(tmp_path: Path,
                                                  mirror: tuple[Path, ServerProcess]) -> None:
    _, server = mirror
    mine = tmp_path / "mine"
    sync(mine, server.url)
    services = build(str(mine))
    try:
        assert read_meta(services.store, "sync.")[META_VALIDATORS].startswith("{")
    finally:
        services.store.close()
    other = server.url.replace("127.0.0.1", "localhost")
    assert sync(mine, other).not_modified == 0
