"""HEAD works, a huge page is a 400, the Host header is checked off loopback, and ``serve``
reports a bad or busy port in one line before announcing anything."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from app.bootstrap import build
from app.server import InProcessClient, create_app
from app.server.guards import HostCheck, host_of, served_names
from app.store import CardRecord, Writer
from tests.helpers.cards import make_card
from tests.sync.servers import free_port


@pytest.fixture
def data(tmp_path: Path) -> Path:
    services = build(str(tmp_path / "data"))
    Writer(services.store).write([CardRecord(make_card())])
    services.store.close()
    return tmp_path / "data"


def _request(app: object, method: str, path: str, host: str = "archivist") -> httpx.Response:
    async def go() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)  # type: ignore[arg-type]
        async with httpx.AsyncClient(transport=transport, base_url=f"http://{host}") as c:
            return await c.request(method, path)

    return asyncio.run(go())


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          timeout=60, check=False)


def test_head_answers_like_get_without_a_body(data: Path) -> None:
    app = create_app(build(str(data)).catalogue)
    for path in ("/cards/generated-card", "/cards/search", "/option/search", "/openapi.json"):
        got, head = _request(app, "GET", path), _request(app, "HEAD", path)
        assert head.status_code == got.status_code == 200, path
        assert head.content == b""
        # the same headers as GET (a gzip-encoded GET announces its encoded length)
        assert head.headers["content-length"] == got.headers["content-length"], path
        assert head.headers.get("content-encoding") == got.headers.get("content-encoding")
    assert _request(app, "HEAD", "/cards/missing").status_code == 404


@pytest.mark.parametrize("page", ["9223372036854775807", "1" + "0" * 30, "9" * 1900])
def test_a_huge_page_is_a_400_and_get_prints_no_traceback(data: Path, page: str) -> None:
    response = InProcessClient(build(str(data)).catalogue).get(f"/cards/search?page={page}")
    assert response.status == 400
    assert "page must" in json.loads(response.body)["error"]
    result = _run("get", "--data-dir", str(data), f"/cards/search?page={page}")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "status 400" in result.stderr


def test_off_loopback_a_foreign_host_header_is_refused(data: Path) -> None:
    names = served_names("0.0.0.0", ["cards.example"])
    app = HostCheck(create_app(build(str(data)).catalogue), names)  # type: ignore[arg-type]
    evil = _request(app, "GET", "/cards/generated-card", host="rebind.attacker.example")
    assert evil.status_code == 421 and "does not serve the host" in evil.json()["error"]
    for host in ("cards.example:8765", "127.0.0.1:8765", "localhost", "[::1]:8765"):
        assert _request(app, "GET", "/cards/generated-card", host=host).status_code == 200, host
    assert host_of("[::1]:80") == "::1" and host_of("Cards.Example") == "cards.example"


@pytest.mark.parametrize("port", ["99999", "0", "-1"])
def test_a_bad_port_is_one_line(data: Path, port: str) -> None:
    result = _run("serve", "--data-dir", str(data), "--port", port)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip() == f"archivist: --port must be between 1 and 65535, not {port}"
    garbled = _run("serve", "--data-dir", str(data), "--port", "http")
    assert garbled.returncode == 2 and garbled.stderr.count("\n") == 1, garbled.stderr
    assert "--port" in garbled.stderr and "Traceback" not in garbled.stderr


def test_a_busy_port_is_one_line_before_anything_is_announced(data: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = _run("serve", "--data-dir", str(data), "--port", str(port))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "Serving" not in result.stderr
    assert result.stderr.strip().startswith(f"archivist: Cannot serve on 127.0.0.1:{port}: ")


def test_serve_on_every_address_checks_the_host_header(data: Path) -> None:
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "app", "serve", "--data-dir", str(data),
                               "--host", "0.0.0.0", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        url = f"http://127.0.0.1:{port}/cards/generated-card"
        for _ in range(200):
            try:
                ok = httpx.get(url, timeout=2)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        assert ok.status_code == 200
        evil = httpx.get(url, headers={"Host": f"rebind.attacker.example:{port}"}, timeout=2)
        assert evil.status_code == 421
    finally:
        server.terminate()
        server.wait(timeout=30)
