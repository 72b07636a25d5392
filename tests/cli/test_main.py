"""The command line as a user runs it: import, get, errors without tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli.main import main
from tests.conftest import CARD_IMAGES, SNAPSHOT_0404
from tests.helpers.cards import make_card


def _write_cards(path: Path) -> Path:
    path.write_text(json.dumps([make_card()]), encoding="utf-8")
    return path


def test_import_then_get_prints_the_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _write_cards(tmp_path / "cards.json")
    data = str(tmp_path / "data")
    assert main(["import", "--data-dir", data, str(source)]) == 0
    assert "Cards: 1 (1 new" in capsys.readouterr().out
    assert main(["get", "--data-dir", data, "/cards/GEN%201st/001"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["slug"] == "generated-card"


def test_get_of_a_missing_card_prints_the_error_body_and_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["get", "--data-dir", str(tmp_path), "/cards/unknown"]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out) == {"error": "Card not found: no card has the slug 'unknown'"}
    assert "status 404" in captured.err


def test_get_writes_the_body_to_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = _write_cards(tmp_path / "cards.json")
    data = str(tmp_path / "data")
    main(["import", "--data-dir", data, str(source)])
    out = tmp_path / "card.json"
    assert main(["get", "--data-dir", data, "/cards/generated-card", "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["uuid"] == "genCard001"


def test_import_of_a_corrupt_file_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[{", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "app", "import", "--data-dir", str(tmp_path / "d"), str(bad)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "bad.json: not valid JSON at line 1" in result.stderr


@pytest.mark.realdata
def test_import_of_the_real_snapshot_reports_rejections(tmp_path: Path) -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "app",
            "import",
            "--data-dir",
            str(tmp_path),
            str(SNAPSHOT_0404),
            "--images",
            str(CARD_IMAGES),
            "--verbose",  # each rejected record (the default is one line per kind)
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Cards: 2235 (2235 new" in result.stdout
    assert "editions: 4414" in result.stdout
    assert result.stderr.count("rejected: ") == 33
    assert "DOApSP.json[0]" in result.stderr


def test_data_dir_before_or_after_the_command(tmp_path: Path) -> None:
    source = _write_cards(tmp_path / "cards.json")
    data = str(tmp_path / "data")
    assert main(["--data-dir", data, "import", str(source)]) == 0
    assert main(["--data-dir", data, "get", "/cards/generated-card"]) == 0
    assert main(["get", "--data-dir", data, "/cards/generated-card"]) == 0


@pytest.mark.realdata
def test_get_writes_a_rounded_image_to_a_file(real_catalogue_dir: Path, tmp_path: Path) -> None:
    name = sorted(CARD_IMAGES.glob("*.jpg"))[0].name
    out = tmp_path / "card.png"
    path = f"/cards/images/{name}?rounded=true"
    assert main(["get", "--data-dir", str(real_catalogue_dir), path, "-o", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize("argv", [
    [], ["gui"], ["-v"], ["--data-dir", "D"], ["gui", "--data-dir", "D", "--verbose"],
    ["--data-dir", "A", "gui", "--data-dir", "B"], ["--data", "D", "gui"], ["--data-dir=gui"],
])
def test_a_command_line_that_opens_the_window_reads_as_the_full_parser_reads_it(
    argv: list[str]
) -> None:
    from app.cli import commands
    from app.cli.parser import build_parser, window_options

    quick, full = window_options(argv), build_parser().parse_args(argv)
    assert quick is not None
    assert (quick.data_dir, quick.verbose) == (full.data_dir, full.verbose)
    assert getattr(full, "run", commands.run_gui) is commands.run_gui


@pytest.mark.parametrize("argv", [
    ["--help"], ["gui", "-h"], ["--version"], ["gui", "gui"], ["--data-dir"], ["search", "x"],
    ["screenshot", "out.png"], ["--verbose", "sync"],
])
def test_any_other_command_line_goes_to_the_full_parser(argv: list[str]) -> None:
    from app.cli.parser import window_options

    assert window_options(argv) is None


@pytest.mark.parametrize("argv", [
    ["search", "el:fire"], ["--data-dir", "D", "search", "t:ally", "--per", "edition"],
    ["-v", "search", "--json", "--", "-t:ally"], ["sync", "--full"], ["changes", "--json"],
    ["history", "spirit-of-fire"], ["deck", "list"], ["--data-dir=D", "revert", "2"],
    ["--data", "search", "sync", "--full"],  # --data abbreviates --data-dir: the command is sync
])
def test_a_command_line_reads_as_the_full_parser_reads_it(argv: list[str]) -> None:
    from app.cli.parser import build_parser, parse

    assert vars(parse(argv)) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [
    ["search"], ["search", "x", "--sort", "colour"], ["-h", "search"], ["sync", "--images", "x"],
])
def test_a_command_line_error_is_the_full_parsers(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli.parser import build_parser, parse

    with pytest.raises(SystemExit) as quick:
        parse(argv)
    said = capsys.readouterr()
    with pytest.raises(SystemExit) as full:
        build_parser().parse_args(argv)
    assert (quick.value.code, said) == (full.value.code, capsys.readouterr())


def test_a_search_loads_neither_the_other_commands_nor_pillow_nor_the_http_client(
    tmp_path: Path
) -> None:
    code = ("import sys; from app.cli.main import main; main(['search', 'el:fire', "
            f"'--data-dir', {str(tmp_path)!r}]); print(sorted(m for m in sys.modules if "
            "m.split('.')[0] in ('PIL', 'httpx', 'pydantic', 'tqdm', 'rapidfuzz', 'PySide6', "
            "'cv2', 'imagehash', 'numpy') or m.startswith(('app.cli.sync', 'app.cli.export', "
            "'app.cli.deck', 'app.net', 'app.scan'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, timeout=120)
    assert done.stdout.splitlines()[-1] == "[]"


def _imported(*args: str) -> set[str]:
    """The modules ``python -X importtime ARGS`` loads, as it lists them."""
    done = subprocess.run([sys.executable, "-X", "importtime", *args],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-500:]
    return {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines()
            if line.startswith("import time:") and line.count("|") == 2} - {"package"}


def _loaded(*argv: str) -> set[str]:
    """The modules ``python -m app ARGV`` loads beyond those the interpreter's own start
    loads (``python -c pass``: with an editable install, its path finder imports ``re`` and
    ``pathlib`` before any Archivist code)."""
    return _imported("-m", "app", *argv) - _imported("-c", "pass")


HEAVY = ("sqlite3", "httpx", "PySide6", "fastapi", "starlette", "pydantic", "uvicorn", "PIL",
         "numpy", "cv2", "tqdm", "rapidfuzz", "platformdirs", "logging", "pathlib", "typing",
         "dataclasses", "shutil", "json", "tempfile")
"""Modules an instant command does without: each costs from a tenth to several times a bare
Python start (``shutil``: argparse asks it the terminal's width)."""


def test_version_loads_nothing_but_its_own_three_modules() -> None:
    loaded = _loaded("--version")
    assert {m for m in loaded if m.split(".")[0] == "app"} == {"app", "app.cli", "app.cli.main"}
    assert not {m for m in loaded if m.split(".")[0] in (*HEAVY, "argparse", "re")}


def test_help_loads_neither_argparse_nor_any_command() -> None:
    loaded = _loaded("--help")
    assert {m for m in loaded if m.split(".")[0] == "app"} == {
        "app", "app.cli", "app.cli.main", "app.cli.top_help"}
    assert not {m for m in loaded if m.split(".")[0] in (*HEAVY, "argparse", "gettext",
                                                          "locale")}


def test_get_root_reads_the_catalogue_without_the_web_server_or_other_commands(
    tmp_path: Path
) -> None:
    assert main(["import", "--data-dir", str(tmp_path), str(_write_cards(tmp_path / "c.json"))]
                ) == 0
    _loaded("--data-dir", str(tmp_path), "get", "/")  # the first open after a write checks it
    loaded = _loaded("--data-dir", str(tmp_path), "get", "/")
    assert "sqlite3" in loaded
    # a catalogue at the current schema version is read without the search language
    assert not {m for m in loaded if m.split(".")[0:2] == ["app", "search"]
                or m == "app.store.db.schema"}
    allowed = ("app.cli.main", "app.cli.parser", "app.cli.top_help", "app.cli.commands",
               "app.cli.safe_stream")
    assert not {m for m in loaded if m.split(".")[0] in (
        "httpx", "PySide6", "fastapi", "starlette", "pydantic", "uvicorn", "PIL", "tqdm",
        "platformdirs", "anyio", "asyncio") or m in ("logging.handlers", "tempfile", "shutil")
        or (m.startswith(("app.cli.", "app.server.app", "app.decks", "app.events", "app.net",
                          "app.sync")) and m not in allowed)}


def test_the_quick_help_lists_what_the_full_parser_lists(
    capsys: pytest.CaptureFixture[str]
) -> None:
    from app.cli.parser import build_parser

    helps = []
    for summaries_only in (True, False):
        with pytest.raises(SystemExit):
            build_parser(summaries_only=summaries_only).parse_args(["--help"])
        helps.append(capsys.readouterr().out)
    assert helps[0] == helps[1]


def test_import_says_in_one_line_what_it_filled_and_names_each_field_with_verbose(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = [make_card(f"genCard00{i}", f"Card {i}") for i in range(3)]
    for card in cards[:2]:
        del card["editions"][0]["thema_foil"], card["editions"][0]["thema_nonfoil"]
    source = tmp_path / "cards.json"
    source.write_text(json.dumps(cards), encoding="utf-8")
    assert main(["import", "--data-dir", str(tmp_path / "a"), str(source)]) == 0
    plain = capsys.readouterr().out
    assert ("Filled 2 missing fields with the spec's neutral values in 2 card records "
            "(which: archivist import --verbose).") in plain.splitlines()
    assert "thema_foil" not in plain
    assert main(["import", "--data-dir", str(tmp_path / "b"), str(source), "--verbose"]) == 0
    detail = capsys.readouterr().out.splitlines()
    assert {"  thema_foil ×2", "  thema_nonfoil ×2"} <= set(detail)


def test_the_verbose_option_says_where_its_detail_goes(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    verbose = help_text[help_text.index("--verbose"):]
    assert "stderr" in verbose and "changes" in verbose and "stdout" in verbose


def test_screenshot_takes_a_card_by_name_and_writes_the_size_asked(
    qapp: object, tmp_path: Path
) -> None:
    from PIL import Image

    source = tmp_path / "cards.json"
    source.write_text(json.dumps([make_card(name="Lorraine, Crux Knight")]), encoding="utf-8")
    data = str(tmp_path / "data")
    assert main(["import", "--data-dir", data, str(source)]) == 0
    out = tmp_path / "card.png"
    assert main(["screenshot", str(out), "--data-dir", data, "--page", "card",
                 "--card", "Lorraine, Crux Knight", "--size", "1000x700"]) == 0
    with Image.open(out) as image:
        assert image.size == (1000, 700)


def test_screenshot_of_an_unknown_card_fails_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _write_cards(tmp_path / "cards.json")
    data = str(tmp_path / "data")
    assert main(["import", "--data-dir", data, str(source)]) == 0
    capsys.readouterr()
    out = tmp_path / "card.png"
    assert main(["screenshot", str(out), "--data-dir", data, "--page", "card",
                 "--card", "Generated Crad"]) == 1
    said = capsys.readouterr().err
    assert "Card not found" in said and "Generated Card" in said
    assert not out.exists()
