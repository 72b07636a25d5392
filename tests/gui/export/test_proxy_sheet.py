"""Proxy sheets: 3 × 3 cards per page at 63 × 88 mm, page sizes, cut marks, bleed, labels."""

from __future__ import annotations

import math
import re
import threading
from pathlib import Path

import pytest
from pypdf import PdfReader

from app.errors import InvalidRequest
from app.export import ProxyText
from app.gui.export.proxy_sheet import SheetCard, card_rects, write_proxy_sheet
from tests.conftest import CARD_IMAGES

pytestmark = [pytest.mark.realdata, pytest.mark.usefixtures("qapp")]
MM_PER_PT = 25.4 / 72
_PLACED = re.compile(rb"([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm\n(\d+) 0 0 -(\d+) 0 \d+ cm "
                     rb"/Im\d+\s+Do")


def cards(count: int) -> list[SheetCard]:
    files = sorted(CARD_IMAGES.iterdir())[:count]
    return [SheetCard(f"Card {n} — SET {n:03}", path) for n, path in enumerate(files, 1)]


def placed_mm(pdf: Path, page: int = 0) -> list[tuple[float, float, float, float]]:
    """``(x, y, width, height)`` in mm of each image drawn on ``page`` (300 dpi units)."""
    data = PdfReader(pdf).pages[page].get_contents().get_data()
    to_mm = 25.4 / 300
    return [(float(x) * to_mm, float(y) * to_mm, float(a) * int(w) * to_mm,
             float(d) * int(h) * to_mm) for a, d, x, y, w, h in _PLACED.findall(data)]


@pytest.mark.parametrize("count", [1, 9, 10, 19])
def test_the_page_count_is_a_ninth_of_the_cards_rounded_up(tmp_path: Path, count: int) -> None:
    out = tmp_path / "sheet.pdf"
    pages = write_proxy_sheet(cards(count), out)
    assert pages == math.ceil(count / 9) == len(PdfReader(out).pages)


@pytest.mark.parametrize("page, size_mm", [("A4", (210, 297)), ("Letter", (215.9, 279.4))])
def test_the_page_size(tmp_path: Path, page: str, size_mm: tuple[float, float]) -> None:
    out = tmp_path / "sheet.pdf"
    write_proxy_sheet(cards(2), out, page=page)
    for pdf_page in PdfReader(out).pages:
        box = pdf_page.mediabox
        assert abs(float(box.width) * MM_PER_PT - size_mm[0]) < 1
        assert abs(float(box.height) * MM_PER_PT - size_mm[1]) < 1


