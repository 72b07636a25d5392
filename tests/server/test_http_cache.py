"""HTTP caching and compression: ETag and 304 on every JSON and image
answer, Cache-Control per endpoint, gzip for JSON; unknown search parameters named."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from app.server import create_app
from tests.conftest import CARD_IMAGES

pytestmark = pytest.mark.realdata


class Client:
    """GET requests to the server application in this process, with headers."""

    def __init__(self, catalogue: Any) -> None:
        self.app = create_app(catalogue)

    def get(self, path: str, **headers: str) -> httpx.Response:
        async def run() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                return await client.get(path, headers=headers)

        return asyncio.run(run())


@pytest.fixture(scope="module")
def client(real_catalogue: Any) -> Iterator[Client]:
    yield Client(real_catalogue)


IMAGE = sorted(p.name for p in CARD_IMAGES.glob("*.jpg"))[0]


@pytest.mark.parametrize(("path", "rule"), [
    ("/cards/spirit-of-fire", "public, max-age=300"),
    ("/cards/search?element=FIRE", "public, max-age=60"),
    ("/cards/all", "public, max-age=300"),
    (f"/cards/images/{IMAGE}", "public, max-age=604800"),
    ("/", "no-cache"),
])
def test_etag_and_304_on_revalidation(client: Client, path: str, rule: str) -> None:
    first = client.get(path)
    assert first.status_code == 200
    tag = first.headers["etag"]
    assert first.headers["cache-control"] == rule
    if path == "/":
        return  # the service information holds the time of the request: no 304 expected
    again = client.get(path, **{"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == tag
    other = client.get(path, **{"If-None-Match": '"something-else"'})
    assert other.status_code == 200 and other.content == first.content


def test_image_tags_are_strong_and_json_tags_weak(client: Client) -> None:
    assert not client.get(f"/cards/images/{IMAGE}").headers["etag"].startswith("W/")
    assert client.get("/cards/spirit-of-fire").headers["etag"].startswith("W/")


def test_random_cards_are_never_cached(client: Client) -> None:
    assert client.get("/cards/random").headers["cache-control"] == "no-store"


def test_json_is_gzipped_when_accepted_and_images_never(client: Client) -> None:
    plain = client.get("/cards/search", **{"Accept-Encoding": "identity"})
    zipped = client.get("/cards/search", **{"Accept-Encoding": "gzip"})
    assert "content-encoding" not in plain.headers
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.json() == plain.json()  # httpx decodes the gzip body
    assert int(zipped.headers["content-length"]) < len(plain.content) / 4
    image = client.get(f"/cards/images/{IMAGE}", **{"Accept-Encoding": "gzip"})
    assert "content-encoding" not in image.headers
    assert image.content == (CARD_IMAGES / IMAGE).read_bytes()


def test_errors_carry_no_etag(client: Client) -> None:
    response = client.get("/cards/no-such-card")
    assert response.status_code == 404 and "etag" not in response.headers


def test_unknown_search_parameters_are_ignored_logged_and_named(
    client: Client, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="app.server"):
        response = client.get("/cards/search?elemnt=FIRE&colour=red&type=CHAMPION")
    assert response.status_code == 200
    assert response.headers["x-archivist-ignored"] == "colour, elemnt"
    assert all("CHAMPION" in c["types"] for c in response.json()["data"])
    assert any("elemnt" in r.getMessage() for r in caplog.records)
    assert "x-archivist-ignored" not in client.get("/cards/search?type=ALLY").headers


def test_a_bad_value_is_400_naming_the_parameter_and_allowed_values(client: Client) -> None:
    response = client.get("/cards/search?type=CHAMPOIN")
    assert response.status_code == 400
    message = response.json()["error"]
    assert message.startswith("type must be one of") and "CHAMPION" in message


@pytest.mark.parametrize("path", ["/omnidex/events/1/pairings", "/omnidex/events/1/teams",
                                  "/changelog/list"])
def test_non_catalogue_endpoints_say_they_are_not_mirrored(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert "not mirrored" in response.json()["error"]
