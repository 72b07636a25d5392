"""Validation of Card records: what is accepted, filled, and rejected with which reason."""

from __future__ import annotations

import copy

from app.model import RecordProblem, fill_neutral, validate_card
from tests.helpers.cards import make_card


def test_valid_card_is_accepted_and_keeps_unknown_keys() -> None:
    raw = make_card(future_field={"x": 1})
    card = validate_card(raw, "mem")
    assert not isinstance(card, RecordProblem)
    assert card.model_extra == {"future_field": {"x": 1}}


def test_missing_dynamic_flags_are_filled_false_and_reported() -> None:
    raw = make_card()
    for key in ("editions", "result_editions"):
        for edition in raw[key]:
            del edition["thema_foil_dynamic"]
    filled = fill_neutral(raw)
    assert "editions.0.thema_foil_dynamic" in filled
    assert raw["editions"][0]["thema_foil_dynamic"] is False
    assert not isinstance(validate_card(raw, "mem"), RecordProblem)


def test_missing_timestamp_is_not_filled_and_rejects_the_record() -> None:
    raw = make_card()
    del raw["last_update"]
    fill_neutral(raw)
    problem = validate_card(raw, "file.json", 7)
    assert isinstance(problem, RecordProblem)
    assert (problem.field, problem.reason) == ("last_update", "required field is missing")
    assert problem.uuid == "genCard001" and problem.index == 7
    assert "file.json[7] genCard001: last_update" in str(problem)


def test_problem_names_the_nested_field() -> None:
    raw = make_card()
    raw["editions"][0]["rarity"] = "3"  # a string is never coerced to a number
    problem = validate_card(raw, "f.json", 0)
    assert isinstance(problem, RecordProblem)
    assert problem.field.startswith("editions.0.rarity")


def test_cost_rejects_extra_keys_and_unknown_types() -> None:
    raw = make_card()
    bad_type = copy.deepcopy(raw)
    bad_type["cost"] = {"type": "mana", "value": "2"}
    assert isinstance(validate_card(bad_type, "f"), RecordProblem)
    extra = copy.deepcopy(raw)
    extra["cost"] = {"type": "memory", "value": "2", "colour": "red"}
    problem = validate_card(extra, "f")
    assert isinstance(problem, RecordProblem) and problem.field == "cost.colour"


def test_non_object_record_is_a_problem_not_an_exception() -> None:
    problem = validate_card(["not", "a", "card"], "f.json", 3)
    assert isinstance(problem, RecordProblem)
    assert "not an object" in problem.reason


def test_wrong_uuid_shape_is_rejected() -> None:
    raw = make_card(uuid="short")
    problem = validate_card(raw, "f")
    assert isinstance(problem, RecordProblem) and problem.field == "uuid"
