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

NOBLE, CORRUPTED, ABILITY, HERO, DAWN = "noble", "corrupted", "ability", "hero", "dawn"

# the four parts of the Gods & Myths expansion, each a game option (off: the base game's cards only)
GODLY_HEROES, MYTHICAL, GODLY_ABILITIES, DAWN_PHASE = "godly_heroes", "mythical_creatures", "godly_abilities", "dawn"
PARTS = (GODLY_HEROES, MYTHICAL, GODLY_ABILITIES, DAWN_PHASE)


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
    part: str = ""  # the expansion part that brings the card (one of PARTS); "" for the base game
    lasting: str = ""  # a Prolonged card in a Field, a banked Mythical set: the lasting kind, with its parameters
    lasting_params: tuple[tuple[str, Any], ...] = ()
    bonus_text: str = ""  # a Mythical Creature's set bonus, in words
    replaces: str = ""  # a Godly Hero that takes a base hero's place (the God of Wind: the Windmaster)

    @property
    def prolonged(self) -> bool:
        """A Godly (Prolonged) ability: activated into its owner's Field as a bonus action."""
        return self.type == ABILITY and bool(self.lasting)

    @property
    def mythical(self) -> bool:
        return self.is_animal and bool(self.lasting)

    @property
    def godly(self) -> bool:
        return self.type == HERO and bool(self.part)

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


def _effect(entry: dict, key: str = "effect") -> tuple[str, tuple[tuple[str, Any], ...]]:
    """An ability's or hero's effect kind (``key``: a lasting kind) and its parameters, as the card
    data gives them."""
    effect = dict(entry[key])
    kind = effect.pop("kind")
    return kind, tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in effect.items()))


@cache
def expansion_cards() -> dict[str, Card]:
    """The cards of Gods & Myths by id: Godly Heroes, Mythical Creatures, Godly Abilities (regular
    and Prolonged) and the Dawn cards.  Every one is the project's own design but for the Orb of
    Hades's power, which is public."""
    cards: dict[str, Card] = {}
    data = _data()["gods_and_myths"]
    for h in data["heroes"]:
        cards[h["kind"]] = Card(h["kind"], h["kind"], h["name"], HERO, h["text"], "", True, *_effect(h), GODLY_HEROES,
                                replaces=h.get("replaces", ""))
    for s in data["creatures"]:
        side = s["side"]
        name = f"{'Noble' if side == NOBLE else 'Corrupted'} {s['name']}"
        bonus = _effect(s, "bonus")
        for i in range(1, 4):
            cid = f"{s['kind']}{i}"
            cards[cid] = Card(cid, s["kind"], name, side, s["text"], "", True, "", (), MYTHICAL, *bonus, s["bonus_text"])
    for a in data["abilities"]:
        for i in range(1, a["copies"] + 1):
            cid = f"{a['kind']}{i}"
            cards[cid] = Card(cid, a["kind"], a["name"], ABILITY, a["text"], a["playable"], True, *_effect(a),
                              GODLY_ABILITIES)
    for a in data["prolonged"]:
        for i in range(1, a["copies"] + 1):
            cid = f"{a['kind']}{i}"
            cards[cid] = Card(cid, a["kind"], a["name"], ABILITY, a["text"], "As a bonus action in the Dream.",
                              a["origin"] == "our design", "", (), GODLY_ABILITIES, *_effect(a, "lasting"))
    d = data["dawn"]
    for i in range(1, d["copies"] + 1):
        cards[f"dawn{i}"] = Card(f"dawn{i}", "dawn", d["name"], DAWN, d["text"], "", True, "", (), DAWN_PHASE)
    return cards


@cache
def every_card() -> dict[str, Card]:
    """The base game's cards and the expansion's, by id."""
    return {**all_cards(), **expansion_cards()}


def card(card_id: str) -> Card:
    return every_card()[card_id]


@cache
def kind_of() -> dict[str, str]:
    """Card id -> kind, for the hot paths."""
    return {cid: c.kind for cid, c in every_card().items()}


@cache
def kind_names() -> dict[str, str]:
    """Kind -> card name ("rabbit" -> "Noble Rabbit")."""
    return {c.kind: c.name for c in every_card().values()}


@cache
def kind_types() -> dict[str, str]:
    return {c.kind: c.type for c in every_card().values()}


@cache
def species() -> tuple[str, ...]:
    """Every animal kind, noble first."""
    return tuple(s["kind"] for s in _data()["species"])


@cache
def ability_kinds() -> tuple[str, ...]:
    return tuple(a["kind"] for a in _data()["abilities"])


@cache
def main_deck(purist: bool = False, parts: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The cards shuffled into the main deck: animals and (unless Purist) abilities, then those of
    the expansion's ``parts`` (never its heroes; Purist leaves out its abilities too)."""
    base = tuple(cid for cid, c in all_cards().items() if c.is_animal or (c.type == ABILITY and not purist))
    extra = tuple(cid for cid, c in expansion_cards().items()
                  if c.part in parts and c.type != HERO and not (purist and c.type == ABILITY))
    return base + extra


@cache
def hero_cards() -> tuple[str, ...]:
    return tuple(cid for cid, c in all_cards().items() if c.type == HERO)


@cache
def godly_heroes() -> tuple[str, ...]:
    """The Godly Heroes a player chooses from as their second hero (the God of Wind is not one
    of them: it takes the Windmaster's place among the regular heroes)."""
    return tuple(cid for cid, c in expansion_cards().items() if c.type == HERO and not c.replaces)


@cache
def regular_heroes(godly: bool) -> tuple[str, ...]:
    """The heroes of the first choice: the base game's, with (Godly Heroes on) the God of Wind in
    place of the Windmaster."""
    if not godly:
        return hero_cards()
    swap = {c.replaces: cid for cid, c in expansion_cards().items() if c.replaces}
    return tuple(swap.get(cid, cid) for cid in hero_cards())


def distinct(cards: list[str]) -> list[str]:
    """One card per kind (copies are alike in play): the lowest id of each, whatever the order
    of the hand (so the choices do not depend on an order others may not know)."""
    first: dict[str, str] = {}
    kinds = kind_of()
    for c in cards:
        k = kinds[c]
        first[k] = min(first.get(k, c), c)
    return sorted(first.values())


@cache
def mythical_species() -> frozenset[str]:
    """The Mythical Creatures' species (kinds)."""
    return frozenset(c.kind for c in expansion_cards().values() if c.mythical)
