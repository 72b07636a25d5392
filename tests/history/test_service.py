"""The history of the real catalogue: 2026-02-10 imported, then 2026-04-04 (real data)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.history import content_equal
from app.history.words import changed_words
from app.ingest import import_paths
from tests.conftest import SNAPSHOT_0210, SNAPSHOT_0404
from tests.helpers.parts import parts_of

pytestmark = [pytest.mark.realdata, pytest.mark.allow_log(r"^rejected ")]


def _undated(value: Any) -> Any:
    """Independent of app.history: a card's content without dates, editions by uuid."""
    if isinstance(value, dict):
        out = {k: _undated(v) for k, v in value.items()
               if k not in ("last_update", "result_editions")}
        if "editions" in value:
            out["editions"] = {e["uuid"]: _undated({"thema_foil_dynamic": False,
                                                    "thema_nonfoil_dynamic": False, **e})
                               for e in value["editions"]}
        return out
    if isinstance(value, list):
        return [_undated(v) for v in value]
    return value


def _snapshot(folder: Path) -> dict[str, Any]:
    cards: dict[str, Any] = {}
    for path in sorted(folder.glob("*.json")):
        for card in json.loads(path.read_text(encoding="utf-8")):
            if "last_update" in card:  # DOApSP.json's old records are rejected
                cards.setdefault(card["uuid"], _undated(card))
    return cards


@pytest.fixture(scope="module")
def history(tmp_path_factory: pytest.TempPathFactory) -> tuple[LocalCatalogue, dict[str, str]]:
    """Both snapshots imported in order; the 2026-02-10 answers of ``/cards/{slug}``."""
    folder = tmp_path_factory.mktemp("history")
    store = build(str(folder)).store
    import_paths(store, [SNAPSHOT_0210])
    catalogue = LocalCatalogue.open(folder)
    before = {c.slug: json.dumps(catalogue.card(c.slug), ensure_ascii=False)
              for c in parts_of(catalogue).history.changes(1, notes=False)}
    import_paths(store, [SNAPSHOT_0404])
    return catalogue, before


def test_revision_counts_are_the_difference_of_the_snapshots(
    history: tuple[LocalCatalogue, dict[str, str]],
) -> None:
    catalogue, _ = history
    old, new = _snapshot(SNAPSHOT_0210), _snapshot(SNAPSHOT_0404)
    added = set(new) - set(old)
    differ = {u for u in set(new) & set(old) if json.dumps(old[u], sort_keys=True)
              != json.dumps(new[u], sort_keys=True)}
    changed = {u for u in differ if not content_equal(old[u], new[u])}
    assert len(differ - changed) == 5  # their print runs were only listed in another order
    latest = parts_of(catalogue).history.revision()
    assert (latest.number, latest.kind) == (2, "import")
    assert (latest.added, latest.changed, latest.removed) == (len(added), len(changed), 0)
    service = parts_of(catalogue).history
    assert {c.uuid for c in service.changes(notes=False) if c.kind == "changed"} == changed
    assert any("DOApSP.json" in line for line in latest.kept_out)


def test_errata_legality_rename_and_printings_are_grouped(
    history: tuple[LocalCatalogue, dict[str, str]],
) -> None:
    catalogue, _ = history
    by_slug = {c.slug: c for c in parts_of(catalogue).history.changes()}
    blast = by_slug["nascent-blast"]
    errata = next(n for n in blast.notes if n.field == "effect_raw")
    assert changed_words(errata.words, "removed") == ["your"]
    assert changed_words(errata.words, "added") == ["its", "owner's"]
    assert "printings" in blast.groups
    assert any(n.text == "new printing: RDOPD 088A Common" for n in blast.notes)
    legality = [c for c in by_slug.values() if "legality" in c.groups]
    assert legality and all(any(n.field.startswith("legality.") for n in c.notes)
                            for c in legality)
    assert "slug tanky-specter → drifting-abysshell" in [
        n.text for n in by_slug["drifting-abysshell"].notes]


def test_card_history_lists_each_version_newest_first(
    history: tuple[LocalCatalogue, dict[str, str]],
) -> None:
    catalogue, _ = history
    versions = parts_of(catalogue).history.card_history("nascent-blast")
    assert [(v.revision.number, v.kind) for v in versions] == [(2, "changed"), (1, "added")]
    assert versions[0].card is not None and "its owner's" in versions[0].card["effect_raw"]


def test_importing_the_same_snapshot_again_records_no_revision(
    history: tuple[LocalCatalogue, dict[str, str]],
) -> None:
    catalogue, _ = history
    report = import_paths(catalogue.store, [SNAPSHOT_0404])
    assert report.revision is None
    assert parts_of(catalogue).history.revision().number == 2


def test_revert_restores_the_earlier_answers_byte_for_byte(
    history: tuple[LocalCatalogue, dict[str, str]], tmp_path: Path,
) -> None:
    source, before = history
    copy = build(str(tmp_path)).store
    with sqlite3.connect(copy.path) as target:
        source.store.connection().backup(target)
    catalogue = LocalCatalogue.open(tmp_path)
    revision = parts_of(catalogue).history.revert(2)
    assert revision is not None and (revision.number, revision.kind) == (3, "revert")
    service = parts_of(catalogue).history
    assert (revision.removed, revision.changed) == (350, service.revision(2).changed)
    assert catalogue.counts()["cards"] == len(before)
    for slug, body in before.items():
        assert json.dumps(catalogue.card(slug), ensure_ascii=False) == body, slug
