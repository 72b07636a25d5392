"""The photo index: built once, updated for a changed image only (also for a scanner kept
across a sync), rebuilt when damaged."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from app.bootstrap import build
from app.scan import index as kept
from tests.helpers.photos import photo

pytestmark = pytest.mark.realdata


def test_the_index_is_built_with_progress_and_kept(scan_dir: Path) -> None:
    told: list[tuple[int, int]] = []
    app = build(str(scan_dir))
    built = app.scan.index(lambda done, total: told.append((done, total)))
    assert len(built) == 12 and told[-1] == (12, 12)
    assert app.scan.index_file.is_file() and app.scan.index_file.parent == scan_dir / "cache"
    again: list[tuple[int, int]] = []
    assert len(build(str(scan_dir)).scan.index(lambda *p: again.append(p))) == 12
    assert again == []  # nothing hashed anew


def test_a_changed_image_is_hashed_anew_and_only_it(scan_dir: Path) -> None:
    app = build(str(scan_dir))
    first = app.scan.index()
    names = sorted(first.names)
    changed = app.images.find(names[0])
    other = app.images.find(names[1])
    assert changed is not None and other is not None
    changed.write_bytes(other.read_bytes())  # a sync replaced the image
    os.utime(changed, ns=(1, 1))
    told: list[tuple[int, int]] = []
    second = build(str(scan_dir)).scan.index(lambda *p: told.append(p))
    assert told == [(1, 1)]
    row = second.names.index(names[0])
    assert (second.difference[row] == second.difference[second.names.index(names[1])]).all()
    assert not (second.difference[row] == first.difference[first.names.index(names[0])]).all()


@pytest.mark.allow_log("damaged")
@pytest.mark.parametrize("damage", [b"", b"PK\x03\x04 not a zip at all", b"\x00" * 300])
def test_a_damaged_index_is_rebuilt(scan_dir: Path, damage: bytes) -> None:
    app = build(str(scan_dir))
    app.scan.index()
    app.scan.index_file.write_bytes(damage)
    again = build(str(scan_dir)).scan
    assert len(again.index()) == 12
    assert len(kept.load(again.index_file)) == 12  # written whole again


def _photo_of(tmp_path: Path, card: Path, seed: int) -> Path:
    shot = tmp_path / f"generated-{seed}.jpg"
    shot.write_bytes(photo(card, random.Random(seed), turn=0))
    return shot


def test_a_scan_living_across_a_sync_sees_an_image_it_replaced(
    scan_dir: Path, tmp_path: Path
) -> None:
    app = build(str(scan_dir))  # the window's scanner, kept while a sync runs
    names = sorted(app.scan.index().names)
    old, new = app.images.find(names[0]), app.images.find(names[1])
    assert old is not None and new is not None
    before = app.scan.editions()[names[0]][0]
    shot = _photo_of(tmp_path, old, 1)
    assert app.scan.scan([shot])[0].candidates[0].edition_uuid == before.edition_uuid
    app.images.add(names[0], new.read_bytes())  # the sync stores the edition's new image
    [again] = app.scan.scan([shot])
    assert before.edition_uuid not in [c.edition_uuid for c in again.candidates]
    [other] = app.scan.scan([_photo_of(tmp_path, new, 2)])
    assert before.edition_uuid in [c.edition_uuid for c in other.candidates[:2]]


def test_an_image_replaced_by_one_of_the_same_size_and_time_is_hashed_anew(
    scan_dir: Path
) -> None:
    # a coarse clock (FAT: 2 s) can give two writes the same modification time
    app = build(str(scan_dir))
    first = app.scan.index()
    names = sorted(first.names)
    old, new = app.images.find(names[0]), app.images.find(names[1])
    assert old is not None and new is not None
    one, other = old.read_bytes(), new.read_bytes()
    size = max(len(one), len(other))
    info = old.stat()
    app.images.add(names[0], other + b"\0" * (size - len(other)))  # after the JPEG's end
    app.images.add(names[1], one + b"\0" * (size - len(one)))
    os.utime(old, ns=(info.st_atime_ns, info.st_mtime_ns))
    moved = app.images.find(names[1])
    assert moved is not None
    os.utime(moved, ns=(info.st_atime_ns, info.st_mtime_ns))
    told: list[tuple[int, int]] = []
    second = build(str(scan_dir)).scan.index(lambda *p: told.append(p))
    assert told[-1] == (2, 2)
    row = second.names.index(names[0])
    assert (second.difference[row] == first.difference[first.names.index(names[1])]).all()


def test_images_added_after_the_first_scan_are_indexed_by_the_same_scanner(
    scan_dir: Path
) -> None:
    app = build(str(scan_dir))
    assert len(app.scan.index()) == 12
    name = next(n for n in sorted(app.scan.editions()) if app.images.find(n) is None)
    stored = app.images.find(sorted(app.scan.index().names)[0])
    assert stored is not None
    app.images.add(name, stored.read_bytes())  # an image download or an import
    told: list[tuple[int, int]] = []
    assert name in app.scan.index(lambda *p: told.append(p)).names
    assert told == [(1, 1)]


@pytest.mark.allow_log("rejected")
def test_a_scanner_kept_across_a_sync_names_the_editions_it_brought(tmp_path: Path) -> None:
    from app.ingest import import_paths
    from tests.conftest import SHARED_DATA, SNAPSHOT_0404

    app = build(str(tmp_path / "data"))
    import_paths(app.store, [SHARED_DATA / "snapshots" / "2026-02-10"])
    before = app.scan.editions()
    import_paths(app.store, [SNAPSHOT_0404])  # as a sync would write it
    after = app.scan.editions()
    assert after.keys() == build(str(tmp_path / "data")).scan.editions().keys()
    assert after.keys() != before.keys()
