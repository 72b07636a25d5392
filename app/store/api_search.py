"""The official API's ``GET /cards/search``, compiled to SQL over the search facts.

Source: ``openapi-v1.1.0.json``, ``/cards/search``. The parameters arrive already validated
as an :class:`ApiQuery` (``app/catalogue/search_params.py``); nothing a client sent is ever
pasted into SQL: values are bound, column names come from fixed tables here.

Card-level filters (class, type, subtype, element, name, slug, effect, flavor, rule, speed,
card stats, legality, last_update) decide which cards match. Edition-level filters (set
prefix, rarity, illustrator, collector number, edition slug/effect/flavor/last_update,
language, configuration, collab, edition stats) decide which of a card's editions match:
a card matches when it passes the card filters and at least one edition passes the edition
filters, and its ``result_editions`` are exactly those editions.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from app.store.db import Store

CARD_STATS = {
    "cost_memory": "f.mem", "cost_reserve": "f.res", "level": "f.level", "power": "f.power",
    "life": "f.life", "durability": "f.durability",
}
"""Card stats of the ``stats`` parameter, as card-fact columns."""

EDITION_STATS = {"rarity": "e.rarity", "thema_foil": "e.thema_foil",
                 "thema_nonfoil": "e.thema_nonfoil"}
"""Edition stats held in edition columns; the other Thema parts are read from the body."""

THEMA_PARTS = tuple(
    f"thema_{part}_{kind}" for kind in ("foil", "nonfoil")
    for part in ("charm", "ferocity", "grace", "mystique", "valor")
)
POPULATION_STATS = {"population_foil": 1, "population_nonfoil": 0}
STAT_FIELDS = (*CARD_STATS, *EDITION_STATS, *THEMA_PARTS, *POPULATION_STATS)
STAT_OPERATORS = ("<=", ">=", "=", "<", ">")

API_SORT_KEYS = {
    "collector_number": ("MIN(e.collector_number)", "e.collector_number"),
    "cost_memory": ("f.mem", "f.mem"),
    "cost_reserve": ("f.res", "f.res"),
    "durability": ("f.durability", "f.durability"),
    "level": ("f.level", "f.level"),
    "life": ("f.life", "f.life"),
    "name": ("c.name COLLATE NOCASE", "c.name COLLATE NOCASE"),
    "power": ("f.power", "f.power"),
    "rarity": ("MIN(e.rarity)", "e.rarity"),
}
"""The official sort keys as SQL: (grouped by card, one row per edition). Ties are broken
by card name (case-insensitive) in the same direction, then card uuid, then edition order.
Cards without the value come last in both directions."""

CARD_ONLY_KEYS = {
    key: f"(SELECT MIN(x.{key}) FROM editions x WHERE x.card_uuid = c.uuid)"
    for key in ("collector_number", "rarity")
}
"""Edition sort keys when no edition filter applies: over all the card's editions."""

CARD_LISTS = {"class": "classes", "type": "types", "subtype": "subtypes", "element": "elements"}


@dataclass(frozen=True)
class StatTerm:
    """One ``stats`` term such as ``level>=2``: field, operator, number (-1 for ``=X``)."""

    field: str
    op: str
    value: float


@dataclass(frozen=True)
class ListFilter:
    """Values of a card list parameter and how they combine (``OR`` or ``AND``).

    ``none`` is True when ``"null"`` was among the values (cards with an empty list).
    """

    values: tuple[str, ...] = ()
    logic: str = "OR"
    none: bool = False


@dataclass(frozen=True)
class ApiQuery:
    """A validated ``/cards/search`` request (see the module docstring for the levels)."""

    page: int = 1
    page_size: int = 50
    sort: str = "collector_number"
    order: str = "ASC"
    separate_editions: bool = False
    lists: dict[str, ListFilter] = field(default_factory=dict)
    name: str | None = None
    slug: str | None = None
    effect: str | None = None
    flavor: str | None = None
    rule: str | None = None
    rule_title: str | None = None
    last_update: str | None = None
    speed: tuple[str, ...] = ()
    stats: tuple[StatTerm, ...] = ()
    legality_format: str | None = None
    legality_limit: int | None = None
    legality_state: str = "ANY"
    prefix: tuple[str, ...] = ()
    rarity: int | None = None
    illustrator: str | None = None
    collector_number: str | None = None
    edition_slug: str | None = None
    edition_effect: str | None = None
    edition_flavor: str | None = None
    edition_last_update: str | None = None
    language: tuple[str, ...] = ()
    configuration: str | None = None
    collab: bool | None = None


@dataclass(frozen=True)
class ApiHit:
    """One ``data`` entry: the card's stored body and the uuids of its result editions."""

    body: str
    edition_uuids: tuple[str, ...] | None  # None: every edition of the card


def _like(text: str) -> str:
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def _ed(path: str) -> str:
    """SQL reading ``path`` of the current edition ``e`` from its card's body (SQLite keeps
    the last parsed bodies, so a card's editions share one parse; measured faster than
    walking the editions array with ``json_each``)."""
    return f"json_extract(c.body, '$.editions[' || e.position || '].{path}')"


