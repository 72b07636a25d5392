"""A GENERATED catalogue many times the real one, for scaling benchmarks.

Every real card is cloned ``times - 1`` times with new uuids and slugs (its editions too:
new uuids, slugs, ``card_id`` and circulation ``edition_id``); names, text, stats, sets and
image file names stay those of the real card, so queries keep their real selectivity, only
``times`` as many cards answer. Clones are generated data: their slugs end in
``-generated-<n>`` and their uuids are derived from the real ones by hashing.
"""

from __future__ import annotations

import copy
import hashlib
import json
import string
from collections.abc import Iterator
from typing import Any

from app.store import CardRecord, Store, Writer

_ALPHABET = string.digits + string.ascii_letters


def generated_uuid(real_uuid: str, n: int) -> str:
    """A 10-character alphanumeric uuid for clone ``n`` of ``real_uuid`` (deterministic)."""
    number = int.from_bytes(hashlib.blake2b(f"{real_uuid}/{n}".encode(), digest_size=8).digest())
    out = []
    for _ in range(10):
        number, digit = divmod(number, len(_ALPHABET))
        out.append(_ALPHABET[digit])
    return "".join(out)


def generated_clone(card: dict[str, Any], n: int) -> dict[str, Any]:
    """Clone ``n`` (1, 2, …) of a Card object: new uuids and slugs, everything else equal."""
    clone = copy.deepcopy(card)
    clone["uuid"] = generated_uuid(card["uuid"], n)
    clone["slug"] = f"{card['slug']}-generated-{n}"
    for edition in clone["editions"]:
        edition["uuid"] = generated_uuid(edition["uuid"], n)
        edition["card_id"] = clone["uuid"]
        edition["slug"] = f"{edition['slug']}-generated-{n}"
        for printing in edition["circulationTemplates"] + edition["circulations"]:
            printing["edition_id"] = edition["uuid"]
    clone["result_editions"] = []
    return clone


def generate_catalogue(real: Store, target: Store, times: int = 50) -> int:
    """Write into ``target`` the real cards of ``real`` and ``times - 1`` clones of each.

    The image entries of ``real`` are copied too, so clones "have" the same stored images.

    Returns:
        The number of cards written (``times`` × the real count).
    """
    conn = real.connection()
    bodies = [json.loads(body) for (body,) in conn.execute("SELECT body FROM cards ORDER BY uuid")]
    images = [(str(f), int(b)) for f, b in conn.execute("SELECT filename, bytes FROM images")]

    def records() -> Iterator[CardRecord]:
        for card in bodies:
            yield CardRecord(card)
        for n in range(1, times):
            for card in bodies:
                yield CardRecord(generated_clone(card, n))

    report = Writer(target).write(records(), images)
    return report.new + report.changed + report.unchanged
