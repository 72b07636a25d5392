"""Moments a deck is checked as of: timestamps whose UTC time leaves the years 1–9999 are a
plain error, in the command line as in an event file."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from app.cli.main import main
from app.decks import read_decklists
from app.decks.moment import parse_moment
from app.errors import InvalidData, InvalidRequest

OUT_OF_RANGE = ("9999-12-31T23:59:59-12:00", "0001-01-01T00:00:00+14:00")


@pytest.mark.parametrize("text", OUT_OF_RANGE)
def test_a_timestamp_beyond_the_calendar_in_utc_is_a_plain_error(text: str) -> None:
    with pytest.raises(InvalidRequest, match="out of range"):
        parse_moment(text)


def test_the_ends_of_the_calendar_in_utc_are_moments() -> None:
    assert parse_moment("0001-01-01") == datetime(1, 1, 1, tzinfo=UTC)
    assert parse_moment("9999-12-31T23:59:59Z") == datetime(9999, 12, 31, 23, 59, 59,
                                                           tzinfo=UTC)


@pytest.mark.parametrize("command", [["banlist", "--as-of", OUT_OF_RANGE[0]],
                                     ["deck", "check", "--as-of", OUT_OF_RANGE[1], "x.txt"]])
def test_the_command_line_says_one_line_and_exits_2(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([*command, "--data-dir", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "out of range" in err and "Traceback" not in err


def test_an_event_file_with_such_a_start_is_unreadable(tmp_path: Path) -> None:
    event = tmp_path / "event.json"
    event.write_text(json.dumps({"name": "Odd", "startAt": OUT_OF_RANGE[1], "decklists": [
        {"material": [{"name": "Lorraine", "qty": 1}], "main": []}]}), encoding="utf-8")
    with pytest.raises(InvalidData, match=r"the event's startAt: '0001-01-01T00:00:00\+14:00' "
                       "is out of range: in UTC it falls before year 1 or after year 9999"):
        read_decklists(event)
    assert main(["deck", "check", "--data-dir", str(tmp_path / "data"), str(event)]) == 2
