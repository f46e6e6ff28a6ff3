"""The replay viewer (issue 14): stepping with the buttons, the keys, the slider, the log and Play;
which seats' views are offered and what each table draws; the match left as it was.  Real
widgets, offscreen.  The tables' views are checked against states rebuilt independently of the
viewer (``Match.replay`` of the first actions), and the cards actually drawn are read from the
scenes' items."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from tabletop.engine.bots.levels import make_bot
from tabletop.engine.game import CHANCE, GameError, digest
from tabletop.engine.history import EVERYTHING, History
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.engine.saves import load_match, save_match

GAMES = {"forest": 3, "spheres-of-life": 3, "three-spheres": 2, "spheres-shogun": 2}
CARD_GAMES = ["forest", "spheres-of-life", "three-spheres"]  # (the shogun game hides nothing)


def play(game_id: str, players: int, seed: int = 5, humans: int = 1, until: int | None = None) -> Match:
    """A game of random bots (seat 0 .. humans-1 are people whose moves a bot makes), to the end
    or to ``until`` actions."""
    game = get_game(game_id)
    names = ["Ada", "Ben", "Cleo", "Dara", "Emil", "Fay", "Gus"]
    seats = [Seat(names[i]) if i < humans else Seat(names[i], "bot", "random") for i in range(players)]
    match = Match(game, seats, {}, seed)
    bots = [make_bot(game, "random", seed * 31 + i) for i in range(players)]
    while not match.is_over() and (until is None or len(match.log) < until):
        p = match.decider()
        if p == CHANCE:
            match.submit(match.chance_action())
            continue
        match.submit(bots[p].choose(match.state.view(p), match.legal_actions()))
    return match


_FINISHED: dict[str, Match] = {}


def finished(game_id: str) -> Match:
    if game_id not in _FINISHED:
        _FINISHED[game_id] = play(game_id, GAMES[game_id])
        assert _FINISHED[game_id].is_over()
    return _FINISHED[game_id]


def state_after(match: Match, k: int):
    """The state after the first ``k`` actions, rebuilt without the viewer's history."""
    return Match.replay(match.game, match.seats, match.options, match.seed, match.log[:k]).state


def card_ids(table) -> set[str]:
    """The cards drawn face up on a table (its items that show a card)."""
    return {i.card_id for i in table.items() if getattr(i, "card_id", None) is not None}


@pytest.fixture
def screen(qtbot):
    from tabletop.client.app import ensure_app

    ensure_app()
    from tabletop.client.replay import ReplayScreen

    s = ReplayScreen()
    qtbot.addWidget(s)
    s.resize(1366, 768)
    s.show()
    qtbot.waitExposed(s)
    yield s
    s.pause()
    s.drop_tables()


def the_table(screen):
    assert len(screen.tables) == 1
    return screen.tables[0][1]


def choose_viewpoint(screen, viewpoint) -> None:
    """As a player does: pick it in the seat chooser."""
    i = screen.viewpoints().index(viewpoint)
    screen.seat_combo.setCurrentIndex(i)
    screen.seat_combo.activated.emit(i)


# --- the history (pure) ---------------------------------------------------------------------
@pytest.mark.parametrize("game_id", list(GAMES))
def test_history_steps_are_the_states_after_that_many_actions(game_id):
    match = finished(game_id)
    history = History(match)
    assert history.last == len(match.log)
    for k in [history.last, 0, 1, 40, 33, 64, 63, history.last - 1, 2]:  # (back and forth over the kept copies)
        k = min(k, history.last)
        assert digest(history.state_at(k)) == digest(state_after(match, k)), k
    with pytest.raises(GameError, match="no step"):
        history.state_at(history.last + 1)
    with pytest.raises(GameError, match="no step"):
        history.state_at(-1)


def test_history_offers_views_by_who_plays_and_whether_the_game_is_over():
    done = finished("forest")
    assert History(done).viewpoints() == [EVERYTHING, 0, 1, 2, None]
    assert History(done).default_viewpoint() == 0  # the lone human
    in_progress = Match.replay(done.game, done.seats, done.options, done.seed, done.log[:20])
    assert History(in_progress).viewpoints() == [0, None]  # one human: their view, the public one
    hotseat = play("forest", 3, humans=2, until=20)
    assert History(hotseat).viewpoints() == [None]  # nobody sees another's hand
    bots = Match.replay(done.game, [Seat(s.name, "bot", "easy") for s in done.seats], done.options, done.seed,
                        done.log[:20])
    assert EVERYTHING not in History(bots).viewpoints()
    shogun = finished("spheres-shogun")
    assert History(shogun).viewpoints() == [0, 1]  # nothing hidden: every seat, no "everything"


