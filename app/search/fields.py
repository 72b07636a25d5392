"""The fields of the search language, their aliases, and how their values are read.

| field | aliases | value | about |
|---|---|---|---|
| name | (bare words, "phrases"), name, n | words | card |
| effect | o, effect | words | card |
| flavor | ft, flavor | words | card |
| type, subtype, class, element | t, st, cl, el (and the full names) | exact | card |
| format | f, legal, format | a format | card |
| banned | banned | a format | card |
| restricted | restricted, limited | a format | card |
| set | s, set | exact set prefix | edition |
| rarity | r, rarity | 1–9 or C U R SR UR PR CSR CUR CPR | edition |
| illustrator | a, artist, illustrator | contained | edition |
| lang | lang, language | exact | edition |
| cost, mem, res | memory, reserve | number, or x | card |
| lv, pow, life, dur | level, power, durability | number | card |
| thema | | number | edition |
| spd | speed | fast, slow | card |
| is | | dynamic, foil, flip | edition |
| is | | new, errata, legality (the latest revision) | card |
| changed | | YYYY-MM-DD or latest | card |
| is | | owned, foil-owned (the collection) | edition |
| own | | number: copies of the card owned, any printing | card |
| tag | | exact: a collection entry's tag | edition |

Semantics (all comparisons ignore case):

- words: each word of the value must start a word of the text (``fire`` finds "Fireball",
  not "Spitfire"); several words are a phrase, the last one a prefix (``o:fire-bo``);
  a quoted value is a phrase of whole words (``"spirit of fire"``). Diacritics are ignored.
- exact: equal to one of the card's values (``t:ally``, ``s:"doa 1st"``); contains: a
  substring of the edition's illustrator or of one of its collaborators.
- ``f:X`` / ``legal:X``: the card may be played in format X (no ``legality`` entry for X,
  or a limit ≥ 1); ``banned:X``: its limit in X is 0; ``restricted:X`` / ``limited:X``: its
  limit in X is 1 or more (spec/decks.md, "Legality in the catalogue";
  :mod:`app.model.legality`). X is a format code or name (``standard``, ``Pantheon``).
- ``cost`` is the number in ``cost.value`` (memory or reserve), ``mem``/``res`` are
  ``cost_memory``/``cost_reserve``; an X cost is no number (``cost<3`` skips it) and is
  found with ``cost=x`` (``mem=x``, ``res=x``). A card without the stat matches no
  comparison, not even ``!=`` (``pow!=3`` needs a power); ``-pow=3`` also finds cards
  without power.
- ``thema``: an edition's ``thema_foil`` or ``thema_nonfoil`` total (either may satisfy).
- ``spd:fast``/``spd:slow``: ``speed`` true/false (cards without speed match neither).
- ``is:foil``: a circulation or circulation template of kind FOIL; ``is:flip``:
  configuration ``flip``; ``is:dynamic``: ``thema_foil_dynamic`` or ``thema_nonfoil_dynamic``.
- History (``app/store/history/revisions.py``): ``is:new`` cards the latest revision added,
  ``is:errata`` / ``is:legality`` cards whose effect text / legality it changed;
  ``changed:latest`` cards it added or changed; ``changed>=2026-04-01`` cards whose last
  recorded change (added or changed) is on or after that UTC day (``= != < <= > >=``).
- The collection (``collection.sqlite3``, :mod:`app.collection`): ``is:owned`` editions
  with a copy owned, ``is:foil-owned`` with a foil copy owned; ``own>=N`` / ``own=0``
  cards by the copies owned of any printing and finish; ``tag:trade`` editions with an
  entry tagged so (any case).
- Edition fields hold on one edition: per edition (``per="edition"``) the edition itself
  must match every edition term, and card terms test its card; per card, a card matches
  when one of its editions matches the whole query (the cards of the per-edition search,
  as Scryfall and the official search count them). So ``s:"doa 1st" r:ur`` needs a UR
  edition in DOA 1st (not a UR edition elsewhere), ``-r:ur s:doa`` an edition of DOA that
  is not UR, and ``-s:x`` alone an edition outside x. A query of card terms only tests the
  card.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from app.limits import parse_int
from app.model.vocabulary import FORMATS, RARITIES, rarity_by_code, rarity_by_number
from app.search.ast import Term, Value
from app.search.errors import QuerySyntaxError

WORD = re.compile(r"[^\W_]+")
"""A searchable word: letters and digits, as FTS5's unicode61 tokenizer splits text."""

TEXT_OPS = (":", "!=")
NUMBER_OPS = ("=", "!=", "<", "<=", ">", ">=")

RARITY_CODES: dict[str, int] = {r.code: r.number for r in RARITIES}
"""Rarity display codes → rarity numbers (:data:`app.model.vocabulary.RARITIES`)."""

