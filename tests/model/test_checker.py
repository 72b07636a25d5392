"""The sync's fast card check says exactly what the models say: the same records are valid,
and an invalid one gets the same problem."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import pytest

from app.model import RecordProblem, fill_neutral, validate_card
from app.model.checker import card_problem
from tests.conftest import SNAPSHOT_0404
from tests.helpers.cards import make_card

WRONG: list[Any] = ["", "x", "1", "2026-01-01T00:00:00", 0, -2, 1.5, True, None, [], {},
                    ["x"], [1], {"x": 1}]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value[:2]):
            yield from _paths(child, (*path, index))


def _mutants(card: dict[str, Any]) -> Iterator[Any]:
    """The card with one value replaced, one key dropped, or one unknown key added."""
    for path in _paths(card):
        if not path:
            continue
        for wrong in WRONG:
            mutant = copy.deepcopy(card)
            *head, last = path
            parent = mutant
            for step in head:
                parent = parent[step]
            parent[last] = wrong
            yield mutant
        if isinstance(path[-1], str):
            mutant = copy.deepcopy(card)
            parent = mutant
            for step in path[:-1]:
                parent = parent[step]
            del parent[path[-1]]
            yield mutant
            parent["zz_unknown_key"] = 1
            yield mutant
    yield ["not", "a", "card"]


def _same_verdict(raw: Any) -> None:
    model = validate_card(copy.deepcopy(raw), "f.json", 3)
    fast = card_problem(raw, "f.json", 3)
    if isinstance(model, RecordProblem):
        assert fast == model
    else:
        assert fast is None


def test_every_mutation_of_a_card_gets_the_models_verdict() -> None:
    card = make_card()
    fill_neutral(card)
    assert card_problem(card, "f.json") is None
    for mutant in _mutants(card):
        _same_verdict(mutant)


@pytest.mark.realdata
def test_every_mutation_of_real_cards_gets_the_models_verdict() -> None:
    cards = json.loads((SNAPSHOT_0404 / "DOA 1st.json").read_text(encoding="utf-8"))
    records = cards if isinstance(cards, list) else cards["data"]
    rich = [c for c in records if any(e.get("circulationTemplates") or
                                        e.get("other_orientations") for e in c["editions"])]
    assert rich
    for card in rich[:1]:
        fill_neutral(card)
        assert card_problem(card, "f.json") is None
        for mutant in _mutants(card):
            _same_verdict(mutant)
