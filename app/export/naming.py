"""File names of exported images: a template over a fixed set of placeholders, made safe.

A template is ``str.format``-like text whose only fields are :data:`PLACEHOLDERS`
(``{set_prefix}-{collector_number}-{rarity}-{slug}`` by default). The rendered name is then made
safe on Windows, macOS and Linux by :func:`safe_filename`.

Example::

    check_template("{name} ({set_prefix} {collector_number})")
    render_name("{set_prefix}-{collector_number}-{rarity}-{slug}",
                {"set_prefix": "DOA 1st", "collector_number": "001", "rarity": "C", ...},
                ".png")
    # 'DOA 1st-001-C-tristan-underhanded.png'
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Mapping
from pathlib import Path

from app.errors import InvalidRequest

PLACEHOLDERS: tuple[str, ...] = (
    "set_prefix", "collector_number", "slug", "name", "rarity", "uuid",
)
"""The fields a name template may use."""

DEFAULT_TEMPLATE = "{set_prefix}-{collector_number}-{rarity}-{slug}"
"""Set, number and rarity: editions that share a set and number (DOA 1st 005 C and CUR)
get distinct names, not a "(2)"."""
MAX_NAME_CHARS = 150
"""Longest file name written, extension included (characters)."""
MAX_NAME_BYTES = 240
"""Longest file name in UTF-8 bytes (Linux and macOS allow 255 per name)."""
MAX_PATH_CHARS = 259
"""Longest whole path Windows opens without long-path support (``MAX_PATH`` is 260 with
the terminating NUL): folder, separator and name together."""
MIN_NAME_CHARS = 40
"""Room a name keeps however long its folder's path (a folder that long cannot be made on
Windows anyway; Linux and macOS take it)."""
FALLBACK_STEM = "card"

_UNSAFE = re.compile(r'[/\\:*?"<>|\x00-\x1f\x7f\ud800-\udfff]')
_RESERVED = {"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"} | {
    f"{kind}{digit}" for kind in ("COM", "LPT") for digit in "123456789¹²³"
}
"""Device names Windows reserves, with or without an extension (``NUL.txt`` too)."""


def check_template(template: str) -> str:
    """Return ``template`` when it is a valid name template.

    Raises:
        InvalidRequest: empty, unbalanced braces, a field not in :data:`PLACEHOLDERS`,
            or a conversion, format spec, index or attribute on a field.
    """
    if not template.strip():
        raise InvalidRequest("The file name template is empty; e.g. " + DEFAULT_TEMPLATE)
    try:
        parts = list(string.Formatter().parse(template))
    except ValueError as exc:
        raise InvalidRequest(f"The file name template {template!r} is malformed: {exc}; "
                             "write a literal brace as {{ or }}") from None
    known = ", ".join("{" + p + "}" for p in PLACEHOLDERS)
    for _literal, field, spec, conversion in parts:
        if field is None:
            continue
        if field not in PLACEHOLDERS:
            what = f"{{{field}}}" if field else "{}"
            raise InvalidRequest(f"Unknown placeholder {what} in the file name template; "
                                 f"use {known}")
        if spec or conversion:
            raise InvalidRequest(f"The placeholder {{{field}}} takes no conversion or format "
                                 f"spec in the file name template; use {known}")
    return template


def render_name(template: str, values: Mapping[str, str], extension: str,
                max_chars: int = MAX_NAME_CHARS) -> str:
    """The safe file name for ``values`` under ``template``, ending in ``extension``.

    Args:
        template: a template accepted by :func:`check_template`.
        values: a string for each of :data:`PLACEHOLDERS`.
        extension: e.g. ``".png"``; kept whatever the length cap cuts.
        max_chars: the longest name wanted (e.g. :func:`name_room` of the folder).

    A placeholder whose value is "" takes one ``-`` or ``_`` next to it away with it
    (``DOA 1st-001-spirit.jpg`` when the rarity is unknown, not ``DOA 1st-001--spirit``).

    Raises:
        InvalidRequest: the template is invalid.
    """
    check_template(template)
    for field in PLACEHOLDERS:
        if not values.get(field, "x"):
            empty = "{" + field + "}"
            template = re.sub(rf"[-_]{re.escape(empty)}|{re.escape(empty)}[-_]?", "", template,
                              count=1) if f"{{{{{field}}}}}" not in template else template
    return safe_filename(template.format_map(dict(values)), extension, max_chars)


def safe_filename(stem: str, extension: str = "", max_chars: int = MAX_NAME_CHARS) -> str:
    """``stem + extension`` made safe as a file name on Windows, macOS and Linux.

    NFC-normalises; replaces ``/ \\ : * ? " < > |``, control characters and lone surrogates
    (which no file system can store) with ``_``;
    strips leading and trailing dots and spaces; prefixes a Windows device name (``CON``,
    ``NUL.txt``, ``COM1`` …) with ``_``; cuts the stem so that the whole name has at most
    ``max_chars`` characters and :data:`MAX_NAME_BYTES` UTF-8 bytes, keeping ``extension``.
    A stem left empty becomes :data:`FALLBACK_STEM`.
    """
    extension = _UNSAFE.sub("_", unicodedata.normalize("NFC", extension))
    stem = _UNSAFE.sub("_", unicodedata.normalize("NFC", stem)).strip(". ")
    room_chars = max(1, max_chars - len(extension))
    room_bytes = max(1, MAX_NAME_BYTES - len(extension.encode("utf-8")))
    stem = stem[:room_chars]
    while len(stem.encode("utf-8")) > room_bytes:
        stem = stem[:-1]
    stem = stem.strip(". ") or FALLBACK_STEM
    if stem.split(".")[0].strip(" ").upper() in _RESERVED:
        stem = "_" + stem
    return stem + extension


def numbered(name: str, number: int, max_chars: int = MAX_NAME_CHARS) -> str:
    """``name`` with `` (number)`` before its extension: ``a.png`` → ``a (2).png``; the
    stem is cut (never the number or the extension) to keep within ``max_chars``."""
    stem, dot, ext = name.rpartition(".")
    if not dot or not stem:
        stem, ext = name, ""
    suffix = f" ({number})" + (f".{ext}" if ext else "")
    return safe_filename(stem[:max(1, max_chars - len(suffix))].rstrip(". "), suffix, max_chars)


def name_key(name: str) -> str:
    """What two names in one folder are compared by on Windows and macOS: their NFC form
    without case (``Card.PNG`` and ``card.png`` are one file there)."""
    return unicodedata.normalize("NFC", name).casefold()


def name_room(folder: Path | None) -> int:
    """The longest name (characters) that keeps ``folder/name`` within
    :data:`MAX_PATH_CHARS`, at most :data:`MAX_NAME_CHARS` and at least
    :data:`MIN_NAME_CHARS`; :data:`MAX_NAME_CHARS` for no folder (a ZIP)."""
    if folder is None:
        return MAX_NAME_CHARS
    used = len(str(folder.absolute()).rstrip("/\\")) + 1
    return max(MIN_NAME_CHARS, min(MAX_NAME_CHARS, MAX_PATH_CHARS - used))
