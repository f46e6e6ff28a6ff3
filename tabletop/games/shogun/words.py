"""The words of the shogun table, without Qt -- one home for what a player reads on the buttons,
in the prompt and banner and in the status bar: the state's banner (:func:`prompt`, which
``ShogunState.prompt`` hands over to), the prompt's title and the sentence under it at each step
and half-made choice (:func:`prompt_words`), the groove's banners (a lost turn, the Thief's dice),
the buttons' words and tooltips (:data:`BUTTONS`), the sentences of a click that plays nothing, a
hint's words; and how the table names things: the stones (a mandarin in the classic rules), what a
stone is worth and does, the contents of a place, the two ways of sowing, the tag an ability puts
on the place it reaches, a place's stable name on the table (:func:`place_address`) and the words
a screen reader is given for a stone, a player's captures and the tray.  The choosing
(:mod:`.choosing`) decides what is offered and the Qt modules draw it; both take the words from
here.  (The log's sentences are :mod:`.describe`'s.)"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from tabletop.engine.actions import Action

from .steps import Move, Step
from .stones import CODE, KINDS, is_rectangle, owner, square_label, step

if TYPE_CHECKING:
    from .choosing import Choosing
    from .rules import ShogunState

ABILITY_TAG = {"scholar": "Scholar jumps", "merchant": "Merchant crosses", "monk": "Monk",
               "geisha": "Geisha: to the shogun", "ghost": "Ghost", "samurai": "Samurai"}
WAYS = {1: "counter-clockwise", -1: "clockwise"}


# the words on a place lit for the half-made choice: the next place of a sowing, the square to ordain
NEXT_TAG, ORDAIN_TAG = "next", "ordain"


def ability_tag(key: str) -> str:
    """The words on a place a picked stone's ability can send it to ("✦ Monk")."""
    return "✦ " + ABILITY_TAG.get(key, stone_name(key))


def is_classic(view: dict[str, Any] | None) -> bool:
    """Whether ``view`` is of a game by the classic rules (Ô ăn quan)."""
    return bool(view) and (view.get("options") or {}).get("rules", "shogun") == "classic"


def sow_words(square: int, direction: int) -> str:
    """A sowing's words, as an arrow says it: "Sow A3 clockwise"."""
    return f"Sow {square_label(square)} {WAYS[direction]}"


def place_address(place: int) -> str:
    """A place's stable name on the table, by the game's own numbering (:mod:`.stones`):
    ``square/<n>`` for a square, ``rectangle/5`` (east) and ``rectangle/11`` (west)."""
    return f"{'rectangle' if is_rectangle(place) else 'square'}/{place}"


def house(place: int, name: Callable[[int], str]) -> str:
    """A rectangle in the classic rules' words: its owner's house ("Ada's house")."""
    return f"{name(owner(place))}'s house"


def place_words(place: int, classic: bool = False, name: Callable[[int], str] | None = None) -> str:
    """A place as the log and the table's sentences say it: "A3", "the east rectangle"; in the
    classic rules a rectangle is its owner's house ("Ada's house", ``name``: a seat's player's name)."""
    if classic and is_rectangle(place) and name is not None:
        return house(place, name)
    return square_label(place)


def place_name(place: int, classic: bool = False, name: Callable[[int], str] | None = None) -> str:
    """A place as a screen reader calls it: "Square A3", "East rectangle" ("Ada's house" in the
    classic rules)."""
    if classic and is_rectangle(place) and name is not None:
        return house(place, name)
    label = square_label(place)
    return label.removeprefix("the ").capitalize() if is_rectangle(place) else f"Square {label}"


def stone_name(key: str, classic: bool = False) -> str:
    if key == "shogun" and classic:
        return "Mandarin"
    return KINDS[CODE[key]].name


