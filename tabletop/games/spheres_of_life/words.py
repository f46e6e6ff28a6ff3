"""Spheres of Life: the words on the table's buttons and in its prompts, in one place -- a button's
label for an action (the hint says it too), the banner's words for what the decider must do, the
question put to the whole table, the prompt's title and the middle board's lines (what is
happening), the status bar's refusals and notices, the phase board's lines and the Dawn's words.

Pure Python, no Qt: the state's ``prompt()`` and ``window()`` hand over to :func:`prompt` and
:func:`question`; the table's choosing (:mod:`.choosing`) decides what to offer and takes its
words from here, and so do the layout and the table (Qt).  The log's sentences are
:mod:`.describe`'s."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from tabletop.engine.actions import Action

from .cards import GODLY_ABILITIES, HERO, card, every_card, kind_names
from .dawn import ENDS_AT as DAWN_ENDS_AT
from .steps import DAWN_PHASE_NAME, DAY, DREAM, OVER, SETUP, Declared, Move, Step

if TYPE_CHECKING:
    from .rules import SpheresState


# --- the buttons ------------------------------------------------------------------------------
CANCEL = "Cancel"
OFFER_IN_EXCHANGE = "Offer it in exchange…"  # (a card of the hand chosen: opens the kinds to want)


def action_label(a: Action, names: list[str], view: dict[str, Any]) -> str:
    """The words on a prompt button."""
    k = a.kind
    if k == Move.PASS:
        return "Let it pass" if view["step"] == Step.BLOCK else "Pass"
    if k == Move.DONE:
        return "Done"
    if k == Move.SKIP:
        return "Go on to the action" if "fields" in view else "Bank nothing"
    if k == Move.DECLINE:
        return "Decline"
    if k == Move.BANK:
        return f"Bank three {kind_names()[a['species']]}"
    if k == Move.STEAL:
        return f"Steal from {names[a['target']]}"
    if k == Move.GIFT:
        return f"Give it to {names[a['to']]}"
    if k == Move.EXCHANGE:
        return kind_names()[a["want"]]
    if k == Move.LOSE:
        return "Discard it" if a["to"] < 0 else f"Give it to {names[a['to']]}"
    if k == Move.DISCARD:
        return "Discard it"
    if k == Move.HERO:
        return f"Choose the {card(a['card']).name}"
    if k == Move.ACTIVATE:
        return f"Put {card(a['card']).name} in your Field"
    if k == Move.SACRIFICE:
        c = card(a["card"])
        return f"Add {c.name} (+5)" if c.type == HERO else f"Sacrifice {c.name}, face down"
    if k == Move.USE:
        return _use_label(a, names, view)
    if k == Move.BLOCK:
        return "Block with Apple of Life"
    if k == Move.PARTNER:
        return f"Exchange with {names[a['seat']]}"
    if k == Move.ACCEPT:
        return f"Accept: give {card(a['card']).name}"
    if k in (Move.PICK, Move.TAKE):
        return f"Take {card(a['card']).name}"
    if k == Move.ORDER:
        return f"Next in order: {card(a['card']).name}"
    if k == Move.POSITION:
        return f"Card {a['index'] + 1} from the left"
    return str(a)


def _use_label(a: Action, names: list[str], view: dict[str, Any]) -> str:
    """The words on the button of an ability card played or a hero used."""
    c = card(a["card"])
    if a.get("phase") is not None:
        return f"{c.name}: start a {a['phase'].capitalize()}"
    if a.get("species") is not None:
        return f"{c.name}: name {kind_names()[a['species']]}"
    if a.get("hero") is not None:
        return f"{c.name}: ready {card(a['hero']).name} again"
    if a.get("field") is not None:
        owner = next((q for q, f in enumerate(view.get("fields", [])) if a["field"] in f), None)
        whose = "" if owner is None else (" from your Field" if owner == view.get("seat") else f" from {names[owner]}'s Field")
        verb = "take" if c.effect == "take_from_field" else "remove"
        return f"{c.name}: {verb} {card(a['field']).name}{whose}"
    target = a.get("target")
    return f"{'Use' if c.type == 'hero' else 'Play'} {c.name}" + (f" on {names[target]}" if target is not None else "")


def use_menu_label(card_id: str) -> str:
    """The button that opens the menu of a card's or a hero's several targets."""
    c = card(card_id)
    verb = "Use" if c.type == "hero" else "Play"
    return f"{verb} {c.name}…"


# --- the status bar: a click that does nothing now, and the table's notices ----------------------
NOT_IN_CHOICE = "That card is not part of the choice now."
POINT_ONLY_TO_STEAL = "Point at a card only when you steal or raid."
HAND_CHANGED = "Your hand changed while you moved the card; arrange it again."
DAWN_CARD_CAME = "A Dawn card came up! The Dawn Phase begins when this phase ends."


def cannot_take(phase: str) -> str:
    """A click on an open card (or a hero to choose) that takes nothing now."""
    return "You cannot take that card now." if phase != SETUP else "Choose a hero when it is your turn to choose."


def cannot_play_on(card_id: str, name: str) -> str:
    return f"{card(card_id).name} cannot be played on {name}."


def cannot_give(card_id: str, name: str) -> str:
    return f"You cannot give {card(card_id).name} to {name} now."


def cannot_steal(name: str, phase: str) -> str:
    return f"You cannot steal from {name} now." if phase == DREAM else "Stealing is a Dream action."


def dawn_passed(total: Any) -> str:
    """The Dawn Phase over and the game going on."""
    return f"The Dawn has passed: its sacrifices were worth {total}, below 10. The game goes on."


def deck_words(count: int) -> str:
    """A click on the main deck."""
    return f"The main deck: {count} cards."


def hero_ready(heroes: list[list[str]], used: list[str], p: int | None) -> bool:
    """Whether player ``p`` has a hero not yet used (a quiet moment offers it); no player: yes."""
    if p is None or not 0 <= p < len(heroes):
        return True
    return any(h not in used for h in heroes[p])


# --- the banner, and the question to the whole table ----------------------------------------------
def prompt(state: SpheresState) -> str:
    """The banner's words for what the decider must do (``State.prompt``)."""
    step = state.step
    if step == Step.SACRIFICE:
        return (f"the Dawn: lay up to five cards face down (you have laid {len(state.dawn.sacrificed[state.queue[0]])}), "
                "then say done; at 10 points or more together the game ends")
    if step == Step.DAWN_HERO:
        return f"the sacrifice is worth {state.dawn.total}: add an unused hero for 5 more, or pass"
    if step == Step.NIGHT_DISCARD:
        limit = state._night_limit(state.queue[0])
        return f"discard up to {limit} cards, then say done: you then take as many from the table"
    ready = hero_ready(state.heroes, state.used, state.decider())
    return {
        Step.HERO: "choose your hero",
        Step.PRIO: (f"use an ability card{' or your hero' if ready else ''} now, or pass" if state.phase == DREAM
                    else "use your hero now, or pass" if ready else "pass: nothing to use now"),
        Step.BLOCK: "block it with an Apple of Life, or let it pass",
        Step.PICK: "take a card from the table",
        Step.NIGHT_TAKE: "take a card from the table for each card you discarded, or stop",
        Step.BONUS: "bank a complete set, or bank nothing" if GODLY_ABILITIES not in state.parts
        else "bank a complete set or put a Prolonged card in your Field, or do neither",
        Step.ACTION: "steal, give a card, or offer an exchange",
        Step.FALLBACK: "nobody accepted: steal or give a card",
        Step.ACCEPT: "accept the exchange, or decline",
        Step.PARTNER: "several players accept: choose whom to exchange with",
        Step.STEAL_POS: "point at the card to steal",
        Step.RAVEN_POS: "point at a card to take",
        Step.DRUID_KEEP: "keep up to two of the cards, then say done",
        Step.ORDER: "put the cards in the order you choose",
        Step.WARRIOR: "discard or give up to three cards, then say done",
        Step.WIND: "discard up to two cards, then say done",
        Step.ROOT: "take a card from the discard pile",
        Step.TRIBUTE: "give a card of your choice to the Goddess of Mercy's owner",
        Step.DISCARD_PICK: "take a card from the discard pile (Orb of Hades), or stop",
    }.get(step, "wait")


