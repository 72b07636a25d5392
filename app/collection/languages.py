"""The language of owned copies, as the catalogue writes it: a two-letter code.

The catalogue's sets carry ``EN`` and ``CN`` (``/option/search``: English, Chinese
(Traditional)); Grand Archive is printed in Japanese too (``JP``). A CSV from another app or
a typed ``--language`` names them as it likes (``English``, ``Eng``, ``ja``, ``zh-TW``), so
every spelling is kept as its code: one edition in one language is one entry, whatever
the file said.

Example::

    language_code("english")   # 'EN'
    language_code("")          # '' (not said)
    language_code("Klingon")   # ValueError: language 'Klingon' is not one of EN JP CN …
"""

from __future__ import annotations

from app.limits import quote

LANGUAGES: dict[str, tuple[str, ...]] = {
    "EN": ("en", "eng", "english", "en-us", "en-gb", "en_us", "en_gb"),
    "JP": ("jp", "ja", "jpn", "japanese", "ja-jp", "ja_jp", "日本語"),
    "CN": ("cn", "zh", "chi", "chn", "zho", "chinese", "chinese (traditional)",
           "traditional chinese", "chinese (simplified)", "simplified chinese", "zh-tw",
           "zh-cn", "zh-hant", "zh-hans", "zh_tw", "zh_cn", "中文", "繁體中文", "简体中文"),
}
"""Each language's code (as the catalogue writes it) → its accepted spellings, case folded."""
_CODES = {alias: code for code, aliases in LANGUAGES.items() for alias in aliases}


def language_code(text: str) -> str:
    """The code of the language ``text`` names (any case; ``""`` stays ``""``).

    Raises:
        ValueError: ``text`` names no known language (the message lists the codes).
    """
    typed = " ".join(text.split())
    if not typed:
        return ""
    code = _CODES.get(typed.casefold())
    if code is None:
        raise ValueError(f"language {quote(typed)} is not one of {' '.join(LANGUAGES)} "
                         "(or their names, such as English, Japanese, Chinese)")
    return code


def _sql_text(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def migration_sql(max_quantity: int) -> str:
    """SQL that brings every stored entry's language to its code (:data:`LANGUAGES`):
    entries that become one edition, finish, condition, language and tag add up (at most
    ``max_quantity``, as any sum). A language no spelling names stays as it was, and so
    does a row whose values are not of their type (the row is reported when read).
    Undo steps are brought along, so an undo puts back codes too."""
    pairs = ", ".join(f"({_sql_text(alias)}, {_sql_text(code)})"
                      for alias, code in _CODES.items())
    wanted = ("(SELECT code FROM temp.language_codes WHERE alias = lower(trim({0})))")
    moves = (f"typeof(language) = 'text' AND typeof(quantity) = 'integer' "
             f"AND language IS NOT {wanted.format('language')}")
    return (
        "CREATE TEMP TABLE language_codes (alias TEXT PRIMARY KEY, code TEXT NOT NULL);"
        f"INSERT INTO temp.language_codes VALUES {pairs};"
        "CREATE TEMP TABLE language_moves AS SELECT edition_uuid, foil, condition, "
        f"{wanted.format('language')} AS language, tag, quantity FROM entries "
        f"WHERE {moves} AND {wanted.format('language')} IS NOT NULL;"
        f"DELETE FROM entries WHERE {moves} AND {wanted.format('language')} IS NOT NULL;"
        "INSERT INTO entries (edition_uuid, foil, condition, language, tag, quantity) "
        f"SELECT edition_uuid, foil, condition, language, tag, min({max_quantity}, "
        "sum(quantity)) FROM temp.language_moves GROUP BY 1, 2, 3, 4, 5 "
        f"ON CONFLICT DO UPDATE SET quantity = min({max_quantity}, "
        "entries.quantity + excluded.quantity);"
        f"UPDATE step_rows SET language = {wanted.format('step_rows.language')} "
        f"WHERE typeof(language) = 'text' AND {wanted.format('step_rows.language')} "
        "IS NOT NULL;"
        "DROP TABLE temp.language_moves; DROP TABLE temp.language_codes;"
    )
