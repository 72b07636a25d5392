"""The HTTP face: read-only, JSON errors everywhere, OpenAPI 1.1.0, one log line a request."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import httpx
import pytest

from app.bootstrap import build
from app.catalogue import LocalCatalogue
from app.ingest import import_paths
from app.server import InProcessClient, create_app
from app.store import CardRecord, Writer
from tests.conftest import SNAPSHOT_0404
from tests.helpers.cards import make_card


@pytest.fixture
def client(tmp_path: Path) -> InProcessClient:
    services = build(str(tmp_path))
    Writer(services.store).write([CardRecord(make_card())])
    return InProcessClient(services.catalogue)


def test_other_methods_are_405_with_a_json_body(tmp_path: Path) -> None:
    app = create_app(build(str(tmp_path)).catalogue)
    transport = httpx.ASGITransport(app=app)

    async def post() -> httpx.Response:
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
            return await c.request("DELETE", "/cards/generated-card")

    import asyncio

    response = asyncio.run(post())
    assert response.status_code == 405
    assert response.json() == {
        "error": "Method DELETE is not allowed: the catalogue is read-only"
    }


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/nowhere", 404),
        ("/cards/generated-card/", 404),
        ("/cards/images/%2e%2e%2f%2e%2e%2fcatalogue.sqlite3", 404),
        ("/featured-sets/images/%2e%2e", 400),
        ("/cards/images/x.jpg?rounded=maybe", 400),
        ("/cards/" + "a" * 3000, 400),
        ("/cards/%00x", 400),
    ],
)
def test_errors_are_json_never_html(client: InProcessClient, path: str, status: int) -> None:
    response = client.get(path)
    assert response.status == status
    assert response.media_type == "application/json"
    body = response.json()
    assert list(body) == ["error"] and "Traceback" not in body["error"]


def test_openapi_describes_the_paths_and_version(client: InProcessClient) -> None:
    doc = client.get("/openapi.json").json()
    assert doc["info"]["version"] == "1.1.0"
    assert {
        "/cards/{slug}", "/cards/{set_prefix}/{collector_number}", "/cards/images/{filename}",
        "/featured-sets", "/featured-sets/images/{filename}",
        "/cards/edition/dynamic-thema-ranks", "/cards/edition/{edition_uuid}/dynamic-thema",
        "/cards/search", "/option/search",
    } <= set(doc["paths"])
    card = doc["paths"]["/cards/{slug}"]["get"]["responses"]["200"]
    assert "Card" in str(card)


def test_one_log_line_per_request(
    client: InProcessClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="app.server"):
        client.get("/cards/generated-card")
        client.get("/cards/missing")
    lines = [r.getMessage() for r in caplog.records if r.name == "app.server"]
    assert len(lines) == 2
    assert lines[0].startswith("GET /cards/generated-card 200")
    assert lines[1].startswith("GET /cards/missing 404")


@pytest.mark.realdata
@pytest.mark.allow_log(r"^rejected .*DOApSP\.json")
def test_requests_during_an_import_see_old_or_new_never_half(tmp_path: Path) -> None:
    services = build(str(tmp_path))
    Writer(services.store).write([CardRecord(make_card())])
    catalogue = LocalCatalogue.open(tmp_path)
    client = InProcessClient(catalogue)
    seen: set[int] = set()
    done = threading.Event()

    def importer() -> None:
        import_paths(build(str(tmp_path)).store, [SNAPSHOT_0404], None, None)
        done.set()

    thread = threading.Thread(target=importer)
    thread.start()
    while not done.is_set():
        seen.add(client.get("/cards/search?page_size=1").json()["total_cards"])
    thread.join()
    seen.add(client.get("/cards/search?page_size=1").json()["total_cards"])
    assert seen <= {1, 2236} and 2236 in seen


def test_a_card_changed_while_serving_is_served_changed(tmp_path: Path) -> None:
    services = build(str(tmp_path))
    Writer(services.store).write([CardRecord(make_card(effect="Old text."))])
    client = InProcessClient(services.catalogue)
    assert client.get("/cards/generated-card").json()["effect"] == "Old text."
    assert client.get("/cards/generated-card").json()["effect"] == "Old text."  # kept
    newer = make_card(effect="New text.", last_update="2026-01-01T00:00:00.000Z")
    Writer(services.store).write([CardRecord(newer)])  # another connection commits
    assert client.get("/cards/generated-card").json()["effect"] == "New text."
    Writer(services.store).write([], remove=["genCard001"])
    assert client.get("/cards/generated-card").status == 404