def stone_value(key: str, view: dict[str, Any]) -> int:
    """What a stone is worth in the game of ``view`` (a mandarin's worth is an option)."""
    if key == "shogun" and is_classic(view):
        return int((view.get("options") or {}).get("mandarin", 10))
    return KINDS[CODE[key]].value


def stone_text(key: str, view: dict[str, Any], name: Callable[[int], str]) -> str:
    """What a stone does in the game of ``view``, and who may use its ability (``name``: a seat's
    player's name) -- the lines of its tooltip under its name and worth."""
    if is_classic(view):
        if key == "shogun":
            text = "The lord of a house. Captured with the stones beside him"
            if (view.get("options") or {}).get("young_mandarin"):
                text += ", but not while fewer than 5 stones stand with him"
            return f"{text}."
        return "An ordinary stone: sown one square at a time."
    text = KINDS[CODE[key]].text
    if key in ABILITY_TAG:  # (the Thief's dice and the Hime's worth are anybody's)
        who = [name(p) for p in range(2) if key in view["chosen"][p]]
        if who:
            text += f"\nAbility usable by {' and '.join(who)} (on their own side)."
        else:
            text += "\nNobody chose it: it is sown like a peasant."
    return text


def stone_tip(key: str, view: dict[str, Any], name: Callable[[int], str]) -> str:
    """A stone's tooltip: its name and worth, then what it does and who may use it (:func:`stone_text`)."""
    return f"{stone_name(key, is_classic(view))} — worth {stone_value(key, view)}\n{stone_text(key, view, name)}"


def stone_about(key: str, view: dict[str, Any], name: Callable[[int], str], count: int = 1, chosen: bool = False) -> str:
    """A stone of a tray, the hand or a panel as a screen reader says it after its kind:
    "chosen, 3 of them, worth 2: May jump over ..." (its tooltip's lines)."""
    parts = ["chosen"] if chosen else []
    if count > 1:
        parts.append(f"{count} of them")
    parts.append(f"worth {stone_value(key, view)}: " + stone_text(key, view, name).replace("\n", " "))
    return ", ".join(parts)


def captured_words(view: dict[str, Any], p: int, name: Callable[[int], str]) -> str:
    """What player ``p`` captured, owes and lent, as a screen reader says their area."""
    store, owed, lent = view["stores"][p], view["borrowed"][p], view["borrowed"][1 - p]
    parts = [f"captured {count_text(store, is_classic(view))}" if store else "nothing captured"]
    if owed:
        parts.append(f"owes {sum(stone_value(k, view) for k in owed)}")
    if lent:
        parts.append(f"lent {sum(stone_value(k, view) for k in lent)} to {name(1 - p)}")
    return ", ".join(parts)


def tray_where(step: str | None, ordain_square: int | None) -> str:
    """Where the stones of the prompt's tray are, as a screen reader says it: what they are for."""
    if step == Step.SETUP:
        return "among the special stones to choose"
    if step == Step.REFILL:
        return "among your captures, to refill with"
    return f"among your captured special stones, to ordain {square_label(ordain_square)} with"


def count_text(stones: list[str], classic: bool = False) -> str:
    """"3 Peasants, Monk" -- the contents of a place or a hand in words."""
    if not stones:
        return "empty"
    parts = []
    for k in sorted(set(stones), key=lambda s: CODE.get(s, 99)):
        n = stones.count(k)
        name = stone_name(k, classic)
        parts.append(f"{n} {name[:-1] + 'ves' if name.endswith('f') else name + 's'}" if n > 1 else name)
    return ", ".join(parts)


