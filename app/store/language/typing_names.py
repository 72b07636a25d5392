"""Card names for typing help: completion by prefix, every name for
"did you mean", and the values of the exact fields."""

from __future__ import annotations

from app.store.db.connection import Store
from app.store.language.value_counts import SEARCH_FIELDS

EXACT_FIELDS = ("type", "subtype", "class", "element", "format")
"""The fields whose values ``card_values`` holds."""


def _like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def card_names(store: Store, prefix: str, limit: int = 20) -> list[str]:
    """Names starting with ``prefix`` (any case), then names with a later word starting
    with it; each group by name, at most ``limit`` in all."""
    text = _like(prefix.strip())
    if not text:
        return []
    rows = store.connection().execute(
        "SELECT name FROM (SELECT DISTINCT name, 0 AS rank FROM cards "
        "WHERE name LIKE ? ESCAPE '\\' UNION SELECT DISTINCT name, 1 FROM cards "
        "WHERE name LIKE ? ESCAPE '\\' AND name NOT LIKE ? ESCAPE '\\') "
        "ORDER BY rank, name COLLATE NOCASE LIMIT ?",
        (f"{text}%", f"% {text}%", f"{text}%", limit)).fetchall()
    return [str(name) for (name,) in rows]


def all_card_names(store: Store) -> list[str]:
    """Every distinct card name."""
    rows = store.connection().execute("SELECT DISTINCT name FROM cards").fetchall()
    return [str(name) for (name,) in rows]


def field_values(store: Store) -> dict[str, list[str]]:
    """Field (:data:`EXACT_FIELDS`) → the distinct values the catalogue's cards hold, and
    ``set`` → every set prefix and set name."""
    rows = store.connection().execute(  # the distinct values (any case), counted apart
        "SELECT field, value FROM value_counts WHERE field NOT IN (?, ?, ?)",
        SEARCH_FIELDS).fetchall()  # lang, is, illustrator: rows for the search only
    out: dict[str, list[str]] = {field: [] for field in EXACT_FIELDS}
    for field, value in rows:
        out.setdefault(str(field), []).append(str(value))
    sets = store.connection().execute("SELECT prefix, name FROM sets").fetchall()
    out["set"] = sorted({str(v) for row in sets for v in row})
    return out


def named_cards(store: Store) -> list[tuple[str, str]]:
    """``(uuid, name)`` of every card now, then of every card the history recorded (a
    removed card, an older name), newest revision first."""
    conn = store.connection()
    rows = conn.execute("SELECT uuid, name FROM cards").fetchall()
    rows += conn.execute(
        "SELECT uuid, name FROM revision_cards ORDER BY revision DESC").fetchall()
    return [(str(uuid), str(name)) for uuid, name in rows]
