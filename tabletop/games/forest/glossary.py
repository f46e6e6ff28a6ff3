"""The words of Once Upon a Forest, for the rules window's glossary and "What is this?" on the
table -- in the project's own words."""

from __future__ import annotations

from typing import Any

# each word of the game a player meets, and what it means, in one to three plain sentences
TERMS: dict[str, str] = {
    "Forest": "Your trees, side by side. You grow it one card a turn, and it alone scores at the end.",
    "Tree": "A column of four rows, from the bottom: Ground, 1st level, 2nd level and Canopy. Any of "
            "your trees can take a card, but you start a new one only when your last tree has all four rows.",
    "Finished tree": "A tree with all four rows filled. Each scores +3 at the end; an unfinished tree "
                     "scores −1.",
    "Row": "One of a tree's four levels. A card always goes into the row of its own level; you may "
           "lay it over a card of the same level to replace that one.",
    "Slot": "An empty row of a tree where the card you chose may go (lit while you place a card).",
    "New tree": "The empty column after your last tree, there once that tree has all four rows: a card "
                "of any level laid in it starts a new tree.",
    "Covered card": "A card you laid another over. It counts for nothing any more.",
    "Start card": "The Ground card each player begins with, the first row of their first tree.",
    "Card": "A piece of a tree, of one level (shown on its back and its band). Many show animals; "
            "some carry a chainsaw.",
    "Animal": "The creatures on the cards. A kind of animal whose count in your finished trees "
              "equals your number of finished trees scores +1.",
    "Chainsaw": "A mark on some cards. Each chainsaw showing in a finished tree costs 1 point at the end.",
    "Hand": "The three cards you hold. Each turn you play one, give one and draw back up to three.",
    "Give": "The second step of your turn: hand one of your other cards to another player, who must "
            "put it into their forest at once.",
    "Pile": "One of the five face-down draw piles. The back of its top card shows that card's level, "
            "so you can pick the level you want.",
    "Draw": "The last step of your turn: take cards from the tops of the piles until you hold three.",
    "Compost": "Playing alone, you compost a card instead of giving one: it leaves the game face up.",
    "Player area": "A player's forest, name, score and hand. Click another player's area to give them "
                   "the card you chose.",
    "Instruction": "The line under your hand that says what you do now, or whom the table waits for.",
    "Information board": "The box on the left of the middle band: what is happening, the round and how "
                         "many cards are left in the piles; at the end, who won.",
    "Species board": "The list of the animals and the row each lives in, under your hand. A kind of "
                     "animal scores when its count equals your number of finished trees.",
    "Score": "Finished trees +3 each, unfinished −1, chainsaws in finished trees −1 each, and +1 for "
             "each kind of animal in balance with your finished trees.",
}

# what each named place of the table is: the start of its name on the table -> its word in TERMS
PLACES: dict[str, str] = {
    "card/": "Card",
    "hand/": "Hand",
    "pile/": "Pile",
    "slot/": "Slot",
    "panel/": "Player area",
    "info": "Information board",
    "species": "Species board",
    "instruction": "Instruction",
    "compost": "Compost",
}


def terms_for(table: Any, item: Any) -> list[str]:
    """The words for what lies in a place rather than for the place: a card in a tree (its row
    is no empty slot), the column of a new tree, the card given and waiting to be placed, a card
    of the compost; [] for the rest (their place says, PLACES)."""
    address = table.address_of(item)
    role = getattr(item, "role", None)
    if address.startswith("slot/"):
        stack = getattr(item, "stack", None) or []
        if stack:
            return ["Card", "Covered card"] if len(stack) > 1 else ["Card", "Row"]
        return ["New tree"] if getattr(item, "new_tree", False) else ["Slot"]
    if role == "pending":
        return ["Give", "Card"]
    if role == "compost":
        return ["Compost", "Card"]
    return []
