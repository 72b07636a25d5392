"""The game's vocabulary, one table each: rarities, Thema elements, circulation kinds, formats,
card elements and card types.

Source: the real ``GET /option/search`` response (``../shared/data/gatcg/option-search.json``,
2026-04): ``rarity``, ``circulation``, ``gameFormat``, ``element`` and ``type``; the Thema
element keys of the catalogue API spec (Edition: ``thema_<element>_<foil|nonfoil>``; Dynamic
Thema rank and history entries: ``thema_<element>``); the deck zones of ``spec/decks.md``
("Deck zones"). Everything else of the app reads these tables instead of keeping a copy.
Values the tables do not list (a future rarity, type or format) are the callers' to show as
they are; the lookups answer None for them. Imports nothing else of the app.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rarity:
    """One rarity (option/search ``rarity``).

    Attributes:
        number: the API's rarity number (Edition ``rarity``), 1..9.
        code: the short code (option ``display``; the search language's ``r:UR``).
        name: the readable name (option ``text``).
    """

    number: int
    code: str
    name: str


@dataclass(frozen=True)
class NamedValue:
    """One API value and its readable name (option/search ``value`` and ``text``)."""

    value: str
    name: str


@dataclass(frozen=True)
class CirculationKind:
    """One circulation kind (option/search ``circulation``).

    Attributes:
        value: the API's spelling (``FOIL``), also endpoint 7's ``kind``.
        name: the readable name (``Non-foil``).
        suffix: the suffix of the Edition's static Thema keys (``thema_charm_foil``).
    """

    value: str
    name: str
    suffix: str

    @property
    def dynamic_key(self) -> str:
        """The Edition key that flags this kind's Thema scores dynamic (``thema_foil_dynamic``)."""
        return f"thema_{self.suffix}_dynamic"


@dataclass(frozen=True)
class ThemaElement:
    """One of the five Thema elements.

    Attributes:
        name: lower case (``charm``), as in every key that carries it.
        title: the readable name (``Charm``).
    """

    name: str
    title: str

    @property
    def key(self) -> str:
        """The score key of rank scores and history entries (``thema_charm``)."""
        return f"thema_{self.name}"

    def edition_key(self, kind: CirculationKind) -> str:
        """The Edition's static score key of ``kind`` (``thema_charm_foil``)."""
        return f"thema_{self.name}_{kind.suffix}"


@dataclass(frozen=True)
class CardType:
    """One card type (option/search ``type``) and where a deck holds it.

    Attributes:
        value: the API's spelling (``GREATER BOON``), as in Card ``types``.
        name: the readable name (``Greater Boon``).
        zone: ``material`` (champions, regalia), ``main`` (every other playable type) or
            ``none`` (tokens and masteries are never in a deck; spec/decks.md, "Deck zones").
        boon: a Pantheon boon (presented face down, not counted in a zone).
    """

    value: str
    name: str
    zone: str
    boon: bool = False


RARITIES: tuple[Rarity, ...] = (
    Rarity(1, "C", "Common"), Rarity(2, "U", "Uncommon"), Rarity(3, "R", "Rare"),
    Rarity(4, "SR", "Super Rare"), Rarity(5, "UR", "Ultra Rare"),
    Rarity(6, "PR", "Promotional Rare"), Rarity(7, "CSR", "Collector Super Rare"),
    Rarity(8, "CUR", "Collector Ultra Rare"), Rarity(9, "CPR", "Collector Promo Rare"),
)
"""Every rarity, by number (option/search ``rarity``)."""

CIRCULATION_KINDS: tuple[CirculationKind, ...] = (
    CirculationKind("FOIL", "Foil", "foil"), CirculationKind("NONFOIL", "Non-foil", "nonfoil"),
)
"""The circulation kinds, FOIL first (option/search ``circulation``)."""

THEMA_ELEMENTS: tuple[ThemaElement, ...] = (
    ThemaElement("charm", "Charm"), ThemaElement("ferocity", "Ferocity"),
    ThemaElement("grace", "Grace"), ThemaElement("mystique", "Mystique"),
    ThemaElement("valor", "Valor"),
)
"""The five Thema elements, in the API's key order."""

THEMA_SCORE_KEYS: tuple[str, ...] = ("thema_total", *(e.key for e in THEMA_ELEMENTS))
"""The total and the five element score keys of rank scores and history entries."""

FORMATS: tuple[NamedValue, ...] = (
    NamedValue("STANDARD", "Standard"),
    NamedValue("DRAFT", "Draft"),
    NamedValue("PANTHEON", "Pantheon"),
)
"""The game formats, the keys of Card ``legality`` (option/search ``gameFormat``)."""

CARD_ELEMENTS: tuple[NamedValue, ...] = tuple(NamedValue(v, v.title()) for v in (
    "ARCANE", "ASTRA", "CRUX", "EXALTED", "EXIA", "FIRE", "LUXEM", "NEOS", "NORM", "TERA",
    "UMBRA", "WATER", "WIND",
))
"""The card elements, as Card ``element`` spells them (option/search ``element``)."""

_MATERIAL = ("CHAMPION", "REGALIA")
_NOT_IN_DECKS = ("MASTERY", "TOKEN")

CARD_TYPES: tuple[CardType, ...] = tuple(
    CardType(v, v.title(), "material" if v in _MATERIAL else "none" if v in _NOT_IN_DECKS
             else "main", boon=v.endswith(" BOON"))
    for v in ("ACTION", "ALLY", "ATTACK", "CHAMPION", "DOMAIN", "GREATER BOON", "ITEM",
              "LESSER BOON", "MASTERY", "PHANTASIA", "REGALIA", "STATUS", "TOKEN", "UNIQUE",
              "WEAPON")
)
"""The card types and their deck zones (option/search ``type``; spec/decks.md)."""

MATERIAL_TYPES = frozenset(t.value for t in CARD_TYPES if t.zone == "material")
"""Types that put a card in the material deck: CHAMPION, REGALIA."""

NON_DECK_TYPES = frozenset(t.value for t in CARD_TYPES if t.zone == "none")
"""Types of cards that are never in a deck: MASTERY, TOKEN."""

BOON_TYPES = frozenset(t.value for t in CARD_TYPES if t.boon)
"""Pantheon's boons: LESSER BOON, GREATER BOON."""

_BY_NUMBER = {r.number: r for r in RARITIES}
_BY_CODE = {r.code: r for r in RARITIES}


def rarity_by_number(number: object) -> Rarity | None:
    """The rarity numbered ``number`` (Edition ``rarity``); None for anything else (a number
    the options do not list, None, a bool, a string)."""
    if not isinstance(number, int) or isinstance(number, bool):
        return None
    return _BY_NUMBER.get(number)


def rarity_by_code(code: str) -> Rarity | None:
    """The rarity whose short code is ``code`` in any letter case (``ur`` → Ultra Rare); None
    for an unknown code."""
    return _BY_CODE.get(code.upper())


def names(table: tuple[NamedValue, ...] | tuple[CirculationKind, ...] | tuple[CardType, ...]
          ) -> dict[str, str]:
    """A table as ``{value: readable name}`` (``{"FOIL": "Foil", "NONFOIL": "Non-foil"}``)."""
    return {t.value: t.name for t in table}
