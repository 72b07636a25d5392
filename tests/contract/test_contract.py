"""Every endpoint, rule and error, answered the same by LocalCatalogue and RemoteCatalogue."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from PIL import Image

from app.errors import InvalidRequest, NotFound
from tests.conftest import CARD_IMAGES, SHARED_DATA

pytestmark = pytest.mark.realdata


def test_endpoint_1_card_by_slug(catalogue: Any) -> None:
    card = catalogue.card("spirit-of-fire")
    assert card["uuid"] == "LMyKyVC2O9"
    assert card["result_editions"] == card["editions"]


def test_endpoint_2_prefix_with_space_and_mixed_case(catalogue: Any) -> None:
    card = catalogue.card_by_number("DOA 1st", "001")
    assert card["slug"] == "spirit-of-fire"
    assert [e["set"]["prefix"] for e in card["result_editions"]] == ["DOA 1st"]
    mixed = catalogue.card_by_number("ReC-SHD", "001")
    assert all(e["set"]["prefix"] == "ReC-SHD" for e in mixed["result_editions"])


@pytest.mark.parametrize("call", [
    lambda c: c.card("no-such-card"),
    lambda c: c.card_by_number("DOA 1st", "999"),
    lambda c: c.card_image("nothere.jpg"),
    lambda c: c.featured_set_logo("NOPE.png"),
])
def test_missing_resources_are_not_found(catalogue: Any, call: Any) -> None:
    with pytest.raises(NotFound):
        call(catalogue)


def test_endpoint_3_original_bytes(catalogue: Any) -> None:
    name = sorted(p.name for p in CARD_IMAGES.glob("*.jpg"))[0]
    assert catalogue.card_image(name) == (CARD_IMAGES / name).read_bytes()


def test_endpoint_3_rounded_is_png_with_transparent_corners(catalogue: Any) -> None:
    name = sorted(p.name for p in CARD_IMAGES.glob("*.jpg"))[1]
    data = catalogue.card_image(name, rounded=True)
    image = Image.open(io.BytesIO(data))
    original = Image.open(CARD_IMAGES / name)
    assert image.format == "PNG" and image.mode == "RGBA"
    assert image.size == original.size
    w, h = image.size
    assert image.getpixel((0, 0))[3] == 0 and image.getpixel((w - 1, h - 1))[3] == 0
    assert image.getpixel((w // 2, h // 2))[3] == 255
    assert catalogue.card_image(name, rounded=True) == data  # cached variant, same bytes


@pytest.mark.parametrize("name", ["..", "a\\b.jpg", ".hidden.jpg", "x" * 300 + ".jpg"])
def test_endpoint_3_and_5_refuse_names_that_are_not_plain(catalogue: Any, name: str) -> None:
    for call in (catalogue.card_image, catalogue.featured_set_logo):
        with pytest.raises((InvalidRequest, NotFound)):
            call(name)


def test_endpoint_4_featured_sets_as_received(catalogue: Any) -> None:
    received = json.loads((SHARED_DATA / "featured-sets.json").read_text(encoding="utf-8"))
    assert catalogue.featured_sets() == received


def test_endpoint_5_logo_png(catalogue: Any) -> None:
    data = catalogue.featured_set_logo("RDO.png")
    assert Image.open(io.BytesIO(data)).format == "PNG"


def test_option_search_keeps_received_values_and_adds_the_catalogues(catalogue: Any) -> None:
    received = json.loads((SHARED_DATA / "option-search.json").read_text(encoding="utf-8"))
    options = catalogue.option_search()
    for key, items in received.items():
        assert options[key][: len(items)] == items
    sets = {item["value"] for item in options["set"]}
    assert {"DOA 1st", "ReC-SHD", "RDO"} <= sets


def test_cards_search_pages(catalogue: Any) -> None:
    first = catalogue.cards_search(page=1, page_size=50)
    assert first["total_cards"] == 2235 and first["total_pages"] == 45
    assert first["has_more"] is True and first["paginated_cards_count"] == 50
    last = catalogue.cards_search(page=45, page_size=50)
    assert last["has_more"] is False and last["paginated_cards_count"] == 35
    past = catalogue.cards_search(page=100, page_size=50)
    assert past["data"] == [] and past["total_cards"] == 2235


def test_cards_search_filters(catalogue: Any) -> None:
    page = catalogue.cards_search(prefix=["DOA 1st", "ReC-SHD"], name="fire", sort="name")
    names = [c["name"] for c in page["data"]]
    assert names == sorted(names, key=str.lower) and "Spirit of Fire" in names
    for card in page["data"]:
        assert {e["set"]["prefix"] for e in card["result_editions"]} <= {"DOA 1st", "ReC-SHD"}
        assert "fire" in card["name"].lower()


@pytest.mark.parametrize("params", [
    {"page_size": 51}, {"page": 0}, {"page": "x"}, {"sort": "colour"}, {"order": "UP"},
    {"last_update": "yesterday"},
])
def test_cards_search_rejects_bad_parameters(catalogue: Any, params: dict[str, Any]) -> None:
    with pytest.raises(InvalidRequest):
        catalogue.cards_search(**params)