def question(state: SpheresState, names: list[str]) -> str:
    """The question put to everybody at once (``State.window``): a quiet moment, a block window,
    an exchange offered."""
    if state.step == Step.PRIO:
        if state.closing:
            end = "the game is scored" if state.last_dream else "the Dream ends"
            return f"Before {end}: does anyone play an ability card or a hero now?"
        return f"Before {names[state.queue[0]]}'s turn: does anyone play an ability card or a hero now?"
    if state.step == Step.BLOCK:
        top = state.chain[-1]
        who = names[top["who"]]
        if top["kind"] == Declared.BLOCK:
            return f"{who} blocked it with an Apple of Life. Does anyone block the block?"
        if top["kind"] == Declared.ABILITY:
            return f"{who} plays {card(top['card']).name}. Does anyone block it?"
        a = Action.from_json(top["action"])  # (a steal, a gift or an exchange: the actions declared)
        if a.kind == Move.STEAL:
            what = f"a steal from {names[a['target']]}"
        elif a.kind == Move.GIFT:
            what = f"a gift to {names[a['to']]}"
        else:
            what = "an exchange"
        return f"{who} declares {what}. Does anyone block it?"
    e = state.effect
    return (f"{names[e['who']]} offers {card(e['card']).name} for a {kind_names()[e['want']]}. "
            "Does anyone accept?")


