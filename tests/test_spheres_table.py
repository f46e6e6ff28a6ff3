"""The Spheres of Life table on its own: drawing views, clicks, drag to rearrange, the discard
pile, and nothing private behind the curtain."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import random  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtWidgets import QGraphicsView  # noqa: E402

from tabletop.engine.actions import Action  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.spheres_of_life.cards import all_cards, card, every_card, kind_names  # noqa: E402
from tabletop.games.spheres_of_life.table import SpheresCard, SpheresTable  # noqa: E402

G = get_game("spheres-of-life")
NAMES = ["Ada", "Ben", "Cleo", "Dara", "Emil", "Fay", "Gus"]


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


class Table:
    def __init__(self, qtbot, state, seat):
        self.table = SpheresTable(G, NAMES[: state.num_players])
        self.view = QGraphicsView(self.table)
        self.table.setParent(self.view)  # (the view owns the scene: see table_harness.py)
        self.view.resize(1366, 768)
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

    def drag(self, item, onto):
        """Press on ``item``, move past the middle of ``onto`` in a few steps, release."""
        start = self.point(item)
        end = self.point(onto) + QPoint(30, 0)
        vp = self.view.viewport()
        self.qtbot.mousePress(vp, Qt.LeftButton, pos=start)
        for k in range(1, 6):
            self.qtbot.mouseMove(vp, start + (end - start) * k / 5)
        self.qtbot.mouseRelease(vp, Qt.LeftButton, pos=end)

    def click(self, item):
        self.qtbot.mouseClick(self.view.viewport(), Qt.LeftButton, pos=self.point(item))


def dream(**kw):
    doc = {"players": 3, "phase": "dream", "leader": 0, "hands": [[], [], []], "deck": ["swan1", "swan2"]}
    doc.update(kw)
    return G.from_position(doc)


def quiet(state):
    while state.step == "prio":
        state.apply(Action.make("pass"))


def hidden_from(state, seat):
    """The cards ``seat`` may not see: the deck and the cards of other hands it does not know."""
    view = state.view(seat)
    hidden = set(state.deck)
    for p, hand in enumerate(state.hands):
        if p != seat:
            shown = set(view["hands"][p]["known"]) | set(view["hands"][p]["cards"] or [])
            hidden |= set(hand) - shown
    return hidden


@pytest.mark.parametrize("players", [2, 4, 7])
def test_views_draw_without_showing_other_hands(qtbot, players):
    state = G.new_game(players, {}, players)
    rng = random.Random(players)
    checked = 0
    for step in range(240):
        if state.decider() is None:
            break
        if step % 12 == 0:
            for seat in {state.decider(), (state.decider() + 1) % players}:
                t = Table(qtbot, state, seat)
                texts = " ".join(t.table.all_items_text())
                view = state.view(seat)
                visible = set(view["hands"][seat]["cards"]) | set(view["discard"]) | set(view["table"])
                visible |= {x for h in view["hands"] for x in h["known"] + (h["cards"] or [])}
                visible |= {x for b in view["bank_cards"] for x in b} | set(view["hero_pool"])
                visible |= {i["card"] for i in view["chain"] if "card" in i}
                visible |= {x for x in view["effect"].values() if isinstance(x, str) and x in all_cards()}
                names = {card(x).name for x in visible}
                if view["effect"].get("want"):  # the kind wanted in an exchange is public
                    names.add(kind_names()[view["effect"]["want"]])
                names |= {kind_names()[i["action"]["want"]] for i in view["chain"]  # and when declared
                          if i.get("action", {}).get("kind") == "exchange"}
                assert card(view["hands"][seat]["cards"][0]).name in texts if view["hands"][seat]["cards"] else True
                for x in hidden_from(state, seat):
                    assert f" {x} " not in f" {texts} "
                    if card(x).name not in names:
                        assert card(x).name not in texts, (x, state.step)
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked >= 10


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
    menu = next(b for b in t.table.layout.buttons if b.kind == "menu:exchange")
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
    t.drag(t.table.hand_item(0), t.table.hand_item(2))
    assert t.emitted == [Action.make("arrange", order="1,2,0", seat=0)]
    state.apply(t.emitted[0])
    assert state.hands[0] == ["snake1", "rabbit1", "owl1"]


def test_the_hand_can_be_rearranged_while_another_player_decides(qtbot):
    state = dream(hands=[["owl1", "snake1", "rabbit1"], ["deer1"], []])
    quiet = state.clone()
    while quiet.decider() == 0:
        quiet.apply(next(x for x in quiet.legal_actions() if x.kind in ("pass", "skip")))
    assert quiet.decider() != 0
    t = Table(qtbot, quiet, 0)
    assert t.table.legal == []
    t.drag(t.table.hand_item(0), t.table.hand_item(2))
    assert t.emitted == [Action.make("arrange", order="1,2,0", seat=0)]


def test_a_view_arriving_during_a_drag_waits_for_the_release(qtbot):
    state = dream(hands=[["owl1", "snake1", "rabbit1"], ["deer1"], []])
    t = Table(qtbot, state, 0)
    statuses = []
    t.table.status.connect(statuses.append)
    vp = t.view.viewport()

    def drag_with(view):
        start, end = t.point(t.table.hand_item(0)), t.point(t.table.hand_item(2)) + QPoint(30, 0)
        t.qtbot.mousePress(vp, Qt.LeftButton, pos=start)
        t.qtbot.mouseMove(vp, (start + end) / 2)
        t.table.show_view(view, [])  # e.g. a bot moved meanwhile
        t.qtbot.mouseMove(vp, end)
        t.qtbot.mouseRelease(vp, Qt.LeftButton, pos=end)

    same = state.view(0)
    drag_with(same)
    assert t.emitted == [Action.make("arrange", order="1,2,0", seat=0)]
    assert t.table.view is same  # the held view is drawn after the release
    # the hand changed meanwhile (a card was stolen): the drag is dropped and the player told
    other = state.clone()
    other.hands[0].remove("snake1")
    t.table.show_view(state.view(0), state.legal_actions())
    drag_with(other.view(0))
    assert len(t.emitted) == 1 and "changed" in statuses[-1]
    assert [h.card_id for h in t.table.layout.hand] == ["owl1", "rabbit1"]


def test_the_discard_pile_opens_and_lists_every_card(qtbot):
    state = dream(hands=[["owl1"], ["deer1"], []], discard=["snake1", "apple3", "rabbit2"])
    t = Table(qtbot, state, 0)
    t.click(t.table.discard_item())
    texts = t.table.all_items_text()
    assert all(name in texts for name in ("Corrupted Snake", "Apple of Life", "Noble Rabbit"))
    close = next(b for b in t.table.layout.buttons if b.text == "Close")
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


def test_a_digit_key_picks_that_card_of_the_hand(qtbot):
    state = dream(hands=[["owl1", "snake1"], ["rabbit1"], []])
    quiet(state)
    assert state.step == "action"
    t = Table(qtbot, state, 0)
    t.view.setFocus()
    qtbot.keyClick(t.view.viewport(), Qt.Key_2)
    assert t.table.choice.selected == "snake1"  # the second card; the buttons now say what to do with it
    qtbot.keyClick(t.view.viewport(), Qt.Key_Escape)
    assert t.table.choice.selected is None


def flying(t):
    """The stand-ins travelling now: (card id or None for a back, where it is)."""
    return [(it.card_id, it.card_scene_rect()) for it in t.table.items()
            if isinstance(it, SpheresCard) and it.zValue() == 100]


def landed(qtbot, t):
    qtbot.waitUntil(lambda: not t.table._anims, timeout=2000)
    assert flying(t) == []


def test_a_card_taken_from_the_table_travels_to_the_hand(qtbot):
    state = G.from_position({"players": 2, "phase": "day", "hands": [["owl1"], []], "table": ["rabbit1", "snake1"],
                             "deck": ["owl2", "owl3", "swan1", "swan2", "swan3", "deer1"]})
    t = Table(qtbot, state, 0)
    t.table.set_animations(True)
    start = t.table.table_card_item("rabbit1").card_scene_rect()
    action = Action.make("pick", card="rabbit1")
    state.apply(action)
    t.table.show_view(state.view(0), [], action)
    item = t.table.hand_card_item("rabbit1")
    # it starts where it was, and the card in the hand shows only when it lands
    assert ("rabbit1", start) in flying(t) and item.opacity() == 0
    landed(qtbot, t)
    assert item.opacity() == 1


def test_the_others_moves_travel_too_with_hidden_cards_as_backs(qtbot):
    state = G.from_position({"players": 3, "phase": "day", "leader": 1, "hands": [["owl1"], [], ["wolf1"]],
                             "table": ["rabbit1", "snake1", "bison1"], "deck": ["owl2", "owl3", "swan1", "deer1"]})
    t = Table(qtbot, state, 0)
    t.table.set_animations(True)
    while state.step != "pick":
        state.apply(Action.make("pass"))
    assert state.decider() == 1
    start = t.table.table_card_item("snake1").card_scene_rect()
    action = Action.make("pick", card="snake1")
    state.apply(action)
    t.table.show_view(state.view(0), [], action)
    # an open card picked by Ben travels face up from the table to Ben's hand
    (card_id, rect), = flying(t)
    assert card_id == "snake1" and rect == start
    landed(qtbot, t)
    # a gift between two others is a back going from one hand to the other
    dream = G.from_position({"players": 3, "phase": "dream", "leader": 1, "hands": [["owl1"], ["snake1", "bear1"], ["wolf1"]],
                             "deck": ["owl2", "owl3"]})
    t.table.show_view(dream.view(0), [])
    while dream.decider() != 1 or dream.step != "action":
        dream.apply(Action.make("pass"))
    from_ben = t.table.layout.spots[("hand", 1)]
    dream.apply(Action.make("gift", card="bear1", to=2))
    t.table.show_view(dream.view(0), [])
    while len(dream.hands[1]) == 2:  # the block window passes, then the card goes
        last = Action.make("pass")
        dream.apply(last)
    t.table.show_view(dream.view(0), [], last)
    flights = flying(t)
    assert flights == [(None, from_ben)] and "bear1" not in str(t.table.all_items_text())
    landed(qtbot, t)


# --- every kind of choice, by clicking what a player would click ----------------------------------
def button(t, action):
    b = t.table.button_for(action)
    assert b is not None, f"no button for {action}: {[x.text for x in t.table.layout.buttons]}"
    assert b in t.table.choice_items() and b.action == action
    return b


def test_hero_choice_at_set_up_by_clicking_a_hero_card(qtbot):
    state = G.new_game(3, {}, 11)
    assert state.step == "hero"
    t = Table(qtbot, state, state.decider())
    hero = state.legal_actions()[1]
    t.click(t.table.table_card_item(hero["card"]))
    assert t.emitted == [hero]
    # another seat sees the heroes but cannot choose
    t2 = Table(qtbot, state, (state.decider() + 1) % 3)
    msgs = []
    t2.table.status.connect(msgs.append)
    t2.click(t2.table.table_card_item(hero["card"]))
    assert t2.emitted == [] and msgs


def test_night_discard_then_done_then_take(qtbot):
    deck = [f"{k}{i}" for k in ("deer", "owl", "swan") for i in (1, 2, 3)]
    state = G.from_position({"players": 3, "phase": "night", "leader": 0, "begin": True, "deck": deck,
                             "hands": [["snake1", "bear1", "rabbit1"], ["wolf1"], []]})
    assert state.step == "night_discard"
    t = Table(qtbot, state, 0)
    t.click(t.table.hand_card_item("bear1"))
    assert t.emitted == [Action.make("discard", card="bear1")]
    state.apply(t.emitted[0])
    t = Table(qtbot, state, 0)
    t.click(button(t, Action.make("done")))
    assert t.emitted == [Action.make("done")]
    state.apply(t.emitted[0])
    assert state.step == "night_take"
    t = Table(qtbot, state, 0)
    pick = next(a for a in state.legal_actions() if a.kind == "pick")
    t.click(t.table.table_card_item(pick["card"]))
    assert t.emitted == [pick]


def test_a_copy_of_a_card_chooses_the_card_the_rules_name(qtbot):
    state = G.from_position({"players": 2, "phase": "day", "hands": [[], []], "table": ["rabbit2", "rabbit1", "snake1"],
                             "deck": ["owl1", "owl2", "owl3", "swan1", "swan2", "swan3"]})
    t = Table(qtbot, state, 0)
    t.click(t.table.table_card_item("rabbit2"))
    assert t.emitted == [Action.make("pick", card="rabbit1")] and t.emitted[0] in state.legal_actions()


def test_bonus_bank_or_bank_nothing(qtbot):
    state = dream(hands=[["rabbit1", "rabbit2", "rabbit3", "owl1"], ["owl2"], ["owl3"]])
    quiet(state)
    assert state.step == "bonus"
    t = Table(qtbot, state, 0)
    t.click(button(t, Action.make("bank", species="rabbit")))
    t.click(button(t, Action.make("skip")))
    assert t.emitted == [Action.make("bank", species="rabbit"), Action.make("skip")]


def test_block_window_block_or_let_it_pass(qtbot):
    state = dream(hands=[["owl1"], ["rabbit1", "apple1"], ["wolf1"]])
    quiet(state)
    state.apply(Action.make("steal", target=1))
    assert state.step == "block" and state.decider() == 1
    t = Table(qtbot, state, 1)
    assert "steal" in " ".join(t.table.all_items_text()).lower()  # what is being blocked is said
    t.click(button(t, Action.make("block", card="apple1")))
    t.click(button(t, Action.make("pass")))
    assert t.emitted == [Action.make("block", card="apple1"), Action.make("pass")]
    assert t.table.button_for(Action.make("pass")).text == "Let it pass"


def test_accept_or_decline_an_exchange(qtbot):
    state = dream(hands=[["snake1", "owl1"], ["rabbit1"], ["rabbit2", "deer1"]])
    quiet(state)
    state.apply(Action.make("exchange", card="snake1", want="rabbit"))
    while state.step in ("prio", "block"):
        state.apply(Action.make("pass"))
    assert state.step == "accept"
    t = Table(qtbot, state, 1)
    assert "offers" in " ".join(t.table.all_items_text())
    t.click(button(t, Action.make("accept", card="rabbit1")))
    t.click(button(t, Action.make("decline")))
    assert t.emitted == [Action.make("accept", card="rabbit1"), Action.make("decline")]


def test_the_proposer_chooses_a_partner_when_several_accept(qtbot):
    doc = {"players": 3, "phase": "dream", "leader": 0, "deck": ["swan1", "swan2"], "options": {"exchange": "choose"},
           "hands": [["snake1", "owl1"], ["rabbit1"], ["rabbit2", "deer1"]]}
    state = G.from_position(doc)
    quiet(state)
    state.apply(Action.make("exchange", card="snake1", want="rabbit"))
    while state.step in ("prio", "block"):
        state.apply(Action.make("pass"))
    state.apply(Action.make("accept", card="rabbit1"))
    state.apply(Action.make("accept", card="rabbit2"))
    assert state.step == "partner"
    t = Table(qtbot, state, 0)
    assert "Accepted by Ben, Cleo" in " ".join(t.table.all_items_text())
    t.click(button(t, Action.make("partner", seat=2)))
    assert t.emitted == [Action.make("partner", seat=2)]
    assert t.table.button_for(Action.make("partner", seat=1)).text == "Exchange with Ben"


def test_every_card_kind_and_the_back_have_an_illustration(qtbot):
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter

    from tabletop.games.spheres_of_life import art

    kinds = sorted({c.kind for c in every_card().values()} | {"back"})  # (the expansion's cards too)
    pictures = set()
    for kind in kinds:
        assert art.renderer(kind) is not None, f"no valid assets/spheres_of_life/art/{kind}.svg"
        img = QImage(80, 50, QImage.Format_ARGB32)
        img.fill(QColor(0, 0, 0, 0))
        p = QPainter(img)
        assert art.draw_art(p, kind, QRectF(0, 0, 80, 50))
        p.end()
        assert img.pixelColor(40, 25).alpha() > 0  # something is drawn in the middle
        pictures.add(bytes(img.constBits()))
    assert len(pictures) == len(kinds)  # every kind its own picture
    assert not art.draw_art(QPainter(), "no-such-kind", QRectF(0, 0, 10, 10))  # missing: the emblem instead
    readme = (art.art_path("back").parent / "README.md").read_text(encoding="utf-8").lower()
    assert "own" in readme


def test_an_ability_with_a_target_through_its_menu_and_a_panel_click(qtbot):
    state = dream(hands=[["raven1", "snake1"], ["owl1", "owl2", "owl3"], ["deer1", "deer2"]])
    assert state.step == "prio" and state.decider() == 0
    t = Table(qtbot, state, 0)
    menu = next(b for b in t.table.layout.buttons if b.kind == "menu:use:raven1")
    t.click(menu)
    assert t.table.opponent_item(2).highlighted
    t.click(t.table.opponent_item(2))
    assert t.emitted == [Action.make("use", card="raven1", target=2)]
    t = Table(qtbot, state, 0)
    t.click(next(b for b in t.table.layout.buttons if b.kind == "menu:use:raven1"))
    t.click(button(t, Action.make("use", card="raven1", target=1)))
    assert t.emitted == [Action.make("use", card="raven1", target=1)]


def test_windmaster_chooses_day_or_night(qtbot):
    state = dream(hands=[["owl1"], ["rabbit1"], []], heroes=[[], [], ["windmaster"]],
                  deck=["swan1", "swan2", "swan3", "deer1", "deer2", "deer3"])
    state.apply(Action.make("pass"))
    state.apply(Action.make("pass"))
    assert state.decider() == 2
    t = Table(qtbot, state, 2)
    t.click(next(b for b in t.table.layout.buttons if b.kind == "menu:use:windmaster"))
    night = Action.make("use", card="windmaster", phase="night")
    assert "Night" in button(t, night).text
    t.click(button(t, night))
    assert t.emitted == [night]


def test_nothing_is_clickable_for_a_seat_that_is_not_deciding(qtbot):
    state = dream(hands=[["owl1", "snake1"], ["rabbit1"], ["deer1"]])
    quiet(state)
    t = Table(qtbot, state, 1)
    msgs = []
    t.table.status.connect(msgs.append)
    assert t.table.choice_items() == []
    t.click(t.table.opponent_item(2))
    assert t.emitted == [] and msgs and "Ada" in msgs[-1]
    assert "Waiting for Ada" in " ".join(t.table.all_items_text())


def test_the_phase_and_the_last_dream_are_shown(qtbot):
    state = dream(hands=[["owl1"], ["rabbit1"], ["deer1"]], deck=[], leader=1)
    t = Table(qtbot, state, 0)
    texts = t.table.all_items_text()
    assert "LAST DREAM" in texts and any("Phase cards: Ben" in x for x in texts)


def test_escape_closes_the_discard_pile_and_cancels_a_selection(qtbot):
    state = dream(hands=[["owl1", "snake1"], ["rabbit1"], ["deer1"]], discard=["wolf1"])
    quiet(state)
    t = Table(qtbot, state, 0)
    t.click(t.table.discard_item())
    assert t.table.choice.discard_open
    t.view.setFocus()
    qtbot.keyClick(t.view.viewport(), Qt.Key_Escape)
    assert not t.table.choice.discard_open
    t.click(t.table.hand_card_item("snake1"))
    assert t.table.choice.selected == "snake1"
    qtbot.keyClick(t.view.viewport(), Qt.Key_Escape)
    assert t.table.choice.selected is None and t.emitted == []


def test_no_arrange_for_a_locked_hand(qtbot):
    state = dream(hands=[["owl1", "snake1", "rabbit1"], ["deer1"], []], locked=["mirror", None, None])
    t = Table(qtbot, state, 0)
    t.drag(t.table.hand_item(0), t.table.hand_item(2))
    assert all(a.kind != "arrange" for a in t.emitted)
