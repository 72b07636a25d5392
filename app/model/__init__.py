"""Typed resources of the catalogue API spec (``../shared/spec/catalogue-api.md``).

The models validate; they never rewrite. Archivist stores and serves the JSON it
received, so these classes are used to check records, not to re-serialise them.
This package imports nothing else of the app.
"""

from app.model.card import (
    Card,
    Circulation,
    CirculationTemplate,
    Cost,
    Edition,
    OtherOrientation,
    OtherOrientationEdition,
    Reference,
    Rule,
    Set,
)
from app.model.featured import FeaturedSetGroup
from app.model.validate import RecordProblem, fill_neutral, validate_card

__all__ = [
    "Card",
    "Circulation",
    "CirculationTemplate",
    "Cost",
    "Edition",
    "FeaturedSetGroup",
    "OtherOrientation",
    "OtherOrientationEdition",
    "RecordProblem",
    "Reference",
    "Rule",
    "Set",
    "fill_neutral",
    "validate_card",
]