# --- the prompt's title on the table ----------------------------------------------------------------
def prompt_title(view: dict[str, Any], names: list[str], legal: bool, menu: tuple[str, str] | None,
                 selected: str | None) -> str:
    """The words above the prompt's buttons: whom the table waits for, else what the seated player
    chooses now (``menu``, ``selected``: the half-made choice's card menu, its card of the hand)."""
    v = view
    if not legal:
        d = v["decider"]
        if v["phase"] == OVER:
            return "Game over"
        return f"Waiting for {names[d]}…" if d is not None and d >= 0 else ""
    if menu is not None:
        kind, cid = menu
        c = card(cid)
        return f"{c.name}: choose the kind you want in exchange." if kind == "exchange" else f"{c.name}: choose."
    if selected:
        return f"{card(selected).name}: what do you do with it?"
    step = v["step"]
    limit = 6 if v["players"] == 2 else 2
    e = v["effect"]
    if step == Step.NIGHT_DISCARD:
        return f"Night: click up to {limit - e.get('discarded', 0)} more cards of your hand to discard them, then Done."
    if step == Step.NIGHT_TAKE:
        return "Night: click an open card to take it (one for each card you discarded), or Done."
    ready = hero_ready(v.get("heroes") or [], v.get("used") or [], v.get("decider"))
    if step == Step.PRIO and v["phase"] != DREAM:
        return "Use your hero now, or pass." if ready else "Nothing to use now: pass."
    if step == Step.PRIO and not ready:  # (the heroes used: the ability cards only)
        return "Your choice: play an ability card now, or pass."
    if step == Step.BONUS and "fields" in v:
        return "Your choice: bank a complete set, put a Prolonged card in your Field (one of each a Dream), or go on."
    return "Your choice: " + PROMPTS.get(step, "choose.")


