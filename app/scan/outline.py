"""Finding a card's outline in a photo and straightening it (OpenCV).

The outline is the largest convex quadrilateral among the photo's contours whose sides
are in a card's proportions (63 × 88 mm: :data:`CARD_ASPECT`); the card inside it is
warped to :data:`CARD_SIZE`, once per way it may be turned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

CARD_ASPECT = 63 / 88
"""A card's width over its height (≈ 0.716)."""
ASPECT_TOLERANCE = 0.16
"""How far a found quadrilateral's short side over long side may be from
:data:`CARD_ASPECT` (a tilted photo shortens one side)."""
MIN_AREA = 0.04
"""The smallest share of the photo a card may cover."""
CARD_SIZE = (250, 350)
"""The straightened card's width and height in pixels."""
MOST_OUTLINES = 4
"""The most card-like outlines of one photo tried against the index."""
FIND_SIDE = 1280
"""The longest side, in pixels, outlines are looked for at (the card is then straightened
from the photo at full size). Measured: looking at 640 or 900 pixels loses one card in ten
on busy backgrounds (the edges found move with the scale), so photos are looked at as read."""

EDGED = 0.6
"""The least share of each side of an outline that must run along an edge for it to be
tried before outlines that are larger but not edged all round (measured on generated
photos: a card's own border is edged on 80–100 % of each side, a shape taking in some of
a playmat on under 45 % of one side)."""

SQUARE = 1.15
"""Below this long-over-short ratio of its sides an outline is tried at all four turns."""

Quad = Any  # a (4, 2) float32 array of corners, clockwise from the top left


def find_cards(rgb: np.ndarray, most: int = MOST_OUTLINES) -> list[Quad]:
    """The corners of up to ``most`` card-like outlines in ``rgb`` (an H×W×3 array),
    largest first; empty when nothing card-like is found.

    Several are kept because on a busy background (a playmat) the largest card-like
    shape may take in some of the background: the matcher keeps whichever matches best.
    """
    import cv2
    import numpy as np

    scale = min(1.0, FIND_SIDE / max(rgb.shape[:2]))
    small = cv2.resize(rgb, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) \
        if scale < 1 else rgb
    blurred = cv2.GaussianBlur(small, (5, 5), 0)
    gray = cv2.cvtColor(blurred, cv2.COLOR_RGB2GRAY)
    area = gray.shape[0] * gray.shape[1]
    found: list[tuple[bool, float, Any]] = []
    # edges of the brightness, then of each colour: a black border on a dark red mat
    # differs in colour more than in brightness
    colour = np.max([cv2.Canny(blurred[:, :, c], 40, 120) for c in range(3)], axis=0)
    # (a second pass of the brightness with higher thresholds found nothing more once
    # outlines edged all round are tried first: measured on 900 generated photos)
    maps = [cv2.dilate(edges, np.ones((3, 3), np.uint8))
            for edges in (cv2.Canny(gray, 30, 90), colour)]
    every_edge = cv2.dilate(np.max(maps, axis=0), np.ones((3, 3), np.uint8))
    for edges in maps:
        contours, _ = cv2.findContours(edges, cv2.RETR_LIST, cv2.CHAIN_APPROX_SIMPLE)
        for contour in sorted(contours, key=cv2.contourArea, reverse=True)[:12]:
            for quad in (_quadrilateral(contour), _rectangle(contour)):
                size = 0.0 if quad is None else float(cv2.contourArea(quad))
                if quad is not None and size >= MIN_AREA * area and _card_like(quad):
                    corners = _clockwise(quad.reshape(4, 2).astype(np.float32))
                    if not any(_same(corners, seen) for _, _, seen in found):
                        found.append((_edged(every_edge, corners), size, corners))
    # outlines edged all round first: a contour that runs from the card's border into the
    # background's edges makes a larger card-like shape with a side across no edge
    found.sort(key=lambda found: (not found[0], -found[1]))
    return [(corners / scale).astype(np.float32) for _, _, corners in found[:most]]


