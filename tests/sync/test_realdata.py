"""Syncing the real catalogue (2026-02-10, then 2026-04-04) from ``archivist serve``, and
crawling it from a server that offers only the seven endpoints. Featured-set logos and
dynamic Thema history are GENERATED (no public capture exists); everything else is real."""

from __future__ import annotations

import contextlib
import json
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.errors import NotFound
from app.history import content_equal
from app.ingest import import_paths
from app.ingest.thema import import_generated_history
from app.model import RecordProblem, fill_neutral, validate_card
from app.store.write.writer import canonical
from app.sync import SyncEngine, SyncReport
from app.sync.crawl import number_of
from tests.conftest import CARD_IMAGES, SHARED_DATA, SNAPSHOT_0210, SNAPSHOT_0404
from tests.helpers.generated import generated_logos
from tests.sync.conftest import fast_options
from tests.sync.servers import ServerProcess

pytestmark = [pytest.mark.realdata, pytest.mark.slow]
FEATURED = SHARED_DATA / "featured-sets.json"
OPTIONS = SHARED_DATA / "option-search.json"


def snapshot_cards(folder: Path) -> dict[str, dict[str, Any]]:
    """The valid cards of a snapshot, filled like an import, first seen wins."""
    cards: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*.json")):
        for index, raw in enumerate(json.loads(path.read_text(encoding="utf-8"))):
            fill_neutral(raw)
            if not isinstance(validate_card(raw, str(path), index), RecordProblem):
                cards.setdefault(raw["uuid"], raw)
    return cards


def import_upstream(data: Path, snapshot: Path, logos: Path, *, first: bool) -> None:
    """Import a snapshot (first time also featured sets, options, images, generated logos)
    and generated Thema history ending today into ``data``."""
    services = build(str(data))
    inputs = [snapshot, FEATURED, OPTIONS] if first else [snapshot]
    import_paths(services.store, inputs, CARD_IMAGES if first else None,
                 services.images if first else None, logos if first else None,
                 services.catalogue.logos if first else None)
    import_generated_history(services.store, end=datetime.now(UTC).date(), days=400)
    services.store.close()


@dataclass
class Synced:
    mine: Path
    reference: LocalCatalogue
    first: SyncReport
    second: SyncReport
    third: SyncReport


@pytest.fixture(scope="module")
def logos(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("generated-logos")
    generated_logos(FEATURED, folder)
    return folder


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory, logos: Path) -> LocalCatalogue:
    """A fresh import of 2026-04-04 (with the same featured sets, options, images, logos and
    generated history as the upstream)."""
    data = tmp_path_factory.mktemp("reference")
    import_upstream(data, SNAPSHOT_0404, logos, first=True)
    return LocalCatalogue.open(data)


@pytest.fixture(scope="module")
def synced(tmp_path_factory: pytest.TempPathFactory, logos: Path,
           reference: LocalCatalogue) -> Iterator[Synced]:
    """Sync from ``archivist serve`` over 2026-02-10, switch it to 2026-04-04, sync again,
    then once more with nothing changed."""
    root = tmp_path_factory.mktemp("realsync")
    import_upstream(root / "upstream", SNAPSHOT_0210, logos, first=True)
    server = ServerProcess(root / "upstream", faulty=False).start()
    mine = build(str(root / "mine"))

    def run() -> SyncReport:
        return SyncEngine(mine.paths, mine.store, fast_options(server.url)).run()

    try:
        first = run()
        import_upstream(root / "upstream", SNAPSHOT_0404, logos, first=False)
        second = run()
        third = run()
    finally:
        server.stop()
    yield Synced(root / "mine", reference, first, second, third)


def test_the_incremental_sync_fetches_only_changed_and_new_cards(synced: Synced) -> None:
    old, new = snapshot_cards(SNAPSHOT_0210), snapshot_cards(SNAPSHOT_0404)
    added = set(new) - set(old)
    differ = {u for u in set(old) & set(new)
              if canonical({**old[u], "result_editions": []})
              != canonical({**new[u], "result_editions": []})}
    changed = {u for u in differ if not content_equal(old[u], new[u])}  # not only reordered
    first, second = synced.first, synced.second
    assert (first.write.new, first.complete) == (len(old), True)
    assert second.incremental and not second.complete
    assert second.cards_received == len(added | differ)
    assert (second.write.new, second.write.changed, second.write.removed) == \
        (len(added), len(changed), 0)
    assert second.requests < first.requests / 2


def test_a_sync_with_nothing_changed_is_a_handful_of_requests(synced: Synced) -> None:
    third = synced.third
    assert third.cards_received == 0 and third.images == 0 and third.thema_entries == 0
    assert third.requests <= 6
    assert third.bytes < synced.first.bytes / 100


