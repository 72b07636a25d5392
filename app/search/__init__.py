"""The search language: lexer, parser, syntax tree, fields, errors, filters (no Qt, no SQL).

Bare words and ``"quoted phrases"`` match card names; ``field:value`` terms match other
fields (``t:champion``, ``o:"draw a card"``, ``cost<=2``, ``s:doa``, ``r:ur``, ``is:foil``);
``-`` negates, terms side by side must all hold, ``or`` and parentheses group. See
:mod:`app.search.parser` for the grammar and :mod:`app.search.fields` for the fields.
Queries are compiled to SQL and run by the store (:mod:`app.store.query`); callers run them
through the catalogue.

Example::

    from app.search import QuerySyntaxError
    try:
        result = catalogue.query("(el:water or el:wind) t:ally cost<=2", sort="cost")
    except QuerySyntaxError as error:
        print(error.render(text))       # the query, a caret, the message and a hint
"""

from typing import TYPE_CHECKING, Any

# The result types live in app.model.query; re-exported for the window.
# TODO(gui): import EditionHit, Hit, QueryResult from app.model.query (or app.catalogue).
from app.model.query import QUERY_SORTS, EditionHit, Hit, Per, QueryResult, SortKey
from app.search.ast import And, Node, Not, Or, Term, terms
from app.search.errors import QuerySyntaxError
from app.search.fields import FIELDS, RARITY_CODES, Field
from app.search.parser import MAX_NESTING, MAX_TERMS, parse

if TYPE_CHECKING:  # TODO(gui): see __getattr__ below
    from app.store.query import run_query as run_query

SORT_KEYS = QUERY_SORTS  # TODO(gui): the window imports SORT_KEYS; switch it to QUERY_SORTS

__all__ = [
    "FIELDS",
    "MAX_NESTING",
    "MAX_TERMS",
    "QUERY_SORTS",
    "RARITY_CODES",
    "SORT_KEYS",
    "And",
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
    "parse",
    "terms",
]


def __getattr__(name: str) -> Any:
    """``run_query`` moved to :mod:`app.store.query` (loaded on first use: no import cycle).

    TODO(gui): the search controller imports ``run_query`` from here; switch it to
    ``catalogue.query`` and drop this.
    """
    if name == "run_query":
        from app.store.query import run_query

        return run_query
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
