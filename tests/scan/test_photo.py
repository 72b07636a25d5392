"""Reading a photo: every bad input is one plain line, a large photo is downscaled."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from PIL import Image

from app.scan import photo
from app.scan.photo import WORK_SIDE, Unreadable, read_photo


def _jpeg(size: tuple[int, int]) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (120, 80, 40)).save(buffer, "JPEG")
    return buffer.getvalue()


def test_a_50_megapixel_photo_is_downscaled_not_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.jpg"
    big.write_bytes(_jpeg((8660, 5774)))
    image = read_photo(big)
    assert max(image.size) <= WORK_SIDE and image.mode == "RGB"


def test_a_heic_photo_is_read(tmp_path: Path) -> None:
    pillow_heif = pytest.importorskip("pillow_heif")
    pillow_heif.register_heif_opener()
    heic = tmp_path / "phone.heic"
    Image.new("RGB", (400, 300), (10, 200, 30)).save(heic, "HEIF")
    assert read_photo(heic).size == (400, 300)


@pytest.mark.parametrize(("content", "said"), [
    (b"", "empty"),
    (b"hello, not a photo", "not an image"),
    (None, "truncated"),
    ("gif", "animation"),
])
def test_a_bad_file_is_unreadable_with_why(tmp_path: Path, content: object, said: str) -> None:
    target = tmp_path / "photo.jpg"
    if content is None:
        target.write_bytes(_jpeg((600, 800))[:2000])
    elif content == "gif":
        frames = [Image.new("RGB", (50, 50), (i * 80, 0, 0)) for i in range(3)]
        frames[0].save(target, "GIF", save_all=True, append_images=frames[1:])
    else:
        assert isinstance(content, bytes)
        target.write_bytes(content)
    with pytest.raises(Unreadable, match=said):
        read_photo(target)


def test_a_folder_or_fifo_named_as_a_photo_is_unreadable(tmp_path: Path) -> None:
    with pytest.raises(Unreadable, match="a folder"):
        read_photo(tmp_path)
    fifo = tmp_path / "pipe.jpg"
    os.mkfifo(fifo)
    with pytest.raises(Unreadable, match="FIFO"):
        read_photo(fifo)


def test_a_decompression_bomb_is_refused_before_decoding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(photo, "MAX_PHOTO_PIXELS", 100_000)
    target = tmp_path / "bomb.png"
    Image.new("L", (1000, 1000)).save(target, "PNG")
    with pytest.raises(Unreadable, match="pixels"):
        read_photo(target)


def test_without_the_scanner_libraries_a_scan_is_one_plain_error(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    from app.errors import InvalidRequest
    from app.scan.service import require_libraries

    monkeypatch.setitem(sys.modules, "cv2", None)  # as in a bundle without OpenCV
    with pytest.raises(InvalidRequest, match=r"needs OpenCV.*cv2.*pip install"):
        require_libraries()
