"""Text proxies: a card's name, cost, type line, numbers and effect, from its record."""

from __future__ import annotations

import pytest

from app.bootstrap import Application
from app.export import plan_query, proxy_text, proxy_texts
from tests.export.conftest import CHAMPIONS


def test_a_champion_proxy_has_cost_type_line_numbers_and_effect() -> None:
    proxy = proxy_text({
        "name": "Jin, Fate Defiant", "element": "NORM", "types": ["CHAMPION"],
        "classes": ["WARRIOR"], "subtypes": ["WARRIOR", "HUMAN"],
        "cost": {"type": "memory", "value": "1"}, "level": 1, "life": 20, "power": None,
        "durability": None, "speed": None, "effect_raw": "Inherited Effect — Whenever Jin "
        "attacks …", "effect": "**Inherited Effect** …"}, "Jin, Fate Defiant — AMB 004")
    assert proxy.name == "Jin, Fate Defiant" and proxy.edition == "Jin, Fate Defiant — AMB 004"
    assert proxy.cost == "Memory 1"
    assert proxy.type_line == "Norm · Warrior Champion — Warrior Human"
    assert proxy.stats == "Level 1 · Life 20"
    assert proxy.effect.startswith("Inherited Effect — Whenever Jin")  # the plain text


def test_a_fast_reaction_with_a_reserve_cost() -> None:
    proxy = proxy_text({"name": "Engulf", "element": "WATER", "types": ["ACTION"],
                        "classes": ["CLERIC"], "subtypes": ["SPELL", "REACTION"],
                        "cost": {"type": "reserve", "value": "6"}, "speed": True,
                        "effect_raw": None, "effect": None}, "Engulf — RDO 217")
    assert (proxy.cost, proxy.stats, proxy.effect) == ("Reserve 6", "Fast", "")
    assert proxy.type_line == "Water · Cleric Action — Spell Reaction"


def test_a_card_without_cost_or_types_keeps_its_name() -> None:
    proxy = proxy_text({"cost": {"type": "none", "value": None}}, "X — S 001")
    assert (proxy.cost, proxy.type_line, proxy.stats) == ("", "", "")


@pytest.mark.realdata
def test_proxies_of_real_editions_by_uuid(real: Application) -> None:
    items = plan_query(real.store, CHAMPIONS)
    texts = proxy_texts(real.store, items)
    assert set(texts) == {item.uuid for item in items}
    merlin = next(t for t in texts.values() if t.name == "Merlin, Kingslayer")
    assert "Champion" in merlin.type_line and merlin.cost.startswith("Memory")
    assert merlin.stats.startswith("Level") and merlin.effect
