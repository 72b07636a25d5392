"""A newer catalogue GENERATED from the real 2026-04-04 snapshot, for patch-note tests.

:func:`write_newer_catalogue` writes one JSON file with every valid card of the snapshot
(the 33 old-shape ``DOApSP.json`` records left out, as an import leaves them out) and
exactly these changes, each card's ``last_update`` moved forward:

- an erratum: Nascent Blast's text ("its owner's memory" → "its owner's graveyard");
- a ban: Tether in Flames banned in Standard;
- a rename whose name other cards mention: Direwolf → Dire Wolf (slug ``dire-wolf``); the
  two cards that refer to it (Dire Requiem, Direwolf Alpha) name it anew in ``references``;
- a new Chinese printing: Trump Set in the Chinese set SLC (``SLC 099``, its own text);
- editions reordered (and ``last_update`` moved) on 25 other cards: no change of content.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

ERRATA, BANNED, RENAMED, PRINTED = "nascent-blast", "tether-in-flames", "dire-wolf", "trump-set"
REFERRERS = ("dire-requiem", "direwolf-alpha")
CHANGED = (ERRATA, BANNED, RENAMED, PRINTED, *REFERRERS)
"""Slugs of the cards the newer catalogue changes (after the change)."""
REORDERED = 25
LATER = "2026-05-01T00:00:00.000Z"


def _cards(snapshot: Path) -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = {}
    for path in sorted(snapshot.glob("*.json")):
        for card in json.loads(path.read_text(encoding="utf-8")):
            if "last_update" in card:  # the old-shape records an import rejects
                cards.setdefault(card["slug"], card)
    return cards


def write_newer_catalogue(snapshot: Path, target: Path) -> Path:
    """Write the newer catalogue made from ``snapshot`` to ``target`` (a JSON file)."""
    cards = copy.deepcopy(_cards(snapshot))
    blast = cards[ERRATA]
    for key in ("effect_raw", "effect", "effect_html"):
        blast[key] = blast[key].replace("owner's memory", "owner's graveyard")
    cards[BANNED]["legality"] = {"STANDARD": {"limit": 0}}
    wolf = cards.pop("direwolf")
    wolf.update(name="Dire Wolf", slug=RENAMED)
    cards[RENAMED] = wolf
    for slug in REFERRERS:
        for ref in cards[slug]["references"]:
            if ref["slug"] == "direwolf":
                ref.update(name="Dire Wolf", slug=RENAMED)
    trump = cards[PRINTED]
    chinese_set = next(e["set"] for c in cards.values() for e in c["editions"]
                       if e["set"]["prefix"] == "SLC")
    printing = copy.deepcopy(trump["editions"][0])
    printing.update(uuid="zhTrump099", slug="trump-set-slc", collector_number="099",
                    rarity=3, set=copy.deepcopy(chinese_set), circulations=[],
                    circulationTemplates=[], image="/cards/images/zhTrump099.jpg",
                    effect_raw="[Class Bonus] 此牌的使用代價減少1點。", effect=None,
                    effect_html=None, last_update="2026-05-01T00:00:00+00:00")
    trump["editions"].append(printing)
    for slug in CHANGED:
        cards[slug]["last_update"] = LATER
    several = [c for s, c in sorted(cards.items())
               if s not in CHANGED and len(c["editions"]) > 1][:REORDERED]
    for card in several:
        card["editions"].reverse()
        card["last_update"] = LATER
    target.write_text(json.dumps(list(cards.values()), ensure_ascii=False), encoding="utf-8")
    return target