def hint_words(action: Action, classic: bool = False) -> str:
    """A hint's words for ``action`` ("sow A2 clockwise")."""
    kind = action.kind
    if kind == Move.SOW:
        return f"sow {square_label(action['square'])} {WAYS[action['dir']]}"
    if kind in (Move.PLACE, Move.REFILL):
        return f"put the {stone_name(action['stone'])} on {square_label(action['square'])}"
    if kind == Move.DROP:
        if action.get("turn"):
            return "drop the Samurai and turn the sowing round"
        return f"drop the {stone_name(action['stone'], classic)} on {square_label(action['to'])}"
    if kind == Move.ORDAIN:
        return f"ordain {square_label(action['square'])} with the {stone_name(action['stone'])}"
    return {Move.SKIP: "sit out the turn", Move.ROLL: "roll the dice", Move.KEEP: "keep the Thief",
            Move.TAKE: "take the stones beyond the empty square",
            Move.LEAVE: "leave the stones beyond the empty square where they are"}.get(kind, str(action))


def capture_stones(view: dict[str, Any]) -> list[str]:
    """The stones a capture offered in ``view`` would take from: those beyond the empty place."""
    beyond = step(step(view["pos"], view["direction"]), view["direction"])
    return list(view["board"][beyond])


def taken_words(stones: list[str], classic: bool = False) -> str:
    """What a capture of ``stones`` takes, as the question and its button say it: "the shogun"
    (alone), "the stone", "the 3 stones" (a shogun with company stays, under the shogun rules)."""
    lord = "shogun" in stones
    stays = lord and len(stones) > 1 and not classic
    n = len(stones) - stays
    if stones == ["shogun"]:
        return f"the {stone_name('shogun', classic)}" if classic else "the shogun"
    return "the stone" if n == 1 else f"the {n} stones"


def take_button(stones: list[str], classic: bool = False) -> tuple[str, str]:
    """The capture's Take button: its words say what it takes ("Take the shogun"), and its tooltip."""
    return f"Take {taken_words(stones, classic)}", BUTTONS[Move.TAKE][1]


def capture_question(stones: list[str], classic: bool = False) -> tuple[str, str]:
    """The question of a capture that may be taken, and its note: what would be taken of
    ``stones`` (keys, as a view's board holds them): under the shogun rules a shogun with company
    stays where he is and only his company is taken (and counted); under the classic rules a
    Mandarin is taken with his company."""
    stays = "shogun" in stones and len(stones) > 1 and not classic
    n = len(stones) - stays
    shogun = f"the {stone_name('shogun', classic)}" if classic else "the shogun"
    what = taken_words(stones, classic)
    them = "it" if n == 1 else "them"
    return (f"Take {what} beyond the empty square{f' ({shogun} stays)' if stays else ''}?",
            f"Taking {them} ends your turn, and so does leaving {them} (the rules say you can take {them}).")


# --- the banner: what the state asks of the seat that decides (State.prompt) -----------------------
def prompt(state: ShogunState) -> str:
    """The banner's words for ``state``: what the seat that decides is asked ("wait" when none)."""
    return {
        Step.SETUP: "choose a special stone and the square of yours to place it on",
        Step.SKIP: "you are imprisoned: this turn is lost",
        Step.REFILL: "your squares are empty: put one of your captured stones on each",
        Step.TURN: "choose a square of yours and a direction to sow" + (", or ordain a lone peasant first"
                                                                      if _may_ordain(state) else ""),
        Step.DROP: "choose the next stone to drop, and where (an ability can send it elsewhere)",
        Step.THIEF: "roll the dice for a captured thief, or keep the points as they are",
        Step.CAPTURE: "take the stones beyond the empty square, or leave them",
    }.get(state.step, "wait")


def _may_ordain(state: ShogunState) -> bool:
    """Whether the turn's player may ordain now (a lone peasant of theirs and a captured special
    stone: the banner offers it only then -- a new player's first turn has nothing to ordain)."""
    return state.step == Step.TURN and not state.classic and not state.ordained and \
        any(a.kind == Move.ORDAIN for a in state.legal_actions())


