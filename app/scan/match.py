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
SAME_ART = 0.04
"""The largest share of differing bits (both hashes) between two stored images taken for
the same art (editions sharing it): measured, an image saved again at JPEG quality 40
differs by under 1 %, the nearest two different images of the catalogue by 25 %."""
GROUPED = 3
"""The best rows whose editions sharing art are given the same distance."""


@dataclass(frozen=True)
class Ranked:
    """Index rows, best first, each with its share of differing bits (0–1)."""

    rows: Sequence[int]
    distances: Sequence[float]
    found_outline: bool
    footer: str | None = None
    """The best card's footer as read, when editions share its art (None: not read)."""


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
        views.append((int(coarse[short_list[0]]), card, coarse, short_list, quad, turn))
    views.sort(key=lambda view: view[0])
    best: dict[int, float] = {}
    seen_by: dict[int, tuple[Any, int]] = {}
    for _, card, coarse, short_list, quad, turn in views[:VIEWS]:  # the DCT hash costs
        fine = (coarse[short_list] + _distances(  # more: few views
            index.dct[short_list], dct_hash(card))) / (2 * bits)
        for row, distance in zip(short_list.tolist(), fine.tolist(), strict=True):
            if distance < best.get(row, 1.0):
                best[row], seen_by[row] = distance, (quad, turn)
    ordered = sorted(best, key=lambda row: (best[row], index.names[row]))
    twins = _share_art(index, ordered[:GROUPED], best)
    ordered = sorted(best, key=lambda row: (best[row], index.names[row]))
    footer = None
    if len(twins) > 1:
        from app.scan.footer import read_footer

        footer = read_footer(rgb, *seen_by[ordered[0]])
    return Ranked(ordered, [best[row] for row in ordered], found, footer)


def _share_art(index: ScanIndex, rows: Sequence[int], best: dict[int, float]) -> list[int]:
    """Give each stored image sharing art with one of ``rows`` (nearly the same hashes)
    that row's distance in ``best``, so that editions sharing art tie; the rows sharing
    the first one's art (itself included)."""
    import numpy as np

    from app.scan.hashing import HASH_BYTES

    first: list[int] = []
    for row in rows:
        apart = (_distances(index.difference, index.difference[row])
                 + _distances(index.dct, index.dct[row])) / (2 * HASH_BYTES * 8)
        for twin in np.flatnonzero(apart <= SAME_ART).tolist():
            best[twin] = min(best.get(twin, 1.0), best[row])
            if row == rows[0]:
                first.append(twin)
    return first


def score(distance: float) -> float:
    """A share of differing bits as a 0–1 score (half the bits differing, as between
    unrelated images, is 0)."""
    return max(0.0, 1.0 - 2.0 * distance)
