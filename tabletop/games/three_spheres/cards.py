"""Three Spheres TCG: the card set and the pre-built decks, read from ``assets/three_spheres/``.

The whole set is the project's own design (docs/rules/three-spheres.md, "The card set"): the rule
text names no cards.  A card's abilities are data -- effect kinds with their parameters, from the
small set of effect kinds in ``effects.py`` -- and its text is generated from that data
(:func:`card_text`), so text and behaviour cannot drift.  This module is the data, its checks, the deck rules (decision 1)
and the automatic Realm and World (decision 2); the game is in ``rules.py``.

Parsing works on plain dicts (:func:`parse_cards`, :func:`parse_decks`), so bad data can be
tested without a file; :func:`all_cards` and :func:`decks` read the project's files once.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from tabletop.engine.game import GameError
from tabletop.engine.paths import assets_dir

from .effects import EFFECTS, effect, is_whole
from .words import plural

FOREST, MYTH, STONES, NEUTRAL = "forest", "myth", "stones", "neutral"
SPHERES = (FOREST, MYTH, STONES, NEUTRAL)
SPHERE_NAMES = {FOREST: "Forest", MYTH: "Myth", STONES: "Stones", NEUTRAL: "neutral"}
LEVELS = range(5)
WISP = "wisp"  # the Corrupted Wisp: the shared supply, never part of a deck
WISP_SUPPLY = 12  # Wisps in the supply both players share

PLAY, TURN_START, ACTIVATED = "play", "turn_start", "activated"
WHENS = (PLAY, TURN_START, ACTIVATED)

# the deck rules (decision 1) and the World's sizes (decision 2)
DECK_SIZE, MAX_COPIES, MAX_LEVEL4_COPIES = 30, 3, 1
REALM_SIZE, REALM_LEVELS, REALM_MAX_LEVEL_SUM = 10, (0, 1), 5
WORLD_LIST, WORLD_SIZES, WORLD_SIZE = 9, (7, 8, 9), 8


class CardDataError(GameError, ValueError):
    """Card or deck data that cannot be used; the message names the card (or deck) and the field."""


# dynamic points: what a card counts, and the extra field that kind needs
POINTS_PER = {"sphere": "sphere", "persist": "", "opponent_wisps": "", "distinct_levels": "", "card": "card"}

_CARD_FIELDS = {"id", "name", "sphere", "level", "cost", "resources", "persist", "abilities", "points", "flavour",
                "origin"}
_OPTIONAL_FIELDS = {"points_per", "supply"}
_ID = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Effect:
    kind: str  # one of the effect kinds (effects.EFFECTS)
    params: tuple[tuple[str, Any], ...] = ()

    def __getitem__(self, name: str) -> Any:
        return dict(self.params)[name]


@dataclass(frozen=True, slots=True)
class Ability:
    when: str  # play, turn_start or activated
    effects: tuple[Effect, ...]
    cost: int = 0  # activated: what must be paid into it (decision 4)
    repeatable: bool = False  # activated: happens again each time the cost is paid again this turn


@dataclass(frozen=True, slots=True)
class PointsPer:
    """Dynamic points: ``points`` for each thing counted, the total at most ``max`` (0: no cap)."""
    per: str  # one of POINTS_PER
    points: int
    sphere: str = ""  # per sphere
    card: str = ""  # per card: the card id counted
    max: int = 0


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    sphere: str
    level: int
    cost: int  # to buy it
    resources: int  # when spent
    persist: bool
    abilities: tuple[Ability, ...]
    points: int  # fixed points
    points_per: PointsPer | None
    flavour: str
    own_design: bool
    supply: bool = False  # the shared supply (the Corrupted Wisp), not deck-legal

    @property
    def text(self) -> str:
        return card_text(self)


@dataclass(frozen=True, slots=True)
class Deck:
    id: str
    name: str
    description: str
    cards: tuple[str, ...]  # all 30
    realm: tuple[str, ...]  # the 10 of the starting Realm
    world: tuple[str, ...]  # the 9 of the World list, in order of preference


# ---------------------------------------------------------------- parsing


def parse_cards(data: Any, source: str = "three_spheres/cards.json") -> dict[str, Card]:
    """The cards of ``data`` (``{"cards": [...]}``, as the file holds it) by id, in file order;
    any problem raises :class:`CardDataError` naming the card and the field."""
    if not isinstance(data, Mapping) or not isinstance(data.get("cards"), list):
        raise CardDataError(f"The card file {source} is damaged: it has no list of cards.")
    cards: dict[str, Card] = {}
    for i, entry in enumerate(data["cards"]):
        c = _parse_card(entry, i, source)
        if c.id in cards:
            raise CardDataError(f"{source}: the card id {c.id!r} is used twice.")
        cards[c.id] = c
    for c in cards.values():
        if c.points_per and c.points_per.per == "card" and c.points_per.card not in cards:
            raise CardDataError(f"The card {c.id} ({source}): points_per counts the card {c.points_per.card!r}, "
                                "which the set does not have.")
    if WISP not in cards or not cards[WISP].supply:
        raise CardDataError(f"{source}: the Corrupted Wisp ({WISP!r}, a supply card) is missing.")
    return cards


def _parse_card(entry: Any, index: int, source: str) -> Card:
    if not isinstance(entry, Mapping):
        raise CardDataError(f"{source}: card number {index + 1} is not an object.")
    cid = entry.get("id")
    if not isinstance(cid, str) or not _ID.fullmatch(cid):
        raise CardDataError(f"{source}: card number {index + 1} has no valid id (snake_case): {cid!r}.")
    who = f"The card {cid} ({source})"

    def bad(field: str, what: str) -> CardDataError:
        return CardDataError(f"{who}: {field} must be {what}; it is {entry.get(field)!r}.")

    missing = sorted(_CARD_FIELDS - set(entry))
    if missing:
        raise CardDataError(f"{who} has no {missing[0]}.")
    unknown = sorted(set(entry) - _CARD_FIELDS - _OPTIONAL_FIELDS)
    if unknown:
        raise CardDataError(f"{who} has a field the format does not know: {unknown[0]!r}.")
    for field in ("name", "flavour"):
        if not isinstance(entry[field], str) or not entry[field].strip():
            raise bad(field, "a text")
    if entry["sphere"] not in SPHERES:
        raise bad("sphere", "one of " + ", ".join(SPHERES))
    if not is_whole(entry["level"]) or entry["level"] not in LEVELS:
        raise bad("level", "a level from 0 to 4")
    for field in ("cost", "resources"):
        if not is_whole(entry[field]) or entry[field] < 0:
            raise bad(field, "a whole number of at least 0")
    if not is_whole(entry["points"]):
        raise bad("points", "a whole number")
    for field in ("persist", "supply"):
        if not isinstance(entry.get(field, False), bool):
            raise bad(field, "true or false")
    if entry["origin"] != "our design":
        raise bad("origin", "'our design' (the set is the project's own)")
    if not isinstance(entry["abilities"], list):
        raise bad("abilities", "a list")
    abilities = tuple(_parse_ability(a, f"{who}: ability {n}") for n, a in enumerate(entry["abilities"], 1))
    if entry["persist"] and not abilities:
        raise CardDataError(f"{who}: a Persisting card needs an ability (it persists once played for it).")
    if any(a.when == TURN_START for a in abilities) and not entry["persist"]:
        raise CardDataError(f"{who}: a Turn Start ability needs a Persisting card (decision 7).")
    points_per = _parse_points_per(entry["points_per"], who) if "points_per" in entry else None
    return Card(cid, entry["name"], entry["sphere"], entry["level"], entry["cost"], entry["resources"],
                entry["persist"], abilities, entry["points"], points_per, entry["flavour"], True,
                entry.get("supply", False))


def _parse_ability(a: Any, where: str) -> Ability:
    if not isinstance(a, Mapping):
        raise CardDataError(f"{where} is not an object.")
    when = a.get("when")
    if when not in WHENS:
        raise CardDataError(f"{where}: when must be one of {', '.join(WHENS)}; it is {when!r}.")
    allowed = {"when", "effects"} | ({"cost", "repeatable"} if when == ACTIVATED else set())
    unknown = sorted(set(a) - allowed)
    if unknown:
        raise CardDataError(f"{where}: a {when} ability takes no {unknown[0]!r}.")
    if when == ACTIVATED:
        if not is_whole(a.get("cost")) or a["cost"] < 1:
            raise CardDataError(f"{where}: an activated ability needs a cost of at least 1; it is {a.get('cost')!r}.")
        if not isinstance(a.get("repeatable"), bool):
            raise CardDataError(f"{where}: repeatable must be true or false; it is {a.get('repeatable')!r}.")
    effects = a.get("effects")
    if not isinstance(effects, list) or not effects:
        raise CardDataError(f"{where}: effects must be a list of at least one effect.")
    return Ability(when, tuple(_parse_effect(e, f"{where}, effect {n}") for n, e in enumerate(effects, 1)),
                   a.get("cost", 0), a.get("repeatable", False))


def _parse_effect(e: Any, where: str) -> Effect:
    if not isinstance(e, Mapping):
        raise CardDataError(f"{where} is not an object.")
    kind = e.get("kind")
    if not isinstance(kind, str) or kind not in EFFECTS:
        raise CardDataError(f"{where} names the effect kind {kind!r}, which is not one of "
                            f"{', '.join(EFFECTS.names())}.")
    params = {k: v for k, v in e.items() if k != "kind"}
    problem = EFFECTS.problem(kind, params, where=where)
    if problem:
        raise CardDataError(problem)
    return Effect(kind, tuple((k, params[k]) for k in EFFECTS.parameters(kind)))


def _parse_points_per(p: Any, who: str) -> PointsPer:
    if not isinstance(p, Mapping):
        raise CardDataError(f"{who}: points_per must be an object; it is {p!r}.")
    per = p.get("per")
    if per not in POINTS_PER:
        raise CardDataError(f"{who}: points_per counts {per!r}, which is not one of {', '.join(POINTS_PER)}.")
    needs = POINTS_PER[per]
    unknown = sorted(set(p) - {"per", "points", "max"} - ({needs} if needs else set()))
    if unknown:
        raise CardDataError(f"{who}: points_per per {per} takes no {unknown[0]!r}.")
    if not is_whole(p.get("points")) or p["points"] == 0:
        raise CardDataError(f"{who}: points_per needs points, a whole number other than 0; it is {p.get('points')!r}.")
    if "max" in p and (not is_whole(p["max"]) or p["max"] < 1):
        raise CardDataError(f"{who}: the max of points_per must be a whole number of at least 1; it is {p['max']!r}.")
    if per == "sphere" and p.get("sphere") not in SPHERES:
        raise CardDataError(f"{who}: points_per per sphere needs a sphere, one of {', '.join(SPHERES)}; "
                            f"it is {p.get('sphere')!r}.")
    if per == "card" and not isinstance(p.get("card"), str):
        raise CardDataError(f"{who}: points_per per card needs the card id counted; it is {p.get('card')!r}.")
    return PointsPer(per, p["points"], p.get("sphere", ""), p.get("card", ""), p.get("max", 0))


def parse_decks(data: Any, cards: Mapping[str, Card], source: str = "three_spheres/decks.json") -> dict[str, Deck]:
    """The decks of ``data`` (``{"decks": [...]}``) by id; a deck with a missing or bad field, or
    that breaks a deck rule (:func:`deck_problem`), raises :class:`CardDataError` naming it."""
    if not isinstance(data, Mapping) or not isinstance(data.get("decks"), list):
        raise CardDataError(f"The deck file {source} is damaged: it has no list of decks.")
    found: dict[str, Deck] = {}
    for i, d in enumerate(data["decks"]):
        if not isinstance(d, Mapping) or not isinstance(d.get("id"), str) or not _ID.fullmatch(d["id"]):
            raise CardDataError(f"{source}: deck number {i + 1} has no valid id.")
        who = f"The deck {d['id']} ({source})"
        for field in ("name", "description"):
            if not isinstance(d.get(field), str) or not d[field].strip():
                raise CardDataError(f"{who}: {field} must be a text; it is {d.get(field)!r}.")
        for field in ("cards", "realm", "world"):
            if not isinstance(d.get(field), list) or not all(isinstance(c, str) for c in d[field]):
                raise CardDataError(f"{who}: {field} must be a list of card ids.")
        problem = deck_problem(d["cards"], d["realm"], d["world"], cards)
        if problem:
            raise CardDataError(f"{who} breaks a deck rule: {problem}")
        if d["id"] in found:
            raise CardDataError(f"{source}: the deck id {d['id']!r} is used twice.")
        found[d["id"]] = Deck(d["id"], d["name"], d["description"], tuple(d["cards"]), tuple(d["realm"]),
                              tuple(d["world"]))
    return found


def _read(name: str) -> Any:
    from tabletop.engine.files import read_json

    return read_json(assets_dir() / "three_spheres" / name, f"The card file three_spheres/{name}", CardDataError)


@cache
def all_cards() -> dict[str, Card]:
    """Every card of the set (the Corrupted Wisp included) by id, in the file's order."""
    return parse_cards(_read("cards.json"))