PROMPTS = {
    "hero": "click one of the hero cards to take it.",
    "prio": "play an ability card or use your hero now, or pass.",
    "block": "block it (with an Apple in your hand), or let it pass.",
    "pick": "click one of the open cards to take it.",
    "bonus": "bank a complete set, or bank nothing.",
    "action": "steal (click a player), or click a card of your hand to give it or offer it in exchange.",
    "fallback": "nobody accepted: steal (click a player) or click a card of your hand to give it.",
    "accept": "accept the exchange, or decline.",
    "partner": "several players accept: choose whom to exchange with.",
    "steal_pos": "click one of the backs to steal that card.",
    "raven_pos": "click one of the backs to take that card.",
    "druid_keep": "keep up to two of the cards, then Done.",
    "order": "put the cards in order: choose them one by one.",
    "warrior": "click a card of your hand to discard or give it (up to three), then Done.",
    "wind": "click up to two cards of your hand to discard them, then Done.",
    "root": "take a card from the discard pile.",
    "tribute": "click a card of your hand to give it.",
    "discard_pick": "take a card from the discard pile (Orb of Hades), or Done.",
    "sacrifice": "click cards of your hand to sacrifice them face down (up to five), then Done.",
    "dawn_hero": "add an unused hero for 5 more, or pass.",
}


# --- the middle board: its heading and what is happening ----------------------------------------------
HEROES_LIE_BELOW = "The heroes to choose lie below, where your hand will be."


def open_heading(view: dict[str, Any], count: int) -> str:
    """The middle board's heading outside the Dawn (``count``: the open cards, or the heroes to
    choose at the set-up)."""
    phase = view["phase"]
    if view["step"] == Step.BLOCK:
        return "BLOCK WINDOW — does anyone block it?"
    if view["step"] == Step.ACCEPT:
        return "AN EXCHANGE IS OFFERED"
    if phase == SETUP:
        return "Heroes to choose"
    return f"Open cards of the {'Day' if phase == DAY else 'Night'} ({count})" if count else "What is happening"


def happening(view: dict[str, Any], names: list[str], you: bool) -> str:
    """Who is deciding what (``you``: the decider is the seat the table speaks to)."""
    step, d = view["step"], view["decider"]
    who = names[d] if d is not None and d >= 0 else ""
    if view["phase"] == OVER:
        dawn = view.get("dawn") or {}
        if dawn.get("ended_game"):  # (Gods & Myths: the Dawn's count ended it)
            return f"The game is over: the Dawn's sacrifices reached {dawn['total']}, 10 or more."
        return "The game is over."
    subject = "You" if you else who
    return f"{subject}: {STEP_WORDS.get(step, step)}."


STEP_WORDS = {
    "hero": "choosing a hero", "prio": "may use something now", "block": "may block it",
    "pick": "taking a card from the table", "night_discard": "discarding", "night_take": "taking cards",
    "bonus": "may bank a set", "action": "choosing an action", "fallback": "nobody accepted: steal or give",
    "accept": "may accept the exchange", "partner": "choosing whom to exchange with", "steal_pos": "pointing at a card to steal",
    "raven_pos": "pointing at cards to take", "druid_keep": "keeping cards with the Druid",
    "order": "putting a hand in order", "warrior": "getting rid of cards", "wind": "discarding",
    "root": "taking a card from the discard pile", "over": "game over",
    "tribute": "giving a card", "discard_pick": "may take a card from the discard pile",
    "sacrifice": "laying cards face down", "dawn_hero": "may add a hero",
}


