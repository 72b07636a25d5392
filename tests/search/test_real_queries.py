"""A table of queries and the exact cards (or editions) they find in the real 2026-04-04 snapshot.

The expected sets are computed here, independently of the implementation, with plain Python
over the snapshot's JSON files; a few small ones are also hand-checked against the files.
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from app.store import Store
from app.store.language.query import run_query
from tests.conftest import SNAPSHOT_0404

pytestmark = pytest.mark.realdata

Card = dict[str, Any]
Edition = dict[str, Any]


@functools.cache
def snapshot_cards() -> tuple[Card, ...]:
    """Every valid card of the snapshot once (old-shape records without last_update skipped)."""
    cards: dict[str, Card] = {}
    for path in sorted(SNAPSHOT_0404.glob("*.json")):
        for card in json.loads(path.read_text(encoding="utf-8")):
            if "last_update" in card:
                cards[card["uuid"]] = card
    return tuple(cards.values())


def words(text: str | None) -> list[str]:
    """Words as FTS5's unicode61 tokenizer (remove_diacritics) sees them, lower case."""
    plain = "".join(
        ch for ch in unicodedata.normalize("NFKD", text or "") if not unicodedata.combining(ch)
    )
    return re.findall(r"[^\W_]+", plain.lower())


def has_phrase(text: str | None, phrase: list[str], prefix_last: bool) -> bool:
    tokens = words(text)
    for i in range(len(tokens) - len(phrase) + 1):
        window = tokens[i : i + len(phrase)]
        if window[:-1] == phrase[:-1] and (
            window[-1].startswith(phrase[-1]) if prefix_last else window[-1] == phrase[-1]
        ):
            return True
    return False


def name(*prefixes: str) -> Callable[[Card], bool]:
    return lambda c: all(has_phrase(c["name"], [p], True) for p in prefixes)


def upper_in(key: str, value: str) -> Callable[[Card], bool]:
    return lambda c: value in [v.upper() for v in c[key]]


def cost(c: Card) -> int | None:
    value = c["cost"]["value"]
    return int(value) if value is not None and value.isdigit() else None


def stat(c: Card, key: str) -> Any:
    value = c[key]
    return None if key in ("cost_memory", "cost_reserve") and value == -1 else value


def is_foil(e: Edition) -> bool:
    return any(p["kind"] == "FOIL" for p in e["circulationTemplates"] + e["circulations"])


def any_edition(test: Callable[[Edition], bool]) -> Callable[[Card], bool]:
    return lambda c: any(test(e) for e in c["editions"])


def both(*tests: Callable[[Card], bool]) -> Callable[[Card], bool]:
    return lambda c: all(t(c) for t in tests)


def not_(test: Callable[[Card], bool]) -> Callable[[Card], bool]:
    return lambda c: not test(c)


CARD_QUERIES: list[tuple[str, Callable[[Card], bool]]] = [
    ("fire", name("fire")),
    ("SPIRIT fire", name("spirit", "fire")),
    ('"spirit of fire"', lambda c: has_phrase(c["name"], ["spirit", "of", "fire"], False)),
    ('"bloom:" OR spellshield',
     lambda c: has_phrase(c["name"], ["bloom"], False) or name("spellshield")(c)),
    ('o:"draw a card"', lambda c: has_phrase(c["effect_raw"], ["draw", "a", "card"], False)),
    ("o:glimpse -t:champion",
     both(lambda c: has_phrase(c["effect_raw"], ["glimpse"], True),
          not_(upper_in("types", "CHAMPION")))),
    ("ft:oasis", lambda c: has_phrase(c["flavor"], ["oasis"], True)),
    ("t:champion el:fire lv>=2",
     both(upper_in("types", "CHAMPION"), upper_in("elements", "FIRE"),
          lambda c: c["level"] is not None and c["level"] >= 2)),
    ('T:"Lesser Boon"', upper_in("types", "LESSER BOON")),
    ("st:spell cost<=1 spd:fast",
     both(upper_in("subtypes", "SPELL"), lambda c: cost(c) is not None and cost(c) <= 1,  # type: ignore[operator]
          lambda c: c["speed"] is True)),
    ("spd:slow cl:mage", both(lambda c: c["speed"] is False, upper_in("classes", "MAGE"))),
    ("cost=x", lambda c: c["cost"]["value"] == "X"),
    ("mem=x or res=x", lambda c: -1 in (c["cost_memory"], c["cost_reserve"])),
    ("mem>=3", lambda c: stat(c, "cost_memory") is not None and stat(c, "cost_memory") >= 3),
    ("cost!=2 t:action",
     both(upper_in("types", "ACTION"), lambda c: cost(c) is not None and cost(c) != 2)),
    ("pow>=5 life<=7",
     lambda c: (c["power"] or 0) >= 5 and c["life"] is not None and c["life"] <= 7),
    ("-pow>0 t:ally", both(upper_in("types", "ALLY"), lambda c: not (c["power"] or 0) > 0)),
    ("dur=2 or dur>4", lambda c: c["durability"] is not None and
     (c["durability"] == 2 or c["durability"] > 4)),
    # legality (spec/decks.md): f:/legal: playable, banned: limit 0, restricted: limit >= 1
    ("f:standard", lambda c: (c["legality"] or {}).get("STANDARD", {}).get("limit") != 0),
    ("banned:standard", lambda c: (c["legality"] or {}).get("STANDARD", {}).get("limit") == 0),
    ("banned:PANTHEON f:draft",
     lambda c: (c["legality"] or {}).get("PANTHEON", {}).get("limit") == 0
     and (c["legality"] or {}).get("DRAFT", {}).get("limit") != 0),
    ("(el:water or el:wind) t:ally cost<=2",
     both(lambda c: bool({"WATER", "WIND"} & set(c["elements"])), upper_in("types", "ALLY"),
          lambda c: cost(c) is not None and cost(c) <= 2)),  # type: ignore[operator]
    ("-(t:ally or t:action) cl:warrior",
     both(upper_in("classes", "WARRIOR"),
          not_(lambda c: bool({"ALLY", "ACTION"} & set(c["types"]))))),
    ('s:"doa 1st" r:cur', both(any_edition(lambda e: e["set"]["prefix"] == "DOA 1st"),
                               any_edition(lambda e: e["rarity"] == 8))),
    ("r:5 or r:cpr", any_edition(lambda e: e["rarity"] in (5, 9))),
    ("a:kumai", any_edition(lambda e: "kumai" in (e["illustrator"] or "").lower()
                            or any("kumai" in x.lower() for x in e["collaborators"]))),
    ("a:sera", any_edition(lambda e: "sera" in (e["illustrator"] or "").lower()
                           or any("sera" in x.lower() for x in e["collaborators"]))),
    ("lang:cn", any_edition(lambda e: e["set"]["language"] == "CN")),
    ("is:dynamic", any_edition(lambda e: bool(e.get("thema_foil_dynamic")
                                              or e.get("thema_nonfoil_dynamic")))),
    ("is:flip -s:hvn", both(any_edition(lambda e: e["configuration"] == "flip"),
                            not_(any_edition(lambda e: e["set"]["prefix"] == "HVN")))),
    ("thema>=1900", any_edition(lambda e: any(
        (e.get(k) or 0) >= 1900 for k in ("thema_foil", "thema_nonfoil")))),
]

