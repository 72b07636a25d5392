"""Endpoints 1 and 2 from the local catalogue: exactly the received Card objects."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from app.catalogue import LocalCatalogue
from app.errors import NotFound
from app.model import fill_neutral
from app.server import dispatch
from tests.conftest import SNAPSHOT_0404

pytestmark = pytest.mark.realdata


def _source_cards() -> dict[str, dict[str, Any]]:
    """First copy of every valid card in the snapshot, with the spec's required keys filled.

    The real other-orientation editions lack the twelve Thema keys the spec requires; the
    mirror serves them as null (and nothing else differs from what was received).
    """
    cards: dict[str, dict[str, Any]] = {}
    for path in sorted(SNAPSHOT_0404.glob("*.json")):
        for card in json.loads(path.read_text(encoding="utf-8")):
            if "last_update" in card and card["uuid"] not in cards:
                filled = fill_neutral(card)
                assert all(".other_orientations." in key for key in filled), filled
                cards[card["uuid"]] = card
    return cards


@pytest.fixture(scope="module")
def source() -> dict[str, dict[str, Any]]:
    return _source_cards()


def test_every_card_by_slug_equals_the_source(
    real_catalogue: LocalCatalogue, source: dict[str, dict[str, Any]]
) -> None:
    assert len(source) == 2235
    for card in source.values():
        served = real_catalogue.card(card["slug"])
        expected = dict(card, result_editions=card["editions"])
        assert served == expected, card["slug"]
        assert list(served) == list(expected)  # key order too
        assert [e["uuid"] for e in served["editions"]] == [e["uuid"] for e in card["editions"]]


def test_the_servers_card_bytes_equal_the_card_for_every_card(
    real_catalogue: LocalCatalogue, source: dict[str, dict[str, Any]]
) -> None:
    for card in source.values():
        text = real_catalogue.card_json(card["slug"]).decode("utf-8")
        served = json.loads(text)
        assert served == real_catalogue.card(card["slug"]), card["slug"]
        assert list(served) == list(card)  # key order too
    with pytest.raises(NotFound):
        real_catalogue.card_json("no-such-card")


def test_every_edition_is_found_by_prefix_and_number(
    real_catalogue: LocalCatalogue, source: dict[str, dict[str, Any]]
) -> None:
    owners: dict[tuple[str, str], set[str]] = {}
    for card in source.values():
        for e in card["editions"]:
            owners.setdefault((e["set"]["prefix"], e["collector_number"]), set()).add(card["uuid"])
    for (prefix, number), cards in owners.items():
        served = real_catalogue.card_by_number(prefix, number)
        assert served["uuid"] in cards
        if len(cards) == 1:
            expected = [
                e for e in source[served["uuid"]]["editions"]
                if e["set"]["prefix"] == prefix and e["collector_number"] == number
            ]
            assert served["result_editions"] == expected
    shared = {k: v for k, v in owners.items() if len(v) > 1}
    assert ("AMBDP", "001") in shared  # 15 cards share it in the real data


def test_timestamps_come_back_as_the_same_strings(real_catalogue: LocalCatalogue) -> None:
    card = real_catalogue.card("spirit-of-fire")
    assert card["created_at"] == "2023-01-01T12:00:00.000Z"
    assert card["editions"][0]["set"]["release_date"] == "2024-01-26T00:00:00"


def test_percent_encoded_prefix_with_space(real_catalogue_dir: Path) -> None:
    catalogue = LocalCatalogue.open(real_catalogue_dir)
    response = dispatch(catalogue, f"/cards/{quote('DOA 1st')}/001")
    assert response.status == 200
    body = response.json()
    assert body["slug"] == "spirit-of-fire"
    assert [(e["set"]["prefix"], e["collector_number"]) for e in body["result_editions"]] == [
        ("DOA 1st", "001")
    ]


def test_prefix_match_is_case_sensitive(real_catalogue: LocalCatalogue) -> None:
    with pytest.raises(NotFound):
        real_catalogue.card_by_number("doa 1st", "001")


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/cards/no-such-card", 404),
        ("/cards/DOA%201st/999", 404),
        ("/cards/images/nothere.jpg", 404),
        ("/cards/images/..%2F..%2Fcatalogue.sqlite3", 404),
        ("/cards/images/%2e%2e", 400),
        ("/cards/images/a%5Cb.jpg", 400),
        ("/cards/%00", 400),
        ("/nothing/here", 404),
        ("/cards/" + "x" * 5000, 400),
        ("/cards/%ff%fe", 404),
    ],
)
def test_errors_are_the_api_json_error_shape(
    real_catalogue: LocalCatalogue, path: str, status: int
) -> None:
    response = dispatch(real_catalogue, path)
    assert response.status == status
    body = response.json()
    assert set(body) == {"error"} and body["error"]


def test_stored_image_bytes_are_served(real_catalogue: LocalCatalogue) -> None:
    some = sorted(real_catalogue.images.folder.glob("*.jpg"))[0]
    response = dispatch(real_catalogue, f"/cards/images/{some.name}")
    assert response.status == 200
    assert response.media_type == "image/jpeg"
    assert response.body == some.read_bytes()