def chain_text(view: dict[str, Any], names: list[str], you: bool) -> str:
    """What is happening, in sentences: the declared items and their blocks, then the effect
    being resolved, then who is deciding what (``you``: see :func:`happening`)."""
    v = view
    lines = []
    for k, item in enumerate(v["chain"]):
        who = names[item["who"]]
        if item["kind"] == Declared.BLOCK:
            lines.append(f"{'↳ ' * min(k, 3)}{who} blocks it with an Apple of Life")
        elif item["kind"] == "ability":
            target = (item.get("action") or {}).get("target")
            lines.append(f"{who} plays {card(item['card']).name}" + (f" on {names[target]}" if target is not None else ""))
        else:
            a = Action.from_json(item["action"])
            if a.kind == Move.EXCHANGE:
                label = f"an exchange of {card(a['card']).name} for a {kind_names()[a['want']]}"
            elif a.kind == Move.GIFT:
                label = f"a gift to {names[a['to']]}"
            else:
                label = action_label(a, names, v)
                label = label[:1].lower() + label[1:]
            lines.append(f"{who} declares: {label}")
    e = v["effect"]
    step = v["step"]
    if e.get("card") and e.get("want") and step in (Step.ACCEPT, Step.FALLBACK, Step.PARTNER):
        lines.append(f"{names[e['who']]} offers {card(e['card']).name} and wants {kind_names()[e['want']]} in return")
        if e.get("accepted"):
            lines.append("Accepted by " + ", ".join(names[o] for o, _ in e["accepted"]))
    elif e.get("card") and e.get("who") is not None and step not in (Step.BLOCK,):
        c = card(e["card"])
        if c.type in ("ability", "hero"):
            tgt = e.get("target")
            lines.append(f"Resolving {c.name} of {names[e['who']]}" + (f" on {names[tgt]}" if tgt is not None else ""))
    elif step == Step.STEAL_POS and e.get("target") is not None:
        lines.append(f"{names[e['who']]} steals from {names[e['target']]}")
    lines.append(happening(v, names, you))
    return "\n".join(lines)


# --- the phase board --------------------------------------------------------------------------------
def phase_title(view: dict[str, Any]) -> str:
    """The phase board's title: the phase, unmistakable in the Last Dream."""
    phase = view["phase"]
    return "LAST DREAM" if view["last_dream"] and phase != OVER else {
        "setup": "Heroes", "day": "Day", "night": "Night", "dream": "Dream", "over": "Game over",
        DAWN_PHASE_NAME: "Dawn"}[phase]


def phase_lines(view: dict[str, Any], names: list[str], your_turn: bool, rounds: int) -> list[str]:
    """The phase board's lines under its title: who holds the phase cards, whose turn it is
    (``your_turn``: the seat the table speaks to), the match round of ``rounds``, the Dawn's
    news (a line starting "☀" is the Dawn's, drawn in its colour)."""
    v = view
    phase = v["phase"]
    lines = [f"◆ Phase cards: {names[v['leader']]}"]
    if v["turn"] is not None and phase != OVER:
        lines.append(f"▶ Turn: {'you' if your_turn else names[v['turn']]}")
    if rounds > 1:
        lines.append(f"Match round {v.get('match_round', 1)} of {rounds}")
    dawn = v.get("dawn") or {}
    if dawn.get("ended_game") and phase == OVER:
        lines.append("The Dawn ended the game")
    elif dawn.get("aside") and phase != DAWN_PHASE_NAME:
        lines.append("☀ Dawn after this phase")
    return lines


# --- the players' areas ------------------------------------------------------------------------------
def hand_size_words(size: int) -> str:
    """Under another player's heroes: how many cards they hold."""
    return f"Hand: {size} card{'s' if size != 1 else ''}"


def score_words(score: dict[str, Any]) -> str:
    """Another player's score as the seat may see it: the total, else the public points."""
    known_pts = sum(x["points"] for x in score["parts"] if x["points"] is not None)
    total = score["total"]
    return f"Score {total}" if total is not None else f"Public points {known_pts:+d} (+ hand)"


def score_in_full(score: dict[str, Any]) -> str:
    """The seat's own score: the total, then each part that counts."""
    parts = " · ".join(f"{p['label']} {worth_words(p['points'])}" for p in score["parts"] if p["points"])
    total = str(score["total"]).replace("-", "\u2212")  # (the Scores panel's minus)
    return f"Score {total}   {parts}"


def own_hand_words(count: int, watcher: str | None, locked: bool, may_drag: bool) -> str:
    """Above the seat's hand: whose it is (``watcher``: the name of the seat a spectator or a
    replay watches), that its order is locked, or that a card may be dragged."""
    if watcher is not None:
        return f"{watcher}'s hand ({count})"
    if locked:
        return "Your hand's order is locked."
    if may_drag:
        return f"Your hand ({count}) — drag a card to move it"
    return f"Your hand ({count})"


