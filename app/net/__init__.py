"""HTTP access to a catalogue API (the official one, or any mirror such as ``archivist serve``)."""

from app.net.remote import USER_AGENT, RemoteCatalogue

__all__ = ["USER_AGENT", "RemoteCatalogue"]
