"""Splitting a query into tokens, each with its character positions.

Tokens: ``(`` ``)``, ``-`` (negation, directly before a term or group), the keyword ``or``
(any case, unquoted), bare words, ``"quoted phrases"`` and field terms ``field OP value``
where OP is one of ``: = != < <= > >=`` and the value is a word or a quoted phrase.

A bare word or an unquoted value runs until white space, a parenthesis or a quote, so
``(t:ally or t:champion)`` and ``o:"draw a card"`` split as a person expects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from app import limits
from app.search.errors import QuerySyntaxError

MAX_QUERY_CHARS = limits.QUERY_CHARS
"""A longer query is refused before it is read (:mod:`app.limits`)."""

LPAREN, RPAREN, MINUS, OR, WORD, PHRASE, FIELD, END = (
    "(", ")", "-", "or", "word", "phrase", "field", "end"
)

_FIELD = re.compile(r"([A-Za-z]+)(!=|<=|>=|:|=|<|>)")
_BARE = re.compile(r'[^\s()"]+')
_SPACE = re.compile(r"\s")


@dataclass(frozen=True)
class Token:
    """One token of a query.

    Attributes:
        kind: one of ``( ) - or word phrase field end``.
        text: the word or the phrase's content; for a field term the field name as typed.
        start, end: character offsets of the whole token in the query.
        op: a field term's operator as typed (``":"``, ``">="`` …).
        value: a field term's value (without quotes).
        quoted: the word or value was in double quotes.
        value_start: offset of a field term's value (of its opening quote when quoted).
    """

    kind: str
    text: str
    start: int
    end: int
    op: str = ""
    value: str = ""
    quoted: bool = False
    value_start: int = 0


def tokenize(query: str) -> list[Token]:
    """The tokens of ``query``, ending with an ``end`` token.

    Raises:
        QuerySyntaxError: an unclosed quote, a ``-`` with no term after it, a character
            that is not text (a lone surrogate from undecodable input, a control character
            such as NUL), or a query longer than :data:`MAX_QUERY_CHARS`.

    Example:
        >>> [t.kind for t in tokenize('-t:ally or "spirit of"')]
        ['-', 'field', 'or', 'phrase', 'end']
    """
    if len(query) > MAX_QUERY_CHARS:
        raise QuerySyntaxError(f"the query has {len(query):,} characters; at most "
                               f"{MAX_QUERY_CHARS:,}", MAX_QUERY_CHARS, "shorten the search")
    for i, ch in enumerate(query):
        if "\ud800" <= ch <= "\udfff":
            raise QuerySyntaxError("unreadable character", i, "retype the query as plain text")
    control = limits.control_character(query.replace("\t", " ").replace("\n", " "))
    if control is not None:
        raise QuerySyntaxError("a control character", control, "retype the query as plain text")
    tokens: list[Token] = []
    i, n = 0, len(query)
    while i < n:
        ch = query[i]
        if _SPACE.match(ch):
            i += 1
        elif ch in "()":
            tokens.append(Token(ch, ch, i, i + 1))
            i += 1
        elif ch == "-":
            if i + 1 >= n or _SPACE.match(query[i + 1]) or query[i + 1] == ")":
                raise QuerySyntaxError(
                    "'-' needs a term right after it", i,
                    "write -t:ally or -(a or b), with no space after '-'",
                )
            tokens.append(Token(MINUS, ch, i, i + 1))
            i += 1
        elif ch == '"':
            content, end = _quoted(query, i)
            tokens.append(Token(PHRASE, content, i, end, quoted=True))
            i = end
        else:
            token = _field(query, i) or _word(query, i)
            tokens.append(token)
            i = token.end
    tokens.append(Token(END, "", n, n))
    return tokens


def _quoted(query: str, start: int) -> tuple[str, int]:
    close = query.find('"', start + 1)
    if close < 0:
        raise QuerySyntaxError(
            "this quote is never closed", start, 'close it with another "'
        )
    return query[start + 1 : close], close + 1


def _field(query: str, start: int) -> Token | None:
    match = _FIELD.match(query, start)
    if match is None:
        return None
    value_start = match.end()
    if value_start < len(query) and query[value_start] == '"':
        value, end = _quoted(query, value_start)
        quoted = True
    else:
        bare = _BARE.match(query, value_start)
        end = bare.end() if bare else value_start
        value, quoted = query[value_start:end], False
    return Token(
        FIELD, match.group(1), start, end, op=match.group(2), value=value, quoted=quoted,
        value_start=value_start,
    )


def _word(query: str, start: int) -> Token:
    match = _BARE.match(query, start)
    end = match.end() if match else start + 1
    text = query[start:end]
    return Token(OR if text.lower() == "or" else WORD, text, start, end)
