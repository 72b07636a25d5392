"""``run_query`` on a small generated catalogue: semantics, order, limits, totals, modes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from app.errors import InvalidRequest
from app.model.query import CardSummary, EditionHit
from app.search import QuerySyntaxError
from app.store import Store
from app.store.language.query import run_query
from tests.search.generated import generated_catalogue


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    services = generated_catalogue(tmp_path_factory.mktemp("generated"))
    yield services.store
    services.store.close()


def slugs(store: Store, query: str, **options: object) -> list[str]:
    return [hit.slug for hit in run_query(store, query, **options).hits]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", ["fire-spirit", "mystery-cost", "or-else", "water-bolt", "wind-ally",
              "éclair-of-flames"]),
        ("fire", ["fire-spirit"]),  # names only: "Fire-born" is in an effect
        ("o:fire", ["éclair-of-flames"]),
        ("o:fire-bo", ["éclair-of-flames"]),  # a phrase, the last word a prefix
        ('o:"fire bo"', []),  # quoted: whole words
        ("eclair", ["éclair-of-flames"]),  # diacritics do not matter
        ('"or"', ["or-else"]),
        ("ft:wind", ["wind-ally"]),
        ("cl:guardian", ["or-else"]),
        ("-cl:mage", ["fire-spirit", "or-else"]),
        ("cl!=mage", ["fire-spirit", "or-else"]),
        ("banned:STANDARD", ["fire-spirit"]),  # its legality says limit 0
        ("f:STANDARD", ["mystery-cost", "or-else", "water-bolt", "wind-ally",
                        "éclair-of-flames"]),  # playable: every other card
        ("restricted:standard", []),
        ("spd:slow", ["mystery-cost"]),
        ("cost=x", ["mystery-cost"]),
        ("cost!=x t:action", ["water-bolt", "éclair-of-flames", "or-else"]),
        ("res=x", ["mystery-cost"]),
        ("res<3", ["water-bolt", "éclair-of-flames"]),  # X is no number
        ("pow!=3", []),  # != needs the stat: no other card has a power
        ("-pow=3", ["fire-spirit", "mystery-cost", "or-else", "water-bolt",
                    "éclair-of-flames"]),
        ("lv>=2 life=20", ["fire-spirit"]),
        ("lang:cn", ["fire-spirit"]),
        ("a:KUMAI", ["mystery-cost"]),
        ("a:sera", ["mystery-cost"]),  # a collaborator
        ("a:木", ["fire-spirit"]),
        ("is:flip", ["mystery-cost"]),
        ("is:dynamic", ["fire-spirit"]),
        ("thema>1000", ["fire-spirit"]),
        ("thema=300", ["fire-spirit"]),  # the non-foil total
        ('s:"gen alter" r:ur', []),  # one edition must hold both: none does
        ("s:gen r:ur", ["fire-spirit"]),
        ("r:c", ["mystery-cost", "or-else", "wind-ally"]),
        ("-s:\"gen 1st\"", ["fire-spirit"]),  # an edition outside GEN 1st
    ],
)
def test_card_queries(store: Store, query: str, expected: list[str]) -> None:
    assert sorted(slugs(store, query)) == sorted(expected)


def test_per_edition_terms_must_hold_for_the_same_edition(store: Store) -> None:
    result = run_query(store, 's:"gen alter" r:ur', per="edition")
    assert result.hits == () and result.describe() == "No editions match."
    hits = run_query(store, "fire is:dynamic", per="edition").hits
    assert [(h.uuid, h.set_prefix, h.collector_number) for h in hits] == [
        ("genEd00102", "GEN Alter", "002")
    ]
    assert isinstance(hits[0], EditionHit) and hits[0].rarity == 8
    assert hits[0].slug == "fire-spirit" and hits[0].card_uuid == "genCard001"


def test_a_card_hit_shows_its_first_edition_and_counts_its_editions(store: Store) -> None:
    (hit,) = run_query(store, "fire").hits
    assert isinstance(hit, CardSummary)
    assert (hit.editions, hit.set_prefix, hit.collector_number) == (2, "GEN 1st", "001")
    assert hit.image_file == "genEd00101.jpg" and hit.has_image is False


@pytest.mark.parametrize(
    ("sort", "descending", "expected"),
    [
        ("name", True, ["éclair-of-flames", "wind-ally", "water-bolt", "or-else",
                        "mystery-cost", "fire-spirit"]),
        ("cost", False, ["fire-spirit", "water-bolt", "éclair-of-flames", "or-else",
                         "wind-ally", "mystery-cost"]),  # 0, 2, 2, 3, 4, X last
        ("cost", True, ["wind-ally", "or-else", "water-bolt", "éclair-of-flames",
                        "fire-spirit", "mystery-cost"]),  # ties by name, X still last
        ("rarity", True, ["fire-spirit", "éclair-of-flames", "water-bolt", "mystery-cost",
                          "or-else", "wind-ally"]),  # a card's highest rarity
        ("set", False, ["fire-spirit", "mystery-cost", "water-bolt", "wind-ally",
                        "éclair-of-flames", "or-else"]),  # GEN 1st 001 ×3 by name, 003 …
        ("power", True, ["wind-ally", "fire-spirit", "mystery-cost", "or-else", "water-bolt",
                         "éclair-of-flames"]),
    ],
)
def test_sorting_with_ties_by_name_and_missing_values_last(
    store: Store, sort: str, descending: bool, expected: list[str]
) -> None:
    assert slugs(store, "", sort=sort, descending=descending) == expected


def test_per_edition_sorting_by_thema_uses_the_higher_total(store: Store) -> None:
    hits = run_query(store, "", per="edition", sort="thema", descending=True).hits
    assert [h.uuid for h in hits][:1] == ["genEd00101"]


def test_limit_keeps_the_total(store: Store) -> None:
    result = run_query(store, "", limit=2)
    assert len(result.hits) == 2 and result.total == 6
    assert result.describe() == "Showing 2 of 6 cards"
    assert run_query(store, "", limit=0).total == 6
    assert run_query(store, "fire").describe() == "1 card"
    assert run_query(store, "", per="edition").describe() == "7 editions"


@pytest.mark.parametrize(
    "options", [{"per": "set"}, {"sort": "uuid"}, {"limit": -1}]
)
def test_bad_options_are_invalid_requests(store: Store, options: dict[str, object]) -> None:
    with pytest.raises(InvalidRequest):
        run_query(store, "fire", **options)  # type: ignore[arg-type]


def test_a_malformed_query_raises_the_syntax_error(store: Store) -> None:
    with pytest.raises(QuerySyntaxError) as caught:
        run_query(store, "t:ally (cost<2")
    assert caught.value.position == 7


@pytest.mark.realdata
def test_the_card_whose_name_was_typed_comes_first(real_catalogue: object) -> None:
    store = real_catalogue.store  # type: ignore[attr-defined]
    names = [h.name for h in run_query(store, "spirit of fire").hits]
    assert names[0] == "Spirit of Fire"
    assert names[1:] == sorted(names[1:], key=str.lower)  # then names that start with it…
    assert "Aithne, Spirit of Fire" in names
    descending = [h.name for h in run_query(store, "spirit of fire", descending=True).hits]
    assert descending == sorted(descending, key=str.lower, reverse=True)  # plain order
