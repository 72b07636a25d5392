"""The search language compiled to a parameterised SQL ``WHERE`` condition.

Every value is a ``?`` parameter. The SQL text comes only from the fixed tables below,
chosen by a term's field and operator (both checked by the parser against fixed lists),
so nothing a person types is ever pasted into SQL. FTS5 ``MATCH`` strings are built from
the value's words, each quoted, and passed as parameters too.

Aliases in the condition: ``c`` is the ``cards`` row and, in per-edition mode, ``e`` the
``editions`` row. An edition's JSON fields are read at ``$.editions[e.position]`` of its
card's body (SQLite 3.40 parses the body for each read; see the benchmark for the cost).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from app.search.ast import And, Node, Not, Term
from app.search.fields import BY_NAME, WORD

Per = Literal["card", "edition"]
Param = str | int | float

_OPS = {"=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_FTS_COLUMNS = {"name": "name", "effect": "effect_raw", "flavor": "flavor"}
_CARD_LISTS = {
    "type": "$.types", "subtype": "$.subtypes", "class": "$.classes", "element": "$.elements",
}
CARD_STATS = {  # the numeric card fields; also the sort keys of run_query
    "cost": "(SELECT CASE WHEN v <> '' AND v NOT GLOB '*[^0-9]*' THEN CAST(v AS INTEGER) END "
            "FROM (SELECT json_extract(c.body, '$.cost.value') AS v))",
    "mem": "NULLIF(json_extract(c.body, '$.cost_memory'), -1)",
    "res": "NULLIF(json_extract(c.body, '$.cost_reserve'), -1)",
    "lv": "json_extract(c.body, '$.level')",
    "pow": "json_extract(c.body, '$.power')",
    "life": "json_extract(c.body, '$.life')",
    "dur": "json_extract(c.body, '$.durability')",
}
_X_COSTS: dict[str, tuple[str, Param]] = {  # field = x
    "cost": ("json_extract(c.body, '$.cost.value') = ? COLLATE NOCASE", "X"),
    "mem": ("json_extract(c.body, '$.cost_memory') = ?", -1),
    "res": ("json_extract(c.body, '$.cost_reserve') = ?", -1),
}
_EDITION_COLUMNS = {  # over the editions row e; sets is small, so these use the indexes
    "set": "e.set_prefix IN (SELECT prefix FROM sets WHERE prefix = ? COLLATE NOCASE)",
    "rarity": "IFNULL(e.rarity = ?, 0)",
    "lang": "e.set_id IN (SELECT id FROM sets WHERE language = ? COLLATE NOCASE)",
}


def _ed(*paths: str) -> str:
    """SQL reading fixed ``paths`` of the edition ``e`` in its card's body.

    One path gives its value; several give a JSON array of their values (one parse of
    the body: SQLite 3.40 parses the whole body for every ``json_extract``).
    """
    where = ", ".join(f"'$.editions[' || e.position || ']{path}'" for path in paths)
    return f"json_extract(c.body, {where})"


_IS: dict[str, tuple[str, tuple[Param, ...]]] = {  # over the edition e in its card's body
    "foil": (
        f"EXISTS (SELECT 1 FROM json_each({_ed('.circulationTemplates', '.circulations')}) "
        "AS f, json_each(f.value) AS p WHERE json_extract(p.value, '$.kind') = ? COLLATE NOCASE)",
        ("FOIL",),
    ),
    "flip": (f"{_ed('.configuration')} = ? COLLATE NOCASE", ("flip",)),
    "dynamic": (
        f"EXISTS (SELECT 1 FROM json_each({_ed('.thema_foil_dynamic', '.thema_nonfoil_dynamic')}) "
        "WHERE value = ?)", (1,),
    ),
}
_ILLUSTRATOR = (  # the illustrator or a collaborator
    f"EXISTS (SELECT 1 FROM json_tree({_ed('.illustrator', '.collaborators')}) "
    "WHERE type = 'text' AND value LIKE ? ESCAPE '\\')"
)
_THEMA = (
    f"EXISTS (SELECT 1 FROM json_each({_ed('.thema_foil', '.thema_nonfoil')}) "
    "WHERE value {op} ?)"
)
BEST_THEMA = f"(SELECT MAX(value) FROM json_each({_ed('.thema_foil', '.thema_nonfoil')}))"
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


def compile_where(node: Node, per: Per = "card") -> Compiled:
    """Compile a parsed query to a condition over ``cards c`` (and ``editions e``).

    In ``card`` mode an edition term holds for a card when any of its editions matches;
    in ``edition`` mode it holds for the edition ``e`` itself. Card terms always test the
    card. Every condition is 0 or 1, never NULL, so ``NOT`` means "does not match".

    Example:
        >>> compile_where(parse("t:ally cost<=2")).params
        ('ally', 2)
    """
    sql = _node(node, per)
    return Compiled(sql.text, sql.params)


def fts_match(column: str, text: str, exact: bool) -> str:
    """An FTS5 query for one column: the words of ``text`` as one quoted phrase.

    Unquoted text matches its last word as a prefix (``fire-bo`` finds "Fire-Born");
    quoted (``exact``) text matches whole words only. Words are letters and digits only, so
    nothing of FTS5's syntax can come from the text.
    """
    phrase = '"' + " ".join(WORD.findall(text)) + '"'
    return f"{column} : {phrase}" + ("" if exact else " *")


def _node(node: Node, per: Per) -> _Sql:
    if isinstance(node, Term):
        return _term(node, per)
    if isinstance(node, Not):
        inner = _node(node.child, per)
        return _Sql(f"NOT {inner.text}", inner.params, inner.cost)
    if not node.children:
        return _Sql("1", (), 0)
    parts = [_node(child, per) for child in node.children]
    if isinstance(node, And):
        parts.sort(key=lambda p: p.cost)
    joiner = " AND " if isinstance(node, And) else " OR "
    return _Sql(
        "(" + joiner.join(p.text for p in parts) + ")",
        tuple(v for p in parts for v in p.params),
        sum(p.cost for p in parts),
    )


def _term(t: Term, per: Per) -> _Sql:
    kind, about = BY_NAME[t.field].kind, BY_NAME[t.field].about
    if t.op == "!=" and kind != "number":
        inner = _term(Term(t.field, ":", t.value, t.exact), per)
        return _Sql(f"NOT {inner.text}", inner.params, inner.cost)
    if kind == "words":
        match = fts_match(_FTS_COLUMNS[t.field], str(t.value), t.exact)
        text = "c.rowid IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?)"
        return _Sql(text, (match,), 1)
    if about == "card":
        return _card(t)
    if t.field in _EDITION_COLUMNS:
        sql = _Sql(_EDITION_COLUMNS[t.field], (t.value,), 2)
        if per == "card":
            text = f"c.uuid IN (SELECT e.card_uuid FROM editions e WHERE {sql.text})"
            return _Sql(text, sql.params, 2)
        return sql
    sql = _edition_json(t)
    if per == "card":
        text = f"EXISTS (SELECT 1 FROM editions e WHERE e.card_uuid = c.uuid AND {sql.text})"
        return _Sql(text, sql.params, 12)
    return sql


def _card(t: Term) -> _Sql:
    if t.field in _CARD_LISTS:
        text = (f"EXISTS (SELECT 1 FROM json_each(c.body, '{_CARD_LISTS[t.field]}') "
                "WHERE value = ? COLLATE NOCASE)")
        return _Sql(text, (str(t.value).strip(),), 10)
    if t.field == "format":
        text = ("EXISTS (SELECT 1 FROM json_each(c.body, '$.legality') "
                "WHERE key = ? COLLATE NOCASE)")
        return _Sql(text, (str(t.value).strip(),), 10)
    if t.field == "spd":
        return _Sql("IFNULL(json_extract(c.body, '$.speed') = ?, 0)", (int(t.value == "fast"),), 10)
    if t.value == "X":
        sql, x = _X_COSTS[t.field]
        text = f"IFNULL({sql}, 0)" if t.op == "=" else f"NOT IFNULL({sql}, 0)"
        return _Sql(text, (x,), 10)
    return _Sql(f"IFNULL({CARD_STATS[t.field]} {_OPS[t.op]} ?, 0)", (t.value,), 10)


def _edition_json(t: Term) -> _Sql:
    if t.field == "is":
        text, params = _IS[str(t.value)]
        return _Sql(f"IFNULL({text}, 0)", params, 12)
    if t.field == "thema":
        return _Sql(_THEMA.format(op=_OPS[t.op]), (t.value,), 12)
    # illustrator: contained, any case
    escaped = str(t.value).replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
    return _Sql(_ILLUSTRATOR, (f"%{escaped}%",), 12)
