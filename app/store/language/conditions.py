"""The search language compiled to a parameterised SQL ``WHERE`` condition.

Every value is a ``?`` parameter. The SQL text comes only from the fixed tables below,
chosen by a term's field and operator (both checked by the parser against fixed lists),
so nothing a person types is ever pasted into SQL. FTS5 ``MATCH`` strings are built from
the value's words, each quoted, and passed as parameters too.

Aliases in the condition: ``c`` is the card's ``card_facts`` row (its rowid is the card's)
and, in per-edition mode, ``e`` the ``editions`` row. Card stats and list values are read
from the search facts that the writer derives from each card (:mod:`app.store.language.facts`,
schema migrations 4 and 7), edition flags from the edition row's fact columns, so no filter
parses a card's JSON body. In per-card mode an edition term reads what the card's editions
hold from the same facts (``card_values`` and the ``card_facts`` summary columns) rather
than the editions themselves: on a catalogue of 110,000 cards, collecting the card uuids
of matching editions took 60–150 ms a term, the facts take a few.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass

from app.model.query import Per
from app.search.ast import And, Node, Not, Or, Term, terms
from app.search.fields import (
    BY_NAME,
    COLLECTION_FIELDS,
    COLLECTION_IS,
    HISTORY_IS,
    WORD,
    about_edition,
)

__all__ = ["BEST_THEMA", "CARD_STATS", "SET_PREFIXES", "SOME_EDITION", "SOURCES", "Compiled",
           "Per", "compile_where", "fts_match", "rare_key"]
Param = str | int | float

SOURCES: dict[str, str] = {
    "card": "card_facts c",
    "edition": "card_facts c JOIN editions e ON e.card_uuid = c.uuid",
}
"""The ``FROM`` clause a compiled condition is written over, by mode."""

_OPS = {"=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_FTS_COLUMNS = {"name": "name", "effect": "effect_raw", "flavor": "flavor"}
_CARD_VALUES = {"type": "type", "subtype": "subtype", "class": "class",
                "element": "element"}
_LIMITED = (  # the card has a whole-number limit in format ? that is 0 (or at least 1)
    "c.rowid IN (SELECT card_rowid FROM card_values WHERE field = '{}' AND value = ?)"
)
_LEGALITY = {  # app.model.legality's reading of Card legality, as facts
    "banned": _LIMITED.format("banned"),
    "restricted": _LIMITED.format("restricted"),
    "format": "NOT " + _LIMITED.format("banned"),
}


CARD_STATS = {  # the numeric card fields; also the sort keys of run_query
    "cost": "c.cost",
    "mem": "NULLIF(c.mem, -1)",
    "res": "NULLIF(c.res, -1)",
    "lv": "c.level",
    "pow": "c.power",
    "life": "c.life",
    "dur": "c.durability",
}
_X_COSTS: dict[str, tuple[str, Param]] = {  # field = x
    "cost": ("c.cost_x = ?", 1),
    "mem": ("c.mem = ?", -1),
    "res": ("c.res = ?", -1),
}
SET_PREFIXES = (  # s:WORD — the prefix if one is WORD, else the set named WORD, else the
    # family: prefixes or names that start with WORD and a space (s:doa → DOA 1st, DOA Alter)
    "SELECT prefix FROM sets WHERE CASE "
    "WHEN EXISTS (SELECT 1 FROM sets WHERE prefix = ? COLLATE NOCASE) "
    "THEN prefix = ? COLLATE NOCASE "
    "WHEN EXISTS (SELECT 1 FROM sets WHERE name = ? COLLATE NOCASE) "
    "THEN name = ? COLLATE NOCASE "
    "ELSE substr(prefix, 1, length(?) + 1) = ? || ' ' COLLATE NOCASE "
    "OR substr(name, 1, length(?) + 1) = ? || ' ' COLLATE NOCASE END")
SET_PARAMS = 8
"""The value of an ``s:`` term is bound this many times in :data:`SET_PREFIXES`."""
_EDITION_COLUMNS = {  # over the editions row e; sets is small, so these use the indexes
    "set": f"e.set_prefix IN ({SET_PREFIXES})",
    "rarity": "IFNULL(e.rarity = ?, 0)",
    "lang": "e.set_id IN (SELECT id FROM sets WHERE language = ? COLLATE NOCASE)",
}
_IS = {"foil": "e.foil", "flip": "e.flip", "dynamic": "e.dynamic"}
_HELD = "c.rowid IN (SELECT card_rowid FROM card_values WHERE field = '{}' AND {})"
_CARD_EDITIONS = {  # per-card mode: what any of the card's editions holds (facts)
    "set": _HELD.format("set", f"value IN ({SET_PREFIXES})"),
    "rarity": _HELD.format("rarity", "value = ?"),
}
_THEMA_RANGE = {"<": "c.thema_low", "<=": "c.thema_low", ">": "c.thema", ">=": "c.thema"}
"""Some edition's Thema is below (above) a value when the lowest (highest) of them is."""
_NEWS = ("SELECT number FROM revisions WHERE number = (SELECT MAX(number) FROM revisions) "
         "AND NOT (changed = 0 AND removed = 0 AND number = (SELECT MIN(n) FROM ("
         "SELECT MIN(number) AS n FROM revisions UNION ALL "
         "SELECT MIN(revision) FROM revision_cards)))")
