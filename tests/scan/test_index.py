"""The photo index: built once, updated for a changed image only, rebuilt when damaged."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.bootstrap import build
from app.scan import index as kept

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
