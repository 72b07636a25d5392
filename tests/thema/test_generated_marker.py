"""GENERATED Thema history is marked wherever it goes: the catalogue
knows, the server says so in a header, and real history replaces it."""

from __future__ import annotations

import asyncio
from datetime import date
from pathlib import Path

import httpx

from app.bootstrap import Application
from app.ingest.thema import import_generated_history
from app.model.thema import GENERATED_HEADER, GENERATED_VALUE
from app.server import create_app
from app.store.history.thema import ThemaReader, write_thema
from tests.search.generated import generated_catalogue

DYNAMIC = "genEd00102"  # the generated catalogue's one dynamic edition (foil)
END = date(2026, 4, 4)


def thema_headers(services: Application) -> httpx.Headers:
    transport = httpx.ASGITransport(app=create_app(services.catalogue))

    async def get() -> httpx.Response:
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            return await client.get(f"/cards/edition/{DYNAMIC}/dynamic-thema",
                                    params={"kind": "FOIL", "from": "2026-04-01",
                                            "to": "2026-04-04"})

    response = asyncio.run(get())
    assert response.status_code == 200
    return response.headers


def test_generated_history_is_marked_and_real_history_replaces_it(tmp_path: Path) -> None:
    services = generated_catalogue(tmp_path)
    assert not services.catalogue.thema_generated()
    assert GENERATED_HEADER not in thema_headers(services)

    assert import_generated_history(services.store, end=END, days=30) > 0
    assert services.catalogue.thema_generated()
    assert thema_headers(services)[GENERATED_HEADER] == GENERATED_VALUE

    real = {"uuid": "realEntry1", "kind": "FOIL", "thema_total": 10, "thema_charm": 2,
            "thema_ferocity": 2, "thema_grace": 2, "thema_mystique": 2, "thema_valor": 2,
            "created_at": "2026-04-05T00:00:00+00:00", "rank": 1, "rank_change": 0,
            "change": 0.0, "edition_uuid": DYNAMIC}
    write_thema(services.store, [real])
    assert not services.catalogue.thema_generated()
    assert GENERATED_HEADER not in thema_headers(services)
    rows = ThemaReader(services.store).history(DYNAMIC, "FOIL", date(2026, 1, 1),
                                               date(2026, 12, 31))
    assert [row.uuid for row in rows] == ["realEntry1"]  # no generated day is left


def test_the_last_generated_day_is_the_stored_score(tmp_path: Path) -> None:
    services = generated_catalogue(tmp_path)
    import_generated_history(services.store, end=END, days=30)
    card = services.catalogue.card("fire-spirit")
    stored = next(e for e in card["editions"] if e["uuid"] == DYNAMIC)
    last = services.catalogue.dynamic_thema_history(DYNAMIC, "FOIL", "2026-04-04", "2026-04-04")
    scores = [stored[f"thema_{x}_foil"] for x in ("charm", "ferocity", "grace", "mystique",
                                                   "valor")]
    assert [last[0][f"thema_{x}"] for x in ("charm", "ferocity", "grace", "mystique",
                                             "valor")] == [
        s if isinstance(s, int) else last[0][f"thema_{x}"]
        for s, x in zip(scores, ("charm", "ferocity", "grace", "mystique", "valor"),
                        strict=True)]
