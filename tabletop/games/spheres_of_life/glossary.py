"""The words of Spheres of Life (and Gods & Myths), for the rules window's glossary and "What is
this?" on the table -- in the project's own words."""

from __future__ import annotations

from typing import Any

# each word of the game a player meets, and what it means, in one to three plain sentences
TERMS: dict[str, str] = {
    # --- the phases
    "Day": "The first of the three phases. One open card per player is laid out; in turn you take "
           "one (you may not skip it), then everyone draws one unseen card from the deck. With two "
           "players six are laid out: three picks and three draws each.",
    "Night": "The second phase. Twice as many open cards as players are laid out (12 with two "
             "players). In turn you may discard up to two cards (six with two players), then take up "
             "to as many from the table; whatever is left over is discarded.",
    "Dream": "The third phase, the only one where ability cards are played. In turn you may first bank "
             "one full set, then you must steal, give a card or offer an exchange.",
    "Last Dream": "The phase that follows whenever the deck is empty at the end of a phase. An Orb of "
                  "Time may restart it, but nothing can turn it into a Day or a Night; after it the "
                  "points are counted.",
    "Phase board": "The box on the left of the middle: the phase being played, who holds the phase "
                   "cards and whose turn it is, with the deck and the discard pile under them.",
    "Phase cards": "They mark who leads the current phase and so plays first; the others follow in seat "
                   "order. They pass one seat to the left after every phase, unless a Windmaster or "
                   "God of Wind takes them.",
    # --- the cards and where they lie
    "Card": "The main deck holds animals (noble or corrupted, three cards of each species) and ability "
            "cards; heroes are kept apart. Ask \"What is this?\" of any card to read its name and what "
            "it does.",
    "Open cards": "The cards laid face up in the middle of the table in the Day and the Night, for the "
                  "players to take. In the Day you take one; in the Night, as many as you discarded. "
                  "Those nobody takes go to the discard pile.",
    "Deck": "The face-down pile everybody draws from, which shows only how many cards it has left. When "
            "it is empty at the end of a phase, the next phase is the Last Dream.",
    "Discard pile": "The face-up pile of discarded, blocked and used cards, oldest at the bottom. A few "
                    "cards can take cards back from it, such as Root of Memory, the Goddess of the "
                    "Night and the Orb of Hades.",
    "Hand": "The cards you hold: the others see only how many, and whatever they happen to know. Its "
            "order matters, because a steal points at a position; drag a card to move it, unless "
            "someone has locked your hand's order.",
    "Ability card": "A card with a power, played in the Dream when the table asks whether anyone uses "
                    "something now, and only if its effect can happen. Each one still in your hand at "
                    "the end costs you 1 point (a Prolonged card costs nothing).",
    "Block": "Playing an Apple of Life out of turn to cancel an ability card or a Dream action that was "
             "just declared. A block can itself be blocked, so an odd number of Apples cancels the "
             "item. Banking, Field cards and heroes cannot be blocked.",
    # --- the Dream's actions
    "Steal": "A Dream action: you pick a player and point at one of the backs of their hand, and that "
             "card becomes yours. Nobody can steal from a player with a banked Unicorn or a Shield of "
             "Faith in their Field.",
    "Give": "A Dream action: you hand one of your cards to a player of your choice. Only the two of you "
            "learn which card it was; the others just see that a card changed hands.",
    "Exchange": "A Dream action: you show one of your cards and name the kind you want for it (\"my "
                "Snake for a Rabbit\"). The first player from your left to accept swaps with you (with "
                "Exchange: choose, you pick among all who accept); if nobody does, you steal or give.",
    "Bank": "The Dream's bonus action, once per Dream, before your action: you set a full set of three "
            "of one species aside, where it is safe. A banked set scores 6 if noble and 3 if "
            "corrupted; a Mythical set gives its bonus instead.",
    # --- the heroes
    "Hero": "A character chosen before the game (two each with two players) that lies face up in front "
            "of its owner. You may use it once a game, in any phase, whenever the table asks whether "
            "you use something now; it cannot be blocked, and a used hero turns grey.",
    # --- the score
    "Noble": "The good side of the animals, such as the Rabbit, the Deer and the Bison. In your hand at "
             "the end, one, two or three of a species score 1, 4 or 9 points; a banked noble set "
             "scores 6.",
    "Corrupted": "The bad side of the animals, such as the Snake, the Bear and the Wolf. In your hand at "
                 "the end, one, two or three of a species cost 1, 4 or 9 points, but a banked "
                 "corrupted set earns 3.",
    "Points": "Counted when the game ends: the animals in your hand species by species, minus 1 for "
              "each ability card left in it, plus your banked sets. The most points win; a tie goes to "
              "the player with fewer cards in hand, and after that the win is shared.",
    # --- the table
    "Player area": "A player's panel on the table: their name, score, heroes (and Field with the "
                   "expansion), how many cards their hand holds and what you know of it.",
    "Prompt": "The place where the app asks you what to decide now and shows the buttons for your "
              "choices. When the decision is someone else's, it says whom the table is waiting for.",
    # --- Gods & Myths
    "Godly Hero": "A stronger hero from Gods & Myths. Each player takes a regular hero, then a Godly one "
                  "in the reverse order; it is used once a game like any hero and shows framed in "
                  "gold. The God of Wind takes the Windmaster's place among the regular heroes.",
    "Mythical Creature": "One of the eight species added by Gods & Myths, three cards each, marked with "
                         "an eye. Unbanked, it scores like any animal of its side; a banked set earns "
                         "no set points but gives a lasting bonus to the end of the game.",
    "Prolonged": "A Godly ability card marked with an hourglass. You never play it: as a bonus action in "
                 "the Dream you put it into your Field, where it keeps working. One left in your hand at "
                 "the end costs nothing.",
    "Field": "The open row beside your heroes where your Prolonged cards work, two at most; you add one "
             "a Dream. An Apple of Life played at a quiet moment of the Dream can remove a card from "
             "any Field, and a Sky Hook can move one into yours.",
    "Dawn": "A Gods & Myths card, five of them in the deck. When one comes up it is shown, set aside "
            "and replaced by the next card, and a Dawn Phase follows the current phase. It starts "
            "nothing in the deal, the first Day, the Last Dream, or twice in one round.",
    "Dawn Phase": "The phase a Dawn card brings, before the phase cards pass on. Everyone lays a "
                  "sacrifice face down, then all are shown and counted: 10 or more ends the game at "
                  "once. Below that each player may add an unused hero for 5 more; if still short, the "
                  "cards are discarded and play goes on.",
    "Sacrifice": "The cards you lay face down in a Dawn Phase, up to five, one at a time: all see how "
                 "many, nobody sees which, and none comes back. Noble animals count 1, 4 or 9 by "
                 "species; every ability card and corrupted animal counts -1.",
    "Dawn count": "The option for how a Dawn's sacrifices are added up. Together, the default: noble "
                  "animals form sets across everybody's cards, so two players' Rabbits make 4. Each: "
                  "every player's cards are counted on their own, so they make 1 + 1 = 2.",
}

