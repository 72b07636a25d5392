"""Exporting a real search result: names, formats, sizes, collisions, cancel, ZIP."""

from __future__ import annotations

import threading
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from app.bootstrap import Application
from app.export import ExportItem, ExportOptions, Progress, plan_query, run_export
from app.export.naming import MAX_NAME_CHARS
from tests.export.conftest import CHAMPIONS
from tests.export.test_naming import assert_safe

pytestmark = pytest.mark.realdata


def expected_names(items: list[ExportItem], extension: str) -> list[str]:
    return [f"{i.set_prefix}-{i.collector_number}-{i.placeholders()['rarity']}-{i.card_slug}"
            f"{extension}" for i in items]


def no_partial_files(folder: Path) -> bool:
    return not [p for p in folder.rglob("*") if p.name.endswith(".part")]


def test_original_jpegs_of_a_real_search(real: Application, fire: list[ExportItem],
                                         tmp_path: Path) -> None:
    report = run_export(fire, ExportOptions(folder=tmp_path), real.images)
    assert report.complete and report.total == 13
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(expected_names(fire, ".jpg"))
    assert (tmp_path / "FTC-001-UR-spirit-of-serene-fire.jpg").is_file()
    for item in fire:
        out = tmp_path / expected_names([item], ".jpg")[0]
        assert out.read_bytes() == real.images.read(item.image_file)  # the original bytes
        with Image.open(out) as image:
            assert image.format == "JPEG" and image.width == 500


