"""Card names as compared loosely (decks, the collection and the history match typed
names with them): case, spacing, apostrophes and accents do not count."""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "ʼ": "'", "`": "'", "´": "'",
                              "“": '"', "”": '"'})
_SPACES = re.compile(r"\s+")


def normalise_name(name: str) -> str:
    """A card name as compared loosely: case folded, accents dropped, curly apostrophes
    straight, runs of spaces one space, no spaces at the ends (``Apothecary’s  HARVEST``
    → ``apothecary's harvest``)."""
    if name.isascii():  # most names: nothing to fold but case and spaces
        return " ".join(name.split()).casefold()
    text = unicodedata.normalize("NFKD", name.translate(_APOSTROPHES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return _SPACES.sub(" ", text).strip().casefold()


def squash_name(name: str) -> str:
    """A card name with only its letters and digits, normalised (``Lorraine, Wandering
    Warrior`` and ``lorraine wandering warrior`` → ``lorrainewanderingwarrior``)."""
    return "".join(ch for ch in normalise_name(name) if ch.isalnum())
