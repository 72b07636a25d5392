"""The detail pane's rich text (app/gui/card/detail_html.py, app/gui/card/edition_html.py; pure)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from app.gui.card.detail_html import (
    COLOUR_KEYS,
    card_url,
    parse_link,
    sections_html,
    stylesheet,
    thema_url,
)
from app.gui.card.edition_html import edition_html, side_html, tables_html
from app.gui.kit.detail_data import CardDetail, Reference, Rule
from app.gui.kit.edition_data import EditionInfo, Face, Print, ThemaScores

HREF = re.compile(r'href="([^"]*)"')
EVIL = '<img src="http://x/y.png"><a href="javascript:alert(1)">x</a> & "q"'


def detail(**changes: object) -> CardDetail:
    base = CardDetail(slug="x", name="X", type_line="", facts=[], effect_html="", flavor="",
                      editions=[])
    return replace(base, **changes)  # type: ignore[arg-type]


def edition(**changes: object) -> EditionInfo:
    base = EditionInfo(slug="x-doa", set_prefix="DOA 1st", set_name="Dawn of Ashes",
                       collector_number="010", rarity="Common", illustrator="Kumai",
                       image_file="", has_image=False, uuid="8otxPih25B",
                       rarity_text="Common (C)")
    return replace(base, **changes)  # type: ignore[arg-type]


@pytest.mark.parametrize("slug", ["spirit-of-fire", "odd/slug?x#y", "名前"])
def test_card_links_round_trip(slug: str) -> None:
    assert parse_link(card_url(slug)) == ("card", (slug,))


def test_thema_links_round_trip() -> None:
    assert parse_link(thema_url("8otxPih25B", "FOIL")) == ("thema", ("8otxPih25B", "FOIL"))


@pytest.mark.parametrize("url", [
    "http://example.com/", "https://x/card/a", "file:///etc/passwd", "javascript:alert(1)",
    "archivist://card/", "archivist://card/a/b", "archivist://thema/a", "archivist://other/a",
    "archivist://card/a?x=1", "", "not a url",
])
def test_other_links_are_refused(url: str) -> None:
    assert parse_link(url) is None


def test_sections_escape_everything_and_link_only_internally() -> None:
    text = sections_html(detail(
        legality=[("Standard", "Banned")],
        rules=[Rule(date_added="2025-03-02", title="ERRATA", description=EVIL)],
        references=[Reference(direction="TO", kind="Summon", name=EVIL, slug="evil")],
        referenced_by=[Reference(direction="FROM", kind="", name="Other", slug="other")],
    ))
    assert ("<b>Standard</b>: <span style=\"background-color: #c62828; color: #ffffff; "
            "font-weight: 600;\">&nbsp;Banned&nbsp;</span>") in text
    assert "2025-03-02 · ERRATA" in text
    assert "<img" not in text and "<a href=\"javascript" not in text
    assert "&lt;img src=&quot;http://x/y.png&quot;&gt;" in text
    assert HREF.findall(text) == ["archivist://card/evil", "archivist://card/other"]
    assert ">References<" in text and ">Referenced by<" in text


def test_no_sections_without_data() -> None:
    assert sections_html(detail()) == ""


def test_edition_text_escapes_and_shows_prints_and_thema() -> None:
    info = edition(
        illustrator=EVIL, collaborators=("Nemesis涅默",), configuration="flip",
        orientation="front", release_date="2023-04-28",
        prints=(Print("DOA <b>", "Foil", True, "≈ 24,000", True, ("Quicksilver Foil",), True),
                Print("", "Non-foil", False, "", False, (), False)),
        thema=ThemaScores((2000, 400, 400, 400, 400, 400), (None,) * 6, True, False),
    )
    text = edition_html(info)
    assert "<img" not in text and "DOA &lt;b&gt;" in text
    assert "#010 · Common (C) · released 2023-04-28" in text
    assert "Nemesis涅默" in text and "Flip card, front face" in text
    assert "≈ 24,000" in text and "Quicksilver Foil" in text and "Not printing" in text
    assert "2,000" in text and "Non-foil" in text
    assert HREF.findall(text) == ["archivist://thema/8otxPih25B/FOIL"]  # dynamic foil only
    assert side_html(info) + tables_html(info) == text


def test_no_thema_link_without_dynamic_scores_and_no_table_without_scores() -> None:
    static = edition(thema=ThemaScores((None,) * 6, (65, 9, 16, 14, 13, 13), False, False))
    assert "Non-foil" in tables_html(static) and "href" not in tables_html(static)
    assert tables_html(edition()) == ""


def test_the_other_face_replaces_the_edition_text() -> None:
    face = Face(name="Seiryuu, Azure Dragon", type_line="Ally — Dragon",
                facts=[("Power", "4")], effect_html="<p><b>Taunt</b></p>", flavor="",
                orientation="back", slug="seiryuu", image_file="", has_image=False)
    info = edition(faces=(face,), effect_html="<p>own text</p>")
    assert "own text" in side_html(info, 0) and "Seiryuu" not in side_html(info, 0)
    flipped = side_html(info, 1)
    assert "Back face:" in flipped and "Seiryuu, Azure Dragon" in flipped
    assert "<b>Taunt</b>" in flipped and "own text" not in flipped


def test_the_stylesheet_uses_the_given_colours_and_loads_nothing() -> None:
    colours = {key: f"#0000{i:02d}" for i, key in enumerate(COLOUR_KEYS)}
    css = stylesheet(colours)
    assert all(colour in css for colour in colours.values())
    assert "url(" not in css and "@import" not in css


def test_a_banned_or_limited_standing_is_a_coloured_badge() -> None:
    from app.gui.card.detail_html import BADGES, standing_html

    assert standing_html("Legal") == "Legal"
    assert f"background-color: {BADGES['Banned']}" in standing_html("Banned")
    assert f"background-color: {BADGES['Limited']}" in standing_html("Limited to 1 copy")
    html = sections_html(detail(legality=[("Standard", "Banned"), ("Draft", "Legal")]))
    assert "<b>Standard</b>: <span style=\"background-color: #c62828" in html
