"""Images a sync stores are whole, a broken stored one is fetched again, and nothing an
unfinished sync downloaded is visible (faults generated)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from app.catalogue import LocalCatalogue
from app.errors import NotFound, UpstreamError
from app.images.check import image_problem, stored_problem
from app.server.inprocess import dispatch
from app.store import Reader
from tests.sync.generated import tiny_jpeg
from tests.sync.servers import ServerProcess
from tests.sync.test_faults import sync

IMAGES = "^/cards/images/"


def _stored(mine: Path) -> dict[str, bytes]:
    folder = mine / "images" / "cards"
    return {p.name: p.read_bytes() for p in folder.glob("*.jpg")} if folder.is_dir() else {}


@pytest.mark.allow_log(r"^rejected ")
def test_cut_images_are_rejected_and_the_next_sync_stores_them_whole(
    tmp_path: Path, server: ServerProcess, upstream: Path
) -> None:
    mine = tmp_path / "mine"
    server.control([{"match": r"^/cards/images/gene0000(0[1-9]|10)\.jpg", "kind": "short",
                     "times": -1}])
    report = sync(mine, server.url, images="all")
    assert len(report.rejected) == 10
    assert all("cut short" in line for line in report.rejected)
    assert _stored(mine) == {}
    server.control()
    again = sync(mine, server.url, images="all")
    assert again.images == 10
    assert all(image_problem(data) is None for data in _stored(mine).values())


def test_a_broken_stored_image_is_fetched_again_and_rounded_works(
    tmp_path: Path, server: ServerProcess
) -> None:
    mine = tmp_path / "mine"
    server.control()
    sync(mine, server.url, images="all")
    victim = mine / "images" / "cards" / "gene000003.jpg"
    whole = victim.read_bytes()
    victim.write_bytes(whole[: len(whole) // 2])
    assert stored_problem(victim) is not None
    catalogue = LocalCatalogue.open(mine)
    response = dispatch(catalogue, "/cards/images/gene000003.jpg?rounded=true")
    assert response.status == 422 and b"error" in response.body  # not a 500
    catalogue.store.close()
    report = sync(mine, server.url, full=True)
    assert report.images == 1
    assert victim.read_bytes() == whole
    catalogue = LocalCatalogue.open(mine)
    assert dispatch(catalogue, "/cards/images/gene000003.jpg?rounded=true").status == 200
    catalogue.store.close()


def test_images_of_an_unfinished_sync_stay_invisible(
    tmp_path: Path, server: ServerProcess
) -> None:
    mine = tmp_path / "mine"
    server.control([{"match": IMAGES, "kind": "status", "status": 500, "after": 4,
                     "times": -1}])
    with pytest.raises(UpstreamError):
        sync(mine, server.url, images="all")
    catalogue = LocalCatalogue.open(mine)
    with pytest.raises(NotFound):
        catalogue.card_image("gene000001.jpg")
    assert dispatch(catalogue, "/cards/images/gene000001.jpg").status == 404
    catalogue.store.close()
    assert _stored(mine) == {}
    server.control()
    report = sync(mine, server.url, images="all")
    assert report.resumed and report.images + report.images_adopted == 10
    catalogue = LocalCatalogue.open(mine)
    assert len(catalogue.card_image("gene000001.jpg")) > 0
    assert len(Reader(catalogue.store).stored_images()) == 10
    catalogue.store.close()


@pytest.mark.allow_log(r"^rejected ")
def test_a_decompression_bomb_is_rejected(tmp_path: Path, server: ServerProcess) -> None:
    out = io.BytesIO()
    Image.new("1", (12_000, 12_000)).save(out, "PNG")
    bomb = out.getvalue()
    assert "more than the 40 million" in str(image_problem(bomb))
    assert image_problem(tiny_jpeg(3)) is None
    assert "cut short" in str(image_problem(tiny_jpeg(3)[:-40]))
    assert "announced" in str(image_problem(tiny_jpeg(3), content_length=99_999))


@pytest.mark.allow_log(r"^not copied: |^rejected ")
def test_a_bomb_or_cut_image_is_not_imported_and_a_stored_bomb_is_not_decoded(
    tmp_path: Path,
) -> None:
    from app.bootstrap import build
    from app.ingest import import_paths
    from tests.helpers.cards import make_card

    out = io.BytesIO()
    Image.new("1", (12_000, 12_000)).save(out, "PNG")
    folder = tmp_path / "images"
    folder.mkdir()
    (folder / "bomb.jpg").write_bytes(out.getvalue())
    (folder / "cut.jpg").write_bytes(tiny_jpeg(2)[:-50])
    (folder / "good.jpg").write_bytes(tiny_jpeg(2))
    cards = tmp_path / "cards.json"
    cards.write_text(__import__("json").dumps([make_card()]), encoding="utf-8")
    services = build(str(tmp_path / "data"))
    report = import_paths(services.store, [cards], folder, services.images)
    assert report.images == 1
    assert sorted(Path(p.source).name for p in report.rejected) == ["bomb.jpg", "cut.jpg"]
    services.images.add("bomb.jpg", out.getvalue())  # placed by hand: still never decoded
    response = dispatch(services.catalogue, "/cards/images/bomb.jpg?rounded=true")
    assert response.status == 422 and b"40 million" in response.body
