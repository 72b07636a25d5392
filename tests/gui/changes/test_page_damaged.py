"""The Changes page over a history with a damaged row (real data): the page loads, the
damaged card's tile says "Unreadable" (why in its tooltip), every other card is there, and
Revert is off with the reason."""

from __future__ import annotations

import html
import sqlite3
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtCore import QSize, Qt, QThreadPool
from pytestqt.qtbot import QtBot

from app.bootstrap import Application, build
from app.gui.card.detail_html import sections_html
from app.gui.changes.model import ChangeTilesModel
from app.gui.changes.page import ChangesPage
from app.gui.kit.detail_data import load_detail
from app.gui.kit.thumbnails import ThumbnailProvider
from tests.helpers.damaged_history import (
    CARD,
    DAMAGES,
    REVISION,
    SLUG,
    Damage,
    build_history,
    copy_catalogue,
    damaged,
)

pytestmark = [pytest.mark.realdata, pytest.mark.allow_log(r"^rejected ")]
THUMB = QSize(146, 204)
SOUND_CARDS = 773
"""Cards revision 2 added or changed (2026-02-10 → 2026-04-04): 350 new, 423 changed (a
card whose print runs were only reordered is no change)."""


@pytest.fixture(scope="module")
def history_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_history(tmp_path_factory.mktemp("history"))


@pytest.fixture
def pool() -> Iterator[QThreadPool]:
    made = QThreadPool()
    yield made
    made.waitForDone()


def open_page(qtbot: QtBot, services: Application, pool: QThreadPool) -> ChangesPage:
    provider = ThumbnailProvider(services.catalogue.card_image_path, services.paths.thumbnails)
    page = ChangesPage(services.catalogue, services.history, pool, provider, THUMB,
                       confirm=lambda *_: True)
    qtbot.addWidget(page)
    page.resize(1000, 700)
    page.show()
    qtbot.waitUntil(lambda: page.loaded and not page.busy, timeout=30_000)
    return page


def tiles(page: ChangesPage) -> list[tuple[str, str, str]]:
    """(name, groups line, tooltip) of every tile shown."""
    model = page.tiles
    return [(model.data(model.index(r)),
             model.data(model.index(r), ChangeTilesModel.GroupsRole),
             model.data(model.index(r), Qt.ItemDataRole.ToolTipRole))
            for r in range(model.rowCount())]


@pytest.mark.parametrize("damage", DAMAGES, ids=[d.name for d in DAMAGES])
def test_a_damaged_row_shows_as_unreadable_and_the_rest_of_the_page_loads(
    qtbot: QtBot, pool: QThreadPool, history_dir: Path, tmp_path: Path, damage: Damage,
) -> None:
    services = build(str(damaged(history_dir, tmp_path / "data", damage)))
    try:
        page = open_page(qtbot, services, pool)
        assert page.stack.currentWidget() is page.splitter  # not "could not be loaded"
        assert page.view_data.shown is not None and page.view_data.shown.number == REVISION
        shown = tiles(page)
        unreadable = [(name, tip) for name, groups, tip in shown if groups == "Unreadable"]
        if damage.where == "card":
            assert len(shown) == SOUND_CARDS
            assert [name for name, _ in unreadable] == [CARD]
            assert damage.why in unreadable[0][1]
        else:
            assert len(shown) == SOUND_CARDS - (damage.name == "card-row-deleted")
            assert unreadable == []
        assert damage.why in html.unescape(page.heading.text())
        assert not page.revert_button.isEnabled()
        assert damage.why in page.revert_button.toolTip()
        titles = [page.revision_model.item(r).text()
                  for r in range(page.revision_model.rowCount())]
        assert [t.split(" · ")[0] for t in titles] == ["Revision 2", "Revision 1"]
    finally:
        pool.waitForDone()
        services.store.close()


@pytest.mark.parametrize("damage", [d for d in DAMAGES if d.name in (
    "another-cards-body", "revision-record-deleted")], ids=lambda d: d.name)
def test_the_card_page_history_of_a_damaged_row_says_unreadable(
    history_dir: Path, tmp_path: Path, damage: Damage,
) -> None:
    services = build(str(damaged(history_dir, tmp_path / "data", damage)))
    try:
        detail = load_detail(services.catalogue, SLUG, services.history, services.collection)
        assert [v.revision.number for v in detail.history] == [2, 1]
        text = html.unescape(sections_html(detail))
        assert "<h3>History</h3>" in text
        if damage.where == "card":
            assert f"unreadable: its previous version is {damage.why}" in text
        else:
            assert "revision 2</span>" in text and "unreadable" not in text  # its notes
    finally:
        services.store.close()


def test_a_damaged_list_of_kept_out_records_says_so_instead_of_a_count(
    qtbot: QtBot, pool: QThreadPool, history_dir: Path, tmp_path: Path,
) -> None:
    """The kept-out records are a count with a details toggle; when their stored list is
    damaged the toggle says so (not "1 records of the input were kept out"), the cards are
    all there and the revision can still be reverted (its cards are sound)."""
    data = copy_catalogue(history_dir, tmp_path / "data")
    with closing(sqlite3.connect(data / "catalogue.sqlite3")) as conn, conn:
        conn.execute("UPDATE revisions SET kept_out = '[\"cut' WHERE number = ?", (REVISION,))
    services = build(str(data))
    try:
        page = open_page(qtbot, services, pool)
        assert page.kept_toggle.isVisible()
        assert page.kept_toggle.text() == \
            "The list of records kept out is damaged and cannot be read"
        assert len(tiles(page)) == SOUND_CARDS
        assert page.revert_button.isEnabled()
    finally:
        pool.waitForDone()
        services.store.close()


def test_the_first_import_lists_no_cards_but_its_damaged_row_and_is_not_reverted(
    qtbot: QtBot, pool: QThreadPool, history_dir: Path, tmp_path: Path,
) -> None:
    data = copy_catalogue(history_dir, tmp_path / "data")
    with closing(sqlite3.connect(data / "catalogue.sqlite3")) as conn, conn:
        conn.execute("UPDATE revision_cards SET previous = x'7a00' WHERE revision = 1 AND "
                     "slug = ?", (SLUG,))
    services = build(str(data))
    try:
        page = open_page(qtbot, services, pool)
        page.reload(1)
        qtbot.waitUntil(lambda: not page.busy and page.view_data.shown is not None
                        and page.view_data.shown.number == 1, timeout=30_000)
        shown = tiles(page)
        assert [(name, groups) for name, groups, _ in shown] == [(CARD, "Unreadable")]
        assert "added yet keeps a previous version" in shown[0][2]
        assert "It filled an empty catalogue" in page.heading.text()
        assert not page.revert_button.isEnabled()
    finally:
        pool.waitForDone()
        services.store.close()
