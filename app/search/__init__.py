"""The search language: parsed here (no Qt), compiled to parameterised SQL, run on the store.

Bare words and ``"quoted phrases"`` match card names; ``field:value`` terms match other
fields (``t:champion``, ``o:"draw a card"``, ``cost<=2``, ``s:doa``, ``r:ur``, ``is:foil``);
``-`` negates, terms side by side must all hold, ``or`` and parentheses group. See
:mod:`app.search.parser` for the grammar and :mod:`app.search.fields` for the fields.

Example::

    from app.search import QuerySyntaxError, run_query
    try:
        result = run_query(store, "(el:water or el:wind) t:ally cost<=2", sort="cost")
    except QuerySyntaxError as error:
        print(error.render(text))       # the query, a caret, the message and a hint
"""

from app.search.ast import And, Node, Not, Or, Term, terms
from app.search.compile import Compiled, Per, compile_where, fts_match
from app.search.errors import QuerySyntaxError
from app.search.fields import FIELDS, RARITY_CODES, Field
from app.search.parser import MAX_NESTING, MAX_TERMS, parse
from app.search.query import SORT_KEYS, EditionHit, Hit, QueryResult, SortKey, run_query

__all__ = [
    "FIELDS",
    "MAX_NESTING",
    "MAX_TERMS",
    "RARITY_CODES",
    "SORT_KEYS",
    "And",
    "Compiled",
    "EditionHit",
    "Field",
    "Hit",
    "Node",
    "Not",
    "Or",
    "Per",
    "QueryResult",
    "QuerySyntaxError",
    "SortKey",
    "Term",
    "compile_where",
    "fts_match",
    "parse",
    "run_query",
    "terms",
]
