"""The check beside the deck (app/gui/decks/check_panel.py): its verdict as of a moment,
over the small GENERATED catalogue of tests/decks/test_not_released.py."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from app.decks import check_deck
from app.decks.moment import parse_moment
from app.gui.decks.check_panel import CheckPanel
from app.gui.decks.models import ADVISORY_COLOURS, ERROR_COLOURS
from tests.decks.test_not_released import CARDS, LATE, deck_of


def test_a_moment_the_history_does_not_reach_is_said_cannot_judge_not_legal(
    qtbot: QtBot,
) -> None:
    panel = CheckPanel()
    qtbot.addWidget(panel)
    panel.show_result(check_deck(deck_of(), CARDS, as_of=parse_moment("2024-01-01")), [])
    assert panel.verdict.text() == ("Cannot judge legality in Standard as of 2024-01-01: the "
                                    "catalogue's history does not reach back that far")
    assert any(c in panel.verdict.styleSheet() for c in ADVISORY_COLOURS)
    panel.show_result(check_deck(deck_of(LATE), CARDS, as_of=parse_moment("2026-01-01")), [])
    assert panel.verdict.text() == "Not legal in Standard as of 2026-01-01: 1 problem"
    assert any(c in panel.verdict.styleSheet() for c in ERROR_COLOURS)
    assert panel.model.rowCount() >= 1