_RARITY_HINT = (f"a number {RARITIES[0].number}–{RARITIES[-1].number} or "
                + " ".join(r.code for r in RARITIES))

HISTORY_IS = ("new", "errata", "legality")
"""``is:`` values about the latest revision; they test the card, not an edition."""
COLLECTION_IS = ("owned", "foil-owned")
"""``is:`` values about the collection (the editions owned)."""
COLLECTION_FIELDS = ("own", "tag")
"""Fields about the collection; a query with them (or :data:`COLLECTION_IS`) reads it."""

_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")
MAX_NUMBER_CHARS = 24
"""A longer number is refused (digits 0-9 only; SQLite compares 64-bit numbers)."""


@dataclass(frozen=True)
class Field:
    """One field of the language.

    Attributes:
        name: canonical name, used in :class:`~app.search.ast.Term`.
        aliases: what may be typed before the operator (lower case; any case is accepted).
        kind: ``words`` (FTS5 words, prefix or quoted phrase), ``exact`` (equal, any case),
            ``contains`` (substring, any case), ``rarity``, ``number``, ``choice`` or
            ``format`` (a format code or name; the value is the code).
        about: ``card`` or ``edition`` (an edition field matches a card when any edition
            does).
        example: shown in hints.
        choices: the accepted values of a ``choice`` field.
        accepts_x: a ``number`` field that also takes ``x`` (an X cost) with ``=``/``!=``.
    """

    name: str
    aliases: tuple[str, ...]
    kind: str
    about: str
    example: str
    choices: tuple[str, ...] = ()
    accepts_x: bool = False


FIELDS: tuple[Field, ...] = (
    Field("name", ("name", "n"), "words", "card", 'fire, "spirit of", name:lorraine'),
    Field("effect", ("o", "effect"), "words", "card", 'o:draw, o:"draw a card"'),
    Field("flavor", ("ft", "flavor"), "words", "card", "ft:oasis"),
    Field("type", ("t", "type"), "exact", "card", 't:champion, t:"greater boon"'),
    Field("subtype", ("st", "subtype"), "exact", "card", "st:spell"),
    Field("class", ("cl", "class"), "exact", "card", "cl:mage"),
    Field("element", ("el", "element"), "exact", "card", "el:fire"),
    Field("format", ("f", "legal", "format"), "format", "card", "f:standard"),
    Field("banned", ("banned",), "format", "card", "banned:standard"),
    Field("restricted", ("restricted", "limited"), "format", "card", "restricted:standard"),
    Field("set", ("s", "set"), "exact", "edition", 's:doa, s:"doa 1st"'),
    Field("rarity", ("r", "rarity"), "rarity", "edition", "r:ur, r:5"),
    Field("illustrator", ("a", "artist", "illustrator"), "contains", "edition", "a:kumai"),
    Field("lang", ("lang", "language"), "exact", "edition", "lang:cn"),
    Field("cost", ("cost",), "number", "card", "cost>=3, cost=x", accepts_x=True),
    Field("mem", ("mem", "memory"), "number", "card", "mem<=1, mem=x", accepts_x=True),
    Field("res", ("res", "reserve"), "number", "card", "res=2, res=x", accepts_x=True),
    Field("lv", ("lv", "level"), "number", "card", "lv>=2"),
    Field("pow", ("pow", "power"), "number", "card", "pow>3"),
    Field("life", ("life",), "number", "card", "life>=20"),
    Field("dur", ("dur", "durability"), "number", "card", "dur=2"),
    Field("thema", ("thema",), "number", "edition", "thema>=1000"),
    Field("spd", ("spd", "speed"), "choice", "card", "spd:fast", ("fast", "slow")),
    Field("is", ("is",), "choice", "edition", "is:foil",
          ("dynamic", "foil", "flip", *HISTORY_IS, *COLLECTION_IS)),
    Field("changed", ("changed",), "date", "card", "changed>=2026-04-01, changed:latest"),
    Field("own", ("own",), "number", "card", "own>=4, own=0"),
    Field("tag", ("tag",), "exact", "edition", "tag:trade"),
)

BY_ALIAS: dict[str, Field] = {alias: f for f in FIELDS for alias in f.aliases}
BY_NAME: dict[str, Field] = {f.name: f for f in FIELDS}
FIELD_LIST = " ".join(f.aliases[0] for f in FIELDS)


def about_edition(term: Term) -> bool:
    """Whether ``term`` tests an edition (set, rarity, illustrator, language, Thema, the
    edition flags, the collection's ``is:owned``/``tag:``) rather than the card (name,
    type, cost, legality, the history's ``is:new`` …)."""
    if term.field == "is":
        return term.value not in HISTORY_IS
    return BY_NAME[term.field].about == "edition"


