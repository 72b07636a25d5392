"""``archivist collection …`` and ``archivist deck need`` as a user runs them, over the
real 2026-04-04 catalogue, its editions and the real decklists of event 50170."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from app.cli.main import main
from tests.conftest import SHARED_DATA, SNAPSHOT_0210, SNAPSHOT_0404

pytestmark = pytest.mark.realdata

EVENT = SHARED_DATA / "decklists" / "50170.json"


@pytest.fixture
def data_dir(real_catalogue_dir: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    folder.mkdir()
    shutil.copy2(real_catalogue_dir / "catalogue.sqlite3", folder / "catalogue.sqlite3")
    return folder


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_import_exit_statuses_and_show_json(data_dir: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    d = ("--data-dir", str(data_dir))
    good = tmp_path / "good.csv"
    good.write_text("Qty,Set,Number,Rarity,Foil,Tag\n3,DOA 1st,004,CUR,foil,trade\n"
                    "2,DOA 1st,004,C,,\n1,ALC,001,,,\n", encoding="utf-8")
    assert _run(capsys, "collection", "import", str(good), *d)[0] == 0
    mixed = tmp_path / "mixed.csv"
    mixed.write_text("Qty,Set,Number\n1,ALC,002\n1,DOA 1st,004\n", encoding="utf-8")
    status, _, err = _run(capsys, "collection", "import", str(mixed), *d)
    assert status == 1
    assert err.startswith("reported: line 3: DOA 1st 004 matches 2 editions")
    binary = tmp_path / "bad.csv"
    binary.write_bytes(b"\0\1\2" * 100)
    status, _, err = _run(capsys, "collection", "import", str(binary), *d)
    assert (status, err.count("\n")) == (2, 1)
    assert "binary" in err

    status, out, _ = _run(capsys, "collection", "show", "--json", *d)
    shown = json.loads(out)
    assert shown["totals"] == {"copies": 7, "editions": 4, "cards": 3}
    assert {(s["prefix"], s["owned"]) for s in shown["sets"]} == {("DOA 1st", 2), ("ALC", 2)}
    lorraine = [e for e in shown["entries"] if e["rarity"] == "CUR"]
    assert lorraine == [{"edition_uuid": lorraine[0]["edition_uuid"],
                         "slug": "lorraine-wandering-warrior",
                         "name": "Lorraine, Wandering Warrior",
                         "set": "DOA 1st", "number": "004", "rarity": "CUR", "foil": True,
                         "condition": None, "language": None, "tag": "trade",
                         "quantity": 3}]
    status, out, _ = _run(capsys, "collection", "show", "--set", "doa 1st", "--json", *d)
    assert [s["prefix"] for s in json.loads(out)["sets"]] == ["DOA 1st"]
    assert len(json.loads(out)["entries"]) == 2


def test_add_remove_export_and_replace(data_dir: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    d = ("--data-dir", str(data_dir))
    status, _, err = _run(capsys, "collection", "add", "Spirit of Fire", *d)
    assert status == 2 and "names 14 editions" in err
    status, out, _ = _run(capsys, "collection", "add", "Spirit of Fire", "--set", "DOA 1st",
                          "--number", "1", "--foil", "--qty", "3", *d)
    assert status == 0 and out.endswith("(foil): 0 → 3\n")
    assert _run(capsys, "collection", "remove", "spirit-of-fire", "--set", "doa 1st",
                "--number", "001", "--foil", *d)[0] == 0
    status, _, err = _run(capsys, "collection", "remove", "Spirit of Fire", "--set", "DOA 1st",
                          "--number", "1", *d)
    assert status == 1 and "No non-foil copy" in err
    out_csv = tmp_path / "out.csv"
    assert _run(capsys, "collection", "export", str(out_csv), *d)[0] == 0
    assert out_csv.read_bytes().splitlines()[1].startswith(b"2,Spirit of Fire,DOA 1st,001,C,foil")
    out_csv.write_text("Count,Set Code,Card Number\n1,ALC,002\n", encoding="utf-8")
    assert _run(capsys, "collection", "import", str(out_csv), "--replace", *d)[0] == 0
    shown = json.loads(_run(capsys, "collection", "show", "--json", *d)[1])
    assert [e["name"] for e in shown["entries"]] == ["Spirit of Water"]


def test_deck_need_for_a_real_deck(data_dir: Path, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    d = ("--data-dir", str(data_dir))
    status, out, err = _run(capsys, "deck", "need", str(EVENT), "--json", *d)
    assert status == 2 and "choose one with --index" in err
    status, out, _ = _run(capsys, "deck", "need", str(EVENT), "--index", "1", "--json", *d)
    before = json.loads(out)
    assert before["have"] == 0 and before["need"] == sum(m["quantity"] for m in before["missing"])
    first = before["missing"][0]
    owned = tmp_path / "owned.csv"
    owned.write_text(f'Qty,Name,Set\n1,"{first["name"]}",'
                     f'{_a_set_of(first["name"], data_dir, capsys)}\n', encoding="utf-8")
    assert _run(capsys, "collection", "import", str(owned), *d)[0] == 0
    text = tmp_path / "missing.txt"
    status, out, _ = _run(capsys, "deck", "need", str(EVENT), "--index", "1", "--json",
                          "--text", str(text), *d)
    after = json.loads(out)
    assert (after["have"], after["need"]) == (1, before["need"])
    missing = {m["name"]: m["quantity"] for m in after["missing"]}
    assert missing.get(first["name"], 0) == first["quantity"] - 1
    assert text.read_text(encoding="utf-8").startswith("# ")


def _a_set_of(name: str, data_dir: Path, capsys: pytest.CaptureFixture[str]) -> str:
    status, out, _ = _run(capsys, "search", f'"{name}"', "--json", "--data-dir", str(data_dir))
    assert status == 0
    hits = json.loads(out)
    hit = hits["hits"][0] if isinstance(hits, dict) else hits[0]
    return str(hit["set_prefix"])


@pytest.mark.allow_log(r"rejected .*DOApSP\.json")  # the real old-shape records
def test_a_newer_catalogue_leaves_the_collection_byte_identical(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = ("--data-dir", str(tmp_path))
    assert _run(capsys, "import", str(SNAPSHOT_0210), *d)[0] in (0, 1)
    owned = tmp_path / "owned.csv"
    owned.write_text("Qty,Set,Number,Foil,Tag\n2,ALC,001,foil,trade\n1,ALC,002,,\n",
                     encoding="utf-8")
    assert _run(capsys, "collection", "import", str(owned), *d)[0] == 0
    collection = tmp_path / "collection.sqlite3"
    digest = hashlib.sha256(collection.read_bytes()).hexdigest()
    assert "Spirit of Fire" in _run(capsys, "search", "is:owned", *d)[1]
    assert _run(capsys, "import", str(SNAPSHOT_0404), *d)[0] in (0, 1)
    assert "Spirit of Fire" in _run(capsys, "search", "is:foil-owned", *d)[1]
    assert hashlib.sha256(collection.read_bytes()).hexdigest() == digest
