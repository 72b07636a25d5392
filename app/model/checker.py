"""Checking a raw card without building its models: the sync's fast path of
:func:`app.model.validate.validate_card`.

:class:`~app.model.card.Card` builds a frozen model for every card, edition, set and
reference, which the sync never uses: it stores the JSON it received. :data:`_CARD` is a
validator derived from the very same pydantic core schema with every model turned into a
typed dict (the same fields, constraints, strictness and extra-key rules; no second copy of
the spec's fields), so a valid record is checked without building models. A record it does
not accept goes through :func:`~app.model.validate.validate_card`, whose problem (field,
reason, further fields) is the one reported: verdicts and reasons stay exactly those of
the models.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError
from pydantic_core import SchemaValidator

from app.model.card import Card
from app.model.hostile import hostile_value
from app.model.validate import RecordProblem, validate_card

_FUNCTIONS = ("function-before", "function-after", "function-wrap", "function-plain")


def dict_schema(node: Any) -> Any:
    """A copy of a pydantic core schema with every ``model`` node turned into a
    ``typed-dict`` node with the same fields and config (extra keys ignored instead of
    kept: the output is not used).

    Raises:
        TypeError: a model has a validator of its own (it would be given a dict instead of
            the model); such a model cannot be checked this way.
    """
    if isinstance(node, list):
        return [dict_schema(n) for n in node]
    if not isinstance(node, dict):
        return node
    kind = node.get("type")
    if kind in _FUNCTIONS and isinstance(node.get("schema"), dict) and \
            node["schema"].get("type") == "model":
        raise TypeError("a model with its own validator cannot be checked as a typed dict")
    if kind != "model":
        return {k: dict_schema(v) for k, v in node.items() if k != "metadata"}
    fields = node["schema"]
    if fields.get("type") != "model-fields" or node.get("root_model") or \
            node.get("post_init") or node.get("custom_init") or fields.get("model_validator"):
        raise TypeError(f"{node.get('cls')} cannot be checked as a typed dict")
    config = dict(node.get("config") or {})
    extra = config.get("extra_fields_behavior", "ignore")
    config["extra_fields_behavior"] = "forbid" if extra == "forbid" else "ignore"
    out: dict[str, Any] = {
        "type": "typed-dict", "config": config, "strict": bool(config.get("strict")),
        "extra_behavior": config["extra_fields_behavior"],
        "fields": {
            name: {"type": "typed-dict-field", "schema": dict_schema(field["schema"]),
                   "required": field["schema"].get("type") != "default"}
            for name, field in fields["fields"].items()
        },
    }
    if "ref" in node:
        out["ref"] = node["ref"]
    return out


_CARD = SchemaValidator(dict_schema(Card.__pydantic_core_schema__))


def card_problem(raw: Any, source: str, index: int | None = None) -> RecordProblem | None:
    """Why a raw Card object (after :func:`~app.model.validate.fill_neutral`) is invalid,
    or None when it is valid: :func:`~app.model.validate.validate_card`'s verdict and
    problem, without building the models of a valid record.

    Args:
        raw: the decoded JSON value.
        source: where it came from, for the problem report.
        index: its position in the source array.
    """
    if isinstance(raw, dict) and hostile_value(raw) is None:
        try:
            _CARD.validate_python(raw)
        except ValidationError:
            pass
        else:
            return None
    checked = validate_card(raw, source, index)
    return checked if isinstance(checked, RecordProblem) else None
