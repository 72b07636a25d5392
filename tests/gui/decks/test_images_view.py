"""The deck as cards and its cost curve on a real 75-card list: the
badges add up to every copy, the curve's bars to the main deck; an event file imported in
the window keeps every decklist under the event's name, checked as of its date."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QThreadPool
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.decks import Zone
from app.gui.decks.page import DecksPage
from tests.conftest import SHARED_DATA

pytestmark = pytest.mark.realdata
EVENTS = [SHARED_DATA / "decklists" / "50170.json", SHARED_DATA / "decklists" / "50623.json"]


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    yield made
    made.waitForDone()


ZONES = (("material", "Material Deck"), ("main", "Main Deck"), ("sideboard", "Sideboard"))


def list_of_75() -> tuple[str, dict[str, int]]:
    """The real decklist closest to 75 cards (none has exactly 75: 12 + 60 + 3 is the
    nearest) as Omnidex text, and its zones' sizes."""
    lists = [d for event in EVENTS
             for d in json.loads(event.read_text(encoding="utf-8"))["decklists"]]
    deck = min(lists, key=lambda d: abs(sum(e["qty"] for z, _ in ZONES for e in d[z]) - 75))
    sizes = {z: sum(e["qty"] for e in deck[z]) for z, _ in ZONES}
    text = "\n".join(f"# {h}\n" + "\n".join(f"{e['qty']} {e['name']}" for e in deck[z])
                     for z, h in ZONES)
    return text + "\n", sizes


def open_page(qtbot: QtBot, services: Application, pool: QThreadPool) -> DecksPage:
    page = DecksPage(services, pool)
    qtbot.addWidget(page)
    page.resize(1280, 800)
    page.show()
    qtbot.waitUntil(lambda: page.loaded, timeout=20_000)
    return page


def test_a_real_75_card_list_shows_75_copies_as_cards_and_its_main_deck_on_the_curve(
    qtbot: QtBot, real_services: Application, pool: QThreadPool, qtmodeltester: ModelTester,
) -> None:
    text, sizes = list_of_75()
    page = open_page(qtbot, real_services, pool)
    page.paste(text, "Seventy-five")
    qtbot.waitUntil(lambda: page.checks.result is not None and page.session.deck is not None
                    and page.session.deck.name == "Seventy-five", timeout=20_000)
    assert page.images.copies() == sum(sizes.values())
    for zone in Zone:
        assert page.images.zones[zone].tiles.copies() == sizes[zone.value]
        assert page.images.headings[zone].text() == f"{zone.heading} ({sizes[zone.value]})"
    qtmodeltester.check(page.images.zones[Zone.MAIN].tiles)
    main_curve = page.checks.curve.counts(Zone.MAIN)
    assert sum(main_curve.values()) == sizes["main"]
    assert sum(page.checks.curve.counts(Zone.MATERIAL).values()) == sizes["material"]
    assert all(cost.isdigit() or cost in ("X", "—") for cost in main_curve)
    page.session.delete()
    page.shutdown()


def test_an_event_imported_in_the_window_keeps_every_list_named_and_dated_by_the_event(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    page = open_page(qtbot, real_services, pool)
    before = len(page.session.decks)
    page.session.import_file(EVENTS[0])
    qtbot.waitUntil(lambda: len(page.session.decks) == before + 28, timeout=60_000)
    names = [d.name for d in page.session.decks if d.name.startswith("ArtofCards")]
    assert names[:3] == [f"ArtofCards RDO Store Championship #{n}" for n in (1, 2, 3)]
    assert names[9] == "ArtofCards RDO Store Championship #10"  # sorted naturally
    deck_id = next(d.id for d in page.session.decks if d.name == names[1])
    page.session.open(deck_id)
    qtbot.waitUntil(lambda: page.session.deck is not None and page.session.deck.name == names[1]
                    and page.checks.result is not None, timeout=20_000)
    assert page.as_of.edit.text() == "2026-04-26"
    assert page.checks.verdict.text() == "Legal in Standard as of 2026-04-26 04:00 UTC"
    page.as_of.edit.setDate(page.as_of.edit.minimumDate())  # "today"
    qtbot.waitUntil(lambda: page.checks.verdict.text() == "Legal in Standard as of today",
                    timeout=20_000)
    assert page.session.deck is not None and page.session.deck.as_of is None
    page.shutdown()
    store = real_services.decks.deck_store()
    for name in names:
        store.delete(name)
