"""``archivist banlist`` over the real catalogue plus a newer version of Ranger Strides,
banned in Standard on 2026-06-29 (GENERATED from its real record)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli.main import main
from tests.helpers.later import apply_changes, copy_catalogue

pytestmark = pytest.mark.realdata


@pytest.fixture(scope="module")
def data_dir(real_catalogue_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = copy_catalogue(real_catalogue_dir, tmp_path_factory.mktemp("banlist-cli"))
    apply_changes(folder, ("ranger-strides", {"STANDARD": {"limit": 0}},
                           "2026-06-29T10:00:00.000Z"))
    return folder


def test_json_has_the_documented_shape_and_dates(data_dir: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["banlist", "--data-dir", str(data_dir), "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert list(body) == ["format", "as_of", "cards"]
    assert (body["format"], body["as_of"]) == ("STANDARD", None)
    by_name = {c["name"]: c for c in body["cards"]}
    assert by_name["Ranger Strides"] == {"slug": "ranger-strides", "name": "Ranger Strides",
                                         "limit": 0, "since": "2026-06-29"}
    assert by_name["Baby Gray Slime"]["since"] is None
    assert [c["name"] for c in body["cards"]].count("Nameless Champion") == 1


def test_as_of_the_day_before_the_ban_leaves_the_card_out(
    data_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["banlist", "--data-dir", str(data_dir), "--json", "--as-of",
                 "2026-06-28"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["as_of"] == "2026-06-28T00:00:00Z"
    assert "Ranger Strides" not in {c["name"] for c in body["cards"]}


def test_text_puts_the_recent_change_first_and_groups_by_status(
    data_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["banlist", "--data-dir", str(data_dir), "--format", "pantheon"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Pantheon: ") and "Ranger Strides" not in out
    assert main(["banlist", "--data-dir", str(data_dir)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[2:4] == ["Changed recently:", "  2026-06-29  Ranger Strides: banned"]
    assert "  Nameless Champion (15 cards of this name)" in lines
    assert "  Ranger Strides — since 2026-06-29" in lines


def test_as_of_a_date_before_a_set_came_out_leaves_its_cards_out(
    data_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    # Animal Encounter (RDOP, released 2026-04-03) is banned in Standard in the snapshot.
    assert main(["banlist", "--data-dir", str(data_dir), "--json", "--as-of",
                 "2026-01-01"]) == 0
    before = {c["name"] for c in json.loads(capsys.readouterr().out)["cards"]}
    assert main(["banlist", "--data-dir", str(data_dir), "--json", "--as-of",
                 "2026-04-03"]) == 0
    after = {c["name"] for c in json.loads(capsys.readouterr().out)["cards"]}
    assert "Animal Encounter" in after and "Animal Encounter" not in before
    assert "Baby Gray Slime" in before
