"""The words of "Your first forest" against the table and the rules (a new player's review of its
pictures): the piles are found by their numbers, the score is said as the table shows it and
explained where it first shows, a chainsaw is explained before the learner plays or gives one,
covering says what it is for, a new tree may start with a card of any level (docs/rules/
once-upon-a-forest.md, decision 5), and the first complete tree's score says why the species
that are not in balance score nothing."""

from __future__ import annotations

import copy
import re

import pytest

from tabletop.engine.lessons import LessonRun, all_lessons, play_others
from tabletop.engine.registry import get_game
from tabletop.games.forest.cards import card, species_plurals
from tabletop.games.forest.rules import tree_complete

LESSON = next(x for x in all_lessons() if x.id == "forest-first-game")
WORDS = [s.say for s in LESSON.steps]


def first(pattern: str) -> int:
    """The first step (from 1) whose words match ``pattern`` (0: none)."""
    return next((n for n, say in enumerate(WORDS, 1) if re.search(pattern, say)), 0)


@pytest.fixture(scope="module")
def shown() -> dict[int, dict]:
    """What the learner's seat sees at each step (from 1), before the step's move: the lesson
    replayed as it teaches."""
    m = LESSON.new_match(get_game(LESSON.game))
    play_others(m)
    run = LessonRun(LESSON)
    out = {}
    while run.current is not None:
        out[run.step + 1] = copy.deepcopy(m.state.view(0))
        if run.current.expect is None:
            run.step += 1
            continue
        assert run.take_step(m) == ""
    return out


def step_card(n: int, view: dict) -> str | None:
    """The card the step's move plays, gives or places."""
    expect = LESSON.steps[n - 1].expect
    if not isinstance(expect, dict):
        return None
    if expect["kind"] == "place":
        return view["pending"]["card"]
    return expect.get("args", {}).get("card")


def test_the_piles_are_counted_from_the_left_where_a_pile_is_first_named():
    assert first(r"[Pp]ile \d") == first(r"[Pp]iles count 1 to 5 from the left") == 1


def test_every_score_the_words_say_is_the_one_the_table_shows(shown):
    said = 0
    for n, say in enumerate(WORDS, 1):
        for m in re.finditer(r"[Yy]our score(?:, [^,:]*,)? (?:is|fell from [−-]?\d+ to) ([−-]?\d+)", say):
            said += 1
            assert int(m.group(1).replace("−", "-")) == shown[n]["scores"][0]["total"], f"step {n}: {say}"
    assert said >= 3


def test_the_starting_minus_one_is_explained_in_the_first_steps(shown):
    n = first(r"score[^.]*is −1")
    assert 0 < n <= 3 and shown[n]["scores"][0]["total"] == -1
    assert re.search(r"not yet complete|incomplete", WORDS[n - 1])  # (why: the tree on the start card)


def test_a_chainsaw_is_explained_before_the_learner_plays_gives_or_places_one(shown):
    saws = [n for n in shown if (c := step_card(n, shown[n])) and card(c).chainsaw]
    assert saws
    explained = first(r"chainsaw[^.]*(?:counts only in|once [^.]*tree is complete)")
    assert 0 < explained <= saws[0]


def test_a_gift_with_a_chainsaw_says_so_and_no_gift_is_called_harmless_for_no_reason(shown):
    for n in shown:
        expect = LESSON.steps[n - 1].expect
        if isinstance(expect, dict) and expect["kind"] == "give" and card(step_card(n, shown[n])).chainsaw:
            assert re.search(r"chainsaw", WORDS[n - 1]), f"step {n}"
    assert not first(r"helps Bramble little")


def test_covering_says_what_it_is_for():
    n = first(r"\bcover")
    assert n and re.search(r"only the top card counts", WORDS[n - 1])
    assert re.search(r"covering can hide a chainsaw", WORDS[n - 1])


def test_a_new_tree_may_start_with_a_card_of_any_level(shown):
    """Decision 5: the lesson shows Bramble starting a tree with a 2nd level card; no step says
    it takes a Ground card."""
    assert not first(r"Ground card can start")
    n = first(r"a card of any level may start")
    assert n
    bramble = shown[n]["forests"][1]
    started = [c for stack in bramble[-1] for c in stack]
    assert len(bramble) == 2 and started and all(card(c).level != 0 for c in started)


def test_the_first_complete_tree_says_the_score_and_why_unbalanced_species_score_nothing(shown):
    n = next(n for n in shown if any(tree_complete(t) for t in shown[n]["forests"][0]))
    say = WORDS[n - 1]
    assert re.search(rf"your score is {shown[n]['scores'][0]['total']}\b", say), say
    trees = [t for t in shown[n]["forests"][0] if tree_complete(t)]
    counts: dict[str, int] = {}
    for t in trees:
        for stack in t:
            c = card(stack[-1])
            if c.animals:
                counts[c.species] = counts.get(c.species, 0) + c.animals
    off = [s for s, k in counts.items() if k != len(trees)]
    assert off
    for species in off:
        plural = species_plurals()[species].split()[-1].lower()
        assert re.search(rf"{counts[species]} {plural}", say), (species, say)
    assert re.search(r"score nothing", say)
