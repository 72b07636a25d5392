"""``/cards/search`` semantics against an independent reference.

For each parameter combination the slugs returned (every page), each card's
``result_editions``, ``total_cards`` and the page boundaries must equal a reference computed
here directly from the snapshot JSON files, parameter by parameter as the OpenAPI document
describes it, without the store.

The one documented departure: ``last_update`` also matches cards whose record changed in this
catalogue after the date (what a sync needs); a fresh import changed every card today.
"""

from __future__ import annotations

import json
import math
import operator
from collections.abc import Callable
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from app.catalogue import LocalCatalogue
from tests.conftest import SNAPSHOT_0404

pytestmark = pytest.mark.realdata
Card = dict[str, Any]
Params = dict[str, Any]
OPS: dict[str, Callable[[Any, Any], bool]] = {
    "<=": operator.le, ">=": operator.ge, "=": operator.eq, "<": operator.lt, ">": operator.gt,
}
LISTS = {"class": "classes", "type": "types", "subtype": "subtypes", "element": "elements"}


@cache
def snapshot_cards() -> tuple[Card, ...]:
    """Every valid card of the 2026-04-04 snapshot, once (by uuid)."""
    cards: dict[str, Card] = {}
    for path in sorted(Path(SNAPSHOT_0404).glob("*.json")):
        for card in json.loads(path.read_text("utf-8")):
            if "last_update" in card:
                cards[card["uuid"]] = card
    return tuple(cards.values())


def _many(value: Any) -> list[str]:
    return [value] if isinstance(value, str) else list(value)


def _has(text: Any, part: str) -> bool:
    return isinstance(text, str) and part.lower() in text.lower()


def _card_ok(card: Card, p: Params) -> bool:
    for name, key in LISTS.items():
        if name not in p:
            continue
        wanted = [v.upper() for v in _many(p[name])]
        have = {v.upper() for v in card[key]}
        hits = [v in have for v in wanted if v != "NULL"]
        ok = all(hits) if p.get(f"{name}_logic") == "AND" else any(hits)
        if not (ok and hits) and not ("NULL" in wanted and not card[key]):
            return False
    checks = [
        ("name", lambda v: _has(card["name"], v)),
        ("slug", lambda v: card["slug"] == v),
        ("flavor", lambda v: _has(card["flavor"], v)),
        ("effect", lambda v: _has(card["effect_raw"], v)
         or any(_has(e["effect_raw"], v) for e in card["editions"])),
        ("rule", lambda v: any(_has(r["title"], v) or _has(r["description"], v)
                               for r in card["rule"] or [])),
        ("rule_title", lambda v: any(
            (not r["title"]) if v == "null" else (r["title"] or "").lower() == v.lower()
            for r in card["rule"] or [])),
        ("last_update", lambda v: card["last_update"] > v
         or v < datetime.now(UTC).date().isoformat()),
        ("speed", lambda v: {True: "fast", False: "slow", None: "none"}[card["speed"]]
         in _many(v)),
    ]
    if not all(test(p[name]) for name, test in checks if name in p):
        return False
    for field, op, value in _stats(p):
        if field in ("cost_memory", "cost_reserve", "level", "power", "life", "durability"):
            have = card[field]
            if have is None or isinstance(have, bool) or not OPS[op](have, value):
                return False
    return _legality_ok(card, p)


def _legality_ok(card: Card, p: Params) -> bool:
    fmt = p.get("legality_format")
    entries = {k: v for k, v in (card["legality"] or {}).items() if fmt in (None, k)}
    if "legality_limit" in p:
        return any(v["limit"] == int(p["legality_limit"]) for v in entries.values())
    state = p.get("legality_state", "ANY")
    return {"ANY": True, "RESTRICTED": bool(entries), "LEGAL": not entries}[state]


def _stats(p: Params) -> list[tuple[str, str, float]]:
    out = []
    for term in (t for t in p.get("stats", "").split(";") if t):
        for op in ("<=", ">=", "=", "<", ">"):
            if op in term:
                field, value = term.split(op)
                out.append((field, op, -1.0 if value == "X" else float(value)))
                break
    return out


def _population_ok(edition: Card, foil: bool, op: str, value: float) -> bool:
    prints = edition["circulationTemplates"] + edition["circulations"]
    return any(x["foil"] == foil and OPS[op](x["population"], value) for x in prints)


