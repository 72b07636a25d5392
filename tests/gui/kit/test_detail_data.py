"""What the detail pane shows of a card (app/gui/kit/detail_data.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from app.gui.kit.detail_data import RARITIES, detail_from_card, image_name, load_detail


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


# Legality, rules, references and editions -----------------------------------------------
def full_edition(**changes: Any) -> dict[str, Any]:
    """An Edition object in the real data's shape (values adapted from the 2026-04-04 data)."""
    base: dict[str, Any] = {
        "slug": "x-rec-hvf", "uuid": "o1yp6dnpyk", "collector_number": "011", "rarity": 5,
        "illustrator": "Parhelion Studio Co.", "collaborators": ["Nemesis涅默"],
        "image": "/cards/images/o1yp6dnpyk.jpg", "configuration": "default",
        "orientation": None, "effect": None, "flavor": None,
        "set": {"prefix": "ReC-HVF", "name": "Re:Collection Heaven's Favored",
                "language": "EN", "release_date": "2025-03-07T00:00:00"},
        "circulationTemplates": [
            {"name": "HVN ReC Regalia", "kind": "NONFOIL", "foil": False, "population": 18000,
             "population_operator": "≈", "printing": True, "variants": []}],
        "circulations": [
            {"kind": "FOIL", "foil": True, "population": 540, "population_operator": "=",
             "printing": False, "variants": [{"description": "Quicksilver Foil"}]}],
        "other_orientations": [],
        "thema_foil": 2000, "thema_nonfoil": None, "thema_foil_dynamic": True,
        "thema_nonfoil_dynamic": False,
        **{f"thema_{e}_foil": 400 for e in ("charm", "ferocity", "grace", "mystique", "valor")},
        **{f"thema_{e}_nonfoil": None for e in ("charm", "ferocity", "grace", "mystique",
                                                 "valor")},
    }
    return {**base, **changes}


RICH_CARD: dict[str, Any] = {
    **CARD,
    "legality": {"DRAFT": {"limit": 0}, "STANDARD": {"limit": 0}, "NEWFORMAT": {"limit": 2}},
    "rule": [
        {"title": "", "date_added": "2024-05-17", "description": "Older ruling."},
        {"title": "ERRATA", "date_added": "2025-03-02", "description": "Immortal -> Immortality"},
    ],
    "references": [{"kind": "SUMMON", "name": "Powercell", "slug": "powercell",
                    "direction": "TO"}],
    "referenced_by": [{"kind": "MASTERY", "name": "Big Fox", "slug": "big-fox",
                       "direction": "FROM"}],
    "editions": [full_edition()],
}


def test_legality_rules_and_references() -> None:
    detail = detail_from_card(RICH_CARD, FakeSource(set()))
    # one line per format (spec/decks.md): limit 0 is banned, N ≥ 1 limited, no entry legal
    assert detail.legality == [("Standard", "Banned"), ("Draft", "Banned"),
                               ("Pantheon", "Legal"), ("Newformat", "Limited to 2 copies")]
    assert [(r.date, r.title) for r in detail.rules] == [("2025-03-02", "ERRATA"),
                                                        ("2024-05-17", "")]  # newest first
    assert [(r.slug, r.name, r.kind) for r in detail.references] == [
        ("powercell", "Powercell", "Summon")]
    assert [(r.slug, r.kind) for r in detail.referenced_by] == [("big-fox", "Mastery")]


def test_no_legality_null_or_empty() -> None:
    for legality in (None, {}):
        assert detail_from_card({**CARD, "legality": legality}, FakeSource(set())).legality == [
            ("Standard", "Legal"), ("Draft", "Legal"), ("Pantheon", "Legal")]


def test_an_edition_with_everything() -> None:
    (info,) = detail_from_card(RICH_CARD, FakeSource({"o1yp6dnpyk.jpg"})).editions
    assert (info.uuid, info.caption, info.rarity, info.rarity_text) == (
        "o1yp6dnpyk", "ReC-HVF · 011", "Ultra Rare", "Ultra Rare (UR)")
    assert info.collaborators == ("Nemesis涅默",) and info.release_date == "2025-03-07"
    assert info.has_image and info.language == "EN"
    template, circulation = info.prints
    assert (template.name, template.kind, template.population, template.printing,
            template.templated) == ("HVN ReC Regalia", "Non-foil", "≈ 18,000", True, True)
    assert (circulation.name, circulation.kind, circulation.population, circulation.variants,
            circulation.templated) == ("", "Foil", "= 540", ("Quicksilver Foil",), False)
    assert info.thema.foil == (2000, 400, 400, 400, 400, 400)
    assert info.thema.nonfoil == (None,) * 6
    assert info.thema.foil_dynamic and not info.thema.nonfoil_dynamic