"""The latest revision, unless it is the first, which filled an empty catalogue: nothing it
added is news (as :func:`app.store.history.revisions.latest_changed` and the Changes page say)."""
_LATEST = ("c.uuid IN (SELECT uuid FROM revision_cards WHERE revision = "
           f"({_NEWS}) AND kind IN ('added', 'changed') AND {{}})")
_HISTORY_IS = {"new": "kind = 'added'", "errata": "instr(groups, ',errata,') > 0",
               "legality": "instr(groups, ',legality,') > 0"}
_CHANGED_DAY = ("(SELECT MAX(substr(r.at, 1, 10)) FROM revision_cards rc JOIN revisions r "
                "ON r.number = rc.revision WHERE rc.uuid = c.uuid "
                "AND rc.kind IN ('added', 'changed'))")
_OWNED = {  # the collection's summary, attached as "owned_sum" (app.store.language.owned_terms)
    "owned": ("SELECT uuid FROM owned_sum.{} ", ()),
    "foil-owned": ("SELECT uuid FROM owned_sum.{} WHERE foil = 1", ()),
}
_TAGGED_CARD = "c.uuid IN (SELECT uuid FROM owned_sum.card_tags WHERE tag = lower(?))"
"""A card with an entry so tagged: the count walks this list of the summary's."""
_TAGGED_EDITION = ("EXISTS (SELECT 1 FROM owned_sum.edition_tags WHERE tag = lower(?) "
                   "AND uuid = e.uuid)")
"""An edition so tagged: a probe of the summary's (tag, uuid) key per edition row (the
shown edition of each card on a page); an ``IN`` list here was built twice per search."""
_OWN_COPIES = "IFNULL((SELECT copies FROM owned_sum.cards WHERE uuid = c.uuid), 0)"
"""Copies of the card owned, any printing and finish."""
BEST_THEMA = (
    "(CASE WHEN e.thema_foil IS NULL THEN e.thema_nonfoil WHEN e.thema_nonfoil IS NULL "
    "THEN e.thema_foil ELSE MAX(e.thema_foil, e.thema_nonfoil) END)"
)
"""An edition's Thema: the higher of its foil and non-foil totals (NULL when both are)."""


@dataclass(frozen=True)
class Compiled:
    """A ``WHERE`` condition and its parameters.

    Attributes:
        where: SQL text over ``cards c`` (and ``editions e`` in per-edition mode).
        params: one value per ``?``, in order.
    """

    where: str
    params: tuple[Param, ...]


@dataclass(frozen=True)
class _Sql:
    text: str
    params: tuple[Param, ...]
    cost: int  # rough evaluation cost, to test cheap conditions first


