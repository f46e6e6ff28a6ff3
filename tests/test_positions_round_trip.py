"""Position documents build the state play builds (docs/positions.md): for every game, the
document written from a played state loads as that very state -- every attribute compared, not
only the score -- at every moment the game's documents describe; at the other moments the
document is refused rather than read as something else.  And a banked Mythical set in a Spheres
of Life document works as a banked set does in play (issue 29, point 15).  The page's examples,
each game's and the expansion's, load as the page says (point 16)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_gods_and_myths import ALL, bank, position

from tabletop.cli import main
from tabletop.engine.game import GameError
from tabletop.engine.registry import get_game
from tabletop.games.shogun.position import STEPS as SHOGUN_STEPS


def describable(game_id, state):
    """Whether the game's documents describe the moment ``state`` is at (docs/positions.md)."""
    if game_id == "spheres-of-life":
        return state.phase != "setup"  # (not while the heroes are chosen)
    if game_id == "spheres-shogun":
        return state.step in SHOGUN_STEPS
    if game_id == "three-spheres":
        return state.step == "main"
    return True


# (game, players, options): every game, and each of its parts that adds to the state
GAMES = [
    ("forest", 3, {}),
    ("forest", 1, {}),
    ("spheres-of-life", 3, {}),
    ("spheres-of-life", 2, {"rounds": 2, "purist": True}),
    ("spheres-of-life", 3, ALL),
    ("spheres-of-life", 4, {**ALL, "dawn_round": "cycle", "dawn_count": "each"}),
    ("spheres-shogun", 2, {}),
    ("spheres-shogun", 2, {"thief_roll": "holder", "opponent_side": "ability", "capture": "must"}),
    ("spheres-shogun", 2, {"rules": "classic"}),
    ("three-spheres", 2, {}),
]


def the_state(state):
    """What a state is, for comparing: its attributes, as the rules' own copy keeps them (a copy
    forgets what the last move showed for the log: Spheres of Life's Dawn news, the shogun game's
    events)."""
    return dict(vars(state.clone()))


@pytest.mark.parametrize("game_id, players, options", GAMES, ids=lambda x: str(x))
def test_the_document_of_a_played_state_loads_as_that_state(game_id, players, options):
    game = get_game(game_id)
    loaded = refused = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_game(players, options, seed)
        for _ in range(600):
            doc = json.loads(json.dumps(game.to_position(state)))
            if describable(game_id, state):
                again = game.from_position(doc)
                assert the_state(again) == the_state(state), (seed, state.to_json())
                assert game.to_position(again) == doc
                loaded += 1
            else:
                with pytest.raises(GameError):
                    game.from_position(doc)
                refused += 1
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
    assert loaded > 20


def test_a_banked_mythical_set_in_a_document_works_as_the_one_banked_in_play():
    """Pegasus (6 points to its owner) and Kraken (2 points off everybody else): the document's
    banked sets give their bonus, the very lasting effects that banking them in play gives."""
    hands = [["pegasus1", "pegasus2", "pegasus3", "owl1"], ["kraken1", "kraken2", "kraken3"], ["rat1"]]
    played, later = position(hands=hands), position(hands=hands, leader=1)
    bank(played, 0, "pegasus")
    bank(later, 1, "kraken")
    written = {"players": 3, "phase": "over", "hands": [["owl1"], [], ["rat1"]], "options": ALL,
               "bank_cards": [["pegasus1", "pegasus2", "pegasus3"], ["kraken1", "kraken2", "kraken3"], []]}
    state = get_game("spheres-of-life").from_position(written)
    assert state.lasting == played.lasting + later.lasting == [
        {"kind": "points", "points": 6, "owner": 0, "card": "pegasus"},
        {"kind": "others_points", "points": -2, "owner": 1, "card": "kraken"}]
    scores = state.scores()
    assert dict(scores[0].parts)["Pegasus (banked)"] == 6 and dict(scores[0].parts)["Kraken (banked)"] == -2
    assert scores[0].total == 1 + 6 - 2 and scores[2].total == -1 - 2 and scores[1].total == 0


