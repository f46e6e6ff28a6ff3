"""The Dawn's reveal shows, not narrates (Gods & Myths): once the sacrifices are shown, each card
laid is on the table face up, a named item (``card/<id>``; a hero added ``dawn/hero/<id>``) with
its worth beside it as the game counts it -- a lone corrupted animal or ability card −1, the noble
animals of a species one set (+1, +4, +9: everybody's together, or each player's with the option
"each"), a hero +5 -- and the total on the gauge (``dawn/total``) is the game's.  The lesson
"Gods & Myths: the Dawn" stops there and lights those cards and the total, and its last words
say the table as it then stands.  While the cards are laid, the others' stay backs, and the seat's
own are named without a "+2" that reads as points.  Played in the real window, at 1366x768."""

from __future__ import annotations

import re

import pytest
from test_gui_lessons import check_callout
from test_gui_what_is_everywhere import right_click_at

from tabletop.engine.actions import Action
from tabletop.engine.glossary import glossary
from tabletop.engine.lessons import LessonRun, all_lessons, play_others
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.games.spheres_of_life.card_items import SpheresCard
from tabletop.games.spheres_of_life.cards import card
from tabletop.games.spheres_of_life.dawn import ENDS_AT, dawn_points
from tabletop.games.spheres_of_life.steps import Move, Step

G = get_game("spheres-of-life")
LESSON = next(x for x in all_lessons() if x.id == "gods-and-myths-dawn")


@pytest.fixture(autouse=True)
def own_progress(tmp_path, monkeypatch):
    """The lesson keeps its progress in a file of its own for each test."""
    from tabletop.engine import lessons

    monkeypatch.setattr(lessons, "progress_path", lambda: tmp_path / "lessons.json")


def worth(text: str) -> int:
    """A worth as the table writes it ("−1", "+4") as a number."""
    return int(text.replace("\u2212", "-"))


def lit(table) -> set[str]:
    return {table.address_of(m) for m in table.hinted_items()}


def painted(gui) -> None:
    """The view painted as on screen (the items note what they drew)."""
    gui.view.viewport().repaint()
    gui.view.viewport().grab()


def shown_cards(gui) -> dict[str, tuple[SpheresCard, object]]:
    """Every card shown on the Dawn's board once the sacrifices are shown: its name on the table
    -> the item and the label of its worth."""
    counted = getattr(gui.table.layout, "counted", None)
    assert counted is not None, "no cards counted on the table"
    return {name: (gui.table.find(name), label) for name, label in counted.worths.items()}


def caption_under(table, item) -> str | None:
    """The words right under a card shown (who laid it), if any."""
    r = item.card_scene_rect()
    return next((it.text for it in table.items() if getattr(it, "text", "").startswith("by ")
                 and r.bottom() - 1 <= it.card_scene_rect().top() <= r.bottom() + 20
                 and abs(it.card_scene_rect().center().x() - r.center().x()) < 2), None)


def check_counted_as_the_game(gui, state) -> dict[str, tuple[SpheresCard, object]]:
    """Each card laid (and each hero added) is a face on the table, named, its name drawn, with a
    worth beside it that is the game's count of the cards sharing it; the worths add up to the
    game's total, and the gauge says that total against 10."""
    table = gui.table
    painted(gui)
    laid = [c for cs in state.dawn.sacrificed for c in cs]
    missing = [c for c in laid if table.find(f"card/{c}") is None]
    assert not missing, f"cards laid not on the table: {missing}"
    shown = shown_cards(gui)
    assert set(shown) == {f"card/{c}" for c in laid} | {f"dawn/hero/{h}" for h in state.dawn.heroes}
    labels = {}
    for name, (item, label) in shown.items():
        c = name.rsplit("/", 1)[1]
        assert isinstance(item, SpheresCard) and item.card_id == c and item.isVisible(), name
        assert card(c).name in item.texts(), f"{name}: its name is not drawn"  # (face up, readable)
        r, w = item.card_scene_rect(), label.card_scene_rect()
        assert w.left() >= r.right() - 1 and w.top() < r.bottom() and w.bottom() > r.top(), f"{name}: the worth is not beside it"
        assert label.text in table.spoken(item)[1]  # (a screen reader says the worth too)
        labels.setdefault(id(label), (label, []))[1].append(c)
    for label, cards in labels.values():
        heroes = [c for c in cards if c in state.dawn.heroes]
        assert worth(label.text) == (5 * len(heroes) if heroes else dawn_points(cards)), (label.text, cards)
    assert sum(worth(label.text) for label, _ in labels.values()) == state.dawn.total
    gauge = table.find("dawn/total")
    assert f"Total {state.dawn.total} of {ENDS_AT}" in " ".join(gauge.texts())
    return shown