def compile_where(node: Node, per: Per = "card", rare: Collection[Term] = (),
                  one_edition: bool = True) -> Compiled:
    """Compile a parsed query to a condition over ``cards c`` (and ``editions e``).

    In ``card`` mode a card matches when one of its editions matches the whole query
    (edition terms hold on that same edition, :func:`_per_card`); in ``edition`` mode
    edition terms hold for the edition ``e`` itself. Card terms always test the card. Every
    condition is 0 or 1, never NULL, so ``NOT`` means "does not match".

    ``rare``: terms of :func:`rare_key` whose value few cards hold
    (:mod:`app.store.language.value_counts`); each is written as the list of the cards that hold it,
    found through card_values' index, rather than as a test of every card's column. Both
    forms hold for the same cards.

    ``one_edition=False`` (per card) leaves out the test that one edition matches all the
    edition terms (:data:`SOME_EDITION`), keeping the cheaper conditions every hit meets:
    for a page that tests each edition it reads against the per-edition condition instead.

    Example:
        >>> compile_where(parse("t:ally cost<=2")).params
        ('ally', 2)
    """
    sql = _per_card(node, rare, one_edition) if per == "card" else _node(node, per, rare)
    return Compiled(sql.text, sql.params)


SOME_EDITION = "EXISTS (SELECT 1 FROM editions e WHERE e.card_uuid = c.uuid AND "
_SOME_EDITION = SOME_EDITION + "{})"
"""A card one of whose editions matches a per-edition condition (which may test ``c``)."""
EDITION_CARDS = "+c.uuid IN (SELECT e.card_uuid FROM editions e WHERE "
"""The cards with an edition that matches a condition on the edition alone, as one list
made once and probed for each card (the ``+`` keeps SQLite from reading the cards through
the list: 88,050 lookups of ``is:foil -r:c`` on the generated catalogue, 144 ms)."""
_READS_CARD = re.compile(r"\bc\.")


def _edition_terms(node: Node) -> bool:
    return any(about_edition(t) for t in terms(node))


def _per_card(node: Node, rare: Collection[Term], one: bool = True) -> _Sql:
    """``node`` per card: some edition of the card matches all of it (edition terms on that
    one edition, card terms on the card), the cards of the per-edition search.

    The one-edition test reads editions, so it is written only where the terms' own
    per-card forms (any edition holds it, from the facts) would differ: two edition terms
    under one ``and``, or a negated one. Some edition matching ``a or b`` is some edition
    matching a or some matching b; one matching ``a and b`` matches each, so the cheap
    per-card forms of its parts come first and narrow the cards it is tried on: one by one
    (a subquery) when a part is held by few cards (:func:`_held_by_few`), else against one
    list of the matching editions' cards. Without ``one``, the test is left out (true).
    """
    if not _edition_terms(node):
        return _node(node, "card", rare)
    if isinstance(node, Term):
        if node.op == "!=" and BY_NAME[node.field].kind not in ("number", "date"):
            return _some_edition(node, (), one, rare)
        return _node(node, "card", rare)
    if isinstance(node, Not):
        return _some_edition(node, (), one, rare)
    if isinstance(node, Or):
        return _joined(node, [_per_card(child, rare, one) for child in node.children])
    about = [c for c in node.children if _edition_terms(c)]
    parts = [_node(c, "card", rare) for c in node.children if not _edition_terms(c)]
    if len(about) == 1:
        return _joined(node, [*parts, _per_card(about[0], rare, one)])
    narrowing = [sql for sql in (_per_card(c, rare) for c in about)
                 if sql.cost < 8]  # a cheap necessary condition (no one-edition test)
    few = any(_held_by_few(c, rare) for c in about)
    return _joined(node, [*parts, *narrowing,
                          _some_edition(And(tuple(about)), narrowing, one, rare, not few)])


