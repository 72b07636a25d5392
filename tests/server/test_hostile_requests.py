"""Hostile requests: every ``/cards/search`` parameter with huge, negative, NUL and
very long values, control characters in any endpoint's parameters, and requests uvicorn
refuses itself — each a JSON 4xx, never a 500, never SQL text, the connection kept."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

from app.bootstrap import build
from app.catalogue.search_params import API_PARAMETERS
from app.server import InProcessClient
from app.store import CardRecord, Writer
from tests.contract.conftest import free_port
from tests.helpers.cards import make_card

SQL_WORDS = ("SELECT", "WHERE", "json_extract", "sqlite", "Traceback", "OverflowError")
HOSTILE = {
    "huge": "9" * 30,
    "2^63": "9223372036854775808",
    "negative": "-1",
    "NUL": "back%00zzzz",
    "newline": "a%0Ab",
    "1,900 characters": "a" * 1900,
    "10,000 characters": "a" * 10_000,
}
TEXT_OK = ("huge", "2^63", "negative", "1,900 characters")
"""What a text parameter (name, slug, effect, …) may search for: any plain text."""


def expected_status(kind: str, case: str) -> tuple[int, ...]:
    """The statuses a parameter of ``kind`` may answer ``HOSTILE[case]`` with."""
    if kind == "text" and case in TEXT_OK:
        return (200,)
    return (400,)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> InProcessClient:
    services = build(str(tmp_path_factory.mktemp("hostile")))
    Writer(services.store).write([CardRecord(make_card())])
    return InProcessClient(services.catalogue)


@pytest.mark.parametrize("case", sorted(HOSTILE))
@pytest.mark.parametrize("name", sorted(API_PARAMETERS))
def test_every_search_parameter_answers_a_hostile_value_with_json_never_500(
    client: InProcessClient, name: str, case: str,
) -> None:
    response = client.get(f"/cards/search?{name}={HOSTILE[case]}")
    assert response.media_type == "application/json"
    assert response.status in expected_status(API_PARAMETERS[name].kind, case), response.body
    body = response.body.decode("utf-8")
    assert not any(word in body for word in SQL_WORDS)
    if response.status == 400:
        assert set(response.json()) == {"error"} and "\n" not in response.json()["error"]


@pytest.mark.parametrize("path", [
    "/cards/search?name=%00",
    "/cards/search?name=back%00zzzz",
    "/cards/search?prefix=DOA&prefix=%1b[31m",
    "/cards/search?na%00me=x",
    "/cards/autocomplete?name=%00",
    "/cards/autocomplete?name=gen%C2%85",
    "/cards/random?seed=1%7f",
    "/option/search?field=%00",
    "/cards/edition/abcdefghij/dynamic-thema?kind=FOIL&from=2026-01-01%00",
    "/cards/images/x.jpg?rounded=%00",
])
def test_a_control_character_in_any_query_parameter_is_a_json_400(
    client: InProcessClient, path: str,
) -> None:
    """``name=%00`` returned every card, ``name=back%00zzzz`` cut the filter at the NUL and
    ``autocomplete?name=%00`` returned 20 names."""
    response = client.get(path)
    assert response.status == 400
    assert "holds a control character" in response.json()["error"]


@pytest.mark.parametrize(("path", "message"), [
    ("/cards/search?legality_limit=9223372036854775808",
     "legality_limit must be at least 0 and at most 1000000, not '9223372036854775808'"),
    ("/cards/search?legality_limit=100000000000000000000",
     "legality_limit must be at least 0 and at most 1000000, not '100000000000000000000'"),
    ("/cards/search?page_size=%D9%A4", "page_size must be a whole number (digits 0-9), not '٤'"),
    ("/cards/search?page=" + "9" * 1000,
     "page must be at least 1 and at most 1000000000, not '" + "9" * 39 + "…'"),
    ("/cards/random?amount=%D9%A4",
     "amount must be a whole number (digits 0-9) from 1 to 20, not '٤'"),
    ("/cards/random?seed=" + "9" * 41,
     "seed must be a whole number of at most 18 digits 0-9, not '" + "9" * 39 + "…'"),
])
def test_integer_parameters_are_range_checked_ascii_digits(
    client: InProcessClient, path: str, message: str,
) -> None:
    response = client.get(path)
    assert (response.status, response.json()) == (400, {"error": message})


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """``archivist serve`` over a one-card catalogue, in a child process: its port."""
    folder = tmp_path_factory.mktemp("served")
    Writer(build(str(folder)).store).write([CardRecord(make_card())])
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", "--data-dir", str(folder), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ})
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert proc.poll() is None and time.monotonic() < deadline, "serve did not start"
            time.sleep(0.1)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _exchange(sock: socket.socket, request: bytes) -> tuple[int, dict[str, str], bytes]:
    """Send ``request``; read one whole response (status, headers, body)."""
    sock.sendall(request)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"the server closed the connection: {data!r}"
        data += chunk
    head, body = data.split(b"\r\n\r\n", 1)
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:])
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "the server closed the connection mid-body"
        body += chunk
    return int(lines[0].split()[1]), headers, body


def _get(path: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()


def test_a_huge_integer_keeps_the_keep_alive_connection_for_the_next_request(
    served: int,
) -> None:
    """Before: 500 OverflowError, and the next request on the connection was reset."""
    with socket.create_connection(("127.0.0.1", served), timeout=30) as sock:
        status, headers, body = _exchange(
            sock, _get("/cards/search?legality_limit=9223372036854775808"))
        assert status == 400 and headers["content-type"] == "application/json"
        status, _, body = _exchange(sock, _get("/cards/search?name=generated"))
        assert status == 200 and json.loads(body)["total_cards"] == 1


@pytest.mark.parametrize("request_bytes", [
    b"GARBAGE\r\n\r\n",
    b"GET /cards/search?name=a b HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /cards/search?name=\x00 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    "GET /cards/é HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode(),
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: abc\r\n\r\n",
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
], ids=["garbage", "raw space", "raw NUL", "raw non-ASCII", "header without colon",
        "bad content-length", "two content-lengths"])
def test_requests_uvicorn_refuses_itself_are_answered_with_json(
    served: int, request_bytes: bytes,
) -> None:
    """uvicorn answered these with its plain-text 'Invalid HTTP request received.'"""
    with socket.create_connection(("127.0.0.1", served), timeout=30) as sock:
        status, headers, body = _exchange(sock, request_bytes)
    assert status == 400
    assert headers["content-type"] == "application/json"
    assert json.loads(body)["error"].startswith("Malformed HTTP request")