def card(card_id: str) -> Card:
    return all_cards()[card_id]


def kind_of(cid: str) -> str:
    """The card (its id in the set) of one card in a game: ``"moss_sprout.a3"`` is a Moss Sprout
    (copies in a game are told apart by what follows the dot: the seat's letter and the place in
    its deck list, or a Wisp's number in the supply)."""
    return cid.split(".", 1)[0]


_INFO: dict[str, Card] = {}


def info(cid: str) -> Card:
    """The card of a game's card id (``"moss_sprout.a3"``), or of a card id of the set."""
    c = _INFO.get(cid)
    if c is None:
        c = _INFO[cid] = all_cards()[cid.split(".", 1)[0]]
    return c


@cache
def deck_cards() -> tuple[str, ...]:
    """The ids of the cards a deck may hold (all but the supply)."""
    return tuple(cid for cid, c in all_cards().items() if not c.supply)


@cache
def decks() -> dict[str, Deck]:
    """The pre-built decks by id."""
    return parse_decks(_read("decks.json"), all_cards())


# ---------------------------------------------------------------- the deck rules (decisions 1 and 2)


def deck_problem(cards: Iterable[str], realm: Iterable[str] | None = None, world: Iterable[str] | None = None,
                 known: Mapping[str, Card] | None = None) -> str | None:
    """The first deck rule (decision 1, and the Realm and World lists of decision 2) that a deck
    breaks, in words; ``None`` if it keeps them all.  A ``realm`` or ``world`` of ``None`` is
    chosen by :func:`auto_realm` / :func:`auto_world`, and the Realm chosen must keep the rules
    too.  ``known``: the cards (the set's by default)."""
    return next(iter(deck_problems(cards, realm, world, known)), None)


