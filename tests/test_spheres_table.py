"""The Spheres of Life table on its own: drawing views, clicks, drag to rearrange, the discard
pile, and nothing private behind the curtain."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import random  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtGui import QFontDatabase  # noqa: E402
from PySide6.QtWidgets import QApplication, QGraphicsView  # noqa: E402

from tabletop.engine.actions import Action  # noqa: E402
from tabletop.engine.paths import assets_dir  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.spheres_of_life.cards import card  # noqa: E402
from tabletop.games.spheres_of_life.table import SpheresTable  # noqa: E402

G = get_game("spheres-of-life")
NAMES = ["Ada", "Ben", "Cleo", "Dara", "Emil", "Fay", "Gus"]


@pytest.fixture(scope="module", autouse=True)
def fonts():
    app = QApplication.instance() or QApplication([])
    for name in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        QFontDatabase.addApplicationFont(str(assets_dir() / "fonts" / name))
    return app


class Table:
    def __init__(self, qtbot, state, seat):
        self.table = SpheresTable(G, NAMES[: state.num_players])
        self.view = QGraphicsView(self.table)
        self.view.resize(1036, 708)
        qtbot.addWidget(self.view)
        self.view.show()
        self.view.fitInView(self.table.sceneRect(), Qt.KeepAspectRatio)
        self.emitted = []
        self.table.action_chosen.connect(self.emitted.append)
        self.qtbot = qtbot
        legal = state.legal_actions() if state.decider() == seat else []
        self.table.show_view(state.view(seat), legal)

    def point(self, item):
        return self.view.mapFromScene(item.card_scene_rect().center())

    def click(self, item):
        self.qtbot.mouseClick(self.view.viewport(), Qt.LeftButton, pos=self.point(item))


def dream(**kw):
    doc = {"players": 3, "phase": "dream", "leader": 0, "hands": [[], [], []], "deck": ["swan1", "swan2"]}
    doc.update(kw)
    return G.from_position(doc)


def quiet(state):
    while state.step == "prio":
        state.apply(Action.make("pass"))


@pytest.mark.parametrize("players", [2, 4, 7])
def test_views_draw_without_showing_other_hands(qtbot, players):
    state = G.new_game(players, {}, players)
    rng = random.Random(players)
    for step in range(160):
        if state.decider() is None:
            break
        if step % 20 == 0:
            seat = state.decider()
            t = Table(qtbot, state, seat)
            texts = " ".join(t.table.all_items_text())
            view = state.view(seat)
            visible = set(view["hands"][seat]["cards"]) | set(view["discard"]) | set(view["table"])
            visible |= {x for h in view["hands"] for x in h["known"] + (h["cards"] or [])}
            visible |= {x for b in view["bank_cards"] for x in b} | set(view["hero_pool"])
            visible |= {i["card"] for i in view["chain"] if "card" in i}
            names = {card(x).name for x in visible}
            hidden = {x for p, h in enumerate(state.hands) if p != seat for x in h} | set(state.deck)
            for x in hidden:
                if card(x).name not in names:
                    assert card(x).name not in texts
        state.apply(rng.choice(state.legal_actions()))


def test_show_nothing_leaves_no_card_on_the_table(qtbot):
    state = dream(hands=[["owl1", "apple1"], ["rabbit1"], ["snake1"]])
    t = Table(qtbot, state, 0)
    assert "Noble Owl" in " ".join(t.table.all_items_text())
    t.table.show_nothing()
    assert t.table.all_items_text() == [] and t.table.items() == []


def test_a_hand_card_then_a_button_gives_it_and_a_panel_click_steals(qtbot):
    state = dream(hands=[["owl1", "snake1"], ["rabbit1"], ["deer1"]])
    quiet(state)
    t = Table(qtbot, state, 0)
    t.click(t.table.hand_card_item("snake1"))
    t.click(t.table.button_for(Action.make("gift", card="snake1", to=2)))
    assert t.emitted == [Action.make("gift", card="snake1", to=2)]
    t2 = Table(qtbot, state, 0)
    t2.click(t2.table.opponent_item(1))
    assert t2.emitted == [Action.make("steal", target=1)]


def test_exchange_through_the_menu_of_kinds(qtbot):
    state = dream(hands=[["owl1", "snake1"], ["rabbit1"], ["deer1"]])
    quiet(state)
    t = Table(qtbot, state, 0)
    t.click(t.table.hand_card_item("snake1"))
    menu = next(b for b in t.table._buttons if b.kind == "menu:exchange")
    t.click(menu)
    wanted = Action.make("exchange", card="snake1", want="rabbit")
    assert t.table.button_for(wanted) is not None and len(t.table.choice_items()) >= 20
    t.click(t.table.button_for(wanted))
    assert t.emitted == [wanted]


def test_pointing_at_a_back_steals_that_position(qtbot):
    state = dream(hands=[["owl1"], ["rabbit1", "deer1", "bison1"], ["snake1"]])
    quiet(state)
    state.apply(Action.make("steal", target=1))
    while state.step == "block":
        state.apply(Action.make("pass"))
    assert state.step == "steal_pos"
    t = Table(qtbot, state, 0)
    t.click(t.table.back_item(1, 2))
    assert t.emitted == [Action.make("position", index=2)]


def test_day_cards_are_taken_by_clicking_them(qtbot):
    state = G.from_position({"players": 2, "phase": "day", "hands": [[], []], "table": ["rabbit1", "snake1"],
                             "deck": ["owl1", "owl2", "owl3", "swan1", "swan2", "swan3"]})
    t = Table(qtbot, state, 0)
    t.click(t.table.table_card_item("rabbit1"))
    assert t.emitted == [Action.make("pick", card="rabbit1")]


def test_dragging_a_hand_card_rearranges_the_hand(qtbot):
    state = dream(hands=[["owl1", "snake1", "rabbit1"], ["deer1"], []])
    t = Table(qtbot, state, 0)
    start = t.point(t.table.hand_item(0))
    end = t.point(t.table.hand_item(2)) + QPoint(30, 0)
    vp = t.view.viewport()
    qtbot.mousePress(vp, Qt.LeftButton, pos=start)
    for k in range(1, 6):
        qtbot.mouseMove(vp, start + (end - start) * k / 5)
    qtbot.mouseRelease(vp, Qt.LeftButton, pos=end)
    assert t.emitted == [Action.make("arrange", order="1,2,0")]
    state.apply(t.emitted[0])
    assert state.hands[0] == ["snake1", "rabbit1", "owl1"]


def test_the_discard_pile_opens_and_lists_every_card(qtbot):
    state = dream(hands=[["owl1"], ["deer1"], []], discard=["snake1", "apple3", "rabbit2"])
    t = Table(qtbot, state, 0)
    t.click(t.table.discard_item())
    texts = t.table.all_items_text()
    assert all(name in texts for name in ("Corrupted Snake", "Apple of Life", "Noble Rabbit"))
    close = next(b for b in t.table._buttons if b.text == "Close")
    t.click(close)
    assert "Corrupted Snake" not in t.table.all_items_text()


def test_keyboard_tab_reaches_every_choice_and_enter_plays_it(qtbot):
    state = dream(hands=[["owl1", "fire1"], ["rabbit1"], []])
    t = Table(qtbot, state, 0)
    items = t.table.focusable_items()
    labels = [getattr(i, "text", "") for i in items]
    assert "Play Orb of Fire" in labels and "Pass" in labels
    t.view.setFocus()
    for _ in range(labels.index("Play Orb of Fire") + 1):
        qtbot.keyClick(t.view.viewport(), Qt.Key_Tab)
    qtbot.keyClick(t.view.viewport(), Qt.Key_Return)
    assert t.emitted == [Action.make("use", card="fire1")]


def test_a_card_taken_from_the_table_travels_to_the_hand(qtbot):
    state = G.from_position({"players": 2, "phase": "day", "hands": [["owl1"], []], "table": ["rabbit1", "snake1"],
                             "deck": ["owl2", "owl3", "swan1", "swan2", "swan3", "deer1"]})
    t = Table(qtbot, state, 0)
    t.table.set_animations(True)
    start = t.table.table_card_item("rabbit1").card_scene_rect().topLeft()
    action = Action.make("pick", card="rabbit1")
    state.apply(action)
    t.table.show_view(state.view(0), [], action)
    item = t.table.hand_card_item("rabbit1")
    assert t.table._anims and (item.pos() - start).manhattanLength() < 1  # it starts where it was
    qtbot.waitUntil(lambda: all(a.state() == a.State.Stopped for a in t.table._anims), timeout=2000)
    slot = item.pos()
    t.table.show_view(state.view(0), [], None)
    assert (t.table.hand_card_item("rabbit1").pos() - slot).manhattanLength() < 1  # and ends in the hand
