"""Effect templates → Qt rich text (app/gui/kit/effect_html.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.gui.kit.effect_html import chip_kind, escape_text, render_effect

ALLOWED_TAGS = {"p", "b", "i", "br", "span"}
TAG = re.compile(r"<\s*/?\s*([A-Za-z0-9]+)")


def tags(html_text: str) -> set[str]:
    return {m.group(1).lower() for m in TAG.finditer(html_text)}


def test_bold_labels() -> None:
    out = render_effect("**On Enter:** Draw seven cards.", "Spirit of Fire")
    assert "<b>On Enter:</b> Draw seven cards." in out


def test_reminder_text_is_italic_and_may_hold_bold() -> None:
    out = render_effect("**Imbue 3** *(If three are fire, this becomes **imbued**.)*")
    assert "<b>Imbue 3</b>" in out
    assert "<i>(If three are fire, this becomes <b>imbued</b>.)</i>" in out
    assert "*" not in out


@pytest.mark.parametrize(
    ("keyword", "kind"),
    [("Class Bonus", "bonus"), ("Alice Bonus", "bonus"), ("REST", "rest"), ("POWER", "power"),
     ("LIFE", "life"), ("Level 2+", "threshold"), ("Damage 20+", "threshold")],
)
def test_keywords_become_chips(keyword: str, kind: str) -> None:
    out = render_effect(f"[{keyword}] Draw a card.")
    assert chip_kind(keyword) == kind
    assert f"&nbsp;{keyword}&nbsp;</span> Draw a card." in out
    assert "background-color:" in out
    assert "[" not in out and "]" not in out


def test_cardname_is_the_escaped_card_name() -> None:
    out = render_effect("**Sacrifice CARDNAME:** Draw a card.", "Tom & <Jerry> **x**")
    assert "<b>Sacrifice Tom &amp; &lt;Jerry&gt; **x**:</b> Draw a card." in out
    assert "CARDNAME" not in out


def test_erratum_links_show_their_correction() -> None:
    out = render_effect("%Those tokens enter%Each of those tokens enters% the field.")
    assert "Each of those tokens enters the field." in out
    assert "Those tokens enter " not in out
    assert "%" not in out
    assert "non-astra element units" in render_effect("non-astra %%element% units")


def test_paragraphs_and_line_breaks() -> None:
    out = render_effect("First.\n\nSecond\nline.")
    assert out.count("<p ") == 2
    assert "Second<br>line." in out


@pytest.mark.parametrize("empty", [None, "", "  \n "])
def test_nothing_renders_as_nothing(empty: str | None) -> None:
    assert render_effect(empty, "X") == ""


def test_markup_in_the_template_is_escaped() -> None:
    out = render_effect(
        '<script>alert("x")</script> <img src=http://example.com/a.png> & **ok**', "N"
    )
    assert "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;" in out
    assert "&lt;img src=http://example.com/a.png&gt;" in out
    assert "&amp; <b>ok</b>" in out
    assert tags(out) <= ALLOWED_TAGS
    assert "<img" not in out and "<script" not in out


@given(st.text(), st.text(max_size=30))
def test_any_template_yields_only_our_tags(template: str, name: str) -> None:
    out = render_effect(template, name)
    assert tags(out) <= ALLOWED_TAGS
    assert "<img" not in out.lower() and "<a" not in out.lower()


def test_escape_text() -> None:
    assert escape_text("a < b\nc") == "a &lt; b<br>c"
    assert escape_text(None) == ""


@pytest.mark.realdata
def test_every_real_effect_renders_cleanly(real_catalogue_dir: Path) -> None:
    import sqlite3

    conn = sqlite3.connect(real_catalogue_dir / "catalogue.sqlite3")
    try:
        bodies = [json.loads(b) for (b,) in conn.execute("SELECT body FROM cards")]
    finally:
        conn.close()
    rendered = 0
    for card in bodies:
        out = render_effect(card.get("effect"), card["name"])
        assert tags(out) <= ALLOWED_TAGS, card["slug"]
        assert "CARDNAME" not in out and "**" not in out and "[Class Bonus]" not in out
        rendered += bool(out)
    assert rendered > 2000
