"""The collection and the deck being built, for the deck builder: which cards a filter keeps,
adding and taking away copies (the Realm and World lists follow), and a deck's figures for its
charts.  Pure Python; the screen is :mod:`tabletop.games.three_spheres.screens.decks`."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace

from .cards import (
    ACTIVATED, MAX_COPIES, MAX_LEVEL4_COPIES, PLAY, SPHERES, TURN_START, Card, auto_realm, auto_world, card, deck_cards,
    info,
)
from .deck_files import DeckList

KEYWORDS = ("persist", "turn_start", "when_played", "activated", "no_ability")
KEYWORD_WORDS = {"persist": "Persist", "turn_start": "Turn Start", "when_played": "When played",
                 "activated": "Activated", "no_ability": "No ability"}
SCORING = ("fixed", "dynamic", "none")
SCORING_WORDS = {"fixed": "Fixed points", "dynamic": "Dynamic points", "none": "No points"}


@dataclass(frozen=True)
class CardFilter:
    """What the collection shows: every field left empty keeps every card.  A card is kept when it
    is of one of ``spheres``, of one of ``levels``, costs within ``cost`` (inclusive), has one of
    ``keywords``, scores in one of the ``scoring`` ways, and its name or text holds every word of
    ``text``."""

    spheres: frozenset[str] = frozenset()
    levels: frozenset[int] = frozenset()
    cost: tuple[int, int] | None = None
    keywords: frozenset[str] = frozenset()
    scoring: frozenset[str] = frozenset()
    text: str = ""

    def keeps(self, c: Card) -> bool:
        if self.spheres and c.sphere not in self.spheres:
            return False
        if self.levels and c.level not in self.levels:
            return False
        if self.cost is not None and not self.cost[0] <= c.cost <= self.cost[1]:
            return False
        if self.keywords and not self.keywords & keywords_of(c):
            return False
        if self.scoring and not self.scoring & scoring_of(c):
            return False
        if self.text:
            haystack = f"{c.name} {c.text} {c.flavour}".casefold()
            return all(word in haystack for word in self.text.casefold().split())
        return True


def keywords_of(c: Card) -> frozenset[str]:
    out = {"persist"} if c.persist else set()
    whens = {a.when for a in c.abilities}
    out |= {k for k, when in (("turn_start", TURN_START), ("when_played", PLAY), ("activated", ACTIVATED))
            if when in whens}
    if not c.abilities:
        out.add("no_ability")
    return frozenset(out)


def scoring_of(c: Card) -> frozenset[str]:
    out = set()
    if c.points:
        out.add("fixed")
    if c.points_per is not None:
        out.add("dynamic")
    return frozenset(out or {"none"})


def collection(f: CardFilter | None = None) -> list[str]:
    """The ids of the cards a deck may hold that ``f`` keeps, by sphere, level, then name."""
    order = {s: i for i, s in enumerate(SPHERES)}
    cards = [card(cid) for cid in deck_cards()]
    kept = [c for c in cards if f is None or f.keeps(c)]
    return [c.id for c in sorted(kept, key=lambda c: (order[c.sphere], c.level, c.name))]


# ---------------------------------------------------------------- building


def copies_allowed(cid: str) -> int:
    return MAX_LEVEL4_COPIES if card(cid).level == 4 else MAX_COPIES


def add_copy(deck: DeckList, cid: str) -> tuple[DeckList, str]:
    """``deck`` with one more copy of ``cid``, and "" -- or ``deck`` itself and why not (the
    copies a card may have)."""
    have = deck.cards.count(cid)
    most = copies_allowed(cid)
    if have >= most:
        which = "a level-4 card" if most == MAX_LEVEL4_COPIES else "a card"
        copies = "copy" if most == 1 else "copies"
        return deck, f"A deck holds at most {most} {copies} of {which}: it has {have} of {card(cid).name}."
    return replace(deck, cards=deck.cards + (cid,)), ""


def remove_copy(deck: DeckList, cid: str) -> DeckList:
    """``deck`` with one copy of ``cid`` fewer (the last one listed); a named Realm or World that
    then names it more often than the deck holds it loses one too (the World first)."""
    if cid not in deck.cards:
        return deck
    cards = _drop_one(deck.cards, cid)
    left = cards.count(cid)
    realm, world = deck.realm, deck.world
    while (realm or ()).count(cid) + (world or ()).count(cid) > left:
        if world is not None and cid in world:
            world = _drop_one(world, cid)
        else:
            realm = _drop_one(realm, cid)
    return replace(deck, cards=cards, realm=realm, world=world)


def _drop_one(cards: tuple[str, ...], cid: str) -> tuple[str, ...]:
    out = list(cards)
    del out[len(out) - 1 - out[::-1].index(cid)]
    return tuple(out)


def chosen_lists(deck: DeckList) -> tuple[list[str], list[str]]:
    """The Realm and the World list the deck plays with: named, or chosen by rule (decision 2)."""
    realm = list(deck.realm) if deck.realm is not None else auto_realm(deck.cards)
    if deck.world is not None:
        return realm, list(deck.world)
    rest = Counter(deck.cards) - Counter(realm)
    return realm, auto_world(list(rest.elements()))


def set_part(deck: DeckList, part: str, cid: str, count: int) -> DeckList:
    """``deck`` with ``count`` copies of ``cid`` in its Realm (``part`` "realm") or World list
    ("world"); a list chosen by rule is first written out as chosen, so editing one entry keeps
    the others.  The World list keeps the order of preference by level, then cost, then name."""
    realm, world = chosen_lists(deck)
    lists = {"realm": realm, "world": world}
    current = lists[part]
    others = [c for c in current if c != cid]
    lists[part] = others + [cid] * max(0, count)
    if part == "world":
        lists["world"].sort(key=lambda c: (-info(c).level, -info(c).cost, info(c).name))
    return replace(deck, realm=tuple(lists["realm"]), world=tuple(lists["world"]))


def written_out(deck: DeckList) -> DeckList:
    """``deck`` with the Realm and World it plays with named (as the rule would choose them)."""
    realm, world = chosen_lists(deck)
    return replace(deck, realm=tuple(realm), world=tuple(world))


def automatic(deck: DeckList) -> DeckList:
    """``deck`` with its Realm and World chosen by rule again."""
    return replace(deck, realm=None, world=None)


def deck_rows(deck: DeckList) -> list[tuple[str, int, int, int]]:
    """The deck list as shown: (card id, copies, in the Realm, in the World) by level, then
    name."""
    realm, world = chosen_lists(deck)
    counts, in_realm, in_world = Counter(deck.cards), Counter(realm), Counter(world)
    return [(cid, n, in_realm[cid], in_world[cid])
            for cid, n in sorted(counts.items(), key=lambda x: (info(x[0]).level, info(x[0]).name))]


# ---------------------------------------------------------------- the deck's figures


@dataclass
class DeckFigures:
    """What the deck builder's charts draw."""

    levels: list[int] = field(default_factory=lambda: [0] * 5)  # cards of each level 0-4
    costs: dict[int, int] = field(default_factory=dict)  # cards by buy cost
    resources: dict[int, int] = field(default_factory=dict)  # cards by resources given when spent
    spheres: dict[str, int] = field(default_factory=dict)
    fixed_points: dict[str, int] = field(default_factory=dict)  # fixed points by sphere
    dynamic_cards: dict[str, int] = field(default_factory=dict)  # cards with dynamic points, by sphere
    dynamic_most: int = 0  # the most the dynamic cards could give (their caps added up)

    @property
    def mean_resources(self) -> float:
        n = sum(self.resources.values())
        return sum(r * k for r, k in self.resources.items()) / n if n else 0.0


def figures(cards: tuple[str, ...] | list[str]) -> DeckFigures:
    f = DeckFigures()
    for cid in cards:
        c = card(cid)
        f.levels[c.level] += 1
        f.costs[c.cost] = f.costs.get(c.cost, 0) + 1
        f.resources[c.resources] = f.resources.get(c.resources, 0) + 1
        f.spheres[c.sphere] = f.spheres.get(c.sphere, 0) + 1
        if c.points:
            f.fixed_points[c.sphere] = f.fixed_points.get(c.sphere, 0) + c.points
        if c.points_per is not None:
            f.dynamic_cards[c.sphere] = f.dynamic_cards.get(c.sphere, 0) + 1
            f.dynamic_most += c.points_per.max
    return f
