"""How the server encodes a JSON answer (one place: the routes and ``archivist get``'s
direct answers give the same bytes)."""

from __future__ import annotations

import json
from typing import Any


def json_body(value: Any) -> bytes:
    """A JSON body as every route encodes it: UTF-8, non-ASCII kept."""
    return json.dumps(value, ensure_ascii=False).encode("utf-8")
