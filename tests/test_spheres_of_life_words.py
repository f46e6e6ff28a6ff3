"""Spheres of Life's words on buttons and prompts (tabletop/games/spheres_of_life/words.py), where
no other test reads them: the table's notices, a hero's menu button, the phase board's title and
lines, the middle board's heading, what is happening, the prompt's title."""

from __future__ import annotations

from tabletop.engine.actions import Action
from tabletop.games.spheres_of_life import words
from tabletop.games.spheres_of_life.steps import DAWN_PHASE_NAME, Declared, Move, Step

NAMES = ["Ada", "Ben", "Cleo"]
A = Action.make


def view(**fields):
    """A view with only what the words read (a Day, Ada's turn, Ben holding the phase cards)."""
    return {"players": 3, "phase": "day", "step": Step.PICK, "last_dream": False, "leader": 1, "turn": 0,
            "decider": 0, "effect": {}, "chain": [], "queue": [], **fields}


def test_the_tables_notices_say_the_deck_and_the_dawn():
    assert words.deck_words(31) == "The main deck: 31 cards."
    assert words.dawn_passed(7) == "The Dawn has passed: its sacrifices were worth 7, below 10. The game goes on."


def test_a_menu_button_uses_a_hero_and_plays_an_ability_card():
    assert words.use_menu_label("druid1") == "Use Druid…"
    assert words.use_menu_label("fire1") == "Play Orb of Fire…"


def test_the_phase_boards_title_names_the_phase_and_the_last_dream():
    assert [words.phase_title(view(phase=p)) for p in ("setup", "day", "night", "dream", "over", DAWN_PHASE_NAME)] == [
        "Heroes", "Day", "Night", "Dream", "Game over", "Dawn"]
    assert words.phase_title(view(phase="dream", last_dream=True)) == "LAST DREAM"
    assert words.phase_title(view(phase="over", last_dream=True)) == "Game over"


def test_the_phase_boards_lines_say_the_phase_cards_the_turn_the_round_and_the_dawn():
    assert words.phase_lines(view(), NAMES, False, 1) == ["◆ Phase cards: Ben", "▶ Turn: Ada"]
    assert words.phase_lines(view(), NAMES, True, 3) == ["◆ Phase cards: Ben", "▶ Turn: you", "Match round 1 of 3"]
    assert words.phase_lines(view(match_round=2), NAMES, True, 3)[-1] == "Match round 2 of 3"
    assert words.phase_lines(view(turn=None), NAMES, False, 1) == ["◆ Phase cards: Ben"]
    assert words.phase_lines(view(phase="over", dawn={"aside": ["dawn1"], "ended_game": True}), NAMES, False, 1) == [
        "◆ Phase cards: Ben", "The Dawn ended the game"]
    assert words.phase_lines(view(dawn={"aside": ["dawn1"]}), NAMES, False, 1)[-1] == "☀ Dawn after this phase"
    assert words.phase_lines(view(phase=DAWN_PHASE_NAME, dawn={"aside": ["dawn1"]}), NAMES, False, 1) == [
        "◆ Phase cards: Ben", "▶ Turn: Ada"]


def test_the_middle_boards_heading():
    assert words.open_heading(view(), 3) == "Open cards of the Day (3)"
    assert words.open_heading(view(phase="night"), 6) == "Open cards of the Night (6)"
    assert words.open_heading(view(phase="dream"), 0) == "What is happening"
    assert words.open_heading(view(phase="setup"), 0) == "Heroes to choose"
    assert words.open_heading(view(step=Step.BLOCK), 3) == "BLOCK WINDOW — does anyone block it?"
    assert words.open_heading(view(step=Step.ACCEPT), 0) == "AN EXCHANGE IS OFFERED"
    assert words.dawn_heading(False) == "THE DAWN — each player lays up to five cards face down"
    assert words.dawn_heading(True) == "THE DAWN — the sacrifices are shown"


def test_what_is_happening_says_the_chain_the_effect_and_who_decides():
    chain = [{"kind": Declared.ACTION, "who": 0, "action": A(Move.STEAL, target=2).to_json()},
             {"kind": Declared.BLOCK, "who": 2}, {"kind": Declared.BLOCK, "who": 0}]
    v = view(phase="dream", step=Step.BLOCK, decider=1, chain=chain)
    assert words.chain_text(v, NAMES, False).split("\n") == [
        "Ada declares: steal from Cleo", "↳ Cleo blocks it with an Apple of Life",
        "↳ ↳ Ada blocks it with an Apple of Life", "Ben: may block it."]
    offer = view(phase="dream", step=Step.ACCEPT, decider=0, effect={"who": 1, "card": "fire1", "want": "deer",
                                                                      "accepted": [[2, "deer2"]]})
    assert words.chain_text(offer, NAMES, True).split("\n") == [
        "Ben offers Orb of Fire and wants Noble Deer in return", "Accepted by Cleo", "You: may accept the exchange."]
    resolving = view(phase="dream", step=Step.STEAL_POS, decider=0, effect={"who": 1, "card": "fire1", "target": 0})
    assert words.chain_text(resolving, NAMES, True).split("\n")[0] == "Resolving Orb of Fire of Ben on Ada"
    assert words.chain_text(view(phase="over", decider=None), NAMES, False) == "The game is over."
    # a game the Dawn ended says so where the table says what is happening, with the count
    dawn = {"ended_game": True, "total": 14}
    assert words.chain_text(view(phase="over", decider=None, dawn=dawn), NAMES, False) == \
        "The game is over: the Dawn's sacrifices reached 14, 10 or more."
    assert words.chain_text(view(phase="over", decider=None, dawn={**dawn, "ended_game": False}), NAMES, False) == \
        "The game is over."


