"""What the detail pane shows of one edition, built in a worker thread (pure, no Qt).

:func:`edition_info` turns an API Edition object (spec: Edition, CirculationTemplate,
Circulation, OtherOrientation) into an :class:`EditionInfo`: set, number, rarity, artists,
configuration and orientation, its own effect and flavor where they differ from the card's,
its prints (circulation templates and circulations), its Thema scores and, for a flip
edition, the other faces.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from app.gui.kit.card_text import (
    CIRCULATION_KINDS,
    RARITIES,
    facts,
    image_name,
    population_text,
    rarity_text,
    type_line,
)
from app.gui.kit.effect_html import render_effect
from app.model.vocabulary import THEMA_ELEMENTS, rarity_by_number


class ImageLookup(Protocol):
    """Finds a stored card image (``LocalCatalogue.card_image_path``)."""

    def card_image_path(self, filename: str) -> Any: ...


@dataclass(frozen=True)
class Face:
    """One face of a flip edition: the edition itself, or one of its ``other_orientations``.

    Attributes:
        name: the face's card name; type_line: ``Ally — Beast``; facts: as CardDetail's.
        effect_html: rendered effect ("" when none); flavor: stripped ("" when none).
        orientation: ``front``/``back`` (or ""); slug: the face's card slug.
        image_file, has_image: the face edition's image and whether it is stored.
    """

    name: str
    type_line: str
    facts: list[tuple[str, str]]
    effect_html: str
    flavor: str
    orientation: str
    slug: str
    image_file: str
    has_image: bool


@dataclass(frozen=True)
class Print:
    """A circulation template (``name`` set, ``templated``) or a circulation of an edition.

    Attributes:
        name: the template's name ("" for a circulation); kind: ``Foil`` / ``Non-foil``.
        foil: the API's flag; population: ``≈ 24,000`` or ""; printing: the API's flag.
        variants: the descriptions of its variants (``Quicksilver Foil``).
    """

    name: str
    kind: str
    foil: bool
    population: str
    printing: bool
    variants: tuple[str, ...]
    templated: bool


@dataclass(frozen=True)
class ThemaScores:
    """An edition's Thema scores: ``(total, charm, ferocity, grace, mystique, valor)`` per
    circulation kind (None where the API has null), and whether each kind is dynamic."""

    foil: tuple[int | None, ...]
    nonfoil: tuple[int | None, ...]
    foil_dynamic: bool
    nonfoil_dynamic: bool

    @property
    def empty(self) -> bool:
        """True when every score is null and neither kind is dynamic."""
        return (all(v is None for v in (*self.foil, *self.nonfoil))
                and not (self.foil_dynamic or self.nonfoil_dynamic))


NO_THEMA = ThemaScores((None,) * 6, (None,) * 6, False, False)


@dataclass(frozen=True)
class EditionInfo:
    """One edition of the detail pane (and of the gallery).

    Attributes:
        slug: the edition's slug; uuid: its uuid ("" when absent).
        set_prefix: e.g. ``DOA 1st``; set_name: e.g. ``Dawn of Ashes First Edition``.
        collector_number: zero-padded, e.g. ``001``.
        rarity: the rarity's name (``Common``), or "" when unknown; rarity_text: ``Rare (R)``;
            rarity_code: ``R`` ("" when unknown).
        illustrator: or "" when the API gives null; collaborators: other artists.
        image_file: the API file name of the edition image (``<uuid>.jpg``), or "".
        has_image: whether that image is in the local image store.
        language: the set's language code (``EN``, ``CN``); release_date: ``YYYY-MM-DD``.
        configuration: ``default``/``flip``; orientation: ``front``/``back`` or "".
        effect_html, flavor: the edition's own, only where they differ from the card's.
        prints: circulation templates, then circulations; thema: the Thema scores.
        faces: the other faces of a flip edition (its ``other_orientations``).
    """

    slug: str
    set_prefix: str
    set_name: str
    collector_number: str
    rarity: str
    illustrator: str
    image_file: str
    has_image: bool
    uuid: str = ""
    rarity_text: str = ""
    rarity_code: str = ""
    collaborators: tuple[str, ...] = ()
    language: str = ""
    release_date: str = ""
    configuration: str = ""
    orientation: str = ""
    effect_html: str = ""
    flavor: str = ""
    prints: tuple[Print, ...] = ()
    thema: ThemaScores = NO_THEMA
    faces: tuple[Face, ...] = field(default=())

    @property
    def caption(self) -> str:
        """``DOA 1st · 001``: set prefix and collector number."""
        return f"{self.set_prefix} · {self.collector_number}".strip(" ·")

    @property
    def label(self) -> str:
        """``DOA 1st · 005 · CUR``: the caption and the rarity's code, which tells apart
        editions that share a set and number."""
        return " · ".join(part for part in (self.caption, self.rarity_code) if part)


def _print(item: dict[str, Any], templated: bool) -> Print:
    kind = str(item.get("kind") or "")
    variants = tuple(str(v.get("description") or "") for v in item.get("variants") or []
                     if isinstance(v, dict) and v.get("description"))
    return Print(
        name=str(item.get("name") or "") if templated else "",
        kind=CIRCULATION_KINDS.get(kind) or kind.title(), foil=bool(item.get("foil")),
        population=population_text(item.get("population"), item.get("population_operator")),
        printing=bool(item.get("printing")), variants=variants, templated=templated,
    )


def _same(one: str, other: str) -> bool:
    """True when two rendered texts read the same (whitespace runs collapse in HTML)."""
    return one.split() == other.split()


def _score(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def thema_scores(edition: dict[str, Any]) -> ThemaScores:
    """The Thema scores of an Edition object (missing keys count as null / not dynamic)."""
    def row(kind: str) -> tuple[int | None, ...]:
        return (_score(edition.get(f"thema_{kind}")),
                *(_score(edition.get(f"thema_{e.name}_{kind}")) for e in THEMA_ELEMENTS))

    return ThemaScores(row("foil"), row("nonfoil"), edition.get("thema_foil_dynamic") is True,
                       edition.get("thema_nonfoil_dynamic") is True)


def face(card: dict[str, Any], edition: dict[str, Any], source: ImageLookup) -> Face:
    """The :class:`Face` of a card-like object and the edition showing it."""
    file = image_name(edition.get("image"))
    name = str(card.get("name") or "")
    return Face(
        name=name, type_line=type_line(card), facts=facts(card),
        effect_html=render_effect(edition.get("effect") or card.get("effect"), name),
        flavor=str(edition.get("flavor") or card.get("flavor") or "").strip(),
        orientation=str(edition.get("orientation") or ""), slug=str(card.get("slug") or ""),
        image_file=file, has_image=bool(file) and source.card_image_path(file) is not None,
    )


def _rarity_code(number: object) -> str:
    known = rarity_by_number(number)
    return known.code if known else ""


def edition_info(edition: dict[str, Any], card: dict[str, Any], source: ImageLookup
                 ) -> EditionInfo:
    """The :class:`EditionInfo` of an API Edition object of ``card`` (a worker-thread call)."""
    file = image_name(edition.get("image"))
    rarity = edition.get("rarity")
    the_set = edition.get("set") or {}
    name = str(card.get("name") or "")
    own_effect = render_effect(edition.get("effect"), name)
    own_flavor = str(edition.get("flavor") or "").strip()
    prints = [_print(t, True) for t in edition.get("circulationTemplates") or []]
    prints += [_print(c, False) for c in edition.get("circulations") or []]
    return EditionInfo(
        slug=str(edition.get("slug") or ""), uuid=str(edition.get("uuid") or ""),
        set_prefix=str(the_set.get("prefix") or ""), set_name=str(the_set.get("name") or ""),
        collector_number=str(edition.get("collector_number") or ""),
        rarity=RARITIES.get(rarity, "") if isinstance(rarity, int) else "",
        rarity_text=rarity_text(rarity), rarity_code=_rarity_code(rarity),
        illustrator=str(edition.get("illustrator") or ""),
        collaborators=tuple(str(c) for c in edition.get("collaborators") or []),
        image_file=file, has_image=bool(file) and source.card_image_path(file) is not None,
        language=str(the_set.get("language") or ""),
        release_date=str(the_set.get("release_date") or "")[:10],
        configuration=str(edition.get("configuration") or ""),
        orientation=str(edition.get("orientation") or ""),
        effect_html="" if _same(own_effect, render_effect(card.get("effect"), name))
        else own_effect,
        flavor="" if own_flavor == str(card.get("flavor") or "").strip() else own_flavor,
        prints=tuple(prints), thema=thema_scores(edition),
        faces=tuple(face(o, o.get("edition") or {}, source)
                    for o in edition.get("other_orientations") or [] if isinstance(o, dict)),
    )
