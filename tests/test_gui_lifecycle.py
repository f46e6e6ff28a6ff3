"""The table's lifecycle in the main window: a started and abandoned game leaves nothing behind.

Each game is started from the start screen, bots play a few moves with the animations on, and
Game -> New abandons it.  After a first few games (fonts, caches of the rules' actions and the
warm-up are made once), the live graphics items, the tables, their sprites and the Python
objects of the app do not grow with the number of games played.
"""

from __future__ import annotations

import gc
import weakref
from collections import Counter

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from tabletop.client.table_base import TableScene
from tabletop.engine.actions import Action
from tabletop.engine.registry import all_games

GAMES = [g for g in all_games() if g.table_class]
WARM = 3  # games played before measuring
GAMES_PER_KIND = 20  # measured games of each kind


def census(made: list) -> Counter:
    """What is alive now: graphics items, scenes, the tables of ``made`` (weak references to the
    tables this test made) with their sprites, pixmaps, and all objects."""
    gc.collect()
    objects = gc.get_objects()
    tables = [t for t in (ref() for ref in made) if t is not None]
    return Counter(
        items=sum(isinstance(o, QGraphicsItem) for o in objects),
        scenes=sum(isinstance(o, QGraphicsScene) for o in objects),
        tables=len(tables),
        sprites=sum(len(t.sprites.entries) for t in tables),
        pixmaps=sum(isinstance(o, QPixmap) for o in objects),
        images=sum(isinstance(o, QImage) for o in objects),
        # every object but the actions the rules intern and the card art parsed once per file
        # (caches bounded by the game's set of possible actions and its art files, filled as
        # play reaches them), weak references (this test keeps one per table) and tuples (the
        # collector stops tracking some of them when it likes: thousands come and go)
        objects=sum(not isinstance(o, (Action, QSvgRenderer, weakref.ref, tuple)) for o in objects),
    )


def settle(gui, qtbot) -> None:
    """The abandoned games' last bot jobs answered (a job waiting on the bot process keeps its
    question, a position's worth of objects) and the deleted tables' deferred deletions run."""
    runner = gui.window.controller.runner
    qtbot.waitUntil(lambda: not runner.busy(), timeout=10_000)
    qtbot.wait(50)


def play_and_abandon(gui, qtbot, game, seed: int, made: list) -> None:
    ss = gui.window.start_screen
    gui.window.go_to_start()
    ss.game_box.setCurrentIndex([g.id for g in ss.games].index(game.id))
    players = 2 if game.min_players <= 2 else game.min_players
    ss.players.setValue(players)
    for i in range(players):
        ss.seat_rows[i].kind.setCurrentIndex(1 + 0)  # the first bot level: random
    ss.seed.setText(str(seed))
    qtbot.mouseClick(ss.start_button, Qt.MouseButton.LeftButton)
    match = gui.match
    assert match is not None and match.game.id == game.id
    assert isinstance(gui.table, TableScene) and gui.view.scene() is gui.table
    made.append(weakref.ref(gui.table))
    qtbot.waitUntil(lambda: len(match.log) >= 6 or match.is_over(), timeout=10_000)
    gui.window.new_action.trigger()  # Game -> New: back to the gallery
    assert gui.window.current_screen() is gui.window.gallery
    assert gui.window._table_screen.table is None and gui.view.scene() is None


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_abandoned_games_leave_no_tables_items_or_objects_behind(gui, qtbot, game):
    from tabletop.client.start_screen import KINDS

    assert KINDS[1][1:] == ("bot", "random")
    made: list = []
    gui.window.settings.animations = True  # the flights and pulses are part of the lifecycle
    for seed in range(WARM):
        play_and_abandon(gui, qtbot, game, 100 + seed, made)
    # the end screen's chart is made once, for the first game that ends (a random bot's game may)
    gui.window.end_screen.prepare_chart()
    settle(gui, qtbot)
    before = census(made)
    for seed in range(GAMES_PER_KIND):
        play_and_abandon(gui, qtbot, game, 200 + seed, made)
    settle(gui, qtbot)
    after = census(made)
    # with no game on, none of the tables made is alive, nor any of its items or sprites
    assert len(made) == WARM + GAMES_PER_KIND
    assert after["tables"] == 0 and after["sprites"] == 0
    assert after["items"] <= before["items"]
    assert after["pixmaps"] <= before["pixmaps"]
    assert after["images"] <= before["images"]  # (the pictures and shadows painted go with their table)
    assert after["scenes"] <= before["scenes"]
    # a leaked table costs hundreds of objects; a few dozen in all may come and go (Qt's own
    # wrappers, the status bar's messages)
    assert after["objects"] - before["objects"] < 2 * GAMES_PER_KIND, (before, after)
