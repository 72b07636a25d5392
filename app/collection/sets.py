"""A set as a person or another app names it, resolved to the catalogue's set prefix.

A set is named by its prefix (``DOA 1st``), by its name as ``/option/search`` and the search
language's ``s:`` know it (``Dawn of Ashes First Edition``), or as marketplaces spell it
(``Dawn of Ashes 1st Edition``, ``Mortal Ambition Alter``, ``DOA First Edition``): case,
punctuation, ``1st``/``First`` and the words ``Edition`` and ``Unlimited`` do not matter.
A name that only starts a family of sets (``DOA``: ``DOA 1st`` and ``DOA Alter``) is
ambiguous unless the family has one set.

Example::

    names = SetNames(editions)
    names.prefix("Dawn of Ashes First Edition")   # 'DOA 1st'
    names.prefix("DOA")   # AmbiguousSet: ('DOA 1st', 'DOA Alter')
    names.prefix("XYZ")   # None
"""

from __future__ import annotations

import re

from app.collection.editions import CollectionEditions

_WORD = re.compile(r"[^\W_]+")
_SAME = {"1st": "first", "alt": "alter"}
_DROPPED = frozenset({"edition", "unlimited", "ed"})


class AmbiguousSet(ValueError):
    """A set name that names several sets: ``candidates`` are their prefixes."""

    def __init__(self, typed: str, candidates: tuple[str, ...]) -> None:
        super().__init__(f"set {typed!r} names {len(candidates)} sets")
        self.candidates = candidates


def set_key(text: str) -> str:
    """``text`` as compared: case folded words, ``1st`` as ``first``, without the words
    ``edition`` and ``unlimited`` and without punctuation (``Heaven's`` → ``heavens``)."""
    words = _WORD.findall(text.casefold().replace("'", "").replace("’", ""))
    return " ".join(_SAME.get(w, w) for w in words if w not in _DROPPED)


class SetNames:
    """Every set of ``editions`` by its prefix and name, as :func:`set_key` compares them.

    Args:
        editions: the catalogue's editions (their set prefixes and names).
    """

    def __init__(self, editions: CollectionEditions) -> None:
        self._editions = editions
        self._keys: dict[str, set[str]] = {}
        for prefix, name in editions.set_names.items():
            for text in (prefix, name):
                self._keys.setdefault(set_key(text), set()).add(prefix)

    def prefix(self, typed: str) -> str | None:
        """The prefix of the one set ``typed`` names, or None when it names none.

        Raises:
            AmbiguousSet: it names several sets (their prefixes, sorted).
        """
        exact = self._editions.prefix(typed)
        if exact is not None or not typed.strip():
            return exact
        key = set_key(typed)
        found = self._keys.get(key, set())
        if not found and key:
            found = {p for k, prefixes in self._keys.items() if k.startswith(key + " ")
                     for p in prefixes}
        if len(found) > 1:
            raise AmbiguousSet(typed.strip(), tuple(sorted(found, key=str.casefold)))
        return next(iter(found), None)
