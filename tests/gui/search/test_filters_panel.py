"""The filter panel on its own: built from /option/search, shows a state without a signal,
reports what the person changes."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from app.gui.search.filters_panel import ANY, FiltersPanel, OptionalSpinBox, item_text
from app.search.filters import FilterState

# The shape of GET /option/search (a few real values of ../shared/data/gatcg/option-search.json)
OPTIONS: dict[str, Any] = {
    "element": [{"text": "Fire", "value": "FIRE"}, {"text": "Water", "value": "WATER"}],
    "class": [{"text": "Mage", "value": "MAGE"}, {"text": "Warrior", "value": "WARRIOR"}],
    "type": [{"text": "Champion", "value": "CHAMPION"},
             {"text": "Greater Boon", "value": "GREATER BOON"}],
    "subtype": [{"text": "Spell", "value": "SPELL"}],
    "set": [{"text": "Dawn of Ashes First Edition", "value": "DOA 1st",
             "display": "Dawn of Ashes First Edition"}],
    "rarity": [{"text": "Common", "value": "1", "display": "C"},
               {"text": "Ultra Rare", "value": "5", "display": "UR"}],
    "gameFormat": [{"text": "Standard", "value": "STANDARD"}],
}


@pytest.fixture
def panel(qtbot: QtBot) -> FiltersPanel:
    made = FiltersPanel()
    qtbot.addWidget(made)
    made.set_options(OPTIONS)
    made.show()
    return made


def texts(panel: FiltersPanel, field: str) -> list[str]:
    combo = panel.combos[field]
    return [combo.itemText(i) for i in range(combo.count())]


def test_the_combo_boxes_list_the_options(panel: FiltersPanel,
                                          qtmodeltester: ModelTester) -> None:
    assert texts(panel, "element") == [ANY, "Fire", "Water"]
    assert texts(panel, "rarity") == [ANY, "C · Common", "UR · Ultra Rare"]
    assert texts(panel, "set") == [ANY, "DOA 1st · Dawn of Ashes First Edition"]
    assert texts(panel, "format") == [ANY, "Standard"]
    qtmodeltester.check(panel.combos["set"].model())


def test_rarities_read_well_even_without_the_stored_options() -> None:
    assert item_text("rarity", {"text": "Rarity 8", "value": "8"}) == "CUR · Collector Ultra Rare"
    assert item_text("rarity", {"text": "Odd", "value": "12"}) == "Odd"
    assert item_text("element", {"text": "Fire", "value": "FIRE"}) == "Fire"


def test_set_state_shows_it_without_reporting(panel: FiltersPanel, qtbot: QtBot) -> None:
    state = FilterState(element="fire", type="greater boon", rarity="5", lv=(2, None),
                        life=(None, 20))
    with qtbot.assertNotEmitted(panel.changed):
        panel.set_state(state)
    assert panel.combos["element"].currentText() == "Fire"  # any case matches
    assert panel.combos["type"].currentText() == "Greater Boon"
    assert panel.combos["rarity"].currentText() == "UR · Ultra Rare"
    assert panel.ranges["lv"][0].bound() == 2 and panel.ranges["lv"][1].bound() is None
    assert panel.ranges["life"][1].text() == "20" and panel.ranges["life"][0].text() == ""
    assert panel.state() == state


def test_edits_are_reported_as_a_new_state(panel: FiltersPanel, qtbot: QtBot) -> None:
    with qtbot.waitSignal(panel.changed) as changed:
        panel.combos["class"].setCurrentIndex(1)
    assert changed.args == [FilterState(card_class="MAGE")]
    low, _high = panel.ranges["pow"]
    low.setFocus()
    with qtbot.waitSignal(panel.changed) as changed:
        qtbot.keyClicks(low, "3")
    assert changed.args[0].bounds("pow") == (3, None)
    with qtbot.waitSignal(panel.changed) as changed:
        qtbot.keyClick(low, Qt.Key.Key_Backspace)  # blank again: no minimum
    assert changed.args[0].bounds("pow") == (None, None)
    with qtbot.waitSignal(panel.changed) as changed:
        panel.clear_button.click()
    assert changed.args == [FilterState()]
    assert panel.combos["class"].currentText() == ANY


def test_a_typed_value_the_options_lack_gets_an_item_while_chosen(panel: FiltersPanel) -> None:
    panel.set_state(FilterState(element="fir"))
    assert panel.combos["element"].currentText() == "fir"
    panel.set_state(FilterState(element="firez"))
    assert texts(panel, "element") == [ANY, "Fire", "Water", "firez"]  # "fir" went away
    panel.set_state(FilterState(element="FIRE"))
    assert texts(panel, "element") == [ANY, "Fire", "Water"]


def test_options_arriving_later_keep_the_state(qtbot: QtBot) -> None:
    panel = FiltersPanel()
    qtbot.addWidget(panel)
    panel.set_state(FilterState(set="doa 1st", cost=(1, 1)))  # before /option/search answered
    assert panel.combos["set"].currentText() == "doa 1st"
    with qtbot.assertNotEmitted(panel.changed):
        panel.set_options(OPTIONS)
    assert panel.combos["set"].currentText() == "DOA 1st · Dawn of Ashes First Edition"
    assert panel.ranges["cost"][0].bound() == panel.ranges["cost"][1].bound() == 1


def test_the_optional_spin_box_is_blank_for_no_bound(qtbot: QtBot) -> None:
    spin = OptionalSpinBox("min")
    qtbot.addWidget(spin)
    assert spin.bound() is None and spin.text() == ""
    assert spin.lineEdit().placeholderText() == "min"
    spin.stepUp()
    assert spin.bound() == 0 and spin.text() == "0"
    spin.stepDown()
    assert spin.bound() is None
    spin.set_bound(12)
    assert spin.text() == "12"


def test_the_format_box_offers_legal_banned_and_limited_in(panel: FiltersPanel,
                                                            qtbot: QtBot) -> None:
    rule = panel.format_rule
    assert [rule.itemText(i) for i in range(rule.count())] == [
        "Legal in", "Banned in", "Limited in"]
    with qtbot.waitSignal(panel.changed) as changed:
        panel.combos["format"].setCurrentIndex(1)
    assert changed.args == [FilterState(format="STANDARD")]
    with qtbot.waitSignal(panel.changed) as changed:
        rule.setCurrentIndex(1)
    assert changed.args == [FilterState(format="STANDARD", format_rule="banned")]
    with qtbot.assertNotEmitted(panel.changed):
        panel.set_state(FilterState(format="standard", format_rule="restricted"))
    assert rule.currentText() == "Limited in"
    assert panel.combos["format"].currentText() == "Standard"


def test_the_set_list_is_grouped_by_family(qtbot: QtBot) -> None:
    made = FiltersPanel()
    qtbot.addWidget(made)
    sets = [{"text": name, "value": prefix} for prefix, name in (
        ("DOA 1st", "Dawn of Ashes First Edition"), ("ALC", "Alchemical Revolution"),
        ("DOAp", "Dawn of Ashes Prelude"), ("DOA Alter", "Dawn of Ashes Alter Edition"),
        ("ALC 1st", "Alchemical Revolution First Edition"))]
    made.set_options({**OPTIONS, "set": sets})
    assert texts(made, "set") == [
        ANY, "DOA — every edition: 1st, Alter",
        "    DOA 1st · Dawn of Ashes First Edition", "    DOA Alter · Dawn of Ashes Alter Edition",
        "ALC · Alchemical Revolution", "    ALC 1st · Alchemical Revolution First Edition",
        "DOAp · Dawn of Ashes Prelude"]
    combo = made.combos["set"]
    with qtbot.waitSignal(made.changed) as chosen:
        combo.setCurrentIndex(1)
    assert chosen.args[0].choice("set") == "DOA"  # s:DOA: the family
