"""``archivist export``: the command line does what the dialog does."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from app.cli.main import main
from tests.export.conftest import CHAMPIONS, FIRE

pytestmark = pytest.mark.realdata
ROOT = Path(__file__).resolve().parents[2]


def test_export_rounded_pngs_into_a_folder_and_a_zip(
        real_catalogue_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--data-dir", str(real_catalogue_dir), "export", FIRE, "--to",
                 str(tmp_path / "out"), "--format", "png-rounded", "--width", "100",
                 "--zip", str(tmp_path / "fire.zip"), "--name", "{collector_number} {name}"])
    assert code == 0
    assert "Exported 13 of 13 images" in capsys.readouterr().out
    files = sorted((tmp_path / "out").iterdir())
    assert files[0].name == "001 Spirit of Serene Fire.png" and len(files) == 13
    with Image.open(files[0]) as image:
        assert image.size == (100, 140) and image.mode == "RGBA"
    with zipfile.ZipFile(tmp_path / "fire.zip") as archive:
        assert sorted(archive.namelist()) == [f.name for f in files]


def test_missing_images_are_listed_and_the_status_is_1(
        real_catalogue_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--data-dir", str(real_catalogue_dir), "export", CHAMPIONS, "--to",
                 str(tmp_path), "--offline"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "not exported: Merlin, Kingslayer — FTC 004B: the image is not stored" in err
    assert "1 missing" in out


@pytest.mark.parametrize("args, words", [
    ([FIRE], "Say where to"),
    ([FIRE, "--to", "x", "--name", "{nope}"], "Unknown placeholder {nope}"),
    ([FIRE, "--to", "x", "--width", "0"], "width must be between"),
    ([FIRE, "--set", "FTC", "--to", "x"], "Give one of QUERY"),
    (["--set", "NOPE", "--to", "x"], "No edition has the set prefix"),
])
def test_invalid_arguments_exit_2_with_one_line(
        real_catalogue_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        args: list[str], words: str) -> None:
    args = [str(tmp_path / a) if a == "x" else a for a in args]
    code = main(["--data-dir", str(real_catalogue_dir), "export", *args])
    assert code in (1, 2) and words in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_a_malformed_query_shows_where(real_catalogue_dir: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["--data-dir", str(real_catalogue_dir), "export", "cost<", "--to",
                 str(tmp_path)])
    assert code == 2 and "invalid query" in capsys.readouterr().err


def test_a_whole_set_as_a_proxy_sheet(real_catalogue_dir: Path, tmp_path: Path) -> None:
    """A separate process, as a user runs it: the PDF needs Qt, offscreen."""
    from pypdf import PdfReader

    pdf = tmp_path / "ftc.pdf"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run(
        [sys.executable, "-m", "app", "--data-dir", str(real_catalogue_dir), "export",
         "--set", "FTC", "--pdf", str(pdf), "--page", "Letter"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 1, run.stderr  # FTC 004B has no stored image
    assert "98 cards on 11 Letter pages." in run.stdout
    assert run.stderr.splitlines() == [
        "1 card without an image was drawn as a text proxy: Merlin, Kingslayer; to fetch the "
        "images, pass --api URL (e.g. --api https://api.gatcg.com), or run `archivist sync` "
        "once (the catalogue then keeps its API)."]
    reader = PdfReader(pdf)
    assert len(reader.pages) == 11
    box = reader.pages[0].mediabox
    assert abs(float(box.width) - 612) < 1 and abs(float(box.height) - 792) < 1
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert "Merlin, Kingslayer — FTC 004B" in text and "Champion" in text


def test_the_reason_an_image_was_not_fetched_names_the_option_that_would(
        real_catalogue_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["--data-dir", str(real_catalogue_dir), "export", CHAMPIONS, "--to", str(tmp_path)])
    err = capsys.readouterr().err
    assert "no API is set to fetch it from: pass --api URL, or run `archivist sync`" in err
    assert "(offline)" not in err
    main(["--data-dir", str(real_catalogue_dir), "export", CHAMPIONS, "--to", str(tmp_path),
          "--offline", "--api", "https://api.example"])
    assert "the image is not stored (not fetched: --offline)" in capsys.readouterr().err


def test_editions_sharing_a_set_and_number_are_listed_with_their_rarity(
        real_catalogue_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main(["--data-dir", str(real_catalogue_dir), "export", 's:P25 "Ascendant Wings"',
          "--to", str(tmp_path), "--offline"])
    lines = [line.split(": the image")[0] for line in capsys.readouterr().err.splitlines()]
    assert sorted(lines) == ["not exported: Lorraine, Ascendant Wings — P25 001 (CPR)",
                             "not exported: Lorraine, Ascendant Wings — P25 001 (PR)"]
