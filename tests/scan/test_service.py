"""Recognising cards in GENERATED photos of real card images against a small catalogue."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image

from app.bootstrap import Application, build
from tests.helpers.photos import no_card, photo

pytestmark = pytest.mark.realdata


def _stored(app: Application) -> list[Path]:
    return sorted(p for name in app.scan.editions() if (p := app.images.find(name)))


def _write(folder: Path, name: str, data: bytes) -> Path:
    folder.mkdir(exist_ok=True)
    (folder / name).write_bytes(data)
    return folder / name


@pytest.mark.parametrize("turn", [0, 1, 2, 3])
def test_a_tilted_turned_card_on_a_background_is_matched(
    scan_dir: Path, tmp_path: Path, turn: int
) -> None:
    app = build(str(scan_dir))
    cards = _stored(app)
    rng = random.Random(turn)
    for card in cards[turn::4]:
        shot = _write(tmp_path / "photos", f"generated-{card.stem}.jpg",
                      photo(card, rng, cards, turn=turn))
        [result] = app.scan.scan([shot])
        expected = app.scan.editions()[card.name][0]
        assert result.status == "matched", (card.name, result)
        assert result.candidates[0].edition_uuid == expected.edition_uuid
        assert expected.name in result.message and 0.3 < result.candidates[0].score <= 1


def test_a_photo_without_a_card_says_so(scan_dir: Path, tmp_path: Path) -> None:
    app = build(str(scan_dir))
    rng = random.Random(7)
    blank = io.BytesIO()
    Image.new("RGB", (1200, 900), (200, 200, 200)).save(blank, "PNG")
    shots = [_write(tmp_path, "blank.png", blank.getvalue())] + [
        _write(tmp_path, f"generated-table-{i}.jpg", no_card(rng, _stored(app)))
        for i in range(4)]
    results = app.scan.scan(shots)
    assert [r.status for r in results] == ["no-card"] * 5
    assert all(r.candidates == [] for r in results)


def test_two_cards_with_the_same_art_are_uncertain_and_tie(
    scan_dir: Path, tmp_path: Path
) -> None:
    app = build(str(scan_dir))
    card = _stored(app)[0]
    original = app.scan.editions()[card.name][0]
    other = next(e for name, eds in _all_editions(app).items() for e in eds
                 if e.card_uuid != original.card_uuid and not app.images.find(name))
    app.images.add(other.image_file, card.read_bytes())  # another card's image, same art
    app2 = build(str(scan_dir))
    shot = _write(tmp_path, "generated.jpg", photo(card, random.Random(3), turn=0))
    [result] = app2.scan.scan([shot])
    assert result.status == "uncertain"
    first, second = result.candidates[:2]
    assert {first.card_uuid, second.card_uuid} == {original.card_uuid, other.card_uuid}
    assert first.score == second.score


def test_editions_of_one_card_sharing_art_are_all_listed_with_one_score(
    scan_dir: Path, tmp_path: Path
) -> None:
    app = build(str(scan_dir))
    everything = _all_editions(app)
    card, sibling = next(
        (path, e) for path in _stored(app) for e in _by_card(everything).get(
            app.scan.editions()[path.name][0].card_uuid, [])
        if not app.images.find(e.image_file))
    app.images.add(sibling.image_file, card.read_bytes())  # a reprint with the same art
    shot = _write(tmp_path, "generated.jpg", photo(card, random.Random(4), turn=2))
    [result] = build(str(scan_dir)).scan.scan([shot])
    assert result.status == "matched"
    uuids = {c.edition_uuid for c in result.candidates[:2]}
    assert sibling.edition_uuid in uuids
    assert result.candidates[0].score == result.candidates[1].score


def test_bad_photos_are_unreadable_and_the_others_still_scanned(
    scan_dir: Path, tmp_path: Path
) -> None:
    app = build(str(scan_dir))
    card = _stored(app)[1]
    good = _write(tmp_path, "generated.jpg", photo(card, random.Random(5)))
    bad = _write(tmp_path, "notes.jpg", b"not a photo")
    results = app.scan.scan([bad, tmp_path / "missing.jpg", good])
    assert [r.status for r in results] == ["unreadable", "unreadable", "matched"]
    assert "not an image" in results[0].message and "\n" not in results[0].message


def _all_editions(app: Application) -> dict[str, list]:  # type: ignore[type-arg]
    from app.store.reads.scan_editions import scan_editions

    found: dict[str, list] = {}  # type: ignore[type-arg]
    for e in scan_editions(app.store):
        found.setdefault(e.image_file, []).append(e)
    return found


def _by_card(editions: dict[str, list]) -> dict[str, list]:  # type: ignore[type-arg]
    found: dict[str, list] = {}  # type: ignore[type-arg]
    for eds in editions.values():
        for e in eds:
            found.setdefault(e.card_uuid, []).append(e)
    return found


@pytest.mark.parametrize(("seed", "which"), [(2001, 1), (4703, 3)])
def test_a_card_on_a_playmat_is_matched_by_its_own_border(
    scan_dir: Path, tmp_path: Path, seed: int, which: int
) -> None:
    # photos whose largest card-like outline ran from the card's border into the
    # playmat's edges: the card was then taken for the shape around it
    app = build(str(scan_dir))
    cards = _stored(app)
    shot = _write(tmp_path, "generated.jpg", photo(cards[which], random.Random(seed), cards))
    [result] = app.scan.scan([shot])
    assert result.status == "matched", result
    assert result.candidates[0].edition_uuid == \
        app.scan.editions()[cards[which].name][0].edition_uuid
