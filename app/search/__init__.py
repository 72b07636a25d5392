"""The search language: lexer, parser, syntax tree, fields, errors, filters (no Qt, no SQL).

Bare words and ``"quoted phrases"`` match card names; ``field:value`` terms match other
fields (``t:champion``, ``o:"draw a card"``, ``cost<=2``, ``s:doa``, ``r:ur``, ``is:foil``);
``-`` negates, terms side by side must all hold, ``or`` and parentheses group. See
:mod:`app.search.parser` for the grammar and :mod:`app.search.fields` for the fields.
Queries are compiled to SQL and run by the store (:mod:`app.store.language.query`); callers run them
through the catalogue.

Example::

    from app.search import QuerySyntaxError
    try:
        result = catalogue.query("(el:water or el:wind) t:ally cost<=2", sort="cost")
    except QuerySyntaxError as error:
        print(error.render(text))       # the query, a caret, the message and a hint
"""

from app.search.ast import And, Node, Not, Or, Term, terms
from app.search.errors import QuerySyntaxError
from app.search.fields import FIELDS, RARITY_CODES, Field
from app.search.parser import MAX_NESTING, MAX_TERMS, parse

__all__ = [
    "FIELDS",
    "MAX_NESTING",
    "MAX_TERMS",
    "RARITY_CODES",
    "And",
    "Field",
    "Node",
    "Not",
    "Or",
    "QuerySyntaxError",
    "Term",
    "parse",
    "terms",
]