def test_tabletop_score_counts_a_banked_mythical_set(tmp_path, capsys):
    doc = {"game": "spheres-of-life", "players": 2, "phase": "over", "options": {"mythical_creatures": True},
           "hands": [["owl1"], []], "bank_cards": [["pegasus1", "pegasus2", "pegasus3"], []]}
    path = tmp_path / "pegasus.json"
    path.write_text(json.dumps(doc))
    assert main(["score", "--game", "spheres-of-life", str(path)]) == 0
    first = json.loads(capsys.readouterr().out)["players"][0]
    assert first["total"] == 7 and {"label": "Pegasus (banked)", "points": 6} in first["parts"]


@pytest.mark.parametrize("record", [
    {"kind": "points", "points": 100, "owner": 0, "card": "pegasus"},  # not what the Pegasus gives
    {"kind": "points", "points": 6, "owner": 1, "card": "pegasus"},  # not its owner's
    {"kind": "points", "points": 3, "owner": 0, "card": "laurel1"},  # no Laurel Crown in a Field
])
def test_a_listed_lasting_effect_must_be_one_a_banked_set_or_a_field_card_makes(record):
    from tabletop.games.spheres_of_life.position import PositionError

    doc = {"players": 3, "phase": "dream", "hands": [["owl1"], ["bat1"], ["rat1"]], "options": ALL,
           "bank_cards": [["pegasus1", "pegasus2", "pegasus3"], [], []], "lasting": [record]}
    with pytest.raises(PositionError, match="is not the effect of a banked Mythical set or a Field card"):
        get_game("spheres-of-life").from_position(doc)


def test_a_listed_lasting_effect_keeps_its_place_in_the_order_and_the_missing_ones_follow():
    """Lasting effects are consulted in the order they came (expansion interpretation 5): a
    document may give that order; the effects it leaves out follow, banked sets first."""
    pegasus = {"kind": "points", "points": 6, "owner": 0, "card": "pegasus"}
    laurel = {"kind": "points", "points": 3, "owner": 0, "card": "laurel1"}
    doc = {"players": 3, "phase": "dream", "hands": [["owl1"], ["bat1"], ["rat1"]], "options": ALL,
           "bank_cards": [["pegasus1", "pegasus2", "pegasus3"], [], []], "fields": [["laurel1"], [], []]}
    game = get_game("spheres-of-life")
    assert game.from_position(doc).lasting == [pegasus, laurel]
    assert game.from_position({**doc, "lasting": [laurel]}).lasting == [laurel, pegasus]
    assert game.from_position({**doc, "lasting": [laurel, pegasus]}).lasting == [laurel, pegasus]


# --- the examples of docs/positions.md (issue 29, point 16) -----------------------------------------
DOCS = Path(__file__).resolve().parents[1] / "docs"


def doc_examples():
    """The JSON examples of docs/positions.md, in order."""
    text = (DOCS / "positions.md").read_text(encoding="utf-8")
    return [json.loads(block.split("```", 1)[0]) for block in text.split("```json\n")[1:]]


def test_every_example_of_the_positions_page_loads_with_its_game():
    examples = doc_examples()
    assert {e["game"] for e in examples} == {"forest", "spheres-of-life", "spheres-shogun", "three-spheres"}
    for example in examples:
        get_game(example["game"]).from_position(example)


@pytest.mark.parametrize("path", sorted((DOCS / "positions").glob("*.json")), ids=lambda p: p.stem)
def test_each_example_file_is_on_the_positions_page_and_the_command_line_reads_it(path, capsys):
    example = json.loads(path.read_text(encoding="utf-8"))
    assert example in doc_examples() and f"docs/positions/{path.name}" in (DOCS / "positions.md").read_text()
    assert main(["legal", "--game", example["game"], str(path)]) == 0
    capsys.readouterr()


