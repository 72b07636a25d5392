"""The catalogue as decks see it: every card by uuid, slug, exact and normalised name,
and each card's earlier versions (spec/decks.md, Legality at a moment).

Built once per check session from :func:`app.store.deck_cards.read_deck_cards` and
:func:`~app.store.deck_cards.read_deck_versions`; :class:`DeckCards` answers in memory, so
checking many decks is cheap. :meth:`DeckCards.as_of` is the same cards seen at a moment:
each card's newest known version whose ``last_update`` is not after it.
"""

from __future__ import annotations

import copy
from bisect import bisect_right
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime

from app.model.names import normalise_name, squash_name
from app.store.reads.deck_cards import DeckCard, DeckEdition

__all__ = ["DeckCard", "DeckCards", "DeckEdition", "normalise_name", "squash_name",
           "timestamp"]


def timestamp(text: str) -> float:
    """Seconds since the epoch of an API timestamp (``2026-06-29T10:00:00.000Z``; one
    without a zone is UTC); 0.0 when ``text`` is no timestamp (it counts as the oldest)."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        return 0.0
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


class DeckCards:
    """Cards indexed for deck lists, seen at :attr:`moment` (None: the latest versions).

    Several cards can share a name (``Nameless Champion``): a name then answers the first
    by catalogue order, and a slug or uuid picks one exactly. The name indexes always hold
    the latest versions (a name is resolved once); :meth:`get` answers the version in
    force at :attr:`moment`.

    Args:
        cards: the catalogue's cards (:func:`~app.store.deck_cards.read_deck_cards`).
        versions: uuid → the card's earlier versions, any order
            (:func:`~app.store.deck_cards.read_deck_versions`); none: only the latest.
    """

    def __init__(self, cards: Iterable[DeckCard],
                 versions: Mapping[str, Sequence[DeckCard]] | None = None) -> None:
        self.by_uuid: dict[str, DeckCard] = {}
        self.by_slug: dict[str, DeckCard] = {}
        self.by_name: dict[str, DeckCard] = {}
        self.by_normalised: dict[str, DeckCard] = {}
        self.by_squashed: dict[str, set[str]] = {}
        """:func:`squash_name` → the normalised names that squash to it."""
        for card in cards:
            self.by_uuid[card.uuid] = card
            self.by_slug.setdefault(card.slug, card)
            self.by_name.setdefault(card.name, card)
            normal = normalise_name(card.name)
            self.by_normalised.setdefault(normal, card)
            self.by_squashed.setdefault(squash_name(card.name), set()).add(normal)
        self.normalised_names: list[str] = list(self.by_normalised)
        """The keys of :attr:`by_normalised`, in a list (for fuzzy matching)."""
        self.versions: Mapping[str, Sequence[DeckCard]] = versions or {}
        self.moment: datetime | None = None
        """The moment the cards are seen at (UTC); None: the latest versions."""
        self._timelines: dict[str, tuple[list[float], list[DeckCard]]] = {}
        self._at: dict[str, tuple[DeckCard, bool]] = {}
        self._releases: dict[str, tuple[float, str] | None] = {}

    def __len__(self) -> int:
        return len(self.by_uuid)

    def as_of(self, moment: datetime | None) -> DeckCards:
        """These cards as they were at ``moment`` (an aware datetime; None: the latest).
        Cheap: the indexes are shared, each card's version is looked up when asked."""
        if moment is None and self.moment is None:
            return self
        seen = copy.copy(self)
        seen.moment, seen._at = moment, {}
        return seen

    def get(self, uuid: str | None) -> DeckCard | None:
        """The card with this uuid (its version in force at :attr:`moment`), or None (also
        for None)."""
        if not uuid:
            return None
        if self.moment is None:
            return self.by_uuid.get(uuid)
        found = self._version(uuid)
        return None if found is None else found[0]

    def known(self, uuid: str | None) -> bool:
        """False when the card has no known version as old as :attr:`moment` (:meth:`get`
        then answers its oldest known version)."""
        if not uuid or self.moment is None:
            return True
        found = self._version(uuid)
        return found is None or found[1]

    def release(self, uuid: str | None) -> tuple[datetime, str] | None:
        """When the card came out: the earliest ``release_date`` of its editions' sets (the
        start of that UTC day) and that set's prefix; None when no set of it has one.

        A date at or before 1970-01-01 is no release but a placeholder (the real ``P26``
        set carries it): it is ignored.
        """
        if not uuid:
            return None
        if uuid not in self._releases:
            card = self.by_uuid.get(uuid)
            dated = [(timestamp(e.release_date), e.set_prefix)
                     for e in (card.editions if card is not None else ()) if e.release_date]
            dated = [(stamp, prefix) for stamp, prefix in dated if stamp > 0]
            self._releases[uuid] = min(dated) if dated else None
        found = self._releases[uuid]
        return None if found is None else (datetime.fromtimestamp(found[0], UTC), found[1])

    def unreleased(self, uuid: str | None) -> bool:
        """True when :attr:`moment` is before the card's :meth:`release` (a card released
        later than the moment was not played then, whatever versions are known)."""
        if self.moment is None:
            return False
        found = self.release(uuid)
        return found is not None and found[0] > self.moment

    def timeline(self, uuid: str) -> tuple[list[float], list[DeckCard]]:
        """The card's known versions, oldest first, and their ``last_update`` in seconds
        (:func:`timestamp`); empty when the catalogue has no such card."""
        found = self._timelines.get(uuid)
        if found is None:
            latest = self.by_uuid.get(uuid)
            cards = ([*self.versions.get(uuid, ()), latest] if latest is not None else [])
            stamped = sorted(((timestamp(c.last_update), i, c) for i, c in enumerate(cards)),
                             key=lambda item: (item[0], item[1]))
            found = ([s for s, _, _ in stamped], [c for _, _, c in stamped])
            self._timelines[uuid] = found
        return found

    def since(self, uuid: str, format_code: str) -> str | None:
        """When the card's limit in ``format_code`` at :attr:`moment` took effect: the UTC
        date (``YYYY-MM-DD``) of the oldest version in the unbroken run of versions that
        carry it; None when the oldest known version already had it."""
        stamps, cards = self.timeline(uuid)
        if not cards:
            return None
        code = format_code.upper()
        index = (len(cards) if self.moment is None
                 else max(bisect_right(stamps, self.moment.timestamp()), 1)) - 1
        limit = cards[index].limits.get(code)
        while index > 0 and cards[index - 1].limits.get(code) == limit:
            index -= 1
        if index == 0:
            return None
        return datetime.fromtimestamp(stamps[index], UTC).date().isoformat()

    def _version(self, uuid: str) -> tuple[DeckCard, bool] | None:
        found = self._at.get(uuid)
        if found is None and self.moment is not None:
            stamps, cards = self.timeline(uuid)
            if not cards:
                return None
            index = bisect_right(stamps, self.moment.timestamp())
            found = (cards[max(index, 1) - 1], index > 0)
            self._at[uuid] = found
        return found

    def edition(self, card: DeckCard, edition_uuid: str | None) -> DeckEdition | None:
        """The chosen edition of ``card`` when it still has it, else the first edition with
        a stored image, else its first edition (None when it has none)."""
        for edition in card.editions:
            if edition.uuid == edition_uuid:
                return edition
        for edition in card.editions:
            if edition.has_image:
                return edition
        return card.editions[0] if card.editions else None
