"""``archivist serve``: the local catalogue over HTTP with the API's paths and shapes."""

from app.server.app import create_app
from app.server.inprocess import ApiResponse, InProcessClient, dispatch

__all__ = ["ApiResponse", "InProcessClient", "create_app", "dispatch"]
