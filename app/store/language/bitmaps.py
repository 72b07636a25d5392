"""Compressed bitmaps of the catalogue's card and edition row ids, one per search value.

A search's total was a count of its hits in SQLite, and a page of thousands of hits sorted
them all (on the generated catalogue of 111,750 cards, 20-130 ms for 5,000-80,000 hits, about
1.5-2 µs a row). With a bitmap (pyroaring) of the cards holding each value (a type, an
element, a legality, a cost …) and of the editions holding each edition value (a set, a
rarity, a language's sets, a flag), ``and``/``or``/``not`` and the count take microseconds
(:mod:`app.store.language.bitmap_terms`), and SQLite reads only the page's rows
(:mod:`app.store.language.bitmap_pages`).

The bitmaps are made once per catalogue version (:mod:`app.store.language.search_stamp`,
a counter that moves with every card written or removed), and kept in
a file beside the catalogue (:mod:`app.store.language.bitmap_files`) for the next start.
A file of another version, or a damaged one, is made anew; a connection inside a write's
transaction (whose uncommitted rows the stamp does not tell apart) never uses them.
"""

from __future__ import annotations

import array
import threading
import weakref
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from pyroaring import BitMap

from app.store.db.reading import Reading
from app.store.language import bitmap_files, search_stamp

NUMBER_COLUMNS = ("cost", "cost_x", "mem", "res", "level", "power", "life", "durability",
                  "speed")
"""The card_facts columns a search compares (card_facts.cost …)."""
VALUE_FIELDS = ("type", "subtype", "class", "element", "banned", "restricted")
"""The card_values fields of card terms (app.store.language.conditions._CARD_VALUES and
legality)."""
FLAGS = ("foil", "flip", "dynamic")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def folded(text: str) -> str:
    """``text`` as SQLite's NOCASE compares it (ASCII letters folded)."""
    return text.translate(_ASCII_LOWER)


def bitmap(values: Any) -> BitMap:
    """A bitmap of a numpy array (or list) of row ids."""
    return BitMap(array.array("I", np.asarray(values, dtype=np.uint32).tobytes()))


@dataclass
class Index:
    """The bitmaps of one catalogue version.

    Attributes:
        key: the version (schema version and stamp).
        cards: every card_facts row id; editions: every edition row id with a card.
        edition_card: the card row id of each edition row id (0: none).
        values: ``(field, folded value) → cards`` of :data:`VALUE_FIELDS`.
        numbers: ``column → value → cards`` of :data:`NUMBER_COLUMNS` (no NULLs).
        prefixes, set_ids, rarities, flags: edition values → editions.
        orders: ranks by order (:mod:`app.store.language.bitmap_pages`), made on first use.
        thema: ``thema_foil`` and ``thema_nonfoil`` → (their values in ascending order, the
            edition row id of each): a range of values is a slice.
        illustrators: each name an edition credits (a line of its ``illustrators``) →
            editions.
        shown: by edition row id, what a card hit's shown edition is chosen and sorted by:
            ``position``, ``no_image`` (1: no stored image) and ``set_rank`` (the rank of
            its set prefix, any case, and collector number; equal ones share it).
    """

    key: str
    cards: BitMap
    editions: BitMap
    edition_card: np.ndarray[Any, Any]
    values: dict[tuple[str, str], BitMap]
    numbers: dict[str, dict[float, BitMap]]
    prefixes: dict[str, BitMap]
    set_ids: dict[str, BitMap]
    rarities: dict[float, BitMap]
    flags: dict[str, BitMap]
    orders: dict[str, np.ndarray[Any, Any]]
    thema: dict[str, tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]]
    illustrators: dict[str, BitMap]
    shown: dict[str, np.ndarray[Any, Any]]
    _with_editions: BitMap | None = None

    def lift(self, cards: BitMap) -> BitMap:
        """The editions of ``cards``."""
        if len(cards) == len(self.cards):
            return BitMap(self.editions)
        mask = np.zeros(int(self.cards.max()) + 1 if self.cards else 1, dtype=bool)
        mask[np.frombuffer(cards.to_array(), dtype=np.uint32)] = True
        return bitmap(np.flatnonzero(mask[self.edition_card]))

    def project(self, editions: BitMap) -> BitMap:
        """The cards of ``editions``."""
        if len(editions) == len(self.editions):
            return BitMap(self.with_editions)
        mask = np.zeros(int(self.cards.max()) + 1 if self.cards else 1, dtype=bool)
        mask[self.edition_card[np.frombuffer(editions.to_array(), dtype=np.uint32)]] = True
        return bitmap(np.flatnonzero(mask))

    @property
    def with_editions(self) -> BitMap:
        """The cards with an edition."""
        if self._with_editions is None:
            self._with_editions = bitmap(np.unique(self.edition_card[self.edition_card > 0]))
        return self._with_editions