def test_cards_are_drawn_at_card_size_centred(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    write_proxy_sheet(cards(9), out, cut_marks=False)
    placed = placed_mm(out)
    assert len(placed) == 9
    for _x, _y, width, height in placed:
        assert abs(width - 63) < 0.1 and abs(height - 88) < 0.1
    assert abs(placed[0][0] - (210 - 189) / 2) < 0.1  # the grid is centred on A4
    assert abs(placed[2][0] + 63 - (210 - (210 - 189) / 2)) < 0.1


def test_cut_marks_are_lines_in_the_margins(tmp_path: Path) -> None:
    marked, plain = tmp_path / "marked.pdf", tmp_path / "plain.pdf"
    write_proxy_sheet(cards(3), marked, cut_marks=True)
    write_proxy_sheet(cards(3), plain, cut_marks=False)
    strokes = [PdfReader(f).pages[0].get_contents().get_data().count(b" l\nS")
               for f in (marked, plain)]
    assert strokes == [16, 0]  # 4 lines × 2 sides × 2 axes


def test_a_bleed_extends_each_card_and_spaces_the_grid(tmp_path: Path) -> None:
    rects = card_rects("A4", bleed_mm=3)
    assert rects[1].left() - rects[0].right() == pytest.approx(6)
    assert rects[0].width() == pytest.approx(63) and rects[0].height() == pytest.approx(88)
    out = tmp_path / "bleed.pdf"
    assert write_proxy_sheet(cards(2), out, bleed_mm=3) == 1
    assert len(PdfReader(out).pages) == 1


@pytest.mark.parametrize("page, bleed", [("Letter", 3.0), ("A4", 5.0), ("A4", -1.0)])
def test_a_bleed_that_does_not_fit_is_refused(tmp_path: Path, page: str, bleed: float) -> None:
    with pytest.raises(InvalidRequest, match="bleed"):
        write_proxy_sheet(cards(1), tmp_path / "x.pdf", page=page, bleed_mm=bleed)
    assert list(tmp_path.iterdir()) == []


def test_each_card_is_labelled_in_the_metadata(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    write_proxy_sheet(cards(10), out, title="Fire & <ice>")
    reader = PdfReader(out)
    assert reader.metadata is not None and reader.metadata.title == "Fire & <ice>"
    assert reader.metadata.creator.startswith("Archivist")
    xmp = reader.xmp_metadata
    assert xmp is not None
    assert xmp.dc_subject == [f"p{1 if n <= 9 else 2} #{(n - 1) % 9 + 1} Card {n} — SET {n:03}"
                              for n in range(1, 11)]
    assert xmp.dc_title == {"x-default": "Fire & <ice>"}


def test_cancel_writes_nothing_and_leaves_the_previous_sheet(tmp_path: Path) -> None:
    cancel = threading.Event()

    def progress(done: int, _total: int) -> None:
        if done == 2:
            cancel.set()

    out = tmp_path / "sheet.pdf"
    assert write_proxy_sheet(cards(5), out, progress=progress, cancel=cancel) == 0
    assert list(tmp_path.iterdir()) == []
    out.write_bytes(b"%PDF the sheet I printed last week %%EOF")
    cancel.clear()
    assert write_proxy_sheet(cards(5), out, progress=progress, cancel=cancel) == 0
    assert out.read_bytes() == b"%PDF the sheet I printed last week %%EOF"
    assert list(tmp_path.iterdir()) == [out]


def test_no_cards_and_unknown_pages_are_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidRequest, match="No cards"):
        write_proxy_sheet([], tmp_path / "x.pdf")
    with pytest.raises(InvalidRequest, match="A4 or Letter"):
        write_proxy_sheet(cards(1), tmp_path / "x.pdf", page="A3")


def pdf_text(pdf: Path) -> str:
    """The PDF's text with its runs of white space as single spaces (it spaces with tabs)."""
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(pdf).pages)


def test_an_unreadable_image_becomes_a_card_with_its_label(tmp_path: Path) -> None:
    broken = tmp_path / "broken.jpg"
    broken.write_bytes(b"not a jpeg")
    out = tmp_path / "sheet.pdf"
    assert write_proxy_sheet([SheetCard("Broken Card — SET 001", broken), *cards(1)], out) == 1
    assert "Broken Card — SET 001" in pdf_text(out)
    assert len(placed_mm(out)) == 1  # the readable one


ENGULF = ProxyText("Engulf", "Engulf — RDO 217", "Reserve 6",
                   "Water · Cleric Action — Cleric Spell Reaction", "Fast",
                   "[Level 2+] This card costs 3 less to activate.\n\nNegate target "
                   "non-attack card activation.")


def test_a_card_without_an_image_is_a_text_proxy_in_the_pdf(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    write_proxy_sheet([*cards(1), SheetCard(ENGULF.edition, None, ENGULF)], out)
    text = pdf_text(out)
    for part in ("Engulf", "Reserve 6", "Water · Cleric Action — Cleric Spell Reaction",
                 "Fast", "Negate target non-attack card activation.", "Engulf — RDO 217"):
        assert part in text
    assert len(placed_mm(out)) == 1


def test_a_long_effect_shrinks_and_keeps_the_edition_line(tmp_path: Path) -> None:
    long = ProxyText("Wordy", "Wordy — SET 999", "Memory 9", "Norm · Item",
                     effect=" ".join(["Draw a card, then discard a card."] * 60))
    out = tmp_path / "sheet.pdf"
    write_proxy_sheet([SheetCard(long.edition, None, long)], out)
    text = pdf_text(out)
    assert "Wordy — SET 999" in text and "Draw a card" in text
