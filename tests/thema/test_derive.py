"""rank, rank_change and change of dynamic Thema history, on tiny hand-made examples."""

from __future__ import annotations

import re

from app.thema.derive import Entry, competition_ranks, derive, derived_uuid, percent_change
from tests.thema import entry

D1, D2, D3 = "2026-01-01", "2026-01-02", "2026-01-05"


def _by(entries: list[Entry]) -> dict[tuple[str, str, str], tuple[int, int, float]]:
    return {
        (e["edition_uuid"], e["kind"], e["created_at"][:10]): (
            e["rank"], e["rank_change"], e["change"]
        )
        for e in entries
    }


def test_rank_rank_change_and_change_on_a_tiny_example() -> None:
    entries = [
        entry("editionAA1", D1, 100), entry("editionBB1", D1, 200), entry("editionCC1", D1, 200),
        entry("editionAA1", D2, 110), entry("editionBB1", D2, 150), entry("editionCC1", D2, 210),
        entry("editionAA1", D3, 300), entry("editionBB1", D3, 150),  # C has no entry on D3
    ]
    got = _by(derive(entries))
    assert got == {
        # day 1: B and C tie for 1st (competition ranking), A is 3rd; first entries: 0 and 0.0
        ("editionAA1", "FOIL", D1): (3, 0, 0.0),
        ("editionBB1", "FOIL", D1): (1, 0, 0.0),
        ("editionCC1", "FOIL", D1): (1, 0, 0.0),
        # day 2: C 1st, B 2nd (fell one: -1), A 3rd; A +10 %, B -25 %, C +5 %
        ("editionAA1", "FOIL", D2): (3, 0, 10.0),
        ("editionBB1", "FOIL", D2): (2, -1, -25.0),
        ("editionCC1", "FOIL", D2): (1, 0, 5.0),
        # day 3 (previous entry is day 2 whatever the gap): A rose from 3rd to 1st (+2)
        ("editionAA1", "FOIL", D3): (1, 2, 172.73),
        ("editionBB1", "FOIL", D3): (2, 0, 0.0),
    }


def test_each_kind_is_ranked_on_its_own() -> None:
    entries = [entry("editionAA1", D1, 100), entry("editionBB1", D1, 50, kind="NONFOIL"),
               entry("editionBB1", D1, 900)]
    got = _by(derive(entries))
    assert got[("editionBB1", "NONFOIL", D1)][0] == 1
    assert got[("editionBB1", "FOIL", D1)][0] == 1
    assert got[("editionAA1", "FOIL", D1)][0] == 2


def test_received_values_are_kept_and_used_for_the_next_day() -> None:
    entries = [entry("editionAA1", D1, 100, rank=7, rank_change=-2, change=1.5),
               entry("editionAA1", D2, 120)]
    got = _by(derive(entries))
    assert got[("editionAA1", "FOIL", D1)] == (7, -2, 1.5)
    assert got[("editionAA1", "FOIL", D2)] == (1, 6, 20.0)


def test_previous_total_zero_or_null_gives_zero_change_and_null_ranks_last() -> None:
    entries = [entry("editionAA1", D1, 0), entry("editionAA1", D2, 50),
               entry("editionBB1", D1, None), entry("editionBB1", D2, 80),
               entry("editionCC1", D2, None)]
    got = _by(derive(entries))
    assert got[("editionAA1", "FOIL", D2)][2] == 0.0
    assert got[("editionBB1", "FOIL", D2)][2] == 0.0
    assert got[("editionBB1", "FOIL", D1)][0] == 2  # below A's 0
    assert got[("editionCC1", "FOIL", D2)] == (3, 0, 0.0)


def test_context_takes_part_but_is_not_returned() -> None:
    stored = [entry("editionBB1", D1, 500, rank=1, rank_change=0, change=0.0),
              entry("editionAA1", D1, 100, rank=2, rank_change=0, change=0.0),
              entry("editionBB1", D2, 600, rank=1, rank_change=0, change=20.0)]
    new = [entry("editionAA1", D2, 150)]
    out = derive(new, stored)
    assert _by(out) == {("editionAA1", "FOIL", D2): (2, 0, 50.0)}


def test_a_new_entry_replaces_a_context_entry_of_the_same_day() -> None:
    stored = [entry("editionBB1", D1, 500, rank=1, rank_change=0, change=0.0)]
    out = derive([entry("editionBB1", D1, 10), entry("editionAA1", D1, 20)], stored)
    got = _by(out)
    assert got[("editionBB1", "FOIL", D1)][0] == 2
    assert got[("editionAA1", "FOIL", D1)][0] == 1


def test_duplicates_last_wins_and_input_is_not_changed() -> None:
    first, second = entry("editionAA1", D1, 100), entry("editionAA1", D1, 300)
    out = derive([first, second])
    assert [e["thema_total"] for e in out] == [300]
    assert first["rank"] is None and second["rank"] is None


def test_competition_ranks_and_percent_change() -> None:
    assert competition_ranks([10, 30, 30, None, 5]) == [3, 1, 1, 5, 4]
    assert competition_ranks([]) == []
    assert percent_change(100, 110) == 10.0
    assert percent_change(3, 4) == 33.33
    assert percent_change(200000, 199999) == 0.0
    assert str(percent_change(200000, 199999)) == "0.0"  # never -0.0


def test_derived_uuids_are_ten_alphanumerics_and_deterministic() -> None:
    a = derived_uuid("x", 1, "FOIL")
    assert re.fullmatch(r"[A-Za-z0-9]{10}", a)
    assert a == derived_uuid("x", 1, "FOIL")
    assert a != derived_uuid("x", 2, "FOIL")
