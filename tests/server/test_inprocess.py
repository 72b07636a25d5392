"""``archivist get`` in this process: the paths answered without the web framework answer
what their routes answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.bootstrap import build
from app.catalogue.local import LocalCatalogue
from app.errors import NotFound
from app.server.inprocess import DIRECT, InProcessClient, direct, dispatch
from app.store import CardRecord, Writer
from tests.helpers.cards import make_card


@pytest.fixture
def catalogue(tmp_path: Path) -> LocalCatalogue:
    services = build(str(tmp_path))
    Writer(services.store).write([CardRecord(make_card())])
    return services.catalogue


@pytest.mark.parametrize("path", sorted(DIRECT))
def test_a_direct_path_answers_its_routes_bytes(catalogue: LocalCatalogue, path: str) -> None:
    quick = direct(catalogue, path)
    routed = InProcessClient(catalogue).get(path)
    assert quick is not None and routed.status == 200
    if path == "/":  # the answer says when it was asked
        assert {**quick.json(), "request_received": 0} == {**routed.json(),
                                                            "request_received": 0}
    else:
        assert quick.body == routed.body
    assert quick.media_type == routed.media_type == "application/json"


def test_a_failing_direct_path_answers_the_routes_error(
    catalogue: LocalCatalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    def missing() -> None:
        raise NotFound("No featured sets here")

    monkeypatch.setattr(catalogue, "featured_sets", missing)
    response = dispatch(catalogue, "featured-sets")
    assert response.status == 404
    assert json.loads(response.body) == {"error": "No featured sets here"}


def test_a_path_with_a_query_goes_through_the_routes(catalogue: LocalCatalogue) -> None:
    assert direct(catalogue, "/cards/all?x=1") is None
    assert dispatch(catalogue, "/cards/all?x=1").json() == dispatch(catalogue, "/cards/all").json()
