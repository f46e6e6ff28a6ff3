"""The words of Spheres, the shogun sowing game (and its classic Ô ăn quan rules), for the rules
window's glossary and "What is this?" on the table -- in the project's own words."""

from __future__ import annotations

# each word of the game a player meets, and what it means, in one to three plain sentences
TERMS: dict[str, str] = {
    "Board": "Ten squares, five on each player's side, and a rectangle at each end. Stones move round "
             "it when someone sows.",
    "Square": "One of the ten small places. Your five are on your side; sow the stones of one of "
              "yours on your turn.",
    "Rectangle": "One of the two large places at the ends, each holding a shogun at the start (a "
                 "mandarin in the classic rules). A sowing that ends before one stops there.",
    "Sow": "Take every stone of one of your squares and drop them one by one round the board, the "
           "way you choose, picking which stone goes next.",
    "Capture": "When your hand is empty and the next place is an empty square followed by stones, you "
               "may take those stones (in the classic rules you must, and captures go on).",
    "Stone": "A piece on the board. Peasants are the plain ones; special stones have an ability and "
             "are worth more.",
    "Peasant": "The plain stone, worth 1 point.",
    "Shogun": "Worth 15. Captured only when alone in its rectangle; the stones beside it are taken "
              "instead. Taking one in your first three turns costs you your next turn.",
    "Special stone": "Each player chooses five at the set-up and may use the abilities of those kinds "
                     "only: Scholar, Merchant, Monk, Geisha, Ghost, Samurai, Hime, Thief.",
    "Ordain": "Once a turn, put one of your captured special stones on a square of yours holding a "
              "single peasant; the peasant goes to your captures.",
    "Tray": "The special stones of the set-up, before each player chooses theirs.",
    "Chosen stones": "The special stones a player chose at the set-up: the only kinds whose abilities "
                     "they may use.",
    "Captures": "The stones a player has taken; they score at the end.",
    "Borrow": "When all five of your squares are empty, you refill them from your captures, borrowing "
              "from your opponent if you have too few, and pay it back at the count.",
    "Imprisoned": "A player who took a shogun in their first three turns misses their next turn.",
    "Thief's dice": "At the end, for each thief captured, its holder may roll two dice: no double, "
                    "take the sum from the opponent; a double, give it to them.",
    "Mandarin": "Classic rules: the large stone in each house, worth 10 points.",
    "Player area": "A player's name, captures and points, on their side of the board.",
    "Prompt": "Where the app asks what you do now, with its buttons.",
}

# what each named place of the table is: the start of its name on the table -> its word in TERMS
PLACES: dict[str, str] = {
    "square/": "Square",
    "rectangle/": "Rectangle",
    "hand/": "Sow",
    "tray": "Tray",
    "chosen/": "Chosen stones",
    "panel/": "Player area",
    "prompt": "Prompt",
}
