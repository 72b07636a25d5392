"""Names to cards: exactly, then normalised, then squashed, never guessed.

A JSON entry's slug is tried first. Then the name exactly, after
:func:`~app.decks.cards.normalise_name` (case, spacing, apostrophes, accents), and
ignoring punctuation and spacing (:func:`~app.decks.cards.squash_name`) when exactly one
card name matches so (the check then says how it was read). A name that matches none stays
unresolved, with up to three suggestions from a fuzzy match (rapidfuzz) for the person to
choose from; it is never replaced by one of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from app.decks.cards import DeckCard, DeckCards, normalise_name, squash_name
from app.decks.model import Deck, Entry, Zone
from app.decks.moment import event_moment, iso
from app.decks.parse import LineProblem, ParsedList, RawLine
from app.model.vocabulary import MATERIAL_TYPES

SUGGESTIONS = 3
SUGGESTION_CUTOFF = 60.0


@dataclass(frozen=True)
class Unresolved:
    """A line whose name is not a card of the catalogue, and names it might mean."""

    line: str
    suggestions: tuple[str, ...]

    def message(self) -> str:
        """``'1 The Duchess's Thornes' is not in the catalogue (did you mean …?)``."""
        hint = f" (did you mean {' / '.join(self.suggestions)}?)" if self.suggestions else ""
        return f"{self.line!r}: no card of that name in the catalogue (yet){hint}"


@dataclass
class ReadDeck:
    """A decklist resolved against the catalogue.

    Attributes:
        deck: every entry; unresolved ones keep their name with ``card_uuid`` None
            (:func:`app.decks.check.check_deck` lists them with suggestions).
        problems: the lines that could not be read at all.
        source, index: where it came from (file, position in an event file).
    """

    deck: Deck
    problems: list[LineProblem] = field(default_factory=list)
    source: str = ""
    index: int = 0


def find_card(cards: DeckCards, name: str, slug: str | None = None) -> DeckCard | None:
    """The card ``slug`` or ``name`` names: by slug, exact name, normalised name, then the
    name's letters and digits alone when exactly one card name has them."""
    if slug and slug in cards.by_slug:
        return cards.by_slug[slug]
    found = cards.by_name.get(name) or cards.by_normalised.get(normalise_name(name))
    if found is None:
        names = cards.by_squashed.get(squash_name(name), ())
        if len(names) == 1:
            found = cards.by_normalised[next(iter(names))]
    return found


def suggest(cards: DeckCards, name: str, limit: int = SUGGESTIONS) -> tuple[str, ...]:
    """Up to ``limit`` card names close to ``name`` (best first), or none."""
    matches = process.extract(normalise_name(name), cards.normalised_names,
                              scorer=fuzz.ratio, limit=limit, score_cutoff=SUGGESTION_CUTOFF)
    return tuple(cards.by_normalised[m[0]].name for m in matches)


def zone_for(card: DeckCard) -> Zone:
    """Where a line outside any header goes: champions and regalia to the material deck."""
    return Zone.MATERIAL if MATERIAL_TYPES.intersection(card.types) else Zone.MAIN


def resolve_line(cards: DeckCards, line: RawLine) -> Entry:
    """The entry of one line; ``card_uuid`` None when the name is not a card (a line
    outside any header then goes to the main deck)."""
    card = find_card(cards, line.name, line.slug)
    if card is None:
        return Entry(line.zone or Zone.MAIN, line.quantity, line.name, None, None, line.text)
    zone = line.zone or zone_for(card)
    return Entry(zone, line.quantity, line.name, card.uuid, None, line.text)


def resolve(parsed: ParsedList, cards: DeckCards, name: str = "",
            format_code: str = "STANDARD") -> ReadDeck:
    """Resolve every line of ``parsed`` into a :class:`ReadDeck` named ``name`` (default:
    ``<event name> #3`` for an event's decklist, else the file's name), checked as of the
    event's start when it is one (else the latest versions)."""
    deck = Deck(name or _default_name(parsed), [], format_code,
                iso(event_moment(parsed.started)))
    deck.entries.extend(resolve_line(cards, line) for line in parsed.lines)
    return ReadDeck(deck, list(parsed.problems), parsed.source, parsed.index)


def _default_name(parsed: ParsedList) -> str:
    if parsed.event:
        return f"{parsed.event} #{parsed.index + 1}"
    stem = parsed.source.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    return f"{stem or 'Deck'} #{parsed.index + 1}" if parsed.index else (stem or "Deck")
