"""Rounded corners: transparent outside the card's corner radius, opaque inside, cached by size."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from app.images import corner_radius, rounded_png, rounded_thumbnail
from app.images.cache import RoundedCache


def _jpeg(
    size: tuple[int, int] = (500, 700), colour: tuple[int, int, int] = (200, 30, 30)
) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, format="JPEG")
    return out.getvalue()


def test_radius_is_in_proportion_to_a_printed_card() -> None:
    assert corner_radius(630) == 30  # 3 mm of 63 mm
    assert corner_radius(63) == 3
    assert corner_radius(5) == 1


def test_rounded_png_has_transparent_corners_and_an_opaque_body() -> None:
    image = Image.open(io.BytesIO(rounded_png(_jpeg())))
    assert (image.format, image.mode, image.size) == ("PNG", "RGBA", (500, 700))
    for corner in [(0, 0), (499, 0), (0, 699), (499, 699)]:
        assert image.getpixel(corner)[3] == 0
    assert image.getpixel((250, 0))[3] == 255  # edge midpoint: not rounded away
    assert image.getpixel((250, 350)) == (200, 30, 30, 255) or image.getpixel((250, 350))[3] == 255


def test_rounded_png_can_scale_down() -> None:
    image = Image.open(io.BytesIO(rounded_png(_jpeg(), width=250)))
    assert image.size == (250, 350)


def test_thumbnail_fits_the_box() -> None:
    thumb = rounded_thumbnail(_jpeg(), 150, 210)
    assert thumb.mode == "RGBA" and thumb.size[0] <= 150 and thumb.size[1] <= 210
    assert thumb.getpixel((0, 0))[3] == 0


def test_cache_is_keyed_by_name_and_size(tmp_path: Path) -> None:
    cache = RoundedCache(tmp_path / "rounded")
    source = tmp_path / "card.jpg"
    source.write_bytes(_jpeg(colour=(10, 200, 10)))
    first = cache.rounded(source)
    assert cache.entry(source).is_file()
    assert cache.rounded(source) == first
    source.write_bytes(_jpeg(size=(400, 560)))  # replaced image: new size, new entry
    second = Image.open(io.BytesIO(cache.rounded(source)))
    assert second.size == (400, 560)
    assert len(list((tmp_path / "rounded").glob("card-*.png"))) == 2
