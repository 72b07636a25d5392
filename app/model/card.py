"""Card, Edition, Set and their parts, as the spec's "Resources and their fields" lists them.

Nullability follows the spec: a field typed ``X | None`` must be present and may be
null; a field typed ``X`` must be present and not null. Unknown keys are kept
(``extra="allow"``) because the spec says further fields exist but are "not shown",
except in :class:`Cost`, whose keys the spec closes. Validation is strict: a string
is never coerced to a number or a boolean.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

Uuid = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9]{10}$")]
"""A 10-character, case-sensitive alphanumeric id (spec: Notation)."""

Timestamp = Annotated[str, StringConstraints(pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}")]
"""An ISO 8601 date-time string, kept exactly as received (zone and fraction vary)."""

Number = int | float
Score = int | float | None
"""A Thema score: integers in the real data, null when not scored."""


class _Resource(BaseModel):
    model_config = ConfigDict(extra="allow", strict=True, frozen=True)


class Cost(BaseModel):
    """Cost of a card (spec: Cost). Exactly the two keys ``type`` and ``value``."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    type: Literal["memory", "none", "reserve"]
    value: str | None


SetId = Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9]+$")]
"""A set id: the spec says 10 characters, but real sets have 9 (``eb3ha4E99``)."""


class Set(_Resource):
    """A set an edition belongs to (spec: Set). ``id`` is case-sensitive."""

    id: SetId
    name: str
    prefix: str = Field(min_length=1)
    language: str
    release_date: str
    created_at: Timestamp
    last_update: Timestamp


class CirculationTemplate(_Resource):
    """A templated print shared with other editions (spec: CirculationTemplate)."""

    uuid: str
    edition_id: str
    name: str
    kind: str
    foil: bool
    printing: bool
    population: Number | None
    population_operator: str | None
    variants: list[Any]
    created_at: Timestamp


class Circulation(_Resource):
    """A non-templated print (spec: Circulation). Its fields are "not shown": all are kept."""


class Reference(_Resource):
    """A reference between two cards (spec: Reference)."""

    direction: Literal["TO", "FROM"]
    kind: str
    name: str
    slug: str


class Rule(_Resource):
    """A ruling or erratum: ``{title, date_added: "YYYY-MM-DD", description}``."""

    title: str | None = None
    date_added: str | None = None
    description: str | None = None

    @property
    def date(self) -> str:
        """``date_added`` (``YYYY-MM-DD``), or ``""`` when it is absent."""
        return self.date_added or ""


class _ThemaScores(_Resource):
    thema_charm_foil: Score
    thema_ferocity_foil: Score
    thema_grace_foil: Score
    thema_mystique_foil: Score
    thema_valor_foil: Score
    thema_charm_nonfoil: Score
    thema_ferocity_nonfoil: Score
    thema_grace_nonfoil: Score
    thema_mystique_nonfoil: Score
    thema_valor_nonfoil: Score
    thema_foil: Score
    thema_nonfoil: Score
    thema_foil_dynamic: bool
    thema_nonfoil_dynamic: bool


class _EditionCore(_ThemaScores):
    uuid: Uuid
    card_id: Uuid
    collector_number: str
    slug: str
    set: Set
    rarity: Number
    configuration: str
    orientation: str | None
    illustrator: str | None
    collaborators: list[str]
    flavor: str | None
    effect: str | None
    effect_raw: str | None
    effect_html: str | None
    image: str = Field(min_length=1)
    created_at: Timestamp
    last_update: Timestamp


class OtherOrientationEdition(_EditionCore):
    """The edition inside an other-orientation object (no circulations, no orientations)."""


class _CardCore(_Resource):
    uuid: Uuid
    name: str
    slug: str = Field(min_length=1)
    classes: list[str]
    types: list[str]
    subtypes: list[str]
    elements: list[str]
    element: str
    cost: Cost
    cost_memory: Number | None
    cost_reserve: Number | None = Field(ge=-1)
    durability: Number | None
    level: Number | None
    life: Number | None
    power: Number | None
    speed: bool | None
    effect: str | None
    effect_raw: str | None
    effect_html: str | None
    flavor: str | None
    created_at: Timestamp
    last_update: Timestamp


class OtherOrientation(_CardCore):
    """The other face of a flip edition (spec: OtherOrientation)."""

    edition_id: Uuid
    edition: OtherOrientationEdition


class Edition(_EditionCore):
    """A specific release of its parent card (spec: Edition). All keys required."""

    circulationTemplates: list[CirculationTemplate]
    circulations: list[Circulation]
    other_orientations: list[OtherOrientation]


class Card(_CardCore):
    """A card with all of its editions (spec: Card); the response of endpoints 1 and 2."""

    legality: dict[str, dict[str, Any]] | None
    editions: list[Edition]
    result_editions: list[Edition]
    references: list[Reference]
    referenced_by: list[Reference]
    rule: list[Rule]
