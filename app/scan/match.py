"""Recognising the card in a photo against the index: the outline straightened each way
it may be turned, a short list by difference hash over the whole index, re-ranked by
difference and DCT hash together."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.scan.index import ScanIndex

SHORT_LIST = 24
"""Images re-ranked by both hashes."""
VIEWS = 3
"""The ways of straightening (outline and turn) nearest by difference hash that are
re-ranked by both hashes."""
MATCH_DISTANCE = 0.33
"""The largest share of differing bits (both hashes) a match may have."""
LOOSE_DISTANCE = 0.37
"""Above this share nothing in the photo is taken for a catalogue card."""
MARGIN = 0.06
"""How far (share of bits) the best card must be ahead of the next card to be matched."""


@dataclass(frozen=True)
class Ranked:
    """Index rows, best first, each with its share of differing bits (0–1)."""

    rows: Sequence[int]
    distances: Sequence[float]
    found_outline: bool


def _popcount_table() -> Any:
    import numpy as np

    return np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1).sum(1)


def _distances(packed: Any, one: Any) -> Any:
    import numpy as np

    return _popcount_table()[np.bitwise_xor(packed, one)].sum(axis=1)


def rank(rgb: Any, index: ScanIndex) -> Ranked:
    """The index's images nearest the card in ``rgb`` (an H×W×3 array); the whole photo
    is tried as the card when no outline is found and it has a card's proportions."""
    import cv2
    import numpy as np
    from PIL import Image

    from app.scan.hashing import HASH_BYTES, dct_hash, difference_hash
    from app.scan.outline import ASPECT_TOLERANCE, CARD_ASPECT, find_cards, straighten, turns

    quads = find_cards(rgb)
    found = bool(quads)
    if not quads:
        height, width = rgb.shape[:2]
        short, long = sorted((width, height))
        if not index.names or abs(short / long - CARD_ASPECT) > ASPECT_TOLERANCE / 2:
            return Ranked([], [], False)
        quads = [np.array([[0, 0], [width - 1, 0], [width - 1, height - 1],
                           [0, height - 1]], np.float32)]
    if not index.names:
        return Ranked([], [], found)
    bits = HASH_BYTES * 8
    gray = cv2.cvtColor(rgb, cv2.COLOR_RGB2GRAY)  # what both hashes look at
    views = []  # each way of straightening: by difference hash against the whole index
    for quad, turn in ((q, turn) for q in quads for turn in turns(q)):
        card = Image.fromarray(np.ascontiguousarray(straighten(gray, quad, turn)))
        coarse = _distances(index.difference, difference_hash(card))
        short_list = np.argsort(coarse, kind="stable")[:SHORT_LIST]
        views.append((int(coarse[short_list[0]]), card, coarse, short_list))
    views.sort(key=lambda view: view[0])
    best: dict[int, float] = {}
    for _, card, coarse, short_list in views[:VIEWS]:  # the DCT hash costs more: few views
        fine = (coarse[short_list] + _distances(index.dct[short_list], dct_hash(card))) / (
            2 * bits)
        for row, distance in zip(short_list.tolist(), fine.tolist(), strict=True):
            best[row] = min(distance, best.get(row, 1.0))
    ordered = sorted(best, key=lambda row: (best[row], index.names[row]))
    return Ranked(ordered, [best[row] for row in ordered], found)


def score(distance: float) -> float:
    """A share of differing bits as a 0–1 score (half the bits differing, as between
    unrelated images, is 0)."""
    return max(0.0, 1.0 - 2.0 * distance)
