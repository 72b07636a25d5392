"""Typed resources of the catalogue API spec (``../shared/spec/catalogue-api.md``), and the
plain result types the catalogue hands out (:mod:`app.model.query`, :mod:`app.model.status`).

The models validate; they never rewrite. Archivist stores and serves the JSON it
received, so these classes are used to check records, not to re-serialise them.
This package imports nothing else of the app. The pydantic models load on first use
(PEP 562), so that importing a light submodule such as :mod:`app.model.query` (the window
does at start-up) does not load pydantic.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_CARD = ("Card", "Circulation", "CirculationTemplate", "Cost", "Edition", "OtherOrientation",
         "OtherOrientationEdition", "Reference", "Rule", "Set")
_WHERE = {
    **{name: "app.model.card" for name in _CARD},
    "FeaturedSetGroup": "app.model.featured",
    "RecordProblem": "app.model.validate",
    "fill_neutral": "app.model.validate",
    "validate_card": "app.model.validate",
}


def __getattr__(name: str) -> Any:
    """Load a model's module on first use."""
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'app.model' has no attribute {name!r}")


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
