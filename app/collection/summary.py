"""What a collection holds, read against the catalogue: entries with their editions,
totals, and set completion per set prefix (the shapes of ``archivist collection show``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from app.collection.editions import CollectionEdition, CollectionEditions
from app.collection.model import Entry, Totals
from app.model.vocabulary import RARITIES, rarity_by_number

NOT_IN_CATALOGUE = "not in the catalogue"


class OwnedEntry(NamedTuple):
    """An entry with its edition (None: the edition is not in the catalogue)."""

    entry: Entry
    edition: CollectionEdition | None

    @property
    def name(self) -> str:
        """The card's name, or ``not in the catalogue``."""
        return self.edition.name if self.edition else NOT_IN_CATALOGUE

    def to_json(self) -> dict[str, object]:
        """``{"edition_uuid", "slug", "name", "set", "number", "rarity", "foil",
        "condition", "language", "tag", "quantity"}`` (slug, set, number, rarity None when
        the edition is not in the catalogue; rarity is the code, ``CUR``; condition, language
        and tag None when not given)."""
        e, edition = self.entry, self.edition
        rarity = rarity_by_number(edition.rarity) if edition else None
        return {"edition_uuid": e.edition_uuid, "slug": edition.slug if edition else None,
                "name": self.name, "set": edition.set_prefix if edition else None,
                "number": edition.collector_number if edition else None,
                "rarity": rarity.code if rarity else None, "foil": e.foil,
                "condition": e.condition or None, "language": e.language or None,
                "tag": e.tag or None, "quantity": e.quantity}


@dataclass(frozen=True)
class SetCompletion:
    """One set prefix: distinct editions owned of its editions, by rarity, and the missing.

    Attributes:
        prefix, name: the set's prefix and name.
        owned, total: distinct editions owned / editions in the catalogue.
        by_rarity: rarity code → ``(owned, total)``, in rarity order (only rarities the set
            has; ``?`` for editions without a known rarity).
        missing: the editions not owned, by collector number.
    """

    prefix: str
    name: str
    owned: int
    total: int
    by_rarity: dict[str, tuple[int, int]] = field(default_factory=dict)
    missing: tuple[CollectionEdition, ...] = ()

    def to_json(self) -> dict[str, object]:
        """``{"prefix", "name", "owned", "total"}``."""
        return {"prefix": self.prefix, "name": self.name, "owned": self.owned,
                "total": self.total}


def owned_entries(entries: Sequence[Entry], editions: CollectionEditions) -> list[OwnedEntry]:
    """Each entry with its edition, by set prefix, collector number, name; entries whose
    edition is not in the catalogue last."""
    found = editions.by_uuid
    owned = [OwnedEntry(e, found.get(e.edition_uuid)) for e in entries]
    order = {uuid: i for i, uuid in enumerate(found)}  # by set prefix and number already
    last = len(order)
    owned.sort(key=lambda o: order.get(o.entry.edition_uuid, last))  # stable: entries are
    return owned  # read by uuid, finish, condition, language, tag already


def totals(entries: Sequence[Entry], editions: CollectionEditions) -> Totals:
    """The collection's :class:`~app.collection.model.Totals` (``cards`` counts the names of
    editions the catalogue holds)."""
    names = {ed.name for e in entries if (ed := editions.get(e.edition_uuid))}
    return Totals(sum(e.quantity for e in entries), len({e.edition_uuid for e in entries}),
                  len(names))


def completion(entries: Sequence[Entry], editions: CollectionEditions,
               prefix: str | None = None, all_sets: bool = False) -> list[SetCompletion]:
    """Set completion per set prefix, by prefix.

    Args:
        entries: the collection.
        editions: the catalogue's editions.
        prefix: only this set prefix (as the catalogue writes it).
        all_sets: list sets with nothing owned too (else only those with something owned).
    """
    return completion_of({e.edition_uuid for e in entries}, editions, prefix, all_sets)


def completion_of(owned: set[str], editions: CollectionEditions, prefix: str | None = None,
                  all_sets: bool = False) -> list[SetCompletion]:
    """:func:`completion` of the editions whose uuids are ``owned``."""
    found = []
    for set_prefix, members in editions.sets.items():
        if prefix is not None and set_prefix != prefix:
            continue
        have = [m for m in members if m.uuid in owned]
        if not have and not all_sets and prefix is None:
            continue
        found.append(SetCompletion(set_prefix, editions.set_names.get(set_prefix, set_prefix),
                                   len(have), len(members), _by_rarity(members, owned),
                                   tuple(m for m in members if m.uuid not in owned)))
    return sorted(found, key=lambda s: s.prefix.casefold())


def _by_rarity(members: Sequence[CollectionEdition], owned: set[str]) -> dict[str, tuple[int, int]]:
    counts: dict[int | None, list[int]] = {}
    for member in members:
        pair = counts.setdefault(member.rarity, [0, 0])
        pair[0] += member.uuid in owned
        pair[1] += 1
    order = {r.number: i for i, r in enumerate(RARITIES)}
    result = {}
    for number in sorted(counts, key=lambda n: order.get(n, 99) if n is not None else 100):
        rarity = rarity_by_number(number)
        result[rarity.code if rarity else "?"] = (counts[number][0], counts[number][1])
    return result
