"""The words of Three Spheres TCG, for the rules window's glossary and "What is this?" on the
table -- in the project's own words."""

from __future__ import annotations

from typing import Any

# each word of the game a player meets, and what it means, in one to three plain sentences
TERMS: dict[str, str] = {
    "Collection": "Every card you own: your Realm deck, your Realm discard, your hand and your cards "
                  "in play. The most valuable collection wins.",
    "Realm deck": "Your own deck, which you draw from. When it runs out, your Realm discard is "
                  "shuffled into a new one (and you flip a card of your opponent's World).",
    "Realm discard": "Where your bought, spent and left-over cards go. Click it to list its cards.",
    "Hand": "The cards you drew. Each is played for its ability or spent for its resources, never both.",
    "Play": "Put a card of your hand into play for its ability.",
    "Spend": "Use a card of your hand for its resources (the green gem): all of them go to one target.",
    "Resources": "What a spent card pays (the number in its green gem) into one target: a card to buy "
                 "or an activated ability.",
    "Cost": "The gold coin: what must be paid into a card, this turn, to buy it.",
    "Buy": "When what was paid into a card reaches its cost, it is yours: it goes to your Realm discard.",
    "Discount": "Makes your next buy this turn cheaper; when it covers the whole cost, a click buys the card.",
    "World": "The centre of the table: three spaces on each side, filled from each player's World "
             "deck. Anybody buys the top card of any World space.",
    "World space": "One of the six places of the World. Cards may stack on it; only the top one can be bought.",
    "World deck": "The cards waiting to enter a side of the World, one flipped each time the other "
                  "player reshuffles. The end begins when one must be flipped from an empty World deck.",
    "Flip": "When you reshuffle your Realm discard during your turn, the top card of your opponent's "
            "World deck goes into their side of the World at the end of the turn.",
    "Discovery": "Your own spread of five cards and the deck that refills it. Only you buy there; your "
                 "opponent sees it.",
    "In play": "The cards played this turn (and those that Persist). Their abilities act while there.",
    "Persist": "A card marked ∞ stays in play from turn to turn instead of going to your discard.",
    "Corrupted Wisp": "A card of the shared supply worth −1 point to whoever owns it, slipped into the "
                      "opponent's Realm discard by some Myth cards (corruption).",
    "Card": "A card of the set: its level (white circle), cost (gold coin), sphere (its colours), "
            "resources (green gem) and points (star). Hover or focus it to see it large, with its text.",
    "Points": "Each card's fixed points (the star) and dynamic points (a star with a plus: counted from "
              "your collection at the end).",
    "Protected": "A player some card protected: no Corrupted Wisp can be slipped into their Realm "
                 "discard until their next turn.",
    "Player area": "A player's name, deck, collection and turn, with their piles and cards.",
    "Scoring": "The end of the game on the table: each player's collection sorted into three piles — "
               "no points, fixed points, dynamic points — then the totals. Click a pile to list its cards.",
    "No points": "At the end, the pile of a player's cards worth nothing: no points on their star and "
                 "none counted from the collection.",
    "Fixed points": "At the end, the pile of a player's cards whose points are printed on them (the "
                    "star), Corrupted Wisps' −1 included; they add up as they are.",
    "Dynamic points": "At the end, a player's cards whose points are counted from their collection (a "
                      "star with a plus): each is shown with what it counts and the points it makes.",
    "Total": "A player's points at the end: their fixed points and what their dynamic cards make. The "
             "higher total wins.",
    "Prompt": "Where the app says whose turn it is, what was paid this turn, and holds the buttons.",
}

# what each named place of the table is: the start of its name on the table -> its word in TERMS
PLACES: dict[str, str] = {
    "card/": "Card",
    "hand/": "Hand",
    "pile/realm/": "Realm deck",
    "pile/discard/": "Realm discard",
    "pile/world/": "World deck",
    "pile/discovery/": "Discovery",
    "discovery/": "Discovery",
    "world/space/": "World space",
    "world/side/": "World",
    "in_play/": "In play",
    "panel/": "Player area",
    "prompt": "Prompt",
    "discard/": "Realm discard",
    "paid/": "Resources",
    "pile/no-points/": "No points",
    "pile/fixed-points/": "Fixed points",
    "dynamic/": "Dynamic points",
    "total/": "Total",
    "scoring": "Scoring",
}


def terms_for(table: Any, item: Any) -> list[str]:
    """The words for a mark whose place does not say what it is (a player protected from
    corruption); [] for the rest (their place says, PLACES)."""
    key = getattr(item, "key", None)
    if isinstance(key, tuple) and key[:2] == ("chip", "Protected"):
        return ["Protected", "Corrupted Wisp"]
    return []