def deck_problems(cards: Iterable[str], realm: Iterable[str] | None = None, world: Iterable[str] | None = None,
                  known: Mapping[str, Card] | None = None) -> list[str]:
    """Every deck rule a deck breaks, one sentence each, in the order a player would fix them
    (the deck builder lists them all): the cards, the size, the copies, then the Realm and the
    World.  A Realm or World that names a card the deck lacks is checked no further."""
    known = all_cards() if known is None else known
    cards = list(cards)
    unknown = [cid for cid in cards if cid not in known]
    if unknown:
        return [f"The deck names a card that does not exist: {unknown[0]!r}."]
    out = []
    if len(cards) != DECK_SIZE:
        out.append(f"A deck has exactly {DECK_SIZE} cards; this one has {len(cards)}.")
    for cid in dict.fromkeys(cards):
        if known[cid].supply:
            out.append(f"A deck holds no {known[cid].name}: it comes from the shared supply.")
    counts = Counter(cards)
    for cid, n in counts.items():
        if known[cid].level == 4 and n > MAX_LEVEL4_COPIES:
            out.append(f"A deck holds at most {MAX_LEVEL4_COPIES} copy of a level-4 card; "
                       f"this one has {n} of {known[cid].name}.")
        elif n > MAX_COPIES:
            out.append(f"A deck holds at most {MAX_COPIES} copies of a card; this one has {n} of {known[cid].name}.")
    realm_problem = _realm_problem(cards, counts, realm, known)
    if realm_problem:
        return out + [realm_problem]
    if world is None:
        return out
    realm = auto_realm(cards, known) if realm is None else list(realm)
    world = list(world)
    for cid in world:
        if cid not in known:
            return out + [f"The World names a card that does not exist: {cid!r}."]
    if len(world) != WORLD_LIST:
        out.append(f"A World list names exactly {WORLD_LIST} cards; this one names {len(world)}.")
    over = _beyond(Counter(realm) + Counter(world), counts)
    if over:
        out.append(f"The World is taken from the deck's cards outside the Realm; with the Realm it names "
                   f"{known[over].name} more often than the deck holds it.")
    return out


