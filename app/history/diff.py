"""Two versions of a card → its patch notes ("diffs that read like patch notes").

Content is compared, not dates: ``last_update`` keys (of the card, its editions and their
circulations) and ``result_editions`` are left out, editions and circulations are matched by
uuid so a new order of the same editions or print runs is no change. Legality follows
``spec/decks.md`` ("Legality in the catalogue"): ``null``, ``{}`` and a missing format mean
no limit, ``limit: 0`` banned.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from app.history.editions import edition_notes, in_words
from app.history.words import word_diff
from app.model.history import Note
from app.model.vocabulary import FORMATS, names

_IGNORED = frozenset({"result_editions", "last_update", "editions"})
_FORMAT_NAMES = names(FORMATS)
_EFFECT_KEYS = ("effect_raw", "effect", "effect_html")
_LISTS = ("types", "subtypes", "classes", "elements")
_TEXTS = ("flavor",)
_BY_UUID = ("editions", "circulations", "circulationTemplates")
_REFERENCES = {"references": "refers to", "referenced_by": "referred to by"}

Renames = Mapping[str, str]
"""Cards renamed in the same revision: new name → old name (see :func:`card_notes`)."""


def content(value: Any) -> Any:
    """``value`` without its ``last_update`` keys (at any depth) and ``result_editions``;
    a card's editions and an edition's circulations become mappings by uuid (their order
    is no content)."""
    if isinstance(value, dict):
        out = {k: content(v) for k, v in value.items()
               if k not in ("last_update", "result_editions")}
        for key in _BY_UUID:
            items = value.get(key)
            if isinstance(items, list) and all(isinstance(i, dict) for i in items):
                out[key] = {str(i.get("uuid")): content(i) for i in items}
        return out
    if isinstance(value, list):
        return [content(v) for v in value]
    return value


def content_equal(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether two versions of a card hold the same content (see the module's rules)."""
    return _canon(content(old)) == _canon(content(new))


def card_notes(old: dict[str, Any] | None, new: dict[str, Any] | None,
               renames: Renames | None = None) -> tuple[Note, ...]:
    """The patch notes of one card: what changed from ``old`` to ``new``.

    Args:
        old: the version before (None: the card is new).
        new: the version after (None: the card was removed).
        renames: cards renamed in the same revision, new name → old name: a reference to
            one of them that changed only by the rename reads "refers to X, renamed from Y".

    Returns:
        The notes, card fields first, then editions; empty when only dates or the order
        of editions changed.
    """
    if old is None or new is None:
        card = new if old is None else old
        assert card is not None
        group, verb = ("new", "new card") if old is None else ("removed", "removed")
        return (Note(group, "", f"{verb}: {card.get('name')}"),)
    notes: list[Note] = []
    notes += _renamed(old, new)
    notes += _errata(old, new)
    notes += _legality(old.get("legality"), new.get("legality"))
    for key in sorted(set(old) | set(new)):
        if key in _IGNORED or key in ("name", "slug", "legality", *_EFFECT_KEYS):
            continue
        a, b = old.get(key), new.get(key)
        if _canon(content(a)) != _canon(content(b)):
            notes += _references(key, a, b, renames or {}) if key in _REFERENCES else [
                _other(key, a, b)]
    notes += edition_notes(old.get("editions") or [], new.get("editions") or [])
    return tuple(notes)


