"""The search language's parser: text → :mod:`app.search.ast`, by recursive descent.

Grammar (EBNF; ``or`` is a keyword in any case, terms side by side are ANDed)::

    query    = [ or_expr ] ;
    or_expr  = and_expr , { "or" , and_expr } ;
    and_expr = unary , { unary } ;
    unary    = { "-" } , primary ;                 (* no space after "-" *)
    primary  = "(" , or_expr , ")" | term ;
    term     = word | phrase | field , op , ( word | phrase ) ;
    op       = ":" | "=" | "!=" | "<" | "<=" | ">" | ">=" ;
    phrase   = '"' , { any character but '"' } , '"' ;

Examples: ``fire t:champion``, ``o:"draw a card" -cl:mage``, ``(el:water or el:wind) cost<=2``,
``s:"doa 1st" r:ur is:foil``, ``lv>=2 spd:fast``.

:class:`~app.search.errors.QuerySyntaxError` is the only exception :func:`parse` raises.
"""

from __future__ import annotations

import app.search.lexer as lexer
from app.search.ast import And, Node, Not, Or, Term
from app.search.errors import QuerySyntaxError
from app.search.fields import BY_NAME, field_for, make_term
from app.search.lexer import Token

MAX_TERMS = 100
MAX_NESTING = 32

_OR_HINT = 'e.g. t:ally or t:champion; to search the word "or", quote it'


def parse(query: str) -> Node:
    """Parse ``query`` into a tree of terms.

    An empty query (or only white space) is an empty :class:`And`: it matches every card.

    Raises:
        QuerySyntaxError: the query is malformed; its ``position`` and ``hint`` say where and
            what to write instead (unknown field, bad value, unbalanced parentheses, a
            dangling ``or`` or ``-``, more than :data:`MAX_TERMS` terms, parentheses
            nested deeper than :data:`MAX_NESTING`).

    Example:
        >>> parse("fire -t:ally")
        And(children=(Term(field='name', op=':', value='fire', exact=False), \
Not(child=Term(field='type', op=':', value='ally', exact=False))))
    """
    return _Parser(lexer.tokenize(query)).query()


class _Parser:
    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.i = 0
        self.depth = 0
        self.count = 0

    @property
    def peek(self) -> Token:
        return self.tokens[self.i]

    def next(self) -> Token:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def query(self) -> Node:
        if self.peek.kind == lexer.END:
            return And(())
        node = self.or_expr()
        token = self.peek
        if token.kind == lexer.RPAREN:
            raise QuerySyntaxError(
                "this ')' closes nothing", token.start, "remove it, or add '(' before the group"
            )
        return node

    def or_expr(self) -> Node:
        children = [self.and_expr()]
        while self.peek.kind == lexer.OR:
            keyword = self.next()
            if self.peek.kind in (lexer.END, lexer.RPAREN, lexer.OR):
                raise QuerySyntaxError("'or' needs a term after it", keyword.start, _OR_HINT)
            children.append(self.and_expr())
        return children[0] if len(children) == 1 else Or(tuple(children))

    def and_expr(self) -> Node:
        if self.peek.kind == lexer.OR:
            raise QuerySyntaxError("'or' needs a term before it", self.peek.start, _OR_HINT)
        children = [self.unary()]
        while self.peek.kind not in (lexer.END, lexer.RPAREN, lexer.OR):
            children.append(self.unary())
        return children[0] if len(children) == 1 else And(tuple(children))

    def unary(self) -> Node:
        negations = 0
        while self.peek.kind == lexer.MINUS:
            minus = self.next()
            negations += 1
            if self.peek.kind in (lexer.END, lexer.RPAREN, lexer.OR):
                raise QuerySyntaxError(
                    "'-' needs a term right after it", minus.start, "e.g. -t:ally or -(a or b)"
                )
        node = self.primary()
        return Not(node) if negations % 2 else node

    def primary(self) -> Node:
        token = self.next()
        if token.kind == lexer.LPAREN:
            return self.group(token)
        if token.kind == lexer.RPAREN:  # only reached at the start of a group: "()" is caught
            raise QuerySyntaxError(
                "this ')' closes nothing", token.start, "remove it, or add '(' before the group"
            )
        self.count += 1
        if self.count > MAX_TERMS:
            raise QuerySyntaxError(
                f"too many terms (at most {MAX_TERMS})", token.start, "split the search"
            )
        if token.kind == lexer.FIELD:
            f = field_for(token.text, token.start, token.text + token.op + token.value)
            return make_term(
                f, token.text, token.op, token.value, token.quoted, (token.start, token.end),
                token.start + len(token.text), token.value_start,
            )
        # a bare word or a quoted phrase: the name
        if not token.text.strip():
            raise QuerySyntaxError("empty quotes", token.start, "type words between the quotes")
        value_at = token.start + 1 if token.quoted else token.start
        return make_term(
            BY_NAME["name"], "name", ":", token.text, token.quoted, (token.start, token.end),
            token.start, value_at,
        )

    def group(self, opening: Token) -> Node:
        if self.peek.kind == lexer.RPAREN:
            raise QuerySyntaxError(
                "empty parentheses", opening.start, "put a search inside, e.g. (el:fire or el:wind)"
            )
        if self.peek.kind == lexer.END:
            raise QuerySyntaxError("this '(' is never closed", opening.start, "add ')' to close it")
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise QuerySyntaxError(
                f"parentheses nested too deep (at most {MAX_NESTING})", opening.start,
                "remove some parentheses",
            )
        node = self.or_expr()
        if self.next().kind != lexer.RPAREN:
            raise QuerySyntaxError("this '(' is never closed", opening.start, "add ')' to close it")
        self.depth -= 1
        return node


__all__ = ["MAX_NESTING", "MAX_TERMS", "QuerySyntaxError", "Term", "parse"]
