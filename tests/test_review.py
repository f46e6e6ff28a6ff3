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


# --- reviews kept beside their games (tabletop/engine/review_store.py) ------------------------------
def _as_json(decisions):
    return [d.to_json() for d in decisions]


def test_a_stored_review_is_found_again_the_same_and_by_the_games_save_opened_again(reviewed, tmp_path,
                                                                                      tabletop_home):
    from tabletop.engine.review_store import review_key, review_path, store_review, stored_review
    from tabletop.engine.saves import load_match

    match, _, decisions = reviewed
    assert stored_review(match, 0, 0.05) is None  # (nothing stored yet)
    assert store_review(match, 0, 0.05, decisions) is True
    path = review_path(match, 0, 0.05)
    assert path == tabletop_home / "data" / "reviews" / f"{review_key(match, 0, 0.05)}.json" and path.is_file()
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert (doc["format"], doc["format_version"], doc["key"], doc["seat"]) == ("tabletop-review", 1, path.stem, 0)
    again = stored_review(match, 0, 0.05)
    assert again == decisions and _as_json(again) == _as_json(decisions)
    # the game saved and opened again (a later session, the replay of its file): the same review
    save_match(match, tmp_path / "game.json")
    opened = load_match(tmp_path / "game.json")
    assert opened is not match and review_key(opened, 0, 0.05) == review_key(match, 0, 0.05)
    assert _as_json(stored_review(opened, 0, 0.05)) == _as_json(decisions)
    # the key is a stable name (the same in every process), not Python's salted hash
    assert len(path.stem) == 64 and int(path.stem, 16) >= 0
    assert review_key(match, 0, None) == review_key(match, 0, 0) != review_key(match, 0, 0.05)


def test_another_game_seat_or_budget_has_no_stored_review(reviewed, tmp_path):
    from tabletop.engine.review_store import review_key, store_review, stored_review
    from tabletop.engine.saves import load_match

    match, _, decisions = reviewed
    store_review(match, 0, 0.05, decisions)
    save_match(match, tmp_path / "game.json")

    def copy(**changed):
        m = load_match(tmp_path / "game.json")
        for name, value in changed.items():
            setattr(m, name, value)
        return m

    others = [copy(log=match.log[:-1]), copy(log=[*match.log[:-1], match.log[-2]]), copy(seed=match.seed + 1),
              copy(seats=[Seat("Eve"), match.seats[1]]), copy(seats=[Seat("Ada", "bot", "easy"), match.seats[1]]),
              copy(options={"variant": "other"}), copy(position={"board": "other"})]
    keys = {review_key(m, 0, 0.05) for m in others} | {review_key(match, 1, 0.05), review_key(match, 0, 0.1),
                                                       review_key(match, 0, None)}
    assert len(keys) == 10 and review_key(match, 0, 0.05) not in keys
    for m in others:
        assert stored_review(m, 0, 0.05) is None
    assert stored_review(match, 1, 0.05) is None and stored_review(match, 0, 0.1) is None
    assert stored_review(match, 0, None) is None
    # the redo stack, the undo rule and the app's version are not what was reviewed: the same review
    assert stored_review(copy(redo_stack=[match.log[0]], casual_undo=True), 0, 0.05) == decisions


def _broken_docs(match, decisions, doc):
    """What a stored review can be broken into: a damaged file, another kind of file, another
    game's review under this one's name, decisions that do not fit the game."""
    one = decisions[0].to_json()
    return {
        "empty": "",
        "cut short": json.dumps(doc)[:40],
        "not json": "a review?",
        "a list": "[]",
        "another format": json.dumps({**doc, "format": "tabletop-save"}),
        "a newer format": json.dumps({**doc, "format_version": 2}),
        "another key": json.dumps({**doc, "key": "0" * 64}),
        "no decisions": json.dumps({**doc, "decisions": {}}),
        "a broken decision": json.dumps({**doc, "decisions": [{**one, "played": 3}]}),
        "a move not played": json.dumps({**doc, "decisions": [{**one, "played": doc["decisions"][1]["played"]}]}),
        "a step not played": json.dumps({**doc, "decisions": [{**one, "step": len(match.log)}]}),
        "a step before the start": json.dumps({**doc, "decisions": [{**one, "step": -1,
                                                                      "played": match.log[-1].to_json()}]}),
        "twice the same": json.dumps({**doc, "decisions": [one, one]}),
        "not in order": json.dumps({**doc, "decisions": doc["decisions"][::-1]}),
    }


def test_a_broken_stored_review_is_ignored_then_written_over(reviewed):
    from tabletop.engine.review_store import review_path, store_review, stored_review

    match, _, decisions = reviewed
    assert len(decisions) > 1 and match.log[-1] != decisions[0].played
    store_review(match, 0, 0.05, decisions)
    path = review_path(match, 0, 0.05)
    doc = json.loads(path.read_text(encoding="utf-8"))
    for what, text in _broken_docs(match, decisions, doc).items():
        path.write_text(text, encoding="utf-8")
        assert stored_review(match, 0, 0.05) is None, what
        assert store_review(match, 0, 0.05, decisions) is True
        assert stored_review(match, 0, 0.05) == decisions, what
    # a review stored under another budget's name (it fits the game: only its key tells)
    store_review(match, 0, 0.1, decisions[:1])
    review_path(match, 0, 0.1).replace(path)
    assert stored_review(match, 0, 0.05) is None
    path.unlink()
    path.mkdir()  # a folder of its name: nothing to read, nothing written, nothing raised
    assert stored_review(match, 0, 0.05) is None and store_review(match, 0, 0.05, decisions) is False


