"""Endpoints 6 and 7 (dynamic Thema ranks and history) from the local catalogue.

The history is generated (app.thema.generate): no real capture of these endpoints exists.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from app.catalogue.thema import ThemaEndpoints
from app.errors import InvalidRequest, NotFound
from app.model.thema import HistoryEntry, RankEntry
from app.paths import resolve_paths
from app.store import Store
from app.store.history.thema import ThemaReader, write_thema
from app.thema import generate_history
from tests.thema import BOTH, FOIL_ONLY, STATIC, entry, generated_cards, generated_store

TODAY = date(2026, 4, 4)

# The spec's key lists, copied from "Dynamic Thema rank entry" and "... history entry".
SPEC_CARD_KEYS = [
    "classes", "cost", "cost_memory", "cost_reserve", "created_at", "durability", "effect",
    "effect_raw", "element", "elements", "flavor", "last_update", "level", "life", "name",
    "power", "slug", "speed", "subtypes", "types", "uuid",
]
SPEC_SCORE_KEYS = ["change", "thema_total", "thema_charm", "thema_ferocity", "thema_grace",
                   "thema_mystique", "thema_valor", "rank", "rank_change"]
SPEC_EDITION_KEYS = [
    "card_id", "collaborators", "collector_number", "configuration", "created_at", "effect",
    "effect_raw", "flavor", "illustrator", "image", "last_update", "orientation", "rarity",
    "set", "slug", "thema_foil_dynamic", "thema_nonfoil_dynamic", "uuid",
]
SPEC_HISTORY_KEYS = ["uuid", "kind", "thema_total", "thema_charm", "thema_ferocity",
                     "thema_grace", "thema_mystique", "thema_valor", "created_at", "rank",
                     "rank_change", "change"]


def _days(entries: list[dict[str, Any]]) -> list[str]:
    return [e["created_at"][:10] for e in entries]


@pytest.fixture
def endpoints(tmp_path: Path) -> ThemaEndpoints:
    """The generated catalogue with 800 days of generated history ending TODAY."""
    store = generated_store(tmp_path)
    editions = [card["editions"][0] for card in generated_cards()]
    write_thema(store, generate_history(editions, 800, end=TODAY))
    return ThemaEndpoints(store, today=lambda: TODAY)


def test_ranks_are_empty_without_history(tmp_path: Path) -> None:
    assert ThemaEndpoints(generated_store(tmp_path)).dynamic_thema_ranks() == []


def test_ranks_of_the_latest_day_sorted_by_kind_then_rank(endpoints: ThemaEndpoints) -> None:
    ranks = endpoints.dynamic_thema_ranks()
    assert [(r["kind"], r["edition"]["uuid"]) for r in ranks][2] == ("NONFOIL", BOTH)
    assert [r["kind"] for r in ranks] == ["FOIL", "FOIL", "NONFOIL"]
    assert [r["score"]["rank"] for r in ranks][:2] in ([1, 2], [1, 1])
    alpha = next(r for r in ranks if r["edition"]["uuid"] == FOIL_ONLY)
    card = generated_cards()[0]
    assert list(alpha) == [*SPEC_CARD_KEYS, "kind", "score", "edition"]
    assert list(alpha["score"]) == SPEC_SCORE_KEYS
    assert list(alpha["edition"]) == SPEC_EDITION_KEYS
    assert {k: alpha[k] for k in SPEC_CARD_KEYS} == {k: card[k] for k in SPEC_CARD_KEYS}
    assert alpha["edition"]["set"] == card["editions"][0]["set"]
    (latest,) = endpoints.dynamic_thema_history(FOIL_ONLY, "FOIL", "2026-04-04", "2026-04-04")
    assert {k: alpha["score"][k] for k in SPEC_SCORE_KEYS} == {
        k: latest[k] for k in SPEC_SCORE_KEYS
    }


@pytest.mark.allow_log(r"is not in the catalogue")
def test_ranks_skip_history_of_editions_missing_from_the_catalogue(tmp_path: Path) -> None:
    store = generated_store(tmp_path)
    ghost = {**entry("ghost00001", "2026-04-04", 10), "rank": 1, "rank_change": 0, "change": 0.0}
    write_thema(store, [ghost])
    assert ThemaEndpoints(store).dynamic_thema_ranks() == []


def test_history_default_range_is_one_year_inclusive_in_date_order(
    endpoints: ThemaEndpoints,
) -> None:
    got = endpoints.dynamic_thema_history(FOIL_ONLY, "FOIL", None, None)
    assert len(got) == 366
    assert _days(got)[0] == "2025-04-04" and _days(got)[-1] == "2026-04-04"
    assert _days(got) == sorted(set(_days(got)))
    assert all(list(e) == SPEC_HISTORY_KEYS for e in got)
    assert all(e["kind"] == "FOIL" for e in got)


def test_history_ranges_of_rule_3(endpoints: ThemaEndpoints) -> None:
    def days(from_: str | None, to: str | None) -> tuple[int, str, str]:
        got = _days(endpoints.dynamic_thema_history(BOTH, "nonfoil", from_, to))
        return len(got), got[0], got[-1]

    assert days("2025-01-10", None) == (366, "2025-01-10", "2026-01-10")
    assert days(None, "2025-12-31") == (366, "2024-12-31", "2025-12-31")
    assert days("2024-02-29", "2025-02-28") == (366, "2024-02-29", "2025-02-28")
    assert days("2025-06-01", "2025-06-10") == (10, "2025-06-01", "2025-06-10")
    assert days("2026-03-01", None) == (35, "2026-03-01", "2026-04-04")  # stored up to today


def test_at_most_one_year_is_ever_returned(endpoints: ThemaEndpoints) -> None:
    start = date(2024, 3, 1)
    for offset in range(0, 700, 37):
        first = start + timedelta(days=offset)
        got = endpoints.dynamic_thema_history(FOIL_ONLY, "FOIL", first.isoformat(), None)
        assert len(got) <= 366
        if got:
            last = date.fromisoformat(got[-1]["created_at"][:10])
            assert last <= first.replace(year=first.year + 1)


def test_edition_without_dynamic_scores_has_an_empty_history(endpoints: ThemaEndpoints) -> None:
    assert endpoints.dynamic_thema_history(STATIC, "FOIL", None, None) == []
    assert endpoints.dynamic_thema_history(FOIL_ONLY, "NONFOIL", None, None) == []


@pytest.mark.parametrize(("uuid", "kind", "from_", "to", "message"), [
    ("short", "FOIL", None, None, "10 letters or digits"),
    ("genEdA00011", "FOIL", None, None, "10 letters or digits"),
    (FOIL_ONLY, None, None, None, "'kind' is required"),
    (FOIL_ONLY, "", None, None, "'kind' is required"),
    (FOIL_ONLY, "GOLD", None, None, "must be FOIL or NONFOIL"),
    (FOIL_ONLY, "FOIL", "2025-04-04", "2026-04-05", "longer than one year"),
    (FOIL_ONLY, "FOIL", "2026-04-05", "2026-04-04", "is after to"),
    (FOIL_ONLY, "FOIL", "2026-2-1", None, "must be a date YYYY-MM-DD"),
    (FOIL_ONLY, "FOIL", None, "2026-02-30", "not a real date"),
    ("unknown001", "GOLD", None, None, "must be FOIL or NONFOIL"),  # 400 before 404
])
def test_invalid_requests_are_400(
    endpoints: ThemaEndpoints, uuid: str, kind: str | None, from_: str | None, to: str | None,
    message: str,
) -> None:
    with pytest.raises(InvalidRequest, match=message) as caught:
        endpoints.dynamic_thema_history(uuid, kind, from_, to)
    assert caught.value.status == 400


def test_unknown_edition_is_404(endpoints: ThemaEndpoints) -> None:
    with pytest.raises(NotFound, match="unknown001") as caught:
        endpoints.dynamic_thema_history("unknown001", "FOIL", None, None)
    assert caught.value.status == 404


@pytest.fixture(scope="module")
def real_with_history(real_catalogue_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Store:
    """A copy of the real catalogue with 400 days of generated history ending 2026-04-04."""
    folder = tmp_path_factory.mktemp("real-thema")
    source = sqlite3.connect(resolve_paths(real_catalogue_dir).catalogue_file)
    target = sqlite3.connect(folder / "catalogue.sqlite3")
    try:
        source.backup(target)
    finally:
        source.close()
        target.close()
    store = Store(folder / "catalogue.sqlite3")
    editions = [
        edition
        for body, uuid in ThemaReader(store).dynamic_editions()
        for edition in json.loads(body)["editions"]
        if edition["uuid"] == uuid
    ]
    assert len(editions) == 18
    assert write_thema(store, generate_history(editions, 400, end=TODAY)) == 18 * 400
    return store


@pytest.mark.realdata
def test_real_catalogue_ranks_of_the_18_dynamic_editions(real_with_history: Store) -> None:
    ranks = ThemaEndpoints(real_with_history, today=lambda: TODAY).dynamic_thema_ranks()
    assert len(ranks) == 18
    assert {r["kind"] for r in ranks} == {"FOIL"}
    totals = [r["score"]["thema_total"] for r in ranks]
    assert [r["score"]["rank"] for r in ranks] == [1 + sum(t > x for t in totals) for x in totals]
    assert [r["score"]["rank"] for r in ranks] == sorted(r["score"]["rank"] for r in ranks)
    assert ranks[0]["score"]["rank"] == 1 and ranks[-1]["score"]["rank"] <= 18
    assert len({r["edition"]["uuid"] for r in ranks}) == 18
    for r in ranks:
        assert list(r) == [*SPEC_CARD_KEYS, "kind", "score", "edition"]
        assert list(r["score"]) == SPEC_SCORE_KEYS
        assert list(r["edition"]) == SPEC_EDITION_KEYS
        assert r["edition"]["thema_foil_dynamic"] is True
        RankEntry.model_validate(r)
    kongming = next(r for r in ranks if r["edition"]["uuid"] == "l4zh11099v")
    assert kongming["name"] == "Kongming, Fel Eidolon"
    assert kongming["edition"]["set"]["prefix"] == "AMB 1st"


@pytest.mark.realdata
def test_real_catalogue_history_of_one_edition(real_with_history: Store) -> None:
    endpoints = ThemaEndpoints(real_with_history, today=lambda: TODAY)
    got = endpoints.dynamic_thema_history("XCD6xEf8Sv", "FOIL", None, None)
    # Rule 3: from = 2025-04-04, to = 2026-04-04, both inclusive → 366 daily entries.
    assert len(got) == 366
    assert (_days(got)[0], _days(got)[-1]) == ("2025-04-04", "2026-04-04")
    assert _days(got) == sorted(set(_days(got)))
    for e in got:
        assert list(e) == SPEC_HISTORY_KEYS
        HistoryEntry.model_validate(e)
    oldest = endpoints.dynamic_thema_history("XCD6xEf8Sv", "FOIL", "2025-03-01", None)
    assert oldest[0]["rank_change"] == 0 and oldest[0]["change"] == 0.0  # generated day one
    assert endpoints.dynamic_thema_history("XCD6xEf8Sv", "NONFOIL", None, None) == []
    with pytest.raises(NotFound):
        endpoints.dynamic_thema_history("XCD6xEf8Sx", "FOIL", None, None)
