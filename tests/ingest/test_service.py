"""Importing what a person picks in the window: files, folders, ZIPs."""

from __future__ import annotations

import json
import threading
import zipfile
from pathlib import Path

import pytest

from app.catalogue import LocalCatalogue
from app.errors import InvalidData
from app.ingest.service import ImportCancelled, find_sources
from tests.helpers.parts import parts_of
from tests.sync.generated import featured_groups, generated_cards, tiny_jpeg


def picked_folder(root: Path) -> Path:
    """A folder as a person might have it: cards and featured sets JSON, images, logos."""
    (root / "json").mkdir(parents=True)
    (root / "json" / "cards.json").write_text(json.dumps(generated_cards(12)), encoding="utf-8")
    (root / "featured.json").write_text(json.dumps(featured_groups()), encoding="utf-8")
    (root / "pictures").mkdir()
    for i in (1, 2, 3):
        (root / "pictures" / f"gene{i:06d}.jpg").write_bytes(tiny_jpeg(i))
    (root / "logos").mkdir()
    (root / "logos" / "GEN.png").write_bytes(tiny_jpeg(9))
    return root


def test_a_folder_gives_its_json_folders_image_folders_and_logos(tmp_path: Path) -> None:
    root = picked_folder(tmp_path / "picked")
    assert find_sources([root]) == ([root, root / "json"], [root / "pictures"], [root / "logos"])


def test_a_zip_of_a_folder_imports_cards_featured_sets_and_images(tmp_path: Path) -> None:
    root = picked_folder(tmp_path / "picked")
    archive = tmp_path / "catalogue.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        for path in root.rglob("*"):
            if path.is_file():
                zipped.write(path, path.relative_to(root.parent))
    catalogue = LocalCatalogue.open(tmp_path / "data")
    report = parts_of(catalogue).importer.import_sources([archive])
    assert report.cards == 12 and report.images == 3 and report.logos == 1
    counts = catalogue.counts()
    assert counts["cards"] == 12 and counts["images"] == 3
    assert [g["name"] for g in catalogue.featured_sets()] == ["Generated Group"]
    assert catalogue.card_image_path("gene000001.jpg") is not None


def test_a_cancelled_import_writes_nothing(tmp_path: Path) -> None:
    root = picked_folder(tmp_path / "picked")
    catalogue = LocalCatalogue.open(tmp_path / "data")
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(ImportCancelled, match="The catalogue is unchanged"):
        parts_of(catalogue).importer.import_sources([root], cancel)
    assert catalogue.counts()["cards"] == 0


def test_what_is_not_a_catalogue_is_a_clear_error(tmp_path: Path) -> None:
    catalogue = LocalCatalogue.open(tmp_path / "data")
    notes = tmp_path / "notes.txt"
    notes.write_text("hello", encoding="utf-8")
    with pytest.raises(InvalidData, match=r"^notes.txt: not a JSON file, a folder or a ZIP"):
        parts_of(catalogue).importer.import_sources([notes])
    broken = tmp_path / "broken.zip"
    broken.write_bytes(b"not a zip")
    with pytest.raises(InvalidData, match=r"^broken.zip: not a readable ZIP file"):
        parts_of(catalogue).importer.import_sources([broken])
    (tmp_path / "empty").mkdir()
    with pytest.raises(InvalidData, match="holds no catalogue JSON file and no card image"):
        parts_of(catalogue).importer.import_sources([tmp_path / "empty"])
    assert catalogue.counts()["cards"] == 0


def test_demo_history_is_written_for_dynamic_editions(tmp_path: Path) -> None:
    catalogue = LocalCatalogue.open(tmp_path / "data")
    assert parts_of(catalogue).importer.generate_demo_thema(days=30) == 0
    parts_of(catalogue).importer.import_sources([picked_folder(tmp_path / "picked")])
    assert parts_of(catalogue).importer.generate_demo_thema(days=30) > 0
    assert catalogue.dynamic_thema_ranks()
