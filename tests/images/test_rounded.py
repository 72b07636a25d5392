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


def _photo(size: tuple[int, int] = (500, 700)) -> bytes:
    """A JPEG with detail everywhere (a gradient with noise), like a card's art."""
    gradient = Image.linear_gradient("L").resize(size)
    noise = Image.effect_noise(size, 60)
    image = Image.merge("RGB", (gradient, noise, gradient.transpose(Image.Transpose.ROTATE_180)))
    out = io.BytesIO()
    image.save(out, format="JPEG", quality=90)
    return out.getvalue()


def test_rounding_keeps_every_colour_and_only_fades_the_corners() -> None:
    data = _photo()
    source = Image.open(io.BytesIO(data)).convert("RGB")
    rounded = Image.open(io.BytesIO(rounded_png(data)))
    w, h = rounded.size
    r = corner_radius(w)
    assert rounded.convert("RGB").tobytes() == source.tobytes()  # lossless, colours untouched
    alpha = rounded.getchannel("A")
    body = [alpha.crop((r, 0, w - r, h)), alpha.crop((0, r, w, h - r))]
    assert all(part.getextrema() == (255, 255) for part in body)  # opaque outside the corners
    corners = [alpha.crop(box) for box in
               ((0, 0, r, r), (w - r, 0, w, r), (0, h - r, r, h), (w - r, h - r, w, h))]
    top_left = corners[0]
    assert top_left.getpixel((0, 0)) == 0 and top_left.getpixel((r - 1, r - 1)) == 255
    assert any(0 < v < 255 for v in top_left.tobytes())  # anti-aliased edge, not a staircase
    mirrored = [top_left.transpose(flip) for flip in (Image.Transpose.FLIP_LEFT_RIGHT,
                                                      Image.Transpose.FLIP_TOP_BOTTOM,
                                                      Image.Transpose.ROTATE_180)]
    assert [c.tobytes() for c in corners[1:]] == [m.tobytes() for m in mirrored]
