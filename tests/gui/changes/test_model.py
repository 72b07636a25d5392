"""app/gui/changes/model.py: what the tiles and the list paint of a change is outside text
shown as text (a bidirectional override or a control character in a renamed card's name or
in errata shows as a visible escape, as in every other list of the window), and a damaged
history row says "Unreadable" and why in both views."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from app.gui.changes.data import RevisionView
from app.gui.changes.model import ChangeRowDelegate, ChangeTilesModel, shown_text
from app.gui.kit.notes_html import notes_html
from app.gui.kit.thumbnails import ThumbnailProvider
from app.model.history import CardChange, Note, Revision

RLO = "\u202e"
HOSTILE = f"Evil {RLO}draCyraR Card"
SHOWN = "Evil \\u202edraCyraR Card"
REVISION = Revision(2, "2026-04-04T10:00:00.000Z", "files", "import", 0, 2, 0)
RENAMED = CardChange(2, "u1", "evil-card", "Evil Card", "changed", ("renamed", "errata"),
                     ("name", "effect"), (
                         Note("renamed", "name", f"renamed from “{HOSTILE}” to “Evil Card”"),
                         Note("errata", "effect", "effect text changed",
                              (("same", "Draw "), ("removed", HOSTILE), ("added", "a card")))))
DAMAGED = CardChange(2, "u2", "nascent-blast", "Nascent Blast", "changed", ("errata",),
                     ("effect",), unreadable="its previous version is not JSON")


def model_of(tmp_path: Path, *changes: CardChange) -> ChangeTilesModel:
    provider = ThumbnailProvider(lambda _name: None, tmp_path, threads=1)
    model = ChangeTilesModel(provider, QSize(146, 204))
    model.set_view(RevisionView([REVISION], REVISION, list(changes)))
    return model


def row_text(model: ChangeTilesModel, row: int) -> str:
    option = QStyleOptionViewItem()
    option.rect.setWidth(800)
    return ChangeRowDelegate()._document(option, model.index(row)).toPlainText()


def test_a_hostile_name_or_errata_is_painted_escaped_on_the_tile_and_in_the_list(
    qtbot: QtBot, tmp_path: Path,
) -> None:
    model = model_of(tmp_path, RENAMED)
    tile = shown_text(model.index(0), ChangeTilesModel.ChangeTextRole)
    assert SHOWN in tile and RLO not in tile
    listed = row_text(model, 0)
    assert SHOWN in listed and RLO not in listed
    assert RLO not in "".join(notes_html(RENAMED.notes))


def test_a_damaged_row_says_unreadable_and_why_on_the_tile_and_in_the_list(
    qtbot: QtBot, tmp_path: Path,
) -> None:
    model = model_of(tmp_path, RENAMED, DAMAGED)
    index = model.index(1)
    assert index.data(ChangeTilesModel.GroupsRole) == "Unreadable"
    assert shown_text(index, ChangeTilesModel.ChangeTextRole) == \
        "Unreadable: its previous version is not JSON"
    assert row_text(model, 1).splitlines() == [
        "Nascent Blast · Unreadable", "Unreadable: its previous version is not JSON"]
