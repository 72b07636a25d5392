"""Telling apart editions that share art by the card's footer ("DOA Alter • EN-155 U • …"):
its set prefix and collector number read by Tesseract, when it is installed.

Tesseract is optional: without its program (or when it fails or takes too long) nothing
is read and the editions keep the order they had, all with the same score.
"""

from __future__ import annotations

import logging
import re
import shutil
import subprocess
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from app.scan.results import Candidate

    Edition = TypeVar("Edition", bound=Candidate)

log = logging.getLogger("app.scan")

PROGRAM = "tesseract"
"""Tesseract's program, looked for on the PATH."""
FOOTER = 0.045
"""The share of the card's height the footer takes at its bottom."""
READ_SIZE = (500, 700)
"""The card's size, in pixels, when straightened for its footer (the catalogue's images'
size: their footers read whole at three times this)."""
TIMEOUT = 5.0
"""Seconds Tesseract is given for one footer."""


def available() -> bool:
    """Whether Tesseract's program is installed."""
    return shutil.which(PROGRAM) is not None


def read_footer(pixels: Any, quad: Any, turn: int) -> str | None:
    """The footer's text of the card inside ``quad`` (see :mod:`app.scan.outline`) of
    ``pixels`` (an H×W×3 or H×W array), or None when Tesseract is missing or fails."""
    program = shutil.which(PROGRAM)
    if program is None:
        return None
    import cv2
    import numpy as np

    from app.scan.outline import straighten_to

    card = straighten_to(pixels, quad, turn, READ_SIZE)
    if card.ndim == 3:
        card = cv2.cvtColor(np.ascontiguousarray(card), cv2.COLOR_RGB2GRAY)
    strip = card[round(card.shape[0] * (1 - FOOTER)):]
    strip = cv2.resize(strip, None, fx=3, fy=3, interpolation=cv2.INTER_CUBIC)
    ok, png = cv2.imencode(".png", strip)
    if not ok:
        return None
    try:
        done = subprocess.run([program, "stdin", "stdout", "--psm", "7"], input=png.tobytes(),
                              capture_output=True, timeout=TIMEOUT, check=True)
    except (OSError, subprocess.SubprocessError) as exc:
        log.info("the card's footer could not be read: %s", exc)
        return None
    return done.stdout.decode("utf-8", "replace").strip() or None


def by_footer(editions: Sequence[Edition], text: str | None) -> list[Edition]:
    """``editions`` (sharing one image) reordered by the footer ``text``: those whose
    collector number it shows first, then by the longest set prefix it shows ("DOA Alter"
    before "DOA"); in their order otherwise, and when nothing was read."""
    if not text:
        return list(editions)
    words = " ".join(re.findall(r"[A-Z0-9]+", text.upper()))

    def shown(edition: Edition) -> tuple[bool, int]:
        prefix = " ".join(re.findall(r"[A-Z0-9]+", edition.set_prefix.upper()))
        number = edition.collector_number.lstrip("0") or "0"
        has_number = re.search(rf"(?<![0-9])0*{re.escape(number)}(?![0-9])", words)
        has_prefix = bool(prefix) and re.search(rf"\b{re.escape(prefix)}\b", words)
        return not has_number, -len(prefix) if has_prefix else 0

    return sorted(editions, key=shown)