def _realm_problem(cards: list[str], counts: Counter, realm: Iterable[str] | None, known: Mapping[str, Card]) -> str:
    """What is wrong with a deck's Realm (named, or chosen by rule when ``realm`` is None), or ``""``."""
    chose = realm is None
    realm = auto_realm(cards, known) if realm is None else list(realm)
    for cid in realm:
        if cid not in known:
            return f"The Realm names a card that does not exist: {cid!r}."
    if len(realm) != REALM_SIZE:
        if chose:
            return (f"A Realm is {REALM_SIZE} cards of level 0 or 1 whose levels add up to at most "
                    f"{REALM_MAX_LEVEL_SUM}; this deck has only {plural(len(realm), 'such card')} to choose.")
        return f"A Realm is exactly {REALM_SIZE} cards; this one has {len(realm)}."
    for cid in realm:
        if known[cid].level not in REALM_LEVELS:
            return f"A Realm holds cards of level 0 or 1 only; {known[cid].name} is level {known[cid].level}."
    total = sum(known[cid].level for cid in realm)
    if total > REALM_MAX_LEVEL_SUM:
        return f"The levels of a Realm add up to at most {REALM_MAX_LEVEL_SUM}; this one's add up to {total}."
    over = _beyond(Counter(realm), counts)
    if over:
        return f"The Realm is taken from the deck's cards; it names {known[over].name} more often than the deck holds it."
    return ""


