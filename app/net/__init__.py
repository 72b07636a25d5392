"""HTTP access to a catalogue API (the official one, or any mirror such as ``archivist serve``).

:mod:`app.net.endpoints` (the endpoint table), :mod:`app.net.policy` (politeness, retries,
errors), :class:`~app.net.client.UpstreamClient` (async, the sync's),
:class:`~app.net.blocking.BlockingClient` (blocking) and :class:`RemoteCatalogue` over it.
"""

from app.net.policy import USER_AGENT
from app.net.remote import RemoteCatalogue

__all__ = ["USER_AGENT", "RemoteCatalogue"]
