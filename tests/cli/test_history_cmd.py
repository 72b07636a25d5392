"""``archivist changes``, ``history`` and ``revert`` as a user runs them (generated cards)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main
from tests.helpers.cards import make_card


def _import(tmp_path: Path, name: str, *cards: dict) -> None:  # type: ignore[type-arg]
    source = tmp_path / name
    source.write_text(json.dumps(list(cards)), encoding="utf-8")
    assert main(["import", "--data-dir", str(tmp_path / "data"), str(source)]) == 0


@pytest.fixture
def data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    _import(tmp_path, "a.json", make_card(effect_raw="Draw a card."))
    _import(tmp_path, "b.json", make_card(effect_raw="Draw two cards.",
                                          legality={"STANDARD": {"limit": 0}}),
            make_card("genCard002", "Fresh Card"))
    capsys.readouterr()
    return str(tmp_path / "data")


def test_changes_prints_the_latest_patch_notes(
    data: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["changes", "--data-dir", data]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Revision 2 ")
    assert "1 new, 1 changed, 0 removed" in out
    assert "Draw [-a card.-]{+two cards.+}" in out
    assert "- now banned in Standard" in out
    assert "Fresh Card (fresh-card)" in out


def test_changes_json_lists_each_revision_with_its_cards(
    data: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["changes", "--data-dir", data, "--since", "2000-01-01", "--json"]) == 0
    revisions = json.loads(capsys.readouterr().out)["revisions"]
    assert [r["revision"] for r in revisions] == [2, 1]
    changed = {c["slug"]: c for c in revisions[0]["changes"]}
    assert changed["generated-card"]["kind"] == "changed"
    assert changed["generated-card"]["groups"] == ["errata", "legality"]
    assert changed["generated-card"]["fields"] == ["effect_raw", "legality.STANDARD"]
    assert changed["fresh-card"] == {"uuid": "genCard002", "slug": "fresh-card",
                                     "name": "Fresh Card", "kind": "added",
                                     "groups": ["new"], "fields": []}


def test_history_prints_each_version(data: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--data-dir", data, "generated-card"]) == 0
    out = capsys.readouterr().out
    assert "2 version(s)" in out
    assert out.index("Revision 2") < out.index("Revision 1")


def test_revert_undoes_a_revision_and_records_it(
    data: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["revert", "--data-dir", data, "2"]) == 0
    assert "Reverted revision 2. Revision 3 " in capsys.readouterr().out
    assert main(["get", "--data-dir", data, "/cards/generated-card"]) == 0
    assert json.loads(capsys.readouterr().out)["effect_raw"] == "Draw a card."
    assert main(["get", "--data-dir", data, "/cards/fresh-card"]) == 1


def test_bad_input_is_one_line(data: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["changes", "--data-dir", data, "--revision", "9"]) == 1
    assert main(["changes", "--data-dir", data, "--since", "yesterday"]) == 2
    assert main(["history", "--data-dir", data, "no-such-card"]) == 1
    assert main(["revert", "--data-dir", data, "7"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 4 and all(line.startswith("archivist: ") for line in err)
