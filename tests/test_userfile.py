"""app/userfile.py: a folder, a FIFO or a device where a user data file belongs is refused
with one sentence naming the file, never read as an empty collection or decks list."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from app.collection import CollectionStore
from app.decks import DeckStore
from app.errors import StoreError, UnusableUserFile
from app.userfile import check_user_file
from tests.helpers.hang_guard import within


def _folder(path: Path) -> str:
    path.mkdir()
    return "a folder"


def _fifo(path: Path) -> str:
    os.mkfifo(path)
    return "a named pipe (FIFO)"


def _device(path: Path) -> str:
    path.symlink_to("/dev/null")
    return "a device"


KINDS = [pytest.param(_folder, id="folder"),
         pytest.param(_fifo, id="fifo", marks=pytest.mark.skipif(
             not hasattr(os, "mkfifo"), reason="needs FIFOs")),
         pytest.param(_device, id="link-to-device", marks=pytest.mark.skipif(
             not Path("/dev/null").exists(), reason="needs /dev/null"))]




@pytest.mark.parametrize("make", KINDS)
def test_a_collection_file_that_is_no_file_is_refused_not_read_as_empty(
    tmp_path: Path, make: Callable[[Path], str],
) -> None:
    path = tmp_path / "collection.sqlite3"
    store = CollectionStore(path)  # no file yet: made on the first write
    kind = make(path)
    expected = (f"The collection file {path} is {kind}, not a regular file: move it out of "
                "the way (Archivist then starts an empty one) or put the file back")
    for work in (lambda: CollectionStore(path), store.entries, store.owned, store.undo_label,
                 store.undo, lambda: store.change([], "add")):
        error = within(20, work)
        assert isinstance(error, UnusableUserFile) and isinstance(error, StoreError)
        assert (error.message, error.path, error.status) == (expected, path, 400)


@pytest.mark.parametrize("make", KINDS)
def test_a_decks_file_that_is_no_file_is_refused_when_opened(
    tmp_path: Path, make: Callable[[Path], str],
) -> None:
    path = tmp_path / "decks.sqlite3"
    kind = make(path)
    error = within(20, lambda: DeckStore(path))
    assert isinstance(error, UnusableUserFile)
    assert error.message.startswith(f"The decks file {path} is {kind}, not a regular file")


def test_a_missing_file_is_absent_and_a_regular_one_present(tmp_path: Path) -> None:
    path = tmp_path / "collection.sqlite3"
    assert check_user_file(path, "the collection file") is False
    assert CollectionStore(path).entries() == []
    path.write_bytes(b"")
    assert check_user_file(path, "the collection file") is True
    (tmp_path / "link.sqlite3").symlink_to(path)
    assert check_user_file(tmp_path / "link.sqlite3", "the collection file") is True
