"""The Decks page (app/gui/decks/page.py) over the real catalogue: paste a real list, see
its counts and check, fix a violation, see it clear; delete and undo; out of a deck."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt, QThreadPool
from PySide6.QtGui import QGuiApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.decks.model import Deck, Zone
from app.decks.parse import parse_text
from app.export.plan import ExportItem
from app.gui.decks.page import DecksPage
from app.gui.decks.paste_dialog import PasteDialog
from app.gui.decks.printing import EditionModel, PrintingDialog
from tests.conftest import SHARED_DATA

pytestmark = pytest.mark.realdata
EVENT = SHARED_DATA / "decklists" / "50170.json"


def real_list(index: int = 0, changes: dict[str, int] | None = None) -> str:
    """The decklist ``index`` of the real event 50170 as Omnidex text (``changes``: names
    whose main-deck quantity is replaced)."""
    deck = json.loads(EVENT.read_text(encoding="utf-8"))["decklists"][index]
    lines = []
    for key, heading in (("material", "Material Deck"), ("main", "Main Deck"),
                         ("sideboard", "Sideboard")):
        lines.append(f"# {heading}")
        for entry in deck[key]:
            qty = (changes or {}).get(entry["name"], entry["qty"]) if key == "main" else (
                entry["qty"])
            lines.append(f"{qty} {entry['name']}")
    return "\n".join(lines) + "\n"


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    yield made
    made.waitForDone()


class Exports:
    """Records what the page hands the window's export dialog."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, Callable[[], list[ExportItem]], bool]] = []

    def __call__(self, title: str, plan: Callable[[], list[ExportItem]], sheet: bool) -> None:
        self.calls.append((title, plan, sheet))


def open_page(qtbot: QtBot, services: Application, pool: QThreadPool,
              exports: Exports | None = None) -> DecksPage:
    page = DecksPage(services, pool, export=exports or Exports())
    qtbot.addWidget(page)
    page.resize(1280, 760)
    page.show()
    qtbot.waitUntil(lambda: page.loaded, timeout=20_000)
    return page


def paste(qtbot: QtBot, page: DecksPage, text: str, name: str) -> None:
    page.paste(text, name)
    qtbot.waitUntil(lambda: page.checks.result is not None and page.session.deck is not None
                    and page.session.deck.name == name and page.session.deck_id is not None,
                    timeout=20_000)


def kept(services: Application, name: str) -> Deck:
    return services.decks.deck_store().load(name)


