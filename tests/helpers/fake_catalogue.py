"""A fake in-memory :class:`~app.catalogue.base.Catalogue` over a handful of GENERATED cards.

Nothing here is real Grand Archive data: six cards with made-up names (``Generated …``), ten
editions in two made-up sets, Thema ranks and a daily history computed from small formulas,
and, when an image folder is given, tiny generated JPEGs for some editions. It answers what
the window's models need without SQLite or ``../shared``: the endpoints (cards, card images,
featured sets, Thema ranks and history), ``query`` (bare text matches names, case-insensitive;
per card or per edition; sorted by name, set or rarity; other sort keys sort by name) and
``counts``. The services beside a catalogue have small fakes of their own
(:mod:`tests.helpers.fake_parts`).

mypy checks it against the protocol (``[tool.mypy]`` lists this module).
"""

from __future__ import annotations

import copy
import io
from collections.abc import Sequence
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PIL import Image

from app.errors import InvalidRequest, NotFound
from app.images import ImageStore, rounded_png
from app.model.query import QUERY_SORTS, CardSummary, EditionHit, Hit, Per, QueryResult, SortKey
from tests.helpers.cards import make_card, make_edition

if TYPE_CHECKING:
    from app.catalogue.base import Catalogue
    from app.paths import Paths

SETS = {
    prefix: {"created_at": "2024-01-26T12:00:00+00:00", "id": f"gen0set00{i}", "language": "EN",
             "last_update": "2025-01-18T17:40:17.152+00:00", "name": name, "prefix": prefix,
             "release_date": released}
    for i, (prefix, name, released) in enumerate((
        ("GEN 1st", "Generated Test Set", "2024-01-26T00:00:00"),
        ("GEN 2nd", "Generated Second Set", "2025-03-14T00:00:00"),
    ), start=1)
}
"""The two GENERATED sets, by prefix."""

CARDS: tuple[tuple[str, tuple[tuple[str, str, int, bool], ...]], ...] = (
    ("Generated Ember Spirit", (("GEN 1st", "001", 1, True), ("GEN 2nd", "014", 3, False))),
    ("Generated Frost Lance", (("GEN 1st", "002", 2, True),)),
    ("Generated Gale Runner", (("GEN 1st", "003", 1, False),)),
    ("Generated Stone Warden", (("GEN 2nd", "001", 4, False), ("GEN 1st", "010", 2, True),
                                ("GEN 2nd", "020", 7, True))),
    ("Generated Tide Caller", (("GEN 2nd", "002", 1, False),)),
    ("Generated Ember Familiar", (("GEN 1st", "004", 2, True), ("GEN 2nd", "003", 5, False))),
)
"""Each GENERATED card: its name and editions ``(set prefix, number, rarity, has image)``."""

KINDS = ("FOIL", "NONFOIL")


def _cards() -> list[dict[str, Any]]:
    cards = []
    for c, (name, editions) in enumerate(CARDS, start=1):
        uuid = f"genCard{c:03d}"
        made = [make_edition(uuid, f"gen{c:02d}ed{e:02d}x", number,
                             set=copy.deepcopy(SETS[prefix]), rarity=rarity,
                             slug=f"{name.lower().replace(' ', '-')}-{prefix[4:].lower()}-{number}",
                             thema_foil_dynamic=e == 1, thema_nonfoil_dynamic=e == 1)
                for e, (prefix, number, rarity, _) in enumerate(editions, start=1)]
        cards.append(make_card(uuid, name, editions=made, cost_reserve=c % 4,
                               cost={"type": "reserve", "value": str(c % 4)}))
    return cards


def _jpeg(shade: int) -> bytes:
    """A tiny GENERATED card picture (63×88 pixels, one colour)."""
    out = io.BytesIO()
    Image.new("RGB", (63, 88), (shade, 90, 200 - shade)).save(out, "JPEG")
    return out.getvalue()


