"""``archivist deck …`` as a user runs it, over the real catalogue and real decklists."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.cli.main import main
from tests.conftest import SHARED_DATA

pytestmark = pytest.mark.realdata

DECKLISTS = SHARED_DATA / "decklists"
A4_POINTS = (595, 842)


@pytest.fixture(scope="module")
def data_dir(real_catalogue_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder of its own (decks get written) over a copy of the real catalogue;
    the card images are a link to the real catalogue's."""
    folder = tmp_path_factory.mktemp("deck-cli")
    with sqlite3.connect(real_catalogue_dir / "catalogue.sqlite3") as source, \
            sqlite3.connect(folder / "catalogue.sqlite3") as target:
        source.backup(target)
    (folder / "images").mkdir()
    (folder / "images" / "cards").symlink_to(real_catalogue_dir / "images" / "cards")
    return folder


@pytest.fixture(scope="module")
def legal_text(data_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The real deck 50170 #2 (legal in Standard) as decklist text, written by the CLI."""
    folder = tmp_path_factory.mktemp("deck-text")
    event = json.loads((DECKLISTS / "50170.json").read_text(encoding="utf-8"))
    single = folder / "wind.json"
    single.write_text(json.dumps(event["decklists"][1]), encoding="utf-8")
    assert main(["deck", "import", "--data-dir", str(data_dir), str(single),
                 "--name", "Wind"]) == 0
    out = folder / "wind.txt"
    assert main(["deck", "export", "--data-dir", str(data_dir), "Wind", "--text", str(out)]) == 0
    return out


def test_check_of_a_legal_deck_exits_0(data_dir: Path, legal_text: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "check", "--data-dir", str(data_dir), str(legal_text)]) == 0
    assert "wind.txt: legal in Standard as of today — material 12, main 60, sideboard 15" in (
        capsys.readouterr().out)


