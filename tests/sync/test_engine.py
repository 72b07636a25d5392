"""The sync engine against a generated upstream (not real data) on loopback: full and
incremental syncs, crawl, removals, images, progress, cancel and resume."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.net import USER_AGENT
from app.sync import Progress, SyncCancelled, SyncEngine
from app.sync.engine import STAGING_FILE
from tests.sync.conftest import fast_options, state, sync
from tests.sync.generated import build_upstream, generated_card, write_cards
from tests.sync.servers import ServerProcess


def same_catalogue(mine: Path, upstream: Path) -> None:
    got, want = state(mine), state(upstream)
    for key in ("cards", "featured", "options", "counts", "ranks", "history", "images"):
        assert got[key] == want[key], key


def test_first_sync_mirrors_every_endpoint(tmp_path: Path, healthy: ServerProcess,
                                           upstream: Path) -> None:
    report = sync(tmp_path / "mine", healthy.url)
    same_catalogue(tmp_path / "mine", upstream)
    assert (report.method, report.incremental, report.complete) == ("search", False, True)
    assert (report.write.new, report.cards_received, report.images, report.logos) == \
        (120, 120, 10, 1)
    assert report.thema_entries == 2 * 366  # two dynamic editions, one year up to today
    mine = LocalCatalogue.open(tmp_path / "mine")
    upstream_logo = LocalCatalogue.open(upstream).featured_set_logo("GEN.png")
    assert mine.featured_set_logo("GEN.png") == upstream_logo
    assert not (tmp_path / "mine" / STAGING_FILE).exists()


def test_requests_name_archivist_and_stay_within_the_api(tmp_path: Path,
                                                         healthy: ServerProcess) -> None:
    sync(tmp_path / "mine", healthy.url, images="none")
    seen = healthy.requests()
    assert seen and {r["user_agent"] for r in seen} == {USER_AGENT}
    assert not any(r["path"].startswith("/cards/images") for r in seen)


def test_a_second_sync_with_nothing_changed_asks_little(tmp_path: Path,
                                                        healthy: ServerProcess) -> None:
    first = sync(tmp_path / "mine", healthy.url)
    healthy.control()
    again = sync(tmp_path / "mine", healthy.url)
    assert again.incremental and again.cards_received == 0
    assert (again.write.new, again.write.changed, again.write.removed) == (0, 0, 0)
    assert again.requests <= 6 < first.requests
    paths = [r["path"] for r in healthy.requests()]
    assert paths.count("/cards/search") == 2  # the probe and one empty page of changes
    assert not any("dynamic-thema?" in p or p.startswith("/cards/images") for p in paths)


def test_crawl_without_search_reaches_the_same_catalogue(tmp_path: Path, server: ServerProcess,
                                                         upstream: Path) -> None:
    server.control(seven_only=True)
    report = sync(tmp_path / "mine", server.url)
    assert report.method == "crawl" and report.write.new == 120
    got, want = state(tmp_path / "mine"), state(upstream)
    for key in ("cards", "featured", "ranks", "history", "images"):
        assert got[key] == want[key], key
    assert not any(r["path"] == "/cards/search" and r["status"] == 200
                   for r in server.requests())


def test_images_modes(tmp_path: Path, healthy: ServerProcess) -> None:
    none = sync(tmp_path / "mine", healthy.url, images="none")
    assert none.images == 0 and state(tmp_path / "mine")["images"] == []
    missing = sync(tmp_path / "mine", healthy.url, images="missing")
    assert missing.images == 0  # no edition was added or changed
    every = sync(tmp_path / "mine", healthy.url, images="all")
    assert every.images == 10 and every.images_not_found == 110
    assert len(state(tmp_path / "mine")["images"]) == 10


def test_changed_and_new_cards_arrive_and_removed_ones_go(tmp_path: Path) -> None:
    upstream = build_upstream(tmp_path / "up", count=30, images=0)
    server = ServerProcess(upstream).start()
    try:
        sync(tmp_path / "mine", server.url)
        write_cards(upstream, [generated_card(5, flavor="Changed flavor."), generated_card(31)],
                    remove=["genc000007", "genc000008"])
        server.control()
        report = sync(tmp_path / "mine", server.url)
        assert report.complete and not report.incremental  # counts disagreed: full walk
        assert (report.write.new, report.write.changed, report.write.removed) == (1, 1, 2)
        same_catalogue(tmp_path / "mine", upstream)
        mine = LocalCatalogue.open(tmp_path / "mine")
        assert mine.card("generated-5")["flavor"] == "Changed flavor."
        paths = [r["path"] for r in server.requests()]
        assert "/cards/generated-7" in paths and "/cards/generated-8" in paths  # confirmed
    finally:
        server.stop()


def test_readers_see_the_previous_catalogue_until_the_end(tmp_path: Path,
                                                          healthy: ServerProcess) -> None:
    mine = tmp_path / "mine"
    services = build(str(mine))
    write_cards(mine, [generated_card(1, flavor="Old flavor."), generated_card(500)])
    before = state(mine)
    during: list[dict[str, object]] = []

    def look(progress: Progress) -> None:
        if progress.phase == "images" and not during:
            during.append(state(mine))

    SyncEngine(services.paths, services.store, fast_options(healthy.url)).run(progress=look)
    assert during == [before]
    assert state(mine)["cards"]["generated-1"]["flavor"] == "Generated flavor."


def test_cancel_leaves_the_catalogue_and_the_next_sync_resumes(tmp_path: Path,
                                                               healthy: ServerProcess,
                                                               upstream: Path) -> None:
    mine = tmp_path / "mine"
    write_cards(mine, [generated_card(1, flavor="Old flavor.")])
    before = state(mine)
    cancel = threading.Event()
    phases: list[str] = []

    def stop_in_thema(progress: Progress) -> None:
        phases.append(progress.phase)
        if progress.phase == "thema":
            cancel.set()

    services = build(str(mine))
    engine = SyncEngine(services.paths, services.store, fast_options(healthy.url))
    with pytest.raises(SyncCancelled, match="run it again to resume"):
        engine.run(progress=stop_in_thema, cancel=cancel)
    assert state(mine) == before and (mine / STAGING_FILE).exists()
    assert "apply" not in phases
    healthy.control()
    report = sync(mine, healthy.url, images="all")  # card 1's edition is unchanged: "all"
    assert report.resumed
    same_catalogue(mine, upstream)
    fetched = [r["path"] for r in healthy.requests()]
    assert fetched.count("/cards/search") == 1  # the probe: the pages were staged already
