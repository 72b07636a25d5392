"""``archivist search``: lines and a count, ``--json``, the caret under a bad query, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.main import main
from tests.search.generated import generated_catalogue


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("generated-data")
    generated_catalogue(folder).store.close()
    return str(folder)


def test_hits_print_one_line_each_and_a_count(
    data_dir: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["search", "--data-dir", data_dir, "t:action cost<=2", "--sort", "cost"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Water Bolt        GEN 1st 001",
        "Éclair of Flames  GEN 1st 005",
        "2 cards",
    ]


def test_per_edition_with_a_limit_says_how_many_were_left_out(
    data_dir: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["search", "--data-dir", data_dir, "fire", "--per", "edition", "--limit", "1",
            "--sort", "set", "--desc"]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Fire Spirit  GEN Alter 002 CUR", "Showing 1 of 2 editions",  # the rarity too
    ]


def test_json_prints_an_array_of_hits(data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "--data-dir", data_dir, "is:flip", "--json"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert hits == [{
        "uuid": "genCard004", "slug": "mystery-cost", "name": "Mystery Cost", "editions": 1,
        "set_prefix": "GEN 1st", "collector_number": "001", "image_file": "genEd00401.jpg",
        "has_image": False, "edition_uuid": "genEd00401",
    }]
    assert main(["search", "--data-dir", data_dir, "zzz", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_json_per_edition_names_the_edition_and_its_card(
    data_dir: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["search", "--data-dir", data_dir, "--per", "edition", "--json", "r:cur"]) == 0
    (hit,) = json.loads(capsys.readouterr().out)
    assert (hit["uuid"], hit["card_uuid"], hit["rarity"]) == ("genEd00102", "genCard001", 8)


def test_an_empty_result_says_so(data_dir: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "--data-dir", data_dir, "t:champion t:ally"]) == 0
    assert capsys.readouterr().out == "No cards match.\n"


def test_an_empty_catalogue_says_to_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["search", "--data-dir", str(tmp_path), "fire"]) == 0
    assert "import cards first" in capsys.readouterr().out


def test_a_malformed_query_shows_a_caret_and_exits_2(
    data_dir: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["search", "--data-dir", data_dir, 'o:"draw" cost>abc']) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [
        "archivist: invalid query",
        '  o:"draw" cost>abc',
        "                ^",
        "cost expects a number, not 'abc'",
        "hint: e.g. cost>=3, or cost=x for an X cost",
    ]


def test_a_query_starting_with_minus_goes_after_double_dash(
    data_dir: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["search", "--data-dir", data_dir, "--", "-t:action"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Fire Spirit  GEN 1st 001", "Wind Ally    GEN 1st 003", "2 cards",
    ]


def test_options_may_follow_a_query_after_double_dash(
    data_dir: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["search", "--data-dir", data_dir, "--", "-t:action", "--limit", "1"]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Fire Spirit  GEN 1st 001", "Showing 1 of 2 cards",
    ]
    assert main(["search", "--data-dir", data_dir, "--", "-t:action cost>=0", "--json"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert [hit["name"] for hit in hits] == ["Fire Spirit", "Wind Ally"]


def test_the_console_script_prints_no_traceback_for_a_bad_query(data_dir: str) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "app", "search", "--data-dir", data_dir, "(t:ally"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "this '(' is never closed" in result.stderr
