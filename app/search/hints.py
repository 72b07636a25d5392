"""Help for a query that finds nothing: an exact-field value the
catalogue does not hold (``t:champ``, ``el:fi``) as an error listing the values that start
with it, and "did you mean" spellings of misspelt name words (rapidfuzz). The known values
and names are passed in: this module reads no catalogue.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping

from app.search.ast import And, Node, Not, Term, terms
from app.search.errors import NothingYet, QuerySyntaxError
from app.search.fields import BY_NAME, HISTORY_IS, WORD
from app.search.parser import parse

MAX_LISTED = 8
"""At most this many values are listed in an unknown-value error."""
CUTOFF = 75.0
"""Least similarity (0–100, rapidfuzz ratio) of a suggested name word."""
NAME_CUTOFF = 85.0
"""Least similarity (0–100, rapidfuzz WRatio) of a suggested whole card name."""


def _position(text: str, term: Term) -> int:
    """Where ``term``'s value starts in ``text`` (0 when it cannot be found)."""
    aliases = "|".join(re.escape(a) for a in sorted(BY_NAME[term.field].aliases, key=len,
                                                      reverse=True))
    found = re.search(rf"(?<![\w-])(?:{aliases})\s*{re.escape(term.op)}\s*\"?", text, re.I)
    return found.end() if found else 0


def _tree(text: str, parsed: Node | None) -> Node | None:
    """``parsed``, else ``text`` parsed; None for a malformed query (the parser says why)."""
    if parsed is not None:
        return parsed
    try:
        return parse(text)
    except QuerySyntaxError:
        return None


def unknown_value(text: str, known: Mapping[str, Collection[str]], parsed: Node | None = None
                  ) -> QuerySyntaxError | None:
    """The first exact-field term of ``text`` whose value is not among ``known[field]``
    (any case), as an error whose hint lists the known values starting with it; None when
    every such value is known, the field's values are not given, or ``text`` is malformed.

    Args:
        text: the query.
        known: field name (``type``, ``subtype``, ``class``, ``element``, ``format``,
            ``set``) → the values the catalogue holds (for ``set`` prefixes and names; a
            word that starts some of them followed by a space is a family, no error).
        parsed: ``text`` already parsed (None: it is parsed here).
    """
    node = _tree(text, parsed)
    if node is None:
        return None
    for term in terms(node):
        values = known.get(term.field)
        if not values or not isinstance(term.value, str) or term.op != ":":
            continue
        lowered = {v.lower(): v for v in values}
        typed = term.value.lower()
        if typed in lowered or (term.field == "set" and any(
                low.startswith(typed + " ") for low in lowered)):  # a family: s:doa
            continue
        shown = str if term.field == "set" else str.lower  # set prefixes as printed
        if term.field == "set":  # the families too: s:dao → did you mean DOA
            lowered.update({v.split(" ")[0].lower(): v.split(" ")[0] for v in values
                            if " " in v})
        starting = sorted(v for low, v in lowered.items() if low.startswith(typed))
        if starting:
            listed = ", ".join(shown(s) for s in starting[:MAX_LISTED])
            more = f" (+{len(starting) - MAX_LISTED} more)" if len(starting) > MAX_LISTED else ""
            hint = f"{term.field} values starting with “{term.value}”: {listed}{more}"
        else:
            from rapidfuzz import fuzz, process  # on a miss only: a search starts without it

            close = process.extract(typed, list(lowered), scorer=fuzz.ratio, limit=3,
                                    score_cutoff=60)
            hint = ("did you mean " + " or ".join(shown(lowered[c[0]]) for c in close)
                    if close else f"no {term.field} is called that in this catalogue")
        return QuerySyntaxError(f"no {term.field} “{term.value}” in the catalogue",
                                _position(text, term), hint)
    return None


_NEWS = {"new": "added a card", "errata": "changed a card's effect text",
         "legality": "changed legality", "latest": "added or changed a card"}


def history_reason(text: str, latest: int | None, first: bool, groups: Collection[str],
                   parsed: Node | None = None) -> NothingYet | None:
    """Why ``text`` found nothing when one of its history terms (``is:new``, ``is:errata``,
    ``is:legality``, ``changed:latest``, not negated) asks for what the latest revision did
    not do, else None.

    Args:
        latest: the latest revision's number (None: none is recorded).
        first: that revision is the first, which filled an empty catalogue: not news.
        groups: the groups of the cards it added or changed (``new``, ``errata``, ``legality``
            …; none for the first).
        parsed: ``text`` already parsed (None: it is parsed here).
    """
    node = _tree(text, parsed)
    if node is None:
        return None
    for term in _positive_terms(node):
        wanted = (str(term.value) if term.field == "is" and term.value in HISTORY_IS else
                  "latest" if term.field == "changed" and term.value == "latest"
                  and term.op == "=" else "")
        if not wanted or (wanted in groups if wanted != "latest" else groups):
            continue
        did = _NEWS[wanted]
        if latest is None or first:
            message = f"no revision has {did} yet"
            why = ("the first import filled an empty catalogue: not news. "
                   if latest is not None else "")
        else:
            message = f"the latest revision ({latest}) has not {did}"
            why = ""
        return NothingYet(message, term.span[0], f"{why}{term_text(term)} finds what the latest "
                          "import or sync changed (archivist changes)")
    return None


