"""The generator of (generated, not real) dynamic Thema history: shape and determinism."""

from __future__ import annotations

import re
from collections import defaultdict
from datetime import date
from itertools import pairwise
from typing import Any

import pytest

from app.thema import HISTORY_KEYS, generate_history
from tests.helpers.cards import make_edition
from tests.thema import BOTH, ELEMENTS, FOIL_ONLY, generated_cards

END = date(2026, 4, 4)


def _editions() -> list[dict[str, Any]]:
    return [card["editions"][0] for card in generated_cards()]


def test_same_inputs_give_identical_generated_history() -> None:
    assert generate_history(_editions(), 30, end=END) == generate_history(_editions(), 30, end=END)
    assert generate_history(_editions(), 30, end=END, seed=7) == generate_history(
        _editions(), 30, end=END, seed=7
    )


def test_another_seed_gives_other_scores_and_uuids() -> None:
    a = generate_history(_editions(), 30, end=END, seed=1)
    b = generate_history(_editions(), 30, end=END, seed=2)
    assert [e["thema_total"] for e in a] != [e["thema_total"] for e in b]
    assert {e["uuid"] for e in a}.isdisjoint({e["uuid"] for e in b})


def test_one_entry_per_dynamic_edition_kind_and_day_in_the_spec_shape() -> None:
    out = generate_history(_editions(), 10, end=END)
    seen = {(e["edition_uuid"], e["kind"]) for e in out}
    assert seen == {(FOIL_ONLY, "FOIL"), (BOTH, "FOIL"), (BOTH, "NONFOIL")}  # static: none
    assert len(out) == 3 * 10
    for e in out:
        assert list(e) == [*HISTORY_KEYS, "edition_uuid"]
        assert re.fullmatch(r"[A-Za-z0-9]{10}", e["uuid"])
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T00:00:00\+00:00", e["created_at"])
        parts = [e[f"thema_{x}"] for x in ("charm", "ferocity", "grace", "mystique", "valor")]
        assert all(type(p) is int and p >= 0 for p in parts)
        assert e["thema_total"] == sum(parts)
        assert type(e["rank"]) is int and type(e["rank_change"]) is int
        assert isinstance(e["change"], float)
    assert len({e["uuid"] for e in out}) == len(out)
    days = sorted({e["created_at"][:10] for e in out})
    assert (days[0], days[-1], len(days)) == ("2026-03-26", "2026-04-04", 10)


def test_walk_ends_at_the_static_scores_and_ranks_per_kind_and_day() -> None:
    # the last generated day agrees with the edition's stored scores (card page)
    out = generate_history(_editions(), 60, end=END)
    first = {(e["edition_uuid"], e["kind"]): e for e in out if e["created_at"][:10] == "2026-04-04"}
    assert len(first) == 3
    # both foil editions store a total of 2,000: one ends there, the other a little below
    stored = {FOIL_ONLY: [400] * 5, BOTH: [300, 350, 400, 450, 500]}
    kept = [u for u in stored if [first[u, "FOIL"][f"thema_{x}"] for x in ELEMENTS] == stored[u]]
    assert len(kept) == 1
    (lowered,) = set(stored) - set(kept)
    assert 1980 <= first[lowered, "FOIL"]["thema_total"] < 2000
    assert all(300 <= first[BOTH, "NONFOIL"][f"thema_{x}"] <= 500
               for x in ("charm", "ferocity", "grace", "mystique", "valor"))  # null → plausible
    by_day: dict[tuple[str, str], list[int]] = defaultdict(list)
    for e in out:
        by_day[e["kind"], e["created_at"][:10]].append(e["rank"])
    assert all(sorted(r) in ([1, 2], [1, 1]) for (k, _), r in by_day.items() if k == "FOIL")
    assert all(r == [1] for (k, _), r in by_day.items() if k == "NONFOIL")
    steps = [abs(a["thema_charm"] - b["thema_charm"]) for a, b in pairwise(out)
             if (a["edition_uuid"], a["kind"]) == (b["edition_uuid"], b["kind"])]
    assert max(steps) <= 12 and any(steps)


def test_days_below_one_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        generate_history(_editions(), 0, end=END)


def test_editions_tied_at_the_same_stored_total_end_apart() -> None:
    # twelve editions storing 2,000 (as the real dynamic champions do) and two at 1,960
    editions = [make_edition(f"genCard{i:03}", f"genEd{i:05}", thema_foil_dynamic=True,
                             **{f"thema_{x}_foil": 400 - 8 * (i >= 12) for x in ELEMENTS})
                for i in range(14)]
    out = generate_history(editions, 30, end=END)
    last = [e for e in out if e["created_at"][:10] == "2026-04-04"]
    totals = sorted((e["thema_total"] for e in last), reverse=True)
    assert len(set(totals)) == 14 and totals[0] == 2000  # no tie; the top is the stored total
    assert sorted(e["rank"] for e in last) == list(range(1, 15))
    assert all(1700 <= t <= 2000 for t in totals)  # a little below, still plausible
    assert all(e["thema_total"] == sum(e[f"thema_{x}"] for x in ELEMENTS) for e in last)
    assert all(min(e[f"thema_{x}"] for x in ELEMENTS) >= 300 for e in last)