def summary(notes: tuple[Note, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``(groups, fields)`` of a card's notes, each in first-seen order without repeats."""
    groups = tuple(dict.fromkeys(n.group for n in notes))
    fields = tuple(dict.fromkeys(n.field for n in notes if n.field))
    return groups, fields


def limit_of(legality: Any, code: str) -> int | None:
    """The copy limit of format ``code`` (0: banned), or None when it has none."""
    entry = legality.get(code) if isinstance(legality, dict) else None
    limit = entry.get("limit") if isinstance(entry, dict) else None
    return limit if isinstance(limit, int) and not isinstance(limit, bool) else None


def _renamed(old: dict[str, Any], new: dict[str, Any]) -> list[Note]:
    notes = []
    if old.get("name") != new.get("name"):
        notes.append(Note("renamed", "name",
                          f"renamed from “{old.get('name')}” to “{new.get('name')}”"))
    if old.get("slug") != new.get("slug"):
        notes.append(Note("renamed", "slug", f"slug {old.get('slug')} → {new.get('slug')}"))
    return notes


def _errata(old: dict[str, Any], new: dict[str, Any]) -> list[Note]:
    changed = [k for k in _EFFECT_KEYS if old.get(k) != new.get(k)]
    if not changed:
        return []
    key = changed[0]
    words = word_diff(str(old.get(key) or ""), str(new.get(key) or ""))
    text = "effect text changed" if old.get(key) and new.get(key) else (
        "effect text added" if new.get(key) else "effect text removed")
    return [Note("errata", key, text, words)] + [
        Note("errata", k, "") for k in changed[1:]]  # the same change in another form


def _legality(old: Any, new: Any) -> list[Note]:
    codes = [c for c in {**(old or {}), **(new or {})} if isinstance(c, str)]
    ordered = [f.value for f in FORMATS if f.value in codes] + sorted(
        c for c in codes if c not in _FORMAT_NAMES)
    notes = []
    for code in ordered:
        a, b = limit_of(old, code), limit_of(new, code)
        if a == b:
            continue
        name = _FORMAT_NAMES.get(code, code.title())
        if b == 0:
            text = f"now banned in {name}"
        elif b is not None:
            text = f"limited to {b} in {name}" + ("" if a is None else f" (was {_limit(a)})")
        else:
            text = f"no longer {'banned' if a == 0 else 'limited'} in {name}"
        notes.append(Note("legality", f"legality.{code}", text))
    return notes


def _limit(limit: int) -> str:
    return "banned" if limit == 0 else f"limited to {limit}"


def _other(key: str, a: Any, b: Any) -> Note:
    if key == "rule" and any("ERRATA" in str(item.get("title", "")).upper()
                             for item in _added_items(a, b)):
        return Note("errata", key, _list_change(key, a, b))  # an erratum ruling
    if key in _LISTS or (key in ("references", "referenced_by", "rule")):
        return Note("other", key, _list_change(key, a, b))
    if key in _TEXTS and isinstance(a, str | None) and isinstance(b, str | None):
        return Note("other", key, f"{key} changed", word_diff(a or "", b or ""))
    return Note("other", key, f"{key.replace('_', ' ')}: {in_words(a)} → {in_words(b)}")


def _references(key: str, a: Any, b: Any, renames: Renames) -> list[Note]:
    """A change of ``references``/``referenced_by``: a reference whose card was renamed
    in the same revision says so; what else changed is listed as added/removed."""
    before = [v for v in a if isinstance(v, dict)] if isinstance(a, list) else []
    after = [v for v in b if isinstance(v, dict)] if isinstance(b, list) else []
    notes: list[Note] = []
    kept_before, kept_after = list(before), list(after)
    for item in after:
        old_name = renames.get(str(item.get("name")))
        if old_name is None:
            continue
        twin = next((v for v in kept_before if v.get("name") == old_name
                     and v.get("kind") == item.get("kind")), None)
        if twin is None:
            continue
        kept_before.remove(twin)
        kept_after.remove(item)
        notes.append(Note("other", key,
                          f"{_REFERENCES[key]} {item.get('name')}, renamed from {old_name}"))
    if _canon(kept_before) != _canon(kept_after):
        notes.append(Note("other", key, _list_change(key, kept_before, kept_after)))
    return notes


def _added_items(a: Any, b: Any) -> list[dict[str, Any]]:
    before = [_canon(v) for v in a] if isinstance(a, list) else []
    return [v for v in b if isinstance(v, dict) and _canon(v) not in before] \
        if isinstance(b, list) else []


def _list_change(key: str, a: Any, b: Any) -> str:
    before = [_item(v) for v in a or []] if isinstance(a, list) else [in_words(a)]
    after = [_item(v) for v in b or []] if isinstance(b, list) else [in_words(b)]
    added = [v for v in after if v not in before]
    removed = [v for v in before if v not in after]
    label = "rules" if key == "rule" else key.replace("_", " ")
    parts = ([f"added {', '.join(added)}"] if added else []) + (
        [f"removed {', '.join(removed)}"] if removed else [])
    return f"{label}: " + ("; ".join(parts) or "changed")


def _item(value: Any) -> str:
    if isinstance(value, dict):
        if "description" in value:  # a rule entry
            title = f"{value.get('title')}: " if value.get("title") else ""
            return f"({value.get('date_added')}) {title}{str(value.get('description')).strip()}"
        if "name" in value:
            return f"{value['name']}" + (f" ({value['kind']})" if value.get("kind") else "")
    return in_words(value)


def _canon(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
