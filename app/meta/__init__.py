"""The meta: what the field plays, over the stored events' decklists (spec/decks.md,
Events and the meta): champion share by lineage, card inclusion, their weekly trend, the
cards that moved, one card's weeks, and the decklists nearest to a deck.

Everything here reads the events file (:mod:`app.events`) and computes; nothing writes.
"""

from app.events.reads import Scope
from app.meta.like import like
from app.meta.summary import card_weeks, summary

__all__ = ["Scope", "card_weeks", "like", "summary"]