def term_text(term: Term) -> str:
    """``is:legality`` or ``changed:latest``: a history term as written in help."""
    return f"{term.field}:{term.value}"


def _positive_terms(node: Node) -> list[Term]:
    """The terms of ``node`` that are not under a negation."""
    if isinstance(node, Term):
        return [node]
    if isinstance(node, Not):
        return []
    return [t for child in node.children for t in _positive_terms(child)]


def bare_words(node: Node) -> bool:
    """Whether the query ``node`` is only bare name words (no fields, no quotes, no
    operators)."""
    found = terms(node)
    return bool(found) and all(t.field == "name" and not t.exact for t in found)


def name_words(names: Iterable[str]) -> set[str]:
    """The distinct words of card names (as written, e.g. ``Lorraine``)."""
    return {word for name in names for word in WORD.findall(name)}


def did_you_mean(text: str, names: Collection[str], parsed: Node | None = None) -> str | None:
    """A query close to the name search ``text`` that found nothing, naming what the
    catalogue holds: for one word the most similar word of a card name, as the card writes
    it (``lorrane`` → ``Lorraine``); for several the most similar whole card name
    (``sprit of fire`` → ``Spirit of Fire``), never words of different names put together.
    Ties go to the shorter, then the first in alphabetical order. None when the query has
    other terms or nothing is close enough.

    Args:
        names: every card name.
        parsed: ``text`` already parsed (None: it is parsed here).
    """
    node = _tree(text, parsed)
    if node is None:
        return None
    found = terms(node)
    if not found or any(t.field != "name" for t in found):
        return None
    from rapidfuzz import fuzz, process  # on a miss only: a search starts without it

    typed = WORD.findall(text)
    if len(typed) == 1 and not found[0].exact:
        lowered = {w.lower(): w for w in sorted(name_words(names))}
        if any(w.startswith(typed[0].lower()) for w in lowered):
            return None  # not misspelt
        close = process.extract(typed[0].lower(), list(lowered), scorer=fuzz.ratio,
                                limit=None, score_cutoff=CUTOFF)
        return lowered[_best(close)] if close else None
    keyed = {name_key(n): n for n in sorted(names)}
    holding = _holding_close_words([t.lower() for t in typed], keyed)
    close = process.extract(name_key(" ".join(typed)), holding or list(keyed),
                            scorer=fuzz.WRatio, limit=None,
                            score_cutoff=0 if holding else NAME_CUTOFF)
    return as_query(keyed[_best(close)]) if close else None


def _holding_close_words(typed: list[str], keyed: Mapping[str, str]) -> list[str]:
    """The name keys of ``keyed`` with, for each typed word, a word that starts with it
    or is spelt much like it (``sprit``: Spirit or Sprint)."""
    from rapidfuzz import fuzz, process

    words = {key: WORD.findall(key) for key in keyed}
    vocabulary = sorted({w for found in words.values() for w in found})
    close = [{c[0] for c in process.extract(t, vocabulary, scorer=fuzz.ratio, limit=None,
                                            score_cutoff=CUTOFF)} for t in typed]
    return [key for key, found in words.items()
            if all(any(w.startswith(t) or w in near for w in found)
                   for t, near in zip(typed, close, strict=True))]


def _best(found: Iterable[tuple[str, float, object]]) -> str:
    """The best-scoring choice of a rapidfuzz answer; ties: the shorter, then A–Z."""
    return min(found, key=lambda f: (-f[1], len(f[0]), f[0]))[0]


def as_query(name: str) -> str:
    """A query finding the card ``name``: the name itself when its words read as bare name
    words (``Lorraine, Blademaster``), else as a quoted phrase (``"Spirit Blade: Ascension"``,
    whose ``Blade:`` would read as a field)."""
    try:
        node = parse(name)
        plain = all(isinstance(n, Term) and n.field == "name" and not n.exact
                    for n in (node.children if isinstance(node, And) else (node,)))
    except QuerySyntaxError:
        plain = False
    return name if plain else '"' + name.replace('"', " ") + '"'


_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'"})


def name_key(name: str) -> str:
    """A card name as compared by a person: any case, any apostrophe, spaces collapsed
    (``Apothecary’s  Harvest`` and ``apothecary's harvest`` are one key)."""
    return " ".join(name.translate(_APOSTROPHES).casefold().split())


def card_by_name(named: Iterable[tuple[str, str]], text: str) -> str | None:
    """The id of the first ``(id, name)`` pair whose name is ``text`` (see
    :func:`name_key`); None when none is."""
    key = name_key(text)
    return next((uid for uid, name in named if name_key(name) == key), None)


def closest_names(text: str, names: Iterable[str], limit: int = 3) -> list[str]:
    """At most ``limit`` card names most like ``text`` (rapidfuzz WRatio ≥ 70), best
    first, each once."""
    from rapidfuzz import fuzz, process

    keyed = {name_key(n): n for n in names}
    found = process.extract(name_key(text), list(keyed), scorer=fuzz.WRatio, limit=limit,
                            score_cutoff=70)
    return [keyed[f[0]] for f in found]


def suggestion(names: list[str]) -> str:
    """``: did you mean A, B or C?`` for a message (``""`` when ``names`` is empty)."""
    if not names:
        return ""
    listed = ", ".join(names[:-1]) + (" or " if len(names) > 1 else "") + names[-1]
    return f": did you mean {listed}?"
