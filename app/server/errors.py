"""Every error as the API's JSON error body ``{"error": "<message>"}``; never HTML, never a
traceback (DESIGN.md: Errors)."""

from __future__ import annotations

import json
import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from starlette.exceptions import HTTPException

from app.errors import ArchivistError

log = logging.getLogger("app.server")


def error_response(status: int, message: str) -> Response:
    """A JSON error response."""
    body = json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")
    return Response(body, status_code=status, media_type="application/json")


def install_error_handlers(app: FastAPI) -> None:
    """Map Archivist errors, HTTP errors, parameter errors and crashes to JSON errors."""

    @app.exception_handler(ArchivistError)
    async def archivist_error(_: Request, exc: ArchivistError) -> Response:
        return error_response(exc.status, exc.message)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> Response:
        messages = {404: f"No such endpoint: {request.url.path[:200]}",
                    405: f"Method {request.method} is not allowed: the catalogue is read-only"}
        response = error_response(exc.status_code, messages.get(exc.status_code, str(exc.detail)))
        if exc.status_code == 405:
            response.headers["Allow"] = "GET, HEAD"
        return response

    @app.exception_handler(RequestValidationError)
    async def bad_parameter(_: Request, exc: RequestValidationError) -> Response:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("query", "path"))
        return error_response(400, f"Invalid parameter {where}: {first.get('msg')}")

    @app.exception_handler(Exception)
    async def crash(request: Request, exc: Exception) -> Response:
        log.exception("unexpected error on %s", request.url.path)
        return error_response(500, "Internal error; the details are in the server's log")
