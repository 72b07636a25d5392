"""The official API's other catalogue endpoints (``openapi-v1.1.0.json``), over a store.

``/cards/all``, ``/cards/autocomplete?name=``, ``/cards/random?amount=&seed=``,
``/cards/edition/{edition_slug_or_uuid}``, ``/option/search?field=`` and ``/``.
"""

from __future__ import annotations

import json
import time
from typing import Any

from app import API_VERSION, __version__
from app.catalogue.shapes import card_response
from app.errors import InvalidRequest, NotFound
from app.limits import NUMBER_DIGITS, parse_int, quote
from app.store.db.connection import Store
from app.store.official import endpoints

MAX_RANDOM = 20
AUTOCOMPLETE_LIMIT = 20
SIMPLE_EDITION_KEYS = ("card_id", "collector_number", "effect", "effect_raw", "flavor",
                       "illustrator", "rarity", "slug", "uuid")
AUTOCOMPLETE_KEYS = ("classes", "name", "slug", "subtypes", "types", "uuid")


def cards_all(store: Store) -> list[dict[str, str]]:
    """``GET /cards/all``: ``{name, slug, uuid}`` of every card, by name."""
    return [{"name": n, "slug": s, "uuid": u} for n, s, u in endpoints.all_cards(store)]


def autocomplete(store: Store, name: str | None) -> list[dict[str, Any]]:
    """``GET /cards/autocomplete?name=``: up to 20 cards whose name contains ``name``
    (names starting with it first), each with simplified editions; [] for no name."""
    if not name or not name.strip():
        return []
    out = []
    for body in endpoints.autocomplete_bodies(store, name.strip(), AUTOCOMPLETE_LIMIT):
        card = json.loads(body)
        item = {k: card[k] for k in AUTOCOMPLETE_KEYS}
        item["editions"] = [{k: e.get(k) for k in SIMPLE_EDITION_KEYS}
                            for e in card["editions"]]
        out.append(dict(sorted(item.items())))
    return out


def random_cards(store: Store, amount: str | None, seed: str | None) -> list[dict[str, Any]]:
    """``GET /cards/random?amount=&seed=``: ``amount`` (1–20, default 8) distinct cards.

    ``seed`` (an Archivist extension, for tests) makes the draw repeatable.

    Raises:
        InvalidRequest: amount or seed is not a whole number in range.
    """
    count, chosen_seed = 8, None
    if amount not in (None, ""):
        found = parse_int(amount.strip(), NUMBER_DIGITS, signed=True)
        if found is None:
            raise InvalidRequest(f"amount must be a whole number (digits 0-9) from 1 to "
                                 f"{MAX_RANDOM}, not {quote(amount, 40)}")
        count = found
    if seed not in (None, ""):
        chosen_seed = parse_int(seed.strip(), NUMBER_DIGITS, signed=True)
        if chosen_seed is None:
            raise InvalidRequest(f"seed must be a whole number of at most {NUMBER_DIGITS} "
                                 f"digits 0-9, not {quote(seed, 40)}")
    if not 1 <= count <= MAX_RANDOM:
        raise InvalidRequest(f"amount must be at least 1 and at most {MAX_RANDOM}, not {count}")
    return [card_response(b) for b in endpoints.random_bodies(store, count, chosen_seed)]


def card_by_edition(store: Store, key: str) -> dict[str, Any]:
    """``GET /cards/edition/{edition_slug_or_uuid}``: the card, ``result_editions`` = that
    edition.

    Raises:
        NotFound: no edition has this slug or uuid.
    """
    found = endpoints.card_by_edition(store, key)
    if found is None:
        raise NotFound(f"Edition not found: no edition has the slug or uuid {key!r}")
    body, uuid = found
    return card_response(body, lambda e: e["uuid"] == uuid)


def option_field(options: dict[str, Any], field: str | None) -> dict[str, Any]:
    """``GET /option/search?field=``: every option, or only ``field``'s.

    Raises:
        InvalidRequest: ``field`` is not an option name (the message lists them).
    """
    if not field:
        return options
    if field not in options:
        raise InvalidRequest(f"field must be one of {', '.join(options)}; not {field[:40]!r}")
    return {field: options[field]}


def service_info(store: Store) -> dict[str, Any]:
    """``GET /``: the document's five keys, plus the mirror's version, the catalogue's date
    (newest card ``last_update``) and card count (deviation: extra keys)."""
    state = endpoints.catalogue_state(store)
    return {
        "commit_hash": f"archivist-{__version__}",
        "db": "archivist-sqlite",
        "deploy_hash": state.changed,
        "message": "Archivist: a mirror of the Grand Archive TCG API server.",
        "request_received": int(time.time()),
        "version": __version__,
        "api_version": API_VERSION,
        "catalogue_date": state.newest,
        "cards": state.cards,
    }
