"""``archivist changes``, ``history`` and ``revert`` as a user runs them (generated cards)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app.cli.main import main
from tests.helpers.cards import make_card
from tests.helpers.newer_catalogue import BANNED, ERRATA, PRINTED, REFERRERS, RENAMED


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


@pytest.mark.realdata
def test_a_newer_real_catalogue_with_errata_ban_rename_chinese_printing_and_reordered_editions(
    newer_catalogue_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    """The real 2026-04-04 snapshot, then a catalogue made from it with an erratum, a ban,
    a rename other cards mention, a new Chinese printing and 25 cards whose editions were
    only reordered: the revision lists exactly the changed cards, each with what changed."""
    data = str(newer_catalogue_dir)
    assert main(["changes", "--data-dir", data, "--since", "2000-01-01", "--json"]) == 0
    second, first = json.loads(capsys.readouterr().out)["revisions"]
    assert first["first"] and not second["first"]
    groups = {c["slug"]: c["groups"] for c in second["changes"]}
    assert groups == {ERRATA: ["errata"], BANNED: ["legality"], RENAMED: ["renamed"],
                      PRINTED: ["printings"], REFERRERS[0]: ["other"],
                      REFERRERS[1]: ["other"]}
    assert all(c["fields"] for c in second["changes"])  # each says what changed

    assert main(["changes", "--data-dir", data]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert re.fullmatch(r"Revision 2 · \d{4}-\d\d-\d\d \d\d:\d\d UTC · import from .*: "
                        r"0 new, 6 changed, 0 removed", lines[0])
    assert "put it into its owner's [-memory.-]{+graveyard.+}" in out
    assert "      - now banned in Standard" in lines
    assert "      - renamed from “Direwolf” to “Dire Wolf”" in lines
    assert "      - new printing: SLC 099 Rare, Chinese" in lines
    assert lines.count("      - refers to Dire Wolf, renamed from Direwolf") == 2
    assert "Errata (1)" in out and "Other (2)" in out

    assert main(["changes", "--data-dir", data, "--revision", "1"]) == 0
    first_text = capsys.readouterr().out.splitlines()
    assert "first import from" in first_text[0] and first_text[0].endswith(": 2,235 cards")
    assert first_text[1:] == [  # no list of 2,235 "new" cards; the kept-out records counted
        "  Kept out: 33 records of the input were not stored "
        "(archivist changes --verbose lists them)"]
    assert main(["changes", "--data-dir", data, "--revision", "1", "--verbose"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 1 + 1 + 33


def test_history_takes_a_name_in_any_case_and_suggests_on_a_miss(
    data: str, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["history", "--data-dir", data, "FRESH card"]) == 0
    assert capsys.readouterr().out.startswith("History of Fresh Card (fresh-card): ")
    assert main(["history", "--data-dir", data, "Fresh Crad"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "did you mean Fresh Card" in err


def test_the_first_import_lists_no_card_as_added(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _import(tmp_path, "a.json", make_card(), make_card("genCard002", "Fresh Card"))
    data = str(tmp_path / "data")
    capsys.readouterr()
    assert main(["changes", "--data-dir", data, "--json"]) == 0
    (first,) = json.loads(capsys.readouterr().out)["revisions"]
    assert first["first"] and first["changes"] == [] and first["cards"] == 2
    assert main(["changes", "--data-dir", data, "--revision", "2"]) == 1
    assert capsys.readouterr().err.strip() == "archivist: No revision 2: the only one is 1"
    assert main(["search", "--data-dir", data, "is:new"]) == 0
    assert capsys.readouterr().out.startswith("No cards match: no revision has added a card")
    assert main(["search", "--data-dir", data, "is:legality f:standard"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "No cards match: no revision has changed legality yet."
    assert out[1].startswith("hint: the first import filled an empty catalogue: not news.")


def test_a_history_term_the_latest_revision_gives_nothing_to_says_so(
        data: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "--data-dir", data, "is:legality cost=9"]) == 0
    assert capsys.readouterr().out == "No cards match.\n"  # legality changed: not why
    assert main(["search", "--data-dir", data, "is:legality", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["slug"] == "generated-card"
