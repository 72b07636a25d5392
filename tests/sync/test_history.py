"""A sync records the same revision as an import of the same change (generated upstream on
loopback, not real data)."""

from __future__ import annotations

import json
from pathlib import Path

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.ingest import import_paths
from app.sync import SyncEngine
from tests.helpers.parts import parts_of
from tests.sync.conftest import fast_options
from tests.sync.generated import build_upstream, generated_card, write_cards
from tests.sync.servers import ServerProcess


def _sync(data_dir: Path, url: str) -> None:
    services = build(str(data_dir))
    try:
        SyncEngine(services.paths, services.store, fast_options(url)).run()
    finally:
        services.store.close()


def _import(data_dir: Path, source: Path) -> None:
    services = build(str(data_dir))
    try:
        import_paths(services.store, [source])
    finally:
        services.store.close()


def test_a_sync_records_the_same_revision_as_an_import_of_the_change(tmp_path: Path) -> None:
    upstream = build_upstream(tmp_path / "up", count=20, images=0)
    server = ServerProcess(upstream).start()
    try:
        _sync(tmp_path / "synced", server.url)
        _import(tmp_path / "imported", tmp_path / "up" / "inputs" / "cards.json")
        change = [generated_card(4, effect_raw="Draw two cards."),
                  generated_card(6, legality={"STANDARD": {"limit": 1}}), generated_card(21)]
        write_cards(upstream, change)
        (tmp_path / "change.json").write_text(json.dumps(change), encoding="utf-8")
        server.control()
        _sync(tmp_path / "synced", server.url)
        _import(tmp_path / "imported", tmp_path / "change.json")
    finally:
        server.stop()
    synced, imported = (LocalCatalogue.open(tmp_path / d) for d in ("synced", "imported"))
    got, want = parts_of(synced).history.revision(), parts_of(imported).history.revision()
    assert (got.kind, got.source) == ("sync", server.url)
    assert (got.number, got.added, got.changed, got.removed) == (2, 1, 2, 0)
    assert (want.number, want.added, want.changed, want.removed) == (2, 1, 2, 0)
    assert parts_of(synced).history.changes() == parts_of(imported).history.changes()
    groups = {c.slug: c.groups for c in parts_of(synced).history.changes()}
    assert groups == {"generated-4": ("errata",), "generated-6": ("legality",),
                      "generated-21": ("new",)}
