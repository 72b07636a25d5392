"""A seeded matrix of ``/cards/search`` requests generated from the OpenAPI document and real
values of a catalogue (``benchmarks/api_search_matrix.py`` times it).

Every parameter the document lists for ``/cards/search`` is asked alone with two or three
values taken from the catalogue's cards (a ``*_logic`` with two values of its list, ``order``
with a sort key); every sort key in both orders with no filter and with one filter; and
sampled pairs of two different filter parameters, until the matrix holds at least
:data:`AT_LEAST` requests. The same seed gives the same matrix on the same catalogue.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

from benchmarks.common import SHARED_DATA

Pairs = list[tuple[str, str]]
AT_LEAST = 320
MODIFIERS = ("page", "page_size", "sort", "order", "separate_editions")
"""Parameters that shape the answer rather than filter it (not paired as filters)."""
STAT_CARD = ("cost_memory", "cost_reserve", "level", "power", "life", "durability")
STAT_EDITION = ("rarity", "thema_foil", "thema_nonfoil", *(
    f"thema_{p}_{k}" for k in ("foil", "nonfoil")
    for p in ("charm", "ferocity", "grace", "mystique", "valor")))
LISTS = {"class": "classes", "type": "types", "subtype": "subtypes", "element": "elements"}
_WORD = re.compile(r"[A-Za-z']{2,20}")


def document_parameters() -> list[str]:
    """Names of ``/cards/search``'s parameters in the OpenAPI document, in its order."""
    doc = json.loads((SHARED_DATA / "openapi-v1.1.0.json").read_text("utf-8"))
    return [str(p["name"]) for p in doc["paths"]["/cards/search"]["get"]["parameters"]]


