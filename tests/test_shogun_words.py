"""The shogun table's words (tabletop/games/shogun/words.py, pure; the Thief's game is borrowed
from the table's tests): the banner's words the state gives, the prompt's title and the sentence
under it at each step and for each half-made choice, the groove's banners (a lost turn, the
Thief's dice), the buttons' words and the status bar's sentences."""

from __future__ import annotations

from tabletop.engine.actions import Action
from tabletop.games.shogun.choosing import Choosing
from tabletop.games.shogun.words import (BUTTONS, CHIPS, ability_tag, cannot_go, captured_words, chosen_words,
                                         classic_rules, debts_words, dice_words, hand_words, place_label, place_tip,
                                         prison_words, prompt, prompt_words, roll_sentence, rolls_text, rows_words,
                                         score_tip, short_place, sow_words, stone_tip, take_button)

from shogun_positions import P, S, board, position
from test_shogun_table import thief_game

NAMES = ["Ada", "Ben"]
ALL = ["scholar", "merchant", "monk", "geisha", "ghost"]


def name(p):
    return NAMES[p]


def words(state, seat=0, **choice):
    """The prompt's (title, sentence) for ``state`` as ``seat`` sees it, with the half-made ``choice``."""
    c = Choosing()
    c.offer(state.view(seat), state.legal_actions() if state.decider() == seat else [])
    for k, v in choice.items():
        setattr(c, k, v)
    return prompt_words(c.view, c, name)


def ended(view, totals, rolls=()):
    """``view`` made the end of a game with these totals and Thief's rolls."""
    return dict(view, step="over", decider=None, scores=[{"total": t, "parts": []} for t in totals], rolls=list(rolls))


def capture(beyond):
    """Ada sowed A1's two stones onto A2 and A3: A4 is empty and A5 beyond it holds ``beyond`` stones."""
    st = position(board=board(p0=[P, P], p4=[P] * beyond, p7=[P]), options={"capture": "may"})
    st.apply(Action.make("sow", square=0, dir=1))
    assert st.step == "capture"
    return st


# --- the banner (State.prompt) ----------------------------------------------------------------------
def test_the_states_banner_asks_for_ordaining_only_while_it_is_possible():
    """(A new player's first turn, with nothing captured, was asked to "ordain a lone peasant
    first" -- before the lesson says what ordaining is, and when it could not be done.)"""
    turn = position(board=board(p0=[P], p1=[P, P]), stores=[["geisha"], []], chosen=[["geisha"], []])
    assert turn.prompt() == prompt(turn) == "choose a square of yours and a direction to sow, or ordain a lone peasant first"
    classic = position("classic", board=board(p1=[P, P]))
    assert classic.prompt() == "choose a square of yours and a direction to sow"
    turn.ordained = True
    assert turn.prompt() == "choose a square of yours and a direction to sow"
    nothing_captured = position(board=board(p0=[P], p1=[P, P]))  # (a lone peasant, no special stone to ordain)
    no_lone_peasant = position(board=board(p1=[P, P]), stores=[["geisha"], []], chosen=[["geisha"], []])
    for state in (nothing_captured, no_lone_peasant):
        assert not any(a.kind == "ordain" for a in state.legal_actions())
        assert state.prompt() == "choose a square of yours and a direction to sow"
    assert capture(3).prompt() == "take the stones beyond the empty square, or leave them"
    assert thief_game().prompt() == "roll the dice for a captured thief, or keep the points as they are"
    turn.step = "over"
    assert turn.prompt() == "wait"


# --- the prompt: waiting, watching, the end ----------------------------------------------------------
def test_the_prompt_of_a_seat_waiting_and_of_a_spectator_says_who_does_what():
    st = position(board=board(p1=[P, P], p7=[P]), turn_player=1)
    assert words(st, 0) == ("Waiting for Ben…", "Ben is choosing a square to sow.")
    assert words(st, None) == ("Ben is choosing a square to sow", "Watching the game.")
    assert words(thief_game(), 1) == ("Waiting for Ada…", "Ada is deciding whether to roll the dice for a Thief.")


def test_the_prompt_at_the_end_says_who_won_or_a_draw_and_the_thiefs_dice():
    v = position(board=board(p1=[P])).view(0)
    c = Choosing()
    assert prompt_words(ended(v, [40, 31]), c, name) == ("Game over — Ada wins, 40 to 31",
                                                         "Final scores beside each name.")
    rolls = [{"player": 1, "total": 7, "double": False}, {"player": 0, "total": 8, "double": True}]
    assert prompt_words(ended(v, [30, 35], rolls), c, name) == (
        "Game over — Ben wins, 35 to 30",
        "Thief's dice: Ben rolled 7: takes 7 from Ada; Ada rolled a double (8): Ben takes 8 from Ada")
    assert prompt_words(ended(v, [33, 33]), c, name)[0] == "Game over — a draw, 33 points each"
    assert rolls_text(ended(v, [33, 33], rolls[:1]), name) == "Thief's dice: Ben rolled 7: takes 7 from Ada"


