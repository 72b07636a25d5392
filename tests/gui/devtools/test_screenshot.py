"""``take_screenshot`` writes a PNG of the window in the asked state (devtools/screenshot.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.errors import InvalidRequest
from app.files import NotAFile
from app.gui.devtools.screenshot import take_screenshot
from app.gui.shell.main_window import MainWindow
from tests.conftest import SHARED_DATA


def distinct_colours(path: Path) -> int:
    with Image.open(path) as image:
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    return len(colours or [])


@pytest.mark.realdata
def test_a_screenshot_of_a_search_with_a_card(
    qapp: QApplication, real_services: Application, tmp_path: Path
) -> None:
    out = tmp_path / "shots" / "spirit.png"
    out.parent.mkdir()  # a missing folder is refused, as by every writer
    assert take_screenshot(real_services, out, query="spirit", card="spirit-of-fire",
                           size=(1100, 720)) == 0
    with Image.open(out) as image:
        assert image.format == "PNG"
        assert image.size == (1100, 720)
    assert distinct_colours(out) > 1000  # card art, text, chrome: not a flat picture
    thumbs = real_services.paths.thumbnails
    assert any(thumbs.glob("146x204/*.png")) and any(thumbs.glob("54x75/*.png"))


def test_a_screenshot_of_an_empty_catalogue(
    qapp: QApplication, empty_services: Application, tmp_path: Path
) -> None:
    (tmp_path / "shots").mkdir()
    out = tmp_path / "shots" / "empty.png"
    out.write_bytes(b"an older screenshot")
    assert take_screenshot(empty_services, out, size=(800, 600)) == 0
    with Image.open(out) as image:
        assert image.size == (800, 600)
    assert distinct_colours(out) > 10
    assert [p.name for p in out.parent.iterdir()] == ["empty.png"]  # no temporary file left


def test_a_folder_named_as_the_screenshot_is_refused_before_drawing(
    qapp: QApplication, empty_services: Application, tmp_path: Path
) -> None:
    folder = tmp_path / "shot.png"
    folder.mkdir()
    with pytest.raises(NotAFile, match=f"{folder} is a folder, not a file"):
        take_screenshot(empty_services, folder, size=(800, 600))
    assert folder.is_dir() and list(folder.iterdir()) == []


@pytest.mark.realdata
def test_a_screenshot_of_the_decks_page_with_a_deck_file_leaves_the_kept_decks_as_they_were(
    qapp: QApplication, real_services: Application, tmp_path: Path
) -> None:
    deck = tmp_path / "jin.txt"
    deck.write_text("# Main Deck\n4 Zephyr\n4 Dungeon Guide\n", encoding="utf-8")
    out = tmp_path / "decks.png"
    store = real_services.decks.deck_store()
    before = (store.decks(), store.decks(trash=True))
    assert take_screenshot(real_services, out, page="decks", deck=deck, theme="dark") == 0
    with Image.open(out) as image:
        assert image.size == (1280, 800)
    assert distinct_colours(out) > 100
    event = SHARED_DATA / "decklists" / "50170.json"  # 28 decklists: none is kept either
    assert take_screenshot(real_services, out, page="decks", deck=event) == 0
    assert (store.decks(), store.decks(trash=True)) == before


def test_a_deck_file_goes_with_the_decks_page_only(
    qapp: QApplication, empty_services: Application, tmp_path: Path
) -> None:
    with pytest.raises(InvalidRequest, match="--deck goes with --page decks"):
        take_screenshot(empty_services, tmp_path / "x.png", deck=tmp_path / "deck.txt")


@pytest.mark.realdata
def test_a_screenshot_of_the_card_page_is_the_size_asked(
    qapp: QApplication, real_services: Application, tmp_path: Path
) -> None:
    out = tmp_path / "card.png"
    assert take_screenshot(real_services, out, card="lorraine-crux-knight", page="card",
                           size=(1280, 800)) == 0
    with Image.open(out) as image:
        assert image.size == (1280, 800)


@pytest.mark.realdata
def test_a_screenshot_of_an_empty_collection_waits_for_every_set_at_0_percent(
    qtbot: QtBot, real_window: MainWindow
) -> None:
    from app.gui.devtools.screenshot import _collection_settled

    page = real_window.collection
    when_the_entries_show: list[bool] = []
    page.loaded.connect(lambda: when_the_entries_show.append(_collection_settled(real_window)))
    real_window.show_page("collection")
    qtbot.waitUntil(lambda: _collection_settled(real_window), timeout=20_000)
    assert when_the_entries_show == [False]  # the sets are still being counted then
    sets = [page.sets.completion(row) for row in range(page.sets.rowCount())]
    assert len(sets) == 55 and all(s.owned == 0 and s.total > 0 for s in sets)
    assert page.missing_title.text() == (f"{sets[0].prefix}: 0 of {sets[0].total} editions "
                                         f"owned — {sets[0].total} missing")


def test_a_screenshot_of_the_collection_of_an_empty_catalogue_says_there_is_no_set(
    qapp: QApplication, empty_services: Application, tmp_path: Path, qtbot: QtBot
) -> None:
    out = tmp_path / "collection.png"
    assert take_screenshot(empty_services, out, page="collection", size=(800, 600)) == 0
    window = MainWindow(empty_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    window.show_page("collection")
    try:
        qtbot.waitUntil(lambda: window.collection.sets_shown, timeout=10_000)
        assert window.collection.missing_title.text() == (
            "No set in the catalogue yet: sync or import it")
    finally:
        window.shutdown()


def test_a_screenshot_of_the_meta_page_waits_for_the_chart_and_cards(
    qapp: QApplication, tmp_path: Path
) -> None:
    from tests.gui.meta.conftest import catalogue_with_events

    services = catalogue_with_events(tmp_path / "data")
    out = tmp_path / "meta.png"
    try:  # a page that did not settle would log a warning, which fails the test
        assert take_screenshot(services, out, page="meta", size=(1000, 640),
                               theme="dark") == 0
    finally:
        services.store.close()
    with Image.open(out) as image:
        assert image.size == (1000, 640)
    assert distinct_colours(out) > 100  # lines, legend, rows: not a flat picture
