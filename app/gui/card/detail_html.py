"""The detail pane's rich text: facts, legality, rules, references and links (pure, no Qt).

Every text from the catalogue is HTML-escaped here (effects are already escaped by
:mod:`app.gui.kit.effect_html`); the only tags are the ones written below, and the only link
targets are the internal ``archivist:`` URLs of :func:`card_url` and :func:`thema_url`.
Colours are not in the HTML: elements carry classes (``muted``, ``box``, ``scores`` …) that
:func:`stylesheet` colours from the palette, so light and dark themes both read well.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from urllib.parse import quote, unquote, urlsplit

from app.gui.card.versions_html import history_html
from app.gui.kit.detail_data import CardDetail, Reference
from app.gui.kit.effect_html import escape_text

SCHEME = "archivist"
"""The scheme of the pane's internal links; every other link is ignored."""

COLOUR_KEYS = ("text", "muted", "link", "border", "box", "accent", "removed", "added")
"""The colours :func:`stylesheet` needs (CSS colour strings, e.g. ``#1e2430``)."""


def card_url(slug: str) -> str:
    """The internal link that shows the card ``slug``: ``archivist://card/<slug>``."""
    return f"{SCHEME}://card/{quote(slug, safe='')}"


def thema_url(edition_uuid: str, kind: str) -> str:
    """The internal link to an edition's Thema chart: ``archivist://thema/<uuid>/<KIND>``."""
    return f"{SCHEME}://thema/{quote(edition_uuid, safe='')}/{quote(kind, safe='')}"


def parse_link(url: str) -> tuple[str, tuple[str, ...]] | None:
    """What an internal link asks for: ``("card", (slug,))`` or ``("thema", (uuid, kind))``.

    Returns None for any other URL (``http:``, ``file:``, ``javascript:``, malformed ones).
    """
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme != SCHEME or parts.query or parts.fragment:
        return None
    args = tuple(unquote(p) for p in parts.path.split("/")[1:])
    if parts.netloc == "card" and len(args) == 1 and args[0]:
        return "card", args
    if parts.netloc == "thema" and len(args) == 2 and all(args):
        return "thema", args
    return None


def stylesheet(colours: Mapping[str, str]) -> str:
    """The CSS of the pane's documents for these colours (keys: :data:`COLOUR_KEYS`)."""
    c = {key: colours[key] for key in COLOUR_KEYS}
    return (
        f"body {{ color: {c['text']}; }}"
        f" a {{ color: {c['link']}; text-decoration: none; font-weight: 600; }}"
        f" .muted {{ color: {c['muted']}; }}"
        f" .accent {{ color: {c['accent']}; font-weight: 600; }}"
        f" h3 {{ margin-top: 14px; margin-bottom: 4px; font-size: large; }}"
        f" h4 {{ margin-top: 12px; margin-bottom: 3px; }}"
        f" p {{ margin-top: 0px; margin-bottom: 4px; }}"
        f" table.box {{ background-color: {c['box']}; border-color: {c['border']}; }}"
        f" table.scores {{ border-color: {c['border']}; border-style: solid; }}"
        f" th {{ color: {c['muted']}; font-weight: normal; text-align: right; }}"
        f" td.num {{ text-align: right; }}"
        f" span.removed {{ background-color: {c['removed']}; text-decoration: line-through; }}"
        f" span.added {{ background-color: {c['added']}; }}"
    )


def facts_html(facts: Sequence[tuple[str, str]], columns: int = 2) -> str:
    """The facts as a rich-text table, ``columns`` label/value pairs per row (escaped)."""
    cells = [
        f'<td class="muted" style="padding-right:6px;">{html.escape(label)}</td>'
        f'<td style="padding-right:22px;"><b>{html.escape(value)}</b></td>'
        for label, value in facts
    ]
    rows = ["".join(cells[i:i + columns]) for i in range(0, len(cells), columns)]
    return '<table cellspacing="0" cellpadding="2">' + "".join(
        f"<tr>{row}</tr>" for row in rows
    ) + "</table>"


def effect_box(effect_html: str) -> str:
    """An already rendered effect inside a tinted box (a one-cell table)."""
    return ('<table class="box" width="100%" cellspacing="0" cellpadding="10" border="0">'
            f"<tr><td>{effect_html}</td></tr></table>")


BADGES = {"Banned": "#c62828", "Limited": "#b26a00"}
"""Background of the badge of a banned (red) or limited (amber) standing; white text on
either reads in the light and the dark theme."""


def standing_html(standing: str) -> str:
    """A standing as rich text: ``Banned`` and ``Limited to 1 copy`` as coloured badges
    (:data:`BADGES`), ``Legal`` plain."""
    colour = BADGES.get(standing.split(" ")[0])
    if colour is None:
        return html.escape(standing)
    return (f'<span style="background-color: {colour}; color: #ffffff; font-weight: 600;">'
            f"&nbsp;{html.escape(standing)}&nbsp;</span>")


def _legality(legality: Sequence[tuple[str, str]]) -> str:
    lines = [
        f"<b>{html.escape(fmt)}</b>: {standing_html(standing)}" if standing
        else f"<b>{html.escape(fmt)}</b>"
        for fmt, standing in legality
    ]
    return "<h3>Legality</h3><p>" + "<br>".join(lines) + "</p>"


def _rules(detail: CardDetail) -> str:
    out = ["<h3>Rules and errata</h3>"]
    for rule in detail.rules:
        head = " · ".join(html.escape(p) for p in (rule.date, rule.title) if p)
        out.append(f'<p><span class="muted">{head}</span><br>'
                   f"{escape_text(rule.description or '')}</p>")
    return "".join(out)


def _references(heading: str, references: Sequence[Reference]) -> str:
    lines = [
        f'<a href="{html.escape(card_url(ref.slug))}">{html.escape(ref.name)}</a>'
        + (f' <span class="muted">· {html.escape(ref.kind)}</span>' if ref.kind else "")
        for ref in references
    ]
    return f"<h3>{heading}</h3><p>" + "<br>".join(lines) + "</p>"


def sections_html(detail: CardDetail) -> str:
    """Legality, rules and errata, references and referenced-by of a card ("" when none).

    References are internal :func:`card_url` links.
    """
    parts: list[str] = []
    if detail.legality:
        parts.append(_legality(detail.legality))
    if detail.rules:
        parts.append(_rules(detail))
    if detail.references:
        parts.append(_references("References", detail.references))
    if detail.referenced_by:
        parts.append(_references("Referenced by", detail.referenced_by))
    if detail.history:
        parts.append(history_html(detail.history))
    return "".join(parts)
