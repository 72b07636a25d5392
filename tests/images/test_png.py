"""The rounded PNGs' own encoder: any decoder reads back exactly the pixels given."""

from __future__ import annotations

import io
import zlib
from pathlib import Path

import pytest
from PIL import Image, ImageCms

from app.images import rounded_png
from app.images.png import BAND_ROWS, encode_rgba_png
from app.images.rounded import _round
from tests.conftest import CARD_IMAGES


def _noisy_rgba(size: tuple[int, int]) -> Image.Image:
    """Detail in every channel, alpha included, so every filtered byte differs."""
    image = Image.merge("RGB", [Image.effect_noise(size, sigma) for sigma in (30, 60, 90)])
    image.putalpha(Image.effect_noise(size, 120))
    return image


def _decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("size", [(1, 1), (1, 9), (9, 1), (3, BAND_ROWS),
                                  (7, BAND_ROWS + 1), (200, 2 * BAND_ROWS + 3)])
def test_every_pixel_reads_back_as_given(size: tuple[int, int]) -> None:
    image = _noisy_rgba(size)
    back = _decoded(encode_rgba_png(image))
    assert (back.format, back.mode, back.size) == ("PNG", "RGBA", size)
    assert back.tobytes() == image.tobytes()


def test_the_colour_profile_is_kept_as_pillow_keeps_it() -> None:
    image = _noisy_rgba((40, 30))
    image.info["icc_profile"] = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    ours, pillows = io.BytesIO(encode_rgba_png(image)), io.BytesIO()
    image.save(pillows, format="PNG")
    for out in (ours, pillows):
        out.seek(0)
    assert _decoded(ours.read()).info["icc_profile"] == _decoded(pillows.read()).info["icc_profile"]


def test_only_rgba_images_are_encoded() -> None:
    with pytest.raises(ValueError, match="RGBA"):
        encode_rgba_png(Image.new("RGB", (4, 4)))


def _info(path: Path) -> dict[str | tuple[int, int], object]:
    with Image.open(path) as image:
        return dict(image.info)


@pytest.mark.realdata
def test_real_rounded_cards_have_the_pixels_pillows_encoder_would_store() -> None:
    paths = sorted(CARD_IMAGES.glob("*.jpg"))
    profiled = [p for p in paths if "icc_profile" in _info(p)][:3]
    assert profiled, "some real card images carry a colour profile"
    for path in paths[::40] + profiled:
        data = path.read_bytes()
        expected = io.BytesIO()
        with Image.open(io.BytesIO(data)) as source:
            _round(source).save(expected, format="PNG", compress_level=1,
                                compress_type=zlib.Z_RLE)
        ours, pillows = _decoded(rounded_png(data)), _decoded(expected.getvalue())
        assert (ours.mode, ours.size) == (pillows.mode, pillows.size), path.name
        assert ours.tobytes() == pillows.tobytes(), path.name
        assert ours.info.get("icc_profile") == pillows.info.get("icc_profile"), path.name