# --- the buttons: their words and tooltips, by what they are for -----------------------------------
BUTTONS = {
    "cancel_ordaining": ("Cancel", "Give up ordaining (Esc)"),
    "cancel_square": ("Cancel", "Choose another square (Esc)"),
    "ordain": ("Ordain…", "Swap a lone peasant on one of your squares for a special stone you captured"),
    "plain_rest": ("Sow the rest plainly", "Drop every stone left on the next place, one after the other, with no ability"),
    Move.LEAVE: ("Leave them", "End the turn without taking them"),
    Move.TAKE: ("Take the stones", "Capture what lies beyond the empty square"),
    "another_stone": ("Choose another stone", "Put the stone back and choose again (Esc)"),
    "turn_round": ("↶ Turn round", "Drop the Samurai here and turn the sowing round: it goes on the other way"),
    Move.SKIP: ("Sit out this turn", ""),
    Move.ROLL: ("Roll the dice", "Roll two dice for this Thief"),
    Move.KEEP: ("Keep", "Do not roll: the points stay as they are"),
}

# --- the status bar: what a click that plays nothing says ----------------------------------------
REFUSAL = "That is not possible now."
STONE_FIRST = "First choose a stone from the tray."
REFILL_WHERE = "Refill an empty square of yours."
PLACE_WHERE = "Place the stone on one of your own squares (along the bottom)."
DROP_HOW = "Click the next place to drop a plain stone there, or choose a stone in the hand to use its ability."
ORDAIN_WHERE = "Ordain a square of yours that holds a single peasant."
SOW_WHERE = "Sow one of your own squares (along the bottom)."
SQUARE_FIRST = "Choose a square first (Tab, or the digits 1-5)."
# a click on a place at a step decided by the buttons
BUTTONS_DECIDE = {Step.SKIP: "You are imprisoned: click “Sit out this turn”.",
                  Step.THIEF: "Roll the dice or keep: the buttons on the board."}


def picked_words(key: str, classic: bool) -> str:
    return f"{stone_name(key, classic)} chosen: now click a highlighted place."


def cannot_go(key: str, place: int, classic: bool) -> str:
    return f"The {stone_name(key, classic)} cannot go to {square_label(place)}."


def square_chosen(square: int) -> str:
    return f"{square_label(square)}: now click ◀ or ▶ (or press ← or →)."


def square_empty(square: int) -> str:
    return f"{square_label(square)} is empty: sow a square with stones."


def cannot_sow(square: int) -> str:
    return f"{square_label(square)} cannot be sown."


def set_up_size(view: dict[str, Any]) -> int:
    """How many special stones each player chooses at the set-up (the Hime always among them: 6)."""
    return 6 if (view.get("options") or {}).get("hime") == "always" else 5


# --- the prompt: its title and the sentence under it -------------------------------------------------
def prompt_words(view: dict[str, Any], choice: Choosing, name: Callable[[int], str]) -> tuple[str, str]:
    """The prompt's title and the sentence under it for ``view`` (``choice``: the table's half-made
    choice; ``name``: a seat's player's name), once no sowing is being played out."""
    step_ = view["step"]
    d = view.get("decider")
    who = name(d) if d is not None and d >= 0 else ""
    if step_ == Step.OVER:
        totals = [s["total"] for s in view["scores"]]
        if totals[0] == totals[1]:
            return f"Game over — a draw, {totals[0]} points each", rolls_text(view, name)
        w = 0 if totals[0] > totals[1] else 1
        return (f"Game over — {name(w)} wins, {totals[w]} to {totals[1 - w]}", rolls_text(view, name))
    if not choice.deciding:
        if d is None or d < 0:
            return "The dice are rolling…", ""
        doing = {
            Step.SETUP: "choosing and placing special stones",
            Step.TURN: "choosing a square to sow",
            Step.DROP: "choosing the next stone to drop",
            Step.REFILL: "refilling their empty squares",
            Step.SKIP: "imprisoned: this turn is lost",
            Step.THIEF: "deciding whether to roll the dice for a Thief",
            Step.CAPTURE: "deciding whether to take the stones beyond the empty square",
        }.get(step_, step_)
        if view.get("seat") is None:
            return f"{who} is {doing}", "Watching the game."
        return f"Waiting for {who}…", f"{who} is {doing}."
    return asking_words(view, choice, name)


