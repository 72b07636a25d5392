"""Render a card's ``effect`` template (the API's markdown-like text) as Qt rich text.

The template language, as the real data uses it (``../shared/data/gatcg/README.md``):

* ``**bold**`` → bold (ability labels such as ``On Enter:``, keywords such as ``buff``);
* ``*reminder*`` → italic reminder text;
* ``[Class Bonus]``, ``[Level 2+]``, ``[REST]``, ``[POWER]`` … → a keyword chip;
* ``CARDNAME`` → the card's own name;
* ``%old%new%`` → an erratum: the printed words and their correction; only ``new`` is shown;
* a blank line separates paragraphs, a single newline breaks a line.

Every character of the template and of the card name is HTML-escaped *before* any markup
is applied, so a template can never inject tags (``<script>``, ``<img src=…>``): the output
holds only the tags this module writes. The upstream ``effect_html`` is never used.
"""

from __future__ import annotations

import html
import re

_LINK = re.compile(r"%([^%\n]*)%([^%\n]*)%")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_ITALIC = re.compile(r"\*(.+?)\*", re.DOTALL)
_KEYWORD = re.compile(r"\[([^\[\]\n]{1,40})\]")
_PARAGRAPH = re.compile(r"\n[ \t]*\n\s*")
_CARDNAME = "CARDNAME"
_NAME_MARK = "\x00"

# (background, text) colours of the chips; "bonus" is the default.
CHIP_COLOURS: dict[str, tuple[str, str]] = {
    "bonus": ("#e9e2f7", "#47307a"),
    "threshold": ("#fbeccc", "#7a4b00"),
    "power": ("#fadcd9", "#8a1f14"),
    "life": ("#d9f1df", "#1d5e2e"),
    "rest": ("#dfe4ec", "#2f3b4f"),
}


def chip_kind(keyword: str) -> str:
    """Which colour family a ``[keyword]`` chip gets (a key of :data:`CHIP_COLOURS`)."""
    word = keyword.strip().upper()
    if word in ("POWER", "LIFE", "REST"):
        return word.lower()
    if re.search(r"\d\+?$", word):  # [Level 2+], [Damage 20+], [Sheen 6+], [Memory 4+]
        return "threshold"
    return "bonus"


def keyword_chip(keyword: str) -> str:
    """The rich-text chip for an already escaped keyword (``Class Bonus``, ``REST``)."""
    background, colour = CHIP_COLOURS[chip_kind(html.unescape(keyword))]
    label = keyword.strip()
    return (
        f'<span style="background-color:{background}; color:{colour}; font-weight:600;">'
        f"&nbsp;{label}&nbsp;</span>"
    )


def render_effect(template: str | None, card_name: str = "") -> str:
    """Qt rich text (an HTML fragment) for an effect template.

    Args:
        template: the card's ``effect`` (Card field of the API); None or blank gives "".
        card_name: replaces every ``CARDNAME``.

    Returns:
        ``<p>`` blocks using only ``b``, ``i``, ``br``, ``p`` and styled ``span`` tags;
        all text from ``template`` and ``card_name`` is HTML-escaped.
    """
    if not template or not template.strip():
        return ""
    text = html.escape(template.replace("\r\n", "\n").strip(), quote=True)
    text = text.replace(_NAME_MARK, "")
    text = _LINK.sub(lambda m: m.group(2), text)
    text = text.replace(_CARDNAME, _NAME_MARK)
    text = _BOLD.sub(lambda m: f"<b>{m.group(1)}</b>", text)
    text = _ITALIC.sub(lambda m: f"<i>{m.group(1)}</i>", text)
    text = _KEYWORD.sub(lambda m: keyword_chip(m.group(1)), text)
    text = text.replace(_NAME_MARK, html.escape(card_name, quote=True))
    paragraphs = [p.strip().replace("\n", "<br>") for p in _PARAGRAPH.split(text)]
    return "".join(
        f'<p style="margin-top:0; margin-bottom:8px;">{p}</p>' for p in paragraphs if p
    )


def escape_text(text: str | None) -> str:
    """Plain text as rich text: escaped, newlines as ``<br>`` (for flavor and names)."""
    if not text:
        return ""
    return html.escape(text.strip(), quote=True).replace("\n", "<br>")