def test_check_json_of_an_event_lists_every_deck_in_file_order(
    data_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    source = str(DECKLISTS / "50623.json")
    assert main(["deck", "check", "--data-dir", str(data_dir), source, "--json"]) == 1
    decks = json.loads(capsys.readouterr().out)["decks"]
    assert [d["index"] for d in decks] == list(range(56))
    assert {d["source"] for d in decks} == {source}
    unresolved = [d["index"] for d in decks if d["unresolved"]]
    assert unresolved == [17, 28, 45]
    for deck in decks:
        errors = [f for f in deck["findings"] if f["severity"] == "error"]
        assert deck["legal"] is (not errors and not deck["unresolved"])
        assert set(deck) == {"source", "index", "format", "as_of", "legal", "verdict",
                             "counts", "findings", "unresolved"}
        assert deck["as_of"] == "2026-04-25T16:00:00Z"  # the event's startAt


def test_check_of_an_unreadable_file_exits_2_with_one_line(
    data_dir: Path, tmp_path: Path, legal_text: Path,
) -> None:
    binary = tmp_path / "photo.txt"
    binary.write_bytes(b"\x00\x01\x02garbage")
    result = subprocess.run(
        [sys.executable, "-m", "app", "deck", "check", "--data-dir", str(data_dir),
         str(binary), str(legal_text)],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == f"archivist: {binary}: a binary file, not a decklist"
    assert "legal in Standard" in result.stdout  # the readable file was still checked


def test_check_format_pantheon_reports_copies(data_dir: Path, legal_text: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "check", "--data-dir", str(data_dir), str(legal_text),
                 "--format", "pantheon"]) == 1
    assert "Pantheon allows 1." in capsys.readouterr().out


def test_list_shows_the_kept_deck(data_dir: Path, legal_text: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["deck", "list", "--data-dir", str(data_dir)]) == 0
    assert capsys.readouterr().out.startswith("Wind\tStandard\t87 cards\t")


def test_import_of_a_name_already_kept_is_one_line(
    data_dir: Path, legal_text: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["deck", "import", "--data-dir", str(data_dir), str(legal_text),
                 "--name", "wind"]) == 2
    assert capsys.readouterr().err.startswith("archivist: A deck named 'wind' is already kept")


def test_export_writes_the_proxy_sheet_with_every_copy_and_the_registration_sheet(
    data_dir: Path, legal_text: Path, tmp_path: Path,
) -> None:
    proxies, sheet, images = tmp_path / "p.pdf", tmp_path / "s.pdf", tmp_path / "i.zip"
    run = subprocess.run(  # a process of its own: drawing PDFs starts a QGuiApplication
        [sys.executable, "-m", "app", "deck", "export", "--data-dir", str(data_dir), "Wind",
         "--pdf", str(proxies), "--sheet", str(sheet), "--zip", str(images)],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert run.returncode == 1, run.stderr  # some cards have no stored image (429 real ones)
    assert "Traceback" not in run.stderr
    assert "Wrote " + str(proxies) + ": 87 cards on 10 A4 pages" in run.stdout
    pages = PdfReader(proxies).pages
    assert len(pages) == 10  # 87 copies, 9 per page
    assert {(round(p.mediabox.width), round(p.mediabox.height)) for p in pages} == {A4_POINTS}
    reg = PdfReader(sheet)
    assert len(reg.pages) == 1
    assert (round(reg.pages[0].mediabox.width), round(reg.pages[0].mediabox.height)) == A4_POINTS
    text = " ".join(reg.pages[0].extract_text().split())  # the PDF spaces with tabs
    assert "Deck: Wind" in text and "Total: 87 cards" in text and "Spirit of Wind" in text
    with zipfile.ZipFile(images) as archive:
        assert 0 < len(archive.namelist()) < 34  # the stored ones of its 34 editions


def test_export_of_an_unknown_deck_is_one_line(data_dir: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deck", "export", "--data-dir", str(data_dir), "Nope", "--text", "x"]) == 1
    assert capsys.readouterr().err.strip() == (
        "archivist: No kept deck is named 'Nope' (archivist deck list)")


def test_help_has_a_description_and_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["deck", "--help"])
    out = capsys.readouterr().out
    assert "examples:" in out and "archivist deck check deck.txt" in out


def test_nothing_is_written_into_the_catalogue_folder_used_by_other_tests(
    real_catalogue_dir: Path,
) -> None:
    assert not (real_catalogue_dir / "decks.sqlite3").exists()


@pytest.fixture(scope="module")
def event_dir(real_catalogue_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder of its own over the real catalogue plus a newer version of Ranger
    Strides, banned in Standard on 2026-06-29 (GENERATED from its real record)."""
    from tests.helpers.later import apply_changes, copy_catalogue

    folder = copy_catalogue(real_catalogue_dir, tmp_path_factory.mktemp("deck-event"))
    apply_changes(folder, ("ranger-strides", {"STANDARD": {"limit": 0}},
                           "2026-06-29T10:00:00.000Z"))
    return folder


def test_check_of_an_event_file_is_as_of_its_start_unless_as_of_says_otherwise(
    event_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    source = str(DECKLISTS / "50170.json")
    main(["deck", "check", "--data-dir", str(event_dir), source])
    out = capsys.readouterr().out
    assert (f"{source} #17: legal in Standard as of 2026-04-26 04:00 UTC (the event's start)"
            in out)
    assert main(["deck", "check", "--data-dir", str(event_dir), source, "--as-of", "latest",
                 "--json"]) == 1
    deck = json.loads(capsys.readouterr().out)["decks"][16]
    assert deck["as_of"] is None and deck["legal"] is False
    assert deck["findings"][0]["message"] == (
        "Ranger Strides is banned in Standard since 2026-06-29.")
    main(["deck", "check", "--data-dir", str(event_dir), source, "--as-of", "2026-06-28",
          "--json"])
    deck = json.loads(capsys.readouterr().out)["decks"][16]
    assert (deck["as_of"], deck["legal"]) == ("2026-06-28T00:00:00Z", True)


def test_check_with_an_unreadable_as_of_is_one_line(
    event_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["deck", "check", "--data-dir", str(event_dir), str(DECKLISTS / "50170.json"),
                 "--as-of", "last tuesday"]) == 2
    assert capsys.readouterr().err.startswith("archivist: 'last tuesday' is not a date")


def test_import_of_an_event_file_keeps_every_decklist_named_after_the_event(
    event_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    from app.decks import DeckStore

    assert main(["deck", "import", "--data-dir", str(event_dir),
                 str(DECKLISTS / "50170.json")]) == 0
    store = DeckStore(event_dir / "decks.sqlite3")
    names = [d.name for d in store.decks()]
    assert len(names) == 28
    assert names[:3] == [f"ArtofCards RDO Store Championship #{n}" for n in (1, 2, 3)]
    assert names[9] == "ArtofCards RDO Store Championship #10"  # natural order
    assert store.load(names[16]).as_of == "2026-04-26T04:00:00Z"
    assert "legal as of 2026-04-26 04:00 UTC" in capsys.readouterr().out
    assert main(["deck", "import", "--data-dir", str(event_dir),
                 str(DECKLISTS / "50623.json"), "--index", "3", "--name", "Third"]) == 0
    third = json.loads((DECKLISTS / "50623.json").read_text(encoding="utf-8"))["decklists"][2]
    assert store.load("Third").counts() == {
        zone: sum(e["qty"] for e in third[zone]) for zone in ("material", "main", "sideboard")}
    assert len(store.decks()) == 29
    assert main(["deck", "import", "--data-dir", str(event_dir),
                 str(DECKLISTS / "50623.json"), "--index", "57"]) == 2
    assert "holds 56 decklists (1 to 56)" in capsys.readouterr().err


def _export_sheet(data_dir: Path, pdf: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(  # a process of its own: drawing PDFs starts a QGuiApplication
        [sys.executable, "-m", "app", "deck", "export", "--data-dir", str(data_dir), "Wind",
         "--pdf", str(pdf), *extra],
        capture_output=True, text=True, timeout=300, check=False,
    )


def test_cards_without_an_image_are_named_text_proxies_in_one_line(
    data_dir: Path, legal_text: Path, tmp_path: Path,
) -> None:
    proxies = tmp_path / "p.pdf"
    run = _export_sheet(data_dir, proxies)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr  # one summary, not a line per card (or two)
    summary = lines[0]
    assert " were drawn as text proxies" in summary and "pass --api URL" in summary
    names = summary.split(": ", 1)[1].split(" …")[0].split("; to fetch")[0].split("; ")
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(proxies).pages)
    assert names and all(name in text for name in names)


def test_verbose_lists_each_text_proxy_with_its_reason(
    data_dir: Path, legal_text: Path, tmp_path: Path,
) -> None:
    run = _export_sheet(data_dir, tmp_path / "p.pdf", "--verbose")
    detail = [line for line in run.stderr.splitlines() if line.startswith("text proxy: ")]
    summary = [line for line in run.stderr.splitlines() if "drawn as text proxies" in line]
    assert len(summary) == 1 and detail
    names = {line.removeprefix("text proxy: ").split(" — ")[0] for line in detail}
    assert int(summary[0].split()[0]) == len(names)
    assert all("no API is set to fetch it from" in line for line in detail)


def test_check_as_of_a_date_before_the_cards_came_out_is_not_legal_exit_1(
    data_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    source = str(DECKLISTS / "50170.json")
    assert main(["deck", "check", "--data-dir", str(data_dir), source,
                 "--as-of", "2020-01-01"]) == 1
    out = capsys.readouterr().out
    assert f"{source} #2: NOT legal in Standard as of 2020-01-01 — " in out
    assert "legal in Standard as of 2020-01-01 —" not in out.replace("NOT legal", "")
    assert "error: Not released yet on 2020-01-01: Spirit of Wind (DOA 1st, 2023-01-01)" in out


def test_check_as_of_a_date_the_history_does_not_reach_cannot_judge_exit_3(
    data_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    # 50170 #12 holds no card newer than 2025-12-05's sets; the catalogue's versions of
    # several of its cards are from 2026.
    source = str(DECKLISTS / "50170.json")
    assert main(["deck", "check", "--data-dir", str(data_dir), source,
                 "--as-of", "2025-12-05", "--json"]) == 1  # other decks play newer cards
    deck = json.loads(capsys.readouterr().out)["decks"][11]
    assert (deck["legal"], deck["verdict"]) == (None, "cannot judge")
    assert [f["rule"] for f in deck["findings"]] == ["history"]
    event = json.loads((DECKLISTS / "50170.json").read_text(encoding="utf-8"))
    single = data_dir / "twelve.json"
    single.write_text(json.dumps(event["decklists"][11]), encoding="utf-8")
    assert main(["deck", "check", "--data-dir", str(data_dir), str(single),
                 "--as-of", "2025-12-05"]) == 3
    out = capsys.readouterr().out
    assert out.startswith(f"{single}: legality CANNOT BE JUDGED in Standard as of 2025-12-05")
    assert "cannot be judged. [history]" in out


def test_import_of_an_event_names_the_deck_and_champion_of_each_card_not_resolved(
    data_dir: Path, capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["deck", "import", "--data-dir", str(data_dir),
                 str(DECKLISTS / "50623.json")]) == 0
    missing = [line for line in capsys.readouterr().err.splitlines() if "not resolved" in line]
    thornes = "\"1 The Duchess's Thornes\": no card of that name in the catalogue (yet)"
    assert missing == [
        f"  not resolved in 'Reaper Game Store - Texas Regional #18' (Tonoris, Lone "
        f"Mercenary): {thornes}",
        f"  not resolved in 'Reaper Game Store - Texas Regional #29' (Tonoris, Lone "
        f"Mercenary): {thornes}",
        f"  not resolved in 'Reaper Game Store - Texas Regional #46' (Lorraine, Wandering "
        f"Warrior): {thornes}",
    ]
