"""A finding of a deck check: one broken (or doubtful) rule, in one sentence."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

ERROR, ADVISORY = "error", "advisory"
"""Severities: an ``error`` makes a deck illegal; an ``advisory`` is for the player or
the organiser to judge."""


@dataclass(frozen=True)
class Finding:
    """One broken (or doubtful) rule.

    Attributes:
        rule: an id of :data:`app.decks.check.RULES`.
        severity: ``error`` or ``advisory``.
        cards: the names of the cards involved (may be empty).
        message: one sentence for a player.
        numbers: the figures of the message (``{"count": 59, "minimum": 60}``).
    """

    rule: str
    severity: str
    cards: tuple[str, ...]
    message: str
    numbers: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """``{rule, severity, cards, message}`` as ``archivist deck check --json`` prints."""
        return {"rule": self.rule, "severity": self.severity, "cards": list(self.cards),
                "message": self.message}
