"""Checking a deck against a format: findings a player understands.

Each :class:`Finding` names its rule (an id from :data:`RULES`), its severity, the cards
involved, the numbers and one sentence. ``error`` findings make a deck illegal; the
``advisory`` ones (the sideboard point rule, marker cards, Pantheon's boons when none are
listed) are for the player or the organiser to judge (spec/decks.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

from app.decks.cards import DeckCard, DeckCards, normalise_name
from app.decks.copies import copy_findings
from app.decks.finding import ADVISORY, ERROR, Finding
from app.decks.formats import (
    SIDEBOARD_POINTS_MAIN,
    SIDEBOARD_POINTS_MATERIAL,
    FormatRules,
    format_rules,
)
from app.decks.model import Deck, Entry, Zone
from app.decks.moment import describe, iso, parse_moment
from app.decks.parse import LineProblem
from app.decks.resolve import Unresolved, suggest
from app.model.legality import standing
from app.model.vocabulary import BOON_TYPES, MATERIAL_TYPES
from app.model.vocabulary import NON_DECK_TYPES as MARKER_TYPES

RULES: dict[str, str] = {
    "main-size": "the main deck's size",
    "material-size": "the material deck's size",
    "level-0-champion": "a level 0 champion in the material deck",
    "copies": "copies of a name in the main deck",
    "material-copies": "copies of a name in the material deck",
    "copies-split": "copies of a name split between a deck and the sideboard (tournament "
                    "rules)",
    "read-as": "a name read ignoring punctuation and spacing",
    "history": "a card whose known versions are all newer than the moment checked, "
               "though it was released by then: its legality then cannot be judged",
    "not-released": "a card whose sets were all released after the moment checked",
    "zone": "card types allowed in a zone",
    "banned": "a card banned in the format (catalogue legality)",
    "limited": "a card limited in the format (catalogue legality)",
    "sideboard-size": "the sideboard's size",
    "sideboard-points": "the sideboard's points (main-deck cards 1, regalia and champions 3)",
    "boons": "one Lesser and one Greater Boon (Pantheon)",
    "not-a-deck-card": "tokens and masteries are markers, not deck cards",
    "missing-card": "a card the catalogue no longer holds",
    "unreadable-line": "a line of the decklist that could not be read",
}
"""Every rule id a finding can carry, and what it is about."""

LEGAL, NOT_LEGAL, CANNOT_JUDGE = "legal", "not legal", "cannot judge"
"""The verdicts of a check (:attr:`CheckResult.status`; ``verdict`` in the JSON output)."""


@dataclass
class CheckResult:
    """What a check found: counts per zone (markers and boons left out), findings and
    the lines whose name is not a card."""

    format: FormatRules
    counts: dict[str, int]
    findings: list[Finding]
    unresolved: list[Unresolved]
    as_of: datetime | None = None
    """The moment checked as of (None: the latest versions)."""
    unjudged: tuple[str, ...] = ()
    """The names of the cards whose legality at :attr:`as_of` cannot be judged: released
    by then, but the history knows no version of them as old."""

    def verdict(self) -> str:
        """``Legal in Standard as of 2026-04-26`` (``as of today`` for the latest), ``Not
        legal in …``, or ``Cannot judge legality in Standard as of 2024-01-01``."""
        if self.status == CANNOT_JUDGE:
            return f"Cannot judge legality in {self.format.name} as of {describe(self.as_of)}"
        return (f"{'Legal' if self.legal else 'Not legal'} in {self.format.name} as of "
                f"{describe(self.as_of)}")

    @property
    def status(self) -> str:
        """:data:`LEGAL`, :data:`NOT_LEGAL` (an error, or a name not resolved) or
        :data:`CANNOT_JUDGE` (no error, but some card's legality at the moment is unknown:
        :attr:`unjudged`)."""
        if self.unresolved or any(f.severity == ERROR for f in self.findings):
            return NOT_LEGAL
        return CANNOT_JUDGE if self.unjudged else LEGAL

    @property
    def legal(self) -> bool:
        """True when no finding is an error, every name resolved and every card's legality
        at the moment is known."""
        return self.status == LEGAL

    def errors(self) -> list[Finding]:
        """The findings of severity ``error``."""
        return [f for f in self.findings if f.severity == ERROR]

    def to_json(self, source: str = "", index: int = 0) -> dict[str, Any]:
        """One element of ``decks`` in ``archivist deck check --json``."""
        status = self.status
        return {
            "source": source, "index": index, "format": self.format.code,
            "as_of": iso(self.as_of), "legal": None if status == CANNOT_JUDGE else self.legal,
            "verdict": status, "counts": dict(self.counts),
            "findings": [f.to_json() for f in self.findings],
            "unresolved": [{"line": u.line, "suggestions": list(u.suggestions)}
                           for u in self.unresolved],
        }


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _copies_of(n: int) -> str:
    return f"{n} {'copy' if n == 1 else 'copies'}"


def _since(cards: DeckCards, card: DeckCard, code: str) -> str:
    since = cards.since(card.uuid, code)
    return f" since {since}" if since else ""


AsOf = datetime | None | Literal["deck"]
"""A moment to check as of, or ``"deck"``: the deck's own :attr:`~Deck.as_of`."""


