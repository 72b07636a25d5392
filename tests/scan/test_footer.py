"""Editions sharing art: tied, then ranked by the footer Tesseract reads, when installed."""

from __future__ import annotations

import io
import random
import shutil
from pathlib import Path

import pytest
from PIL import Image

from app.bootstrap import Application, build
from app.scan import footer
from app.scan.results import Candidate
from app.store.reads.scan_editions import ScanEdition, scan_editions
from tests.conftest import CARD_IMAGES
from tests.helpers.photos import photo


def _candidate(prefix: str, number: str) -> Candidate:
    return Candidate(f"{prefix}-{number}", "card", "slug", "Name", prefix, number, 1, 0.8)


def test_the_edition_whose_footer_was_read_comes_first() -> None:
    editions = [_candidate("DOA", "155"), _candidate("DOA 1st", "155"),
                _candidate("DOA Alter", "155"), _candidate("DOA Alter", "156")]
    read = "| DOA Alter « EN-155 U « illust: SODA ©2022 Weebs of the Shore"
    ordered = footer.by_footer(editions, read)
    assert [(c.set_prefix, c.collector_number) for c in ordered] == [
        ("DOA Alter", "155"), ("DOA", "155"), ("DOA 1st", "155"), ("DOA Alter", "156")]
    assert footer.by_footer(editions, None) == editions  # nothing read: as they were
    assert footer.by_footer(editions, "ee eee ee") == editions


def _twin(app: Application) -> tuple[Path, ScanEdition, ScanEdition]:
    """A stored image, its edition, and an edition of the same card without an image."""
    everything = scan_editions(app.store)
    for name, (shown, *_) in sorted(app.scan.editions().items()):
        path = app.images.find(name)
        if path is None:
            continue
        for other in everything:
            if other.card_uuid == shown.card_uuid and not app.images.find(other.image_file):
                return path, shown, other
    raise AssertionError("no card with an edition lacking its image")


def _twin_listed_first(app: Application) -> tuple[Path, ScanEdition, ScanEdition]:
    """As :func:`_twin`, the edition without an image being the one a tie lists first
    (its image's name sorts first): the real image is stored for it."""
    everything = scan_editions(app.store)
    for shown in everything:
        real = CARD_IMAGES / shown.image_file
        for other in everything if real.is_file() else []:
            if other.card_uuid == shown.card_uuid and other.image_file < shown.image_file \
                    and not (CARD_IMAGES / other.image_file).is_file():
                app.images.add(shown.image_file, real.read_bytes())
                return real, shown, other
    raise AssertionError("no card with an edition whose image sorts first")


def _reencoded(path: Path) -> bytes:
    buffer = io.BytesIO()
    Image.open(path).convert("RGB").save(buffer, "JPEG", quality=40)
    return buffer.getvalue()


@pytest.mark.realdata
def test_editions_sharing_art_in_different_files_tie(scan_dir: Path, tmp_path: Path) -> None:
    # a reprint's image is the same art saved again: a few bits of its hashes differ
    app = build(str(scan_dir))
    card, shown, reprint = _twin(app)
    app.images.add(reprint.image_file, _reencoded(card))
    shot = tmp_path / "generated.jpg"
    shot.write_bytes(photo(card, random.Random(11), turn=1))
    [result] = build(str(scan_dir)).scan.scan([shot])
    assert result.status == "matched"
    first, second = result.candidates[:2]
    assert {first.edition_uuid, second.edition_uuid} == {shown.edition_uuid,
                                                           reprint.edition_uuid}
    assert first.score == second.score


@pytest.mark.realdata
def test_without_tesseract_editions_sharing_art_are_listed_tied(
    scan_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(footer, "PROGRAM", "no-such-ocr-program")
    app = build(str(scan_dir))
    card, shown, reprint = _twin(app)
    app.images.add(reprint.image_file, card.read_bytes())
    shot = tmp_path / "generated.jpg"
    shot.write_bytes(photo(card, random.Random(12), turn=0))
    [result] = build(str(scan_dir)).scan.scan([shot])
    assert result.status == "matched"
    assert {c.edition_uuid for c in result.candidates[:2]} == {shown.edition_uuid,
                                                               reprint.edition_uuid}
    assert result.candidates[0].score == result.candidates[1].score


def test_a_failing_tesseract_reads_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    import numpy as np

    monkeypatch.setattr(footer, "PROGRAM", "false")  # exits 1, says nothing
    quad = np.array([[10, 10], [260, 10], [260, 360], [10, 360]], np.float32)
    assert footer.read_footer(np.zeros((400, 300, 3), np.uint8), quad, 0) is None


@pytest.mark.realdata
@pytest.mark.skipif(shutil.which("tesseract") is None, reason="Tesseract is not installed")
@pytest.mark.parametrize("seed", [3, 5])  # photos whose footer is sharp enough
def test_with_tesseract_the_photographed_edition_is_first(
    scan_dir: Path, tmp_path: Path, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = build(str(scan_dir))
    card, shown, reprint = _twin_listed_first(app)  # listed first when nothing is read
    app.images.add(reprint.image_file, card.read_bytes())  # its footer is the shown one's
    shot = tmp_path / "generated.jpg"
    shot.write_bytes(photo(card, random.Random(seed), turn=0))
    [result] = build(str(scan_dir)).scan.scan([shot])
    assert result.candidates[0].edition_uuid == shown.edition_uuid
    assert result.candidates[1].edition_uuid == reprint.edition_uuid
    monkeypatch.setattr(footer, "PROGRAM", "no-such-ocr-program")
    [unread] = build(str(scan_dir)).scan.scan([shot])
    assert unread.candidates[0].edition_uuid == reprint.edition_uuid  # by name, as tied
