"""The Spheres of Life: Mythical Forest cards, read from ``assets/spheres_of_life/cards.json``.

Card ids are the kind followed by the copy number: ``rabbit1``..``rabbit3``, ``apple1``..``apple7``,
``druid1``, ``windmaster``.  A card's *kind* is what matters in play (copies are alike); the id
only tells copies apart.  Species and ability kinds marked ``our design`` in the data are the
project's own (docs/rules/spheres-of-life.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from tabletop.engine.paths import assets_dir

NOBLE, CORRUPTED, ABILITY, HERO = "noble", "corrupted", "ability", "hero"


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    kind: str  # rabbit, snake, apple, druid ...
    name: str  # "Noble Rabbit", "Apple of Life", "Druid"
    type: str  # noble, corrupted, ability, hero
    text: str
    playable: str = ""  # abilities: when the card may be played
    own_design: bool = False
    effect: str = ""  # abilities and heroes: the effect kind (see effects.py), with its parameters
    params: tuple[tuple[str, Any], ...] = ()

    @property
    def is_animal(self) -> bool:
        return self.type in (NOBLE, CORRUPTED)


@cache
def _data() -> dict:
    from tabletop.engine.files import read_json
    from tabletop.engine.game import GameError

    data = read_json(assets_dir() / "spheres_of_life" / "cards.json", "The card file spheres_of_life/cards.json", GameError)
    if not isinstance(data, dict):
        raise GameError("The card file spheres_of_life/cards.json is damaged: reinstall the app.")
    return data


@cache
def all_cards() -> dict[str, Card]:
    """Every card (heroes included) by id."""
    cards: dict[str, Card] = {}
    data = _data()
    for s in data["species"]:
        side = s["side"]
        name = f"{'Noble' if side == NOBLE else 'Corrupted'} {s['name']}"
        for i in range(1, 4):
            cards[f"{s['kind']}{i}"] = Card(f"{s['kind']}{i}", s["kind"], name, side, s["text"], "",
                                           s["origin"] == "our design")
    for a in data["abilities"]:
        for i in range(1, a["copies"] + 1):
            cards[f"{a['kind']}{i}"] = Card(f"{a['kind']}{i}", a["kind"], a["name"], ABILITY, a["text"],
                                           a["playable"], a["origin"] == "our design", *_effect(a))
    for h in data["heroes"]:
        for i in range(1, h["copies"] + 1):
            cid = h["kind"] if h["copies"] == 1 else f"{h['kind']}{i}"
            cards[cid] = Card(cid, h["kind"], h["name"], HERO, h["text"], "", False, *_effect(h))
    return cards


def _effect(entry: dict) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """An ability's or hero's effect kind and its parameters, as the card data gives them."""
    effect = dict(entry["effect"])
    kind = effect.pop("kind")
    return kind, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in effect.items()))


def card(card_id: str) -> Card:
    return all_cards()[card_id]


@cache
def kind_of() -> dict[str, str]:
    """Card id -> kind, for the hot paths."""
    return {cid: c.kind for cid, c in all_cards().items()}


@cache
def kind_names() -> dict[str, str]:
    """Kind -> card name ("rabbit" -> "Noble Rabbit")."""
    return {c.kind: c.name for c in all_cards().values()}


@cache
def kind_types() -> dict[str, str]:
    return {c.kind: c.type for c in all_cards().values()}


@cache
def species() -> tuple[str, ...]:
    """Every animal kind, noble first."""
    return tuple(s["kind"] for s in _data()["species"])


@cache
def ability_kinds() -> tuple[str, ...]:
    return tuple(a["kind"] for a in _data()["abilities"])


@cache
def main_deck(purist: bool = False) -> tuple[str, ...]:
    """The cards shuffled into the main deck: animals and (unless Purist) abilities."""
    return tuple(cid for cid, c in all_cards().items() if c.is_animal or (c.type == ABILITY and not purist))


@cache
def hero_cards() -> tuple[str, ...]:
    return tuple(cid for cid, c in all_cards().items() if c.type == HERO)


def distinct(cards: list[str]) -> list[str]:
    """One card per kind (copies are alike in play): the lowest id of each, whatever the order
    of the hand (so the choices do not depend on an order others may not know)."""
    first: dict[str, str] = {}
    kinds = kind_of()
    for c in cards:
        k = kinds[c]
        first[k] = min(first.get(k, c), c)
    return sorted(first.values())
