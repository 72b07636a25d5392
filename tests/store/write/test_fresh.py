"""A big write into a catalogue without cards: each table's rows in one statement, the same
rows in the same order as card by card."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from app.store import CardRecord, Store, Writer
from app.store.history.revisions import RevisionRecorder
from app.store.write.fresh import Deferred, FreshCheck
from app.store.write.fresh_rows import api_rows
from app.store.write.writer import Writer as WriterClass
from tests.search.generated import generated_cards as varied_cards
from tests.store.write.tables import every_row
from tests.sync.generated import generated_cards


def _cards() -> list[dict[str, Any]]:
    """Varied cards (rules, legality, editions in two sets, foils) and plain ones."""
    return [*copy.deepcopy(varied_cards()), *generated_cards(30)]


def _write(folder: Path, cards: list[dict[str, Any]], all_at_once: bool,
           monkeypatch: pytest.MonkeyPatch) -> tuple[Store, Any]:
    monkeypatch.setattr("app.store.write.batch.BULK_CARDS", 10)  # these are a big write
    if not all_at_once:
        monkeypatch.setattr(FreshCheck, "accepts", lambda self, records: False)
    store = Store(folder / "catalogue.sqlite3")
    report = Writer(store, RevisionRecorder("test", "import")).write(
        [CardRecord(c) for c in copy.deepcopy(cards)])
    monkeypatch.undo()
    return store, report


def test_a_big_write_into_an_empty_catalogue_stores_the_rows_of_card_by_card_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    original = WriterClass._write_new_cards

    def counted(self: WriterClass, *args: Any) -> None:
        calls.append(len(args[1]))
        original(self, *args)

    monkeypatch.setattr(WriterClass, "_write_new_cards", counted)
    at_once, at_once_report = _write(tmp_path / "at-once", _cards(), True, monkeypatch)
    assert calls == [len(_cards())]
    one_by_one, one_report = _write(tmp_path / "one-by-one", _cards(), False, monkeypatch)
    assert at_once_report == one_report
    assert every_row(at_once) == every_row(one_by_one)
    assert every_row(at_once)["api_prints"] and every_row(at_once)["card_values"]


@pytest.mark.allow_log(r"^not stored: genc000030 ")
def test_a_slug_twice_in_a_big_write_is_refused_as_card_by_card(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cards = _cards()
    cards[-1]["slug"] = cards[-2]["slug"]
    _, report = _write(tmp_path, cards, True, monkeypatch)
    assert [r.slug for r in report.refused] == [cards[-1]["slug"]]
    assert report.new == len(cards) - 1


def test_a_deferred_statement_must_write() -> None:
    with pytest.raises(TypeError, match="only INSERT and DELETE"):
        Deferred().execute("SELECT 1 FROM cards WHERE rowid = ?", (1,))


def _odd_shapes(cards: list[dict[str, Any]], fraction: bool) -> list[dict[str, Any]]:
    """Cards whose official-search values are nulls where lists or objects stand (and, with
    ``fraction``, a population with a fraction: read by SQLite's JSON functions instead)."""
    first, second, third = cards[0], cards[1], cards[2]
    first.update(rule=None, classes=None, legality={"STANDARD": None})
    second.update(rule=[None, {"title": True}], legality=None)
    del third["rule"], third["types"]
    for edition in first["editions"]:
        edition.update(collaborators=None, circulationTemplates=None,
                       circulations=[None, {"foil": False, "population": 2 ** 40}])
    if fraction:
        second["editions"][0]["circulations"] = [{"foil": True, "population": 1.5}]
    return cards


@pytest.mark.parametrize("fraction", [False, True])
def test_nulls_and_odd_values_give_the_official_search_rows_of_card_by_card_writes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fraction: bool) -> None:
    cards = _odd_shapes(_cards(), fraction)
    at_once, _ = _write(tmp_path / "at-once", cards, True, monkeypatch)
    one_by_one, _ = _write(tmp_path / "one-by-one", cards, False, monkeypatch)
    rows = every_row(at_once)
    assert rows == every_row(one_by_one)
    assert (1, None, None) in [row[1:] for row in rows["api_rules"]]
    assert (1.5 in [row[-1] for row in rows["api_prints"]]) is fraction


def test_the_official_search_rows_are_derived_in_python_unless_a_value_is_odd() -> None:
    cards = _odd_shapes(_cards(), False)
    assert api_rows(list(enumerate(cards, 1))) is not None
    cards[5]["editions"][0]["illustrator"] = {"name": "nested"}
    assert api_rows(list(enumerate(cards, 1))) is None