def field_for(alias: str, position: int, typed: str) -> Field:
    """The field written as ``alias`` (any case).

    Raises:
        QuerySyntaxError: no such field; the hint lists the fields (and a close match).
    """
    known = BY_ALIAS.get(alias.lower())
    if known is not None:
        return known
    close = difflib.get_close_matches(alias.lower(), BY_ALIAS, n=1, cutoff=0.7)
    guess = f"did you mean '{close[0]}:'? " if close else ""
    raise QuerySyntaxError(
        f"unknown field '{alias}'", position,
        f"{guess}fields: {FIELD_LIST}; to search a name with ':', quote it: \"{typed}\"",
    )


def make_term(
    f: Field, alias: str, op: str, raw: str, quoted: bool, span: tuple[int, int],
    op_at: int, value_at: int,
) -> Term:
    """Check a field term's operator and value; return the :class:`Term`.

    ``:`` and ``=`` mean the same; text fields take ``:``/``!=``, numeric ones
    ``= != < <= > >=``.

    Raises:
        QuerySyntaxError: an operator the field does not take, an empty value, or a value
            of the wrong kind (not a number, an unknown rarity or choice, no words).
    """
    numeric = f.kind in ("number", "date")
    op = ("=" if numeric else ":") if op in (":", "=") else op
    if op not in (NUMBER_OPS if numeric else TEXT_OPS):
        raise QuerySyntaxError(
            f"{alias} compares with ':' or '!=', not '{op}'", op_at, f"e.g. {f.example}"
        )
    text = raw.strip()
    if not text:
        raise QuerySyntaxError(f"{alias}{op} needs a value", value_at, f"e.g. {f.example}")
    value = _value(f, alias, op, text, value_at)
    return Term(f.name, op, value, exact=quoted and f.kind == "words", span=span)


def _value(f: Field, alias: str, op: str, text: str, at: int) -> Value:
    if f.kind == "words":
        if not WORD.search(text):
            raise QuerySyntaxError(
                f"nothing to search for in '{text}'", at,
                "names, effects and flavor are searched by words of letters or digits",
            )
        return text
    if f.kind == "rarity":
        number = parse_int(text, 2)
        rarity = rarity_by_code(text) or (rarity_by_number(number) if number else None)
        if rarity:
            return rarity.number
        close = _close(text, [r.code for r in RARITIES])
        raise QuerySyntaxError(f"unknown rarity '{text}'", at, close + _RARITY_HINT)
    if f.kind == "number":
        return _number(f, alias, op, text, at)
    if f.kind == "date":
        if text.lower() == "latest" and op in ("=", "!="):
            return "latest"
        if not _DAY.fullmatch(text):
            raise QuerySyntaxError(f"{alias} expects a day as YYYY-MM-DD or latest, not "
                                   f"'{text}'", at, f"e.g. {f.example}")
        return text
    if f.kind == "format":
        known = {key.casefold(): t.value for t in FORMATS for key in (t.value, t.name)}
        code = known.get(text.casefold())
        if code is None:
            raise QuerySyntaxError(f"unknown format '{text}'", at, _close(
                text, [t.name.lower() for t in FORMATS]) + "formats: " + ", ".join(
                t.name.lower() for t in FORMATS))
        return code
    if f.kind == "choice":
        if text.lower() not in f.choices:
            raise QuerySyntaxError(
                f"{alias}: expects {' or '.join(f.choices)}, not '{text}'", at,
                f"e.g. {alias}:{f.choices[0]}",
            )
        return text.lower()
    return text


def _close(text: str, choices: list[str]) -> str:
    """``did you mean SR? `` — the choices most like ``text`` (any case), or ``""``."""
    lowered = {c.casefold(): c for c in choices}
    found = difflib.get_close_matches(text.casefold(), list(lowered), n=2, cutoff=0.6)
    return f"did you mean {' or '.join(lowered[f] for f in found)}? " if found else ""


def _number(f: Field, alias: str, op: str, text: str, at: int) -> Value:
    if f.accepts_x and text.lower() == "x":
        if op not in ("=", "!="):
            raise QuerySyntaxError(
                f"X is not a number: {alias} compares with X only by '=' or '!='", at,
                f"e.g. {alias}=x",
            )
        return "X"
    if len(text) > MAX_NUMBER_CHARS or not _NUMBER.fullmatch(text):
        x = f", or {alias}=x for an X cost" if f.accepts_x else ""
        raise QuerySyntaxError(
            f"{alias} expects a number, not '{text}'", at, f"e.g. {alias}>=3{x}"
        )
    # Long digit strings become floats: SQLite binds 64-bit integers only.
    return float(text) if "." in text or len(text) > 15 else int(text)