class _Sql:
    def __init__(self) -> None:
        self.where: list[str] = []
        self.params: list[object] = []

    def add(self, sql: str, *params: object) -> None:
        self.where.append(sql)
        self.params.extend(params)


def _card_filters(q: ApiQuery, s: _Sql) -> None:
    for name, flt in q.lists.items():
        exists = ("EXISTS (SELECT 1 FROM card_values v WHERE v.card_rowid = c.rowid "
                  "AND v.field = ? AND v.value {})")
        if flt.logic == "AND":
            parts = [exists.format("= ?") for _ in flt.values]
            params: list[object] = [p for v in flt.values for p in (name, v)]
            joiner = " AND "
        else:
            parts = [exists.format(f"IN ({', '.join('?' * len(flt.values))})")] \
                if flt.values else []
            params = [name, *flt.values] if flt.values else []
            joiner = " OR "
        if flt.none:
            parts.append(f"json_array_length(c.body, '$.{CARD_LISTS[name]}') = 0")
        s.add("(" + joiner.join(parts) + ")", *params)
    for column, text in (("c.name", q.name), ("json_extract(c.body, '$.flavor')", q.flavor)):
        if text:
            s.add(f"{column} LIKE ? ESCAPE '\\'", _like(text))
    if q.slug:
        s.add("c.slug = ?", q.slug)
    if q.effect:
        s.add("(json_extract(c.body, '$.effect_raw') LIKE ? ESCAPE '\\' OR EXISTS (SELECT 1 "
              "FROM json_each(c.body, '$.editions') x WHERE "
              "json_extract(x.value, '$.effect_raw') LIKE ? ESCAPE '\\'))",
              _like(q.effect), _like(q.effect))
    if q.rule:
        s.add("EXISTS (SELECT 1 FROM json_each(c.body, '$.rule') r WHERE "
              "json_extract(r.value, '$.title') LIKE ? ESCAPE '\\' OR "
              "json_extract(r.value, '$.description') LIKE ? ESCAPE '\\')",
              _like(q.rule), _like(q.rule))
    if q.rule_title == "null":
        s.add("EXISTS (SELECT 1 FROM json_each(c.body, '$.rule') r WHERE "
              "COALESCE(json_extract(r.value, '$.title'), '') = '')")
    elif q.rule_title is not None:
        s.add("EXISTS (SELECT 1 FROM json_each(c.body, '$.rule') r WHERE "
              "lower(json_extract(r.value, '$.title')) = lower(?))", q.rule_title)
    if q.last_update:
        # As before this module: a sync also needs cards whose record changed here.
        s.add("(c.changed_at > ? OR c.last_update > ?)", q.last_update, q.last_update)
    if q.speed:
        speeds = {"fast": "f.speed = 1", "slow": "f.speed = 0", "none": "f.speed IS NULL"}
        s.add("(" + " OR ".join(speeds[v] for v in q.speed) + ")")
    _legality(q, s)


def _legality(q: ApiQuery, s: _Sql) -> None:
    fmt = q.legality_format
    entries = ("SELECT 1 FROM json_each(c.body, '$.legality') g "
               "WHERE json_type(c.body, '$.legality') = 'object'"
               + (" AND g.key = ?" if fmt else ""))
    fmt_params = [fmt] if fmt else []
    # The card's format facts (any case) hold every format of its legality object: a card
    # without one needs no body parsed.
    listed = ("EXISTS (SELECT 1 FROM card_values v WHERE v.card_rowid = c.rowid "
              "AND v.field = 'format'" + (" AND v.value = ?)" if fmt else ")"))
    if q.legality_limit is not None:
        s.add(f"{listed} AND EXISTS ({entries} AND json_extract(g.value, '$.limit') = ?)",
              *fmt_params, *fmt_params, q.legality_limit)
    elif q.legality_state == "RESTRICTED":
        s.add(f"{listed} AND EXISTS ({entries})", *fmt_params, *fmt_params)
    elif q.legality_state == "LEGAL":
        s.add(f"(NOT {listed} OR NOT EXISTS ({entries}))", *fmt_params, *fmt_params)


def _edition_filters(q: ApiQuery, s: _Sql) -> None:
    if q.prefix:
        s.add(f"e.set_prefix IN ({', '.join('?' * len(q.prefix))})", *q.prefix)
    if q.rarity is not None:
        s.add("e.rarity = ?", q.rarity)
    if q.illustrator == "null":
        s.add(f"{_ed('illustrator')} IS NULL")
    elif q.illustrator is not None:  # the edition's illustrators fact holds the name
        s.add(f"instr(e.illustrators, ?) > 0 AND {_ed('illustrator')} = ?",
              q.illustrator, q.illustrator)
    if q.collector_number is not None:
        s.add("e.collector_number = ?", q.collector_number)
    if q.edition_slug is not None:
        s.add("e.slug = ?", q.edition_slug)
    for path, text in (("effect_raw", q.edition_effect), ("flavor", q.edition_flavor)):
        if text:
            s.add(f"{_ed(path)} LIKE ? ESCAPE '\\'", _like(text))
    if q.edition_last_update:
        s.add(f"{_ed('last_update')} > ?", q.edition_last_update)
    if q.language:
        s.add(f"{_ed('set.language')} IN ({', '.join('?' * len(q.language))})", *q.language)
    if q.configuration is not None:
        s.add("e.flip = ?", int(q.configuration == "flip"))
    if q.collab is not None:
        s.add(f"json_array_length({_ed('collaborators')}) {'>' if q.collab else '='} 0")


