"""Exported file names checked against Windows' rules with ``ntpath``, on any platform.

The rules (Microsoft's "Naming Files, Paths, and Namespaces"): no ``< > : " / \\ | ? *`` nor
control characters; no device name (CON, PRN, AUX, NUL, COM1…9, LPT1…9, also before an
extension and before trailing spaces); no trailing dot or space; the whole path within 260
characters (259 and the terminating NUL); names compared without case in one folder.
"""

from __future__ import annotations

import ntpath
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.export.jobs import ExportOptions, assign_jobs
from app.export.naming import (
    MAX_NAME_BYTES,
    MAX_PATH_CHARS,
    numbered,
    render_name,
    safe_filename,
)
from app.export.plan import ExportItem
from app.export.report import ExportReport

DEVICES = {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"} | {
    f"{kind}{digit}" for kind in ("COM", "LPT") for digit in "123456789¹²³"}
WINDOWS_FOLDER = "C:\\Users\\Zoë Quinn\\Documents\\Grand Archive\\exports"


def windows_problems(name: str, folder: str = WINDOWS_FOLDER) -> list[str]:
    """What Windows would refuse about ``name`` in ``folder`` (nothing: an empty list)."""
    problems = []
    if ntpath.basename(name) != name or ntpath.splitdrive(name)[0]:
        problems.append("not one name")
    if any(c in '<>:"/\\|?*' or ord(c) < 32 for c in name):
        problems.append("a forbidden character")
    if name.endswith((".", " ")) or not name:
        problems.append("ends with a dot or space")
    if ntpath.splitext(name)[0].split(".")[0].rstrip(" ").upper() in DEVICES:
        problems.append("a device name")
    if len(ntpath.join(folder, name)) > MAX_PATH_CHARS:
        problems.append("a path over 259 characters")
    return problems


@pytest.mark.parametrize("stem", [
    "CON", "con", "Nul", "aux ", "COM1", "lpt9", "COM¹", "CONIN$", "nul.tar", "PRN  ",
    "trailing...", "dots. . .", " spaced ", "a:b", "who?", "C:", "..", ".", "",
    "\ud800lone", "x" * 400, "ü" * 400,
])
def test_a_hostile_stem_gives_a_name_windows_takes(stem: str) -> None:
    name = safe_filename(stem, ".png")
    assert windows_problems(name) == [], name
    assert name.endswith(".png")


def test_the_cases_windows_refuses_are_seen_by_the_checker() -> None:
    # The checker itself finds what it is there to find.
    assert windows_problems("CON.png") == ["a device name"]
    assert windows_problems("com1 .txt") == ["a device name"]
    assert windows_problems("card.") == ["ends with a dot or space"]
    assert windows_problems("a" * 250 + ".png") == ["a path over 259 characters"]


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(codec=None), max_size=300),
       st.sampled_from([".png", ".jpg", ""]))
def test_any_stem_gives_a_name_every_platform_takes(stem: str, extension: str) -> None:
    name = safe_filename(stem, extension)
    assert windows_problems(name) == []
    assert len(name.encode("utf-8")) <= MAX_NAME_BYTES  # Linux, macOS: 255 bytes a name
    assert unicodedata.is_normalized("NFC", name)  # macOS stores names in one form
    assert name.endswith(extension)


def item(name: str, number: str = "001", prefix: str = "DOA 1st") -> ExportItem:
    return ExportItem(uuid=f"u-{name}-{number}", card_slug=name.lower(), name=name,
                      edition_slug=name.lower(), set_prefix=prefix, collector_number=number,
                      rarity=1, image_file=f"{name}.jpg")


def test_names_that_differ_only_in_case_get_distinct_files(tmp_path: Path) -> None:
    options = ExportOptions(folder=tmp_path, template="{name}")
    found = [(item("Spirit"), tmp_path), (item("SPIRIT"), tmp_path),
             (item("spirit"), tmp_path), (item("Spırit"), tmp_path)]
    names = [job.name for job in assign_jobs(found, options, ExportReport(total=4))]
    assert names[:3] == ["Spirit.jpg", "SPIRIT (2).jpg", "spirit (3).jpg"]
    assert len({ntpath.normcase(n) for n in names}) == len(names)


def test_names_in_nfd_and_nfc_are_one_name(tmp_path: Path) -> None:
    # macOS compares names in one normal form: "Zoë" typed two ways is one file there.
    options = ExportOptions(folder=tmp_path, template="{name}")
    found = [(item("Zo\u00eb"), tmp_path), (item("Zoe\u0308"), tmp_path)]
    names = [job.name for job in assign_jobs(found, options, ExportReport(total=2))]
    assert names == ["Zo\u00eb.jpg", "Zo\u00eb (2).jpg"]


@pytest.mark.parametrize(("collision", "name", "kept", "written"), [
    ("rename", "SPIRIT (2).jpg", None, {"spirit.jpg", "SPIRIT (2).jpg"}),
    ("replace", "SPIRIT.jpg", None, {"spirit.jpg"}),
    ("skip", "SPIRIT.jpg", "spirit.jpg", {"spirit.jpg"}),
])
def test_an_existing_file_in_another_case_is_that_file_on_every_platform(
        tmp_path: Path, collision: str, name: str, kept: str | None, written: set[str]) -> None:
    # On Linux "SPIRIT.jpg" could sit beside "spirit.jpg"; copied to Windows or macOS
    # one would overwrite the other. The export treats them as one file everywhere.
    (tmp_path / "spirit.jpg").write_bytes(b"there before")
    options = ExportOptions(folder=tmp_path, template="{name}", collision=collision)
    report = ExportReport(total=1)
    [job] = assign_jobs([(item("SPIRIT"), tmp_path)], options, report)
    assert job.name == name
    assert [p.name for p in report.kept] == ([kept] if kept else [])
    targets = {p.name for p in tmp_path.iterdir()} | ({job.target.name} if job.target else set())
    assert targets == written


def test_a_deep_folder_gets_names_that_keep_the_path_within_260(tmp_path: Path) -> None:
    deep = tmp_path / ("d" * (199 - len(str(tmp_path))))
    assert len(str(deep)) == 200
    long_name = "Tristan, Underhanded " * 6
    options = ExportOptions(folder=deep, template="{name}", collision="rename")
    found = [(item(long_name), tmp_path), (item(long_name, "002"), tmp_path)]
    jobs = assign_jobs(found, options, ExportReport(total=2))
    for job in jobs:
        assert job.target is not None
        assert len(str(job.target)) <= MAX_PATH_CHARS
        assert windows_problems(job.name, str(deep)) == []
    assert jobs[1].name.endswith(" (2).jpg") and jobs[0].name.endswith(".jpg")


def test_a_numbered_name_stays_within_the_limit_keeping_number_and_extension() -> None:
    name = render_name("{name}", {"name": "n" * 300}, ".png", max_chars=60)
    assert len(name) == 60
    again = numbered(name, 12, max_chars=60)
    assert len(again) == 60 and again.endswith("n (12).png")
