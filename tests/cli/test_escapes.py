"""Catalogue text printed by the CLI never reaches the terminal as control codes (a
name must not retitle or clear it): a hostile name or uuid prints visibly. Records generated."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from app.cli.safe_stream import escape_controls
from tests.helpers.cards import make_card

TITLE, CLEAR = "\x1b]0;pwned\x07", "\x1b[2J"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          timeout=120, check=False)


def test_hostile_names_and_uuids_print_visibly(tmp_path: Path) -> None:
    hostile = make_card("hostile001", f"Evil {TITLE} Card {CLEAR}")
    bad_uuid = make_card(f"x{TITLE}", "Bad Uuid")
    bad_uuid["slug"] = f"bad-{CLEAR}"
    source = tmp_path / "cards.json"
    source.write_text(json.dumps([hostile, bad_uuid]), encoding="utf-8")
    data = str(tmp_path / "data")
    imported = _run("import", "--verbose", "--data-dir", data, str(source))
    assert imported.returncode == 0, imported.stderr
    assert "rejected: " in imported.stderr and "\\u001b]0;pwned\\u0007" in imported.stderr
    found = _run("search", "--data-dir", data, "evil")
    assert "Evil \\u001b]0;pwned\\u0007 Card \\u001b[2J" in found.stdout
    as_json = _run("search", "--data-dir", data, "evil", "--json")
    assert json.loads(as_json.stdout)[0]["name"] == f"Evil {TITLE} Card {CLEAR}"
    for result in (imported, found, as_json):
        assert "\x1b" not in result.stdout + result.stderr
        assert "\x07" not in result.stdout + result.stderr


def test_escape_controls_keeps_text_and_layout() -> None:
    assert escape_controls("Fire\tCard\n木叶 ≈ 2\r") == "Fire\tCard\n木叶 ≈ 2\r"
    assert escape_controls("\x9b2J\u202e") == "\\u009b2J\\u202e"
