"""What the proxy-sheet commands say about cards drawn as text proxies: how to get images."""

from __future__ import annotations

import argparse

from app.cli.sheet_out import fetch_hint, unfetched_reason
from app.export import ExportItem, Problem, SheetPlan

ITEM = ExportItem("abcdefghij", "engulf", "Engulf", "engulf-rdo", "RDO", "217", 3, "x.jpg")


def _args(offline: bool) -> argparse.Namespace:
    return argparse.Namespace(offline=offline, verbose=False)


def test_without_an_api_the_hint_names_api_and_sync() -> None:
    hint = fetch_hint(SheetPlan(missing=[Problem(ITEM, "x")]), _args(False), None, False)
    assert "pass --api URL" in hint and "`archivist sync`" in hint
    assert "--api URL" in unfetched_reason(_args(False), None)


def test_offline_with_an_api_says_to_drop_offline() -> None:
    hint = fetch_hint(SheetPlan(), _args(True), "https://api.example", False)
    assert hint == "; run without --offline to fetch the images from https://api.example"
    assert "--offline" in unfetched_reason(_args(True), "https://api.example")


def test_a_failed_fetch_gives_its_reason_once_punctuated() -> None:
    plan = SheetPlan(missing=[Problem(ITEM, "api.example is unreachable (try again).")])
    hint = fetch_hint(plan, _args(False), "https://api.example", True)
    assert hint == "; fetching the images failed: api.example is unreachable (try again)"