# --- the lesson ----------------------------------------------------------------------------------
def step_of(pattern: str) -> int:
    return next(n for n, s in enumerate(LESSON.steps) if re.search(pattern, s.say))


def test_the_lesson_stops_at_the_reveal_and_lights_each_card_laid_its_worth_and_the_total(gui, qtbot):
    n = step_of(r"The laid cards are shown")
    gui.window.learning.learn(LESSON.id, n)
    gui.wait_for_human(timeout=15000)
    run, state, table = gui.controller.lesson, gui.match.state, gui.table
    step = run.current
    assert run.step == n and state.step == Step.DAWN_HERO and gui.controller.human_to_act()
    laid = [c for cs in state.dawn.sacrificed for c in cs]
    assert laid
    shown = check_counted_as_the_game(gui, state)
    assert all(caption_under(table, shown[f"card/{c}"][0]) == "by you" for c in laid)  # (all the learner's)
    # the step (words only) lights the cards laid and the total, and none of the hero round's
    # choices; the step after it lights the one to click (Add Druid: the lesson ends the game with it)
    assert step.reading and lit(table) == set(step.point)
    assert {f"card/{c}" for c in laid} | {"dawn/total"} <= lit(table)
    kinds = {table.address_of(b): b.action.kind for b in table.choice_items()}
    assert not set(kinds) & lit(table)
    heroes = LESSON.steps[n + 1]
    assert heroes.point == tuple(n for n, k in kinds.items() if k == Move.SACRIFICE) == ("prompt/button/sacrifice:card=druid1",)
    check_callout(gui, gui.window.table_screen, step)
    # its words say what is on the table: each card's name and worth, the total, the 10 and the +5
    for c in laid:
        _, label = shown[f"card/{c}"]
        assert re.search(rf"{card(c).name.split()[-1]}s?\b", step.say) and label.text in step.say
    assert f"total of {str(state.dawn.total).replace('-', '−')}" in step.say
    assert str(ENDS_AT) in step.say and str(ENDS_AT) in " ".join(table.find("dawn/total").texts())
    add = next(b for b in table.choice_items() if b.action.kind == Move.SACRIFICE)
    assert "+5" in add.text and "+5" in heroes.say
    # What is this? on a card laid: the card, and what a sacrifice is
    item, _ = shown[f"card/{laid[0]}"]
    title, text = right_click_at(gui.view, gui.view.mapFromScene(item.sceneBoundingRect().center()))
    terms, _ = glossary(G)
    assert title == f"What is this? {card(laid[0]).name}" and f"Sacrifice: {terms['Sacrifice']}" in text


def test_the_lessons_step_on_the_dawn_card_lights_it(gui, qtbot):
    n = step_of(r"has come up")
    gui.window.learning.learn(LESSON.id, n)
    gui.wait_for_human(timeout=15000)
    table, state = gui.table, gui.match.state
    dawn = [name for name in lit(table) if name.startswith("card/dawn")]
    assert dawn and all(table.find(name).role == "dawn" and name[5:] in state.dawn.aside for name in dawn)


