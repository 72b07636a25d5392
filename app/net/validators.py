"""Validators of earlier answers, for conditional requests (RFC 9110 13.1).

A :class:`Validators` maps a request's key (path and query, e.g. ``/featured-sets``) to the
``ETag`` and ``Last-Modified`` of the answer the caller already holds, plus a small ``memo``
the caller needs when the server answers ``304 Not Modified`` (e.g. the ``total_cards`` of a
search page). The client sends ``If-None-Match`` / ``If-Modified-Since`` from it and records
the validators of every ``200`` answer (and keeps those a ``304`` confirmed) into
:attr:`Validators.learned`; the caller decides when the learned ones are stored (a sync: in
its final transaction only).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

NOT_MODIFIED: Any = type("NotModified", (), {"__repr__": lambda self: "NOT_MODIFIED"})()
"""What a conditional request returns when the server answered 304: the held answer is
current."""


@dataclass
class Validators:
    """Known validators (sent) and learned ones (from this run's ``200`` answers).

    Attributes:
        known: key → ``{"etag": …, "last_modified": …, "memo": {…}}`` (any may be absent).
        learned: the same, for answers received in this run.
        send: False: send no conditional header (a ``--full`` sync); still learn.
    """

    known: dict[str, dict[str, Any]] = field(default_factory=dict)
    learned: dict[str, dict[str, Any]] = field(default_factory=dict)
    send: bool = True

    @classmethod
    def from_json(cls, text: str | None, send: bool = True) -> Validators:
        """The validators stored as :meth:`to_json` wrote them; empty when ``text`` is None
        or not such a map (a damaged value only costs full answers)."""
        try:
            value = json.loads(text) if text else {}
        except ValueError:
            value = {}
        if not isinstance(value, dict):
            value = {}
        known = {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, dict)}
        return cls(known=known, send=send)

    def to_json(self) -> str:
        """The validators of this run's answers (learned, or kept by a 304), as compact
        JSON. Known ones this run did not ask for are dropped, so the map never outgrows
        one run's conditional requests (a dropped one costs one full answer)."""
        return json.dumps(self.learned, separators=(",", ":"), sort_keys=True)

    def headers(self, key: str) -> dict[str, str]:
        """The conditional headers for ``key`` (none when unknown or not sending)."""
        entry = self.known.get(key)
        if not self.send or not entry:
            return {}
        out = {}
        if isinstance(entry.get("etag"), str):
            out["If-None-Match"] = entry["etag"]
        if isinstance(entry.get("last_modified"), str):
            out["If-Modified-Since"] = entry["last_modified"]
        return out

    def learn(self, key: str, etag: str | None, last_modified: str | None) -> None:
        """Record the validators of a ``200`` answer to ``key`` (nothing when it has none)."""
        entry = {k: v for k, v in (("etag", etag), ("last_modified", last_modified)) if v}
        if entry:
            self.learned[key] = entry
        else:
            self.learned.pop(key, None)

    def memo(self, key: str) -> dict[str, Any]:
        """What the caller noted with the held answer of ``key`` (empty when nothing)."""
        entry = self.learned.get(key) or self.known.get(key) or {}
        memo = entry.get("memo")
        return memo if isinstance(memo, dict) else {}

    def note(self, key: str, **memo: Any) -> None:
        """Note ``memo`` with the answer just learned for ``key`` (kept for a later 304)."""
        if key in self.learned:
            self.learned[key]["memo"] = memo

    def forget(self, key: str) -> None:
        """Drop ``key``: the answer was not kept (invalid), so it must come again in full."""
        self.learned.pop(key, None)
        self.known.pop(key, None)

    def keep(self, key: str) -> None:
        """A 304 for ``key``: the held answer stays current (kept as learned)."""
        if key in self.known:
            self.learned[key] = self.known[key]
