"""A proxy sheet's plan: every copy in order; a card without an image is a text proxy."""

from __future__ import annotations

import pytest

from app.bootstrap import Application
from app.errors import UpstreamError
from app.export import plan_query, plan_sheet
from tests.export.conftest import CHAMPIONS

pytestmark = pytest.mark.realdata


def test_a_card_without_a_stored_image_is_a_text_proxy_in_its_place(real: Application) -> None:
    items = plan_query(real.store, CHAMPIONS)
    copies = [items[0], *items, items[-1]]
    plan = plan_sheet(real.store, real.images, copies)
    assert [entry.item for entry in plan.entries] == copies
    proxied = [entry for entry in plan.entries if entry.image is None]
    assert [entry.item.label for entry in proxied] == [
        item.label for item in copies if item.collector_number == "004B"]  # no image
    assert proxied[0].proxy is not None and proxied[0].proxy.name == "Merlin, Kingslayer"
    assert all(entry.proxy is None for entry in plan.entries if entry.image is not None)
    assert plan.summary().startswith("1 card without an image was drawn as a text proxy")
    assert plan.summary().endswith(": Merlin, Kingslayer")


def test_the_summary_counts_copies_and_lists_names_once(real: Application) -> None:
    merlin = [i for i in plan_query(real.store, CHAMPIONS) if i.collector_number == "004B"]
    plan = plan_sheet(real.store, real.images, merlin * 3)
    assert plan.proxied == 3 and len(plan.missing) == 1
    assert plan.summary() == ("1 card without an image was drawn as a text proxy (3 copies): "
                              "Merlin, Kingslayer")


def test_an_image_that_cannot_be_fetched_is_a_text_proxy_with_the_reason(
        real: Application) -> None:
    def offline(_filename: str) -> object:
        raise UpstreamError("api.example is unreachable")

    items = plan_query(real.store, CHAMPIONS)
    plan = plan_sheet(real.store, real.images, items, offline)  # type: ignore[arg-type]
    assert [p.reason for p in plan.missing] == ["api.example is unreachable"]
    assert sum(entry.image is None for entry in plan.entries) == 1
