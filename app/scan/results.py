"""What a scan answers for one photo (the ``--json`` shape of ``archivist scan``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Status = Literal["matched", "uncertain", "no-card", "unreadable"]
"""``matched``: one card clearly ahead; ``uncertain``: candidates, none clearly ahead;
``no-card``: nothing card-like found; ``unreadable``: the photo could not be read."""


@dataclass(frozen=True)
class Candidate:
    """An edition a photo may show.

    Attributes:
        score: 0–1, higher is closer (editions sharing one image have the same score).
        the rest: the edition's and its card's, as the catalogue names them.
    """

    edition_uuid: str
    card_uuid: str
    slug: str
    name: str
    set_prefix: str
    collector_number: str
    rarity: int | None
    score: float


@dataclass(frozen=True)
class PhotoResult:
    """One photo's answer.

    Attributes:
        path: the photo as given.
        status: see :data:`Status`.
        message: one plain line (why unreadable, what was found).
        candidates: best first; the matched edition (and those sharing its art) first.
    """

    path: str
    status: Status
    message: str
    candidates: list[Candidate] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """``{"path", "status", "message", "candidates": [{…, "score"}]}``."""
        return {"path": self.path, "status": self.status, "message": self.message,
                "candidates": [vars(c) | {"score": round(c.score, 4)}
                               for c in self.candidates]}