class Values:
    """Draws real parameter values from a catalogue's card bodies with one random source."""

    def __init__(self, cards: list[dict[str, Any]], rng: random.Random) -> None:
        self.cards, self.rng = cards, rng
        self.editions = [e for c in cards for e in c["editions"]]

    def card_with(self, test: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
        return self.rng.choice([c for c in self.cards if test(c)])

    def edition_with(self, test: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
        return self.rng.choice([e for e in self.editions if test(e)])

    def words(self, text: str) -> str:
        """One word of ``text`` or two to four consecutive ones."""
        found = _WORD.findall(text)
        start = self.rng.randrange(len(found))
        return " ".join(found[start:start + self.rng.choice((1, 1, 2, 3, 4))])

    def date(self, stamp: str) -> str:
        return stamp[:10]

    def one(self, name: str) -> Pairs:
        """One real value (or values) of the filter parameter ``name``, as query pairs."""
        rng = self.rng
        if name in LISTS:
            key = LISTS[name]
            if name == "element" and rng.random() < 0.15:
                return [(name, "null")]
            have = self.card_with(lambda c: len(c[key]) >= 1)[key]
            return [(name, v) for v in rng.sample(have, min(len(have), rng.choice((1, 1, 2))))]
        if name.endswith("_logic"):
            key = LISTS[name[:-6]]
            have = self.card_with(lambda c: len(c[key]) >= 2)[key]
            return [(name[:-6], v) for v in rng.sample(have, 2)] + [
                (name, rng.choice(("AND", "OR")))]
        card_texts = {"name": "name", "effect": "effect_raw", "flavor": "flavor"}
        if name in card_texts:
            key = card_texts[name]
            return [(name, self.words(self.card_with(lambda c: _WORD.search(c[key] or ""))[key]))]
        if name in ("edition_effect", "edition_flavor"):
            key = name[8:] if name == "edition_flavor" else "effect_raw"
            text = self.edition_with(lambda e: _WORD.search(e[key] or ""))[key]
            return [(name, self.words(text))]
        if name == "slug":
            return [(name, rng.choice(self.cards)["slug"])]
        if name == "rule":
            rule = rng.choice(self.card_with(lambda c: c["rule"])["rule"])
            return [(name, self.words(rule["description"] or rule["title"] or "rule"))]
        if name == "rule_title":
            titles = [r["title"] for c in self.cards for r in c["rule"] or [] if r["title"]]
            return [(name, "null" if rng.random() < 0.2 else rng.choice(titles))]
        if name == "last_update":
            return [(name, self.date(rng.choice(self.cards)["last_update"]))]
        if name == "edition_last_update":
            return [(name, self.date(rng.choice(self.editions)["last_update"]))]
        if name == "speed":
            return [(name, v) for v in rng.sample(("fast", "slow", "none"), rng.choice((1, 2)))]
        if name == "stats":
            return [(name, self.stat())]
        if name == "legality_format":
            card = self.card_with(lambda c: c["legality"])
            return [(name, rng.choice(sorted(card["legality"])))]
        if name == "legality_limit":
            limits = sorted({int(v["limit"]) for c in self.cards for v in (c["legality"] or {})
                             .values()})
            return [(name, str(rng.choice(limits)))]
        if name == "legality_state":
            return [(name, rng.choice(("LEGAL", "RESTRICTED", "ANY")))]
        edition_keys: dict[str, Callable[[dict[str, Any]], Any]] = {
            "prefix": lambda e: e["set"]["prefix"], "rarity": lambda e: e["rarity"],
            "collector_number": lambda e: e["collector_number"],
            "edition_slug": lambda e: e["slug"], "language": lambda e: e["set"]["language"],
            "illustrator": lambda e: e["illustrator"]}
        if name in edition_keys:
            if name == "illustrator" and rng.random() < 0.15:
                return [(name, "null")]
            value = edition_keys[name](self.edition_with(lambda e: edition_keys[name](e)))
            return [(name, str(value))]
        if name == "configuration":
            return [(name, rng.choice(("default", "flip")))]
        if name == "collab":
            return [(name, rng.choice(("true", "false")))]
        raise ValueError(f"no values for the parameter {name}")

    def stat(self) -> str:
        """A ``stats`` term on a real value: a card stat, an edition stat or a population."""
        rng = self.rng
        op = rng.choice(("<=", ">=", "=", "<", ">"))
        kind = rng.choice(("card", "edition", "population"))
        if kind == "card":
            field = rng.choice(STAT_CARD)
            value = self.card_with(lambda c: isinstance(c.get(field), int))[field]
        elif kind == "edition":
            field = rng.choice(STAT_EDITION)
            value = self.edition_with(lambda e: isinstance(e.get(field), int | float))[field]
        else:
            field = rng.choice(("population_foil", "population_nonfoil"))
            foil = field == "population_foil"
            prints = [p for e in self.editions for p in e["circulationTemplates"]
                      + e["circulations"] if p["foil"] == foil]
            value = rng.choice(prints)["population"]
        return f"{field}{op}{round(value) if isinstance(value, float) else value}"


def generate(cards: list[dict[str, Any]], seed: int) -> list[Pairs]:
    """The matrix for ``seed`` over ``cards`` (Card bodies, in a fixed order)."""
    rng = random.Random(seed)
    values = Values(cards, rng)
    names = document_parameters()
    filters = [n for n in names if n not in MODIFIERS and not n.endswith("_logic")]
    sort_keys = ["collector_number", "cost_memory", "cost_reserve", "durability", "level",
                 "life", "name", "power", "rarity"]
    matrix: list[Pairs] = []
    seen: set[tuple[tuple[str, str], ...]] = set()

    def alone(name: str) -> Pairs:
        for _ in range(10):  # a value not asked yet, when the catalogue has one
            query = values.one(name)
            if tuple(query) not in seen:
                break
        return query

    for name in names:
        for _ in range(rng.choice((2, 3))):
            if name == "page":
                matrix.append([("page", str(rng.randint(2, 6)))])
            elif name == "page_size":
                matrix.append([("page_size", str(rng.randint(1, 50)))])
            elif name == "sort":
                matrix.append([("sort", rng.choice(sort_keys))])
            elif name == "order":
                matrix.append([("sort", rng.choice(sort_keys)), ("order", "DESC")])
            elif name == "separate_editions":
                matrix.append([("separate_editions", "true"), *values.one(rng.choice(filters))])
            else:
                matrix.append(alone(name))
            seen.add(tuple(matrix[-1]))
    for key in sort_keys:
        for order in ("ASC", "DESC"):
            matrix.append([("sort", key), ("order", order)])
            matrix.append([("sort", key), ("order", order), *values.one(rng.choice(filters))])
    seen.update(tuple(q) for q in matrix)
    while len(matrix) < AT_LEAST:
        first, second = rng.sample(filters, 2)
        query = values.one(first) + values.one(second)
        if tuple(query) not in seen:
            seen.add(tuple(query))
            matrix.append(query)
    return matrix