def test_the_synced_catalogue_equals_a_fresh_import_endpoint_by_endpoint(
    synced: Synced,
) -> None:
    mine, ref = LocalCatalogue.open(synced.mine), synced.reference
    summaries = ref.query("").hits
    assert mine.counts() == ref.counts() and len(summaries) == 2235
    numbers: set[tuple[str, str]] = set()
    for summary in summaries:  # endpoint 1, every card
        card = ref.card(summary.slug)
        assert mine.card(summary.slug) == card, summary.slug
        numbers |= {(e["set"]["prefix"], e["collector_number"]) for e in card["editions"]}
    for prefix, number in sorted(numbers):  # endpoint 2, every set prefix + number
        assert mine.card_by_number(prefix, number) == ref.card_by_number(prefix, number)
    for image in sorted(CARD_IMAGES.glob("*.jpg")):  # endpoint 3
        assert mine.card_image(image.name) == ref.card_image(image.name), image.name
    sample = sorted(CARD_IMAGES.glob("*.jpg"))[0].name
    assert mine.card_image(sample, rounded=True) == ref.card_image(sample, rounded=True)
    assert mine.featured_sets() == ref.featured_sets()  # endpoint 4
    for group in ref.featured_sets():  # endpoint 5
        name = group["image"].rsplit("/", 1)[-1]
        assert mine.featured_set_logo(name) == ref.featured_set_logo(name)
    ranks = ref.dynamic_thema_ranks()
    assert len(ranks) == 18 and mine.dynamic_thema_ranks() == ranks  # endpoint 6
    for entry in ranks:  # endpoint 7 (the default range: one year up to today)
        uuid = entry["edition"]["uuid"]
        assert mine.dynamic_thema_history(uuid, "FOIL") == ref.dynamic_thema_history(uuid, "FOIL")
    assert mine.option_search() == ref.option_search()
    for page in (1, 20, 45):
        assert mine.cards_search(page=page) == ref.cards_search(page=page)


def reachable(catalogue: LocalCatalogue, miss_run: int = 10) -> set[str]:
    """The cards a crawl can reach, by the rule of :mod:`app.sync.crawl`, computed with
    plain sequential lookups: featured set prefixes and the ranks' slugs to start; probe
    every prefix from 000 up to ``miss_run`` past the highest number known for it (hits and
    every reached card's editions); follow references, referenced_by and new prefixes."""
    got: dict[str, dict[str, Any]] = {}
    known: dict[str, int] = defaultdict(lambda: -1)
    prefixes = {s["prefix"] for g in catalogue.featured_sets() for s in g["sets"]}
    slugs = [r["slug"] for r in catalogue.dynamic_thema_ranks()]
    probed: set[tuple[str, int]] = set()
    asked: set[str] = set()

    def learn(card: dict[str, Any]) -> None:
        got[card["uuid"]] = card
        asked.add(card["slug"])
        for edition in card["editions"]:
            prefixes.add(edition["set"]["prefix"])
            number = number_of(edition["collector_number"])
            if number is not None:
                known[edition["set"]["prefix"]] = max(known[edition["set"]["prefix"]], number)
        slugs.extend(r["slug"] for r in card["references"] + card["referenced_by"])

    progress = True
    while progress:
        progress = False
        for prefix in sorted(prefixes):
            number = 0
            while number <= known[prefix] + miss_run:
                if (prefix, number) not in probed:
                    probed.add((prefix, number))
                    progress = True
                    try:
                        card = catalogue.card_by_number(prefix, f"{number:03d}")
                    except NotFound:
                        card = None
                    if card is not None:
                        learn(card)
                number += 1
        while slugs:
            slug = slugs.pop()
            if slug not in asked:
                asked.add(slug)
                progress = True
                with contextlib.suppress(NotFound):
                    learn(catalogue.card(slug))
    return set(got)


def test_the_crawl_reaches_exactly_the_reachable_cards(
    tmp_path_factory: pytest.TempPathFactory, reference: LocalCatalogue
) -> None:
    server = ServerProcess(reference.store.path.parent).start()
    mine = build(str(tmp_path_factory.mktemp("crawl")))
    try:
        server.control(seven_only=True)
        options = fast_options(server.url, images="none")
        report = SyncEngine(mine.paths, mine.store, options).run()
    finally:
        server.stop()
    assert report.method == "crawl"
    expected = reachable(reference)
    crawled = LocalCatalogue.open(mine.paths.data)
    got = {c.uuid: c.slug for c in crawled.query("").hits}
    assert set(got) == expected
    for slug in got.values():
        assert crawled.card(slug) == reference.card(slug)
    every = {c.uuid: c.slug for c in reference.query("").hits}
    missed = sorted(every[u] for u in set(every) - expected)
    # The documented limits: 14 of the 15 cards sharing AMBDP 001, and 4 cards whose only
    # collector numbers carry a letter suffix (RDO 1st 044A/044B and 139A/139B, PRXY 001B, 002B).
    assert len(missed) == 18
    assert sum(s.startswith("nameless-champion") for s in missed) == 14
    assert {"angelic-channeling", "seraphic-legions-descent", "scepter-of-lumina",
            "stonescale-band"} <= set(missed)
    assert crawled.featured_sets() == reference.featured_sets()
    assert crawled.dynamic_thema_ranks() == reference.dynamic_thema_ranks()