def _edged(edges: Any, corners: Any) -> bool:
    """Whether each side of the outline ``corners`` runs along edges in ``edges`` for at
    least :data:`EDGED` of its length."""
    import numpy as np

    height, width = edges.shape
    along = np.linspace(0.05, 0.95, 40)[:, None]
    for start, end in zip(corners, np.roll(corners, -1, axis=0), strict=True):
        points = (start + (end - start) * along).round().astype(int)
        inside = ((points[:, 0] >= 0) & (points[:, 0] < width) & (points[:, 1] >= 0)
                  & (points[:, 1] < height))
        on_edge = edges[points[inside, 1], points[inside, 0]] > 0
        if on_edge.sum() < EDGED * len(points):
            return False
    return True


def _same(one: Any, other: Any) -> bool:
    """Two outlines whose corners are all within a few pixels of each other."""
    import numpy as np

    return bool(np.abs(one - other).max() < 6)


def _quadrilateral(contour: Any) -> Any | None:
    import cv2

    hull = cv2.convexHull(contour)
    perimeter = cv2.arcLength(hull, True)
    for share in (0.02, 0.03, 0.05):
        approx = cv2.approxPolyDP(hull, share * perimeter, True)
        if len(approx) == 4 and cv2.isContourConvex(approx):
            return approx
    return None


def _rectangle(contour: Any) -> Any:
    """The smallest turned rectangle around ``contour`` (a card seen from above whose
    outline is broken into more than four sides)."""
    import cv2
    import numpy as np

    return cv2.boxPoints(cv2.minAreaRect(contour)).astype(np.float32).reshape(4, 1, 2)


def _card_like(quad: Any) -> bool:
    import numpy as np

    points = quad.reshape(4, 2).astype(float)
    sides = [float(np.linalg.norm(points[i] - points[(i + 1) % 4])) for i in range(4)]
    one, other = (sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2
    if min(one, other) <= 0:
        return False
    return abs(min(one, other) / max(one, other) - CARD_ASPECT) <= ASPECT_TOLERANCE


def _clockwise(points: Any) -> Any:
    """The corners from the top left (smallest x + y), clockwise on screen."""
    import numpy as np

    centre = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - centre[1], points[:, 0] - centre[0])
    ordered = points[np.argsort(angles)]
    start = int(np.argmin(ordered.sum(axis=1)))
    return np.roll(ordered, -start, axis=0)


def turns(quad: Quad) -> tuple[int, ...]:
    """The quarter turns (see :func:`straighten`) a card inside ``quad`` may lie at: its
    short sides are its top and bottom, so two of the four unless the outline is nearly
    square (a steep tilt)."""
    import numpy as np

    sides = [float(np.linalg.norm(quad[i] - quad[(i + 1) % 4])) for i in range(4)]
    across, down = sides[0] + sides[2], sides[1] + sides[3]
    if max(across, down) < SQUARE * min(across, down):
        return 0, 1, 2, 3
    return (0, 2) if across < down else (1, 3)


def straighten(pixels: np.ndarray, quad: Quad, turn: int) -> np.ndarray:
    """The card inside ``quad`` warped upright to :data:`CARD_SIZE`, its corners taken
    ``turn`` quarter turns on (0–3: each way the card may lie in the photo).

    ``pixels`` is an H×W×3 or H×W array; the card is of the same kind.
    """
    return straighten_to(pixels, quad, turn, CARD_SIZE)


def straighten_to(pixels: np.ndarray, quad: Quad, turn: int,
                  size: tuple[int, int]) -> np.ndarray:
    """As :func:`straighten`, to ``size`` (width, height) pixels."""
    import cv2
    import numpy as np

    width, height = size
    target = np.array([[0, 0], [width - 1, 0], [width - 1, height - 1], [0, height - 1]],
                      np.float32)
    matrix = cv2.getPerspectiveTransform(np.roll(quad, -(turn % 2), axis=0), target)
    card = cv2.warpPerspective(pixels, matrix, (width, height))
    return card[::-1, ::-1] if turn >= 2 else card  # half a turn: the same warp, reversed
