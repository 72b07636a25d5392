"""What the window, the CLI and the export share with the sync without loading the engine:
the default API, the image policies, the ``meta`` keys a sync writes, and URL checks.

Importing this module loads no HTTP client and no validation models, so the window can
read its settings and sync status at start-up cheaply.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal
from urllib.parse import urlsplit

DEFAULT_API = "https://api.gatcg.com"
ImagesMode = Literal["none", "missing", "all"]
IMAGE_MODES: tuple[ImagesMode, ...] = ("none", "missing", "all")

META_API = "sync.api_url"
META_WATERMARK = "sync.watermark"
META_FINISHED = "sync.finished_at"
META_COMPLETE = "sync.complete_at"
META_REJECTED = "sync.rejected_uuids"
META_VALIDATORS = "sync.validators"
"""``meta`` keys: the API of the last sync, its watermark (the next incremental sync's
``last_update``), when it finished, when the last complete enumeration finished, uuids
the upstream lists but that failed validation (so a count check does not miss them), and
the validators (ETag, Last-Modified) of the answers the catalogue holds, as compact JSON
(:class:`app.net.validators.Validators`; conditional requests of the next sync)."""


def api_host(api_url: str) -> str:
    """The host (and port) of an API URL, for short display: ``api.gatcg.com``."""
    return urlsplit(api_url).netloc or api_url


def api_url_problem(text: str) -> str | None:
    """Why ``text`` is not a usable API root URL, or None when it is one.

    A usable URL is ``http://`` or ``https://`` with a host (and optionally a port and a
    path), without spaces, a query or a fragment.
    """
    text = text.strip()
    if not text:
        return "Enter the address of a catalogue API, e.g. https://api.gatcg.com"
    if any(ch.isspace() for ch in text):
        return "An API URL has no spaces."
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (raises ValueError on a bad port)
    except ValueError:
        return "This is not a valid URL (check the port)."
    if parts.scheme.lower() not in ("http", "https"):
        return "The API URL must start with http:// or https://"
    if not parts.hostname:
        return "The API URL needs a host name, e.g. https://api.gatcg.com"
    if parts.query or parts.fragment:
        return "The API URL is the API's root: no ?query or #fragment."
    return None


def local_time_text(moment: datetime) -> str:
    """``21 Nov 2026 15:04``: ``moment`` in the computer's time zone, to the minute."""
    local = moment.astimezone()
    return f"{local.day} {local:%b %Y %H:%M}"
