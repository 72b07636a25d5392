"""The filter panel's state ↔ query text (app.search.filters): no Qt, no catalogue needed
except for the equivalence checks, which run both texts on a catalogue."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from app.search import QuerySyntaxError, parse
from app.search.filters import CHOICE_FIELDS, RANGE_FIELDS, FilterState, from_query, to_query
from app.store import Store
from app.store.language.query import run_query
from tests.search.generated import generated_catalogue


@pytest.mark.parametrize(("query", "state", "free"), [
    ("", FilterState(), ""),
    ("fire", FilterState(), "fire"),
    ("el:fire lv>=2", FilterState(element="fire", lv=(2, None)), ""),
    ("spirit EL:Fire t:champion -cl:mage", FilterState(element="Fire", type="champion"),
     "spirit -cl:mage"),
    ('s:"DOA 1st" r:ur t:"greater boon" f:standard st:spell cl:mage',
     FilterState(set="DOA 1st", rarity="5", type="greater boon", format="STANDARD",
                 subtype="spell", card_class="mage"), ""),
    ("rarity:7 element:water class:cleric", FilterState(rarity="7", element="water",
                                                        card_class="cleric"), ""),
    ("lv>2 lv<5 cost=3 pow<=4 life>=20",
     FilterState(lv=(3, 4), cost=(3, 3), pow=(None, 4), life=(20, None)), ""),
    ("el:fire el:water", FilterState(element="water"), "el:fire"),  # the last one wins
    ("lv>=2 lv>=3 cost=x pow!=2 life>=1.5 lv<0", FilterState(lv=(3, None)),
     "lv>=2 cost=x pow!=2 life>=1.5 lv<0"),
    ("lv>=2 lv<=4 lv=3", FilterState(lv=(3, 3)), "lv>=2 lv<=4"),
    ("pow>=1000", FilterState(), "pow>=1000"),  # beyond the panel's spin boxes
    ("el:fire or t:ally", FilterState(), "el:fire or t:ally"),
    ("(el:fire) t:ally", FilterState(type="ally"), "(el:fire)"),
    ('o:"draw a card" a:kumai -(t:ally or t:champion) el:wind',
     FilterState(element="wind"), 'o:"draw a card" a:kumai -(t:ally or t:champion)'),
    ("el!=fire s:doa", FilterState(set="doa"), "el!=fire"),
])
def test_from_query_takes_what_the_panel_can_show(query: str, state: FilterState,
                                                   free: str) -> None:
    assert from_query(query) == (state, free)


@pytest.mark.parametrize(("state", "free", "query"), [
    (FilterState(), "", ""),
    (FilterState(), "  spirit ", "spirit"),
    (FilterState(element="FIRE", type="CHAMPION"), "", "el:fire t:champion"),
    (FilterState(type="GREATER BOON", set="DOA 1st"), "", 't:"greater boon" s:"DOA 1st"'),
    (FilterState(rarity="8", format="STANDARD"), "", "r:cur f:standard"),
    (FilterState(subtype="SPELL", card_class="MAGE"), "x", "x cl:mage st:spell"),
    (FilterState(cost=(1, 1), lv=(2, 4), pow=(None, 3), life=(20, None)), "",
     "cost=1 lv>=2 lv<=4 pow<=3 life>=20"),
    (FilterState(element="FIRE"), "a or b", "(a or b) el:fire"),
    (FilterState(element="FIRE"), "(a or b) c", "(a or b) c el:fire"),
    (FilterState(), "a or b", "a or b"),
])
def test_to_query_writes_free_text_then_filters(state: FilterState, free: str,
                                                query: str) -> None:
    assert to_query(state, free) == query


def test_state_accessors_and_count() -> None:
    state = FilterState().with_choice("class", "MAGE").with_bounds("lv", 2, None)
    assert state.choice("class") == "MAGE" and state.card_class == "MAGE"
    assert state.bounds("lv") == (2, None) and state.count() == 2
    assert state.with_choice("class", "").with_bounds("lv", None, None) == FilterState()
    assert set(CHOICE_FIELDS) >= {"element", "set", "rarity"} and "life" in RANGE_FIELDS


@pytest.mark.parametrize("query", ["lv>>2 (", "el:", '"open', "a or"])
def test_a_malformed_query_raises_the_syntax_error(query: str) -> None:
    with pytest.raises(QuerySyntaxError):
        from_query(query)


# Round trip: to_query(from_query(q)) finds what q finds ----------------------------------

FRAGMENTS = [
    "el:fire", "el:water", "EL:Wind", "t:champion", "t:ally", 't:"greater boon"', "cl:mage",
    "cl:warrior", "st:spell", 's:"GEN Alter"', "s:gen", "r:ur", "r:5", "r:cur", "f:standard",
    "cost>=1", "cost<=3", "cost=x", "cost=0", "lv>1", "lv<=3", "lv=2", "pow<5", "pow>=1000",
    "life>=20", "life<0", "fire", "spirit", '"or else"', "-t:ally", "-el:fire", "or",
    "(el:fire or el:water)", "(t:ally)", "o:draw", "a:kumai", "spd:fast", "is:foil",
    "lv!=2", "dur=2", "mem=x",
]
queries = st.lists(st.sampled_from(FRAGMENTS), max_size=7).map(" ".join)


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    services = generated_catalogue(tmp_path_factory.mktemp("generated"))
    yield services.store
    services.store.close()


def _valid(query: str) -> bool:
    try:
        parse(query)
    except QuerySyntaxError:
        return False
    return True


def _found(store: Store, query: str, per: str) -> set[str]:
    return {hit.uuid for hit in run_query(store, query, per=per).hits}  # type: ignore[arg-type]


@given(queries)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_round_trip_finds_the_same_cards_and_editions(store: Store, query: str) -> None:
    assume(_valid(query))
    again = to_query(*from_query(query))
    for per in ("card", "edition"):
        assert _found(store, again, per) == _found(store, query, per), again
    assert to_query(*from_query(again)) == again  # a fixed point after one trip
    state, free = from_query(again)
    assert from_query(to_query(state, free)) == (state, free)


@given(queries, queries)
@settings(max_examples=150, deadline=None)
def test_the_panel_state_survives_any_free_text(filters: str, free: str) -> None:
    assume(_valid(filters) and _valid(free))
    state, _ = from_query(filters)
    got_state, got_free = from_query(to_query(state, free))
    assert got_state.count() >= state.count()  # free text may fill an unset field
    for field in CHOICE_FIELDS:
        if state.choice(field):
            assert got_state.choice(field).lower() == state.choice(field).lower()
    for field in RANGE_FIELDS:
        low, high = state.bounds(field)
        got_low, got_high = got_state.bounds(field)
        assert low is None or got_low == low
        assert high is None or got_high == high
    assert _valid(got_free)
