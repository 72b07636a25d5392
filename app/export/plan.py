"""What to export: a selection (query, set, editions, tiles) resolved into editions.

Callers go through :meth:`app.export.service.Export.export_plan` (``app.export``).

Every selection becomes a list of :class:`ExportItem`, one per edition, in a stable order
(the query's order; for uuids and tiles, the order given). Nothing here reads images.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import astuple, dataclass, replace

from app.errors import NotFound
from app.model.query import EditionHit, SortKey
from app.model.vocabulary import rarity_by_number
from app.store import Store
from app.store.language.query import run_query
from app.store.reads.export_editions import EditionRecord, Selector, select_editions, shared_numbers


@dataclass(frozen=True)
class ExportItem(EditionRecord):
    """One edition to export: the columns of :class:`~app.store.reads.export_editions.EditionRecord`
    (uuid, card_slug, name, edition_slug, set_prefix, collector_number, rarity — None when
    unknown —, image_file) with the names a person and a file template use.

    ``distinction`` tells it apart from other editions printed with the same set prefix and
    collector number (its rarity's code, or its edition slug when the rarities are the
    same too); "" when no other edition shares them.
    """

    distinction: str = ""

    @property
    def label(self) -> str:
        """How a person names it: ``Tristan, Underhanded — DOA 1st 001``; with the
        :attr:`distinction` where the number is shared: ``Lorraine, Ascendant Wings —
        P25 001 (CPR)``."""
        base = f"{self.name} — {self.set_prefix} {self.collector_number}"
        return f"{base} ({self.distinction})" if self.distinction else base

    @property
    def rarity_code(self) -> str:
        """The rarity's code (``UR``), its number when it has no code, "" when unknown."""
        known = rarity_by_number(self.rarity)
        return known.code if known else "" if self.rarity is None else str(self.rarity)

    def placeholders(self) -> dict[str, str]:
        """The values of :data:`app.export.naming.PLACEHOLDERS` for this edition.

        ``rarity`` is the rarity's code (``UR``), or its number when it has no code.
        """
        return {
            "set_prefix": self.set_prefix, "collector_number": self.collector_number,
            "slug": self.card_slug, "name": self.name, "rarity": self.rarity_code,
            "uuid": self.uuid,
        }


def item_of(hit: EditionHit) -> ExportItem:
    """The export item of a per-edition search hit."""
    return ExportItem(hit.uuid, hit.slug, hit.name, hit.edition_slug, hit.set_prefix,
                      hit.collector_number, hit.rarity, hit.image_file)


def plan_query(store: Store, text: str, sort: SortKey | str = "set",
               descending: bool = False, limit: int | None = None) -> list[ExportItem]:
    """Every edition matching ``text`` (the search language, per edition), in ``sort`` order.

    Raises:
        QuerySyntaxError: malformed query. InvalidRequest: bad sort or limit.
        StoreError: the catalogue cannot be read.
    """
    result = run_query(store, text, per="edition", sort=sort, descending=descending,
                       limit=limit)
    return told_apart(store, [item_of(hit) for hit in result.hits
                              if isinstance(hit, EditionHit)])


def plan_set(store: Store, prefix: str) -> list[ExportItem]:
    """Every edition of the set ``prefix`` (e.g. ``DOA 1st``), by collector number.

    Raises:
        NotFound: no edition has this set prefix.
    """
    items = _select(store, "set", (prefix,))
    if not items:
        raise NotFound(f"No edition has the set prefix {prefix!r}")
    return sorted(told_apart(store, items),
                  key=lambda i: (i.collector_number, i.name.casefold(), i.uuid))


def plan_card(store: Store, slug: str) -> list[ExportItem]:
    """Every edition of the card ``slug``, in the card's order of editions.

    Raises:
        NotFound: no card has this slug.
    """
    items = _select(store, "card", (slug,))
    if not items:
        raise NotFound(f"Card not found: no card has the slug {slug!r}")
    return told_apart(store, items)


def plan_editions(store: Store, uuids: Sequence[str]) -> list[ExportItem]:
    """The editions ``uuids``, in that order (a repeated uuid once).

    Raises:
        NotFound: some uuid names no edition (the message lists them).
    """
    wanted = list(dict.fromkeys(uuids))
    found = {i.uuid: i for i in _select(store, "uuids", wanted)}
    unknown = [u for u in wanted if u not in found]
    if unknown:
        raise NotFound(f"No edition has the uuid {', '.join(unknown[:10])}"
                       + (" …" if len(unknown) > 10 else ""))
    return told_apart(store, [found[u] for u in wanted])


def plan_tiles(store: Store, tiles: Iterable[tuple[str, str]]) -> list[ExportItem]:
    """The edition each tile shows: ``(card slug, image file)`` pairs, in order.

    A search tile shows one edition of its card (the first with a stored image); this
    finds that edition again. A tile whose card or image no longer matches is left out.
    """
    items: list[ExportItem] = []
    for slug, image_file in dict.fromkeys(tiles):
        rows = _select(store, "tile", (slug, image_file))
        items.extend(rows[:1])
    return told_apart(store, items)


def plan_hits(store: Store, hits: Iterable[object]) -> list[ExportItem]:
    """The editions search hits show: an :class:`EditionHit` is its edition; a card hit
    (``CardSummary``: ``slug`` and ``image_file``) the edition its tile shows."""
    items: list[ExportItem] = []
    for hit in hits:
        if isinstance(hit, EditionHit):
            items.append(item_of(hit))
        else:
            items.extend(plan_tiles(store, [(getattr(hit, "slug", ""),
                                             getattr(hit, "image_file", ""))]))
    return list(dict.fromkeys(told_apart(store, items)))


def told_apart(store: Store, items: Sequence[ExportItem]) -> list[ExportItem]:
    """``items`` with their :attr:`ExportItem.distinction` set where another edition of the
    catalogue has the same set prefix and collector number (so two lines of a listing
    never read the same).

    Raises:
        StoreError: the catalogue cannot be read.
    """
    shared = shared_numbers(store)
    out: list[ExportItem] = []
    for item in items:
        by_rarity = shared.get((item.set_prefix, item.collector_number))
        distinction = "" if by_rarity is None else (
            item.rarity_code if by_rarity and item.rarity_code else item.edition_slug)
        out.append(replace(item, distinction=distinction))
    return out


def _select(store: Store, selector: Selector, values: Sequence[str]) -> list[ExportItem]:
    return [_item(r) for r in select_editions(store, selector, values)]


def _item(r: EditionRecord) -> ExportItem:
    return ExportItem(*astuple(r))
