"""The vocabulary tables: they agree with the real ``/option/search`` response, their keys are
unique, and their lookups round-trip."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from app.model import vocabulary as v
from tests.conftest import SHARED_DATA


def _options() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (SHARED_DATA / "option-search.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.realdata
def test_rarities_are_the_rarities_of_option_search() -> None:
    listed = [(int(r["value"]), r["display"], r["text"]) for r in _options()["rarity"]]
    assert [(r.number, r.code, r.name) for r in v.RARITIES] == listed


@pytest.mark.realdata
@pytest.mark.parametrize(("table", "option"), [
    (v.FORMATS, "gameFormat"), (v.CIRCULATION_KINDS, "circulation"),
    (v.CARD_ELEMENTS, "element"), (v.CARD_TYPES, "type"),
])
def test_tables_name_the_values_of_option_search(table: Any, option: str) -> None:
    assert v.names(table) == {o["value"]: o["text"] for o in _options()[option]}


@pytest.mark.realdata
def test_thema_elements_are_the_score_keys_of_real_editions() -> None:
    snapshot = json.loads((SHARED_DATA / "snapshots" / "2026-04-04" / "DOA 1st.json")
                          .read_text(encoding="utf-8"))
    edition = snapshot[0]["editions"][0]
    for kind in v.CIRCULATION_KINDS:
        assert kind.dynamic_key in edition
        for element in v.THEMA_ELEMENTS:
            assert element.edition_key(kind) in edition


def test_codes_numbers_and_values_are_unique() -> None:
    assert len({r.number for r in v.RARITIES}) == len({r.code for r in v.RARITIES}) == 9
    for table in (v.FORMATS, v.CIRCULATION_KINDS, v.CARD_ELEMENTS, v.CARD_TYPES):
        values = [t.value for t in table]
        assert len(values) == len(set(values))
    assert len({e.name for e in v.THEMA_ELEMENTS}) == 5


def test_rarity_lookups_round_trip_and_refuse_unknown_values() -> None:
    for rarity in v.RARITIES:
        assert v.rarity_by_number(rarity.number) == rarity
        assert v.rarity_by_code(rarity.code.lower()) == rarity
    assert v.rarity_by_code("ur") == v.Rarity(5, "UR", "Ultra Rare")
    for unknown in (0, 10, None, True, "5"):
        assert v.rarity_by_number(unknown) is None
    assert v.rarity_by_code("XR") is None


def test_deck_zones_follow_the_deck_rules() -> None:
    assert sorted(v.MATERIAL_TYPES) == ["CHAMPION", "REGALIA"]
    assert sorted(v.NON_DECK_TYPES) == ["MASTERY", "TOKEN"]
    zones = {t.value: t.zone for t in v.CARD_TYPES}
    assert zones["ALLY"] == zones["GREATER BOON"] == "main"
    assert sorted(v.BOON_TYPES) == ["GREATER BOON", "LESSER BOON"]


def test_keys_spell_the_api_keys() -> None:
    foil, nonfoil = v.CIRCULATION_KINDS
    assert (foil.value, nonfoil.value, nonfoil.name) == ("FOIL", "NONFOIL", "Non-foil")
    assert nonfoil.dynamic_key == "thema_nonfoil_dynamic"
    assert v.THEMA_ELEMENTS[0].edition_key(foil) == "thema_charm_foil"
    assert v.THEMA_SCORE_KEYS == ("thema_total", "thema_charm", "thema_ferocity",
                                  "thema_grace", "thema_mystique", "thema_valor")


def test_the_vocabulary_alone_does_not_load_the_models() -> None:
    code = ("import sys, app.model.vocabulary; "
            "print('pydantic' in sys.modules or 'app.model.card' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
