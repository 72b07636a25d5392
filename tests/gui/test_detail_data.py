"""What the detail pane shows of a card (app/gui/detail_data.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.gui.detail_data import RARITIES, detail_from_card, image_name, load_detail


class FakeSource:
    def __init__(self, stored: set[str]) -> None:
        self.stored = stored

    def card(self, slug: str) -> dict[str, Any]:
        raise AssertionError("not used")

    def card_image_path(self, filename: str) -> Path | None:
        return Path("/images") / filename if filename in self.stored else None


def edition(prefix: str, number: str, rarity: int | None, image: str | None) -> dict[str, Any]:
    return {
        "slug": f"x-{prefix.lower()}", "collector_number": number, "rarity": rarity,
        "illustrator": None, "image": image,
        "set": {"prefix": prefix, "name": f"Set {prefix}"},
    }


CARD: dict[str, Any] = {
    "slug": "x", "name": "Ember Fox", "cost": {"type": "reserve", "value": "3"},
    "elements": ["FIRE"], "classes": ["TAMER", "WARRIOR"], "types": ["ALLY"],
    "subtypes": ["BEAST", "FOX"], "level": None, "power": 2, "life": 1, "durability": None,
    "speed": False, "effect": "**On Enter:** CARDNAME deals 1.", "flavor": " Quick.\n",
    "editions": [edition("DOA 1st", "001", 3, "/cards/images/a1.jpg"),
                 edition("P24", "010", 99, None)],
}


def test_facts_type_line_effect_and_flavor() -> None:
    detail = detail_from_card(CARD, FakeSource({"a1.jpg"}))
    assert detail.name == "Ember Fox"
    assert detail.type_line == "Ally — Beast, Fox"
    assert detail.facts == [("Cost", "3 Reserve"), ("Element", "Fire"),
                            ("Classes", "Tamer, Warrior"), ("Power", "2"), ("Life", "1"),
                            ("Speed", "Slow")]
    assert "<b>On Enter:</b> Ember Fox deals 1." in detail.effect_html
    assert detail.flavor == "Quick."


def test_editions_keep_order_and_know_their_images() -> None:
    first, second = detail_from_card(CARD, FakeSource({"a1.jpg"})).editions
    assert (first.set_prefix, first.set_name, first.collector_number) == (
        "DOA 1st", "Set DOA 1st", "001")
    assert first.rarity == "Rare" and first.image_file == "a1.jpg" and first.has_image
    assert second.rarity == "" and second.image_file == "" and not second.has_image


def test_speed_fast_and_no_cost() -> None:
    card = {**CARD, "speed": True, "cost": {"type": "none", "value": None}}
    facts = dict(detail_from_card(card, FakeSource(set())).facts)
    assert facts["Speed"] == "Fast" and "Cost" not in facts


def test_image_name_and_rarities() -> None:
    assert image_name("/cards/images/gx83sfhvfi.jpg") == "gx83sfhvfi.jpg"
    assert image_name(None) == ""
    assert RARITIES[1] == "Common" and RARITIES[9] == "Collector Promo Rare"


@pytest.mark.realdata
def test_load_detail_of_a_real_card(real_catalogue: Any) -> None:
    detail = load_detail(real_catalogue, "spirit-of-fire")
    card = real_catalogue.card("spirit-of-fire")
    assert detail.name == "Spirit of Fire"
    assert len(detail.editions) == len(card["editions"])
    assert ("Life", "15") in detail.facts
