"""Line ends: texts written as each platform's users expect them, and read either way
(the policy in :mod:`app.files`)."""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import pytest

from app.decks import parse_pasted, parse_text, read_decklists
from app.files import open_replacing, platform_newline, write_text

DECKLIST = "# Material Deck\n1 Spirit of Wind\n\n# Main Deck\n4 Backstep\n3 Zephyr\n"


@pytest.mark.parametrize(("platform", "ends"), [
    ("win32", b"\r\n"), ("darwin", b"\n"), ("linux", b"\n")])
def test_a_decklist_gets_the_line_ends_of_the_platform(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str, ends: bytes) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    target = write_text(tmp_path / "deck.txt", DECKLIST)
    data = target.read_bytes()
    assert data == DECKLIST.encode().replace(b"\n", ends)
    assert platform_newline().encode() == ends


def test_a_text_pasted_with_windows_line_ends_gets_one_line_end_each(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    pasted = DECKLIST.replace("\n", "\r\n")
    data = write_text(tmp_path / "deck.txt", pasted).read_bytes()
    assert b"\r\r\n" not in data and data.count(b"\r\n") == DECKLIST.count("\n")
    monkeypatch.setattr(sys, "platform", "linux")
    assert write_text(tmp_path / "deck.txt", pasted).read_bytes() == DECKLIST.encode()


def test_a_chosen_line_end_is_kept_on_every_platform(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    assert write_text(tmp_path / "a.txt", "x\ny\n", newline="\n").read_bytes() == b"x\ny\n"


@pytest.mark.parametrize("platform", ["win32", "darwin", "linux"])
def test_csv_has_rfc_4180_line_ends_on_every_platform(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str) -> None:
    monkeypatch.setattr(sys, "platform", platform)
    target = tmp_path / "cards.csv"
    with open_replacing(target, text=True, newline="") as handle:
        writer = csv.writer(handle)
        writer.writerows([["name", "effect"], ["Backstep", "line one\nline two"]])
    assert target.read_bytes() == b'name,effect\r\nBackstep,"line one\nline two"\r\n'
    with target.open(newline="", encoding="utf-8") as back:
        assert list(csv.reader(back))[1] == ["Backstep", "line one\nline two"]


@pytest.mark.parametrize("ends", ["\r\n", "\n", "\r"])
def test_a_decklist_reads_the_same_whatever_its_line_ends(tmp_path: Path, ends: str) -> None:
    expected = parse_text(DECKLIST)
    assert len(expected.lines) == 3 and expected.problems == []
    text = DECKLIST.replace("\n", ends)
    (tmp_path / "deck.txt").write_bytes(text.encode())
    [read] = read_decklists(tmp_path / "deck.txt")
    assert (read.lines, read.problems) == (expected.lines, expected.problems)
    [pasted] = parse_pasted(text)
    assert pasted.lines == expected.lines


def test_a_decklist_written_on_windows_reads_back_on_linux(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    target = write_text(tmp_path / "deck.txt", DECKLIST)
    monkeypatch.setattr(sys, "platform", "linux")
    [read] = read_decklists(target)
    assert read.lines == parse_text(DECKLIST).lines
    assert read.lines[0].name == "Spirit of Wind"  # no "\r" left on a name
