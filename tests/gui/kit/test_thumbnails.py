"""Thumbnails: worker-made QImages, newest request first, disk cache (app/gui/kit/thumbnails.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionViewItem
from pytestqt.qtbot import QtBot

from app.bootstrap import Application
from app.catalogue.base import CardSummary
from app.gui.kit.thumbnails import ThumbnailProvider, ThumbState
from app.gui.search.result_model import ResultModel
from app.gui.search.tile_delegate import TileDelegate

pytestmark = pytest.mark.realdata
W, H = 146, 204


@pytest.fixture
def provider(real_services: Application) -> Iterator[ThumbnailProvider]:
    made = ThumbnailProvider(real_services.catalogue.card_image_path,
                             real_services.paths.thumbnails, threads=1)
    yield made
    made.shutdown()


def with_and_without_image(services: Application) -> tuple[list[CardSummary], list[CardSummary]]:
    rows = [hit for hit in services.catalogue.query("").hits if isinstance(hit, CardSummary)]
    return [r for r in rows if r.has_image], [r for r in rows if not r.has_image]


def test_a_stored_image_becomes_a_rounded_thumbnail(
    qtbot: QtBot, provider: ThumbnailProvider, real_services: Application
) -> None:
    hit = with_and_without_image(real_services)[0][0]
    assert provider.image(hit.image_file, W, H) is None
    assert provider.state(hit.image_file, W, H) == ThumbState.PENDING
    with qtbot.waitSignal(provider.ready, timeout=10_000) as signal:
        pass
    assert signal.args == [ThumbnailProvider.key(hit.image_file, W, H)]
    image = provider.image(hit.image_file, W, H)
    assert isinstance(image, QImage) and not image.isNull()
    assert image.width() <= W and image.height() <= H and max(image.width() - W,
                                                               image.height() - H) == 0
    assert image.pixelColor(0, 0).alpha() == 0  # a rounded, transparent corner
    cached = real_services.paths.thumbnails / f"{W}x{H}" / hit.image_file.replace(".jpg", ".png")
    assert cached.is_file()

    again = ThumbnailProvider(real_services.catalogue.card_image_path,
                              real_services.paths.thumbnails)
    try:  # a new provider (a new run) reads the disk cache
        again.image(hit.image_file, W, H)
        qtbot.waitUntil(lambda: again.state(hit.image_file, W, H) == ThumbState.READY)
        assert again.image(hit.image_file, W, H).size() == image.size()  # type: ignore[union-attr]
    finally:
        again.shutdown()


def test_an_unstored_image_is_known_missing(qtbot: QtBot, provider: ThumbnailProvider) -> None:
    with qtbot.waitSignal(provider.ready, timeout=10_000):
        assert provider.image("notstored.jpg", W, H) is None
    assert provider.state("notstored.jpg", W, H) == ThumbState.MISSING
    assert provider.image("notstored.jpg", W, H) is None
    assert provider.is_idle()


def test_the_newest_request_is_made_first(
    qtbot: QtBot, provider: ThumbnailProvider, real_services: Application
) -> None:
    files = [r.image_file for r in with_and_without_image(real_services)[0][:5]]
    order: list[str] = []
    provider.ready.connect(order.append)
    for name in files:  # the first starts at once (one thread); the rest wait
        provider.image(name, 60, 84)
    qtbot.waitUntil(provider.is_idle, timeout=20_000)
    assert order == [ThumbnailProvider.key(n, 60, 84) for n in [files[0], *files[:0:-1]]]


def test_tiles_get_an_image_or_the_placeholder(
    qtbot: QtBot, provider: ThumbnailProvider, real_services: Application
) -> None:
    with_image, without = with_and_without_image(real_services)
    model = ResultModel(provider, QSize(W, H))
    model.set_results("", [with_image[0], without[0]])
    changed: list[int] = []
    model.dataChanged.connect(lambda top, _bottom, _roles: changed.append(top.row()))
    image_index, plain_index = model.index(0), model.index(1)
    assert model.data(image_index, ResultModel.ThumbnailRole) is None  # asks for it
    qtbot.waitUntil(lambda: model.data(image_index, ResultModel.ThumbnailRole) is not None)
    assert not model.data(image_index, ResultModel.ThumbnailRole).isNull()
    assert model.data(image_index, Qt.ItemDataRole.DecorationRole) is not None
    assert changed == [0]  # only the row of that thumbnail repaints
    assert model.data(plain_index, ResultModel.ThumbnailRole) is None
    assert model.data(plain_index, ResultModel.ThumbStateRole) == ThumbState.MISSING

    # the delegate draws a placeholder card for the tile without an image
    delegate = TileDelegate(QSize(W, H))
    option = QStyleOptionViewItem()
    size = delegate.sizeHint(option, plain_index)
    canvas = QImage(size, QImage.Format.Format_ARGB32)
    canvas.fill(QColor("white"))
    option.rect = QRect(0, 0, size.width(), size.height())
    painter = QPainter(canvas)
    delegate.paint(painter, option, plain_index)
    painter.end()
    centre = canvas.pixelColor(size.width() // 2, 20)
    assert centre != QColor("white")  # the card body is painted
    assert len({canvas.pixel(x, y) for x in range(0, size.width(), 4)
                for y in range(0, size.height(), 4)}) > 5
    assert model.rowCount(QModelIndex()) == 2


def test_memory_is_bounded_in_bytes_and_missing_images_are_asked_again(
    qtbot: QtBot, real_services: Application
) -> None:
    one_thumbnail = W * H * 4
    small = ThumbnailProvider(real_services.catalogue.card_image_path,
                              real_services.paths.thumbnails, threads=1,
                              memory_bytes=2 * one_thumbnail + 1)
    try:
        hits, misses = with_and_without_image(real_services)
        for hit in hits[:4]:
            small.image(hit.image_file, W, H)
        qtbot.waitUntil(small.is_idle, timeout=20_000)
        ready = [h for h in hits[:4] if small.state(h.image_file, W, H) is ThumbState.READY]
        assert len(ready) == 2  # the two newest; the older ones were let go
        small.image(misses[0].image_file, W, H)
        qtbot.waitUntil(small.is_idle, timeout=20_000)
        assert small.state(misses[0].image_file, W, H) is ThumbState.MISSING
        small.forget_missing()
        assert small.state(misses[0].image_file, W, H) is ThumbState.NONE
    finally:
        small.shutdown()