def check_deck(deck: Deck, cards: DeckCards, format_code: str | None = None,
               problems: Sequence[LineProblem] = (), as_of: AsOf = "deck") -> CheckResult:
    """Check ``deck`` against the rules of ``format_code`` (default: the deck's format),
    with each card's version in force at ``as_of`` (spec/decks.md, Legality at a moment).

    ``problems`` are the lines of its source that could not be read
    (:attr:`app.decks.resolve.ReadDeck.problems`): each is an ``unreadable-line`` error,
    since the deck is then not what was written.

    Raises:
        KeyError: unknown format. InvalidRequest: the deck's ``as_of`` is unreadable.
    """
    rules = format_rules(format_code or deck.format)
    moment = parse_moment(deck.as_of) if as_of == "deck" else as_of
    latest, cards = cards, cards.as_of(moment)
    findings = [Finding("unreadable-line", ERROR, (), f"{str(p)[0].upper()}{str(p)[1:]}.")
                for p in problems]
    unresolved: list[Unresolved] = []
    placed: list[tuple[Entry, DeckCard | None]] = []
    for entry in deck.entries:
        card = cards.get(entry.card_uuid)
        if entry.card_uuid is None:
            unresolved.append(Unresolved(entry.line or f"{entry.quantity} {entry.name}",
                                         suggest(cards, entry.name)))
        elif card is None:
            findings.append(Finding("missing-card", ERROR, (entry.name,),
                                    f"{entry.name} is no longer in the catalogue."))
        if card is not None and MARKER_TYPES.intersection(card.types):
            findings.append(Finding("not-a-deck-card", ADVISORY, (card.name,),
                                    f"{card.name} is not a deck card — bring it as a marker."))
            continue
        if card is not None and rules.boons and BOON_TYPES.intersection(card.types):
            continue
        placed.append((entry, card))
    counts = {zone.value: sum(e.quantity for e, _ in placed if e.zone is zone)
              for zone in (Zone.MATERIAL, Zone.MAIN, Zone.SIDEBOARD)}
    unreleased, unjudged = _out_of_reach(placed, cards)
    findings += _sizes(rules, counts)
    findings += _zones_and_champion(rules, placed)
    findings += copy_findings(rules, placed)
    findings += _not_released(unreleased, cards)
    # A card not out yet, or whose state then is unknown, has no legality to judge then.
    out_of_reach = set(unjudged)
    judged = [(e, c) for e, c in placed
              if c is None or (c.uuid not in unreleased and c.name not in out_of_reach)]
    findings += _legality(rules, judged, cards)
    findings += _sideboard(rules, placed, counts["sideboard"])
    if rules.boons:
        findings += _boons(rules, deck, cards)
    findings += _read_as(deck, latest) + _history(unjudged, cards)
    return CheckResult(rules, counts, findings, unresolved, moment, tuple(unjudged))