def _beyond(part: Counter, whole: Counter) -> str:
    """A card ``part`` holds more often than ``whole`` does, or ``""``."""
    return next((cid for cid, n in part.items() if n > whole[cid]), "")


def auto_realm(cards: Iterable[str], known: Mapping[str, Card] | None = None) -> list[str]:
    """Decision 2: the Realm of a deck that names none -- the cards of lowest level (level 0 first,
    then the highest resource value, then by id), ten of them, keeping the sum of levels at 5 or
    less.  Fewer than ten when the deck has too few such cards.  Deterministic: the same cards
    in any order give the same Realm."""
    known = all_cards() if known is None else known
    candidates = sorted((cid for cid in cards if known[cid].level in REALM_LEVELS),
                        key=lambda cid: (known[cid].level, -known[cid].resources, cid))
    realm: list[str] = []
    total = 0
    for cid in candidates:
        if len(realm) == REALM_SIZE:
            break
        if total + known[cid].level <= REALM_MAX_LEVEL_SUM:
            realm.append(cid)
            total += known[cid].level
    return realm


def auto_world(cards: Iterable[str], size: int = WORLD_LIST, known: Mapping[str, Card] | None = None) -> list[str]:
    """Decision 2: the World of a deck that names none -- the ``size`` cards of highest level, then
    highest cost, then by id, of ``cards`` (the deck's cards outside its Realm), in that order."""
    known = all_cards() if known is None else known
    if not is_whole(size) or size < 0:
        raise ValueError(f"A World's size is a whole number of at least 0, not {size!r}.")
    ranked = sorted(cards, key=lambda cid: (-known[cid].level, -known[cid].cost, cid))
    return ranked[:size]