class FakeCatalogue:
    """The :class:`~app.catalogue.base.Catalogue` of the GENERATED cards (see the module).

    Args:
        image_folder: where to write the generated JPEGs of the editions that have one;
            None: no image is stored (every ``has_image`` is False).
    """

    def __init__(self, image_folder: Path | None = None) -> None:
        self._cards = _cards()
        self._folder = image_folder
        self._images: dict[str, Path] = {}
        if image_folder is not None:
            image_folder.mkdir(parents=True, exist_ok=True)
            for c, (_, editions) in enumerate(CARDS):
                for e, (*_, has_image) in enumerate(editions):
                    if has_image:
                        filename = self._cards[c]["editions"][e]["image"].rsplit("/", 1)[-1]
                        (image_folder / filename).write_bytes(_jpeg(30 * c + 10 * e))
                        self._images[filename] = image_folder / filename

    # Endpoints ------------------------------------------------------------------------
    def card(self, slug: str) -> dict[str, Any]:
        """Endpoint 1: the card with ``result_editions`` = all editions. Raises NotFound."""
        for card in self._cards:
            if card["slug"] == slug:
                found = copy.deepcopy(card)
                found["result_editions"] = copy.deepcopy(card["editions"])
                return found
        raise NotFound(f"Card not found: no card has the slug {slug!r}")

    def card_by_number(self, set_prefix: str, collector_number: str) -> dict[str, Any]:
        """Endpoint 2: the card with only the matching editions. Raises NotFound."""
        for card in self._cards:
            matching = [e for e in card["editions"] if e["set"]["prefix"] == set_prefix
                        and e["collector_number"] == collector_number]
            if matching:
                return {**copy.deepcopy(card), "result_editions": copy.deepcopy(matching)}
        raise NotFound(f"Card not found: no edition {set_prefix} {collector_number}")

    def card_image(self, filename: str, rounded: bool = False) -> bytes:
        """Endpoint 3: the generated JPEG (a PNG with rounded corners). Raises NotFound."""
        path = self.card_image_path(filename)
        if path is None:
            raise NotFound(f"Image not found: {filename}")
        data = path.read_bytes()
        return rounded_png(data) if rounded else data

    def featured_sets(self) -> list[dict[str, Any]]:
        """Endpoint 4: one GENERATED group holding both sets, one empty group."""
        return [
            {"uuid": "gen0grp001", "name": "Generated Group", "image":
             "/featured-sets/images/GEN.png", "sets": [copy.deepcopy(s) for s in SETS.values()]},
            {"uuid": "gen0grp002", "name": "Generated Empty Group", "image":
             "/featured-sets/images/GEE.png", "sets": []},
        ]

    def featured_set_logo(self, filename: str) -> bytes:
        """Endpoint 5: no logo is stored (the usual case). Raises NotFound."""
        raise NotFound(f"Image not found: {filename}")

    def dynamic_thema_ranks(self) -> list[dict[str, Any]]:
        """Endpoint 6: one entry per dynamic edition and kind, ranked by a made-up total."""
        entries = []
        for c, card in enumerate(self._cards):
            edition = card["editions"][0]
            for k, kind in enumerate(KINDS):
                total = 900 - 60 * c - 25 * k
                score = {"change": round(2.5 - c + k / 2, 2), "thema_total": total,
                         "rank": 0, "rank_change": 1 - c + k,
                         **{f"thema_{e}": total // 5 for e in
                            ("charm", "ferocity", "grace", "mystique", "valor")}}
                base = {key: copy.deepcopy(value) for key, value in card.items()
                        if key not in ("editions", "result_editions", "references",
                                       "referenced_by", "rule", "legality", "effect_html")}
                entries.append({**base, "kind": kind, "score": score,
                                "edition": copy.deepcopy(edition)})
        entries.sort(key=lambda entry: -entry["score"]["thema_total"])
        for rank, entry in enumerate(entries, start=1):
            entry["score"]["rank"] = rank
        return entries

    def dynamic_thema_history(
        self, edition_uuid: str, kind: str | None = None,
        from_: str | None = None, to: str | None = None,
    ) -> list[dict[str, Any]]:
        """Endpoint 7: 60 daily entries ending 2026-04-04 (filtered by kind and dates).

        Raises:
            InvalidRequest: an unknown kind or a malformed date. NotFound: no such edition.
        """
        if kind is not None and kind.upper() not in KINDS:
            raise InvalidRequest(f"kind must be one of {', '.join(KINDS)}")
        if not any(e["uuid"] == edition_uuid for c in self._cards for e in c["editions"]):
            raise NotFound(f"Edition not found: {edition_uuid}")
        try:
            start = date.fromisoformat(from_[:10]) if from_ else date.min
            end = date.fromisoformat(to[:10]) if to else date.max
        except ValueError as error:
            raise InvalidRequest(f"Malformed date: {error}") from None
        last, entries = date(2026, 4, 4), []
        for kind_name in (kind.upper(),) if kind else KINDS:
            for day in range(60):
                when = last - timedelta(days=59 - day)
                if start <= when <= end:
                    total = 500 + 3 * day + (day % 7) * 5
                    entries.append({
                        "uuid": f"genHist{day:03d}", "kind": kind_name, "thema_total": total,
                        **{f"thema_{e}": total // 5 for e in
                           ("charm", "ferocity", "grace", "mystique", "valor")},
                        "created_at": f"{when.isoformat()}T00:00:00+00:00",
                        "rank": 40 - day // 3, "rank_change": 1 if day % 3 == 0 else 0,
                        "change": round(0.6 + (day % 7) / 10, 2)})
        return entries

    def option_search(self) -> dict[str, Any]:
        """``/option/search``: the two sets as the only option values."""
        return {"prefix": [{"text": s["name"], "value": p} for p, s in SETS.items()]}

    def cards_search(
        self, page: str | int | None = None, page_size: str | int | None = None,
        prefix: Sequence[str] = (), name: str | None = None, last_update: str | None = None,
        sort: str | None = None, order: str | None = None,
    ) -> dict[str, Any]:
        """``/cards/search``: every card whose name holds ``name``, on one page."""
        data = [copy.deepcopy(c) for c in self._cards
                if (name or "").casefold() in c["name"].casefold()]
        return {"data": data, "has_more": False, "order": order or "ASC", "page": 1,
                "page_size": len(data), "paginated_cards_count": len(data),
                "sort": sort or "name", "total_cards": len(data)}

    # The local part -------------------------------------------------------------------
    def query(
        self, text: str, per: Per = "card", sort: SortKey | str = "name",
        descending: bool = False, limit: int | None = None,
    ) -> QueryResult:
        """Cards (or editions) whose card name holds ``text`` (case-insensitive).

        Raises:
            InvalidRequest: an unknown ``per`` or ``sort``, a negative ``limit``.
        """
        if per not in ("card", "edition") or sort not in QUERY_SORTS:
            raise InvalidRequest(f"Unknown per {per!r} or sort {sort!r}")
        if limit is not None and limit < 0:
            raise InvalidRequest("limit must not be negative")
        wanted = text.strip().casefold()
        cards = [c for c in self._cards if wanted in c["name"].casefold()]
        hits: list[Hit] = [self._summary(c) for c in cards] if per == "card" else [
            self._edition_hit(c, e) for c in cards for e in c["editions"]]

        def key(hit: Hit) -> tuple[Any, ...]:
            if sort == "set":
                return (hit.set_prefix, hit.collector_number, hit.name, hit.uuid)
            if sort == "rarity" and isinstance(hit, EditionHit):
                return (hit.rarity or 0, hit.name, hit.uuid)
            return (hit.name.casefold(), hit.uuid)

        hits.sort(key=key, reverse=descending)
        total = len(hits)
        return QueryResult(text, per, tuple(hits if limit is None else hits[:limit]), total)

    def counts(self) -> dict[str, int]:
        """Numbers of cards, editions, sets and stored images."""
        return {"cards": len(self._cards), "editions": sum(len(c["editions"])
                                                           for c in self._cards),
                "sets": len(SETS), "images": len(self._images)}

    def card_image_path(self, filename: str) -> Path | None:
        """The generated JPEG's file, or None (no image folder, or no image)."""
        return self._images.get(filename)

    # Typing help
    def card_names(self, prefix: str, limit: int = 20) -> list[str]:
        """Names of the generated cards starting with ``prefix`` (any case), by name."""
        names = sorted(str(card["name"]) for card in self._cards)
        return [n for n in names if n.casefold().startswith(prefix.casefold())][:limit]

    def thema_generated(self) -> bool:
        """The fake's generated ranks and history are not marked as demo data."""
        return False

    @property
    def images(self) -> ImageStore:
        """The image folder's store. Raises InvalidRequest without an image folder."""
        if self._folder is None:
            raise InvalidRequest("This fake catalogue has no image folder")
        return ImageStore(self._folder)

    @property
    def paths(self) -> Paths | None:
        """None: the fake has no installation folders."""
        return None

    @property
    def data_dir(self) -> Path | None:
        """None: no data folder."""
        return None

    def data_dir_args(self) -> list[str]:
        """``[]``: the default folder's command lines."""
        return []

    # Helpers --------------------------------------------------------------------------
    def _shown(self, edition: dict[str, Any]) -> tuple[str, bool]:
        filename = str(edition["image"]).rsplit("/", 1)[-1]
        return filename, filename in self._images

    def _summary(self, card: dict[str, Any]) -> CardSummary:
        editions = card["editions"]
        shown = next((e for e in editions if self._shown(e)[1]), editions[0])
        filename, has_image = self._shown(shown)
        return CardSummary(card["uuid"], card["slug"], card["name"], len(editions),
                           shown["set"]["prefix"], shown["collector_number"], filename,
                           has_image)

    def _edition_hit(self, card: dict[str, Any], edition: dict[str, Any]) -> EditionHit:
        filename, has_image = self._shown(edition)
        return EditionHit(edition["uuid"], card["uuid"], card["slug"], card["name"],
                          edition["slug"], edition["set"]["prefix"],
                          edition["collector_number"], edition["rarity"], filename, has_image)


if TYPE_CHECKING:  # mypy checks that the fake implements the protocol's signatures
    def _fake_is_a_catalogue(fake: FakeCatalogue) -> Catalogue:
        return fake
