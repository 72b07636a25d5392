"""A small GENERATED catalogue for search tests that need no real data.

Six hand-made cards (names, stats and editions invented for the tests, not real), written
through the real writer so the tables and the FTS index are what an import makes.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from app.bootstrap import Application, build
from app.store import CardRecord, Writer
from tests.helpers.cards import make_card, make_edition

_ALT_SET = {
    "created_at": "2024-01-26T12:00:00+00:00", "id": "gen0set002", "language": "CN",
    "last_update": "2025-01-18T17:40:17.152+00:00", "name": "Generated Alter Set",
    "prefix": "GEN Alter", "release_date": "2024-06-01T00:00:00",
}
_FOIL = {
    "created_at": "2025-01-18T17:40:17.152+00:00", "edition_id": "", "foil": True,
    "kind": "FOIL", "last_update": "2025-05-28T03:52:51.411+00:00", "name": "GEN Foil",
    "population": 250, "population_operator": "≈", "printing": False, "uuid": "genfoil001",
    "variants": [],
}


def _alt_edition(card: str, uuid: str, **extra: Any) -> dict[str, Any]:
    return make_edition(card, uuid, set=copy.deepcopy(_ALT_SET), **extra)


def _one_edition(card: str, **extra: Any) -> list[dict[str, Any]]:
    return [make_edition(card, "genEd" + card[-3:] + "01", **extra)]


def generated_cards() -> list[dict[str, Any]]:
    """The six generated cards (Card objects), each edition with its own uuid."""
    return [
        make_card(
            "genCard001", "Fire Spirit", types=["CHAMPION"], classes=["SPIRIT"], level=2,
            life=20, cost={"type": "memory", "value": "0"}, cost_memory=0, cost_reserve=None,
            speed=None, effect_raw="On Enter: draw a card.", legality={"STANDARD": {"limit": 0}},
            editions=[
                make_edition("genCard001", "genEd00101", rarity=5, thema_foil=1500,
                             thema_nonfoil=300, circulationTemplates=[dict(_FOIL)]),
                _alt_edition("genCard001", "genEd00102", number="002", rarity=8,
                             illustrator="木叶", thema_foil_dynamic=True),
            ],
        ),
        make_card("genCard002", "Water Bolt", elements=["WATER"], element="WATER",
                  subtypes=["SPELL"], speed=True, effect_raw="Deal 2 damage.",
                  editions=_one_edition("genCard002", rarity=2)),
        make_card("genCard003", "Wind Ally", types=["ALLY"], elements=["WIND"], element="WIND",
                  power=3, life=4, speed=None, cost={"type": "reserve", "value": "4"},
                  cost_reserve=4, flavor="The wind remembers.",
                  editions=_one_edition("genCard003", collector_number="003")),
        make_card("genCard004", "Mystery Cost", cost={"type": "reserve", "value": "X"},
                  cost_reserve=-1, speed=False,
                  editions=_one_edition("genCard004", configuration="flip",
                                        illustrator="Kumai", collaborators=["Sera"])),
        make_card("genCard005", "Éclair of Flames", types=["ACTION"], durability=2,
                  effect_raw="Fire-born flames rise.",
                  editions=_one_edition("genCard005", collector_number="005", rarity=3)),
        make_card("genCard006", "Or Else", classes=["WARRIOR", "GUARDIAN"], power=None,
                  cost={"type": "memory", "value": "3"}, cost_memory=3, cost_reserve=None,
                  editions=_one_edition("genCard006", collector_number="006")),
    ]


def generated_catalogue(folder: Path) -> Application:
    """An Archivist data folder at ``folder`` holding :func:`generated_cards`."""
    services = build(str(folder))
    Writer(services.store).write(CardRecord(card) for card in generated_cards())
    return services
