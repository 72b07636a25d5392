"""Typing help from the catalogue (issue 12, item 5): card-name completion, "did you mean"
and unknown field values; the SQL is in :mod:`app.store.names`, the language's side in
:mod:`app.search.hints`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.store import names

if TYPE_CHECKING:
    from app.search.errors import QuerySyntaxError
    from app.store import Store


class TypingHelp:
    """The catalogue's typing help over ``store`` (the local catalogue answers with it)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def card_names(self, prefix: str, limit: int = 20) -> list[str]:
        """Card names for completing ``prefix``: names starting with it, then names with a
        later word starting with it (any case); at most ``limit``."""
        return names.card_names(self.store, prefix, limit)

    def query_help(self, text: str) -> tuple[QuerySyntaxError | None, str | None]:
        """Why the query ``text`` may have found nothing: ``(error, None)`` for a value of
        an exact field the catalogue does not hold (``t:champ``) or a history term the
        latest revision gives nothing to (``is:legality`` after the first import: a
        :class:`~app.search.errors.NothingYet`), ``(None, suggestion)``
        for misspelt name words (``lorrane`` → ``Lorraine``) or, when no word is misspelt
        but no name holds them all, the closest card name; else ``(None, None)``."""
        from app.search.hints import as_query, closest_names, did_you_mean, unknown_value

        problem = unknown_value(text, names.field_values(self.store)) or self._history(text)
        if problem is not None:
            return problem, None
        every = names.all_card_names(self.store)
        spelt = did_you_mean(text, every)
        if spelt is None and _bare_words(text):
            close = closest_names(text, every, 1)  # no word misspelt: the closest name
            spelt = as_query(close[0]) if close else None
        return None, spelt

    def _history(self, text: str) -> QuerySyntaxError | None:
        """Why a history term (``is:new`` …) found nothing: the latest revision did not
        do what it asks (:func:`app.search.hints.history_reason`)."""
        if not any(word in text.lower() for word in ("new", "errata", "legality", "latest")):
            return None  # no history term: the history is not read
        from app.search.hints import history_reason
        from app.store.revisions import latest_changed, revisions

        conn = self.store.connection()
        latest = revisions(conn)[:1]
        groups = {g for found in latest_changed(conn).values() for g in found}
        return history_reason(text, latest[0].number if latest else None,
                              bool(latest) and latest[0].first, groups)


def _bare_words(text: str) -> bool:
    """Whether ``text`` is only bare name words (no fields, no quotes, no operators)."""
    from app.search.ast import terms
    from app.search.errors import QuerySyntaxError
    from app.search.parser import parse

    try:
        found = terms(parse(text))
    except QuerySyntaxError:
        return False
    return bool(found) and all(t.field == "name" and not t.exact for t in found)
