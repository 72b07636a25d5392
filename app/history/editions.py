"""Patch notes of a card's editions: printings added or removed, Thema values, circulation
populations and other edition fields. Editions are matched by uuid; their order is ignored."""

from __future__ import annotations

import json
from typing import Any

from app.history.words import word_diff
from app.model.history import Note
from app.model.vocabulary import CIRCULATION_KINDS, names, rarity_by_number

_KIND_NAMES = names(CIRCULATION_KINDS)
_CIRCULATIONS = ("circulations", "circulationTemplates")
_EFFECTS = ("effect_raw", "effect", "effect_html")
_SKIPPED = frozenset({"last_update", "set", *_CIRCULATIONS})


def edition_label(edition: dict[str, Any]) -> str:
    """``DOA 1st 001`` (set prefix and collector number) of an edition."""
    prefix = (edition.get("set") or {}).get("prefix", "?")
    return f"{prefix} {edition.get('collector_number', '?')}"


def printing(edition: dict[str, Any]) -> str:
    """``DOA 1st 001 (Rare)``: where the edition is printed and its rarity."""
    rarity = rarity_by_number(edition.get("rarity"))
    return f"{edition_label(edition)} ({rarity.name if rarity else edition.get('rarity')})"


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


def _changed(a: dict[str, Any], b: dict[str, Any]) -> list[Note]:
    label, path = edition_label(b), f"editions[{b.get('slug')}]"
    notes: list[Note] = []
    effects = [k for k in _EFFECTS if a.get(k) != b.get(k)]
    for key in effects[:1]:
        verb = "changed" if a.get(key) and b.get(key) else "added" if b.get(key) else "removed"
        notes.append(Note("errata", f"{path}.{key}", f"{label}: effect text {verb}",
                          word_diff(str(a.get(key) or ""), str(b.get(key) or ""))))
    for key in sorted(set(a) | set(b)):
        if key in _SKIPPED or a.get(key) == b.get(key):
            continue
        old, new = a.get(key), b.get(key)
        if key in _EFFECTS:
            continue
        if key.startswith("thema_"):
            text = f"{label}: {key.replace('_', ' ')} {_show(old)} → {_show(new)}"
        else:
            text = f"{label}: {key} {_show(old)} → {_show(new)}"
        notes.append(Note("other", f"{path}.{key}", text))
    if _canon(a.get("set"), True) != _canon(b.get("set"), True):
        notes.append(Note("other", f"{path}.set", f"{label}: set details changed"))
    for key in _CIRCULATIONS:
        notes += _populations(label, f"{path}.{key}", a.get(key) or [], b.get(key) or [])
    return notes


def _populations(label: str, path: str, old: list[Any], new: list[Any]) -> list[Note]:
    """Circulation populations added, removed or changed (matched by uuid)."""
    before = {str(c.get("uuid")): c for c in old if isinstance(c, dict)}
    after = {str(c.get("uuid")): c for c in new if isinstance(c, dict)}
    notes = []
    for uuid in [*after, *(u for u in before if u not in after)]:
        a, b = before.get(uuid), after.get(uuid)
        if a is not None and b is not None and _canon(a, True) == _canon(b, True):
            continue
        c = b or a or {}
        what = " ".join(str(p) for p in (
            _KIND_NAMES.get(str(c.get("kind")), c.get("kind")), c.get("name")) if p)
        if a is None:
            text = f"{label}: {what} population {_population(b)} added"
        elif b is None:
            text = f"{label}: {what} population {_population(a)} removed"
        elif _population(a) != _population(b):
            text = f"{label}: {what} population {_population(a)} → {_population(b)}"
        else:
            text = f"{label}: {what} circulation details changed"
        notes.append(Note("other", path, text))
    return notes


def _population(c: dict[str, Any] | None) -> str:
    if not c:
        return "none"
    return f"{c.get('population_operator') or ''}{c.get('population')}".strip()


def _show(value: Any) -> str:
    return "none" if value is None else str(value) if not isinstance(value, dict | list) \
        else json.dumps(value, ensure_ascii=False, sort_keys=True)


def _canon(value: Any, undated: bool = False) -> str:
    if undated and isinstance(value, dict):
        value = {k: v for k, v in value.items() if k != "last_update"}
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