_BUILD_LOCK = threading.Lock()
_LOADED: weakref.WeakKeyDictionary[Any, Index] = weakref.WeakKeyDictionary()


def stamp(store: Reading) -> str | None:
    """The catalogue version of the bitmaps (None: no bitmaps here: a write's transaction,
    a store without a file, or a catalogue without the stamp)."""
    if getattr(store, "path", None) is None:
        return None
    conn = store.connection()
    return None if conn.in_transaction else search_stamp.read(conn)


def index(store: Reading) -> Index | None:
    """The bitmaps of ``store``'s catalogue as it is now: kept, read from their file, or made
    (and written); None when the store has none (:func:`stamp`).

    Raises:
        sqlite3.Error: the catalogue cannot be read.
    """
    key = stamp(store)
    if key is None:
        return None
    kept = _LOADED.get(store)
    if kept is not None and kept.key == key:
        return kept
    with _BUILD_LOCK:
        kept = _LOADED.get(store)
        if kept is not None and kept.key == key:
            return kept
        path = bitmap_files.folder(Path(store.path)) / "index.bin"  # type: ignore[attr-defined]
        parts = bitmap_files.read(path, key)
        made = _decode(key, parts) if parts is not None else None
        if made is None:
            made = _build(store, key)
            bitmap_files.write(path, key, _encode(made))
        _LOADED[store] = made
        return made


def _build(store: Reading, key: str) -> Index:
    conn = store.connection()
    cards = bitmap([r for (r,) in conn.execute("SELECT card_rowid FROM card_facts")])
    values: dict[tuple[str, str], list[int]] = defaultdict(list)
    fields = ", ".join(f"'{f}'" for f in VALUE_FIELDS)
    for field, value, rowid in conn.execute(
            f"SELECT field, value, card_rowid FROM card_values WHERE field IN ({fields})"):
        values[field, folded(str(value))].append(rowid)
    numbers: dict[str, dict[float, list[int]]] = {c: defaultdict(list) for c in NUMBER_COLUMNS}
    for row in conn.execute(f"SELECT card_rowid, {', '.join(NUMBER_COLUMNS)} FROM card_facts"):
        for column, value in zip(NUMBER_COLUMNS, row[1:], strict=True):
            if isinstance(value, int | float):
                numbers[column][value].append(row[0])
    rows = conn.execute(
        "SELECT e.rowid, c.card_rowid, e.set_prefix, e.set_id, e.rarity, e.foil, e.flip, "
        "e.dynamic, e.thema_foil, e.thema_nonfoil, e.illustrators, e.position, "
        "e.collector_number, NOT EXISTS (SELECT 1 FROM images WHERE filename = e.image_file) "
        "FROM editions e JOIN card_facts c ON c.uuid = e.card_uuid").fetchall()
    top = max((r[0] for r in rows), default=0)
    edition_card = np.zeros(top + 1, dtype=np.uint32)
    prefixes: dict[str, list[int]] = defaultdict(list)
    set_ids: dict[str, list[int]] = defaultdict(list)
    rarities: dict[float, list[int]] = defaultdict(list)
    flags: dict[str, list[int]] = {f: [] for f in FLAGS}
    themas: dict[str, list[tuple[float, int]]] = {"thema_foil": [], "thema_nonfoil": []}
    names: dict[str, list[int]] = defaultdict(list)
    shown = {k: np.zeros(top + 1, dtype=np.uint32) for k in ("position", "no_image",
                                                            "set_rank")}
    shown["position"][[r[0] for r in rows]] = [r[11] for r in rows]
    shown["no_image"][[r[0] for r in rows]] = [r[13] for r in rows]
    rank, last = 0, None
    for rowid, set_key in sorted(((r[0], (folded(str(r[2])), str(r[12]))) for r in rows),
                                 key=lambda pair: pair[1]):
        rank += set_key != last
        shown["set_rank"][rowid], last = rank, set_key
    for rowid, card, prefix, set_id, rarity, *flagged, foil, nonfoil, credits, _, _, _ in rows:
        edition_card[rowid] = card
        for column, value in (("thema_foil", foil), ("thema_nonfoil", nonfoil)):
            if isinstance(value, int | float):
                themas[column].append((value, rowid))
        for name in dict.fromkeys(str(credits or "").split("\n")):
            names[name].append(rowid)
        prefixes[str(prefix)].append(rowid)
        set_ids[str(set_id)].append(rowid)
        if isinstance(rarity, int | float):
            rarities[rarity].append(rowid)
        for flag, on in zip(FLAGS, flagged, strict=True):
            if on == 1:
                flags[flag].append(rowid)
    return Index(
        key, cards, bitmap(sorted(r[0] for r in rows)), edition_card,
        {k: bitmap(v) for k, v in values.items()},
        {c: {v: bitmap(r) for v, r in by.items()} for c, by in numbers.items()},
        {k: bitmap(v) for k, v in prefixes.items()}, {k: bitmap(v) for k, v in set_ids.items()},
        {k: bitmap(v) for k, v in rarities.items()}, {k: bitmap(v) for k, v in flags.items()},
        {}, {column: _sorted(pairs) for column, pairs in themas.items()},
        {k: bitmap(v) for k, v in names.items()}, shown)


