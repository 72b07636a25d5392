"""The parser's quick ways: the terminal's width as argparse would read it, the help listed
without a parser each subcommand."""

from __future__ import annotations

import shutil

import pytest

from app.cli.main import main
from app.cli.parser import build_parser
from app.cli.top_help import terminal_columns


@pytest.mark.parametrize("columns", [None, "50", "200", "0", "wide"])
def test_the_width_is_shutils(columns: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


@pytest.mark.parametrize("columns", ["50", "120"])
def test_the_quick_help_wraps_as_the_full_one(
    columns: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    helps = []
    for summaries_only in (True, False):
        with pytest.raises(SystemExit):
            build_parser(summaries_only=summaries_only).parse_args(["--help"])
        helps.append(capsys.readouterr().out)
    assert helps[0] == helps[1]
    assert max(map(len, helps[0].splitlines())) <= int(columns)


@pytest.mark.parametrize("columns", ["12", "30", "41", "50", "64", "80", "97", "120", "250"])
def test_help_without_argparse_is_the_parsers_text(
    columns: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    with pytest.raises(SystemExit):
        build_parser().parse_args(["--help"])
    expected = capsys.readouterr().out
    for flag in ("--help", "-h"):
        assert main([flag]) == 0
        assert capsys.readouterr().out == expected
