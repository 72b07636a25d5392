"""uvicorn's HTTP/1.1 protocol (h11), answering the requests it refuses itself with JSON.

Some requests never reach the application: h11, uvicorn's HTTP parser, refuses them before
there is a request to route, and uvicorn answers ``400`` with the plain text
``Invalid HTTP request received.``, which no client can read as the API's errors. They are
requests no HTTP client sends:

* a request line that is not ``METHOD TARGET HTTP/1.x`` (``GARBAGE``);
* a target holding a raw space, a raw control character (NUL, tab, DEL) or a raw
  non-ASCII byte — percent-encoded (``%00``), the same characters reach the application,
  which answers its own JSON ``400`` (:mod:`app.server.request_log`);
* a header line without ``:``, a header value holding a bare CR or NUL;
* a ``Content-Length`` that is not a number or is given twice with different values, and a
  malformed chunked body.

:class:`JsonErrorProtocol` answers these with the same JSON error body as every other error
(``{"error": "..."}``, ``Connection: close``), so a client never has to read two kinds of
error. It overrides uvicorn's ``send_400_response`` (present since uvicorn 0.14);
``tests/server/test_protocol.py`` sends such requests over a real socket and fails if the
answer stops being JSON.
"""

from __future__ import annotations

import json

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

MESSAGE = ("Malformed HTTP request: the request line, a header or the body framing is not "
           "valid HTTP/1.1 (a raw space or control character in the URL must be "
           "percent-encoded)")


class JsonErrorProtocol(H11Protocol):
    """:class:`H11Protocol` whose own ``400`` answers carry a JSON error body."""

    def send_400_response(self, msg: str) -> None:
        """Answer ``400`` with ``{"error": ...}`` and close the connection (as uvicorn does)."""
        body = json.dumps({"error": MESSAGE}).encode("utf-8")
        headers = [(b"content-type", b"application/json"),
                   (b"content-length", str(len(body)).encode("ascii")),
                   (b"connection", b"close")]
        self.transport.write(self.conn.send(h11.Response(status_code=400, headers=headers,
                                                         reason=b"Bad Request")) or b"")
        self.transport.write(self.conn.send(h11.Data(data=body)) or b"")
        self.transport.write(self.conn.send(h11.EndOfMessage()) or b"")
        self.transport.close()