def test_rounded_pngs_of_a_real_search(real: Application, fire: list[ExportItem],
                                       tmp_path: Path) -> None:
    options = ExportOptions(folder=tmp_path, format="png-rounded", workers=2)
    seen: list[Progress] = []
    report = run_export(fire, options, real.images, progress=seen.append)
    assert report.complete and len(report.written) == 13
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(expected_names(fire, ".png"))
    assert [p.done for p in seen] == list(range(1, 14)) and seen[-1].total == 13
    for path in report.written:
        with Image.open(path) as image:
            assert image.format == "PNG" and image.mode == "RGBA"
            assert image.size in ((500, 700), (500, 698))
            w, h = image.size
            for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
                assert image.getpixel(corner)[3] == 0  # transparent corners
            assert image.getpixel((w // 2, h // 2))[3] == 255
            assert image.getpixel((w // 2, 0))[3] == 255  # only the corners


@pytest.mark.parametrize("fmt, width, size, mode", [
    ("png-rounded", 200, (200, 280), "RGBA"),
    ("png-rounded", 800, (800, 1120), "RGBA"),
    ("jpeg", 250, (250, 350), "RGB"),
    ("jpeg", 1000, (1000, 1400), "RGB"),
])
def test_a_chosen_width(real: Application, fire: list[ExportItem], tmp_path: Path, fmt: str,
                        width: int, size: tuple[int, int], mode: str) -> None:
    report = run_export(fire[:3], ExportOptions(folder=tmp_path, format=fmt, width=width),
                        real.images)
    assert len(report.written) == 3
    for path in report.written:
        with Image.open(path) as image:
            assert image.size == size and image.mode == mode


def test_images_not_stored_are_listed_as_missing(real: Application, tmp_path: Path) -> None:
    items = plan_query(real.store, CHAMPIONS)
    report = run_export(items, ExportOptions(folder=tmp_path), real.images)
    assert len(report.written) == 5 and not report.complete
    assert [p.item.collector_number for p in report.missing] == ["004B"]
    assert "not stored" in report.missing[0].reason
    assert "1 missing" in report.summary()


@pytest.mark.parametrize("policy", ["skip", "replace", "rename"])
def test_a_collision_follows_the_policy(real: Application, fire: list[ExportItem],
                                        tmp_path: Path, policy: str) -> None:
    existing = tmp_path / "FTC-001-UR-spirit-of-serene-fire.jpg"
    existing.write_bytes(b"old")
    report = run_export(fire[:2], ExportOptions(folder=tmp_path, collision=policy),
                        real.images)
    assert report.complete
    names = sorted(p.name for p in tmp_path.iterdir())
    if policy == "skip":
        assert existing.read_bytes() == b"old" and report.kept == [existing]
        assert len(report.written) == 1
    elif policy == "replace":
        assert existing.read_bytes() == real.images.read(fire[0].image_file)
        assert report.replaced == 1 and len(names) == 2
    else:
        assert existing.read_bytes() == b"old" and report.renamed == 1
        renamed = tmp_path / "FTC-001-UR-spirit-of-serene-fire (2).jpg"
        assert renamed.read_bytes() == real.images.read(fire[0].image_file)
        assert len(names) == 3


def test_two_editions_with_one_name_both_get_a_file(real: Application, fire: list[ExportItem],
                                                    tmp_path: Path) -> None:
    report = run_export(fire[:3], ExportOptions(folder=tmp_path, template="{set_prefix}"),
                        real.images)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["FTC (2).jpg", "FTC (3).jpg",
                                                         "FTC.jpg"]
    assert report.renamed == 2


def test_hostile_names_are_written_safely_inside_the_folder(
        real: Application, fire: list[ExportItem], tmp_path: Path) -> None:
    hostile = ["../../escape", "/etc/passwd", "C:\\x", "a:b", "CON", "nul.txt", "LPT1",
               "..", "x" * 500, "what?*<>|\"", "  spaced. "]
    items = [replace(fire[0], name=name) for name in hostile]
    out = tmp_path / "out"
    report = run_export(items, ExportOptions(folder=out, template="{name}",
                                             format="png-rounded", width=64), real.images)
    assert report.complete and len(report.written) == len(hostile)
    assert sorted(tmp_path.iterdir()) == [out]  # nothing outside the folder
    for path in report.written:
        assert path.parent == out
        assert_safe(path.name)
        assert len(path.name) <= MAX_NAME_CHARS + len(" (99)")
    assert (out / "_CON.png").is_file() and (out / "_nul.txt.png").is_file()


def test_cancel_midway_leaves_only_whole_files(real: Application, fire: list[ExportItem],
                                               tmp_path: Path) -> None:
    cancel = threading.Event()

    def progress(step: Progress) -> None:
        if step.done == 3:
            cancel.set()

    options = ExportOptions(folder=tmp_path / "files", zip_path=tmp_path / "all.zip",
                            format="png-rounded", workers=2)
    report = run_export(fire, options, real.images, progress=progress, cancel=cancel)
    assert report.cancelled and "Cancelled" in report.summary()
    written = sorted((tmp_path / "files").iterdir())
    assert 3 <= len(written) < 13 and written == sorted(report.written)
    for path in written:
        with Image.open(path) as image:
            image.load()  # whole: decodes to the last row
    assert no_partial_files(tmp_path)
    assert not (tmp_path / "all.zip").exists() and report.zip_path is None


def test_cancel_midway_without_a_zip_leaves_only_whole_files(
        real: Application, fire: list[ExportItem], tmp_path: Path) -> None:
    cancel = threading.Event()  # the workers write the files: those in flight are dropped

    def progress(step: Progress) -> None:
        if step.done == 2:
            cancel.set()

    options = ExportOptions(folder=tmp_path / "files", format="png-rounded", workers=2)
    report = run_export(fire, options, real.images, progress=progress, cancel=cancel)
    assert report.cancelled
    written = sorted((tmp_path / "files").iterdir())
    assert 2 <= len(written) < 13 and written == sorted(report.written)
    for path in written:
        with Image.open(path) as image:
            image.load()
    assert no_partial_files(tmp_path)


def test_one_zip_file(real: Application, fire: list[ExportItem], tmp_path: Path) -> None:
    target = tmp_path / "fire.zip"
    report = run_export(fire, ExportOptions(zip_path=target, format="png-rounded"),
                        real.images)
    assert report.complete and report.zip_path == target and report.zipped == 13
    assert [p.name for p in tmp_path.iterdir()] == ["fire.zip"]
    with zipfile.ZipFile(target) as archive:
        assert archive.testzip() is None
        assert sorted(archive.namelist()) == sorted(expected_names(fire, ".png"))
        with archive.open(archive.namelist()[0]) as member, Image.open(member) as image:
            assert image.mode == "RGBA"


def test_an_existing_zip_follows_the_policy(real: Application, fire: list[ExportItem],
                                            tmp_path: Path) -> None:
    target = tmp_path / "fire.zip"
    target.write_bytes(b"old")
    kept = run_export(fire[:1], ExportOptions(zip_path=target), real.images)
    assert target.read_bytes() == b"old" and kept.kept == [target]
    renamed = run_export(fire[:1], ExportOptions(zip_path=target, collision="rename"),
                         real.images)
    assert renamed.zip_path == tmp_path / "fire (2).zip" and target.read_bytes() == b"old"


def test_files_get_the_usual_permissions(real: Application, fire: list[ExportItem],
                                         tmp_path: Path) -> None:
    import os
    import stat

    if os.name != "posix":
        pytest.skip("POSIX permissions")
    report = run_export(fire[:1], ExportOptions(folder=tmp_path), real.images)
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(report.written[0].stat().st_mode) == 0o666 & ~mask


def test_a_write_that_fails_leaves_no_temporary_file(tmp_path: Path) -> None:
    from app.files import write_bytes

    with pytest.raises(TypeError):
        write_bytes(tmp_path / "x.png", object())  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_an_unreadable_image_is_reported_as_failed(real: Application, fire: list[ExportItem],
                                                   tmp_path: Path) -> None:
    from app.images import ImageStore

    store = ImageStore(tmp_path / "store")
    store.add(fire[0].image_file, b"not a jpeg")
    report = run_export(fire[:1], ExportOptions(folder=tmp_path / "out",
                                                format="png-rounded"), store)
    assert report.failed and "cannot render" in report.failed[0].reason
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_rounded_pngs_onto_a_full_disk_name_each_file_that_did_not_fit(
        real: Application, fire: list[ExportItem], tmp_path: Path) -> None:
    from tests.helpers.smallfs import small_fs

    with small_fs(tmp_path / "small", size="3m") as small:  # room for a few of the 13
        options = ExportOptions(folder=small / "out", format="png-rounded", workers=2)
        report = run_export(fire, options, real.images)
        assert report.written and report.failed
        assert len(report.written) + len(report.failed) == 13
        for problem in report.failed:
            assert problem.reason.startswith("cannot write ") and "the disk is full (" in \
                problem.reason
        assert sorted((small / "out").iterdir()) == sorted(report.written)  # no .part left
        for path in report.written:
            with Image.open(path) as image:
                image.load()  # whole: decodes to the last row
