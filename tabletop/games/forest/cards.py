"""The Once Upon a Forest deck, read from ``assets/forest/cards.json`` (the project's own design)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tabletop.engine.paths import assets_dir

LEVELS = ("Ground", "1st level", "2nd level", "Canopy")
GROUND, FIRST, SECOND, CANOPY = range(4)


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    level: int
    name: str
    species: str | None
    animals: int
    chainsaw: bool
    start: bool

    def label(self) -> str:
        """``Oak trunk (1st level, 2 woodpeckers, chainsaw)``: the card in words."""
        bits = [LEVELS[self.level]]
        if self.animals:
            bits.append(animals_text(self.species, self.animals))
        if self.chainsaw:
            bits.append("chainsaw")
        if self.start:
            bits.append("start card")
        return f"{self.name} ({', '.join(bits)})"


@cache
def _data() -> dict:
    from tabletop.engine.files import read_json
    from tabletop.engine.game import GameError

    data = read_json(assets_dir() / "forest" / "cards.json", "The card file forest/cards.json", GameError)
    if not isinstance(data, dict):
        raise GameError("The card file forest/cards.json is damaged: reinstall the app.")
    return data


@cache
def species_names() -> dict[str, str]:
    return {key: s["name"] for key, s in _data()["species"].items()}


@cache
def species_plurals() -> dict[str, str]:
    """The plural of each species' name: the card data's ``plural`` (dormice), or an s."""
    plurals = {}
    for key, s in _data()["species"].items():
        name = s["name"]
        plurals[key] = s.get("plural") or name + ("es" if name.lower().endswith(("x", "s")) else "s")
    return plurals


def animals_text(species: str, count: int) -> str:
    """``1 beetle``, ``2 dormice``: a number of animals of one species (every card with animals has one)."""
    if count == 1:
        return f"1 {species_names()[species].lower()}"
    return f"{count} {species_plurals()[species].lower()}"


@cache
def deck() -> dict[str, Card]:
    """Every card by id, in deck order."""
    cards = {}
    for c in _data()["cards"]:
        cards[c["id"]] = Card(c["id"], c["level"], c["name"], c["species"], c["animals"], c["chainsaw"], c["start"])
    return cards


def card(card_id: str) -> Card:
    return deck()[card_id]
