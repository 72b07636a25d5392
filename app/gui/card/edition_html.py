"""The rich text of one edition in the detail pane (pure, no Qt; see :mod:`detail_html`).

Set, collector number, rarity, language and release date; illustrator and collaborators;
configuration and orientation; the face shown (a flip edition's other face, or the
edition's own effect and flavor where they differ from the card's); its prints (circulation
templates and circulations: kind, population with its operator, printing, variants); its
Thema scores (total and the five elements, foil and non-foil) with a link to the Thema
chart of each dynamic kind.
"""

from __future__ import annotations

import html

from app.gui.card.detail_html import effect_box, facts_html, thema_url
from app.gui.kit.card_text import CONFIGURATIONS, LANGUAGES, ORIENTATIONS, named
from app.gui.kit.edition_data import EditionInfo, Face, Print, ThemaScores
from app.gui.kit.effect_html import escape_text
from app.model.vocabulary import CIRCULATION_KINDS, THEMA_ELEMENTS

THEMA_HEADINGS = ("Total", *(e.title for e in THEMA_ELEMENTS))
KINDS = tuple((k.name, k.value) for k in CIRCULATION_KINDS)


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


def _about(edition: EditionInfo, orientation: str) -> str:
    first = [f"#{_esc(edition.collector_number)}"] if edition.collector_number else []
    if edition.rarity_text:
        first.append(_esc(edition.rarity_text))
    if edition.language and edition.language != "EN":
        first.append(_esc(named(LANGUAGES, edition.language)))
    if edition.release_date:
        first.append(f"released {_esc(edition.release_date)}")
    lines = [" · ".join(first)]
    if edition.illustrator:
        lines.append(f'<span class="muted">Illustrated by</span> {_esc(edition.illustrator)}')
    if edition.collaborators:
        lines.append('<span class="muted">With</span> '
                     + _esc(", ".join(edition.collaborators)))
    if edition.configuration and edition.configuration != "default":
        config = f"{named(CONFIGURATIONS, edition.configuration)} card"
        if orientation:
            config += f", {named(ORIENTATIONS, orientation).lower()} face"
        lines.append(f'<span class="muted">Configuration</span> {_esc(config)}')
    return "<p>" + "<br>".join(line for line in lines if line) + "</p>"


def face_html(face: Face) -> str:
    """The other face of a flip edition: name, type line, facts, effect and flavor."""
    side = named(ORIENTATIONS, face.orientation) or "Other"
    parts = [f'<h3><span class="muted">{_esc(side)} face:</span> {_esc(face.name)}</h3>']
    if face.type_line:
        parts.append(f"<p>{_esc(face.type_line)}</p>")
    if face.facts:
        parts.append(facts_html(face.facts))  # two pairs a row, as the card's own facts
    if face.effect_html:
        parts.append(effect_box(face.effect_html))
    if face.flavor:
        parts.append(f"<p><i>{escape_text(face.flavor)}</i></p>")
    return "".join(parts)


def _own_text(edition: EditionInfo) -> str:
    parts: list[str] = []
    if edition.effect_html:
        parts.append('<h4>Effect of this edition</h4>' + effect_box(edition.effect_html))
    if edition.flavor:
        parts.append(f'<p><span class="muted">Flavor of this edition:</span> '
                     f"<i>{escape_text(edition.flavor)}</i></p>")
    return "".join(parts)


def _print_row(item: Print) -> str:
    name = _esc(item.name) if item.name else '<span class="muted">Circulation</span>'
    if item.variants:
        name += '<br><span class="muted">' + _esc(", ".join(item.variants)) + "</span>"
    printing = "In print" if item.printing else '<span class="muted">Not printing</span>'
    return (f"<tr><td>{name}</td><td>{_esc(item.kind)}</td>"
            f'<td class="num">{_esc(item.population) or "—"}</td><td>{printing}</td></tr>')


def prints_html(prints: tuple[Print, ...]) -> str:
    """Circulation templates and circulations as a table ("" when there are none)."""
    if not prints:
        return ""
    head = ('<tr><th style="text-align:left;">Print</th><th style="text-align:left;">Kind</th>'
            '<th>Population</th><th style="text-align:left;">Printing</th></tr>')
    return ('<h4>Prints</h4><table class="scores" cellspacing="0" cellpadding="3" width="100%">'
            + head + "".join(_print_row(p) for p in prints) + "</table>")


def _score(value: int | None) -> str:
    return "—" if value is None else f"{value:,}"


def thema_html(edition_uuid: str, thema: ThemaScores) -> str:
    """The Thema scores as a table, and a chart link per dynamic kind ("" when all null)."""
    if thema.empty:
        return ""
    rows, links = [], []
    for (label, kind), scores, dynamic in zip(
            KINDS, (thema.foil, thema.nonfoil), (thema.foil_dynamic, thema.nonfoil_dynamic),
            strict=True):
        if all(v is None for v in scores) and not dynamic:
            continue
        mark = ' <span class="accent">dynamic</span>' if dynamic else ""
        cells = "".join(f'<td class="num">{_score(v)}</td>' for v in scores)
        rows.append(f"<tr><td>{label}{mark}</td>{cells}</tr>")
        if dynamic and edition_uuid:
            links.append(f'<a href="{_esc(thema_url(edition_uuid, kind))}">'
                         f"Show {label.lower()} Thema chart</a>")
    head = "<tr><th></th>" + "".join(f"<th>{h}</th>" for h in THEMA_HEADINGS) + "</tr>"
    table = ('<h4>Thema</h4><table class="scores" cellspacing="0" cellpadding="3">'
             + head + "".join(rows) + "</table>")
    return table + ("<p>" + " · ".join(links) + "</p>" if links else "")


def side_html(edition: EditionInfo, face_index: int = 0) -> str:
    """What sits beside the edition's image: set facts and artists, then the face shown —
    ``face_index`` > 0 is ``edition.faces[face_index - 1]`` (a flip edition's other face),
    0 the edition's own effect and flavor where they differ from the card's."""
    if 0 < face_index <= len(edition.faces):
        face = edition.faces[face_index - 1]
        return _about(edition, face.orientation) + face_html(face)
    return _about(edition, edition.orientation) + _own_text(edition)


def about_html(edition: EditionInfo, face_index: int = 0) -> str:
    """Set facts and artists of the edition, for the face ``face_index`` (see
    :func:`side_html`) — without the face's own text, which the panel shows full width."""
    if 0 < face_index <= len(edition.faces):
        return _about(edition, edition.faces[face_index - 1].orientation)
    return _about(edition, edition.orientation) + _own_text(edition)


def tables_html(edition: EditionInfo) -> str:
    """What sits below the edition's image: its prints and its Thema scores."""
    return prints_html(edition.prints) + thema_html(edition.uuid, edition.thema)


def edition_html(edition: EditionInfo, face_index: int = 0) -> str:
    """One edition's whole rich text: :func:`side_html`, then :func:`tables_html`."""
    return side_html(edition, face_index) + tables_html(edition)