def test_the_lessons_last_words_say_the_table_as_it_stands(gui, qtbot):
    # the cards laid, as the lesson shows them at its reveal (played headless to there)
    match = LESSON.new_match(G)
    play_others(match)
    run = LessonRun(LESSON)
    while match.state.step != Step.DAWN_HERO:
        assert not run.take_step(match)
    laid = [c for cs in match.state.dawn.sacrificed for c in cs]
    gui.window.learning.learn(LESSON.id, len(LESSON.steps) - 1)
    qtbot.waitUntil(lambda: gui.match.is_over() and gui.controller.lesson.finished, timeout=15000)
    run, state, table = gui.controller.lesson, gui.match.state, gui.table
    say = run.current.say
    assert run.current.expect is None
    check_callout(gui, gui.window.table_screen, run.current)
    assert lit(table) == set(run.current.point)
    # the Dawn ended the game: the cards laid on the discard pile, the hero added turned over, the
    # Dawn card out of play, the game scored as usual -- as the words say, with the scores shown
    assert state.phase == "over" and state.dawn.ended and not state.dawn.aside and state.dawn.out
    assert state.discard[-len(laid):] == laid and "went to the discard pile" in say
    assert all(card(c).name.split()[-1] in say for c in laid)
    assert state.dawn.heroes == ["druid1"] and "druid1" in state.used and "the Druid stays turned over" in say
    assert f"reached {state.dawn.total}" in say
    totals = [s["total"] for s in state.view(0)["scores"]]
    assert f"you {totals[0]}, Bramble {totals[1]}" in say and totals[0] > totals[1]
    # what Bramble's 4 is made of: every hand is shown at the end (counted), face up on its area and
    # named, and said; the table says the Dawn ended the game, and with what
    assert state.view(0)["hands"][1]["cards"] == state.hands[1] and state.hands[1]
    faces = [table.find(f"card/{c}") for c in state.hands[1]]
    assert all(f is not None and f.card_id == c for f, c in zip(faces, state.hands[1]))
    texts = [getattr(it, "text", "") for it in table.items()]
    assert "Shown at the end: " + ", ".join(card(c).name.split()[-1] for c in state.hands[1]) in texts
    assert any(f"the Dawn's sacrifices reached {state.dawn.total}" in x for x in texts)


def test_an_opponents_hand_is_hidden_until_the_end():
    """Before the end Bramble's hand is backs to the learner; at the end it is shown (the Scores
    count it), to a spectator too."""
    match = LESSON.new_match(G)
    play_others(match)
    run = LessonRun(LESSON)
    while not match.is_over():
        assert match.state.view(0)["hands"][1]["cards"] is None
        assert set(match.state.hands[1]) <= match.state.hidden_from(0)
        assert not run.take_step(match)
    assert match.state.view(0)["hands"][1]["cards"] == match.state.hands[1]
    assert match.state.view(None)["hands"][1]["cards"] == match.state.hands[1]
    assert not set(match.state.hands[1]) & match.state.hidden_from(0)


# --- a Dawn in a normal game ------------------------------------------------------------------------
def dawn_position(count: str, hero: bool) -> dict:
    """Ada (seat 0, the learner's side: human) and Ben lay in a Dawn after a Night: both a noble
    Rabbit, Ada a Bat, Ben an Owl and a Jackal; Ben, first to decide, adds a hero when ``hero``;
    then Ada decides."""
    state = G.from_position(dict(players=2, phase="night", begin=True, leader=1,
                                 hands=[["rabbit1", "bat1", "deer1"], ["rabbit2", "owl1", "jackal1", "rat1"]],
                                 deck=["swan1", "swan2", "swan3", "dawn1", "lynx1", "lynx2", "lynx3", "deer2", "deer3"],
                                 phases_done=4, heroes=[["druid1", "windmaster"], ["paladin1", "warrior1"]],
                                 options={"dawn": True, "dawn_count": count}))
    assert state.dawn.aside == ["dawn1"]
    state._end_phase()
    for c in ("rabbit2", "owl1", "jackal1"):  # Ben holds the phase cards: he lays first
        state.apply(Action.make(Move.SACRIFICE, card=c))
    state.apply(Action.make(Move.DONE))
    for c in ("rabbit1", "bat1"):
        state.apply(Action.make(Move.SACRIFICE, card=c))
    state.apply(Action.make(Move.DONE))
    assert state.step == Step.DAWN_HERO and state.decider() == 1
    state.apply(Action.make(Move.SACRIFICE, card="paladin1") if hero else Action.make(Move.PASS))
    assert state.step == Step.DAWN_HERO and state.decider() == 0
    return G.to_position(state)


