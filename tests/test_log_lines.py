"""The log as read (issue 29, point 12): a run of quiet steps -- each player's "no" at a moment
anyone may act -- is one line; every other step keeps its own sentence; the lines cover every
step once, in order."""

from __future__ import annotations

from tabletop.engine.bots.levels import make_bot
from tabletop.engine.game import CHANCE
from tabletop.engine.log_lines import LogLine, and_list, fold, line_at
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game

EXPANSION = {"godly_heroes": True, "mythical_creatures": True, "godly_abilities": True, "dawn": True}


def test_fold_makes_one_line_of_a_run_with_the_same_key_and_keeps_the_rest():
    sentences = ["A plays.", "B no.", "C no.", "D no.", "A banks nothing.", "B banks nothing.", "C no.", "D draws."]
    quiet = [None, "now", "now", "now", "bank", "bank", "now", None]
    seen = []

    def words(key, seats):
        seen.append((key, seats))
        return f"{key}:{seats}"

    lines = fold(sentences, quiet, [0, 1, 2, 3, 0, 1, 2, 3], words)
    assert lines == [LogLine(1, 1, "A plays."), LogLine(2, 4, "now:[1, 2, 3]"), LogLine(5, 6, "bank:[0, 1]"),
                     LogLine(7, 7, "C no."), LogLine(8, 8, "D draws.")]  # (a lone quiet step keeps its sentence)
    assert seen == [("now", [1, 2, 3]), ("bank", [0, 1])]
    assert [line_at(lines, k) for k in (0, 1, 2, 3, 4, 5, 6, 7, 8)] == [-1, 0, 1, 1, 1, 2, 2, 3, 4]
    assert fold([], [], [], words) == []
    assert and_list(["Ada"]) == "Ada" and and_list(["Ada", "Ben"]) == "Ada and Ben"
    assert and_list(["Ada", "Ben", "Cleo"]) == "Ada, Ben and Cleo"


def four_player_game(seed=3):
    game = get_game("spheres-of-life")
    match = Match(game, [Seat(n, "bot", "easy") for n in ("Ada", "Ben", "Cleo", "Dara")], EXPANSION, seed)
    bots = [make_bot(game, "easy", i) for i in range(4)]
    while not match.is_over():
        if match.decider() == CHANCE:
            match.resolve_chance()
            continue
        p = match.decider()
        match.submit(bots[p].choose(match.state.view(p), match.legal_actions()))
    return match


def test_a_four_player_spheres_of_life_log_folds_its_passes_into_far_fewer_lines():
    match = four_player_game()
    lines = match.log_lines()
    assert len(lines) < 0.75 * len(match.sentences)
    assert [line.first for line in lines] == [1] + [line.last + 1 for line in lines[:-1]]
    assert lines[-1].last == len(match.log)  # every step, once, in order
    for line in lines:
        kinds = {match.log[k - 1].kind for k in range(line.first, line.last + 1)}
        if line.first == line.last:
            assert line.text == match.sentences[line.first - 1]
        else:
            assert kinds <= {"pass", "skip"} and line.text not in match.sentences
            assert len({match._quiet[k - 1] for k in range(line.first, line.last + 1)}) == 1
            assert match._quiet[line.first - 2] != match._quiet[line.first - 1] or line.first == 1
        said = {match.sentences[k - 1].split(" ", 1)[1] for k in range(line.first, line.last + 1)}
        if line.first < line.last and said == {"lets it pass."}:  # a block window nobody used
            assert line.text == "Nobody blocks it." or line.text.endswith(" let it pass."), line
        elif line.first < line.last and said == {"plays no card or hero now."}:
            assert line.text == "Nobody plays a card or hero now." or line.text.endswith(" play no card or hero now.")
    texts = [line.text for line in lines]
    assert "Nobody blocks it." in texts and "Nobody plays a card or hero now." in texts
    assert not any(a == b and a.endswith("lets it pass.") for a, b in zip(texts, texts[1:]))


def test_the_spheres_of_life_words_for_a_quiet_run_say_who_or_nobody():
    state = get_game("spheres-of-life").new_game(4, {}, 1)
    names = ["Ada", "Ben", "Cleo", "Dara"]
    assert state.quiet_words("block", [1, 2, 3], names) == "Nobody blocks it."
    assert state.quiet_words("block", [1, 2], names) == "Ben and Cleo let it pass."
    assert state.quiet_words("now", [2, 3, 0, 1], names) == "Nobody plays a card or hero now."
    assert state.quiet_words("now", [2, 3, 0], names) == "Cleo, Dara and Ada play no card or hero now."
    assert state.quiet_words("bank", [0, 1], names) == "Ada and Ben bank nothing."
    assert state.quiet_words("bank", [0, 1, 2, 3], names) == "Nobody banks a set."