def _sorted(pairs: list[tuple[float, int]]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    pairs.sort()
    return (np.array([v for v, _ in pairs], dtype=np.float64),
            np.array([r for _, r in pairs], dtype=np.uint32))


_GROUPS = ("values", "numbers", "prefixes", "set_ids", "rarities", "flags", "illustrators")


def _encode(made: Index) -> dict[str, bytes]:
    """The parts of an index's file: each bitmap by a JSON name of its group and key."""
    import json

    parts = {"cards": made.cards.serialize(), "editions": made.editions.serialize(),
             "edition_card": made.edition_card.astype("<u4").tobytes()}
    for name, values in made.shown.items():
        parts[f"shown.{name}"] = values.astype("<u4").tobytes()
    for column, (values, rows) in made.thema.items():
        parts[f"{column}.values"] = values.astype("<f8").tobytes()
        parts[f"{column}.rows"] = rows.astype("<u4").tobytes()
    for group in _GROUPS:
        table: dict[Any, Any] = getattr(made, group)
        for key, value in table.items():
            if group == "numbers":
                for number, cards in value.items():
                    parts[json.dumps([group, key, number])] = cards.serialize()
            else:
                parts[json.dumps([group, key])] = value.serialize()
    return parts


def _decode(key: str, parts: dict[str, bytes]) -> Index | None:
    import json

    try:
        made = Index(key, BitMap.deserialize(parts["cards"]),
                     BitMap.deserialize(parts["editions"]),
                     np.frombuffer(parts["edition_card"], dtype="<u4").astype(np.uint32),
                     {}, {c: {} for c in NUMBER_COLUMNS}, {}, {}, {}, {}, {},
                     {c: (np.frombuffer(parts[f"{c}.values"], dtype="<f8").astype(np.float64),
                          np.frombuffer(parts[f"{c}.rows"], dtype="<u4").astype(np.uint32))
                      for c in ("thema_foil", "thema_nonfoil")}, {},
                     {k: np.frombuffer(parts[f"shown.{k}"], dtype="<u4").astype(np.uint32)
                      for k in ("position", "no_image", "set_rank")})
        for name, blob in parts.items():
            if not name.startswith("[\""):
                continue
            group, *where = json.loads(name)
            if group == "numbers":
                made.numbers[where[0]][where[1]] = BitMap.deserialize(blob)
            elif group == "values":
                field, value = where[0]
                made.values[str(field), str(value)] = BitMap.deserialize(blob)
            else:
                getattr(made, group)[where[0]] = BitMap.deserialize(blob)
    except (KeyError, ValueError, TypeError):
        return None
    return made
