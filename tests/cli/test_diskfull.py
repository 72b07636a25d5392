"""A full disk, on a real 2 MB tmpfs: every writer says "the disk is full (N MB free at
PATH)" in one line, exits non-zero, leaves no partial file and the catalogue whole.
Cards and images are generated."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.bootstrap import build
from app.ingest import import_paths
from app.store import Reader
from tests.helpers.cards import make_card, make_edition
from tests.helpers.smallfs import fill, full_device, noisy_jpeg, small_fs

COUNT = 16


def _inputs(root: Path) -> tuple[Path, Path]:
    images = root / "images"
    images.mkdir(parents=True)
    cards = []
    for i in range(COUNT):
        uuid, edition = f"diskCard{i:02d}", f"diskEdit{i:02d}"
        card = make_card(uuid, f"Disk Card {i}")
        card["editions"] = [make_edition(uuid, edition, f"{i + 1:03d}")]
        cards.append(card)
        (images / f"{edition}.jpg").write_bytes(noisy_jpeg(i))
    source = root / "cards.json"
    source.write_text(json.dumps(cards), encoding="utf-8")
    return source, images


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          timeout=180, check=False)


def _one_line_disk_full(result: subprocess.CompletedProcess[str], where: Path) -> None:
    assert result.returncode != 0, result.stdout
    assert "Traceback" not in result.stderr, result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("archivist:")]
    assert len(lines) == 1, result.stderr
    assert "the disk is full (" in lines[0] and f"MB free at {where}" in lines[0], lines[0]


@pytest.fixture
def catalogue(tmp_path: Path) -> Path:
    source, images = _inputs(tmp_path / "in")
    services = build(str(tmp_path / "data"))
    import_paths(services.store, [source], images, services.images)
    services.store.close()
    return tmp_path / "data"


def test_import_of_images_onto_a_full_disk(tmp_path: Path) -> None:
    source, images = _inputs(tmp_path / "in")
    # 2.85 MB: room for a new catalogue's pages (schema 16: 480 KB, the official search's
    # narrow edition table and indexes 70 KB of them, its sort orders' 75 KB) and a WAL to
    # open it again; the 16 images (3.2 MB, none under 200 KB) still fill the disk during
    # the import.
    with small_fs(tmp_path / "small", size="2850k") as small:
        data = small / "data"
        result = _run("import", "--data-dir", str(data), str(source), "--images", str(images))
        _one_line_disk_full(result, data / "images" / "cards")
        assert not list(data.rglob("*.part"))
        services = build(str(data))  # whole, and empty: nothing was written
        assert Reader(services.store).counts()["cards"] == 0
        services.store.close()


def test_import_into_a_catalogue_on_a_full_disk_keeps_it_whole(tmp_path: Path) -> None:
    source, _ = _inputs(tmp_path / "in")
    with small_fs(tmp_path / "small") as small:
        data = small / "data"
        first = tmp_path / "first.json"
        first.write_text(json.dumps([make_card()]), encoding="utf-8")
        assert _run("import", "--data-dir", str(data), str(first)).returncode == 0
        fill(small, 4096)
        big = json.loads(source.read_text(encoding="utf-8"))
        for card in big:
            card["effect_raw"] = "x" * 200_000
        source.write_text(json.dumps(big), encoding="utf-8")
        result = _run("import", "--data-dir", str(data), str(source))
        _one_line_disk_full(result, data)
        assert "cannot rollback" not in result.stderr
        (small / "filler.bin").unlink()
        services = build(str(data))
        assert Reader(services.store).counts()["cards"] == 1
        services.store.close()


@pytest.mark.parametrize("target", ["zip", "pdf", "to"])
def test_export_onto_a_full_disk(tmp_path: Path, catalogue: Path, target: str) -> None:
    with small_fs(tmp_path / "small") as small:
        out = small / ("out.zip" if target == "zip" else "out.pdf" if target == "pdf" else "dir")
        result = _run("export", "--data-dir", str(catalogue), "--offline", 's:"GEN 1st"',
                      f"--{target}", str(out))
        if target == "to":  # each file that did not fit is named, with the reason
            assert result.returncode == 1 and "Traceback" not in result.stderr
            assert "the disk is full (" in result.stderr
        else:
            _one_line_disk_full(result, small)
            assert not out.exists()
            assert "Wrote" not in result.stdout
        assert not list(small.rglob("*.part")) and not list(small.rglob(".*.part"))


def test_get_output_onto_a_full_disk(tmp_path: Path, catalogue: Path) -> None:
    with small_fs(tmp_path / "small") as small:
        fill(small, 20_000)
        out = small / "card.jpg"
        result = _run("get", "--data-dir", str(catalogue), "/cards/images/diskEdit03.jpg",
                      "-o", str(out))
        _one_line_disk_full(result, small)
        assert not out.exists() and not list(small.glob(".*.part"))


@pytest.mark.parametrize("special", ["device", "folder"])
def test_get_output_onto_a_device_or_a_folder_is_refused(
    tmp_path: Path, catalogue: Path, special: str,
) -> None:
    out = full_device(tmp_path) if special == "device" else tmp_path
    result = _run("get", "--data-dir", str(catalogue), "/cards/images/diskEdit03.jpg",
                  "-o", str(out))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    kind = "is a folder, not a file" if out.is_dir() else "is a device or special file"
    assert result.stderr.startswith(f"archivist: {out} {kind}"), result.stderr
    assert out.is_dir() or out.is_char_device()


@pytest.mark.parametrize("option", ["--zip", "--pdf"])
def test_a_folder_as_the_zip_or_pdf_file_is_one_line(
    tmp_path: Path, catalogue: Path, option: str
) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    result = _run("export", "--data-dir", str(catalogue), "--offline", 's:"GEN 1st"',
                  option, str(folder), "--on-exists", "replace")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().startswith(f"archivist: {option} {folder}: is a folder")
    assert folder.is_dir() and not list(tmp_path.glob(".*.part"))
