"""The image store never resolves a name that is not a plain file name."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import InvalidRequest, NotFound
from app.images import ImageStore, is_plain_filename
from tests.sync.generated import tiny_jpeg


@pytest.mark.parametrize(
    "name",
    [
        "..",
        "../x.jpg",
        "a/b.jpg",
        "a\\b.jpg",
        "/etc/passwd",
        "x\x00.jpg",
        ".hidden.jpg",
        "C:evil.jpg",
        "x" * 300 + ".jpg",
        "",
    ],
)
def test_hostile_names_are_not_plain(name: str) -> None:
    assert not is_plain_filename(name)


@pytest.mark.parametrize("name", ["gx83sfhvfi.jpg", "RDO.png", "spirit-of-fire-doa1e-001.jpg"])
def test_api_file_names_are_plain(name: str) -> None:
    assert is_plain_filename(name)


def test_read_add_and_copy(tmp_path: Path) -> None:
    store = ImageStore(tmp_path / "store")
    with pytest.raises(NotFound):
        store.read("missing.jpg")
    with pytest.raises(InvalidRequest):
        store.read("../secret.jpg")
    store.add("a.jpg", b"abc")
    assert store.read("a.jpg") == b"abc"
    source = tmp_path / "src"
    source.mkdir()
    jpeg = tiny_jpeg(1)  # a whole image: a cut or fake one is not copied
    (source / "b.jpg").write_bytes(jpeg)
    (source / "notes.txt").write_text("not an image")
    assert store.copy_from(source) == [("b.jpg", len(jpeg))]
    assert store.find("b.jpg") == store.folder / "b.jpg"
    assert not list(store.folder.glob("*.part"))
