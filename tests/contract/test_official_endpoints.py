"""The official API's other catalogue endpoints and /cards/search's new parameters, answered
the same by LocalCatalogue and by ``archivist serve``."""

from __future__ import annotations

from typing import Any

import pytest

from app.errors import InvalidRequest, NotFound

pytestmark = pytest.mark.realdata


def test_cards_all_lists_every_card_once(catalogue: Any) -> None:
    cards = catalogue.cards_all()
    assert len(cards) == len({c["uuid"] for c in cards}) == 2235
    assert {"name": "Spirit of Fire", "slug": "spirit-of-fire", "uuid": "LMyKyVC2O9"} in cards


def test_autocomplete_puts_names_starting_with_the_text_first(catalogue: Any) -> None:
    found = catalogue.cards_autocomplete("spirit of")
    names = [c["name"] for c in found]
    assert names and names[0].lower().startswith("spirit of")
    assert all("spirit of" in n.lower() for n in names) and len(names) <= 20
    assert set(found[0]["editions"][0]) == {"card_id", "collector_number", "effect",
                                            "effect_raw", "flavor", "illustrator", "rarity",
                                            "slug", "uuid"}
    assert catalogue.cards_autocomplete("") == []


def test_random_is_repeatable_with_a_seed_and_bounded(catalogue: Any) -> None:
    first = [c["slug"] for c in catalogue.cards_random("5", "42")]
    assert first == [c["slug"] for c in catalogue.cards_random("5", "42")]
    assert len(set(first)) == 5
    assert len(catalogue.cards_random()) == 8
    for amount in ("0", "21", "many"):
        with pytest.raises(InvalidRequest):
            catalogue.cards_random(amount)


def test_card_by_edition_slug_or_uuid(catalogue: Any) -> None:
    card = catalogue.card("spirit-of-fire")
    edition = card["editions"][2]
    for key in (edition["slug"], edition["uuid"]):
        found = catalogue.card_by_edition(key)
        assert found["uuid"] == card["uuid"] and found["result_editions"] == [edition]
    with pytest.raises(NotFound):
        catalogue.card_by_edition("no-such-edition")


def test_option_search_one_field(catalogue: Any) -> None:
    assert catalogue.option_search("element") == {
        "element": catalogue.option_search()["element"]}
    with pytest.raises(InvalidRequest, match="field must be one of"):
        catalogue.option_search("colour")


def test_service_information(catalogue: Any) -> None:
    info = catalogue.service_info()
    assert info["cards"] == 2235 and info["api_version"] == "1.1.0"
    assert info["catalogue_date"].startswith("2026-04")


def test_search_filters_are_applied_not_ignored(catalogue: Any) -> None:
    page = catalogue.cards_search(element="FIRE", type="CHAMPION", stats="level>=2")
    assert 0 < page["total_cards"] < 20
    for card in page["data"]:
        assert "FIRE" in card["elements"] and "CHAMPION" in card["types"]
        assert card["level"] >= 2


def test_separate_editions_gives_one_entry_per_result_edition(catalogue: Any) -> None:
    grouped = catalogue.cards_search(name="spirit of fire", slug="spirit-of-fire")
    split = catalogue.cards_search(slug="spirit-of-fire", separate_editions="true")
    editions = grouped["data"][0]["result_editions"]
    assert split["total_cards"] == len(editions)
    assert all(len(c["result_editions"]) == 1 for c in split["data"])
    served = sorted((c["result_editions"][0] for c in split["data"]), key=lambda e: e["uuid"])
    assert served == sorted(editions, key=lambda e: e["uuid"])  # sorted by collector number


@pytest.mark.parametrize(("params", "names"), [
    ({"element": "PLASMA"}, ("element", "FIRE")),
    ({"class_logic": "XOR"}, ("class_logic", "AND, OR")),
    ({"speed": "quick"}, ("speed", "fast, none, slow")),
    ({"stats": "level~2"}, ("stats", "level>=2")),
    ({"rarity": "12"}, ("rarity", "9")),
    ({"language": "FR"}, ("language", "EN")),
    ({"collab": "maybe"}, ("collab", "true or false")),
    ({"configuration": "sideways"}, ("configuration", "flip")),
    ({"legality_state": "BANNED"}, ("legality_state", "RESTRICTED")),
])
def test_bad_values_name_the_parameter_and_what_it_allows(
    catalogue: Any, params: dict[str, str], names: tuple[str, str]
) -> None:
    with pytest.raises(InvalidRequest) as raised:
        catalogue.cards_search(**params)
    assert all(n in raised.value.message for n in names)
