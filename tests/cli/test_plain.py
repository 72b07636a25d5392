"""The command line speaks plainly: one summary line per kind of import
problem, a description and an example in every ``--help``, no traceback for user errors."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from app.cli.main import main
from app.cli.parser import build_parser
from tests.helpers.cards import make_card


def _commands(parser: argparse.ArgumentParser,
              prefix: str = "") -> dict[str, argparse.ArgumentParser]:
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, command in action.choices.items():
                found[prefix + name] = command
                found.update(_commands(command, f"{prefix}{name} "))
    return found


@pytest.mark.allow_log(r"^rejected ")
def test_import_prints_one_line_per_kind_of_problem(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    legacy = [{"uuid": f"old{i:07d}", "name": f"Old {i}", "slug": f"old-{i}", "editions": []}
              for i in range(33)]
    source = tmp_path / "DOApSP.json"
    source.write_text(json.dumps([make_card(), *legacy]), encoding="utf-8")
    assert main(["import", "--data-dir", str(tmp_path / "data"), str(source)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert err[0].startswith("33 legacy records skipped (old shape, no last_update) in "
                             "DOApSP.json — details: archivist import --verbose, or the log file ")
    assert err[0].endswith("archivist.log")
    assert main(["import", "--verbose", "--data-dir", str(tmp_path / "d2"), str(source)]) == 0
    assert capsys.readouterr().err.count("rejected: ") == 33


def test_every_subcommand_has_a_description_and_an_example() -> None:
    commands = _commands(build_parser())
    assert {"import", "sync", "search", "export", "deck", "deck check", "gui"} <= set(commands)
    for name, command in commands.items():
        text = command.format_help()
        assert command.description, name
        assert "examples:\n  archivist " in text, name


@pytest.mark.parametrize("argv", [
    ["screenshot", "x.png", "--size", "abc"], ["serve", "--port", "http"],
])
def test_a_bad_option_value_is_one_line_not_a_traceback(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("archivist ")
    assert err.count("\n") == 1  # one line, not the whole usage


def test_a_file_that_cannot_be_written_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = str(tmp_path / "data")
    source = tmp_path / "cards.json"
    source.write_text(json.dumps([make_card()]), encoding="utf-8")
    main(["import", "--data-dir", data, str(source)])
    capsys.readouterr()
    target = tmp_path / "missing" / "card.json"
    assert main(["get", "--data-dir", data, "/cards/generated-card", "-o", str(target)]) == 1
    assert capsys.readouterr().err == f"archivist: No such file or directory: {target}\n"
