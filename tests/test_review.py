"""Review a finished game (tabletop/engine/review.py, ``tabletop review``): every decision of a
seat searched again from its view then, and what each cost against the best move found."""

from __future__ import annotations

import json
import random

import pytest

from tabletop.cli import main as cli_main
from tabletop.engine.bots.levels import make_bot
from tabletop.engine.game import CHANCE, GameError
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.engine.review import costliest, decision_words, loss_words, review
from tabletop.engine.saves import save_match

SHOGUN = get_game("spheres-shogun")


def a_game_with_one_blunder(seed: int = 2) -> tuple[Match, int]:
    """A shogun game where seat 1 plays the Normal search's choice (as the review will search it
    again: the same level and seeds) at every decision but one, where it plays the move that
    search rates worst by 3 points or more; the match and the blunder's step."""
    match = Match(SHOGUN, [Seat("Ada"), Seat("Ben", "bot", "random")], {}, seed=seed)
    rng = random.Random(seed)
    blunder = None
    while not match.is_over():
        d = match.decider()
        if d == CHANCE:
            match.resolve_chance()
            continue
        legal = match.legal_actions()
        if d == 1 or len(legal) == 1:
            match.submit(rng.choice(legal))
            continue
        step = len(match.log)
        bot = make_bot(SHOGUN, "normal", step)
        ranked = bot.rank(match.state.view(0), legal)
        choice = ranked[0][0]
        if blunder is None and step > 12 and len(ranked) > 2 and ranked[0][1]["margin"] - ranked[-1][1]["margin"] >= 3:
            choice, blunder = ranked[-1][0], step
        match.submit(choice)
    assert blunder is not None
    return match, blunder


@pytest.fixture(scope="module")
def reviewed():
    """The game with one blunder, its blunder's step and the review of seat 1's decisions."""
    match, blunder = a_game_with_one_blunder()
    return match, blunder, review(match, 0, level="normal")


def test_a_deliberately_bad_move_is_found_the_costliest(reviewed):
    match, blunder, decisions = reviewed
    worst = costliest(decisions)
    assert worst[0].step == blunder
    assert worst[0].unit == "points" and worst[0].loss >= 3 and worst[0].best != worst[0].played
    assert sum(1 for d in decisions if d.loss > 0) == 1  # the others were the search's own choices
    assert all(d.step != blunder or "better:" in decision_words(d) for d in decisions)
    played = [d.step for d in decisions]
    assert played == sorted(played) and all(match.log[d.step] == d.played for d in decisions)


def test_only_a_finished_game_and_an_existing_seat_are_reviewed(reviewed):
    match = Match(SHOGUN, [Seat("Ada"), Seat("Ben", "bot", "random")], {}, seed=1)
    with pytest.raises(GameError, match="in progress"):
        review(match, 0)
    done = reviewed[0]
    with pytest.raises(GameError, match="no seat 3"):
        review(done, 2)


def test_a_review_can_be_stopped_and_tells_its_progress(reviewed):
    match = reviewed[0]
    told = []
    decisions = review(match, 0, level="normal", progress=lambda done, total: told.append((done, total)),
                       should_stop=lambda: len(told) >= 3)
    assert len(decisions) == 3 and [t[0] for t in told] == [1, 2, 3] and told[0][1] > 3


def test_tabletop_review_prints_each_decision_and_the_costliest_three(tmp_path, capsys, reviewed):
    match = reviewed[0]
    path = tmp_path / "game.json"
    save_match(match, path)
    assert cli_main(["review", str(path), "--seat", "1", "--seconds", "0.05", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["seat"] == 1 and doc["name"] == "Ada" and doc["costliest"]
    assert len(doc["decisions"]) == len([d for d in doc["decisions"] if d["played"]])
    assert cli_main(["review", str(path), "--seat", "1", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "Ada's" in out and "The costliest three:" in out and "step" in out
    assert cli_main(["review", str(path), "--seat", "5"]) == 2
    assert "--seat takes 1 to 2" in capsys.readouterr().err


def test_the_words_of_a_loss(reviewed):
    d = costliest(reviewed[2])[0]
    assert loss_words(d) == f"cost {d.loss:.1f} points of outlook"
    assert loss_words(d._replace(loss=0.0)) == "as good as the best move found"
    assert loss_words(d._replace(loss=0.0, best=d.played)) == "the best move found"
    assert loss_words(d._replace(unit="chance", loss=0.123)) == "cost about 12% of the chance to win"
    assert loss_words(d._replace(unit="chance", loss=0.004)) == "cost under 1% of the chance to win"


def test_the_likeliest_costliest_are_searched_again_longer_and_the_progress_counts_them(reviewed, monkeypatch):
    from tabletop.engine import review as reviewing

    match = reviewed[0]
    calls = []

    def fake(m, state, step, played, seat, names, level, seed, **search):
        calls.append((step, seed, search["seconds"]))
        loss = (step % 7) / 10 if search["seconds"] != reviewing.REFINE_SECONDS else 0.05
        return reviewing.Decision(step, played, "", {}, played, "", {}, loss, "points")

    monkeypatch.setattr(reviewing, "_decision", fake)
    told = []
    out = reviewing.review(match, 0, progress=lambda done, total: told.append((done, total)))
    n = len(out)
    first, again = calls[:n], calls[n:]
    worst = sorted((c for c in first if (c[0] % 7)), key=lambda c: (-(c[0] % 7), c[0]))[:reviewing.REFINED]
    assert [c[0] for c in again] == [c[0] for c in worst]  # the six likeliest costliest, costliest first
    assert all(seconds == reviewing.REFINE_SECONDS for _, _, seconds in again)
    assert all(seed == step + 1 for step, seed, _ in again) and all(seed == step for step, seed, _ in first)
    assert told == [(k, n + reviewing.REFINED) for k in range(1, n + len(again) + 1)]
    assert {d.step: d.loss for d in out if d.step in {c[0] for c in again}} == {c[0]: 0.05 for c in again}
    calls.clear()
    told.clear()
    reviewing.review(match, 0, progress=lambda done, total: told.append((done, total)), seconds=0.2)
    assert len(calls) == n and told[-1] == (n, n)  # a budget of one's own: no second pass
