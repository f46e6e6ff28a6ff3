"""The words players read: no developer's words, no repository paths, and numbers that agree
with their nouns (issue 17.7).

Every user-visible string the games produce is gathered -- option names and texts, summaries, the
help and rules pages, card names and texts, and, over a few random games of every player count,
every prompt, log sentence, question to the table, hint text and result note -- and checked.
"""

from __future__ import annotations

import random
import re

import pytest

from tabletop.engine.game import CHANCE
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import all_games

GAMES = [g for g in all_games() if g.table_class]

PATH = re.compile(r"(?<![\w.])(?:docs|tests|tabletop|benchmarks|assets|packaging|shared)/[\w./-]+|\b[\w-]+\.py\b|\btest_\w+")
DEVELOPER = re.compile(r"(?i:\bour design\b)|\bTODO\b|\bFIXME\b|\bNone\b|\[\d+-\d+ players\]")
NOUNS = "card|player|point|stone|turn|round|game|set|copy|animal|move|phase|tree|pile|hero|block"
ONE_WITH_PLURAL = re.compile(rf"(?<![\d.,+−-])\b1 (?:{NOUNS.replace('copy', 'copie')})s\b")
MANY_WITH_SINGULAR = re.compile(rf"(?<![\d.,])\b(?:0|[2-9]|\d{{2,}}) (?:{NOUNS})\b(?![-'’])")
BAD_PLURAL = re.compile(r"\b\w*(?:mouses|gooses|foxs|wolfs|sheeps|deers|mooses)\b", re.IGNORECASE)


def problems(text: str) -> list[str]:
    found = []
    for name, pattern in (("a repository path", PATH), ("a developer's word", DEVELOPER),
                          ("1 with a plural", ONE_WITH_PLURAL), ("a number with a singular", MANY_WITH_SINGULAR),
                          ("a wrong plural", BAD_PLURAL)):
        for m in pattern.finditer(text):
            found.append(f"{name}: {m.group()!r} in {text[max(0, m.start() - 40):m.end() + 40]!r}")
    return found


def test_the_checker_finds_what_it_should():
    for bad in ("see docs/rules/forest.md", "tests/test_saves.py", "(our design)", "1 cards", "3 dormouses",
                "[1-1 players]", "you have 2 point", "P1 holds None"):
        assert problems(bad), bad
    for good in ("1 card", "3 cards", "2 points", "12 rounds", "1 copy", "3 copies", "a 2-player game", "1.5"):
        assert not problems(good), good


def static_texts(game) -> list[str]:
    from tabletop.client.rules_dialog import rules_pages

    texts = [game.name, game.summary]
    for option in game.options:
        texts += [option.name.replace("_", " "), option.help, option.describe(), *map(str, option.choices)]
    texts += [markdown for _, markdown in rules_pages(game)]
    return texts


def card_texts(game) -> list[str]:
    if game.id == "spheres-of-life":
        from tabletop.games.spheres_of_life.cards import all_cards

        return [f"{c.name}: {c.text} {c.playable}" for c in all_cards().values()]
    if game.id == "forest":
        from tabletop.games.forest.cards import animals_text, deck, species_names

        return [c.label() for c in deck().values()] + [animals_text(s, n) for s in species_names() for n in (1, 2, 3)]
    return []


def played_texts(game) -> list[str]:
    texts = []
    for players in range(game.min_players, game.max_players + 1):
        for seed in range(2):
            rng = random.Random(seed)
            names = ["Ada", "Ben", "Cleo", "Dara", "Emil", "Fay", "Gus"][:players]
            options = {o.name: rng.choice(o.choices) for o in game.options}
            match = Match(game, [Seat(n) for n in names], options, seed)
            while not match.is_over():
                state = match.state
                if match.decider() == CHANCE:
                    match.resolve_chance()
                    continue
                texts.append(state.prompt())
                window = state.window(names)
                if window:
                    texts.append(window[0])
                legal = match.legal_actions()
                texts += [state.describe(a, names) for a in legal[:5]]
                match.submit(rng.choice(legal))
            texts += match.sentences
            texts.append(match.state.result_note(names))
            texts += [label for s in match.state.scores() for label, _ in s.parts]
    return texts


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_players_read_no_developers_words_paths_or_wrong_plurals(game):
    found = []
    for text in static_texts(game) + card_texts(game) + played_texts(game):
        found += problems(text)
    assert not found, "\n".join(sorted(set(found))[:30])


def test_the_banner_says_whose_turn_it_is_when_you_answer_out_of_turn(qtbot):
    # issue 17.7: "Your turn" was said to a player asked to block during another's turn
    from tabletop.client.controller import Controller
    from tabletop.engine.actions import Action
    from tabletop.engine.registry import get_game

    game = get_game("spheres-of-life")
    doc = {"players": 3, "phase": "dream", "leader": 0, "hands": [["snake1", "owl1"], ["apple1"], ["wolf1"]]}
    match = Match(game, [Seat("Ada", "bot", "easy"), Seat("Ben"), Seat("Cleo", "bot", "easy")], {}, 0, position=doc)
    while match.state.step != "action":
        match.submit(Action.make("pass"))
    match.submit(Action.make("gift", card="snake1", to=2))
    assert match.decider() == 1 and match.state.step == "block"
    controller = Controller()
    controller.match = match
    text = controller.decision_text()
    assert text.startswith("Ada's turn — you may block it") and "Your turn" not in text and "Waiting" not in text
    # on one's own turn it is one's turn
    match2 = Match(game, [Seat("Ada"), Seat("Ben", "bot", "easy"), Seat("Cleo", "bot", "easy")], {}, 0, position=doc)
    controller.match = match2
    assert controller.decision_text().startswith("Your turn, Ada")


def test_the_banner_says_must_of_a_move_out_of_turn_that_cannot_be_declined():
    """The forest: a card given must be placed at once ("you may place" read as a choice)."""
    import random

    from tabletop.client.controller import Controller
    from tabletop.engine.registry import get_game

    match = Match(get_game("forest"), [Seat("Ada"), Seat("Ben", "bot", "easy")], {}, 3)
    rng = random.Random(1)
    for _ in range(400):
        if match.decider() == 0 and match.state.whose_turn() == 1:
            break
        match.submit(rng.choice(match.legal_actions()))
    assert match.decider() == 0 and match.state.whose_turn() == 1 and match.state.no_answer() is None
    controller = Controller()
    controller.match = match
    # (whose turn it is; not "Waiting for Ben", which read as if the learner were waiting)
    assert controller.decision_text() == "Ben's turn — you must place the card you were given"


def test_the_nights_first_prompt_says_you_take_as_many_cards_back():
    from tabletop.engine.registry import get_game

    game = get_game("spheres-of-life")
    state = game.from_position({"players": 2, "phase": "night", "leader": 0, "begin": True, "hands": [[], []],
                                "deck": ["rabbit1", "rabbit2", "deer1", "deer2", "bison1", "bison2", "owl1",
                                         "owl2", "swan1", "swan2", "otter1", "otter2", "lynx1", "lynx2"]})
    while state.step != "night_discard":
        state.apply(state.legal_actions()[0])
    assert "take as many" in state.prompt()