def _read_as(deck: Deck, latest: DeckCards) -> list[Finding]:
    out = []
    for entry in deck.entries:
        card = latest.get(entry.card_uuid)
        if card is not None and normalise_name(entry.name) != normalise_name(card.name):
            out.append(Finding("read-as", ADVISORY, (card.name,),
                               f"“{entry.name}” read as {card.name}."))
    return out


def _out_of_reach(placed: list[tuple[Entry, DeckCard | None]],
                  cards: DeckCards) -> tuple[dict[str, DeckCard], list[str]]:
    """The cards not released at the moment (uuid → card, in deck order) and the names of
    those released (or of unknown release) whose history does not reach back to it."""
    unreleased: dict[str, DeckCard] = {}
    unjudged: set[str] = set()
    if cards.moment is None:
        return unreleased, []
    for _entry, card in placed:
        if card is None:
            continue
        if cards.unreleased(card.uuid):
            unreleased.setdefault(card.uuid, card)
        elif not cards.known(card.uuid):
            unjudged.add(card.name)
    return unreleased, sorted(unjudged)


def _listed(names: Sequence[str]) -> str:
    return ", ".join(names[:5]) + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def _not_released(unreleased: dict[str, DeckCard], cards: DeckCards) -> list[Finding]:
    if not unreleased:
        return []
    shown: dict[str, str] = {}
    for card in unreleased.values():
        found = cards.release(card.uuid)
        shown.setdefault(card.name, card.name if found is None else
                         f"{card.name} ({found[1]}, {found[0].date().isoformat()})")
    names = tuple(shown)
    return [Finding("not-released", ERROR, names,
                    f"Not released yet on {describe(cards.moment)}: "
                    f"{_listed(list(shown.values()))}.", {"count": len(names)})]


def _history(unjudged: Sequence[str], cards: DeckCards) -> list[Finding]:
    if not unjudged:
        return []
    return [Finding("history", ADVISORY, tuple(unjudged),
                    f"The catalogue's history does not reach back to "
                    f"{describe(cards.moment)} for {_listed(unjudged)}: every version it "
                    "knows is newer, so their legality then cannot be judged.",
                    {"count": len(unjudged)})]


def _sizes(rules: FormatRules, counts: dict[str, int]) -> list[Finding]:
    out = []
    main, material = counts["main"], counts["material"]
    if main < rules.main_min:
        out.append(Finding("main-size", ERROR, (), f"The main deck has {_plural(main, 'card')}; "
                           f"{rules.name} needs at least {rules.main_min}.",
                           {"count": main, "minimum": rules.main_min}))
    if material > rules.material_max or (rules.material_exact and material != rules.material_max):
        need = "exactly" if rules.material_exact else "at most"
        out.append(Finding("material-size", ERROR, (),
                           f"The material deck has {_plural(material, 'card')}; {rules.name} "
                           f"allows {need} {rules.material_max}.",
                           {"count": material, "maximum": rules.material_max}))
    return out


def _zones_and_champion(rules: FormatRules,
                        placed: list[tuple[Entry, DeckCard | None]]) -> list[Finding]:
    out = []
    for entry, card in placed:
        if card is None:
            continue
        material_kind = bool(MATERIAL_TYPES.intersection(card.types))
        if entry.zone is Zone.MATERIAL and not material_kind:
            out.append(Finding("zone", ERROR, (card.name,), f"{card.name} is not a champion or "
                               "regalia: it cannot be in the material deck."))
        elif entry.zone is Zone.MAIN and material_kind:
            kind = "a champion" if "CHAMPION" in card.types else "a regalia"
            out.append(Finding("zone", ERROR, (card.name,), f"{card.name} is {kind}: it belongs "
                               "in the material deck, not the main deck."))
    if rules.needs_level_0 and not any(
        e.zone is Zone.MATERIAL and c is not None and "CHAMPION" in c.types and c.level == 0
        for e, c in placed
    ):
        out.append(Finding("level-0-champion", ERROR, (), "The material deck has no level 0 "
                           f"champion; {rules.name} needs one."))
    return out