def _held_by_few(node: Node, rare: Collection[Term]) -> bool:
    """Whether ``node`` is a term few cards match (a set, a collection term, a rare value):
    the cards it leaves are tested one by one, the others' editions listed once."""
    return isinstance(node, Term) and node.op == ":" and (
        node.field in ("set", "tag") or node.value in COLLECTION_IS or node in rare)


def _some_edition(node: Node, narrowing: Collection[_Sql], one: bool = True,
                  rare: Collection[Term] = (), listed: bool = False) -> _Sql:
    """Some edition of the card matches ``node`` (tested last: the costliest term); without
    ``one``, true.

    A negated term alone (``-s:AMB``, ``-is:foil``): a card with editions none of which
    holds the value has one without it, which the facts say; when few cards hold the value
    (a set, a rare language), only those are tested one by one. When most do (``-is:foil``,
    ``-lang:en``, ``-r:c``), the editions without it are listed once (on the generated
    catalogue 160–210 ms one by one, a list 40–80)."""
    if not one:
        return _Sql("1", (), 0)
    inner = _node(node, "edition")
    if listed and not _READS_CARD.search(inner.text):  # most cards are candidates
        return _Sql(f"{EDITION_CARDS}{inner.text})", inner.params, 8)
    sql = _Sql(_SOME_EDITION.format(inner.text), inner.params, 8 + len(narrowing))
    negated = node.child if isinstance(node, Not) else node
    if isinstance(negated, Term) and BY_NAME[negated.field].kind not in ("number", "date") \
            and negated.op == ("!=" if negated is node else ":"):
        if not _held_by_few(Term(negated.field, ":", negated.value), rare):
            return _Sql(f"{EDITION_CARDS}{inner.text})", inner.params, 8)
        held = _node(Term(negated.field, ":", negated.value, negated.exact), "card", rare)
        return _Sql(f"((c.editions > 0 AND NOT {held.text}) OR {sql.text})",
                    (*held.params, *sql.params), sql.cost)
    return sql


def rare_key(t: Term) -> tuple[str, str, bool] | None:
    """``(card_values field, value or LIKE pattern, is a pattern)`` of a term that
    ``compile_where`` can write as a list of cards (``lang:``, ``is:`` a flag, ``a:``),
    else None."""
    if t.field == "lang":
        return ("lang", str(t.value), False)
    if t.field == "is" and t.value in _IS:
        return ("is", str(t.value), False)
    if t.field == "illustrator" and str(t.value) and "\n" not in str(t.value):
        return ("illustrator", _contains(t.value), True)  # a name contains it
    return None


_HOLDING = "c.rowid IN (SELECT card_rowid FROM card_values WHERE field = '{}' AND value {})"
_NAMES = "IN (SELECT value FROM value_counts WHERE field = 'illustrator' AND value LIKE ? " \
    "ESCAPE '\\')"


def _holding(t: Term, per: Per, edition: _Sql | None) -> _Sql:
    """A rare term as the cards that hold its value (and, per edition, ``edition``)."""
    key = rare_key(t)
    assert key is not None
    field, value, pattern = key
    text = _HOLDING.format(field, _NAMES if pattern else "= ?")
    if per == "edition" and edition is not None:
        return _Sql(f"({text} AND {edition.text})", (value, *edition.params), 3)
    return _Sql(text, (value,), 3)


def fts_match(column: str, text: str, exact: bool) -> str:
    """An FTS5 query for one column: the words of ``text`` as one quoted phrase.

    Unquoted text matches its last word as a prefix (``fire-bo`` finds "Fire-Born");
    quoted (``exact``) text matches whole words only. Words are letters and digits only, so
    nothing of FTS5's syntax can come from the text.
    """
    phrase = '"' + " ".join(WORD.findall(text)) + '"'
    return f"{column} : {phrase}" + ("" if exact else " *")


