"""Typing help from the catalogue: card-name completion, and the help a
query that found nothing carries ("did you mean", unknown field values, history terms); the
SQL is in :mod:`app.store.language.typing_names`, the language's side in :mod:`app.search.hints`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.model.query import QueryHelp
from app.search.errors import NothingYet
from app.store.language import typing_names

if TYPE_CHECKING:
    from app.search.ast import Node
    from app.search.errors import QuerySyntaxError
    from app.store import Store


class TypingHelp:
    """The catalogue's typing help over ``store`` (the local catalogue answers with it)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def card_names(self, prefix: str, limit: int = 20) -> list[str]:
        """Card names for completing ``prefix``: names starting with it, then names with a
        later word starting with it (any case); at most ``limit``."""
        return typing_names.card_names(self.store, prefix, limit)


def query_help(store: Store, text: str, parsed: Node) -> QueryHelp | None:
    """Why the query ``text`` (``parsed``) may have found nothing, decided once for every
    front end: a value of an exact field the catalogue does not hold (``t:champ``: a
    mistake), a history term the latest revision gives nothing to (``is:legality`` after the
    first import: :class:`~app.search.errors.NothingYet`, not a mistake), misspelt name words
    (``lorrane`` → suggests ``Lorraine``) or, when no word is misspelt but no name holds them
    all, the closest card name; None when there is nothing to say."""
    from app.search.hints import (
        as_query,
        bare_words,
        closest_names,
        did_you_mean,
        unknown_value,
    )

    problem = unknown_value(text, typing_names.field_values(store), parsed) or _history(
        store, text, parsed)
    if problem is not None:
        return QueryHelp(problem.message, problem.position, problem.hint,
                         mistake=not isinstance(problem, NothingYet))
    every = typing_names.all_card_names(store)
    spelt = did_you_mean(text, every, parsed)
    if spelt is None and bare_words(parsed):
        close = closest_names(text, every, 1)  # no word misspelt: the closest name
        spelt = as_query(close[0]) if close else None
    return QueryHelp(suggestion=spelt) if spelt is not None else None


def _history(store: Store, text: str, parsed: Node) -> QuerySyntaxError | None:
    """Why a history term (``is:new`` …) found nothing: the latest revision did not do what
    it asks (:func:`app.search.hints.history_reason`)."""
    if not any(word in text.lower() for word in ("new", "errata", "legality", "latest")):
        return None  # no history term: the history is not read
    from app.search.hints import history_reason
    from app.store.history.revisions import latest_changed, revisions

    conn = store.connection()
    latest = revisions(conn)[:1]
    groups = {g for found in latest_changed(conn).values() for g in found}
    return history_reason(text, latest[0].number if latest else None,
                          bool(latest) and latest[0].first, groups, parsed)