def discard_list_title(count: int) -> str:
    return f"Discard pile — {count} cards, oldest first (click or Esc to close)"


# --- the Dawn ---------------------------------------------------------------------------------------
def dawn_heading(shown: bool) -> str:
    return ("THE DAWN — each player lays up to five cards face down" if not shown
            else "THE DAWN — the sacrifices are shown")


def dawn_words(total: int | None) -> str:
    """The Dawn's total against 10, in words."""
    if total is None:
        return f"Total: hidden until everybody has laid their cards — {DAWN_ENDS_AT} or more ends the game"
    if total >= DAWN_ENDS_AT:
        return f"Total {total} of {DAWN_ENDS_AT}: the game ends"
    return f"Total {total} of {DAWN_ENDS_AT} — {DAWN_ENDS_AT - total} short"


def yours_words(names: list[str], fit: Any) -> str:
    """After a Dawn row, the seat's own cards laid face down: " (yours: Corrupted Jackal, Corrupted
    Bear)"; when ``fit`` says the row cannot hold every name, as many as it holds and how many
    other cards (" (yours: Corrupted Jackal and 1 other card)"), else how many: never a "+2"
    that would read as points."""
    for k in range(len(names), 0, -1):
        rest = len(names) - k
        text = " (yours: " + ", ".join(names[:k]) + (f" and {rest} other card{'s' if rest != 1 else ''}" if rest else "") + ")"
        if fit(text):
            return text
    return f" (yours: {len(names)} card{'s' if len(names) != 1 else ''})"


def laid_words(who: str, count: int) -> str:
    """What a player laid for the Dawn, once shown: "You: 2 cards", "Bramble: nothing"."""
    return f"{who}: {count} card{'s' if count != 1 else ''}" if count else f"{who}: nothing"


def worth_words(points: int) -> str:
    """A worth beside cards the Dawn counted: "−1", "+4", "+5"."""
    return f"{points:+d}".replace("-", "\u2212")


def worth_about(points: int, cards: int, hero: bool) -> str:
    """A shown card's worth, as a screen reader says it: "counts −1", "one of 2 counted
    together: +4", "a hero added: +5"."""
    if hero:
        return f"a hero added: {worth_words(points)}"
    if cards > 1:
        return f"one of {cards} counted together: {worth_words(points)}"
    return f"counts {worth_words(points)}"


def sacrifice_words(view: dict[str, Any], p: int, count: int) -> str:
    """A row of the Dawn board while the sacrifices are laid: how many face down, and whether
    the player is laying them now, has still to, or is done ("nothing" when none were laid)."""
    v = view
    laid = f"{count} card{'s' if count != 1 else ''} face down" if count else ""
    queue = v["queue"] if v["step"] == Step.SACRIFICE else []
    if p in queue[1:]:
        return "still to lay"
    if queue and p == queue[0]:
        return f"{laid}, laying…" if laid else "laying…"
    return laid or "nothing"


# --- a banked Mythical set's bonus --------------------------------------------------------------------
LASTING_WORDS = {
    "day_draws": "{by:+d} card every Day", "untouchable": "cannot be stolen from",
    "night_limit": "{by:+d} in every Night", "points": "{points:+d} points",
    "others_night_limit": "others {by:+d} in every Night", "others_day_draws": "others {by:+d} card every Day",
    "corrupted_free": "corrupted in hand cost nothing", "others_points": "others {points:+d} points",
}


@cache
def mythical_bonus(kind: str) -> str:
    """A Mythical Creature species' banked bonus in a few words ("" for other species)."""
    c = next((c for c in every_card().values() if c.kind == kind and c.mythical), None)
    if c is None:
        return ""
    words = LASTING_WORDS.get(c.lasting)
    return words.format(**dict(c.lasting_params)) if words else c.bonus_text