EDITION_QUERIES: list[tuple[str, Callable[[Card, Edition], bool]]] = [
    ("s:rdo r:ur", lambda c, e: e["set"]["prefix"] == "RDO" and e["rarity"] == 5),
    ("is:foil -is:flip t:champion",
     lambda c, e: is_foil(e) and e["configuration"] != "flip" and "CHAMPION" in c["types"]),
    ("thema>=1850 or is:dynamic", lambda c, e: bool(
        any((e.get(k) or 0) >= 1850 for k in ("thema_foil", "thema_nonfoil"))
        or e.get("thema_foil_dynamic") or e.get("thema_nonfoil_dynamic"))),
    ("a:kumai r:csr", lambda c, e: "kumai" in (e["illustrator"] or "").lower()
     and e["rarity"] == 7),
]


@pytest.fixture(scope="module")
def store(real_catalogue_dir: Path) -> Store:
    return Store(real_catalogue_dir / "catalogue.sqlite3")


@pytest.mark.parametrize(("query", "test"), CARD_QUERIES, ids=[q for q, _ in CARD_QUERIES])
def test_a_query_finds_exactly_the_cards_that_match(
    store: Store, query: str, test: Callable[[Card], bool]
) -> None:
    expected = {c["slug"] for c in snapshot_cards() if test(c)}
    result = run_query(store, query)
    found = [hit.slug for hit in result.hits]
    assert len(found) == len(set(found))  # one hit per card
    assert set(found) == expected
    assert result.total == len(expected)


@pytest.mark.parametrize(
    ("query", "test"), EDITION_QUERIES, ids=[q for q, _ in EDITION_QUERIES]
)
def test_a_per_edition_query_finds_exactly_the_editions_that_match(
    store: Store, query: str, test: Callable[[Card, Edition], bool]
) -> None:
    expected = {e["uuid"] for c in snapshot_cards() for e in c["editions"] if test(c, e)}
    result = run_query(store, query, per="edition")
    assert sorted(hit.uuid for hit in result.hits) == sorted(expected)
    assert expected  # not vacuous


def test_the_table_is_not_vacuous() -> None:
    empty = [q for q, test in CARD_QUERIES if not any(test(c) for c in snapshot_cards())]
    assert empty == []


def test_x_costs_are_the_four_cards_checked_by_hand(store: Store) -> None:
    # From the snapshot files: cost.value is "X" on exactly these four cards.
    slugs = {hit.slug for hit in run_query(store, "cost=X").hits}
    assert slugs == {"devouring-malice", "horticounter", "lost-in-thought", "sidereal-spellshot"}
    assert {hit.slug for hit in run_query(store, "mem=x").hits} == {"devouring-malice"}


def test_field_names_and_values_are_case_insensitive(store: Store) -> None:
    lower = {h.uuid for h in run_query(store, "t:champion el:fire").hits}
    upper = {h.uuid for h in run_query(store, "TYPE:CHAMPION Element:Fire").hits}
    assert lower == upper and lower


def test_an_empty_result_says_so(store: Store) -> None:
    result = run_query(store, "t:champion t:action lv>100")
    assert result.hits == () and result.total == 0
    assert result.describe() == "No cards match."


def test_sorting_by_level_descending_puts_missing_levels_last(store: Store) -> None:
    hits = run_query(store, "el:water", sort="level", descending=True).hits
    by_slug = {c["slug"]: c for c in snapshot_cards()}
    levels = [by_slug[h.slug]["level"] for h in hits]
    known = [lv for lv in levels if lv is not None]
    assert levels == known + [None] * (len(levels) - len(known))
    assert known == sorted(known, reverse=True) and known
    for a, b in itertools.pairwise(hits):  # ties by name
        if by_slug[a.slug]["level"] == by_slug[b.slug]["level"]:
            assert a.name.lower() <= b.name.lower()