def test_the_gods_and_myths_example_scores_as_the_page_says():
    example = DOCS / "positions" / "spheres-of-life-gods-and-myths.json"
    state = get_game("spheres-of-life").from_position(json.loads(example.read_text()))
    scores = state.scores()
    assert [s.total for s in scores] == [10, 1, 7] and state.winners() == [0] and state.is_terminal()
    first = dict(scores[0].parts)
    assert (first["Pegasus (banked)"], first["Kraken (banked)"], first["Laurel Crown (in Field)"]) == (6, -2, 3)
    assert first["Ability cards in hand"] == 0 and dict(scores[1].parts)["Banked noble sets (1 × 6)"] == 6


def test_the_three_spheres_example_offers_the_moves_the_page_lists():
    example = DOCS / "positions" / "three-spheres-main-phase.json"
    state = get_game("three-spheres").from_position(json.loads(example.read_text()))
    moves = state.legal_actions()
    assert len(moves) == 19 and state.decider() == 0
    assert {m["card"] for m in moves if m.kind == "play"} == {"moss_sprout.a1", "seed_stone.a2", "glade_stag.a3"}
    assert {m["target"] for m in moves if m.kind == "spend"} == {
        "elder_oak.a6", "white_hart.a7", "hex_doll.b4", "fen_hag.b5", "mistling_owl.a9"}
    assert [m.kind for m in moves].count("end") == 1


# --- the fields a document now carries, and what each refuses ------------------------------------------
SHOGUN_DOC = {"board": [["peasant"], [], [], [], [], ["shogun"], ["peasant"], [], [], [], [], ["shogun"]]}


def test_a_shogun_document_gives_the_repetitions_rolls_and_the_sowings_place():
    state = get_game("spheres-shogun").from_position(dict(
        SHOGUN_DOC, history=[5, 6], rolls=[{"player": 1, "total": 8, "double": True}], relays=100, pos=11, direction=-1))
    assert (state.history, state.relays, state.pos, state.direction) == ((5, 6), 100, 11, -1)
    assert state.rolls == [{"player": 1, "total": 8, "double": True}]
    plain = get_game("spheres-shogun").from_position(SHOGUN_DOC)
    assert (plain.history, plain.rolls, plain.relays, plain.pos, plain.direction) == ((), [], 0, 0, 1)


@pytest.mark.parametrize("fields, message", [
    ({"history": ["x"]}, "'history' must list whole numbers"),
    ({"history": [True]}, "'history' must list whole numbers"),
    ({"history": [1.5]}, "'history' must list whole numbers"),
    ({"rolls": ["x"]}, "'rolls' lists dice rolls"),
    ({"rolls": [{"player": 0, "total": 7}]}, "'rolls' lists dice rolls"),
    ({"rolls": [{"player": 0, "total": 7, "double": False, "more": 1}]}, "'rolls' lists dice rolls"),
    ({"rolls": [{"player": 2, "total": 7, "double": False}]}, "'rolls' lists dice rolls"),
    ({"rolls": [{"player": -1, "total": 7, "double": False}]}, "'rolls' lists dice rolls"),
    ({"rolls": [{"player": True, "total": 7, "double": False}]}, "'rolls' lists dice rolls"),
    ({"rolls": [{"player": 0, "total": 13, "double": False}]}, "'rolls' lists dice rolls"),
    ({"rolls": [{"player": 0, "total": 1, "double": False}]}, "'rolls' lists dice rolls"),
    ({"rolls": [{"player": 0, "total": "7", "double": False}]}, "'rolls' lists dice rolls"),
    ({"rolls": [{"player": 0, "total": 7, "double": "no"}]}, "'rolls' lists dice rolls"),
    ({"rolls": [{"player": 0, "total": 7, "double": True}]}, "'rolls' lists dice rolls"),  # (a double is even)
    ({"relays": 101}, "'relays' must be a whole number from 0 to 100"),
    ({"relays": -1}, "'relays' must be a whole number from 0 to 100"),
    ({"pos": 12}, "'pos' must be a place"),
    ({"pos": -1}, "'pos' must be a place"),
    ({"pos": "3"}, "'pos' must be a place"),
    ({"pos": True}, "'pos' must be a place"),
    ({"direction": 0}, "'direction' 1 or -1"),
    ({"direction": True}, "'direction' 1 or -1"),
    ({"direction": 1.0}, "'direction' 1 or -1"),
    ({"step": "drop", "hand": ["peasant"], "direction": 1}, "A sowing under way needs 'pos'"),
    ({"step": "drop", "hand": ["peasant"], "pos": 3}, "A sowing under way needs 'pos'"),
])
def test_a_shogun_document_with_a_wrong_new_field_is_refused(fields, message):
    with pytest.raises(GameError, match=message.replace("(", r"\(")):
        get_game("spheres-shogun").from_position(dict(SHOGUN_DOC, **fields))