def test_a_pasted_real_list_shows_its_counts_and_check_and_a_fix_clears_it(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    page = open_page(qtbot, real_services, pool)
    assert page.stack.currentIndex() == 0  # nothing open yet: the empty state
    paste(qtbot, page, real_list(0, {"Dungeon Guide": 5}), "Jin at the store")

    assert page.view.headings[Zone.MATERIAL].text() == "Material Deck (12)"
    assert page.view.headings[Zone.MAIN].text() == "Main Deck (68)"
    assert page.view.headings[Zone.SIDEBOARD].text() == "Sideboard (11)"
    assert "91 cards" in page.totals.text()
    assert page.checks.verdict.text() == "Not legal in Standard as of today: 1 problem"
    assert page.checks.model.messages() == [
        "5 copies of Dungeon Guide in the main deck; Standard allows 4."]
    assert "Types:" in page.checks.breakdown.text()
    assert "Elements:" in page.checks.breakdown.text()
    assert [d.name for d in page.session.decks] == ["Jin at the store"]

    # the finding links to its card; "-" there takes a copy away and the check clears
    page.checks.findings.clicked.emit(page.checks.model.index(0))
    entry = page.view.current()
    assert entry is not None and entry.name == "Dungeon Guide" and entry.quantity == 5
    qtbot.keyClick(page.view.tables[Zone.MAIN], Qt.Key.Key_Minus)
    qtbot.waitUntil(lambda: page.checks.verdict.text() == "Legal in Standard as of today",
                    timeout=10_000)
    assert page.checks.model.messages() == []
    assert page.checks.nothing.isVisibleTo(page) and not page.checks.findings.isVisibleTo(page)
    assert page.checks.nothing.text().startswith("Legal in Standard as of today — no finding")
    assert page.view.headings[Zone.MAIN].text() == "Main Deck (67)"
    page.shutdown()
    assert [e.quantity for e in kept(real_services, "Jin at the store").entries
            if e.name == "Dungeon Guide"] == [4]


def test_the_format_is_chosen_per_deck_and_rechecks(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    page = open_page(qtbot, real_services, pool)
    paste(qtbot, page, real_list(1), "Water")
    assert page.checks.verdict.text() == "Legal in Standard as of today"
    page.format.setCurrentIndex(page.format.findData("PANTHEON"))
    page.format.activated.emit(page.format.currentIndex())
    qtbot.waitUntil(lambda: page.checks.verdict.text().startswith("Not legal in Pantheon"),
                    timeout=10_000)
    page.shutdown()
    assert kept(real_services, "Water").format == "PANTHEON"


def test_quantities_change_by_key_and_button_and_zero_removes(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    page = open_page(qtbot, real_services, pool)
    paste(qtbot, page, "# Main Deck\n2 Zephyr\n1 Dungeon Guide\n", "Small")
    table = page.view.tables[Zone.MAIN]
    table.setFocus()
    table.selectRow(0)
    qtbot.keyClick(table, Qt.Key.Key_Plus)
    assert page.view.models[Zone.MAIN].entry(0).quantity == 3
    page.view.minus.click()
    assert page.view.models[Zone.MAIN].entry(0).quantity == 2
    qtbot.keyClick(table, Qt.Key.Key_Delete)
    assert [e.name for e in page.view.models[Zone.MAIN]._entries] == ["Dungeon Guide"]
    assert page.view.headings[Zone.MAIN].text() == "Main Deck (1)"


def test_new_duplicate_rename_delete_and_undo(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    page = open_page(qtbot, real_services, pool)
    paste(qtbot, page, real_list(2), "Angels")
    page.session.duplicate()
    qtbot.waitUntil(lambda: page.title.text() == "Angels (copy)", timeout=10_000)
    page.session.rename("Angels B")
    qtbot.waitUntil(lambda: [d.name for d in page.session.decks] == ["Angels", "Angels B"],
                    timeout=10_000)
    assert page.list_model.rowCount() == 2
    page.buttons["delete"].click()
    qtbot.waitUntil(lambda: [d.name for d in page.session.decks] == ["Angels"], timeout=10_000)
    assert page.stack.currentIndex() == 0 and page.buttons["undo"].isEnabled()
    page.buttons["undo"].click()
    qtbot.waitUntil(lambda: page.title.text() == "Angels B" and len(page.session.decks) == 2,
                    timeout=10_000)
    assert page.session.deck is not None and sum(page.session.deck.counts().values()) == 86
    page.buttons["new"].click()
    qtbot.waitUntil(lambda: page.checks.verdict.text()
                    == "Not legal in Standard as of today: 2 problems",
                    timeout=10_000)
    assert page.title.text() == "New deck"


def test_an_unknown_name_is_shown_red_with_suggestions_and_never_replaced(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    page = open_page(qtbot, real_services, pool)
    paste(qtbot, page, "# Main Deck\n4 Zephyrr\nnonsense line\n", "Typos")
    model = page.view.models[Zone.MAIN]
    assert model.index(0, 1).data() == "Zephyrr"
    assert model.index(0, 2).data() == "not in the catalogue"
    assert model.index(0, 1).data(Qt.ItemDataRole.ForegroundRole) is not None
    messages = page.checks.model.messages()
    assert any("Zephyrr" in m and "did you mean Zephyr" in m for m in messages)
    assert any("nonsense line" in m for m in messages)


def test_out_of_a_deck_text_sheet_and_export_plans(
    qtbot: QtBot, real_services: Application, pool: QThreadPool, tmp_path: Path,
) -> None:
    exports = Exports()
    page = open_page(qtbot, real_services, pool, exports)
    paste(qtbot, page, real_list(1), "Water")
    page.copy_text()
    assert QGuiApplication.clipboard().text().startswith("# Material Deck\n1 ")
    page.write_out("text", tmp_path / "deck.txt")
    page.write_out("sheet", tmp_path / "sheet.pdf")
    qtbot.waitUntil(lambda: (tmp_path / "sheet.pdf").exists() and (tmp_path / "deck.txt")
                    .exists(), timeout=20_000)
    again = parse_text((tmp_path / "deck.txt").read_text(encoding="utf-8"))
    assert sum(line.quantity for line in again.lines) == 87 and not again.problems
    assert "Total: 87 cards" in " ".join(PdfReader(tmp_path / "sheet.pdf").pages[-1]
                                         .extract_text().split())
    page.buttons["proxies"].click()
    page.buttons["images"].click()
    (title, copies, sheet), (_, editions, files_sheet) = exports.calls
    assert sheet and not files_sheet and "87 cards" in title
    assert len(copies()) == 87
    assert 0 < len(editions()) < 87 and len(set(editions())) == len(editions())


def test_the_printing_of_an_entry_is_picked_from_its_editions(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    page = open_page(qtbot, real_services, pool)
    paste(qtbot, page, "# Main Deck\n4 Zephyr\n", "One card")
    entry = page.view.models[Zone.MAIN].entry(0)
    cards = page.session.cards
    assert cards is not None
    card = cards.get(entry.card_uuid)
    assert card is not None and len(card.editions) > 1
    dialog = PrintingDialog(card.name, card.editions, None, None, page)
    qtbot.addWidget(dialog)
    ModelTester(None).check(dialog.model)  # type: ignore[arg-type]
    dialog.view.setCurrentIndex(dialog.model.index(1))
    assert dialog.chosen() == card.editions[1].uuid
    page.session.set_edition(entry, card.editions[1].uuid)
    last = card.editions[1]
    assert page.view.models[Zone.MAIN].index(0, 5).data() == (
        f"{last.set_prefix} {last.collector_number}")
    page.shutdown()
    assert kept(real_services, "One card").entries[0].edition_uuid == last.uuid


def test_the_models_pass_the_model_tester(
    qtbot: QtBot, qtmodeltester: Any, real_services: Application, pool: QThreadPool,
) -> None:
    page = open_page(qtbot, real_services, pool)
    paste(qtbot, page, real_list(0, {"Dungeon Guide": 5}), "Checked")
    qtmodeltester.check(page.list_model)
    for zone in page.view.models.values():
        qtmodeltester.check(zone)
    qtmodeltester.check(page.checks.model)
    cards = page.session.cards
    assert cards is not None
    qtmodeltester.check(EditionModel(next(iter(cards.by_uuid.values())).editions, None))



def test_the_paste_dialog_starts_from_the_clipboard_and_names_the_deck(qtbot: QtBot) -> None:
    QGuiApplication.clipboard().setText("# Main Deck\n4 Zephyr\n")
    dialog = PasteDialog()
    qtbot.addWidget(dialog)
    assert dialog.text() == "# Main Deck\n4 Zephyr\n"
    assert dialog.name() == "Pasted deck"
    dialog.name_edit.setText("  Wind  ")
    assert dialog.name() == "Wind"
    QGuiApplication.clipboard().clear()


def test_pasted_event_json_keeps_each_decklist_not_one_broken_text_deck(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    """Copying an event's JSON from the browser and pasting it gives its decks, as Import
    does, instead of one empty deck whose line 1 "is not QUANTITY NAME"."""
    event = json.loads(EVENT.read_text(encoding="utf-8"))
    event["decklists"] = event["decklists"][:2]
    page = open_page(qtbot, real_services, pool)
    page.paste(json.dumps(event, indent=2), "Store championship")
    qtbot.waitUntil(lambda: len(page.session.decks) == 2 and page.checks.result is not None,
                    timeout=20_000)
    names = sorted(d.name for d in page.session.decks)
    assert names == ["ArtofCards RDO Store Championship #1",  # named after the event
                     "ArtofCards RDO Store Championship #2"]
    for name in names:
        deck = kept(real_services, name)
        material = sum(e.quantity for e in deck.entries if e.zone is Zone.MATERIAL)
        main = sum(e.quantity for e in deck.entries if e.zone is Zone.MAIN)
        assert material > 0 and main >= 60 and all(e.card_uuid for e in deck.entries)
    page.shutdown()


def test_pasted_text_that_only_looks_like_json_is_read_line_by_line(
    qtbot: QtBot, real_services: Application, pool: QThreadPool,
) -> None:
    page = open_page(qtbot, real_services, pool)
    paste(qtbot, page, "[sideboard]\n2 Zephyr\n", "Brackets")
    assert [d.name for d in page.session.decks] == ["Brackets"]
    assert page.checks.model.messages()[0].startswith("Line 1:")
    page.shutdown()