def _node(node: Node, per: Per, rare: Collection[Term] = ()) -> _Sql:
    if isinstance(node, Term):
        if node in rare and node.op in (":", "!=") and rare_key(node) is not None:
            has = Term(node.field, ":", node.value, node.exact)
            sql = _holding(has, per, _term(has, per) if per == "edition" else None)
            return sql if node.op == ":" else _Sql(f"NOT {sql.text}", sql.params, sql.cost)
        return _term(node, per)
    if isinstance(node, Not):
        inner = _node(node.child, per, rare)
        if inner.text.startswith("NOT "):  # a negated term (0 or 1): NOT NOT x is x
            return _Sql(inner.text[4:], inner.params, inner.cost)
        return _Sql(f"NOT {inner.text}", inner.params, inner.cost)
    if not node.children:
        return _Sql("1", (), 0)
    return _joined(node, [_node(child, per, rare) for child in node.children])


def _joined(node: And | Or, parts: list[_Sql]) -> _Sql:
    """The compiled ``parts`` of ``node``'s children joined by its operator."""
    if isinstance(node, And):
        parts.sort(key=lambda p: p.cost)
    elif len(parts) > 1 and all(_card_list(p.text) for p in parts):
        return _Sql(  # one list: rowid order needs no sort (an or of lists, SQLite's
            # MULTI-INDEX OR, gives its rows list by list)
            "c.rowid IN (" + " UNION ALL ".join(p.text[12:-1] for p in parts) + ")",
            tuple(v for p in parts for v in p.params), sum(p.cost for p in parts))
    joiner = " AND " if isinstance(node, And) else " OR "
    return _Sql(
        "(" + joiner.join(p.text for p in parts) + ")",
        tuple(v for p in parts for v in p.params),
        sum(p.cost for p in parts),
    )


def _card_list(text: str) -> bool:
    """Whether ``text`` is exactly ``c.rowid IN (<one SELECT>)``."""
    if not text.startswith("c.rowid IN (SELECT ") or not text.endswith(")"):
        return False
    depth = 0
    for i, char in enumerate(text[11:], start=11):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0:
            return i == len(text) - 1
    return False


def _term(t: Term, per: Per) -> _Sql:
    kind, about = BY_NAME[t.field].kind, BY_NAME[t.field].about
    if t.op == "!=" and kind not in ("number", "date"):
        inner = _term(Term(t.field, ":", t.value, t.exact), per)
        return _Sql(f"NOT {inner.text}", inner.params, inner.cost)
    if kind == "words":
        match = fts_match(_FTS_COLUMNS[t.field], str(t.value), t.exact)
        text = "c.rowid IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?)"
        return _Sql(text, (match,), 1)
    if t.field in COLLECTION_FIELDS or (t.field == "is" and t.value in COLLECTION_IS):
        return _owned(t, per)
    if about == "card" or (t.field == "is" and t.value in HISTORY_IS):
        return _card(t)
    if per == "card" and t.field in _CARD_EDITIONS:
        return _Sql(_CARD_EDITIONS[t.field], _bound(t), 3)
    if per == "card" and t.field == "lang":  # languages: char(31)-delimited, upper case
        return _Sql("IFNULL(instr(c.languages, char(31) || upper(?) || char(31)) > 0, 0)",
                    (str(t.value),), 2)
    if per == "card" and t.field == "is":
        return _Sql(f"c.{t.value} = ?", (1,), 2)  # a choice of _IS: a card_facts column
    if per == "card" and t.field == "thema" and t.op in _THEMA_RANGE:
        return _Sql(f"IFNULL({_THEMA_RANGE[t.op]} {_OPS[t.op]} ?, 0)", (t.value,), 2)
    if per == "card" and t.field == "thema" and t.op == "!=":  # not all of them equal it
        return _Sql("(IFNULL(c.thema_low <> ?, 0) OR IFNULL(c.thema <> ?, 0))",
                    (t.value, t.value), 2)
    if per == "card" and t.field == "illustrator":
        return _Sql("IFNULL(c.illustrators LIKE ? ESCAPE '\\', 0)", (_contains(t.value),), 3)
    if t.field == "thema" and t.op == "=":  # two index lookups (scans of every edition:
        # 36 ms on the generated catalogue)
        found = "SELECT {0} FROM editions WHERE thema_foil = ? UNION ALL " \
                "SELECT {0} FROM editions WHERE thema_nonfoil = ?"
        text = (f"c.uuid IN ({found.format('card_uuid')})" if per == "card"
                else f"e.rowid IN ({found.format('rowid')})")
        return _Sql(text, (t.value, t.value), 2)
    sql = _edition(t)
    if per == "card":
        text = f"c.uuid IN (SELECT e.card_uuid FROM editions e WHERE {sql.text})"
        return _Sql(text, sql.params, sql.cost)
    return sql