def split_deck(cards: Iterable[str], realm: Iterable[str] | None = None, world: Iterable[str] | None = None,
               world_size: int = WORLD_SIZE) -> tuple[list[str], list[str], list[str]]:
    """A deck's three piles at setup (decision 2): its Realm, the first ``world_size`` (7, 8 or 9)
    of its World list, and the Discovery deck (the rest, the World list's other cards included);
    a Realm or World not named is chosen by rule.  The deck must keep the rules."""
    if world_size not in WORLD_SIZES:
        raise ValueError(f"The World takes 7, 8 or 9 cards, not {world_size!r}.")
    cards = list(cards)
    problem = deck_problem(cards, realm, world)
    if problem:
        raise CardDataError(problem)
    realm = auto_realm(cards) if realm is None else list(realm)
    rest = Counter(cards) - Counter(realm)
    listed = auto_world(list(rest.elements()), WORLD_LIST) if world is None else list(world)
    taken = listed[:world_size]
    rest -= Counter(taken)
    discovery = []
    for cid in cards:  # in the deck's order
        if rest[cid] > 0:
            discovery.append(cid)
            rest[cid] -= 1
    return realm, taken, discovery


# ---------------------------------------------------------------- the texts


def effect_text(e: Effect) -> str:
    """One effect in words, lower case, no full stop: "draw 2 cards"."""
    return effect(e.kind, e.params).words()


def ability_text(a: Ability) -> str:
    """"When played: draw 2 cards.", "Turn start: gain 1 resource.",
    "Activated (2, repeatable): draw 1 card." """
    if a.when == PLAY:
        head = "When played"
    elif a.when == TURN_START:
        head = "Turn start"
    else:
        head = f"Activated ({a.cost}{', repeatable' if a.repeatable else ''})"
    return f"{head}: {', then '.join(effect_text(e) for e in a.effects)}."


def points_text(c: Card, known: Mapping[str, Card] | None = None) -> str:
    """The card's points in words ("4 points. 1 point for each Forest card you own (at most 5
    points)."); ``""`` for a card worth none."""
    parts = [f"{plural(c.points, 'point')}."] if c.points else []
    p = c.points_per
    if p:
        if p.per == "sphere":
            what = f"{SPHERE_NAMES[p.sphere]} card you own"
        elif p.per == "persist":
            what = "Persisting card you own"
        elif p.per == "opponent_wisps":
            what = "Corrupted Wisp your opponent owns"
        elif p.per == "distinct_levels":
            what = "different level among the cards you own"
        else:
            what = f"{(known or all_cards())[p.card].name} you own"
        cap = f" (at most {plural(p.max, 'point')})" if p.max else ""
        parts.append(f"{plural(p.points, 'point')} for each {what}{cap}.")
    return " ".join(parts)


def rules_text(c: Card) -> str:
    """What the card does, without its points: "Persist." and its abilities."""
    return " ".join((["Persist."] if c.persist else []) + [ability_text(a) for a in c.abilities])


def card_text(c: Card, known: Mapping[str, Card] | None = None) -> str:
    """The card's whole text, generated from its data: Persist, its abilities, its points."""
    return " ".join(t for t in (rules_text(c), points_text(c, known)) if t)


def markdown_tables(known: Mapping[str, Card] | None = None) -> str:
    """The card tables of docs/rules/three-spheres.md ("The cards"), one per sphere."""
    known = all_cards() if known is None else known
    out: list[str] = []
    for sphere in SPHERES:
        chosen = sorted((c for c in known.values() if c.sphere == sphere),
                        key=lambda c: (c.supply, c.level, c.cost, c.name))
        out += [f"### {SPHERE_NAMES[sphere].capitalize()}", "",
                "| name | level | cost | resources | text | points |", "|---|---|---|---|---|---|"]
        for c in chosen:
            name = f"{c.name} (supply)" if c.supply else c.name
            out.append(f"| {name} | {c.level} | {c.cost} | {c.resources} | {rules_text(c) or '—'} | "
                       f"{points_text(c, known) or '—'} |")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"