def test_a_roll_of_the_thiefs_dice_in_words():
    assert roll_sentence({"player": 0, "total": 5, "double": False}, name) == "Ada rolled 5: takes 5 from Ben"
    assert roll_sentence({"player": 1, "total": 6, "double": True}, name) == "Ben rolled a double (6): Ada takes 6 from Ben"


# --- the prompt to the seat that decides -----------------------------------------------------------
def test_the_set_up_prompt_counts_the_stones_chosen_and_names_the_one_picked():
    st = position(board=board(), step="setup", chosen=[["monk"], []])
    sub = "You may use only the abilities of the stones you choose."
    assert words(st) == ("Set-up: choose a special stone (2 of 5)", f"Click a stone below, then one of your squares. {sub}")
    assert words(st, picked="geisha") == ("Place the Geisha: click one of your squares", f"Stone 2 of 5. {sub}")
    six = position(board=board(), step="setup", chosen=[[], []], options={"hime": "always"})
    assert words(six)[0] == "Set-up: choose a special stone (1 of 6)"


def test_the_turns_prompt_a_square_chosen_and_ordaining():
    st = position(board=board(p1=[P], p3=[P, P], p8=[P]), stores=[["monk"], []])
    assert words(st) == ("Your turn: choose a square to sow — or ordain first",
                         "Click one of your squares, then ◀ or ▶ above it (or Tab to a square and press ← or →).")
    assert words(position(board=board(p3=[P, P])))[0] == "Your turn: choose a square to sow"
    way = "◀ clockwise (← key) or ▶ counter-clockwise (→ key). Esc chooses another square."
    assert words(st, selected_square=3) == ("Sow A4 (2 stones): which way?", way)
    assert words(st, selected_square=1)[0] == "Sow A2 (1 stone): which way?"
    assert words(st, ordaining=True) == (
        "Ordain: click a highlighted square (a lone peasant)",
        "The peasant goes to your captures and a special stone you captured takes its place.")
    assert words(st, ordaining=True, ordain_square=1) == ("Ordain A2: choose the special stone",
                                                          "Click one of your captured special stones below.")


def test_a_sowings_prompt_before_and_after_a_stone_is_picked():
    chosen = [ALL + ["samurai"], []]
    st = position(board=board(), step="drop", hand=["monk", P, P], pos=0, direction=1, chosen=chosen)
    assert words(st) == ("Sowing: 3 stones in hand — click the next place",
                         "The next stone drops there plainly. To use an ability, first click that stone in the hand "
                         "(in the groove of the board).")
    assert words(st, picked="monk") == ("Drop the Monk: click a highlighted place",
                                        "Green: the next place. Violet: where its ability can send it.")
    assert words(st, picked=P) == ("Drop the Peasant: click a highlighted place", "Green: the next place.")
    samurai = position(board=board(), step="drop", hand=["samurai", P], pos=0, direction=1, chosen=chosen)
    assert words(samurai, picked="samurai") == (
        "Drop the Samurai: click the next place (green)",
        "Or click “Turn round”: the Samurai drops there and the sowing goes on the other way.")
    classic = position("classic", board=board(), step="drop", hand=[S, P], pos=0, direction=1)
    assert words(classic, picked=S)[0] == "Drop the Mandarin: click a highlighted place"


def test_the_refill_the_lost_turn_the_capture_and_the_thiefs_prompts():
    refill = position(board=board(p8=[P]), step="refill", stores=[[P, "monk"], []])
    assert words(refill) == ("Refill your empty squares from your captures",
                             "Choose a captured stone below, then an empty square of yours.")
    assert words(refill, picked="monk") == ("Refill: put the Monk on an empty square",
                                            "Click a highlighted square of yours.")
    doc = board(p1=[P], p8=[P])
    doc[11] = []
    skip = position(board=doc, stores=[[S], []], turns=[2, 2], imprisoned=[True, False], step="skip")
    assert words(skip) == ("You are imprisoned: this turn is lost", "Click “Sit out this turn” on the board.")
    # a capture asks about the stones two places on from where the sowing stopped
    assert words(capture(3)) == ("Take the 3 stones beyond the empty square?",
                              "Taking them ends your turn, and so does leaving them (the rules say you can take them).")
    assert words(capture(1)) == ("Take the stone beyond the empty square?",
                                 "Taking it ends your turn, and so does leaving it (the rules say you can take it).")
    # a shogun with company stays where he is: only his company is counted (and taken)
    from tabletop.games.shogun.words import capture_question

    assert capture_question(["peasant", "peasant", "peasant", "shogun"])[0] == (
        "Take the 3 stones beyond the empty square (the shogun stays)?")
    assert capture_question(["peasant", "shogun"])[0] == "Take the stone beyond the empty square (the shogun stays)?"
    assert capture_question(["shogun"])[0] == "Take the shogun beyond the empty square?"
    # (the classic rules take a Mandarin with his company: all are counted)
    assert capture_question(["peasant"] * 5 + ["shogun"], classic=True)[0] == "Take the 6 stones beyond the empty square?"
    assert capture_question(["shogun"], classic=True)[0] == "Take the Mandarin beyond the empty square?"


