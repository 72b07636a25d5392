"""``archivist deck import EVENT_ID``: a stored event's decklists kept as decks
(GENERATED events over an empty catalogue: every name is kept as written)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli.main import main
from app.decks import DeckStore
from tests.events.conftest import GENERATED_EVENTS, write_events


@pytest.fixture
def data(tmp_path: Path) -> str:
    """A data folder holding the two GENERATED events."""
    folder = str(tmp_path / "data")
    write_events(tmp_path / "in")
    assert main(["--data-dir", folder, "events", "import", str(tmp_path / "in")]) == 0
    return folder


def test_import_of_a_stored_event_keeps_each_decklist_named_and_dated_by_the_event(
        data: str, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["--data-dir", data, "deck", "import", "1"]) == 0
    store = DeckStore(Path(data) / "decks.sqlite3")
    assert [d.name for d in store.decks()] == ["Generated Regional #1", "Generated Regional #2"]
    first = store.load("Generated Regional #1")
    assert first.as_of == "2026-04-27T10:00:00Z"
    wanted = GENERATED_EVENTS[0]["decklists"][0]
    assert first.counts() == {zone: sum(e["qty"] for e in wanted[zone])
                              for zone in ("material", "main", "sideboard")}
    assert "Kept deck 'Generated Regional #2'" in capsys.readouterr().out
    assert main(["--data-dir", data, "deck", "import", "--event", "2", "--index", "2",
                 "--name", "Second"]) == 0
    assert store.load("Second").counts() == {"material": 1, "main": 5, "sideboard": 0}


def test_an_event_not_stored_or_both_sources_is_one_line_exit_2(
        data: str, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["--data-dir", data, "deck", "import", "77"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No event 77 is stored" in err
    assert main(["--data-dir", data, "deck", "import", "--event", "1", "x.txt"]) == 2
    assert "not both" in capsys.readouterr().err
    assert main(["--data-dir", data, "deck", "import", "--event", "1", "--index", "3"]) == 2
    assert "holds 2 decklists" in capsys.readouterr().err
