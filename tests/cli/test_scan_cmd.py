"""``archivist scan``: the JSON shape, the exit statuses, the one-line errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from app.cli.main import main
from tests.helpers.photos import photo
from tests.helpers.scan_catalogue import scan_catalogue_dir, scan_dir

__all__ = ["scan_catalogue_dir", "scan_dir"]  # the fixtures this module uses

pytestmark = pytest.mark.realdata

KEYS = {"edition_uuid", "card_uuid", "slug", "name", "set_prefix", "collector_number",
        "rarity", "score"}


def _photos(data: Path, folder: Path, count: int) -> list[Path]:
    folder.mkdir()
    cards = sorted((data / "images" / "cards").glob("*.jpg"))[:count]
    for i, card in enumerate(cards):
        (folder / f"generated-{i}.jpg").write_bytes(photo(card, random.Random(i), turn=i % 4))
    return cards


def test_a_folder_of_card_photos_is_all_matched_exit_0(
    scan_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cards = _photos(scan_dir, tmp_path / "shots", 3)
    assert main(["scan", str(tmp_path / "shots"), "--data-dir", str(scan_dir), "--json",
                 "--top", "2"]) == 0
    photos = json.loads(capsys.readouterr().out)["photos"]
    assert [p["status"] for p in photos] == ["matched"] * 3
    assert set(photos[0]) == {"path", "status", "message", "candidates"}
    assert all(set(c) == KEYS for p in photos for c in p["candidates"])
    assert all(len(p["candidates"]) <= 2 for p in photos)
    scores = [c["score"] for c in photos[0]["candidates"]]
    assert scores == sorted(scores, reverse=True) and 0 <= scores[-1] <= scores[0] <= 1
    assert [p["candidates"][0]["edition_uuid"] + ".jpg" for p in photos] == [
        c.name for c in cards]  # each real image is named by its edition


def test_a_photo_without_a_card_exits_1_and_an_unreadable_one_2(
    scan_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _photos(scan_dir, tmp_path / "shots", 1)
    from PIL import Image

    Image.new("RGB", (800, 600), (90, 90, 90)).save(tmp_path / "table.png")
    args = ["scan", str(tmp_path / "shots" / "generated-0.jpg"), str(tmp_path / "table.png"),
            "--data-dir", str(scan_dir)]
    assert main(args) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith(": matched: " + out[0].split(": matched: ")[1])
    assert out[1] == f"{tmp_path / 'table.png'}: no-card: nothing card-like found"
    (tmp_path / "notes.txt").write_text("not a photo")
    assert main([*args[:3], str(tmp_path / "notes.txt"), *args[3:]]) == 2
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3 and "unreadable" in lines[2] and "not an image" in lines[2]


def test_a_bad_top_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["scan", "x.jpg", "--top", "0", "--data-dir", str(tmp_path)])
    assert stop.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_add_puts_each_matched_edition_in_the_collection_as_one_undo_step(
    scan_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from app.bootstrap import build

    cards = _photos(scan_dir, tmp_path / "shots", 2)
    (tmp_path / "shots" / "blank.png").write_bytes(b"not a photo")
    assert main(["scan", str(tmp_path / "shots"), "--add", "--foil", "--qty", "2",
                 "--data-dir", str(scan_dir)]) == 2  # blank.png is unreadable; the rest added
    assert "Added 4 foil copies of 2 editions" in capsys.readouterr().out
    store = build(str(scan_dir)).collection.collection_store()
    assert sorted((e.edition_uuid + ".jpg", e.foil, e.quantity) for e in store.entries()) == [
        (c.name, True, 2) for c in cards]
    assert store.undo() is not None and store.entries() == []


def test_collection_options_without_add_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["scan", "x.jpg", "--foil", "--data-dir", str(tmp_path)]) == 2
    assert "go with --add" in capsys.readouterr().err