def _edition_ok(e: Card, p: Params) -> bool:
    checks = [
        ("prefix", lambda v: e["set"]["prefix"] in _many(v)),
        ("rarity", lambda v: e["rarity"] == int(v)),
        ("illustrator", lambda v: e["illustrator"] is None if v == "null"
         else e["illustrator"] == v),
        ("collector_number", lambda v: e["collector_number"] == v),
        ("edition_slug", lambda v: e["slug"] == v),
        ("edition_effect", lambda v: _has(e["effect_raw"], v)),
        ("edition_flavor", lambda v: _has(e["flavor"], v)),
        ("edition_last_update", lambda v: e["last_update"] > v),
        ("language", lambda v: e["set"]["language"] in _many(v)),
        ("configuration", lambda v: e["configuration"] == v),
        ("collab", lambda v: bool(e["collaborators"]) == (v == "true")),
    ]
    if not all(test(p[name]) for name, test in checks if name in p):
        return False
    for field, op, value in _stats(p):
        if field.startswith("population_"):
            if not _population_ok(e, field == "population_foil", op, value):
                return False
        elif field == "rarity" or field.startswith("thema_"):
            have = e[field]
            if have is None or not OPS[op](have, value):
                return False
    return True


def reference(p: Params) -> dict[str, set[str]]:
    """``card slug → uuids of its result editions`` (or ``slug/edition uuid`` entries with
    ``separate_editions``) for the parameters ``p``."""
    out: dict[str, set[str]] = {}
    for card in snapshot_cards():
        if not _card_ok(card, p):
            continue
        editions = {e["uuid"] for e in card["editions"] if _edition_ok(e, p)}
        if not editions:
            continue
        if p.get("separate_editions") == "true":
            out.update({f"{card['slug']}/{u}": {u} for u in editions})
        else:
            out[card["slug"]] = editions
    return out


def served(catalogue: LocalCatalogue, p: Params, page_size: int = 50) -> dict[str, set[str]]:
    """Every page of the served search, checking totals and page boundaries on the way."""
    out: dict[str, set[str]] = {}
    first = catalogue.cards_search(page=1, page_size=page_size, **p)
    total, pages = first["total_cards"], first["total_pages"]
    assert pages == math.ceil(total / page_size)
    for number in range(1, pages + 2):
        page = first if number == 1 else catalogue.cards_search(
            page=number, page_size=page_size, **p)
        assert (page["total_cards"], page["total_pages"]) == (total, pages)
        expected = max(0, min(page_size, total - (number - 1) * page_size))
        assert page["paginated_cards_count"] == len(page["data"]) == expected
        assert page["has_more"] is (number < pages)
        for card in page["data"]:
            uuids = {e["uuid"] for e in card["result_editions"]}
            key = card["slug"]
            if p.get("separate_editions") == "true":
                assert len(uuids) == 1
                key = f"{card['slug']}/{next(iter(uuids))}"
            assert key not in out, f"{key} served twice"
            out[key] = uuids
    assert len(out) == total
    return out