def _legality(rules: FormatRules, placed: list[tuple[Entry, DeckCard | None]],
              cards: DeckCards) -> list[Finding]:
    totals: Counter[str] = Counter()
    by_uuid: dict[str, DeckCard] = {}
    for entry, card in placed:
        if card is not None:
            totals[card.uuid] += entry.quantity
            by_uuid[card.uuid] = card
    out = []
    for uuid, n in totals.items():
        card = by_uuid[uuid]
        found = standing(card.limits, rules.code)  # the one reading of Card legality
        limit = found.limit
        if limit is None:
            continue
        if found.status == "banned":
            out.append(Finding("banned", ERROR, (card.name,), f"{card.name} is banned in "
                               f"{rules.name}{_since(cards, card, rules.code)}.",
                               {"count": n, "maximum": 0}))
        elif n > limit:
            out.append(Finding("limited", ERROR, (card.name,), f"{card.name} is limited to "
                               f"{_copies_of(limit)} in "
                               f"{rules.name}{_since(cards, card, rules.code)}; the deck "
                               f"has {n}.",
                               {"count": n, "maximum": limit}))
    return out


def _sideboard(rules: FormatRules, placed: list[tuple[Entry, DeckCard | None]],
               size: int) -> list[Finding]:
    out = []
    if rules.sideboard_max == 0 and size:
        out.append(Finding("sideboard-size", ERROR, (), f"{rules.name} has no sideboard; this "
                           f"deck lists {_plural(size, 'card')} in it.", {"count": size}))
    elif rules.sideboard_max is not None and size > rules.sideboard_max:
        out.append(Finding("sideboard-size", ERROR, (), f"The sideboard has {size} cards; "
                           f"{rules.name} allows at most {rules.sideboard_max}.",
                           {"count": size, "maximum": rules.sideboard_max}))
    if rules.sideboard_points is not None:
        points = sum(
            e.quantity * (SIDEBOARD_POINTS_MATERIAL
                          if c is not None and MATERIAL_TYPES.intersection(c.types)
                          else SIDEBOARD_POINTS_MAIN)
            for e, c in placed if e.zone is Zone.SIDEBOARD)
        if points > rules.sideboard_points:
            out.append(Finding(
                "sideboard-points", ADVISORY, (),
                f"The sideboard is worth {points} points (main-deck cards 1, regalia and "
                f"champions 3); the comprehensive rules allow {rules.sideboard_points}. "
                "Tournament rules may differ: the organiser decides.",
                {"points": points, "maximum": rules.sideboard_points}))
    return out


def _boons(rules: FormatRules, deck: Deck, cards: DeckCards) -> list[Finding]:
    kinds: Counter[str] = Counter()
    names: list[str] = []
    for entry in deck.entries:
        card = cards.get(entry.card_uuid)
        if card is not None and BOON_TYPES.intersection(card.types):
            kinds["LESSER" if "LESSER BOON" in card.types else "GREATER"] += entry.quantity
            names.append(card.name)
    if not kinds:
        return [Finding("boons", ADVISORY, (), f"{rules.name}: present one Lesser and one "
                        "Greater Boon at the start of the game (none is listed).")]
    if kinds["LESSER"] == 1 and kinds["GREATER"] == 1:
        return []
    return [Finding("boons", ERROR, tuple(names), f"{rules.name} needs one Lesser and one "
                    f"Greater Boon; the deck lists {kinds['LESSER']} Lesser and "
                    f"{kinds['GREATER']} Greater.",
                    {"lesser": kinds["LESSER"], "greater": kinds["GREATER"]})]
