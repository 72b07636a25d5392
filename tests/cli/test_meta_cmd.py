"""``archivist meta``, ``meta card`` and ``meta like`` (GENERATED events over an empty
catalogue: no name resolves, so every deck is "no champion" and cards count by name)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main
from tests.events.conftest import write_events


@pytest.fixture
def data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    folder = str(tmp_path / "data")
    main(["--data-dir", folder, "events", "import", *map(str, write_events(tmp_path))])
    capsys.readouterr()
    return folder


def test_meta_json_has_the_issues_shape(data: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", data, "meta", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert (found["events"], found["decklists"]) == (2, 4)
    assert found["champions"] == [{"lineage": None, "decks": 4, "share": 1.0}]
    assert found["cards"][0] == {"name": "Backstep", "slug": None, "decks": 3,
                                 "inclusion": 0.75, "mean_copies": 3.0}


def test_meta_text_is_tables_and_options_narrow_it(
        data: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", data, "meta", "--from", "2026-05-01"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 events, 2 decklists, 2026-05-01 to 2026-05-06")
    assert "(no champion)" in out and "Creative Shock" in out


def test_meta_card_and_like(data: str, tmp_path: Path,
                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", data, "meta", "card", "backstep", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decks"] == 3
    assert main(["--data-dir", data, "meta", "like", str(tmp_path / "2.json"), "--index", "2",
                 "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["like"]
    assert (found[0]["event_id"], found[0]["index"], found[0]["similarity"]) == (2, 2, 1.0)


@pytest.mark.parametrize("argv", [["meta", "--from", "May"],
                                  ["meta", "--from", "2026-05-09", "--to", "2026-05-01"],
                                  ["meta", "like", "no-such-kept-deck"],
                                  ["meta", "like", "x", "--top", "0"]])
def test_user_errors_are_one_line_exit_2(data: str, argv: list[str],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["--data-dir", data, *argv])
    except SystemExit as stop:  # refused by the parser
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err


def test_like_takes_a_kept_deck_by_name(data: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    text = tmp_path / "mine.txt"
    text.write_text("# Main Deck\n4 Creative Shock\n", encoding="utf-8")
    main(["--data-dir", data, "deck", "import", str(text), "--name", "Shock"])
    capsys.readouterr()
    assert main(["--data-dir", data, "meta", "like", "shock", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)["like"]
    # 4 shared of event 2's first decklist's 5 copies; of event 1's second's 10
    assert [(r["event_id"], r["index"], r["similarity"]) for r in found] == [
        (2, 1, 0.8), (1, 2, 0.4)]
