"""The Meta page's data: the top lineages' weekly share and the heading."""

from __future__ import annotations

from typing import Any

from app.gui.meta.data import (
    NO_CHAMPION,
    OTHER,
    MetaView,
    heading_text,
    import_text,
    overall_shares,
    share_series,
)
from app.meta import Scope


def week(day: str, shares: dict[str | None, float]) -> dict[str, Any]:
    return {"week": day, "decklists": 10,
            "champions": [{"lineage": k, "decks": 1, "share": v} for k, v in shares.items()]}


META: dict[str, Any] = {
    "champions": [{"lineage": "Lorraine"}, {"lineage": "Jin"}, {"lineage": None},
                  {"lineage": "Diana"}],
    "trend": [week("2026-04-20", {"Lorraine": 0.5, "Jin": 0.25, None: 0.25}),
              week("2026-04-27", {"Lorraine": 0.4, "Diana": 0.3, None: 0.1, "Jin": 0.2})],
}


def test_the_top_lineages_are_drawn_by_name_and_the_rest_summed_as_other() -> None:
    series = share_series(META, top=2)
    assert list(series) == ["Lorraine", "Jin", OTHER]
    assert series["Lorraine"] == [("2026-04-20", 0.5), ("2026-04-27", 0.4)]
    assert series[OTHER] == [("2026-04-20", 0.25), ("2026-04-27", 0.4)]


def test_a_lineage_missing_from_a_week_is_at_zero_and_no_other_when_all_fit() -> None:
    series = share_series(META, top=8)
    assert list(series) == ["Lorraine", "Jin", NO_CHAMPION, "Diana"]
    assert series["Diana"] == [("2026-04-20", 0.0), ("2026-04-27", 0.3)]


def test_the_heading_counts_events_and_decklists_or_says_none_fall_in_range() -> None:
    meta = {"events": 1, "decklists": 1234, "from": "2026-04-25", "to": "2026-05-10"}
    assert heading_text(MetaView(Scope(), 3, meta=meta)) == (
        "1 event · 1,234 decklists · 2026-04-25 to 2026-05-10")
    assert heading_text(MetaView(Scope(), 3, meta={"decklists": 0})) == (
        "No decklist of the stored events falls within these filters.")


class Report:
    def __init__(self, events: int, decklists: int, skipped: list[str]) -> None:
        self.events, self.decklists, self.skipped = [None] * events, decklists, skipped


def test_an_import_says_what_it_kept_and_the_first_file_it_skipped() -> None:
    assert import_text(Report(101, 2933, [])) == "Imported 101 events (2,933 decklists)"
    assert import_text(Report(1, 4, ["a.json: not an event", "b.json: too big"])) == (
        "Imported 1 event (4 decklists); 2 files skipped: a.json: not an event")


def test_the_legend_shares_are_over_the_whole_range_and_other_sums_the_rest() -> None:
    meta = {"champions": [{"lineage": "Lorraine", "share": 0.5},
                          {"lineage": None, "share": 0.2}, {"lineage": "Jin", "share": 0.3}]}
    assert overall_shares(meta, ["Lorraine", OTHER]) == {"Lorraine": 0.5, OTHER: 0.5}
    assert overall_shares(meta, ["Jin", NO_CHAMPION]) == {"Jin": 0.3, NO_CHAMPION: 0.2}