COMBINATIONS: list[Params] = [
    # every parameter alone
    {"class": "WARRIOR"}, {"class": ["MAGE", "CLERIC"]},
    {"class": ["MAGE", "CLERIC"], "class_logic": "AND"},
    {"type": "CHAMPION"}, {"type": ["ACTION", "ATTACK"]},
    {"type": ["REGALIA", "WEAPON"], "type_logic": "AND"},
    {"subtype": "HUMAN"}, {"subtype": ["SWORD", "BOW"]},
    {"subtype": ["WARRIOR", "HUMAN"], "subtype_logic": "AND"},
    {"element": "FIRE"}, {"element": ["FIRE", "WATER"]},
    {"element": ["FIRE", "WATER"], "element_logic": "AND"}, {"element": "null"},
    {"element": ["null", "ARCANE"]}, {"element": "fire"},
    {"name": "fire"}, {"slug": "spirit-of-fire"}, {"effect": "draw a card"},
    {"flavor": "light"}, {"rule": "attack"}, {"rule_title": "null"},
    {"rule_title": "errata"}, {"last_update": "2099-01-01"}, {"speed": "fast"},
    {"speed": ["slow", "none"]},
    {"stats": "level>=2"}, {"stats": "cost_memory=X"}, {"stats": "cost_reserve=X"},
    {"stats": "cost_reserve=2"}, {"stats": "durability>=3"}, {"stats": "power<2"},
    {"stats": "life>20"}, {"stats": "rarity>=7"}, {"stats": "thema_foil>200"},
    {"stats": "thema_charm_nonfoil>=30"}, {"stats": "population_foil<=100"},
    {"stats": "population_nonfoil>1000"},
    {"legality_format": "STANDARD", "legality_state": "RESTRICTED"},
    {"legality_format": "DRAFT", "legality_state": "LEGAL"},
    {"legality_format": "PANTHEON", "legality_limit": "0"}, {"legality_limit": "0"},
    {"prefix": "DOA 1st"}, {"prefix": ["RDO", "ReC-SHD"]}, {"rarity": "5"},
    {"illustrator": "Dragonart"}, {"illustrator": "木叶"}, {"illustrator": "null"},
    {"collector_number": "001"}, {"edition_slug": "spirit-of-fire-doap"},
    {"edition_effect": "draw"}, {"edition_flavor": "light"},
    {"edition_last_update": "2026-03-01"}, {"language": "CN"},
    {"configuration": "flip"}, {"collab": "true"},
    {"separate_editions": "true", "prefix": "DOA 1st"},
    # realistic mixes
    {"element": "FIRE", "type": "CHAMPION"},
    {"element": "FIRE", "type": "CHAMPION", "stats": "level>=2"},
    {"class": "MAGE", "type": "ACTION", "prefix": "DOA 1st"},
    {"element": "WATER", "rarity": "4", "sort": "name"},
    {"type": "ALLY", "stats": "power>=3;life<=2"},
    {"name": "spirit", "type": "CHAMPION", "language": "EN"},
    {"prefix": "RDO", "collab": "false", "configuration": "default", "sort": "rarity",
     "order": "DESC"},
    {"element": ["ARCANE", "UMBRA"], "type": "ACTION", "stats": "cost_memory<=1"},
    {"illustrator": "Dragonart", "prefix": ["DOA 1st", "DOAp"]},
    {"edition_effect": "banish", "prefix": "DOA 1st"},
    {"effect": "banish", "element": "UMBRA", "speed": "fast"},
    {"legality_format": "STANDARD", "legality_state": "RESTRICTED", "type": "ACTION"},
    {"subtype": "BOW", "stats": "durability>=2", "class": "RANGER"},
    {"type": "REGALIA", "separate_editions": "true", "rarity": "8"},
    {"class": "CLERIC", "stats": "thema_foil>=150;rarity>=5", "sort": "level"},
    {"language": "CN", "element": "WIND", "separate_editions": "true"},
]


@pytest.fixture(scope="module")
def local(contract_dir: Path) -> LocalCatalogue:
    return LocalCatalogue.open(contract_dir)


def test_there_are_at_least_sixty_combinations() -> None:
    assert len(COMBINATIONS) >= 60


@pytest.mark.parametrize("params", COMBINATIONS, ids=lambda p: "&".join(
    f"{k}={v}" for k, v in p.items()))
def test_search_equals_the_reference(local: LocalCatalogue, params: Params) -> None:
    expected = reference(params)
    got = served(local, params)
    assert got.keys() == expected.keys()
    assert got == expected


SORT_COMBINATIONS: list[Params] = [
    {"sort": "name", "type": "CHAMPION"}, {"sort": "level", "order": "DESC", "class": "MAGE"},
    {"sort": "cost_memory", "element": "FIRE"}, {"sort": "power", "order": "DESC", "type": "ALLY"},
]
"""Sort keys checked page by page; with :data:`COMBINATIONS` the 76 reference parameter
combinations that benchmarks/api_search.py also times."""


@pytest.mark.parametrize("params", SORT_COMBINATIONS)
def test_sort_keys_order_every_page_and_small_pages_partition(
    local: LocalCatalogue, params: Params
) -> None:
    assert served(local, params, page_size=7).keys() == reference(params).keys()
    by_slug = {c["slug"]: c for c in snapshot_cards()}
    slugs: list[str] = []
    for page in range(1, 1 + local.cards_search(page_size=50, **params)["total_pages"]):
        slugs += [c["slug"] for c in local.cards_search(page=page, **params)["data"]]
    key = params["sort"]
    values = [by_slug[s]["name"].lower() if key == "name" else by_slug[s][key] for s in slugs]
    present = [v for v in values if v is not None]
    assert values[:len(present)] == present  # no value: last
    assert present == sorted(present, reverse=params.get("order") == "DESC")