def _owned(t: Term, per: Per) -> _Sql:
    """A collection term: ``own`` compares the card's copies owned; ``is:owned``,
    ``is:foil-owned`` and ``tag:`` hold for an owned edition (per card: any of its own)."""
    if t.field == "own":
        return _Sql(f"{_OWN_COPIES} {_OPS[t.op]} ?", (t.value,), 3)
    if t.field == "tag":
        if per == "edition":
            return _Sql(_TAGGED_EDITION, (str(t.value),), 2)
        return _Sql(_TAGGED_CARD, (str(t.value),), 2)
    inner, _ = _OWNED[str(t.value)]
    if per == "edition":
        return _Sql(f"e.uuid IN ({inner.format('editions')})", (), 2)
    return _Sql(f"c.uuid IN ({inner.format('cards')})", (), 2)


def _card(t: Term) -> _Sql:
    if t.field == "is":  # about the latest revision (app/store/history/revisions.py)
        return _Sql(_LATEST.format(_HISTORY_IS[str(t.value)]), (), 5)
    if t.field == "changed":
        if t.value == "latest":
            text = _LATEST.format("1")
            return _Sql(text if t.op == "=" else f"NOT {text}", (), 5)
        return _Sql(f"IFNULL({_CHANGED_DAY} {_OPS[t.op]} ?, 0)", (t.value,), 6)
    if t.field in _LEGALITY:
        return _Sql(_LEGALITY[t.field], (str(t.value),), 3)
    if t.field in _CARD_VALUES:
        text = ("c.rowid IN (SELECT card_rowid FROM card_values "
                f"WHERE field = '{_CARD_VALUES[t.field]}' AND value = ?)")
        return _Sql(text, (str(t.value).strip(),), 3)
    if t.field == "spd":
        return _Sql("IFNULL(c.speed = ?, 0)", (int(t.value == "fast"),), 4)
    if t.value == "X":
        sql, x = _X_COSTS[t.field]
        text = f"IFNULL({sql}, 0)" if t.op == "=" else f"NOT IFNULL({sql}, 0)"
        return _Sql(text, (x,), 4)
    return _Sql(f"IFNULL({CARD_STATS[t.field]} {_OPS[t.op]} ?, 0)", (t.value,), 4)


def _edition(t: Term) -> _Sql:
    if t.field in _EDITION_COLUMNS:
        return _Sql(_EDITION_COLUMNS[t.field], _bound(t), 2)
    if t.field == "is":
        return _Sql(f"{_IS[str(t.value)]} = ?", (1,), 2)
    if t.field == "thema":
        op = _OPS[t.op]
        text = f"(IFNULL(e.thema_foil {op} ?, 0) OR IFNULL(e.thema_nonfoil {op} ?, 0))"
        return _Sql(text, (t.value, t.value), 2)
    # illustrator or a collaborator: contained, any case
    return _Sql("e.illustrators LIKE ? ESCAPE '\\'", (_contains(t.value),), 3)


def _contains(value: Param) -> str:
    """A LIKE pattern for "contains ``value``" (its ``%``, ``_`` and ``\\`` taken literally)."""
    escaped = str(value).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return f"%{escaped}%"


def _bound(t: Term) -> tuple[Param, ...]:
    """The parameters of an edition-column term: a set's value once per ``?``."""
    return (str(t.value),) * SET_PARAMS if t.field == "set" else (t.value,)
