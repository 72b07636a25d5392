"""The Collection page's Import CSV… and Export CSV… over the real 2026-04-04 catalogue: a
replace with rows reported asks before replacing the collection with the rows taken, and
Export CSV… writes formula cells after a ``'`` as the command line does."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from app.collection import CollectionStore, CsvImportReport, Entry
from app.gui.collection.page import CollectionPage
from app.gui.shell.main_window import MainWindow

pytestmark = pytest.mark.realdata


@pytest.fixture
def page(qtbot: QtBot, real_window: MainWindow, tmp_path: Path) -> CollectionPage:
    real_window.show_page("collection")
    shown = real_window.collection
    qtbot.waitUntil(lambda: shown.view is not None, timeout=10_000)
    owned = tmp_path / "owned.csv"
    owned.write_text("Count,Set Code,Card Number\n3,DOA 1st,001\n", encoding="utf-8")
    with qtbot.waitSignal(shown.loaded, timeout=10_000):
        shown.import_csv(owned)
    return shown


def _store(window: MainWindow) -> CollectionStore:
    return window._services.collection.collection_store()  # type: ignore[union-attr]


def test_a_replace_with_rows_reported_asks_first(qtbot: QtBot, page: CollectionPage,
                                                 real_window: MainWindow,
                                                 tmp_path: Path) -> None:
    asked: list[tuple[int, int]] = []
    answer = [False]

    def ask(_parent: object, report: CsvImportReport) -> bool:
        asked.append((len(report.problems), report.rows))
        return answer[0]

    page._ask_replace = ask
    mixed = tmp_path / "mixed.csv"
    mixed.write_text("Qty,Set,Number\n2,ALC,002\n1,XYZ,001\n", encoding="utf-8")
    with qtbot.waitSignal(page.message, timeout=10_000) as said:
        page.import_csv(mixed, replace=True)
    assert said.args == ["Nothing was replaced: 1 of 2 rows of mixed.csv were reported — "
                         "line 3: no edition XYZ 001 in the catalogue"]
    assert asked == [(1, 2)]
    assert [e.quantity for e in _store(real_window).entries()] == [3]

    answer[0] = True
    with qtbot.waitSignal(page.loaded, timeout=10_000):
        page.import_csv(mixed, replace=True)
    assert asked == [(1, 2), (1, 2)]
    assert [e.quantity for e in _store(real_window).entries()] == [2]
    assert page.totals.text() == "2 copies · 1 editions · 1 cards"
    assert real_window.statusBar().currentMessage().startswith(
        "Imported 1 of 2 rows (2 copies held now); 1 rows reported")

    unknown = tmp_path / "unknown.csv"
    unknown.write_text("Qty,Set,Number\n1,XYZ,001\n", encoding="utf-8")
    with qtbot.waitSignal(page.message, timeout=10_000):
        page.import_csv(unknown, replace=True)  # no row taken: nothing to ask
    assert len(asked) == 2 and [e.quantity for e in _store(real_window).entries()] == [2]


def test_export_writes_formula_cells_after_a_quote(qtbot: QtBot, page: CollectionPage,
                                                   real_window: MainWindow,
                                                   tmp_path: Path) -> None:
    uuid = _store(real_window).entries()[0].edition_uuid
    _store(real_window).change([(Entry(uuid, True, 1, "", "", "@SUM(1)").key, 1)], "tag")
    target = tmp_path / "out.csv"
    with qtbot.waitSignal(page.message, timeout=10_000):
        page.export_csv(target)
    assert ",'@SUM(1)," in target.read_text(encoding="utf-8")
