"""Endpoints 6 and 7 (generated history), local and remote: shapes, rule 3, every error."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from app.catalogue.thema_dates import shift_years
from app.errors import InvalidRequest, NotFound
from tests.contract.conftest import today

pytestmark = pytest.mark.realdata

RANK_KEYS = {
    "classes", "cost", "cost_memory", "cost_reserve", "created_at", "durability", "effect",
    "effect_raw", "element", "elements", "flavor", "last_update", "level", "life", "name",
    "power", "slug", "speed", "subtypes", "types", "uuid", "kind", "score", "edition",
}
SCORE_KEYS = {"change", "thema_total", "thema_charm", "thema_ferocity", "thema_grace",
              "thema_mystique", "thema_valor", "rank", "rank_change"}
HISTORY_KEYS = {"uuid", "kind", "thema_total", "thema_charm", "thema_ferocity", "thema_grace",
                "thema_mystique", "thema_valor", "created_at", "rank", "rank_change", "change"}


@pytest.fixture(scope="module")
def dynamic_edition(catalogue: Any) -> str:
    return str(catalogue.dynamic_thema_ranks()[0]["edition"]["uuid"])


def test_ranks_shape_and_order(catalogue: Any) -> None:
    ranks = catalogue.dynamic_thema_ranks()
    assert len(ranks) == 18 and {r["kind"] for r in ranks} == {"FOIL"}
    for entry in ranks:
        assert set(entry) == RANK_KEYS and set(entry["score"]) == SCORE_KEYS
    assert [r["score"]["rank"] for r in ranks] == sorted(r["score"]["rank"] for r in ranks)
    assert ranks[0]["score"]["rank"] == 1


def test_history_default_range_is_one_year_to_today(catalogue: Any, dynamic_edition: str) -> None:
    history = catalogue.dynamic_thema_history(dynamic_edition, "FOIL")
    days = [h["created_at"][:10] for h in history]
    assert days == sorted(days)
    assert days[0] == shift_years(today(), -1).isoformat() and days[-1] == today().isoformat()
    assert all(set(h) == HISTORY_KEYS for h in history)


def test_history_only_from_and_only_to(catalogue: Any, dynamic_edition: str) -> None:
    start = today() - timedelta(days=30)
    after = catalogue.dynamic_thema_history(dynamic_edition, "FOIL", from_=start.isoformat())
    assert after[0]["created_at"][:10] == start.isoformat() and len(after) == 31
    end = today() - timedelta(days=10)
    before = catalogue.dynamic_thema_history(dynamic_edition, "foil", to=end.isoformat())
    first = shift_years(end, -1)
    days = [h["created_at"][:10] for h in before]
    assert days[-1] == end.isoformat()
    assert days[0] == max(first, today() - timedelta(days=399)).isoformat()


def test_exactly_one_year_is_allowed(catalogue: Any, dynamic_edition: str) -> None:
    end = today()
    start = shift_years(end, -1)
    rows = catalogue.dynamic_thema_history(dynamic_edition, "FOIL", start.isoformat(),
                                           end.isoformat())
    assert len(rows) == (end - start).days + 1


@pytest.mark.parametrize("args", [
    ("FOIL", "2025-01-01", "2026-01-02"),   # one year and one day
    ("FOIL", "2026-03-01", "2026-02-01"),   # from after to
    ("FOIL", "2026-02-30", None),           # impossible date
    ("FOIL", "01/02/2026", None),           # malformed date
    ("GLITTER", None, None),                # not a circulation kind
    (None, None, None),                     # kind is required
])
def test_bad_parameters_are_invalid_requests(
    catalogue: Any, dynamic_edition: str, args: tuple[str | None, ...]
) -> None:
    with pytest.raises(InvalidRequest):
        catalogue.dynamic_thema_history(dynamic_edition, *args)


def test_uuid_errors(catalogue: Any) -> None:
    with pytest.raises(NotFound):
        catalogue.dynamic_thema_history("zzzzzzzzzz", "FOIL")
    with pytest.raises(InvalidRequest):
        catalogue.dynamic_thema_history("short", "FOIL")
    assert catalogue.dynamic_thema_history("gx83sfhvfi", "FOIL") == []  # not dynamic
