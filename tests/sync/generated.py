"""A small GENERATED catalogue (not real data) for fast sync tests: cards, featured set
groups, options, logos, tiny images and dynamic Thema history."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from PIL import Image

from app.bootstrap import build
from app.ingest import import_paths
from app.ingest.thema import import_generated_history
from app.store import CardRecord, Writer
from tests.helpers.cards import make_card, make_edition

SET_PREFIX = "GEN 1st"
DYNAMIC = (3, 7)
"""Card numbers whose edition has dynamic FOIL scores."""


def generated_card(i: int, **extra: Any) -> dict[str, Any]:
    """Generated card number ``i`` (1-based): one edition ``GEN 1st`` ``{i:03d}``; every
    tenth card references the next one."""
    uuid = f"genc{i:06d}"
    edition = make_edition(uuid, f"gene{i:06d}", number=f"{i:03d}", slug=f"gen-{i}-gen")
    if i in DYNAMIC:
        edition["thema_foil_dynamic"] = True
    card = make_card(uuid, f"Generated {i}", editions=[edition], **extra)
    if i % 10 == 0:
        card["references"] = [{"direction": "TO", "kind": "RELATED",
                               "name": f"Generated {i + 1}", "slug": f"generated-{i + 1}"}]
    return card


def generated_cards(count: int) -> list[dict[str, Any]]:
    """Cards 1..count."""
    return [generated_card(i) for i in range(1, count + 1)]


def featured_groups() -> list[dict[str, Any]]:
    """One generated featured set group holding the generated set."""
    card = generated_card(1)
    return [{"uuid": "genGroup01", "name": "Generated Group",
             "image": "/featured-sets/images/GEN.png", "sets": [card["editions"][0]["set"]]}]


def tiny_jpeg(seed: int) -> bytes:
    """A small generated JPEG."""
    out = io.BytesIO()
    Image.new("RGB", (50, 70), (seed * 37 % 255, 90, 160)).save(out, "JPEG")
    return out.getvalue()


def build_upstream(root: Path, count: int = 120, images: int = 10) -> Path:
    """A data folder to serve: ``count`` generated cards, a featured group with its logo,
    options, ``images`` card images and 400 days of generated Thema history."""
    inputs = root / "inputs"
    (inputs / "images").mkdir(parents=True, exist_ok=True)
    (inputs / "logos").mkdir(parents=True, exist_ok=True)
    (inputs / "cards.json").write_text(json.dumps(generated_cards(count)), encoding="utf-8")
    (inputs / "featured.json").write_text(json.dumps(featured_groups()), encoding="utf-8")
    options = {"class": [{"text": "Mage", "value": "MAGE"}], "type": [], "subtype": [],
               "element": [], "set": [], "rarity": []}
    (inputs / "options.json").write_text(json.dumps(options), encoding="utf-8")
    for i in range(1, images + 1):
        (inputs / "images" / f"gene{i:06d}.jpg").write_bytes(tiny_jpeg(i))
    Image.new("RGBA", (40, 20), (10, 20, 30, 255)).save(inputs / "logos" / "GEN.png")
    data = root / "upstream"
    services = build(str(data))
    import_paths(services.store, [inputs / "cards.json", inputs / "featured.json",
                                  inputs / "options.json"],
                 inputs / "images", services.images, inputs / "logos", services.catalogue.logos)
    import_generated_history(services.store, end=datetime.now(UTC).date(), days=400)
    return data


def write_cards(data_dir: Path, cards: list[dict[str, Any]], remove: Sequence[str] = ()) -> None:
    """Change a data folder's catalogue (the upstream changing between syncs)."""
    Writer(build(str(data_dir)).store).write([CardRecord(c) for c in cards], remove=remove)
