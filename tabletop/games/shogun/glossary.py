"""The words of Spheres, the shogun sowing game (and its classic Ô ăn quan rules), for the rules
window's glossary and "What is this?" on the table -- in the project's own words."""

from __future__ import annotations

from typing import Any

# each word of the game a player meets, and what it means, in one to three plain sentences
TERMS: dict[str, str] = {
    "Board": "Ten squares, five on each player's side, and a rectangle at each end. Stones move round "
             "it when someone sows.",
    "Square": "One of the ten small places. Your five are on your side; sow the stones of one of "
              "yours on your turn.",
    "Rectangle": "One of the two large places at the ends, each holding a shogun at the start (a "
                 "mandarin in the classic rules). A sowing that ends before one stops there.",
    "Sow": "Take every stone of one of your squares and drop them one by one round the board, the "
           "way you choose (with special stones in hand, picking which goes next).",
    "Capture": "When your hand is empty and the next place is an empty square followed by stones, you "
               "may take those stones (in the classic rules you must, and captures go on).",
    "Stone": "A piece on the board. Peasants are the plain ones; special stones have an ability and "
             "are worth more.",
    "Peasant": "The plain stone, worth 1 point.",
    "Shogun": "Worth 15. Captured only when alone in its rectangle; the stones beside it are taken "
              "instead. Taking one in your first three turns costs you your next turn.",
    "Special stone": "Each player chooses five at the set-up: Scholar, Merchant, Monk, Geisha, Ghost, "
                     "Samurai, Hime, Thief. Anyone may sow any stone, but only the player who chose a "
                     "kind may use its ability, and only when the stone would land on their own side.",
    "Scholar": "A special stone worth 2. Its ability: it lands one place further than the next one, "
               "jumping a square or your own rectangle.",
    "Merchant": "A special stone worth 2. Its ability: it lands on the square across the board from the "
                "one it would land on.",
    "Monk": "A special stone worth nothing. Its ability: it lands on any of the next three places.",
    "Geisha": "A special stone worth 2. Its ability: it goes straight to the next rectangle, the way the "
              "sowing goes, where a shogun stands.",
    "Ghost": "A special stone worth 2. Its ability: it lands on any empty square or rectangle whose next "
             "place holds stones.",
    "Samurai": "A special stone worth 5. Its ability: once he is dropped, the sowing goes on the other "
               "way round.",
    "Hime": "A special stone worth 15, or 30 to whoever takes her from a rectangle where a shogun "
            "stands. She has no ability: she is sown like a peasant.",
    "Thief": "A special stone worth 2, sown like a peasant. His ability comes at the end: see Thief's dice.",
    "Ordain": "Once a turn, put one of your captured special stones on a square of yours holding a "
              "single peasant; the peasant goes to your captures.",
    "Tray": "The special stones of the set-up, before each player chooses theirs.",
    "Chosen stones": "The special stones a player chose at the set-up: the only kinds whose abilities "
                     "they may use.",
    "Captures": "The stones a player has taken; they score at the end.",
    "Borrow": "When all five of your squares are empty, one of your captured stones goes on each. If "
              "you have too few, the rest are borrowed from your opponent's captures, and their worth is "
              "paid back at the count: minus for you, plus for them.",
    "Imprisoned": "A player who took a shogun in their first three turns misses their next turn.",
    "Thief's dice": "At the end, each thief in your captures lets you roll two dice, if you chose the "
                    "Thief at the set-up; you may also keep him and not roll. No double: you take the sum "
                    "from your opponent's points. A double: your opponent takes the sum from yours. (With "
                    "the option thief roll: holder, whoever holds a thief may roll, chosen or not.)",
    "Points": "Counted at the end: every stone in your captures at its worth, 15 more for each Hime "
              "taken beside a shogun, minus what you borrowed and plus what you lent, then the Thief's "
              "dice. The higher total wins.",
    "Arrow": "One of the two arrows of the square you chose: click one to sow that square's stones "
             "that way round.",
    "Mandarin": "Classic rules: the large stone with a crown in each house, worth 10 points (5 with the "
                "option). He is captured with the stones beside him, but not while he is young: fewer "
                "than 5 stones beside him.",
    "House": "Classic rules: one of the two large places at the ends, each holding a mandarin at the "
             "start. Yours is at your right hand: the stones left in it at the end are yours. A sowing "
             "drops stones into a house, but never picks them up from it.",
    "Points (classic rules)": "Counted at the end: 1 for each stone in your captures, 10 for each mandarin "
                              "(5 with the option), minus what you borrowed and plus what you lent. "
                              "The higher total wins.",
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
    "captured/": "Captures",
    "arrow/": "Arrow",
    "dice/": "Thief's dice",
    "groove/button/": "Prompt",
}

# the marks on a player's area (their words) and the buttons (the kind of what they play) -> a word
CHIP_WORDS = {"Imprisoned": "Imprisoned", "Thief's dice": "Thief's dice", "Winner": "Points", "Draw": "Points"}
BUTTON_WORDS = {"skip": "Imprisoned", "roll": "Thief's dice", "keep": "Thief's dice", "take": "Capture",
                "leave": "Capture", "ordain": "Ordain"}
# the classic rules' own words for the shogun rules' (Ô ăn quan has houses, and no special stones to count)
CLASSIC = {"Rectangle": "House", "Points": "Points (classic rules)"}
# where a stone lies (the start of its name) -> the word for that place
STONE_PLACES = {"square/": "Square", "rectangle/": "Rectangle", "captured/": "Captures", "chosen/": "Chosen stones",
                "tray": "Tray", "hand/": "Sow"}


def terms_for(table: Any, item: Any) -> list[str]:
    """A stone is its kind first (a Scholar; a Mandarin in the classic rules), then its place (the
    captures, the chosen stones, a square ...); a mark on a player's area and a button are what
    they are about (imprisoned, the Thief's dice, a capture, ordaining, the Samurai's turn);
    the score on an area is the Points; a debt on it (``debt/<p>``, ``lent/<p>``) is a Borrow;
    in the classic rules a rectangle is a House and the points are counted by
    :data:`CLASSIC`'s words; [] for the rest (their place says, PLACES)."""
    from .words import stone_name

    address = table.address_of(item)
    kind = type(item).__name__
    key = getattr(item, "key", None)
    classic = bool(getattr(table, "classic", False))

    def word(w: str) -> str:
        return CLASSIC.get(w, w) if classic else w

    if address.startswith(("debt/", "lent/")):
        return ["Borrow"]
    if kind == "StoneItem" and isinstance(key, str):
        place = next((w for start, w in STONE_PLACES.items() if address.startswith(start)), None)
        return [stone_name(key, classic)] + ([word(place)] if place else [])
    if kind == "PlaceItem" and classic:
        return [word(next(w for start, w in STONE_PLACES.items() if address.startswith(start)))]
    if kind == "ButtonItem":
        action = getattr(item, "action", None)
        move = getattr(action, "kind", None)
        if move == "drop" and action.get("turn"):
            return ["Samurai"]
        return [BUTTON_WORDS[move]] if move in BUTTON_WORDS else []
    if address.startswith("panel/") and item.toolTip():
        if isinstance(key, tuple) and key[:1] == ("chip",):  # (a mark: its words are its key's second part)
            return [word(CHIP_WORDS.get(key[1], "Player area"))]
        if kind == "LabelItem":  # (the score, on the right of the area)
            return [word("Points")]
    return []
