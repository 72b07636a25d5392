"""A record JSON can carry but the catalogue cannot keep (a lone surrogate, an integer of
2^63 or more, even of 5,000 digits, NaN/Infinity, nesting 100,000 deep) is rejected with its
reason; the rest of the file is imported. The records are generated."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from app.bootstrap import build
from app.ingest import import_paths
from app.model.hostile import MAX_DEPTH, hostile_value, loads
from app.server.inprocess import dispatch
from tests.helpers.cards import make_card

DEEP = "[" * 100_000 + "]" * 100_000
HOSTILE = {  # field → raw JSON text placed in a card record
    "name": '"Bad \\ud800 Name"',
    "cost_memory": str(10**30),
    "power": "NaN",
    "life": "Infinity",
    "level": "-Infinity",
    "rule": DEEP,
    "durability": "9" * 5000,  # int() refuses over 4,300 digits: was a ValueError traceback
}


def _hostile_file(path: Path) -> Path:
    cards = [make_card("goodCard01", "Good Card")]
    for i, field in enumerate(HOSTILE):
        card = make_card(f"badCard{i:03d}", f"Bad Card {i}")
        card[field] = f"__HOSTILE_{field}__"
        cards.append(card)
    text = json.dumps(cards)
    for field, raw in HOSTILE.items():
        text = text.replace(f'"__HOSTILE_{field}__"', raw)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.allow_log(r"^rejected ")
def test_each_hostile_record_is_rejected_with_its_reason_and_the_rest_imported(
    tmp_path: Path,
) -> None:
    services = build(str(tmp_path / "data"))
    report = import_paths(services.store, [_hostile_file(tmp_path / "cards.json")])
    reasons = {p.uuid: (p.field, p.reason) for p in report.rejected}
    assert reasons == {
        "badCard000": ("name", "holds a lone surrogate (not valid Unicode)"),
        "badCard001": ("cost_memory", "integer out of range (more than 64 bits)"),
        "badCard002": ("power", "nan is not a JSON number"),
        "badCard003": ("life", "inf is not a JSON number"),
        "badCard004": ("level", "-inf is not a JSON number"),
        "badCard005": (f"rule{'.0' * (MAX_DEPTH - 2)}", f"nested deeper than {MAX_DEPTH} levels"),
        "badCard006": ("durability", "integer out of range (more than 64 bits)"),
    }
    assert (report.write.new, report.totals["cards"]) == (1, 1)
    assert dispatch(services.catalogue, "/cards/good-card").status == 200


@pytest.mark.allow_log(r"^rejected ")
def test_nan_in_option_values_never_reaches_the_server(tmp_path: Path) -> None:
    options = tmp_path / "options.json"
    options.write_text('{"class": ["MAGE"], "stats": [NaN]}', encoding="utf-8")
    services = build(str(tmp_path / "data"))
    report = import_paths(services.store, [options])
    assert [p.reason for p in report.rejected] == ["nan is not a JSON number"]
    response = dispatch(services.catalogue, "/option/search")
    assert response.status != 500
    assert "NaN" not in response.body.decode("utf-8")


def test_the_cli_reports_hostile_records_in_one_line_each_and_no_traceback(
    tmp_path: Path,
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "app", "import", "--verbose", "--data-dir", str(tmp_path / "d"),
         str(_hostile_file(tmp_path / "cards.json"))],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.count("rejected: ") == len(HOSTILE)
    assert "Cards: 1 (1 new" in result.stdout


def test_the_checks_themselves() -> None:
    assert hostile_value({"a": [1, 2.5, "ok", True, None]}) is None
    assert hostile_value({"a": 2**63}) == ("a", "integer out of range (more than 64 bits)")
    assert hostile_value({"a": -(2**63)}) is None
    assert hostile_value({"k\ud800": 1})[1].startswith("a key holds")  # type: ignore[index]
    assert math.isnan(loads("[NaN]")[0])
    assert loads(json.dumps({"x": DEEP.replace("[]", '["[","\\""]')})) is not None


def _nested(levels: int, inner: object) -> object:
    for _ in range(levels):
        inner = [inner]
    return inner


def test_the_checks_find_the_same_values_where_text_could_hide_them() -> None:
    # Brackets, quotes and long digit runs inside strings are text, not structure.
    quoted = {'k"[': ["\\", '"]]]', "12345678901234567890", "\\\"[[["]}
    assert hostile_value(quoted) is None
    assert hostile_value({'k\\"': {"x": ["a", "\ud800"]}}) == ("k\\\".x.1",
                                                               "holds a lone surrogate "
                                                               "(not valid Unicode)")
    assert hostile_value({"a": 2**63 - 1, "b": -(2**63)}) is None
    assert hostile_value({"a": [1, -(2**63) - 1]})[0] == "a.1"  # type: ignore[index]
    assert hostile_value({"a": [math.inf]})[1] == "inf is not a JSON number"  # type: ignore[index]
    # Exactly at the depth limit is kept; one level more is rejected, wherever it is.
    assert hostile_value({"a": _nested(MAX_DEPTH - 1, 1)}) is None
    assert hostile_value({"a": _nested(MAX_DEPTH - 1, [])}) is None
    too_deep = {"a": [{}, {"b": _nested(MAX_DEPTH - 1, "x")}]}
    assert hostile_value(too_deep) == (
        "a.1.b" + ".0" * (MAX_DEPTH - 2), f"nested deeper than {MAX_DEPTH} levels")