def asking_words(view: dict[str, Any], choice: Choosing, name: Callable[[int], str]) -> tuple[str, str]:
    """The prompt's words to the seat that decides: what to do now, the half-made choice's next step."""
    c, v, seat = choice, view, view.get("seat")
    step_ = v["step"]
    if step_ == Step.SETUP:
        size = set_up_size(v)
        n = len(v["chosen"][seat])
        if c.picked:
            return (f"Place the {stone_name(c.picked)}: click one of your squares",
                    f"Stone {n + 1} of {size}. You may use only the abilities of the stones you choose.")
        return (f"Set-up: choose a special stone ({n + 1} of {size})",
                "Click a stone below, then one of your squares. You may use only the abilities of the stones you choose.")
    if step_ == Step.TURN:
        if c.ordaining:
            if c.ordain_square is None:
                return ("Ordain: click a highlighted square (a lone peasant)",
                        "The peasant goes to your captures and a special stone you captured takes its place.")
            return (f"Ordain {square_label(c.ordain_square)}: choose the special stone",
                    "Click one of your captured special stones below.")
        if c.selected_square is not None:
            n = len(v["board"][c.selected_square])
            return (f"Sow {square_label(c.selected_square)} ({n} stone{'s' if n != 1 else ''}): which way?",
                    "◀ clockwise (← key) or ▶ counter-clockwise (→ key). Esc chooses another square.")
        extra = " — or ordain first" if any(a.kind == Move.ORDAIN for a in c.legal) else ""
        return (f"Your turn: choose a square to sow{extra}",
                "Click one of your squares, then ◀ or ▶ above it (or Tab to a square and press ← or →).")
    if step_ == Step.DROP:
        n = len(v["hand"])
        if c.picked is None:
            return (f"Sowing: {n} stones in hand — click the next place",
                    "The next stone drops there plainly. To use an ability, first click that stone in "
                    "the hand (in the groove of the board).")
        stone = stone_name(c.picked, is_classic(v))
        mine = [a for a in c.legal if a.kind == Move.DROP and a["stone"] == c.picked]
        if any(a.get("turn") for a in mine):
            return (f"Drop the {stone}: click the next place (green)",
                    "Or click “Turn round”: the Samurai drops there and the sowing goes on the other way.")
        ability = any(c.is_ability(a) for a in mine)
        return (f"Drop the {stone}: click a highlighted place",
                "Green: the next place. Violet: where its ability can send it." if ability
                else "Green: the next place.")
    if step_ == Step.REFILL:
        if c.picked:
            return (f"Refill: put the {stone_name(c.picked)} on an empty square",
                    "Click a highlighted square of yours.")
        return ("Refill your empty squares from your captures",
                "Choose a captured stone below, then an empty square of yours.")
    if step_ == Step.SKIP:
        return "You are imprisoned: this turn is lost", "Click “Sit out this turn” on the board."
    if step_ == Step.CAPTURE:
        return capture_question(capture_stones(v), is_classic(v))
    if step_ == Step.THIEF:
        other = name(1 - seat)
        left = v["thieves"].count(seat)
        more = f" ({left} Thieves to decide)" if left > 1 else ""
        return (f"You captured a Thief: roll the dice?{more}",
                f"No double: you take the sum from {other}. A double: {other} takes the sum from you.")
    return v["step"], ""


def rolls_text(view: dict[str, Any], name: Callable[[int], str]) -> str:
    """The Thief's dice rolled in the game, as the prompt says them at the end."""
    rolls = view.get("rolls") or []
    if not rolls:
        return "Final scores beside each name."
    return "Thief's dice: " + "; ".join(roll_sentence(r, name) for r in rolls)


