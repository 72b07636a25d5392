"""A query of the search language evaluated on the bitmaps (:mod:`app.store.language.bitmaps`):
the exact set of cards (or editions) it matches, as :func:`app.store.language.conditions.
compile_where` would find them; a query with a term that has no bitmap (the collection,
the history) runs in SQL alone (:func:`supported`).

The meaning is the compiled condition's, term by term: every condition is true or false,
never NULL, so ``not`` is the rest of the cards (editions); a number compared with ``!=``
holds for the cards that have a number; per card, a query with edition terms matches a card
one of whose editions matches them (:func:`_per_card`, the shape of
``conditions._per_card``).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np
from pyroaring import BitMap

from app.search.ast import And, Node, Not, Or, Term, terms
from app.search.fields import BY_NAME, COLLECTION_FIELDS, COLLECTION_IS, HISTORY_IS, about_edition
from app.store.db.reading import Reading
from app.store.language.bitmaps import FLAGS, Index, bitmap, folded
from app.store.language.conditions import SET_PARAMS, SET_PREFIXES, fts_match

_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
    ">": operator.gt, ">=": operator.ge}
_COLUMNS = {"cost": "cost", "mem": "mem", "res": "res", "lv": "level", "pow": "power",
            "life": "life", "dur": "durability"}
_X = {"cost": ("cost_x", 1), "mem": ("mem", -1), "res": ("res", -1)}
_FTS = {"name": "name", "effect": "effect_raw", "flavor": "flavor"}
_CARD_FIELDS = ("type", "subtype", "class", "element")


def supported(tree: Node) -> bool:
    """Whether every term of ``tree`` has bitmaps."""
    return all(_supported(t) for t in terms(tree))


def _supported(t: Term) -> bool:
    kind = BY_NAME[t.field].kind
    if t.field in COLLECTION_FIELDS or t.value in COLLECTION_IS or t.value in HISTORY_IS:
        return False
    if t.field == "changed":
        return False
    if t.field == "illustrator":  # a name contains it: it cannot span two names
        return bool(str(t.value)) and "\n" not in str(t.value)
    if kind == "number":
        return t.value == "X" or (isinstance(t.value, int | float)
                                  and not isinstance(t.value, bool))
    if t.field == "rarity":
        return isinstance(t.value, int | float) and not isinstance(t.value, bool)
    return t.field != "is" or t.value in FLAGS


def matching(store: Reading, made: Index, tree: Node, per: str) -> BitMap:
    """The cards (``per="card"``) or editions that ``tree`` matches (:func:`supported`).

    Raises:
        sqlite3.Error: the catalogue cannot be read (a full-text or set term).
    """
    run = _Run(store, made)
    return run.per_card(tree) if per == "card" else run.edition(tree)


def _edition_terms(node: Node) -> bool:
    return any(about_edition(t) for t in terms(node))


class _Run:
    def __init__(self, store: Reading, made: Index) -> None:
        self.store, self.made = store, made

    def per_card(self, node: Node) -> BitMap:
        made = self.made
        if not _edition_terms(node):
            return self.card(node)
        if isinstance(node, Term | Not):  # some edition matches it
            return made.project(self.edition(node))
        if isinstance(node, Or):
            return BitMap.union(*(self.per_card(child) for child in node.children))
        about = [c for c in node.children if _edition_terms(c)]
        out = BitMap(made.cards)
        for child in node.children:
            if not _edition_terms(child):
                out &= self.card(child)
        if len(about) == 1:
            return out & self.per_card(about[0])
        return out & made.project(self.edition(And(tuple(about))))

    def card(self, node: Node) -> BitMap:
        """``node`` over cards (an edition term: some edition holds it)."""
        if isinstance(node, Term):
            if about_edition(node):
                return self.made.project(self.edition(node))
            return self.card_term(node)
        return self._combine(node, self.card, self.made.cards)

    def edition(self, node: Node) -> BitMap:
        """``node`` over editions (a card term: every edition of the cards it holds for)."""
        if isinstance(node, Term):
            if about_edition(node):
                return self.edition_term(node)
            return self.made.lift(self.card_term(node))
        return self._combine(node, self.edition, self.made.editions)

    @staticmethod
    def _combine(node: And | Or | Not, each: Callable[[Node], BitMap], every: BitMap) -> BitMap:
        if isinstance(node, Not):
            return every - each(node.child)
        if isinstance(node, Or):
            return BitMap.union(*(each(c) for c in node.children)) if node.children else BitMap()
        out = BitMap(every)
        for child in node.children:
            out &= each(child)
        return out

    def card_term(self, t: Term) -> BitMap:
        made, kind = self.made, BY_NAME[t.field].kind
        if t.op == "!=" and kind not in ("number", "date"):
            return made.cards - self.card_term(Term(t.field, ":", t.value, t.exact))
        if kind == "words":
            match = fts_match(_FTS[t.field], str(t.value), t.exact)
            rows = self.store.connection().execute(
                "SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?", (match,)).fetchall()
            return BitMap(r for (r,) in rows) & made.cards
        if t.field == "format":
            return made.cards - self._value("banned", str(t.value))
        if t.field in ("banned", "restricted"):
            return self._value(t.field, str(t.value))
        if t.field in _CARD_FIELDS:
            return self._value(t.field, str(t.value).strip())
        if t.field == "spd":
            return BitMap(made.numbers["speed"].get(int(t.value == "fast"), BitMap()))
        if t.value == "X":
            column, x = _X[t.field]
            held = BitMap(made.numbers[column].get(x, BitMap()))
            return held if t.op == "=" else made.cards - held
        by_value = made.numbers[_COLUMNS[t.field]]
        test = _COMPARE[t.op]
        wanted = [cards for value, cards in by_value.items()
                  if test(value, t.value) and not (t.field in ("mem", "res") and value == -1)]
        return BitMap.union(*wanted) if wanted else BitMap()

    def _value(self, field: str, value: str) -> BitMap:
        return BitMap(self.made.values.get((field, folded(value)), BitMap()))

    def edition_term(self, t: Term) -> BitMap:
        made = self.made
        if t.op == "!=" and t.field != "thema":
            return made.editions - self.edition_term(Term(t.field, ":", t.value, t.exact))
        conn = self.store.connection()
        if t.field == "set":
            prefixes = [p for (p,) in conn.execute(SET_PREFIXES, (str(t.value),) * SET_PARAMS)]
            return _union(made.prefixes.get(str(p)) for p in prefixes)
        if t.field == "lang":
            ids = [i for (i,) in conn.execute(
                "SELECT id FROM sets WHERE language = ? COLLATE NOCASE", (str(t.value),))]
            return _union(made.set_ids.get(str(i)) for i in ids)
        if t.field == "rarity":
            return BitMap(made.rarities.get(float(t.value), BitMap()))  # a number (supported)
        if t.field == "illustrator":  # LIKE '%value%': any case of ASCII letters
            wanted = folded(str(t.value))
            return _union(cards for name, cards in made.illustrators.items()
                          if wanted in folded(name))
        if t.field == "thema":  # the foil or the non-foil total
            return self._thema(t.op, t.value)
        return BitMap(made.flags[str(t.value)])

    def _thema(self, op: str, value: Any) -> BitMap:
        found = []
        for values, rows in self.made.thema.values():
            low = np.searchsorted(values, value, "left")
            high = np.searchsorted(values, value, "right")
            parts = {"=": [rows[low:high]], "!=": [rows[:low], rows[high:]],
                     "<": [rows[:low]], "<=": [rows[:high]], ">": [rows[high:]],
                     ">=": [rows[low:]]}[op]
            found += [bitmap(part) for part in parts]
        return BitMap.union(*found)


def _union(found: Any) -> BitMap:
    maps = [m for m in found if m is not None]
    return BitMap.union(*maps) if maps else BitMap()
