"""A deck checked as of a moment over the real 2026-04-04 catalogue and a
newer one made from it: Ranger Strides re-imported with ``legality`` STANDARD limit 0 and
``last_update`` 2026-06-29 (GENERATED from the real record, as the real ban of that day)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.catalogue import LocalCatalogue
from app.decks import check_deck, read_decklists, resolve
from app.decks.cards import DeckCards
from app.decks.moment import parse_moment
from tests.decks.conftest import EVENT_50170
from tests.helpers.later import apply_changes, copy_catalogue
from tests.helpers.parts import parts_of

pytestmark = pytest.mark.realdata
BAN = "2026-06-29T10:00:00.000Z"
RANGER_DECK = 16  # 50170 #17 plays Ranger Strides


@pytest.fixture(scope="module")
def later_cards(real_catalogue_dir: Path, tmp_path_factory: pytest.TempPathFactory
                ) -> DeckCards:
    folder = copy_catalogue(real_catalogue_dir, tmp_path_factory.mktemp("banned-later"))
    apply_changes(folder, ("ranger-strides", {"STANDARD": {"limit": 0}}, BAN))
    cards: DeckCards = parts_of(LocalCatalogue.open(folder)).decks.deck_cards()
    return cards


def ranger_deck(cards: DeckCards) -> object:
    return resolve(read_decklists(EVENT_50170)[RANGER_DECK], cards).deck


def test_a_real_deck_with_ranger_strides_is_legal_the_day_before_its_ban_not_as_of_latest(
    later_cards: DeckCards,
) -> None:
    deck = resolve(read_decklists(EVENT_50170)[RANGER_DECK], later_cards).deck
    assert "Ranger Strides" in {e.name for e in deck.entries}
    before = check_deck(deck, later_cards, as_of=parse_moment("2026-06-28"))
    assert before.legal and before.findings == []
    assert before.as_of == datetime(2026, 6, 28, tzinfo=UTC)
    latest = check_deck(deck, later_cards, as_of=None)
    assert not latest.legal
    assert [(f.rule, f.message) for f in latest.findings] == [
        ("banned", "Ranger Strides is banned in Standard since 2026-06-29.")]
    assert latest.to_json()["as_of"] is None
    assert check_deck(deck, later_cards, as_of=parse_moment(BAN)).legal is False


def test_an_event_deck_is_checked_as_of_the_events_start_by_default(
    later_cards: DeckCards,
) -> None:
    deck = resolve(read_decklists(EVENT_50170)[RANGER_DECK], later_cards).deck
    assert deck.as_of == "2026-04-26T04:00:00Z"
    assert deck.name == "ArtofCards RDO Store Championship #17"
    result = check_deck(deck, later_cards)
    assert result.legal
    assert result.to_json()["as_of"] == "2026-04-26T04:00:00Z"
    assert result.verdict() == "Legal in Standard as of 2026-04-26 04:00 UTC"


def test_a_moment_before_the_game_existed_is_not_legal_every_card_not_released_yet(
    later_cards: DeckCards,
) -> None:
    deck = resolve(read_decklists(EVENT_50170)[RANGER_DECK], later_cards).deck
    result = check_deck(deck, later_cards, as_of=parse_moment("2020-01-01"))
    assert not result.legal and result.status == "not legal"
    assert result.verdict() == "Not legal in Standard as of 2020-01-01"
    [finding] = [f for f in result.findings if f.rule == "not-released"]
    assert finding.severity == "error"
    assert set(finding.cards) == {e.name for e in deck.entries}  # every card came out later
    assert finding.message.startswith("Not released yet on 2020-01-01: ")
    assert not [f for f in result.findings if f.rule in ("history", "banned")]
    assert result.to_json()["verdict"] == "not legal"


def test_cards_released_before_a_moment_the_history_does_not_reach_cannot_be_judged(
    real_cards: DeckCards,
) -> None:
    # 50170 #12 plays no card newer than the sets of 2025-12-05, but the catalogue's only
    # versions of several of them date from 2026: legal or not then, it cannot say.
    deck = resolve(read_decklists(EVENT_50170)[11], real_cards).deck
    result = check_deck(deck, real_cards, as_of=parse_moment("2025-12-05"))
    assert result.status == "cannot judge" and not result.legal
    assert result.verdict() == "Cannot judge legality in Standard as of 2025-12-05"
    assert {"Enfeebling Orb", "Fracturize"} <= set(result.unjudged)
    assert result.errors() == []
    [history] = [f for f in result.findings if f.rule == "history"]
    assert "cannot be judged" in history.message and "Enfeebling Orb" in history.cards
    body = result.to_json()
    assert (body["legal"], body["verdict"]) == (None, "cannot judge")
    # The next day's sets (RDO, 2026-04-03) are not out the day before.
    early = check_deck(deck, real_cards, as_of=parse_moment("2025-12-04"))
    assert early.status == "not legal"
    [finding] = [f for f in early.findings if f.rule == "not-released"]
    assert "(PTM, 2025-12-05)" in finding.message or "(PTM 1st, 2025-12-05)" in finding.message


def test_the_versions_in_force_are_the_newest_not_after_the_moment(
    later_cards: DeckCards,
) -> None:
    uuid = later_cards.by_slug["ranger-strides"].uuid
    _stamps, versions = later_cards.timeline(uuid)
    assert [v.limits for v in versions] == [{}, {"STANDARD": 0}]
    at_ban = later_cards.as_of(parse_moment(BAN))
    just_before = later_cards.as_of(parse_moment("2026-06-29T09:59:59Z"))
    assert at_ban.get(uuid).limits == {"STANDARD": 0}  # type: ignore[union-attr]
    assert just_before.get(uuid).limits == {}  # type: ignore[union-attr]
    assert later_cards.get(uuid).limits == {"STANDARD": 0}  # type: ignore[union-attr]
