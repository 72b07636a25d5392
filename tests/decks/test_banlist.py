"""The ban list over the real 2026-04-04 catalogue and a newer one made
from it (GENERATED changes to real records): Ranger Strides banned in Standard on
2026-06-29, then Rile the Abyss (banned in the snapshot) unbanned on 2026-07-01."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.catalogue import LocalCatalogue
from app.decks.banlist import ban_list
from app.decks.cards import DeckCards
from app.decks.moment import parse_moment
from tests.helpers.later import apply_changes, copy_catalogue
from tests.helpers.parts import parts_of

pytestmark = pytest.mark.realdata


@pytest.fixture(scope="module")
def later_cards(real_catalogue_dir: Path, tmp_path_factory: pytest.TempPathFactory
                ) -> DeckCards:
    folder = copy_catalogue(real_catalogue_dir, tmp_path_factory.mktemp("banlist"))
    apply_changes(folder,
                  ("ranger-strides", {"STANDARD": {"limit": 0}}, "2026-06-29T10:00:00.000Z"),
                  ("rile-the-abyss", None, "2026-07-01T08:00:00.000Z"))
    cards: DeckCards = parts_of(LocalCatalogue.open(folder)).decks.deck_cards()
    return cards


def _by_name(cards: DeckCards, moment: str = "latest") -> dict[str, tuple[int | None, str | None]]:
    found = ban_list(cards.as_of(parse_moment(moment)), "standard")
    return {e.name: (e.limit, e.since) for e in found.cards}


def test_a_card_banned_in_the_first_recorded_version_has_no_since(
    later_cards: DeckCards,
) -> None:
    assert _by_name(later_cards)["Baby Gray Slime"] == (0, None)


def test_a_card_banned_later_has_the_date_of_its_ban(later_cards: DeckCards) -> None:
    assert _by_name(later_cards)["Ranger Strides"] == (0, "2026-06-29")
    assert "Ranger Strides" not in _by_name(later_cards, "2026-06-28")


def test_a_card_unbanned_later_leaves_the_list_and_shows_as_lifted(
    later_cards: DeckCards,
) -> None:
    assert _by_name(later_cards, "2026-06-30")["Rile the Abyss"] == (0, None)
    assert "Rile the Abyss" not in _by_name(later_cards)
    found = ban_list(later_cards, "STANDARD")
    assert [(e.name, e.since) for e in found.lifted] == [("Rile the Abyss", "2026-07-01")]
    assert [(e.name, e.limit) for e in found.recent()] == [
        ("Rile the Abyss", None), ("Ranger Strides", 0)]


def test_cards_sharing_a_name_are_one_line_and_the_json_has_the_documented_shape(
    later_cards: DeckCards,
) -> None:
    found = ban_list(later_cards, "STANDARD")
    nameless = [e for e in found.cards if e.name == "Nameless Champion"]
    assert len(nameless) == 1 and nameless[0].cards == 15
    body = found.to_json()
    assert set(body) == {"format", "as_of", "cards"}
    assert body["format"] == "STANDARD" and body["as_of"] is None
    assert body["cards"][0] == {"slug": "altruistic-blacksmith", "name": "Altruistic Blacksmith",
                                "limit": 0, "since": None}
    assert ban_list(later_cards.as_of(parse_moment("2026-06-28")), "standard"
                    ).to_json()["as_of"] == "2026-06-28T00:00:00Z"
