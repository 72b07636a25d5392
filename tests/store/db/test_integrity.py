"""A catalogue whose pages were overwritten mid-file is found at open, moved aside (never
deleted) and the user is told how to rebuild it. Cards generated."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from app.bootstrap import build
from app.errors import StoreError
from app.ingest import import_paths
from app.store import Store
from app.store.db.integrity import DamagedCatalogue
from tests.helpers.cards import make_card, make_edition

DAMAGE = r"^damaged catalogue "


def _catalogue(tmp_path: Path, count: int = 400) -> Path:
    cards = []
    for i in range(count):
        card = make_card(f"intCard{i:03d}", f"Integrity Card {i}", effect_raw="Draw. " * 60)
        card["editions"] = [make_edition(card["uuid"], f"intEdit{i:03d}", f"{i + 1:03d}")]
        cards.append(card)
    source = tmp_path / "cards.json"
    source.write_text(json.dumps(cards), encoding="utf-8")
    services = build(str(tmp_path / "data"))
    import_paths(services.store, [source])
    services.store.close()
    return services.paths.catalogue_file


def _damage(path: Path) -> None:
    size = path.stat().st_size
    noise = random.Random(16).randbytes(3 * 4096)
    with path.open("r+b") as handle:
        handle.seek((size // 2) // 4096 * 4096)
        handle.write(noise)


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app", *args], capture_output=True, text=True,
                          timeout=120, check=False)


@pytest.mark.allow_log(DAMAGE)
def test_a_damaged_file_is_found_at_open_and_moved_aside(tmp_path: Path) -> None:
    path = _catalogue(tmp_path)
    Store(path).close()  # a good check is remembered: no check while unchanged
    _damage(path)
    with pytest.raises(DamagedCatalogue, match=r"is damaged .*moved aside to .*archivist sync"):
        Store(path)
    aside = list(path.parent.glob("catalogue.sqlite3.damaged-*"))
    assert len(aside) == 1 and aside[0].stat().st_size > 1_000_000
    assert isinstance(DamagedCatalogue("x"), StoreError)


def test_the_cli_says_it_in_one_line_and_the_next_command_works(tmp_path: Path) -> None:
    path = _catalogue(tmp_path)
    _damage(path)
    result = _run("get", "--data-dir", str(path.parent), "/cards/integrity-card-7")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "is damaged" in lines[0] and "archivist import" in lines[0]
    assert list(path.parent.glob("catalogue.sqlite3.damaged-*"))
    again = _run("search", "--data-dir", str(path.parent), "integrity")
    assert again.returncode == 0 and "The catalogue is empty" in again.stdout


@pytest.mark.allow_log(r"^damaged catalogue on ")
def test_the_server_says_damaged_in_json_and_the_next_open_checks(tmp_path: Path) -> None:
    from app.catalogue import LocalCatalogue
    from app.server import InProcessClient
    from app.store.db.integrity import _signature, _stamp_file

    path = _catalogue(tmp_path)
    Store(path).close()
    _damage(path)  # damage the check does not see (its size and time restored)
    _stamp_file(path).write_text(json.dumps(_signature(path)), encoding="utf-8")
    client = InProcessClient(LocalCatalogue.open(path.parent))
    answers = [client.get(f"/cards/search?page={p}") for p in range(1, 10)]
    damaged = [a for a in answers if a.status == 500]
    assert damaged, [a.status for a in answers]
    assert "The catalogue is damaged" in json.loads(damaged[0].body)["error"]
    assert not _stamp_file(path).exists()