def test_edition_effect_and_flavor_only_where_they_differ() -> None:
    same = full_edition(effect="**On Enter:**  CARDNAME deals 1.", flavor="Quick.")
    other = full_edition(effect="**On Enter:** CARDNAME deals 2.", flavor="Slow.")
    first, second = detail_from_card({**CARD, "editions": [same, other]},
                                     FakeSource(set())).editions
    assert first.effect_html == "" and first.flavor == ""  # whitespace only: the same text
    assert "Ember Fox deals 2." in second.effect_html and second.flavor == "Slow."


def test_a_flip_edition_knows_its_other_face() -> None:
    back = {
        "name": "Seiryuu, Azure Dragon", "slug": "seiryuu-azure-dragon", "types": ["ALLY"],
        "subtypes": ["BEAST", "DRAGON"], "cost": {"type": "reserve", "value": "10"},
        "elements": ["ARCANE"], "classes": ["TAMER"], "power": 4, "life": 12, "speed": None,
        "level": None, "durability": None, "effect": "**Taunt**", "flavor": None,
        "edition": {"orientation": "back", "image": "/cards/images/tf5f2n38g0.jpg",
                    "effect": None, "flavor": None},
    }
    card = {**CARD, "editions": [full_edition(configuration="flip", orientation="front",
                                              other_orientations=[back])]}
    (info,) = detail_from_card(card, FakeSource({"tf5f2n38g0.jpg"})).editions
    assert (info.configuration, info.orientation) == ("flip", "front")
    (face,) = info.faces
    assert (face.name, face.type_line, face.orientation) == (
        "Seiryuu, Azure Dragon", "Ally — Beast, Dragon", "back")
    assert face.effect_html.count("<b>Taunt</b>") == 1
    assert ("Power", "4") in face.facts and face.has_image
    assert face.image_file == "tf5f2n38g0.jpg"


def test_old_editions_without_the_new_keys() -> None:
    """The 2026-02-10 shape lacks thema_*_dynamic; the test editions above lack much more."""
    (info, _) = detail_from_card(CARD, FakeSource(set())).editions
    assert info.prints == () and info.faces == () and info.thema.empty
    assert info.uuid == "" and info.rarity_text == "Rare (R)"


@pytest.mark.realdata
def test_real_cards_with_legality_rules_references_flip_and_dynamic_thema(
        real_catalogue: Any) -> None:
    beckon = load_detail(real_catalogue, "beckon-attention")
    assert beckon.legality == [("Standard", "Banned"), ("Draft", "Banned"), ("Pantheon", "Legal")]
    assert beckon.rules and beckon.rules[0].title == "ERRATA"
    assert [r.slug for r in beckon.references] == ["crowds-favor"]
    fatestone = load_detail(real_catalogue, "fabled-azurite-fatestone")
    assert all(e.faces and e.configuration == "flip" for e in fatestone.editions)
    assert fatestone.editions[0].faces[0].name == "Seiryuu, Azure Dragon"
    silvie = load_detail(real_catalogue, "silvie-wilds-whisperer")
    dynamic = [e for e in silvie.editions if e.thema.foil_dynamic]
    assert [e.uuid for e in dynamic] == ["8otxPih25B"]
    assert dynamic[0].thema.foil[0] == 2000


def test_rules_and_references_are_the_models_own_types() -> None:
    from app.model.card import Reference, Rule

    detail = detail_from_card(RICH_CARD, FakeSource(set()))
    assert all(isinstance(r, Rule) for r in detail.rules)
    assert all(isinstance(r, Reference) for r in (*detail.references, *detail.referenced_by))
    assert [r.direction for r in (*detail.references, *detail.referenced_by)] == ["TO", "FROM"]
