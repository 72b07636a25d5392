"""The one error of the search language: a query that cannot be read, with where and why."""

from __future__ import annotations

import unicodedata

from app.errors import InvalidRequest


class QuerySyntaxError(InvalidRequest):
    """A malformed query: what is wrong, at which character, and what to write instead.

    It is an :class:`~app.errors.InvalidRequest` (HTTP 400), so every front end can show it
    like any other bad request; :meth:`render` draws it under the query for a terminal.

    Attributes:
        message: what is wrong, e.g. ``"cost expects a number, not 'abc'"``.
        position: 0-based index into the query text of the offending character (the
            query's length when something is missing at its end).
        hint: what to write instead, e.g. ``"e.g. cost>=3, or cost=x for an X cost"``.

    Example:
        >>> from app.search import parse
        >>> try:
        ...     parse("cost>abc")
        ... except QuerySyntaxError as error:
        ...     print(error.position, error.message)
        5 cost expects a number, not 'abc'
    """

    def __init__(self, message: str, position: int, hint: str = "") -> None:
        super().__init__(message)
        self.position = position
        self.hint = hint

    def __str__(self) -> str:
        hint = f" ({self.hint})" if self.hint else ""
        return f"{self.message} at character {self.position + 1}{hint}"

    def render(self, query: str, indent: str = "  ") -> str:
        """The query, a caret under the offending character, the message and the hint.

        Control characters are shown as spaces and wide (East Asian) characters take two
        columns, so the caret stays under its character in a terminal.

        Returns:
            Three or four lines without a final newline, e.g.::

                  cost>abc
                       ^
                cost expects a number, not 'abc'
                hint: e.g. cost>=3, or cost=x for an X cost
        """
        shown = "".join(ch if ch.isprintable() else " " for ch in query)
        caret = " " * display_width(shown[: self.position]) + "^"
        lines = [indent + shown, indent + caret, self.message]
        if self.hint:
            lines.append(f"hint: {self.hint}")
        return "\n".join(lines)


def display_width(text: str) -> int:
    """Terminal columns of ``text``: wide characters count two, combining marks none."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


class NothingYet(QuerySyntaxError):
    """A well-formed query that nothing can match yet: it asks for what the latest revision
    changed (``is:legality``) and that revision changed nothing of the kind. Not a mistake:
    the command line prints it after "No cards match." and exits 0."""
