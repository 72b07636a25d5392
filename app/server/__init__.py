"""``archivist serve``: the local catalogue over HTTP with the API's paths and shapes.

The names load on first use: ``archivist get /`` answers without the web framework.
"""

from typing import TYPE_CHECKING

from app.lazy import lazy_names

if TYPE_CHECKING:
    from app.server.app import create_app
    from app.server.inprocess import ApiResponse, InProcessClient, dispatch

__all__ = ["ApiResponse", "InProcessClient", "create_app", "dispatch"]
__getattr__ = lazy_names(__name__, {
    "create_app": "app.server.app", "ApiResponse": "app.server.inprocess",
    "InProcessClient": "app.server.inprocess", "dispatch": "app.server.inprocess"})
