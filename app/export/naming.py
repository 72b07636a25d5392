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
FALLBACK_STEM = "card"

_UNSAFE = re.compile(r'[/\\:*?"<>|\x00-\x1f\x7f]')
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


def render_name(template: str, values: Mapping[str, str], extension: str) -> str:
    """The safe file name for ``values`` under ``template``, ending in ``extension``.

    Args:
        template: a template accepted by :func:`check_template`.
        values: a string for each of :data:`PLACEHOLDERS`.
        extension: e.g. ``".png"``; kept whatever the length cap cuts.

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
    return safe_filename(template.format_map(dict(values)), extension)


def safe_filename(stem: str, extension: str = "", max_chars: int = MAX_NAME_CHARS) -> str:
    """``stem + extension`` made safe as a file name on Windows, macOS and Linux.

    NFC-normalises; replaces ``/ \\ : * ? " < > |`` and control characters with ``_``;
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


def numbered(name: str, number: int) -> str:
    """``name`` with `` (number)`` before its extension: ``a.png`` → ``a (2).png``."""
    stem, dot, ext = name.rpartition(".")
    if not dot or not stem:
        return f"{name} ({number})"
    return f"{stem} ({number}).{ext}"
