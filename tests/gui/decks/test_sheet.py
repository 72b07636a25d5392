"""The registration sheet PDF: pages, page size and what a player reads on it."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from app.decks import Deck, Entry, Zone, registration_sheet
from app.errors import InvalidRequest
from app.files import WriteFailed
from app.gui.decks.sheet import write_registration_sheet
from tests.helpers.smallfs import fill, small_fs


def _deck(main_entries: int) -> Deck:
    entries = [Entry(Zone.MATERIAL, 1, "Spirit of Wind")]
    entries += [Entry(Zone.MAIN, 2, f"Generated Card {i:03}") for i in range(main_entries)]
    entries.append(Entry(Zone.SIDEBOARD, 3, "Drown in Aether"))
    return Deck("Generated deck", entries)


def _text(page: object) -> str:
    return " ".join(page.extract_text().split())  # type: ignore[attr-defined]


def test_a_deck_fits_one_page_with_zones_and_totals(qapp: object, tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    assert write_registration_sheet(registration_sheet(_deck(30), None, "Standard"), out) == 1
    page = PdfReader(out).pages[0]
    assert (round(page.mediabox.width), round(page.mediabox.height)) == (595, 842)
    text = _text(page)
    for words in ("Deck registration", "Deck: Generated deck", "Format: Standard",
                  "Player name:", "Main Deck (60)", "Material Deck (1)", "Sideboard (3)",
                  "2 Generated Card 000", "Total: 64 cards"):
        assert words in text


def test_a_long_list_goes_on_to_a_second_page_on_letter(qapp: object, tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    pages = write_registration_sheet(registration_sheet(_deck(120), None), out, "Letter")
    reader = PdfReader(out)
    assert pages == len(reader.pages) == 2
    assert (round(reader.pages[1].mediabox.width), round(reader.pages[1].mediabox.height)) == (
        612, 792)
    assert "Deck: Generated deck (continued, page 2)" in _text(reader.pages[1])
    assert "Generated Card 119" in _text(reader.pages[1])


def test_an_unknown_page_size_is_refused_and_nothing_written(qapp: object,
                                                              tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    with pytest.raises(InvalidRequest, match="A4 or Letter"):
        write_registration_sheet(registration_sheet(_deck(1), None), out, "A5")
    assert not out.exists()


def test_a_sheet_cut_short_by_a_full_disk_is_not_put_in_place(qapp: object,
                                                             tmp_path: Path) -> None:
    with small_fs(tmp_path / "small") as small:
        out = small / "sheet.pdf"
        write_registration_sheet(registration_sheet(_deck(10), None), out)
        old = out.read_bytes()
        fill(small, 8_192)  # Qt's PDF writer says nothing: the file would end without %%EOF
        with pytest.raises(WriteFailed) as raised:
            write_registration_sheet(registration_sheet(_deck(120), None), out)
        assert str(raised.value) == f"No space left on device writing {out}"
        assert out.read_bytes() == old
        assert sorted(p.name for p in small.iterdir()) == ["filler.bin", "sheet.pdf"]
