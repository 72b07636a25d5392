"""The window's Export CSV… onto one of Archivist's own files: the status bar says why it was
refused and the file is left as it was (cards generated)."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.collection import CollectionStore
from app.gui.shell.main_window import MainWindow
from tests.sync.generated import generated_cards


def test_export_csv_onto_the_collection_or_decks_file_is_refused_and_says_why(
    qtbot: QtBot, empty_services: Application, tmp_path: Path,
) -> None:
    cards = tmp_path / "cards.json"
    cards.write_text(json.dumps(generated_cards(4)), encoding="utf-8")
    empty_services.importer.import_sources([cards])
    paths = empty_services.paths
    CollectionStore(paths.collection_file).change([(("genEdit", False, "", "", ""), 2)], "add")
    paths.decks_file.write_bytes(b"")  # an empty SQLite file
    window = MainWindow(empty_services, None, dialogs=False)
    qtbot.addWidget(window)
    window.show()
    window.show_page("collection")
    page = window.collection
    for target, what in ((paths.collection_file, "the collection"),
                         (paths.decks_file, "the kept decks")):
        before = target.read_bytes()
        with qtbot.waitSignal(page.failed, timeout=10_000):
            page.export_csv(target)
        shown = window.statusBar().full_message  # type: ignore[attr-defined]
        assert shown == (f"{target} is Archivist's own file ({what}), which nothing may "
                         "write over: choose another file")
        assert target.read_bytes() == before
    assert CollectionStore(paths.collection_file).entries()[0].quantity == 2
    window.shutdown()