def test_the_capture_prompt_counts_only_the_stones_taken_from_a_shogun_with_company():
    """(The end-of-game lesson, step 2: the prompt said "Take the 4 stones" where the shogun stays
    and 3 are taken -- the view's board holds the stones' keys, and the shogun was not seen.)"""
    doc = board(p2=[P])
    doc[11] = [S, P, P, "thief"]
    st = position(board=doc, options={"capture": "may"})
    st.apply(Action.make("sow", square=2, dir=-1))  # A3's stone lands on A2; A1 is empty; the west rectangle beyond
    assert st.step == "capture"
    assert words(st) == ("Take the 3 stones beyond the empty square (the shogun stays)?",
                         "Taking them ends your turn, and so does leaving them (the rules say you can take them).")
    doc[11] = [S]
    alone = position(board=doc, options={"capture": "may"})
    alone.apply(Action.make("sow", square=2, dir=-1))
    assert words(alone)[0] == "Take the shogun beyond the empty square?"
    # the button says what it takes, as the question does (a review: "Take the stones" under
    # "Take the shogun…?")
    for state, text in ((st, "Take the 3 stones"), (alone, "Take the shogun")):
        c = Choosing()
        c.offer(state.view(0), state.legal_actions())
        take = [b for b in c.prompt_choices()[0] if b[1] == Action.make("take")]
        assert [b[0] for b in take] == [text]
    assert take_button(["peasant"]) == ("Take the stone", "Capture what lies beyond the empty square")
    assert take_button(["shogun"], classic=True)[0] == "Take the Mandarin"


def test_the_thiefs_prompt():
    thief = thief_game()
    assert words(thief) == ("You captured a Thief: roll the dice? (2 Thieves to decide)",
                            "No double: you take the sum from Ben. A double: Ben takes the sum from you.")
    c = Choosing()  # the last Thief to decide: no count
    c.offer(dict(thief.view(0), thieves=[0]), thief.legal_actions())
    assert prompt_words(c.view, c, name)[0] == "You captured a Thief: roll the dice?"


# --- the groove's banners -------------------------------------------------------------------------
def test_the_banner_of_a_lost_turn_says_you_to_the_seat_addressed():
    why = "Taking a shogun in one's first three turns costs the next turn."
    assert prison_words(0, name, lambda p: p == 0) == ("You are imprisoned: this turn is lost", why)
    assert prison_words(0, name, lambda p: False) == ("Ada is imprisoned: this turn is lost", why)


def test_the_dice_banner_for_a_thief_to_roll_for_the_end_and_the_dice_rolling():
    v = thief_game().view(0)
    you, nobody = (lambda p: p == 0), (lambda p: False)
    assert dice_words(v, name, you) == ("You captured a Thief: roll the dice?",
                                        "No double: you take the sum from them; a double gives it away.")
    assert dice_words(v, name, nobody) == ("Ada captured a Thief: roll or keep?",
                                           "No double: Ada takes the sum from Ben; a double gives it away.")
    roll = {"player": 0, "total": 9, "double": False}
    assert dice_words(dict(v, rolls=[roll]), name, you)[1] == "Last roll: Ada rolled 9: takes 9 from Ben."
    assert dice_words(ended(v, [20, 12], [roll]), name, you) == ("Game over — Ada wins 20 to 12",
                                                                 "Ada rolled 9: takes 9 from Ben.")
    assert dice_words(ended(v, [12, 20]), name, you) == ("Game over — Ben wins 20 to 12",
                                                         "The stones left on the board went to their side's owner.")
    assert dice_words(ended(v, [15, 15]), name, you)[0] == "Game over — a draw at 15"
    assert dice_words(dict(v, step="dice"), name, you) == ("The dice are rolling…", "")


