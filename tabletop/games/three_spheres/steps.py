"""The steps of a Three Spheres TCG game (what the decider is being asked), the kinds of answer
(:class:`Move`) and the kinds of effect a card's ability may name (:class:`Kind`), by name.  Plain string attributes, as in the other games' ``steps.py``:
saves and views keep strings, and a class attribute is cheaper to compare than an ``Enum``."""

from __future__ import annotations


class Step:
    BEGIN = "begin"  # chance: who begins (decision 3)
    MAIN = "main"  # the main phase: play a card, spend one, buy, or end the turn
    RESOURCES = "resources"  # resources an ability gave: name their one target (decision 5)
    TRASH = "trash"  # a trash effect: trash a card, up to its number, or stop
    TAKE = "take"  # a take effect: take a card from a spread for free, or none
    COPY = "copy"  # a copy effect: choose another card in play whose ability to copy
    FLIP_SPACE = "flip_space"  # a flip onto a full side: choose the stack it goes on
    OVER = "over"


class Move:
    BEGIN = "begin"  # chance: seat ``seat`` begins
    PLAY = "play"  # play ``card`` of the hand for its ability
    SPEND = "spend"  # spend ``card`` of the hand: all its resources go to ``target``
    BUY = "buy"  # buy ``target`` already paid for (a discount can make a card free)
    END = "end"  # end the main phase: the turn end follows
    ASSIGN = "assign"  # the resources of an ability go to ``target``
    TRASH = "trash"  # trash ``card``
    TAKE = "take"  # take ``card`` from a spread for free
    COPY = "copy"  # copy the ability of ``card`` in play
    SPACE = "space"  # the flipped card goes on the stack of World space ``space``
    DONE = "done"  # no more (trash no more, take nothing, waste the resources)


class Kind:
    """The effect kinds a card's ability may name (the card data's ``kind``), by name."""
    DRAW = "draw"
    RESOURCES = "resources"
    DISCOUNT = "discount"
    TRASH = "trash"
    TAKE = "take"
    FLIP = "flip"
    CORRUPT = "corrupt"
    PROTECT = "protect"
    COPY = "copy"