# what each named place of the table is: the start of its name on the table -> its word in TERMS
PLACES: dict[str, str] = {
    "card/": "Card",
    "hand/": "Hand",
    "heroes": "Hero",
    "open": "Open cards",
    "panel/": "Player area",
    "pile/deck": "Deck",
    "pile/discard": "Discard pile",
    "prompt": "Prompt",
    "sacrifice/": "Sacrifice",
    "field/": "Field",
    "bank/": "Bank",
    "known/": "Hand",
    "phase": "Phase board",
}

# what the phase board is about, by the phase (a Dream that is the last: the Last Dream)
PHASE_WORDS = {"setup": "Hero", "day": "Day", "night": "Night", "dream": "Dream", "dawn": "Dawn Phase",
               "over": "Points"}


def terms_for(table: Any, item: Any) -> list[str]:
    """The words for a thing whose place does not say what it is: a hero (a chip on a player's
    area, or one to choose) is a Hero or a Godly Hero; a chip in a Field, a Prolonged card there;
    the Dawn card set aside; a card sacrificed, and each player's row of the Dawn Phase; the Dawn
    Phase's gauge; the phase board, the phase it shows; [] for the rest (their place says,
    PLACES)."""
    from .cards import card

    address = table.address_of(item)
    shown = getattr(getattr(table, "layout", None), "chips", {}).get(item)
    cid = shown or getattr(item, "card_id", None)
    role = getattr(item, "role", None)
    if isinstance(cid, str) and cid:
        c = card(cid)
        if c.type == "hero":
            return ["Godly Hero" if c.godly else "Hero"]
        if shown is not None:
            return ["Field", "Prolonged"]
        if role == "dawn":
            return ["Dawn"]
        if role == "sacrifice":
            return ["Sacrifice"]
    key = getattr(item, "key", None)
    if isinstance(key, tuple) and key[:1] == ("dawn-gauge",):
        return ["Dawn Phase", "Dawn count"]
    if getattr(item, "dawn_row", None) is not None:
        return ["Sacrifice"]
    if address == "phase" and getattr(table, "view", None):
        v = table.view
        return ["Phase board", "Last Dream" if v.get("last_dream") else PHASE_WORDS.get(v.get("phase"), "Phase cards")]
    return []