# --- the buttons and the status bar ---------------------------------------------------------------
def test_the_words_of_a_sowing_an_ability_and_a_stone_that_cannot_go():
    assert sow_words(2, -1) == "Sow A3 clockwise" and sow_words(7, 1) == "Sow B2 counter-clockwise"
    assert ability_tag("monk") == "✦ Monk" and ability_tag("geisha") == "✦ Geisha: to the shogun"
    assert ability_tag("hime") == "✦ Hime"  # (no ability of its own to tag: its name)
    assert cannot_go(S, 5, True) == "The Mandarin cannot go to the east rectangle."
    assert BUTTONS["roll"] == ("Roll the dice", "Roll two dice for this Thief")
    assert BUTTONS["turn_round"][0] == "↶ Turn round" and BUTTONS["skip"] == ("Sit out this turn", "")


# --- the board's and the panels' captions and tooltips -----------------------------------------------
def test_a_places_caption_and_tooltip_say_which_it_is_whose_and_what_it_holds():
    assert place_label(2, name) == "A3" and place_label(5, name) == "East · Ada" and place_label(11, name) == "West · Ben"
    assert place_tip(2, [P, P, "monk"], name) == "A3 (Ada's square) — 3 stones: 2 Peasants, Monk"
    assert place_tip(7, [P], name) == "B2 (Ben's square) — 1 stone: Peasant"
    assert place_tip(11, [], name) == "The west rectangle (Ben's side) — 0 stones"
    assert [short_place(p) for p in (5, 11, 0, 10)] == ["east", "west", "A1", "B5"]
    assert hand_words([P, P, "monk"], 5) == ("In hand: 3", "next: east")
    # the classic rules: a rectangle is its owner's house (the lesson's word), and says whose
    assert place_label(5, name, classic=True) == "Ada's house" and place_label(11, name, classic=True) == "Ben's house"
    assert place_label(2, name, classic=True) == "A3"
    assert place_tip(5, [S], name, classic=True) == "Ada's house — 1 stone: Mandarin"
    assert hand_words([P], 11, classic=True) == ("In hand: 1", "next: house")


def test_a_players_score_debts_and_abilities_in_words():
    assert score_tip("Ada", 12, []) == "Ada: 12 points\nnothing yet"
    parts = [{"label": "Peasants (1 each)", "points": 4}, {"label": "Debt", "points": -3}]
    assert score_tip("Ben", 1, parts) == "Ben: 1 points\nPeasants (1 each): +4\nDebt: -3"
    v = position(board=board(p1=[P, P])).view(0)
    assert debts_words(v, 0, name) == ("", "")
    v = dict(v, borrowed=[[P, P, "monk"], []])
    assert debts_words(v, 0, name) == ("Owes 2 (borrowed 2 Peasants, Monk)", "")  # (a Monk is worth nothing)
    assert debts_words(v, 1, name) == ("", "Lent 2 to Ada")
    classic = dict(v, options={"rules": "classic"}, borrowed=[[P, P, P], []])
    assert debts_words(classic, 0, name) == ("Owes Ben 3 (3 stones borrowed)", "")  # (the lender named)
    # (and as a screen reader says each area)
    assert captured_words(v, 0, name) == "nothing captured, owes 2"
    assert captured_words(dict(v, stores=[[], [P]]), 1, name) == "captured Peasant, lent 2 to Ada"
    assert classic_rules({"mandarin": 5}) == "Classic rules (Ô ăn quan): a mandarin is worth 5"
    assert classic_rules({"young_mandarin": True}) == ("Classic rules (Ô ăn quan): a mandarin is worth 10; a young one "
                                                       "(fewer than 5 stones with him) cannot be taken")
    setup = position(board=board(), step="setup", chosen=[["monk", "ghost"], []]).view(0)
    assert chosen_words(setup, 0) == ("Chosen 2/5", "none yet") and chosen_words(setup, 1) == ("Chosen 0/5", "none yet")
    assert chosen_words(dict(setup, options={"hime": "always"}), 0) == ("Chosen 2/6", "none yet")
    assert chosen_words(dict(setup, step="turn"), 0) == ("Abilities", "none")
    assert CHIPS["turn"] == ("▶ Turn", "It is this player's turn") and CHIPS["winner"] == ("Winner", "")


def test_a_stones_tooltip_and_the_captions_between_the_rows():
    v = position(board=board(p1=[P, P]), chosen=[["monk"], []]).view(0)
    assert stone_tip("monk", v, name).startswith("Monk — worth 0\n")
    assert stone_tip("monk", v, name).endswith("\nAbility usable by Ada (on their own side).")
    classic = position("classic", board=board(p1=[P, P]), options={"mandarin": 5}).view(0)
    assert stone_tip(S, classic, name) == ("Mandarin — worth 5\nThe lord of a house. Captured with the stones beside him, "
                                           "but not while fewer than 5 stones stand with him.")  # (young mandarins)
    assert rows_words("Ben", "Your") == ("▲ Ben's squares", "▼ Your squares", "◀ clockwise  ·  counter-clockwise ▶")
