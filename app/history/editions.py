"""Patch notes of a card's editions: printings added or removed, their printed text, Thema
values, print runs (circulations) and other edition fields. Editions and circulations are
matched by uuid; their order is ignored.

An edition's own text (``effect_raw`` of a printing, often a translation in a Chinese set) is
the text printed on that printing, not the card's: a change of it is a ``printings`` note,
never errata (errata is a change of the card's own text, :mod:`app.history.diff`).
"""

from __future__ import annotations

import json
from typing import Any

from app.history.words import word_diff
from app.model.history import Note
from app.model.vocabulary import CIRCULATION_KINDS, names, rarity_by_number

_KIND_NAMES = names(CIRCULATION_KINDS)
_CIRCULATIONS = {"circulations": "print run", "circulationTemplates": "planned print run"}
_EFFECTS = ("effect_raw", "effect", "effect_html")
_SKIPPED = frozenset({"last_update", "set", *_CIRCULATIONS})
_LANGUAGES = {"EN": "English", "CN": "Chinese"}


def edition_label(edition: dict[str, Any]) -> str:
    """``DOA 1st 001`` (set prefix and collector number) of an edition."""
    prefix = (edition.get("set") or {}).get("prefix", "?")
    return f"{prefix} {edition.get('collector_number', '?')}"


def printing(edition: dict[str, Any]) -> str:
    """``DOA 1st 001 Rare``: where the edition is printed and its rarity, and the language
    when it is not English (``P26 020 Rare, Chinese``)."""
    rarity = rarity_by_number(edition.get("rarity"))
    language = str((edition.get("set") or {}).get("language") or "EN")
    tongue = "" if language == "EN" else f", {_LANGUAGES.get(language, language)}"
    return f"{edition_label(edition)} {rarity.name if rarity else edition.get('rarity')}{tongue}"


def edition_notes(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[Note]:
    """Notes of the editions ``old`` → ``new`` (lists of Edition objects)."""
    before = {str(e.get("uuid")): e for e in old}
    after = {str(e.get("uuid")): e for e in new}
    notes = [Note("printings", f"editions[{e.get('slug')}]", f"new printing: {printing(e)}")
             for u, e in after.items() if u not in before]
    notes += [Note("printings", f"editions[{e.get('slug')}]",
                   f"printing removed: {printing(e)}")
              for u, e in before.items() if u not in after]
    for uuid, edition in after.items():
        if uuid in before:
            notes += _changed(before[uuid], edition)
    return notes


def in_words(value: Any) -> str:
    """A field's value as a person reads it: ``none``, ``yes``/``no``, ``1,000``, a cost
    ``{"type": "memory", "value": "1"}`` as ``1 memory``, lists joined by commas, other
    objects as ``key value`` pairs; never JSON."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, list):
        return ", ".join(in_words(v) for v in value) or "none"
    if isinstance(value, dict):
        if set(value) == {"type", "value"}:
            return f"{in_words(value['value'])} {str(value['type']).lower()}"
        return "; ".join(f"{str(k).replace('_', ' ')} {in_words(v)}"
                         for k, v in value.items()) or "none"
    return str(value)


def _changed(a: dict[str, Any], b: dict[str, Any]) -> list[Note]:
    label, path = edition_label(b), f"editions[{b.get('slug')}]"
    notes: list[Note] = []
    effects = [k for k in _EFFECTS if a.get(k) != b.get(k)]
    for key in effects[:1]:
        verb = "changed" if a.get(key) and b.get(key) else "added" if b.get(key) else "removed"
        notes.append(Note("printings", f"{path}.{key}", f"{printing(b)}: printed text {verb}",
                          word_diff(str(a.get(key) or ""), str(b.get(key) or ""))))
    for key in sorted(set(a) | set(b)):
        if key in _SKIPPED or key in _EFFECTS or a.get(key) == b.get(key):
            continue
        name = key.replace("_", " ")
        text = f"{label}: {name} {in_words(a.get(key))} → {in_words(b.get(key))}"
        notes.append(Note("other", f"{path}.{key}", text))
    if _canon(a.get("set"), True) != _canon(b.get("set"), True):
        notes.append(Note("other", f"{path}.set", f"{label}: set details changed"))
    for key, title in _CIRCULATIONS.items():
        notes += _populations(f"{title} {label}", f"{path}.{key}", a.get(key) or [],
                              b.get(key) or [])
    return notes


def _populations(label: str, path: str, old: list[Any], new: list[Any]) -> list[Note]:
    """Print runs added, removed or changed (matched by uuid):
    ``print run DOA 1st 001 foil: ≈1,000 → ≈1,200``."""
    before = {str(c.get("uuid")): c for c in old if isinstance(c, dict)}
    after = {str(c.get("uuid")): c for c in new if isinstance(c, dict)}
    notes = []
    for uuid in [*after, *(u for u in before if u not in after)]:
        a, b = before.get(uuid), after.get(uuid)
        if a is not None and b is not None and _canon(a, True) == _canon(b, True):
            continue
        c = b or a or {}
        kind = str(_KIND_NAMES.get(str(c.get("kind")), c.get("kind") or "")).lower()
        what = " ".join(p for p in (label, kind) if p) + (
            f" ({c['name']})" if c.get("name") else "")
        if a is None:
            text = f"{what}: {_population(b)} added"
        elif b is None:
            text = f"{what}: {_population(a)} removed"
        elif _population(a) != _population(b):
            text = f"{what}: {_population(a)} → {_population(b)}"
        else:
            changed = ", ".join(k.replace("_", " ") for k in sorted(set(a) | set(b))
                                if k != "last_update" and a.get(k) != b.get(k))
            text = f"{what}: {changed or 'details'} changed"
        notes.append(Note("other", path, text))
    return notes


def _population(c: dict[str, Any] | None) -> str:
    if not c:
        return "none"
    return f"{c.get('population_operator') or ''}{in_words(c.get('population'))}".strip()


def _canon(value: Any, undated: bool = False) -> str:
    if undated and isinstance(value, dict):
        value = {k: v for k, v in value.items() if k != "last_update"}
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
