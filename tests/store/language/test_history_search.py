"""The search language's history terms: is:new, is:errata, is:legality, changed (generated)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.search import QuerySyntaxError
from app.store import CardRecord, Store, Writer
from app.store.history.revisions import RevisionRecorder
from app.store.language.query import run_query
from tests.helpers.cards import make_card


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "c.sqlite3")
    first = [make_card("genCard001", "Old Card", effect_raw="Draw a card."),
             make_card("genCard002", "Steady Card"), make_card("genCard003", "Banned Card")]
    Writer(store, RevisionRecorder("a", "import")).write([CardRecord(c) for c in first])
    second = [make_card("genCard001", "Old Card", effect_raw="Draw two cards."),
              make_card("genCard003", "Banned Card", legality={"STANDARD": {"limit": 0}}),
              make_card("genCard004", "Fresh Card")]
    Writer(store, RevisionRecorder("b", "import")).write([CardRecord(c) for c in second])
    return store


def _names(store: Store, text: str) -> list[str]:
    return [h.name for h in run_query(store, text).hits]


def test_is_terms_find_what_the_latest_revision_did(store: Store) -> None:
    assert _names(store, "is:new") == ["Fresh Card"]
    assert _names(store, "is:errata") == ["Old Card"]
    assert _names(store, "is:legality") == ["Banned Card"]
    assert _names(store, "changed:latest") == ["Banned Card", "Fresh Card", "Old Card"]
    assert _names(store, "-changed:latest") == ["Steady Card"]


def test_changed_compares_the_day_of_the_last_change(store: Store) -> None:
    assert len(_names(store, "changed>=2000-01-01")) == 4
    assert _names(store, "changed<2000-01-01") == []


def test_a_malformed_day_is_a_syntax_error(store: Store) -> None:
    with pytest.raises(QuerySyntaxError, match="YYYY-MM-DD"):
        run_query(store, "changed>=April")
    with pytest.raises(QuerySyntaxError, match="YYYY-MM-DD"):
        run_query(store, "changed>latest")


def test_the_first_import_is_not_news(tmp_path: Path) -> None:
    store = Store(tmp_path / "c.sqlite3")
    cards = [make_card("genCard001", "Old Card"), make_card("genCard002", "Steady Card")]
    Writer(store, RevisionRecorder("a", "import")).write([CardRecord(c) for c in cards])
    for text in ("is:new", "is:errata", "is:legality", "changed:latest"):
        assert _names(store, text) == [], text
    assert _names(store, "-changed:latest") == ["Old Card", "Steady Card"]
