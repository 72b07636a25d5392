"""A sync parses, validates and encodes each staged card once, and the
catalogue stores the card's JSON as the upstream sent it (key order, timestamp strings).

Counted over real syncs from the fault-injecting server on loopback: every ``json.loads``
and ``pydantic_core.from_json`` result (a response body is decoded by the latter,
:func:`app.model.hostile.decode`) is searched for Card objects, every ``Card.model_validate``
call and every check of the sync's fast validator (:mod:`app.model.checker`) is counted, and
every encoding of a card's stored form (staging file and writer share ``encode_body``)."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pydantic_core
import pytest

import app.model.checker
import app.store.write.writer
import app.sync.staging
from app.errors import UpstreamError
from app.model import Card
from app.sync.engine import STAGING_FILE
from tests.sync.servers import ServerProcess
from tests.sync.test_faults import PAGE, sync

CARD_KEYS = {"uuid", "slug", "editions"}


def card_uuids(value: Any) -> Iterator[str]:
    """uuids of the Card objects in a decoded value: a card, an array, a search page."""
    if isinstance(value, list):
        for item in value:
            yield from card_uuids(item)
    elif isinstance(value, dict):
        if value.keys() >= CARD_KEYS:
            yield str(value["uuid"])
        elif isinstance(value.get("data"), list):
            yield from card_uuids(value["data"])


class Counts:
    """Per card uuid: JSON parses, model validations and stored-form encodings."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.parsed: Counter[str] = Counter()
        self.validated: Counter[str] = Counter()
        self.encoded: Counter[str] = Counter()
        loads, validate = json.loads, Card.model_validate
        from_json, checker = pydantic_core.from_json, app.model.checker._CARD
        encode = app.store.write.writer.encode_body

        def counting_loads(*args: Any, **kwargs: Any) -> Any:
            value = loads(*args, **kwargs)
            self.parsed.update(card_uuids(value))
            return value

        def counting_from_json(*args: Any, **kwargs: Any) -> Any:
            value = from_json(*args, **kwargs)
            self.parsed.update(card_uuids(value))
            return value

        class CountingChecker:
            def validate_python(_, raw: Any, *args: Any, **kwargs: Any) -> Any:
                self.validated.update(card_uuids(raw))
                return checker.validate_python(raw, *args, **kwargs)

        def counting_validate(raw: Any, *args: Any, **kwargs: Any) -> Card:
            self.validated.update(card_uuids(raw))
            return validate(raw, *args, **kwargs)

        def counting_encode(card: dict[str, Any]) -> str:
            self.encoded[str(card["uuid"])] += 1
            return encode(card)

        monkeypatch.setattr(json, "loads", counting_loads)
        monkeypatch.setattr(pydantic_core, "from_json", counting_from_json)
        monkeypatch.setattr(app.model.checker, "_CARD", CountingChecker())
        monkeypatch.setattr(Card, "model_validate", counting_validate)
        monkeypatch.setattr(app.store.write.writer, "encode_body", counting_encode)
        monkeypatch.setattr(app.sync.staging, "encode_body", counting_encode)


def stored_bodies(mine: Path) -> dict[str, str]:
    with sqlite3.connect(mine / "catalogue.sqlite3") as conn:
        return dict(conn.execute("SELECT uuid, body FROM cards").fetchall())


def test_a_sync_parses_validates_and_encodes_each_card_once(
    tmp_path: Path, healthy: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    with monkeypatch.context() as patch:
        counts = Counts(patch)
        report = sync(tmp_path / "mine", healthy.url, images="none")
    assert report.write.new == 120 and len(counts.parsed) == 120
    # once each, plus the one card of the probe's one-card page (not staged from there)
    assert counts.parsed - Counter(set(counts.parsed)) == Counter({"genc000001": 1})
    assert len(counts.validated) == 120 and set(counts.validated.values()) == {1}
    assert counts.encoded == counts.validated


def test_a_resumed_sync_decodes_each_staged_card_once(
    tmp_path: Path, server: ServerProcess, monkeypatch: pytest.MonkeyPatch
) -> None:
    mine = tmp_path / "mine"
    server.control([{"match": PAGE.format(3), "kind": "status", "status": 500, "times": -1}])
    with pytest.raises(UpstreamError):
        sync(mine, server.url, images="none")
    assert (mine / STAGING_FILE).exists()
    server.control()
    with monkeypatch.context() as patch:
        counts = Counts(patch)
        report = sync(mine, server.url, images="none")
    assert report.resumed and report.write.new == 120
    # staged before: decoded once from the staging file; the rest: parsed once from HTTP
    # (plus the probe's one-card page)
    assert len(counts.parsed) == 120
    assert counts.parsed - Counter(set(counts.parsed)) == Counter({"genc000001": 1})
    fetched = set(counts.validated)
    assert 0 < len(fetched) < 120 and set(counts.validated.values()) == {1}
    assert set(counts.encoded) == fetched and set(counts.encoded.values()) == {1}


def test_the_catalogue_stores_each_card_as_the_upstream_sent_it(
    tmp_path: Path, healthy: ServerProcess
) -> None:
    sync(tmp_path / "mine", healthy.url, images="none")
    bodies = stored_bodies(tmp_path / "mine")
    page = httpx.get(f"{healthy.url}/cards/search", params={"page": 1, "page_size": 50},
                     timeout=10).json()
    for sent in page["data"]:
        stored = json.loads(bodies[sent["uuid"]])
        assert list(stored) == list(sent)  # key order kept
        assert stored["last_update"] == sent["last_update"]  # timestamp strings as sent
        assert stored == {**sent, "result_editions": []}
