"""A fault-injecting catalogue (and events) server for the sync tests (loopback only;
faults generated).

It serves a data folder through the project's own application (:func:`app.server.create_app`)
and breaks chosen requests on a schedule. Run it as a child process::

    python -m tests.sync.faulty_server --data-dir DIR --port PORT

and steer it over HTTP: ``PUT /__control`` with ``{"faults": [...], "seven_only": bool}``
replaces the schedule and clears the request log; ``GET /__log`` returns the requests seen
since (``[{"path", "query", "user_agent", "status"}]``); ``GET /__ready`` answers 200.

A fault is ``{"match": REGEX, "kind": KIND, "after": N, "times": N, ...}``: it applies to
``times`` requests (-1: all) whose ``path?query`` matches, after letting ``after`` of them
through. Kinds:

- ``status``: answer ``status`` (e.g. 500, 503, 429) with an optional ``retry_after`` header;
- ``drop``: start the real response, send half of its body, then close the connection;
- ``truncate``: answer 200 with the first half of the real JSON body (consistent length);
- ``invalid``: the real JSON with the ``name`` of one card record (``record``) removed;
- ``stall``: wait ``seconds`` before answering normally (past the client's timeout);
- ``kill``: the server process exits at once (``os._exit``), as if killed;
- ``empty``: answer 204 with no body.
- ``hostile``: the real JSON with the ``field`` of one card record (``record``) replaced by
  the JSON text ``raw`` as is (``NaN``, ``1e400``, ``"\\ud800"``, deep nesting);
- ``short``: answer 200 with the first ``keep`` bytes (default: half) of the real body and
  no ``Content-Length`` (a cut image).

With ``seven_only`` the server offers only the seven documented endpoints: ``/cards/search``
and ``/option/search`` answer 404.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
NOT_OFFERED = ("/cards/search", "/option/search")


class FaultyApp:
    """ASGI middleware: the schedule of faults around ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.faults: list[dict[str, Any]] = []
        self.seven_only = False
        self.log: list[dict[str, Any]] = []

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path, query = scope["path"], scope["query_string"].decode("latin-1")
        if path.startswith("/__"):
            await self._control(path, scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        entry = {"path": path, "query": query, "user_agent": headers.get("user-agent", ""),
                 "status": 200}
        self.log.append(entry)
        if self.seven_only and path in NOT_OFFERED:
            entry["status"] = 404
            await _send(send, 404, json.dumps({"error": "No such endpoint"}).encode())
            return
        fault = self._due(f"{path}?{query}")
        if fault is None:
            await self.app(scope, receive, send)
            return
        entry["status"] = f"fault:{fault['kind']}"
        await self._inject(fault, scope, receive, send)

    def _due(self, target: str) -> dict[str, Any] | None:
        for fault in self.faults:
            if not re.search(fault["match"], target):
                continue
            if fault.get("after", 0) > 0:
                fault["after"] -= 1
                continue
            if fault.get("times", 1) == 0:
                continue
            if fault.get("times", 1) > 0:
                fault["times"] = fault.get("times", 1) - 1
            return fault
        return None

    async def _inject(self, fault: dict[str, Any], scope: Scope, receive: Receive,
                      send: Send) -> None:
        kind = fault["kind"]
        if kind == "kill":
            os._exit(3)
        if kind == "status":
            extra = [(b"retry-after", str(fault["retry_after"]).encode())] \
                if "retry_after" in fault else []
            body = json.dumps({"error": f"generated fault {fault['status']}"}).encode()
            await _send(send, int(fault["status"]), body, extra)
            return
        if kind == "empty":
            await send({"type": "http.response.start", "status": 204, "headers": []})
            await send({"type": "http.response.body", "body": b""})
            return
        if kind == "stall":
            await asyncio.sleep(float(fault["seconds"]))
            await self.app(scope, receive, send)
            return
        status, body = await _capture(self.app, scope, receive)
        if kind == "drop":
            await send({"type": "http.response.start", "status": status, "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body[: len(body) // 2],
                        "more_body": True})
            raise ConnectionAbortedError("generated fault: connection dropped")
        if kind == "truncate":
            await _send(send, 200, body[: len(body) // 2])
            return
        if kind == "invalid":
            value = json.loads(body)
            records = value["data"] if isinstance(value, dict) and "data" in value else [value]
            records[int(fault.get("record", 0))].pop("name", None)
            await _send(send, status, json.dumps(value, ensure_ascii=False).encode())
            return
        if kind == "hostile":
            value = json.loads(body)
            records = value["data"] if isinstance(value, dict) and "data" in value else [value]
            records[int(fault.get("record", 0))][fault["field"]] = "__HOSTILE__"
            text = json.dumps(value, ensure_ascii=False).replace('"__HOSTILE__"', fault["raw"])
            await _send(send, status, text.encode())
            return
        if kind == "short":
            keep = int(fault.get("keep", len(body) // 2))
            await send({"type": "http.response.start", "status": 200,
                        "headers": [(b"content-type", b"image/jpeg")]})
            await send({"type": "http.response.body", "body": body[:keep]})
            return
        raise ValueError(f"unknown fault kind {kind!r}")

    async def _control(self, path: str, scope: Scope, receive: Receive, send: Send) -> None:
        if path == "/__control" and scope["method"] == "PUT":
            body = b""
            while True:
                message = await receive()
                body += message.get("body", b"")
                if not message.get("more_body"):
                    break
            settings = json.loads(body or b"{}")
            self.faults = list(settings.get("faults", []))
            self.seven_only = bool(settings.get("seven_only", False))
            self.log = []
            await _send(send, 200, b"{}")
        elif path == "/__log":
            await _send(send, 200, json.dumps(self.log).encode())
        else:
            await _send(send, 200, b"{}")


async def _send(send: Send, status: int, body: bytes,
                extra: list[tuple[bytes, bytes]] | None = None) -> None:
    headers = [(b"content-type", b"application/json"),
               (b"content-length", str(len(body)).encode()), *(extra or [])]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _capture(app: ASGIApp, scope: Scope, receive: Receive) -> tuple[int, bytes]:
    """Run ``app`` and keep its status and body instead of sending them (asked without
    compression, so a fault can edit the JSON)."""
    status, chunks = 500, []
    headers = [(k, v) for k, v in scope["headers"] if k.lower() != b"accept-encoding"]
    scope = {**scope, "headers": headers}

    async def keep(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, keep)
    return status, b"".join(chunks)


def main() -> None:
    """Serve ``--data-dir`` on ``127.0.0.1:--port`` with the fault middleware."""
    import uvicorn

    from app.bootstrap import build
    from app.catalogue import LocalCatalogue
    from app.server import create_app

    parser = argparse.ArgumentParser()
    parser.add_argument("--data-dir", required=True)
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    events = build(args.data_dir, writing=False).events  # the stored events' official paths
    app = FaultyApp(create_app(LocalCatalogue.open(args.data_dir), events))
    # A stalled request must not hold up the test's stop: give open requests 1 s, then close.
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="critical", access_log=False,
                timeout_graceful_shutdown=1)


if __name__ == "__main__":
    main()