def _stat_filters(q: ApiQuery, card: _Sql, s: _Sql) -> None:
    for term in q.stats:
        if term.field in CARD_STATS:
            card.add(f"{CARD_STATS[term.field]} {term.op} ?", term.value)
        elif term.field in EDITION_STATS:
            s.add(f"{EDITION_STATS[term.field]} {term.op} ?", term.value)
        elif term.field in THEMA_PARTS:
            s.add(f"{_ed(term.field)} {term.op} ?", term.value)
        else:
            foil = POPULATION_STATS[term.field]
            prints = " UNION ALL ".join(
                f"SELECT p.value FROM json_each({_ed(key)}) p"
                for key in ("circulationTemplates", "circulations"))
            s.add(f"EXISTS (SELECT 1 FROM ({prints}) t WHERE "
                  f"json_extract(t.value, '$.foil') = {foil} AND "
                  f"json_extract(t.value, '$.population') {term.op} ?)", term.value)


def search_cards(store: Store, q: ApiQuery) -> tuple[int, list[ApiHit]]:
    """One page of the official search.

    Without edition-level filters (and without ``separate_editions``) only cards are read:
    every edition is a result edition, and edition sort keys come from an indexed subquery.
    Otherwise cards join their edition rows. One pass gives the page and the total.

    Returns:
        ``(total data entries, the page's hits)``: cards (or, with ``separate_editions``,
        card-edition pairs) in the requested order.
    """
    card, ed = _Sql(), _Sql()
    _card_filters(q, card)
    _edition_filters(q, ed)
    _stat_filters(q, card, ed)
    grouped, single = API_SORT_KEYS[q.sort]
    direction = "DESC" if q.order == "DESC" else "ASC"
    ties = f"c.name COLLATE NOCASE {direction}, c.uuid"
    window = [q.page_size, (q.page - 1) * q.page_size]
    # Without a card filter on the body, uuid and name come from the covering index of
    # migration 6: reading card rows means reading their bodies' pages.
    cover = "" if any("c.body" in w for w in card.where) else " INDEXED BY cards_cover"
    source = f"FROM cards c{cover} JOIN card_facts f ON f.card_rowid = c.rowid"
    conn = store.connection()
    if not ed.where and not q.separate_editions:
        key = CARD_ONLY_KEYS.get(q.sort, grouped)
        sql = (f"SELECT c.uuid, '', COUNT(*) OVER () {source} "
               f"WHERE {' AND '.join(card.where) or '1 = 1'} "
               f"ORDER BY {key} IS NULL, {key} {direction}, {ties} LIMIT ? OFFSET ?")
        rows = conn.execute(sql, [*card.params, *window]).fetchall()
        count_sql = f"SELECT COUNT(*) {source} WHERE {' AND '.join(card.where) or '1 = 1'}"
        params = card.params
    else:
        where = " AND ".join(card.where + ed.where) or "1 = 1"
        joined = f"{source} JOIN editions e ON e.card_uuid = c.uuid WHERE {where}"
        params = card.params + ed.params
        if q.separate_editions:
            sql = (f"SELECT c.uuid, e.uuid, COUNT(*) OVER () {joined} ORDER BY {single} IS NULL, "
                   f"{single} {direction}, {ties}, e.position LIMIT ? OFFSET ?")
            count_sql = f"SELECT COUNT(*) {joined}"
        else:
            sql = (f"SELECT c.uuid, group_concat(e.uuid, char(10)), COUNT(*) OVER () {joined} "
                   f"GROUP BY c.uuid ORDER BY {grouped} IS NULL, {grouped} {direction}, {ties} "
                   "LIMIT ? OFFSET ?")
            count_sql = f"SELECT COUNT(DISTINCT c.uuid) {joined}"
        rows = conn.execute(sql, [*params, *window]).fetchall()
    if rows:
        total = int(rows[0][2])
    else:  # a page past the end: the window has no row to carry the total
        (total,) = conn.execute(count_sql, params).fetchone()
    # Bodies are read after sorting, so the sorter never carries them.
    wanted = list({str(r[0]) for r in rows})
    bodies = dict(conn.execute(
        f"SELECT uuid, body FROM cards WHERE uuid IN ({', '.join('?' * len(wanted))})", wanted,
    ).fetchall()) if wanted else {}
    return int(total), [
        ApiHit(str(bodies[r[0]]), tuple(str(r[1]).split("\n")) if r[1] else None)
        for r in rows]
