"""app/own_files.py through app/files.py: no writer overwrites one of Archivist's own files
(the catalogue, the decks, the collection and their companions, the settings, the cache, the
logs, the backups, the image store), whatever name the target is given — a link, a hard
link, a path through ``..`` — and the refusal leaves everything as it was."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from app import own_files
from app.export import ExportOptions, run_export
from app.files import OwnFile, ZipWriter, put_in_place, replacing, write_bytes, write_text
from app.images.store import ImageStore
from app.paths import Paths, resolve_paths


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    """A protected installation whose collection, decks and catalogue files exist."""
    made = resolve_paths(tmp_path / "data").ensure()
    own_files.protect(made)
    for path in (made.collection_file, made.decks_file, made.catalogue_file):
        with sqlite3.connect(path) as conn:
            conn.execute("CREATE TABLE kept (x)")
        conn.close()
    return made


def _refused(target: Path | str, what: str) -> None:
    for write in (lambda: write_text(target, "x"), lambda: write_bytes(target, b"x"),
                  lambda: ZipWriter(Path(target))):
        with pytest.raises(OwnFile) as caught:
            write()
        assert caught.value.message == (f"{target} is {what}, which nothing may write over: "
                                        "choose another file")
        assert caught.value.status == 400  # exit status 2


def test_the_user_files_and_the_catalogue_are_refused_and_left_whole(paths: Paths) -> None:
    for path, what in ((paths.collection_file, "the collection"),
                       (paths.decks_file, "the kept decks"),
                       (paths.catalogue_file, "the catalogue")):
        before = path.read_bytes()
        _refused(path, f"Archivist's own file ({what})")
        for extra in ("-wal", "-shm", "-journal"):  # made or not: both refused
            _refused(Path(f"{path}{extra}"), f"Archivist's own file ({what})")
        assert path.read_bytes() == before
    assert sorted(p.name for p in paths.data.iterdir()) == [
        "cache", "catalogue.sqlite3", "collection.sqlite3", "decks.sqlite3", "images", "logs"]


def test_another_name_for_an_own_file_is_the_same_file(paths: Paths, tmp_path: Path) -> None:
    link = tmp_path / "owned.csv"
    link.symlink_to(paths.collection_file)
    _refused(link, "Archivist's own file (the collection)")
    hard = tmp_path / "hard.csv"
    os.link(paths.decks_file, hard)
    _refused(hard, "Archivist's own file (the kept decks)")
    dotted = paths.cache / ".." / "collection.sqlite3"
    _refused(dotted, "Archivist's own file (the collection)")
    folder_link = tmp_path / "there"
    folder_link.symlink_to(paths.data)
    _refused(folder_link / "catalogue.sqlite3", "Archivist's own file (the catalogue)")


def test_an_own_file_not_made_yet_and_the_settings_are_refused(tmp_path: Path) -> None:
    made = resolve_paths(tmp_path / "fresh")
    own_files.protect(made)
    _refused(made.collection_file, "Archivist's own file (the collection)")
    _refused(made.data / "archivist-gui.ini", "Archivist's own file (the window's settings)")
    assert not made.data.exists()


@pytest.mark.parametrize(("folder", "what"), [("cache", "the cache"), ("logs", "the logs"),
                                              ("backups", "the backups"),
                                              ("images", "the image store")])
def test_a_target_inside_an_own_folder_is_refused_even_before_the_folder_exists(
    paths: Paths, folder: str, what: str,
) -> None:
    _refused(paths.data / folder / "deep" / "x.csv", f"in Archivist's own folder ({what})")
    assert not (paths.data / folder / "deep").exists()


def test_a_target_among_the_search_bitmaps_is_refused(paths: Paths) -> None:
    from app.store.language.bitmap_files import folder

    _refused(folder(paths.catalogue_file) / "cards.bin", "in Archivist's own folder "
             "(the search's bitmaps)")


def test_a_file_renamed_into_place_is_checked_at_the_rename(paths: Paths) -> None:
    before = paths.collection_file.read_bytes()
    tmp = paths.data / ".part"
    tmp.write_bytes(b"rendered")
    with pytest.raises(OwnFile):
        put_in_place(tmp, paths.collection_file)
    assert not tmp.exists()
    assert paths.collection_file.read_bytes() == before
    with pytest.raises(OwnFile), replacing(paths.decks_file) as _:
        pytest.fail("the block runs only for a target that may be written")


def test_an_image_export_into_an_own_folder_or_zip_is_refused_before_any_work(
    paths: Paths, tmp_path: Path,
) -> None:
    images = ImageStore(paths.card_images)
    with pytest.raises(OwnFile, match="in Archivist's own folder \\(the cache\\)"):
        run_export([], ExportOptions(folder=paths.cache / "out"), images)
    with pytest.raises(OwnFile, match="Archivist's own file \\(the collection\\)"):
        run_export([], ExportOptions(zip_path=paths.collection_file), images)
    assert not (paths.cache / "out").exists()
    assert run_export([], ExportOptions(folder=tmp_path / "new" / "out"), images).complete
    assert (tmp_path / "new" / "out").is_dir()


def test_the_names_are_those_the_window_and_the_sync_use() -> None:
    from app.sync.engine import LOCK_FILE, STAGING_FILE

    assert own_files.SYNC_FILES == (STAGING_FILE, LOCK_FILE)
    source = Path(__file__).resolve().parents[1] / "app" / "gui" / "kit" / "settings_file.py"
    assert f'SETTINGS_FILE = "{own_files.SETTINGS_FILE}"' in source.read_text(encoding="utf-8")


def test_archivist_still_writes_its_own_cache_when_it_says_so(
    paths: Paths, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from app.gui.kit.clipboard import named_copy

    source = paths.card_images / "x.jpg"
    source.write_bytes(b"jpeg")

    def no_link(*_args: object) -> None:  # another file system: copied, not linked
        raise OSError("cross-device link")

    monkeypatch.setattr(os, "link", no_link)
    copy = named_copy(source, "Spirit of Fire.jpg", paths.cache / "drag")
    assert copy.read_bytes() == b"jpeg"
    with pytest.raises(OwnFile):
        write_bytes(paths.cache / "drag" / "Spirit of Fire.jpg", b"x")


def test_every_user_data_file_is_protected(paths: Paths) -> None:
    from app.collection.storage import COLLECTION_FILE
    from app.decks.storage import DECKS_FILE
    from app.events.storage import EVENTS_FILE

    for name in (COLLECTION_FILE, DECKS_FILE, EVENTS_FILE):
        assert name in own_files.USER_FILES
    events = paths.data / EVENTS_FILE
    for extra in ("", "-wal", "-shm", "-journal"):
        _refused(Path(f"{events}{extra}"), "Archivist's own file (the stored events)")


def test_an_installation_protected_while_a_target_is_checked_breaks_nothing(
        paths: Paths, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Another thread naming a new installation in the middle of a check (simulated: the
    check's own look at a file names one) neither breaks the check nor is lost."""
    real = own_files._identity
    done: list[int] = []

    def meanwhile(path: Path) -> tuple[int, int] | None:
        done.append(1)
        if len(done) == 2:  # once, in the middle of the first check's walk of the files
            own_files.protect(resolve_paths(tmp_path / "other0"))
        return real(path)

    monkeypatch.setattr(own_files, "_identity", meanwhile)
    _refused(paths.collection_file, "Archivist's own file (the collection)")
    assert own_files.own_file(tmp_path / "elsewhere.txt") is None
    monkeypatch.setattr(own_files, "_identity", real)
    assert own_files.own_file(tmp_path / "other0" / "collection.sqlite3") == (
        "Archivist's own file (the collection)")
    assert own_files.own_file(paths.collection_file) is not None  # still protected


def test_reset_forgets_every_installation(paths: Paths) -> None:
    own_files.reset()
    assert own_files.own_file(paths.collection_file) is None
    own_files.protect(paths)
    assert own_files.own_file(paths.collection_file) is not None