@pytest.mark.parametrize("count, hero", [("together", False), ("together", True), ("each", False)])
def test_a_dawn_in_a_game_shows_each_card_counted_as_the_game_counts_it(gui, qtbot, count, hero):
    gui.window.start_match(Match(G, [Seat("Ada"), Seat("Ben", "bot", "easy")], None, 3,
                                 position=dawn_position(count, hero)))
    gui.wait_for_human()
    state = gui.match.state
    shown = check_counted_as_the_game(gui, state)
    rabbits = {id(shown[f"card/{c}"][1]) for c in ("rabbit1", "rabbit2")}
    assert len(rabbits) == (1 if count == "together" else 2)  # (one set of both, or each player's own)
    assert ("dawn/hero/paladin1" in shown) == hero
    if hero:  # the hero's chip keeps its own name on Ben's area
        assert gui.table.find("card/paladin1") is not shown["dawn/hero/paladin1"][0]
    # who laid each card: in what a screen reader says of it, and under it -- under every card, or
    # (too many for the board with it) under none
    under = []
    for name, (item, _) in shown.items():
        c = name.rsplit("/", 1)[1]
        who = "Ada" if c in ("rabbit1", "bat1", "druid1", "windmaster") else "Ben"
        assert f"by {who}," in gui.table.spoken(item)[1]
        under.append(caption_under(gui.table, item) == ("by you" if who == "Ada" else "by Ben"))
    assert all(under) or not any(under)
    # the cards do not overlap one another nor the gauge, and all lie in the Dawn's board
    rects = [item.card_scene_rect() for item, _ in shown.values()] + [gui.table.find("dawn/total").card_scene_rect()]
    for i, a in enumerate(rects):
        assert not any(a.intersects(b) for b in rects[i + 1:])
    # the hero round is the seat's own: adding its hero is a click
    add = gui.table.button_for(Action.make(Move.SACRIFICE, card="druid1"))
    assert add is not None and "+5" in add.text


def test_while_the_cards_are_laid_the_others_stay_backs_and_yours_never_read_as_points(gui, qtbot):
    state = G.from_position(dict(players=2, phase="night", begin=True, leader=1,
                                 hands=[["jackal1", "bear1", "owl1", "rabbit1", "bat1", "deer1"], ["otter1", "bison1", "rat1"]],
                                 deck=["swan1", "swan2", "swan3", "dawn1", "lynx1", "lynx2", "lynx3", "deer2", "deer3"],
                                 phases_done=4, heroes=[["druid1", "windmaster"], ["paladin1", "warrior1"]],
                                 options={"dawn": True}))
    state._end_phase()
    for c in ("otter1", "bison1"):
        state.apply(Action.make(Move.SACRIFICE, card=c))
    state.apply(Action.make(Move.DONE))
    mine = ["jackal1", "bear1", "owl1", "rabbit1"]
    for c in mine:
        state.apply(Action.make(Move.SACRIFICE, card=c))
    assert state.step == Step.SACRIFICE and state.decider() == 0
    gui.window.start_match(Match(G, [Seat("Ada"), Seat("Ben", "bot", "easy")], None, 3, position=G.to_position(state)))
    gui.wait_for_human()
    table = gui.table
    words = " ".join(table.all_items_text())
    assert all(table.find(f"sacrifice/1/{i}") is not None for i in range(2))
    assert not any(card(c).name in words or table.find(f"card/{c}") is not None for c in ("otter1", "bison1"))
    row = next(it for it in table.items() if getattr(it, "dawn_row", None) == 0)
    assert row.text.startswith("4 cards face down, laying…") and "(yours: " in row.text
    assert not re.search(r"\+\s*\d", row.text), row.text  # (a "+2 more" would read as 2 points)
    assert all(card(c).name in row.toolTip() for c in mine)
