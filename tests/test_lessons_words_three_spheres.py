"""The words of "Your first duel" against the rules and the table (a new player's review of its
pictures): points -- the stars -- are what wins, said first; every card the lesson gets the
learner is said what it gives (its points, or what it does instead); the three decks (Realm,
Discovery, World) are said before their piles are used, the Realm discard by the table's own
"Discard"; covering a card says what it does, as the rules do (docs/rules/three-spheres.md,
decisions 9 and 10: anybody buys any top card, a covered card only once the card on top is
bought); the opponent's turn is pointed at on the table, not recapped."""

from __future__ import annotations

import copy
import re

import pytest

from tabletop.engine.lessons import LessonRun, all_lessons, play_others
from tabletop.engine.registry import get_game
from tabletop.games.three_spheres import words as table_words
from tabletop.games.three_spheres.cards import WISP, info, kind_of
from tabletop.games.three_spheres.steps import Move

LESSON = next(x for x in all_lessons() if x.id == "three-spheres-first-game")
G = get_game(LESSON.game)
WORDS = [s.say for s in LESSON.steps]


def first(pattern: str) -> int:
    """The first step (from 1) whose words match ``pattern`` (0: none)."""
    return next((n for n, say in enumerate(WORDS, 1) if re.search(pattern, say)), 0)


@pytest.fixture(scope="module")
def replay() -> dict[int, tuple]:
    """At each step (from 1) that teaches a move: the match's state before and after the step's
    move (the others' replies after it included)."""
    m = LESSON.new_match(G)
    play_others(m)
    run = LessonRun(LESSON)
    out = {}
    while run.current is not None and run.current.expect is not None and not run.current.until_over:
        n, before = run.step + 1, copy.deepcopy(m.state)
        assert run.take_step(m) == ""
        out[n] = (before, copy.deepcopy(m.state))
    return out


def test_points_the_stars_are_what_wins_said_at_the_first_step():
    assert first(r"worth more points \(the stars, ★\) wins") == 1


# what each card the lesson gets the learner gives, said where it is got (or before)
GIVES = {
    "fern_hollow": r"Fern Hollow: level 0, worth 1 point",
    "dryads_circle": r"Dryads' Circle: it costs 6 .* scores 1 point for each Forest \(green\) card you own, at most 6",
    "root_weaver": r"Root Weaver\. It scores nothing, but when you play it, it takes you a Discovery card of level 1 or lower",
    "purifying_spring": r"Purifying Spring: when you play it, .*shields you from corruption",
}


def test_every_card_the_learner_gets_is_said_what_it_gives(replay):
    got = {}  # each card that came into the learner's collection from elsewhere, and the step it came at
    for n, (before, after) in replay.items():
        had = set(before.collection(0))
        for c in after.collection(0):
            if c not in had and kind_of(c) != WISP:
                got.setdefault(kind_of(c), n)
    assert set(got) == set(GIVES), got  # (a new buy needs its words here)
    for kind, n in got.items():
        said = first(GIVES[kind])
        assert 0 < said <= n, f"{info(kind).name}: got at step {n}, what it gives said at step {said}"
    # the rules agree: Fern Hollow is worth 1 point, Dryads' Circle counts Forest cards, Root Weaver scores none
    assert info("fern_hollow").points == 1 and info("root_weaver").points == 0 and info("root_weaver").points_per is None
    assert info("dryads_circle").points_per is not None


def test_the_scores_panel_counts_dryads_circle_at_six_where_the_words_say_so(replay):
    n = first(r"Scores panel counts it at 6 points")
    _, after = replay[n]
    parts = dict((label.split(" (")[0], points) for label, points in after.scores()[0].parts)
    assert parts["Dryads' Circle"] == 6


def test_the_three_decks_are_said_before_their_piles_are_used():
    realm_deck, discovery, world = first(r"Realm deck, your own pile"), first(r"Discovery deck"), first(r"World is")
    assert realm_deck == first(r"Realm") == 2  # (said where it is first named)
    assert first(r"Realm discard") == first(r"Realm discard \(the Discard pile") > realm_deck
    assert discovery == first(r"Discovery spread, filled from your Discovery deck")
    assert first(r"\bWorld\b") == world > discovery  # (the World first named where it is said)
    assert re.search(r"each filled from its owner's World deck; anybody buys the top card of any space", WORDS[world - 1])


def test_covering_says_what_the_rules_do(replay):
    n = first(r"You flipped Mirror Wraith")
    say = WORDS[n - 1]
    assert "would score for Bramble" not in say
    assert re.search(r"a covered card cannot be bought until the card on top is bought", say)
    before, after = replay[n]
    covered = LESSON.steps[n - 1].expect["args"]["space"]
    stack = after.spaces[covered]
    assert [kind_of(c) for c in stack] == ["stone_eyed_gorgon", "mirror_wraith"]
    # the rules: only the top card is a buy target, for either player; the one below once it is bought
    gorgon = stack[0]
    state = copy.deepcopy(before)
    state.apply(next(a for a in state.legal_actions() if a.kind == Move.SPACE and a["space"] == covered))
    assert gorgon not in state.buy_targets() and stack[-1] in state.buy_targets()
    state.spaces[covered].pop()  # (Mirror Wraith bought)
    assert gorgon in state.buy_targets()
    # "worth more points to Bramble than to you": it counts the Wisps the opponent owns
    assert info("stone_eyed_gorgon").points_per is not None and "Corrupted Wisp" in info("stone_eyed_gorgon").text


def test_the_opponents_turn_is_pointed_at_not_recapped(replay):
    n = first(r"ringed in violet on the table and lit in the log")
    assert n
    say = WORDS[n - 1]
    assert not re.search(r"flipped two|Night Raven|reshuffle flipped|log says each", say)
    # the Wisp it names lies in the learner's Realm discard, which the step lights
    before, _ = replay[n]
    assert any(kind_of(c) == WISP for c in before.discard[0]) and "pile/discard/0" in LESSON.steps[n - 1].point


def test_the_free_play_says_how_to_read_a_card_whole():
    free = next(n for n, s in enumerate(LESSON.steps, 1) if s.until_over)
    assert re.search(r"Point at any card to read it enlarged", WORDS[free - 1])


def test_an_empty_hand_is_not_told_to_click_a_card():
    assert table_words.hand_caption("Your", 0, True) == "Your hand (0)"
    assert table_words.hand_caption("Your", 2, True) == "Your hand (2) — click a card, then where it goes (or drag it there)"
    assert first(r"Your hand is empty") > 0