def test_no_folder_for_the_reviews_stores_nothing_and_raises_nothing(reviewed, tabletop_home):
    from tabletop.engine.review_store import store_review, stored_review

    match, _, decisions = reviewed
    tabletop_home.mkdir(parents=True, exist_ok=True)
    (tabletop_home / "data").write_text("a file where the data folder goes", encoding="utf-8")
    assert store_review(match, 0, 0.05, decisions) is False and stored_review(match, 0, 0.05) is None
    (tabletop_home / "data").unlink()
    (tabletop_home / "data").mkdir()
    (tabletop_home / "data" / "reviews").write_text("a file where the reviews go", encoding="utf-8")
    assert store_review(match, 0, 0.05, decisions) is False and stored_review(match, 0, 0.05) is None


def test_at_most_a_hundred_reviews_are_kept_the_least_recently_used_dropped(reviewed):
    import os
    import time

    from tabletop.engine import review_store
    from tabletop.engine.review_store import KEEP, review_path, reviews_dir, store_review, stored_review

    match, _, decisions = reviewed
    assert KEEP == 100
    store_review(match, 0, 0.05, decisions)
    store_review(match, 0, 0.1, decisions)  # (under the cap: both kept)
    folder = reviews_dir()
    assert sorted(p.name for p in folder.iterdir()) == sorted([review_path(match, 0, 0.05).name,
                                                               review_path(match, 0, 0.1).name])
    now = time.time()
    others = [folder / f"{k:064x}.json" for k in range(KEEP)]
    for age, p in enumerate(others):  # older and older
        p.write_text("{}", encoding="utf-8")
        os.utime(p, (now - 1000 - age, now - 1000 - age))
    mine = review_path(match, 0, 0.05)
    os.utime(mine, (now - 5000, now - 5000))  # the oldest of all ...
    os.utime(review_path(match, 0, 0.1), (now - 4000, now - 4000))
    assert stored_review(match, 0, 0.05) == decisions  # ... but looked at: now the most recently used
    (folder / "notes.txt").write_text("not a review", encoding="utf-8")  # (not the app's: left alone)
    stale = folder / f".{mine.name}.abcd1234.tmp"  # a write cut short long ago
    stale.write_text("{", encoding="utf-8")
    os.utime(stale, (now - 3600, now - 3600))
    assert store_review(match, 1, 0.05, decisions[:1])
    left = {p.name for p in folder.iterdir()}
    assert len([n for n in left if review_store._NAME.fullmatch(n)]) == KEEP
    assert left == ({p.name for p in others[:KEEP - 2]} | {mine.name, review_path(match, 1, 0.05).name, "notes.txt"})
    # a new one written when the others' times are ahead of the clock: still the one kept
    for p in folder.glob("*.json"):
        os.utime(p, (now + 3600, now + 3600))
    assert store_review(match, 1, 0.1, decisions[:1])
    assert review_path(match, 1, 0.1).is_file() and len(list(folder.glob("*.json"))) == KEEP


# --- the second look: the move played weighed against the best found, alone --------------------
FOREST = get_game("forest")


def a_forest_decision():
    """A forest game's state where seat 1 plays a card (several choices), its view and moves."""
    match = Match(FOREST, [Seat("Ada"), Seat("Ben", "bot", "random")], {}, seed=3)
    rng = random.Random(3)
    while not (match.decider() == 0 and match.state.view(0)["stage"] == "play"):
        match.submit(rng.choice(match.legal_actions()))
    return match, match.state.view(0), match.legal_actions()


def test_weighing_two_moves_shares_every_playout_between_them_alone():
    match, view, legal = a_forest_decision()
    assert len(legal) >= 3
    a, b = legal[0], legal[-1]
    bot = make_bot(FOREST, "hard", 1, seconds=5.0, iterations=300)
    figures = bot.weigh(view, [a, b])
    assert set(figures) == {a, b}
    assert sum(f["playouts"] for f in figures.values()) == 300
    assert all(0.0 <= f["chance"] <= 1.0 and f["playouts"] >= 30 for f in figures.values())
    everything = bot.search(view)  # (without: the search spreads over every move)
    assert len([x for x in everything if everything[x].visits]) > 2


def test_the_second_look_at_a_decision_weighs_the_move_played_against_the_best_found():
    from tabletop.engine import review as reviewing

    match, view, legal = a_forest_decision()
    step = len(match.log)
    d = reviewing.Decision(step, legal[-1], "", {"chance": 0.1, "playouts": 3}, legal[0], "", {"chance": 0.9},
                           0.8, "chance")
    again = reviewing._weighed(match, match.state, d, 0, "hard", 5, seconds=5.0, iterations=200)
    best, played = again.best_figures, again.played_figures
    assert again.best == legal[0] and again.played == legal[-1] and again.step == step
    assert best["playouts"] + played["playouts"] == 200
    assert again.loss == pytest.approx(max(0.0, best["chance"] - played["chance"]))
