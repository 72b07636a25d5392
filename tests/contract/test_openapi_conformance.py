"""Every catalogue endpoint's answers validate against the official OpenAPI document.

The document (``../shared/data/gatcg/openapi-v1.1.0.json``) is checked with
openapi-schema-validator (OpenAPI 3.0 semantics) over the real catalogue. Where the document
is wrong and the real data disagrees, the data wins: every such deviation is listed once,
in :data:`DEVIATIONS`, with the reason, and applied to a copy of the document.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from openapi_schema_validator import OAS30Validator

from app.catalogue import LocalCatalogue
from app.server import InProcessClient
from tests.conftest import SHARED_DATA

pytestmark = pytest.mark.realdata
Schema = dict[str, Any]


def _objects(node: Any) -> Iterator[Schema]:
    """Every schema object with ``properties`` inside ``node``."""
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            yield node
        for value in node.values():
            yield from _objects(value)
    elif isinstance(node, list):
        for value in node:
            yield from _objects(value)


def _add(has: tuple[str, ...], lacks: str, schema: Schema) -> Callable[[Schema], None]:
    def patch(doc: Schema) -> None:
        for obj in _objects(doc):
            if all(k in obj["properties"] for k in has) and lacks not in obj["properties"]:
                obj["properties"][lacks] = schema
    return patch


def _null_branch(doc: Schema) -> None:
    # A branch that accepts null only (no string is both shorter than 1 and longer than 0).
    only_null = {"type": "string", "nullable": True, "maxLength": 0, "minLength": 1}
    for node in _walk(doc):
        if node.get("nullable") and "type" not in node and "anyOf" in node:
            node["anyOf"].append(only_null)


def _walk(node: Any) -> Iterator[Schema]:
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from _walk(value)
    elif isinstance(node, list):
        for value in node:
            yield from _walk(value)


def _legality(doc: Schema) -> None:
    limit = {"type": "object", "properties": {"limit": {"type": "number"}},
             "required": ["limit"], "additionalProperties": False}
    doc["components"]["schemas"]["CardLegality"]["anyOf"][0]["additionalProperties"] = limit


def _reference_kinds(doc: Schema) -> None:
    doc["components"]["schemas"]["CardReferenceKind"]["enum"].append("STATUS")


def _x_memory(doc: Schema) -> None:
    doc["components"]["schemas"]["CardCostMemory"]["minimum"] = -1


def _option_arrays(doc: Schema) -> None:
    props = _response(doc, "/option/search")["properties"]
    for key in ("set", "configuration", "configurationOrientation"):
        props[key] = {"type": "array", "items": props[key]}


def _service_info(doc: Schema) -> None:
    props = _response(doc, "/")["properties"]
    props.update(version={"type": "string"}, api_version={"type": "string"},
                 catalogue_date={"type": "string"}, cards={"type": "number"})


TIMESTAMP = {"type": "string"}
DEVIATIONS: list[tuple[str, Callable[[Schema], None]]] = [
    ("`nullable: true` beside `anyOf` without `type` has no effect in OpenAPI 3.0.3, but "
     "orientation and legality are null in the real data", _null_branch),
    ("legality maps a format to {limit: n}, not to a number", _legality),
    ("reference kinds include STATUS", _reference_kinds),
    ("cost_memory is -1 for an X memory cost, as cost_reserve documents for X", _x_memory),
    ("/option/search: set, configuration and configurationOrientation are arrays of the "
     "documented object", _option_arrays),
    ("editions carry thema_foil_dynamic and thema_nonfoil_dynamic (added after 1.1.0)",
     _add(("thema_foil", "collector_number"), "thema_foil_dynamic", {"type": "boolean"})),
    ("editions carry thema_nonfoil_dynamic",
     _add(("thema_foil", "collector_number"), "thema_nonfoil_dynamic", {"type": "boolean"})),
    ("other_orientations editions carry configuration",
     _add(("thema_foil", "collector_number"), "configuration", {"type": "string"})),
    ("circulations and circulation templates carry last_update",
     _add(("population_operator",), "last_update", TIMESTAMP)),
    ("cards (and other_orientations) carry cost {type, value}",
     _add(("classes", "elements", "power"), "cost", {"type": "object"})),
    ("other_orientations carry life", _add(("power", "durability"), "life",
                                           {"type": "number", "nullable": True})),
    ("references carry the other card's uuid",
     _add(("direction", "kind"), "uuid", {"type": "string"})),
    ("the mirror's / adds version, api_version, catalogue_date and cards (its own keys)",
     _service_info),
]
"""Every place where the served JSON differs from the document, and why."""


def _response(doc: Schema, path: str, status: str = "200") -> Schema:
    content = doc["paths"][path]["get"]["responses"][status]["content"]
    schema: Schema = content["application/json"]["schema"]
    return schema


@pytest.fixture(scope="module")
def document() -> Schema:
    doc: Schema = json.loads((SHARED_DATA / "openapi-v1.1.0.json").read_text("utf-8"))
    patched = copy.deepcopy(doc)
    for _reason, patch in DEVIATIONS:
        patch(patched)
    return patched


@pytest.fixture(scope="module")
def client(contract_dir: Path) -> InProcessClient:
    return InProcessClient(LocalCatalogue.open(contract_dir))


def _errors(document: Schema, path: str, body: Any, status: str = "200") -> list[str]:
    schema = {**_response(document, path, status), "components": document["components"]}
    found = OAS30Validator(schema).iter_errors(body)
    return sorted({f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}"
                   for e in found})[:10]


def _get(client: InProcessClient, url: str) -> Any:
    response = client.get(url)
    assert response.status == 200, (url, response.body[:300])
    assert response.media_type == "application/json"
    return response.json()


def test_every_card_in_every_search_page_matches_the_document(
    client: InProcessClient, document: Schema
) -> None:
    page, seen = 1, 0
    while True:
        body = _get(client, f"/cards/search?page={page}&page_size=50")
        assert _errors(document, "/cards/search", body) == [], page
        seen += len(body["data"])
        if not body["has_more"]:
            break
        page += 1
    assert seen == body["total_cards"] == 2235


@pytest.mark.parametrize(("path", "url"), [
    ("/cards/search", "/cards/search?separate_editions=true&prefix=DOA%201st&sort=name"),
    ("/cards/search", "/cards/search?element=FIRE&type=CHAMPION&stats=level%3E%3D2"),
    ("/cards/search", "/cards/search?page=100"),
    ("/cards/{slug}", "/cards/spirit-of-fire"),
    ("/cards/{set_prefix}/{collector_number}", f"/cards/{quote('DOA 1st')}/001"),
    ("/cards/all", "/cards/all"),
    ("/cards/autocomplete", "/cards/autocomplete?name=fire"),
    ("/cards/autocomplete", "/cards/autocomplete?name=zzzz-nothing"),
    ("/cards/random", "/cards/random"),
    ("/cards/random", "/cards/random?amount=20&seed=4"),
    ("/option/search", "/option/search"),
    ("/featured-sets", "/featured-sets"),
    ("/", "/"),
])
def test_endpoint_answers_match_the_document(
    client: InProcessClient, document: Schema, path: str, url: str
) -> None:
    assert _errors(document, path, _get(client, url)) == []


def test_edition_lookup_by_slug_and_uuid_matches_the_document(
    client: InProcessClient, document: Schema
) -> None:
    card = _get(client, "/cards/spirit-of-fire")
    edition = card["editions"][-1]
    for key in (edition["slug"], edition["uuid"]):
        body = _get(client, f"/cards/edition/{quote(key)}")
        assert _errors(document, "/cards/edition/{edition_slug_or_uuid}", body) == []
        assert [e["uuid"] for e in body["result_editions"]] == [edition["uuid"]]


@pytest.mark.parametrize(("path", "url"), [
    ("/cards/{slug}", "/cards/no-such-card"),
    ("/cards/edition/{edition_slug_or_uuid}", "/cards/edition/nope"),
    ("/cards/images/{filename}", "/cards/images/nothere.jpg"),
])
def test_not_found_bodies_match_the_document(
    client: InProcessClient, document: Schema, path: str, url: str
) -> None:
    response = client.get(url)
    assert response.status == 404
    assert _errors(document, path, response.json(), "404") == []