def test_every_roll_total_from_2_to_12_is_accepted_and_even_doubles():
    game = get_game("spheres-shogun")
    rolls = [{"player": t % 2, "total": t, "double": t % 2 == 0} for t in range(2, 13)]
    assert game.from_position(dict(SHOGUN_DOC, rolls=rolls)).rolls == rolls


THREE_SPHERES_DOC = json.loads((DOCS / "positions" / "three-spheres-main-phase.json").read_text())


def test_a_three_spheres_document_gives_what_the_turn_has_done_so_far():
    doc = dict(THREE_SPHERES_DOC, spent=[["lantern_mushroom.a11"], []], spent_on={"lantern_mushroom.a11": "elder_oak.a6"},
               used=["elder_oak.a6"], reshuffled=True, shuffles=2, seed=9)
    state = get_game("three-spheres").from_position(doc)
    assert state.spent_on == {"lantern_mushroom.a11": "elder_oak.a6"} and state.used == ["elder_oak.a6"]
    assert (state.reshuffled, state.shuffles, state.seed, state.dealt) == (True, 2, 9, False)
    plain = get_game("three-spheres").from_position(THREE_SPHERES_DOC)
    assert (plain.spent_on, plain.used, plain.reshuffled, plain.shuffles) == ({}, [], False, 0)


@pytest.mark.parametrize("fields, message", [
    ({"spent_on": {"moss_sprout.a1": "elder_oak.a6"}}, "'spent_on' must map each card spent this turn"),  # (in hand)
    ({"spent": [[], ["lantern_mushroom.a11"]], "spent_on": {"lantern_mushroom.a11": "elder_oak.a6"}},
     "'spent_on' must map each card spent this turn"),  # (the other player's)
    ({"spent": [["lantern_mushroom.a11"], []], "spent_on": {"lantern_mushroom.a11": "elder_oak.a99"}},
     "'spent_on' must map each card spent this turn"),  # (paid into a card not in play)
    ({"spent_on": [["lantern_mushroom.a11", "elder_oak.a6"]]}, "'spent_on' must map each card spent this turn"),
    ({"used": ["elder_oak.a99"]}, "'used' must list cards on the table"),
    ({"used": "elder_oak.a6"}, "'used' must be a list"),
    ({"reshuffled": 1}, "'reshuffled' must be true or false"),
    ({"dealt": "yes"}, "'dealt' must be true or false"),
    ({"end_triggered": None}, "'end_triggered' must be true or false"),
    ({"step": "flip_space"}, "A document starts in the main phase of a turn"),
    ({"shuffles": -1}, "'shuffles' must be a whole number of at least 0"),
    ({"dealt": True}, "'dealt' says the cards are the two decks' as dealt, but its cards are not"),
])
def test_a_three_spheres_document_with_a_wrong_new_field_is_refused(fields, message):
    with pytest.raises(GameError, match=message):
        get_game("three-spheres").from_position(dict(THREE_SPHERES_DOC, **fields))


def test_a_three_spheres_document_may_say_main_and_a_dealt_game_stays_dealt():
    game = get_game("three-spheres")
    assert game.from_position(dict(THREE_SPHERES_DOC, step="main")).step == "main"
    state, rng = game.new_game(2, {}, 4), random.Random(4)
    while state.step != "main" or state.turns == [0, 0]:
        state.apply(rng.choice(state.legal_actions()))
    doc = game.to_position(state)
    assert doc["dealt"] is True and game.from_position(doc).dealt is True
