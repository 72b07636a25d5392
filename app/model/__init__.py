"""Typed resources of the catalogue API spec (``../shared/spec/catalogue-api.md``), and the
plain result types the catalogue hands out (:mod:`app.model.query`, :mod:`app.model.status`).

The models validate; they never rewrite. Archivist stores and serves the JSON it
received, so these classes are used to check records, not to re-serialise them.
This package imports nothing else of the app. Its names load on first use (PEP 562),
so that the light submodules (:mod:`app.model.vocabulary`, :mod:`app.model.query`, which
the window imports at start-up) do not bring pydantic into the window's start-up.
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

_WHERE = {
    **dict.fromkeys(("Card", "Circulation", "CirculationTemplate", "Cost", "Edition",
                     "OtherOrientation", "OtherOrientationEdition", "Reference", "Rule", "Set"),
                    "app.model.card"),
    "FeaturedSetGroup": "app.model.featured",
    **dict.fromkeys(("RecordProblem", "fill_neutral", "validate_card"), "app.model.validate"),
}


def __getattr__(name: str) -> Any:
    """Load the models on first use (PEP 562): importing :mod:`app.model.vocabulary` alone
    must not load pydantic."""
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