def roll_sentence(roll: dict[str, Any], name: Callable[[int], str]) -> str:
    """A roll of the Thief's dice and what it gave ("Ada rolled 7: takes 7 from Ben")."""
    p, total = roll["player"], roll["total"]
    if roll["double"]:
        return f"{name(p)} rolled a double ({total}): {name(1 - p)} takes {total} from {name(p)}"
    return f"{name(p)} rolled {total}: takes {total} from {name(1 - p)}"


# --- the groove's banners: a lost turn, the Thief's dice ------------------------------------------
def prison_words(p: int, name: Callable[[int], str], addressed: Callable[[int], bool]) -> tuple[str, str]:
    """The banner of player ``p``'s lost turn, and why (``addressed``: whether the table says "you" to a seat)."""
    return (f"{'You are' if addressed(p) else name(p) + ' is'} imprisoned: this turn is lost",
            "Taking a shogun in one's first three turns costs the next turn.")


def dice_words(view: dict[str, Any], name: Callable[[int], str], addressed: Callable[[int], bool]) -> tuple[str, str]:
    """The dice banner's title and the sentence under it: a Thief to roll for, the end, the dice rolling."""
    v = view
    rolls = v.get("rolls") or []
    if v["step"] == Step.THIEF:
        p = v["thieves"][0]
        other = name(1 - p)
        head = "You captured a Thief: roll the dice?" if addressed(p) else f"{name(p)} captured a Thief: roll or keep?"
        sub = f"Last roll: {roll_sentence(rolls[-1], name)}." if rolls else \
            f"No double: {'you take' if addressed(p) else name(p) + ' takes'} the sum from " \
            f"{'them' if addressed(p) else other}; a double gives it away."
    elif v["step"] == Step.OVER:
        totals = [s["total"] for s in v["scores"]]
        if totals[0] == totals[1]:
            head = f"Game over — a draw at {totals[0]}"
        else:
            w = 0 if totals[0] > totals[1] else 1
            head = f"Game over — {name(w)} wins {totals[w]} to {totals[1 - w]}"
        sub = f"{roll_sentence(rolls[-1], name)}." if rolls else "The stones left on the board went to their side's owner."
    else:
        head, sub = "The dice are rolling…", ""
    return head, sub


# --- the board's and the panels' titles and captions ----------------------------------------------
SKIPPING = "Click the table or press a key to skip to the end."  # (under the prompt while moves are played)
CAPTURED, NOTHING_YET = "Captured", "nothing yet"
# a player's chips: their words and tooltips (the panel says which and paints them)
CHIPS = {
    "winner": ("Winner", ""),
    "draw": ("Draw", ""),
    "turn": ("▶ Turn", "It is this player's turn"),
    "thief": ("Thief's dice", "Deciding whether to roll for a Thief"),
    "imprisoned": ("Imprisoned", "Took a shogun in one of their first three turns: their next turn is lost"),
}


def rows_words(them: str, mine: str) -> tuple[str, str, str]:
    """The groove's captions between the rows: whose squares are above ("▲ Ben's squares") and below
    ("▼ Your squares"), given the other player's name and the seat's possessive, and the ways' legend."""
    return f"▲ {them}'s squares", f"▼ {mine} squares", "◀ clockwise  ·  counter-clockwise ▶"


def place_label(place: int, name: Callable[[int], str], classic: bool = False) -> str:
    """The caption on a place: its square ("A3"), or a rectangle's side and owner ("East · Ada");
    in the classic rules a rectangle is its owner's house ("Ada's house")."""
    if is_rectangle(place):
        if classic:
            return house(place, name)
        side = "East" if place == 5 else "West"
        return f"{side} · {name(owner(place))}"
    return square_label(place)