def test_the_prompts_title_waits_or_says_the_choice():
    assert words.prompt_title(view(decider=2), NAMES, False, None, None) == "Waiting for Cleo…"
    assert words.prompt_title(view(phase="over"), NAMES, False, None, None) == "Game over"
    assert words.prompt_title(view(decider=None), NAMES, False, None, None) == ""
    assert words.prompt_title(view(), NAMES, True, ("exchange", "owl1"), None) == (
        "Noble Owl: choose the kind you want in exchange.")
    assert words.prompt_title(view(), NAMES, True, ("use", "fire1"), None) == "Orb of Fire: choose."
    assert words.prompt_title(view(), NAMES, True, None, "owl1") == "Noble Owl: what do you do with it?"
    night = view(phase="night", step=Step.NIGHT_DISCARD, effect={"discarded": 1})
    assert words.prompt_title(night, NAMES, True, None, None) == (
        "Night: click up to 1 more cards of your hand to discard them, then Done.")
    assert words.prompt_title({**night, "players": 2}, NAMES, True, None, None).startswith("Night: click up to 5 more")
    assert words.prompt_title(view(step=Step.PRIO), NAMES, True, None, None) == "Use your hero now, or pass."
    assert words.prompt_title(view(phase="dream", step=Step.PRIO), NAMES, True, None, None) == (
        "Your choice: play an ability card or use your hero now, or pass.")
    assert words.prompt_title(view(step="nothing known"), NAMES, True, None, None) == "Your choice: choose."


def test_the_players_areas_say_the_hand_and_the_score():
    assert words.hand_size_words(1) == "Hand: 1 card"
    assert words.hand_size_words(0) == "Hand: 0 cards"
    hidden = {"total": None, "parts": [{"label": "Banked sets", "points": 4}, {"label": "Noble animals in hand", "points": None},
                                       {"label": "Corrupted", "points": -1}]}
    assert words.score_words(hidden) == "Public points +3 (+ hand)"
    assert words.score_words({**hidden, "total": 9}) == "Score 9"
    full = {"total": 5, "parts": [{"label": "Banked sets", "points": 6}, {"label": "Ability cards in hand", "points": 0},
                                  {"label": "Corrupted animals in hand", "points": -1}]}
    assert words.score_in_full(full) == "Score 5   Banked sets +6 · Corrupted animals in hand −1"  # (the Scores panel's minus)
    assert words.score_in_full({**full, "total": -2}).startswith("Score −2   ")
    assert words.own_hand_words(3, "Ben", False, True) == "Ben's hand (3)"
    assert words.own_hand_words(3, None, True, True) == "Your hand's order is locked."
    assert words.own_hand_words(3, None, False, True) == "Your hand (3) — drag a card to move it"
    assert words.own_hand_words(1, None, False, False) == "Your hand (1)"
    assert words.discard_list_title(12) == "Discard pile — 12 cards, oldest first (click or Esc to close)"


def test_banking_nothing_is_going_on_to_the_action_with_godly_abilities():
    assert words.action_label(A(Move.SKIP), NAMES, view(step=Step.BONUS)) == "Bank nothing"
    assert words.action_label(A(Move.SKIP), NAMES, view(step=Step.BONUS, fields=[[], [], []])) == "Go on to the action"
    assert words.prompt_title(view(step=Step.BONUS), NAMES, True, None, None) == (
        "Your choice: bank a complete set, or bank nothing.")
    assert words.prompt_title(view(step=Step.BONUS, fields=[[], [], []]), NAMES, True, None, None) == (
        "Your choice: bank a complete set, put a Prolonged card in your Field (one of each a Dream), or go on.")


def test_what_is_happening_says_who_steals_from_whom_while_pointing():
    stealing = view(phase="dream", step=Step.STEAL_POS, effect={"who": 0, "target": 2})
    assert words.chain_text(stealing, NAMES, True).split("\n") == ["Ada steals from Cleo", "You: pointing at a card to steal."]
    assert words.chain_text({**stealing, "effect": {"who": 0}}, NAMES, True) == "You: pointing at a card to steal."