# --- stepping -------------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", list(GAMES))
def test_step_to_the_end_and_back_with_buttons_and_keys(screen, qtbot, game_id):
    match = finished(game_id)
    screen.show_match(match)
    seat = 0
    table = the_table(screen)
    assert screen.step == len(match.log)  # a finished game opens at its end
    assert table.view == match.state.view(seat)
    assert not screen.forward_button.isEnabled() and not screen.last_button.isEnabled()

    qtbot.mouseClick(screen.first_button, Qt.MouseButton.LeftButton)
    assert screen.step == 0 and table.view == match.initial_state().view(seat)
    assert not screen.back_button.isEnabled() and not screen.first_button.isEnabled()
    stops = screen.stops()  # (a move at a time: a run of passes is one stop)
    qtbot.mouseClick(screen.forward_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(screen.forward_button, Qt.MouseButton.LeftButton)
    assert screen.step == stops[2] and table.view == state_after(match, stops[2]).view(seat)
    qtbot.mouseClick(screen.back_button, Qt.MouseButton.LeftButton)
    assert screen.step == stops[1] and table.view == state_after(match, stops[1]).view(seat)
    qtbot.mouseClick(screen.last_button, Qt.MouseButton.LeftButton)
    assert screen.step == len(match.log) and table.view == match.state.view(seat)

    qtbot.keyClick(screen, Qt.Key.Key_Home)
    assert screen.step == 0 and table.view == match.initial_state().view(seat)
    qtbot.keyClick(screen, Qt.Key.Key_Right)
    qtbot.keyClick(screen, Qt.Key.Key_Right)
    qtbot.keyClick(screen, Qt.Key.Key_Right)
    assert screen.step == stops[3] and table.view == state_after(match, stops[3]).view(seat)
    qtbot.keyClick(screen, Qt.Key.Key_Left)
    assert screen.step == stops[2] and table.view == state_after(match, stops[2]).view(seat)
    qtbot.keyClick(screen, Qt.Key.Key_End)
    assert screen.step == len(match.log) and table.view == match.state.view(seat)
    qtbot.keyClick(screen, Qt.Key.Key_Right)  # (nothing after the end)
    assert screen.step == len(match.log)
    assert "The end" in screen.banner.text()
    qtbot.keyClick(screen, Qt.Key.Key_Left)
    assert screen.step == stops[-2] and table.view == state_after(match, screen.step).view(seat)
    assert "The end" not in screen.banner.text()


def test_the_slider_and_the_log_follow_the_step_and_move_it(screen, qtbot):
    match = finished("forest")
    screen.show_match(match)
    table = the_table(screen)
    for k in (7, 30, 0, len(match.log)):
        screen.slider.setValue(k)
        assert screen.step == k and table.view == state_after(match, k).view(0)
        assert screen.log.currentRow() == k
        assert screen.step_label.text() == f"{k} / {len(match.log)}"
    qtbot.keyClick(screen, Qt.Key.Key_Home)
    qtbot.keyClick(screen, Qt.Key.Key_Right)
    qtbot.keyClick(screen, Qt.Key.Key_Right)
    assert screen.slider.value() == 2 and screen.log.currentRow() == 2
    assert screen.log.currentItem().text() == f"2. {match.sentences[1]}"
    assert match.sentences[1] in screen.banner.text()
    # a click on a line of the log goes to its step
    item = screen.log.item(12)
    screen.log.scrollToItem(item)
    qtbot.mouseClick(screen.log.viewport(), Qt.MouseButton.LeftButton, pos=screen.log.visualItemRect(item).center())
    assert screen.step == 12 and screen.slider.value() == 12
    assert table.view == state_after(match, 12).view(0)


def test_play_steps_at_the_chosen_speed_and_stops_at_the_end(screen, qtbot):
    match = finished("spheres-shogun")
    screen.show_match(match)
    screen.first()
    screen.set_speed(8)
    assert screen.speed() == 8
    start = time.monotonic()
    qtbot.mouseClick(screen.play_button, Qt.MouseButton.LeftButton)
    assert screen.playing() and "Pause" in screen.play_button.text()
    qtbot.waitUntil(lambda: screen.step >= 4, timeout=2500)  # (at one step a second it would take 4 s)
    assert time.monotonic() - start >= 3 * 0.125 * 0.8  # at 8 steps a second, not at once
    assert screen.timer.interval() == 125
    qtbot.keyClick(screen, Qt.Key.Key_Space)  # pause
    assert not screen.playing() and "Play" in screen.play_button.text()
    paused_at = screen.step
    qtbot.wait(300)
    assert screen.step == paused_at
    assert the_table(screen).view == state_after(match, paused_at).view(0)

    screen.set_speed(0.5)  # two seconds a step
    qtbot.keyClick(screen, Qt.Key.Key_Space)
    assert screen.timer.interval() == 2000
    qtbot.wait(1200)  # (at one step a second it would have moved)
    assert screen.step == paused_at and screen.playing()
    screen.pause()

    screen.set_speed(8)
    screen.go_to(len(match.log) - 3)
    screen.play()
    qtbot.waitUntil(lambda: not screen.playing(), timeout=5000)
    assert screen.step == len(match.log)
    # Play at the end plays it again from the start
    screen.play()
    assert screen.playing() and screen.step <= 1
    qtbot.mouseClick(screen.forward_button, Qt.MouseButton.LeftButton)  # a step by hand pauses
    assert not screen.playing()


# --- whose view -----------------------------------------------------------------------------
@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_seat_switch_redraws_the_table_from_that_seats_view(screen, game_id):
    match = finished(game_id)
    screen.show_match(match)
    history = History(match)
    k = next(k for k in range(len(match.log) // 3, len(match.log))
             if card_ids(draw(match, history, k, 1)) & history.state_at(k).hidden_from(0))
    screen.go_to(k)
    table = the_table(screen)
    hidden_from_ada = state_after(match, k).hidden_from(0)
    assert table.view == state_after(match, k).view(0)
    assert not card_ids(table) & hidden_from_ada
    choose_viewpoint(screen, 1)
    assert screen.viewpoint == 1
    table = the_table(screen)
    assert table.view == state_after(match, k).view(1)
    assert card_ids(table) & hidden_from_ada  # Ben's own cards, face up
    choose_viewpoint(screen, None)
    assert the_table(screen).view == state_after(match, k).view(None)
    assert not card_ids(the_table(screen)) & state_after(match, k).hidden_from(None)


def draw(match, history, k, seat):
    from tabletop.client.table_screen import make_table

    table = make_table(match.game, match.names, animations=False)
    table.show_view(history.view_at(k, seat), [])
    return table


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_a_finished_games_replay_shows_others_hidden_cards_only_with_everything_shown(screen, game_id):
    match = finished(game_id)
    screen.show_match(match)
    assert screen.viewpoints()[0] == EVERYTHING
    assert "Everything shown" in screen.seat_combo.itemText(0)
    assert screen.viewpoint == 0  # the lone human's own view first
    history = History(match)
    steps = [k for k in range(0, len(match.log), max(1, len(match.log) // 12))]
    shown = 0
    for k in steps:
        screen.go_to(k)
        hidden = history.state_at(k).hidden_from(0)
        assert not card_ids(the_table(screen)) & hidden, f"step {k}: Ada's view draws a card hidden from her"
    choose_viewpoint(screen, EVERYTHING)
    assert [seat for seat, _, _ in screen.tables] == list(range(len(match.seats)))
    for k in steps:
        screen.go_to(k)
        hidden = history.state_at(k).hidden_from(0)
        for seat, table, _ in screen.tables:
            assert table.view == state_after(match, k).view(seat)  # every seat's own view, nothing made up
        drawn = set().union(*(card_ids(t) for _, t, _ in screen.tables))
        shown += bool(drawn & hidden)
    assert shown, "everything shown never drew a card hidden from Ada"


@pytest.mark.parametrize("game_id", CARD_GAMES)
def test_an_unfinished_games_replay_never_shows_everything(screen, game_id):
    done = finished(game_id)
    match = Match.replay(done.game, done.seats, done.options, done.seed, done.log[: len(done.log) // 2])
    screen.show_match(match)
    assert screen.viewpoints() == [0, None]
    assert not any("Everything" in screen.seat_combo.itemText(i) for i in range(screen.seat_combo.count()))
    assert screen.step == 0  # (a game in progress opens at its start)
    with pytest.raises(GameError):
        screen.set_viewpoint(EVERYTHING)
    with pytest.raises(GameError):
        screen.set_viewpoint(1)
    for k in range(0, len(match.log) + 1, max(1, len(match.log) // 10)):
        screen.go_to(k)
        assert not card_ids(the_table(screen)) & History(match).state_at(k).hidden_from(0)
    # the same game, once over, offers it
    screen.show_match(done)
    assert EVERYTHING in screen.viewpoints()


def test_a_replay_of_another_game_draws_with_that_games_table(screen):
    screen.show_match(finished("forest"))
    forest_table = the_table(screen)
    screen.show_match(finished("spheres-shogun"))
    table = the_table(screen)
    assert table is not forest_table and type(table).__module__ == "tabletop.games.shogun.table"
    assert table.view == finished("spheres-shogun").state.view(0)
    screen.show_match(finished("three-spheres"))
    assert type(the_table(screen)).__module__ == "tabletop.games.three_spheres.table"


def test_a_hotseat_game_in_progress_shows_only_the_public_table(screen):
    match = load_match(Path(__file__).parent / "data" / "spheres-of-life-4p-in-play.json")
    screen.show_match(match)
    assert screen.viewpoints() == [None]
    assert not screen.seat_combo.isEnabled()
    screen.go_to(len(match.log))
    assert the_table(screen).view == match.state.view(None)
    assert not card_ids(the_table(screen)) & match.state.hidden_from(None)


# --- the match, the file, closing -------------------------------------------------------------
def test_the_match_is_unchanged_by_a_replay(screen, qtbot):
    match = finished("spheres-of-life")
    match.redo_stack = [match.log[-1]]
    before = (digest(match.state), list(match.log), list(match.sentences), list(match.redo_stack),
              json.dumps(match.state.to_json()), copy.deepcopy(match.seats))
    state = match.state
    screen.show_match(match)
    qtbot.keyClick(screen, Qt.Key.Key_Home)
    for _ in range(5):
        qtbot.keyClick(screen, Qt.Key.Key_Right)
    choose_viewpoint(screen, EVERYTHING)
    screen.slider.setValue(100)
    choose_viewpoint(screen, 2)
    qtbot.keyClick(screen, Qt.Key.Key_End)
    assert match.state is state
    assert (digest(match.state), list(match.log), list(match.sentences), list(match.redo_stack),
            json.dumps(match.state.to_json()), match.seats) == before
    # and a match that goes on does not change the replay
    match.log.append(match.log[-1])
    assert screen.history.last == len(before[1])


def test_open_file_replays_a_save_and_a_broken_one_is_an_error(screen, qtbot, tmp_path):
    match = finished("three-spheres")
    save_match(match, tmp_path / "game.json")
    errors = []
    screen.error.connect(errors.append)
    assert screen.open_file(tmp_path / "game.json")
    assert screen.history.last == len(match.log) and not errors
    # from the start, as Game > Watch a replay… says (issue 29, 11: it opened at the last step)
    assert screen.step == 0 and the_table(screen).view == screen.history.state_at(0).view(0)
    screen.go_to(screen.history.last)
    assert the_table(screen).view == match.state.view(0)
    (tmp_path / "bad.json").write_text('{"format": "tabletop-save", "format_version": 1, "game": "forest"')
    assert not screen.open_file(tmp_path / "bad.json")
    assert len(errors) == 1 and "bad.json" in errors[0] and "\n" not in errors[0]
    assert screen.history.last == len(match.log)  # the replay on show stays


def test_close_button_and_escape_emit_closed_and_stop_playing(screen, qtbot):
    screen.show_match(finished("forest"))
    screen.first()
    screen.play()
    with qtbot.waitSignal(screen.closed, timeout=1000):
        qtbot.mouseClick(screen.close_button, Qt.MouseButton.LeftButton)
    assert not screen.playing()
    with qtbot.waitSignal(screen.closed, timeout=1000):
        qtbot.keyClick(screen, Qt.Key.Key_Escape)


def test_the_form_holds_the_controls():
    from tabletop.engine.paths import ui_dir

    text = (ui_dir() / "replay.ui").read_text(encoding="utf-8")
    for name in ("firstButton", "backButton", "playButton", "forwardButton", "lastButton", "stepSlider",
                 "speedCombo", "seatCombo", "log", "closeButton", "tableHolder"):
        assert f'name="{name}"' in text, name


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_replay_calls_the_seat_it_is_drawn_for_by_name_and_asks_nothing(screen, game_id):
    """A replay watches a seat: the table never calls it "you" nor tells it what to do."""
    match = play(game_id, GAMES[game_id], seed=6)  # (its own: another test lengthens the shared match's log)
    screen.show_match(match)
    choose_viewpoint(screen, 0)
    said = set()
    for k in range(0, len(match.log) + 1, max(1, len(match.log) // 12)):
        screen.go_to(k)
        table = the_table(screen)
        assert table.watching and table.seat == 0 and not table.addressed(0)
        said |= set(table.all_items_text())
    words = " ".join(said)
    for phrase in ("(you)", "Your ", "You know", "drag a card", "click a card", "▶ Turn: you"):
        assert phrase not in words, phrase
    assert "Ada" in words  # (the seat is named)
    # the same table at play speaks to its player
    from tabletop.client.table_screen import make_table

    live = make_table(match.game, match.names, animations=False)
    live.show_view(History(match).view_at(len(match.log) // 2, 0), [])
    assert live.addressed(0) and not live.addressed(1)
    assert any("(you)" in t or "Your " in t for t in live.all_items_text())


def test_a_reviews_costliest_decisions_on_the_slider_and_at_each_the_better_move_with_its_reasons(screen, qtbot):
    """A review shown in the replay: the costliest three flagged on the slider at the step each
    was to be made; stepping there marks the better move on the reviewed seat's table and says
    what the move played cost, the better one, the search's figures and its points now; one step
    on, what the move cost; elsewhere, nothing."""
    from tabletop.engine.bots.advice import at_once, points_words
    from tabletop.engine.review import loss_words, review

    m = finished("forest")
    decisions = review(m, 0, seconds=0.01, iterations=30)
    apart = []  # (decisions that differ from the best found, no two on neighbouring steps)
    for d in decisions:
        if d.best != d.played and d.step > 0 and all(abs(d.step - e.step) > 2 for e in apart):
            apart.append(d)
    assert len(apart) >= 3
    worst = [d._replace(loss=loss) for d, loss in zip(apart, (0.3, 0.2, 0.1))]
    kept = {d.step: d for d in worst}
    decisions = [kept.get(d.step, d._replace(loss=0.0)) for d in decisions]
    screen.show_match(m, 0)
    screen.mark_review(decisions, 0)
    assert screen.slider_marks.values == [d.step for d in worst] and screen.slider_marks.isVisible()
    xs = [screen.slider_marks.x_of(d.step) for d in worst]
    assert all(0 < x < screen.slider.width() for x in xs)
    assert sorted(xs) == [x for _, x in sorted(zip([d.step for d in worst], xs))]  # (in the order of the steps)
    first = worst[0]
    screen.go_to(first.step)
    note = screen.review_note.text()
    assert screen.review_note.isVisible() and note.startswith(f"★1 Next: {first.played_sentence.rstrip('.')}")
    assert loss_words(first) in note and first.best_sentence.rstrip(".") in note
    _, points, parts = at_once(m.game, screen.history.view_at(first.step, 0), first.best, m.names)
    assert points_words(points, parts) in note and "playout" in note
    table = the_table(screen)
    marks, _ = table.hint_for(first.best)
    assert sorted(table.hinted_names) == sorted(table.address_of(x) for x in marks if x is not None)
    screen.go_to(first.step + 1)
    assert screen.review_note.text() == f"★1 This move {loss_words(first)}; one step back, the better move is marked on the table."
    screen.go_to(next(k for k in range(screen.history.last) if k not in kept and k - 1 not in kept))
    assert not screen.review_note.isVisible()
