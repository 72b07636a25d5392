"""Which index finds the editions of a search with edition filters: one plan per shape of
the request, chosen from the conditions' kinds, not their values.

SQLite has no statistics on the catalogue, so among several indexed conditions it takes any:
``language=EN&collector_number=104`` read the 219,750 English editions for 700 (150 ms on the
generated catalogue). :func:`drive` keeps the index of the condition that usually finds the
fewest editions and, when every condition may find many, counts on the narrow edition
table's filter index (:data:`app.store.official.narrow_editions.FILTERS_INDEX`).
"""

from __future__ import annotations

import re

from app.store.official.narrow_editions import FILTERS_COVERED, FILTERS_INDEX

DRIVERS = ("(n.card_rowid, n.position) IN", "n.number ", "n.illustrator = ",
           "n.card_rowid IN (", "n.set_prefix ", "n.illustrator IS", "n.flip = 1",
           "n.collaborators > ", "n.thema_foil ", "n.thema_nonfoil ", "n.language ",
           "n.rarity ", "n.last_update ")
"""Edition conditions (by how they start) that SQLite can find through an index, the
usually fewest editions first: an edition slug, a collector number or an illustrator name
find a few editions; a language, rarity or date up to every edition."""

DENSE_DRIVER = DRIVERS.index("n.thema_foil ")
"""The first of :data:`DRIVERS` that usually finds many editions (Thema, language, rarity,
date): with two such conditions, or one without an index, a count reads the filter index
whole (20 ms on the generated catalogue) rather than one condition's rows and then each
row's whole table row (60-90 ms)."""

_INDEXED = re.compile(r"n\.(number|illustrator|set_prefix|thema_foil|thema_nonfoil|language|"
                      r"rarity|last_update) ")


def drive(where: list[str], many_cards: bool = False) -> tuple[list[str], str]:
    """The edition conditions ``where`` (on ``api_search_editions n``) with only the index
    of the first in :data:`DRIVERS` left to SQLite (the others' columns get a unary ``+``:
    tested on the editions found, not sought; the answer is the same), and the
    ``INDEXED BY`` clause a count of them should read (or ``""``).

    ``many_cards``: the card filters are tested on each edition's card row (many cards
    pass them): the filter index, in card order, reads those rows in order too.
    """
    ranked = [next((r for r, d in enumerate(DRIVERS) if w.startswith(d)), None) for w in where]
    known = [r for r in ranked if r is not None]
    read = set(re.findall(r"\bn\.(\w+)", " ".join(where)))
    cover = ""
    dense = min(known, default=len(DRIVERS)) >= DENSE_DRIVER
    if (read or many_cards) and read <= FILTERS_COVERED and dense \
            and (len(where) > 1 or not known or many_cards):
        cover = f" INDEXED BY {FILTERS_INDEX}"
    if len(known) < 2:
        return list(where), cover
    best = ranked.index(min(known))
    return [w if i == best or not _INDEXED.match(w) else "+" + w
            for i, w in enumerate(where)], cover
