"""The steps of a Spheres of Life game: what the decider is being asked, by name; the kinds of
answer (:class:`Move`), the phases, and the answers made once.
A step is its name, a plain string (saves and views keep strings); the names are attributes of a plain
class, not an ``Enum``: a step is compared at every move, and an ``Enum`` member costs about
100 ns a lookup on Python 3.11, a class attribute about 35 ns."""

from __future__ import annotations


from tabletop.engine.actions import Action


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
    TRIBUTE = "tribute"  # a Goddess of Mercy: each other player gives her a card of their choice
    DISCARD_PICK = "discard_pick"  # an Orb of Hades in the Field: after a Day pick, take from the discard pile
    SACRIFICE = "sacrifice"  # the Dawn Phase: lay cards face down, up to five, then say done
    DAWN_HERO = "dawn_hero"  # the Dawn Phase, below 10: add an unused hero for 5 more, or pass
    OVER = "over"


class Move:
    """The kinds of action a player answers with (an action's ``kind``)."""

    HERO = "hero"  # the set-up: this hero
    USE = "use"  # a quiet moment: use this ability card or hero
    PASS = "pass"  # use nothing now, or let the declared item pass unblocked
    BLOCK = "block"  # block the declared item with this Apple of Life
    PICK = "pick"  # the Day or the Night: take this open card
    DISCARD = "discard"  # the Night or an Autumn Wind: discard this card
    DONE = "done"  # discard, take, keep or lose no more
    BANK = "bank"  # the Dream's bonus action: bank a set of this species
    ACTIVATE = "activate"  # the other bonus action: put this Prolonged card in one's Field
    SACRIFICE = "sacrifice"  # the Dawn Phase: sacrifice this card (or this unused hero)
    SKIP = "skip"  # bank nothing
    STEAL = "steal"  # the Dream's action: steal from this player
    GIFT = "gift"  # give this card to this player
    EXCHANGE = "exchange"  # offer this card for a card of that kind
    ACCEPT = "accept"  # accept the exchange offered, giving this card
    DECLINE = "decline"  # decline it
    PARTNER = "partner"  # (exchange=choose) exchange with this player
    POSITION = "position"  # a steal or a Raven: the card back at this position
    TAKE = "take"  # a Druid keeps this card; a Root of Memory takes it back
    ORDER = "order"  # this card goes next in the hand being ordered
    LOSE = "lose"  # a Warrior: this card is discarded or given away
    ARRANGE = "arrange"  # a player rearranges their own hand (any time, a free action)


class Declared:
    """The kinds of item on the chain of a block window (``state.chain``)."""

    ABILITY = "ability"  # an ability card played
    ACTION = "action"  # the Dream's action (a steal, a gift, an exchange offered)
    BLOCK = "block"  # an Apple of Life blocking the item below it


# the phases: the set-up, the three phases of a round, and the end
SETUP, DAY, NIGHT, DREAM, OVER = "setup", "day", "night", "dream", "over"
DAWN_PHASE_NAME = "dawn"  # (Gods & Myths) the Dawn Phase, between two phases
PHASE_NAMES = {DAY: "Day", NIGHT: "Night", DREAM: "Dream", DAWN_PHASE_NAME: "Dawn"}


PASS = Action.make(Move.PASS)
DONE = Action.make(Move.DONE)
SKIP = Action.make(Move.SKIP)
DECLINE = Action.make(Move.DECLINE)
