"""Featured set group (spec: Featured set group) — the items of ``GET /featured-sets``."""

from __future__ import annotations

from pydantic import Field

from app.model.card import Set, Uuid, _Resource


class FeaturedSetGroup(_Resource):
    """A featured group of sets with its logo's API image path."""

    uuid: Uuid
    name: str
    image: str = Field(min_length=1)
    sets: list[Set]