def place_tip(place: int, stones: list[str], name: Callable[[int], str], classic: bool = False) -> str:
    """A place's tooltip: which it is and whose, and its stones ("A3 (Ada's square) — 2 stones:
    2 Peasants"; "Ada's house — 1 stone: Mandarin" in the classic rules)."""
    who = name(owner(place))
    if is_rectangle(place):
        head = house(place, name) if classic else f"{square_label(place).capitalize()} ({who}'s side)"
    else:
        head = f"{square_label(place)} ({who}'s square)"
    noun = "stone" if len(stones) == 1 else "stones"
    return f"{head} — {len(stones)} {noun}" + (f": {count_text(stones, classic)}" if stones else "")


def short_place(place: int, classic: bool = False) -> str:
    """A place in the fewest words, as the hand says where the sowing goes next ("A3", "east";
    "house" in the classic rules: the hand lies beside it)."""
    if is_rectangle(place) and classic:
        return "house"
    if place == 5:
        return "east"
    if place == 11:
        return "west"
    return square_label(place)


def score_tip(who: str, total: int, parts: list[dict[str, Any]]) -> str:
    """The tooltip of a player's score: the total and its parts, one a line."""
    breakdown = "\n".join(f"{x['label']}: {x['points']:+d}" for x in parts) if parts else "nothing yet"
    return f"{who}: {total} points\n{breakdown}"


def debts_words(view: dict[str, Any], p: int, name: Callable[[int], str]) -> tuple[str, str]:
    """What player ``p`` owes ("Owes 3 (borrowed 3 Peasants)"; "Owes Ben 3 (3 stones borrowed)" in
    the classic rules) and lent ("Lent 2 to Ben"), "" for none."""
    owed, lent = view["borrowed"][p], view["borrowed"][1 - p]
    worth = sum(stone_value(k, view) for k in owed)
    if not owed:
        owes = ""
    elif is_classic(view):
        owes = f"Owes {name(1 - p)} {worth} ({stones_words(len(owed))} borrowed)"
    else:
        owes = f"Owes {worth} (borrowed {count_text(owed)})"
    return owes, f"Lent {sum(stone_value(k, view) for k in lent)} to {name(1 - p)}" if lent else ""


def debt_tip(view: dict[str, Any], p: int, name: Callable[[int], str], lender: bool = False) -> str:
    """Why there is a debt on player ``p``'s area (``lender``: the debt of the other player to
    ``p``) and what it costs at the end -- the lines of its tooltip under its words."""
    borrower = 1 - p if lender else p
    owed = view["borrowed"][borrower]
    worth = sum(stone_value(k, view) for k in owed)
    what = stones_words(len(owed)) if is_classic(view) else ("a " if len(owed) == 1 else "") + count_text(owed)
    b, other = name(borrower), name(1 - borrower)
    return (f"{b}'s squares were all empty and {b}'s own captured stones too few to put one on each: "
            f"{b} borrowed {what} from {other}'s captures.\n"
            f"Paid back at the end: −{worth} for {b}, +{worth} for {other}.")


def stones_words(n: int) -> str:
    """"1 stone", "3 stones"."""
    return f"{n} stone{'s' if n != 1 else ''}"


def classic_rules(options: dict[str, Any]) -> str:
    """The classic rules' line on a panel, where the abilities would be."""
    text = f"Classic rules (Ô ăn quan): a mandarin is worth {options.get('mandarin', 10)}"
    if options.get("young_mandarin"):
        text += "; a young one (fewer than 5 stones with him) cannot be taken"
    return text


def chosen_words(view: dict[str, Any], p: int) -> tuple[str, str]:
    """The head of player ``p``'s abilities ("Abilities", "Chosen 2/5" at the set-up) and the words for none."""
    setup = view["step"] == Step.SETUP
    head = f"Chosen {len(view['chosen'][p])}/{set_up_size(view)}" if setup else "Abilities"
    return head, "none yet" if setup else "none"


def hand_words(hand: list[str], nxt: int, classic: bool = False) -> tuple[str, str]:
    """The lines beside the stones in hand: how many, and the place the next one goes to."""
    return f"In hand: {len(hand)}", f"next: {short_place(nxt, classic)}"
