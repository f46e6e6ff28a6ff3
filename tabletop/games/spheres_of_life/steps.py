"""The steps of a Spheres of Life game: what the decider is being asked, by name.
A step is its name, a plain string (saves and views keep strings); the names are attributes of a plain
class, not an ``Enum``: a step is compared at every move, and an ``Enum`` member costs about
100 ns a lookup on Python 3.11, a class attribute about 35 ns."""

from __future__ import annotations


class Step:
    HERO = "hero"  # the set-up: choose a hero
    PRIO = "prio"  # a quiet moment: use an ability card or a hero now, or pass
    BLOCK = "block"  # a block window: block the declared item with an Apple of Life, or not
    PICK = "pick"  # the Day: take an open card
    NIGHT_DISCARD = "night_discard"  # the Night: discard up to the limit
    NIGHT_TAKE = "night_take"  # the Night: take up to as many open cards
    BONUS = "bonus"  # the Dream: bank a set, or skip
    ACTION = "action"  # the Dream: steal, give or offer an exchange
    ACCEPT = "accept"  # an exchange offered: accept it, or decline
    PARTNER = "partner"  # (option exchange=choose) the proposer chooses among those who accept
    FALLBACK = "fallback"  # nobody accepted: steal or give instead
    STEAL_POS = "steal_pos"  # a steal: point at a card back
    RAVEN_POS = "raven_pos"  # a Raven: point at card backs, twice
    DRUID_KEEP = "druid_keep"  # a Druid: keep up to two cards of the hand looked at
    ORDER = "order"  # a Druid or a Mirror of Fate: put the hand in an order
    WARRIOR = "warrior"  # a Warrior: lose up to three cards
    WIND = "wind"  # a Wind: discard up to two cards
    ROOT = "root"  # a Root of Memory: take an animal back from the discard pile
    OVER = "over"
