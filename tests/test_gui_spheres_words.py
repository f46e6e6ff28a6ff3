"""Spheres of Life with every part of Gods & Myths at 1366 x 768 says its words whole (issue 29):
the side panel's score columns can be told apart at any number of players (6), no name is cut
on the table -- heroes, Field cards, the phase board, the Dawn -- at a Day, a Night and a Dawn
(8), and every open card of a Night shows its name (10)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QStyle
from test_gui_readable import EXPANSION, assert_readable

from tabletop.engine.game import CHANCE
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game
from tabletop.games.spheres_of_life.cards import card
from tabletop.games.spheres_of_life.steps import Step

GAME = get_game("spheres-of-life")
# long names, two of them alike at the start (their columns' heads must still differ)
NAMES = ["Ada", "Benedict", "Cleopatra", "Clementine", "Evelyn", "Finnegan", "Gus"]
PLAYERS = range(GAME.min_players, GAME.max_players + 1)


def night_cards(n: int) -> int:
    return 12 if n == 2 else 2 * n  # (the rules: the Night lays out twice as many cards as players)


POSITIONS = {  # a moment of the game, the seated player (seat 0) to decide
    "day": lambda s: s.phase == "day" and len(s.table) >= 3,
    "night": lambda s: s.step == Step.NIGHT_DISCARD and len(s.table) == night_cards(s.num_players),
    "dawn card set aside": lambda s: bool(s.dawn.aside) and s.phase != "dawn",
    "dawn sacrifices": lambda s: s.step == Step.SACRIFICE,
    "dawn heroes": lambda s: s.step == Step.DAWN_HERO,
}


def reach(players: int, moment: str) -> Match:
    """A match with every part of the expansion, the human in seat 0 and random bots, played by
    random moves until ``moment`` comes with the human to decide (the first seed that gets there)."""
    wanted = POSITIONS[moment]
    for seed in range(1, 80):
        seats = [Seat(NAMES[0])] + [Seat(name, "bot", "random") for name in NAMES[1:players]]
        m = Match(GAME, seats, EXPANSION, seed=seed)
        rng = random.Random(seed)
        while not m.is_over() and len(m.log) < 3000:
            d = m.decider()
            if d == CHANCE:
                m.resolve_chance()
                continue
            if d == 0 and wanted(m.state):
                return m
            m.submit(rng.choice(m.legal_actions()))
    raise AssertionError(f"no {moment} with {players} players in 80 games")


def show(gui, qtbot, m: Match) -> None:
    gui.window.start_match(m)
    qtbot.waitUntil(lambda: gui.table.view is not None and gui.table.view["phase"] == m.state.phase, timeout=5000)
    gui.window.grab()  # (paints every item: they list what they drew)


@pytest.mark.parametrize("players", PLAYERS)
def test_every_open_card_of_a_night_shows_its_name_whole(gui, qtbot, players):
    m = reach(players, "night")
    show(gui, qtbot, m)
    items = list(gui.table.layout.table_cards.values())
    assert {it.card_id for it in items} == set(m.state.table)
    for item in items:
        name = card(item.card_id).name
        assert name in item.texts(), f"{players} players: the open card {name} shows no name ({item.rect()}, tile: {item.tile})"
        assert not item.cuts(), f"{players} players: {name} drawn cut short: {item.cuts()}"
    assert_readable(gui.window, f"a Night of {players} players")


@pytest.mark.parametrize("players", sorted({GAME.min_players, 4, 5, GAME.max_players}))
@pytest.mark.parametrize("moment", list(POSITIONS))
def test_no_name_is_cut_at_a_day_a_night_and_a_dawn(gui, qtbot, players, moment):
    """Hero and Field chips, the phase board's lines, the Dawn's gauge and rows, the lists of
    known cards: a name shows whole, wherever it is (the readable-text measure, at 1366 x 768)."""
    m = reach(players, moment)
    show(gui, qtbot, m)
    assert_readable(gui.window, f"{moment}, {players} players")


def label_room(header, section: int, length: int) -> int:
    """The width Qt's style gives a head's text in a section ``length`` long (the theme's padding
    and borders taken off): a text wider than this is drawn cut, with "…"."""
    from PySide6.QtCore import QRect
    from PySide6.QtWidgets import QStyleOptionHeader

    option = QStyleOptionHeader()
    option.initFrom(header)
    option.section = section
    option.rect = QRect(0, 0, length, 24)
    # (drawn, a text exactly as wide as that rect is cut too: 2 px to spare)
    return header.style().subElementRect(QStyle.SubElement.SE_HeaderLabel, option, header).width() - 2


def score_heads(table) -> list[tuple[str, float, str]]:
    """(the text, the room it has, the tooltip) of each player's head in the score table: the
    columns' heads, or -- a row per player -- the rows' labels."""
    header = table.horizontalHeader()
    if table.columnCount() > 1:
        return [(table.horizontalHeaderItem(c).text(), label_room(header, c, header.sectionSize(c)),
                 table.horizontalHeaderItem(c).toolTip()) for c in range(table.columnCount())]
    rows = table.verticalHeader()
    return [(table.verticalHeaderItem(r).text(), label_room(rows, r, rows.width()), table.verticalHeaderItem(r).toolTip())
            for r in range(table.rowCount())]


@pytest.mark.parametrize("players", PLAYERS)
def test_the_score_panel_tells_every_player_apart(gui, qtbot, players):
    """Each player's head in the side panel's score table shows their whole name, or as much
    of its start as fits and at least what tells them from the others (Cleopatra and Clementine:
    "Cleo", "Clem"), never cut by "…"; the whole name is its tooltip."""
    m = reach(players, "day")
    show(gui, qtbot, m)
    qtbot.waitUntil(lambda: gui.screen.scores.rowCount() > 0, timeout=5000)
    table = gui.screen.scores
    fm = table.horizontalHeader().fontMetrics()
    heads = score_heads(table)
    assert len(heads) == players
    shown = []
    for name, (text, room, tip) in zip(NAMES, heads):
        short = text.removeprefix("★ ")
        assert fm.horizontalAdvance(text) <= room, f"{players} players: {text!r} does not fit {room} px: Qt cuts it"
        assert short and name.startswith(short) and "…" not in text, (players, name, text)
        assert name in tip
        shown.append(short)
    assert len(set(shown)) == players, f"{players} players: heads alike: {shown}"
