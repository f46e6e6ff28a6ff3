"""The Spheres shogun table on its own, in a real QGraphicsView: drawing built positions, every
kind of choice by clicks and keys, the orientation per seat, tooltips, and the animation."""

from __future__ import annotations

import os
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

pytest.importorskip("pytestqt")

from PySide6.QtCore import Qt  # noqa: E402

from tabletop.engine.actions import Action  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.shogun.board_items import PlaceItem, StoneItem, dice_faces, layout_stones  # noqa: E402
from tabletop.games.shogun.rules import KEEP, ROLL, SKIP  # noqa: E402
from tabletop.games.shogun.stones import step  # noqa: E402
from tabletop.games.shogun.table import ShogunTable  # noqa: E402

from shogun_positions import P, S, board, position  # noqa: E402
from table_harness import TableHarness  # noqa: E402

G = get_game("spheres-shogun")
NAMES = ["Ada", "Ben"]
ALL = ("scholar", "merchant", "monk", "geisha", "ghost")


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


def sowing(hand, pos=0, direction=1, chosen=ALL, **places):
    return position(board=board(**places), step="drop", hand=list(hand), pos=pos, direction=direction,
                    chosen=[list(chosen), []])


class Table(TableHarness):
    """A ShogunTable in a 1366x768 view, recording what it emits."""

    def __init__(self, qtbot, state, seat=0, animations=False, legal=None):
        super().__init__(qtbot, ShogunTable(G, NAMES), state, seat, animations, legal)

    def show(self, state, seat=0, last=None, legal=None):
        super().show(state, seat, last, legal)

    def click(self, item):
        assert item is not None, "nothing to click"
        pos = self.view.mapFromScene(item.card_scene_rect().center())
        self.qtbot.mouseClick(self.view.viewport(), Qt.LeftButton, pos=pos)

    def key(self, key):
        self.view.setFocus()
        self.qtbot.keyClick(self.view.viewport(), key)

    def texts(self):
        return " ".join(self.scene.all_items_text())


def stones_drawn(place_item):
    return sorted(c.key for c in place_item.childItems() if isinstance(c, StoneItem))


# --- drawing --------------------------------------------------------------------------------------
def test_a_built_position_is_drawn_place_by_place_with_every_kind(qtbot):
    kinds = ["scholar", "merchant", "monk", "geisha", "ghost", "thief", "samurai", "hime"]
    st = position(board=board(p0=[P, P] + kinds[:4], p2=[P], p8=kinds[4:], p9=[P] * 3),
                  stores=[[P, P, "monk"], [P]], borrowed=[[], [P]], chosen=[kinds[:5], kinds[3:8]])
    t = Table(qtbot, st, 0)
    for place in range(12):
        item = t.scene.place_item(place)
        assert sorted(item.stones) == sorted(st.to_json()["board"][place])
        assert stones_drawn(item) == sorted(item.stones)  # few stones: every one is an item
    # the stone items: a distinct look per kind, named with value and ability in the tooltip
    samurai = next(c for c in t.scene.place_item(8).childItems() if isinstance(c, StoneItem) and c.key == "samurai")
    assert "Samurai — worth 5" in samurai.toolTip() and "turn the sowing round" in samurai.toolTip()
    assert "usable by Ben" in samurai.toolTip()
    monk = next(c for c in t.scene.place_item(0).childItems() if isinstance(c, StoneItem) and c.key == "monk")
    assert "Monk — worth 0" in monk.toolTip() and "next three places" in monk.toolTip() and "usable by Ada" in monk.toolTip()
    shogun = next(c for c in t.scene.place_item(5).childItems() if isinstance(c, StoneItem))
    assert shogun.key == "shogun" and "Shogun — worth 15" in shogun.toolTip()
    # a place's tooltip: its name and what it holds
    assert t.scene.place_item(9).toolTip().startswith("B4") and "3 Peasants" in t.scene.place_item(9).toolTip()
    assert "A1" in t.scene.place_item(0).toolTip() and "Scholar" in t.scene.place_item(0).toolTip()
    # the panels: captured stones by kind, the score, the debt and the loan
    text = t.texts()
    assert "Owes 1 (borrowed Peasant)" in text and "Lent 1 to Ben" in text
    assert "Captured: 2" in text  # (the tooltip of Ada's captured peasants)
    assert str(st.scores()[0].total) in t.scene.all_items_text()


def test_a_crowded_place_is_a_pile_with_a_count_badge(qtbot):
    st = position(board=board(p1=[P] * 40 + ["hime", "samurai"], p7=[P]), chosen=[["samurai"], []])
    t = Table(qtbot, st, 0)
    crowded = t.scene.place_item(1)
    drawn = stones_drawn(crowded)
    # the specials are always among the stones drawn; the badge gives the whole count
    assert {"hime", "samurai"} <= set(drawn) and len(drawn) <= 42
    assert len(crowded.stones) == 42 and crowded.badge() == "42"
    assert t.scene.place_item(7).badge() == "1" and t.scene.place_item(2).badge() == ""
    # the stones drawn do not leave their place
    area = crowded.card_scene_rect()
    for c in crowded.childItems():
        if isinstance(c, StoneItem):
            assert area.contains(c.card_scene_rect())
    layout = layout_stones(crowded.stone_area(), crowded.stones)
    rects = [r for _, r in layout]
    assert not any(a.intersects(b) and a != b for i, a in enumerate(rects) for b in rects[i + 1:] if
                   a.intersected(b).width() > a.width() * 0.25)


def test_seat_two_sees_the_board_turned_round(qtbot):
    st = position(board=board(p0=[P], p6=[P]))
    for seat, bottom, right in ((0, range(0, 5), 5), (1, range(6, 11), 11), (None, range(0, 5), 5)):
        t = Table(qtbot, st, seat)
        rects = {p: t.scene.place_item(p).card_scene_rect() for p in range(12)}
        top = [p for p in range(11) if p not in bottom and p not in (5, 11)]
        assert all(rects[b].center().y() > rects[o].center().y() for b in bottom for o in top)
        xs = [rects[b].center().x() for b in bottom]
        assert xs == sorted(xs), "the seat's squares run left to right along the bottom"
        assert rects[right].center().x() > rects[bottom[-1]].center().x()  # their rectangle at their right hand
        # each square faces the one across the board
        for b in bottom:
            assert abs(rects[b].center().x() - rects[10 - b].center().x()) < 1
        labels = [t.scene.place_item(b).label for b in bottom]
        assert labels == (["B1", "B2", "B3", "B4", "B5"] if seat == 1 else ["A1", "A2", "A3", "A4", "A5"])


def test_classic_rules_show_mandarins_and_no_set_up(qtbot):
    st = G.new_game(2, {"rules": "classic", "mandarin": 5}, 1)
    t = Table(qtbot, st, 0)
    mandarin = next(c for c in t.scene.place_item(11).childItems() if isinstance(c, StoneItem))
    assert mandarin.key == "shogun" and mandarin.toolTip().startswith("Mandarin — worth 5")
    text = t.texts()
    assert "Shogun" not in text and "Abilities" not in text and "Classic rules" in text
    assert t.scene.button_kind("ordain") is None and t.scene.tray_items() == []
    assert all(len(t.scene.place_item(p).stones) == 5 for p in range(5))


# --- choosing a sowing -------------------------------------------------------------------------------
def test_click_a_square_then_an_arrow_sows_it(qtbot):
    st = position(board=board(p1=[P, P], p3=[P], p8=[P]))
    for direction in (1, -1):
        t = Table(qtbot, st, 0)
        assert t.scene.arrow_item(1) is None
        t.click(t.scene.place_item(1))
        assert t.scene.choice.selected_square == 1 and t.scene.arrow_item(-1) is not None
        assert t.scene.arrow_item(-1).left and not t.scene.arrow_item(1).left  # ◀ clockwise, ▶ counter-clockwise
        t.click(t.scene.arrow_item(direction))
        assert t.actions == [Action.make("sow", square=1, dir=direction)]
    # an empty square or one of the other player's is refused with a reason
    t = Table(qtbot, st, 0)
    t.click(t.scene.place_item(2))
    t.click(t.scene.place_item(8))
    assert t.actions == [] and t.scene.choice.selected_square is None and len(t.statuses) == 2
    # clicking another square moves the choice; Escape cancels it
    t.click(t.scene.place_item(1))
    t.click(t.scene.place_item(3))
    assert t.scene.choice.selected_square == 3
    t.key(Qt.Key_Escape)
    assert t.scene.choice.selected_square is None and t.scene.arrow_item(1) is None and t.actions == []


def test_seat_two_sows_with_the_arrows_as_they_see_them(qtbot):
    st = position(board=board(p2=[P], p7=[P, P]), turn_player=1)
    t = Table(qtbot, st, 1)
    t.click(t.scene.place_item(7))
    right = t.scene.arrow_item(1)
    assert not right.left and right.card_scene_rect().x() > t.scene.arrow_item(-1).card_scene_rect().x()
    t.click(right)
    assert t.actions == [Action.make("sow", square=7, dir=1)]
    # the sowing goes right along B's row, as drawn
    st.apply(t.actions[0])
    assert st.to_json()["board"][8] == [P]


def test_keyboard_tab_to_a_square_then_an_arrow_key_sows(qtbot):
    st = position(board=board(p0=[P], p3=[P, P], p8=[P]))
    t = Table(qtbot, st, 0)
    focus = [it.place for it in t.scene.focusable_items() if isinstance(it, PlaceItem)]
    assert focus == [0, 3]
    t.key(Qt.Key_Tab)
    t.key(Qt.Key_Tab)
    assert t.scene.focused_item() is t.scene.place_item(3)
    t.key(Qt.Key_Right)
    assert t.actions == [Action.make("sow", square=3, dir=1)]
    # a digit chooses the n-th square from the left, Enter on a square shows its arrows, Left sows clockwise
    t = Table(qtbot, st, 0)
    t.key(Qt.Key_4)
    assert t.scene.choice.selected_square == 3 and t.scene.focused_item() is t.scene.arrow_item(-1)
    t.key(Qt.Key_Left)
    assert t.actions == [Action.make("sow", square=3, dir=-1)]
    t = Table(qtbot, st, 0)
    t.key(Qt.Key_Tab)
    t.key(Qt.Key_Return)
    assert t.scene.choice.selected_square == 0
    t.key(Qt.Key_Tab)  # from ◀ to ▶
    t.key(Qt.Key_Return)
    assert t.actions == [Action.make("sow", square=0, dir=1)]


def test_nothing_is_clickable_for_the_seat_not_deciding(qtbot):
    st = position(board=board(p1=[P, P], p8=[P]))
    t = Table(qtbot, st, 1)
    t.click(t.scene.place_item(1))
    t.click(t.scene.place_item(8))
    assert t.actions == [] and t.scene.arrow_item(1) is None
    assert t.statuses and "Ada" in t.statuses[-1] and "Waiting for Ada" in t.texts()


# --- the sowing, stone by stone ---------------------------------------------------------------------------
@pytest.mark.parametrize("stone,pos,direction,places", [
    ("monk", 0, 1, {}),
    ("scholar", 3, 1, {}),
    ("merchant", 0, 1, {}),
    ("geisha", 1, -1, {}),
    ("ghost", 0, 1, {"p3": [P], "p8": [P]}),
    ("monk", 5, 1, {}),  # on the other side: only the plain drop
])
def test_a_picked_stone_lights_exactly_its_legal_destinations(qtbot, stone, pos, direction, places):
    st = sowing([stone, P], pos=pos, direction=direction, p9=[P], **places)
    legal = st.legal_actions()
    t = Table(qtbot, st, 0)
    # two kinds in hand: only the next place is lit (a click there drops a plain stone) until a
    # stone is picked from the hand in the groove
    assert t.scene.highlighted_places() == {step(pos, direction): "plain"}
    assert {h.key for h in t.scene.hand_items()} == {stone, P}
    t.click(t.scene.hand_item(stone))
    lit = t.scene.highlighted_places()
    tos = {a["to"] for a in legal if a["stone"] == stone and not a.get("turn")}
    assert set(lit) == tos
    normal = step(pos, direction)
    assert lit[normal] == "plain" and all(lit[p] == "ability" for p in tos - {normal})
    for p in tos - {normal}:
        assert t.scene.place_item(p).tag.startswith("✦")
    # clicking an ability destination drops the stone there
    far = max(tos - {normal}, default=normal)
    t.click(t.scene.place_item(far))
    assert t.actions == [Action.make("drop", stone=stone, to=far)]
    assert t.actions[0] in legal


def test_a_lone_kind_in_hand_is_chosen_already_and_the_peasant_lights_only_the_next_place(qtbot):
    st = sowing(["monk", "monk"], pos=1, chosen=("monk",), p9=[P])
    t = Table(qtbot, st, 0)
    assert t.scene.choice.picked == "monk" and set(t.scene.highlighted_places()) == {2, 3, 4}
    st2 = sowing([P, "monk"], pos=1, chosen=("monk",), p9=[P])
    t2 = Table(qtbot, st2, 0)
    t2.click(t2.scene.hand_item(P))
    assert t2.scene.highlighted_places() == {2: "plain"}
    t2.click(t2.scene.place_item(2))
    assert t2.actions == [Action.make("drop", stone=P, to=2)]


def test_the_samurai_turn_is_offered_only_when_legal(qtbot):
    st = sowing(["samurai", P, P], pos=1, chosen=("samurai",), p8=[P])
    t = Table(qtbot, st, 0)
    t.click(t.scene.hand_item("samurai"))
    turn = Action.make("drop", stone="samurai", to=2, turn=True)
    button = t.scene.button_for(turn)
    assert button is not None and "Turn round" in button.text
    t.click(button)
    assert t.actions == [turn]
    # not chosen at the set-up: no turn-round, the samurai is a plain stone
    plain = sowing(["samurai", P, P], pos=1, chosen=("monk",), p8=[P])
    t = Table(qtbot, plain, 0)
    t.click(t.scene.hand_item("samurai"))
    assert t.scene.button_for(turn) is None and t.scene.highlighted_places() == {2: "plain"}
    # on the other side of the board neither
    far = sowing(["samurai", P, P], pos=6, chosen=("samurai",), p8=[P])
    t = Table(qtbot, far, 0)
    t.click(t.scene.hand_item("samurai"))
    assert not any(b.action is not None and b.action.get("turn") for b in t.scene.buttons())


def test_keyboard_picks_a_stone_of_the_hand_then_a_destination(qtbot):
    st = sowing([P, "monk"], pos=0, chosen=("monk",), p9=[P])
    t = Table(qtbot, st, 0)
    t.key(Qt.Key_2)  # the second stone of the hand: the monk
    assert t.scene.choice.picked == "monk"
    target = t.scene.focused_item()
    assert isinstance(target, PlaceItem) and target.place == 1
    t.key(Qt.Key_Tab)
    t.key(Qt.Key_Tab)
    t.key(Qt.Key_Return)
    assert t.actions == [Action.make("drop", stone="monk", to=3)]


# --- set-up, refill, ordain, imprisonment, the thief --------------------------------------------------------
def test_set_up_by_picking_a_stone_then_a_square(qtbot):
    st = G.new_game(2, {}, 1)
    t = Table(qtbot, st, 0)
    keys = [it.key for it in t.scene.tray_items()]
    assert keys == ["scholar", "merchant", "monk", "geisha", "ghost", "thief", "samurai", "hime"]
    t.click(t.scene.place_item(2))
    assert t.actions == [] and "stone" in t.statuses[-1]
    t.click(t.scene.tray_item("geisha"))
    assert set(t.scene.highlighted_places()) == {0, 1, 2, 3, 4}
    t.click(t.scene.place_item(2))
    assert t.actions == [Action.make("place", stone="geisha", square=2)]
    st.apply(t.actions[0])
    t = Table(qtbot, st, 0)
    assert "geisha" not in [it.key for it in t.scene.tray_items()]
    assert "Chosen 1/5" in t.texts() and "Geisha" in t.texts()
    # the second player places on their own squares, at the bottom of their board
    for a in ("monk", "ghost", "thief", "hime"):
        st.apply(Action.make("place", stone=a, square=0))
    assert st.decider() == 1
    t = Table(qtbot, st, 1)
    t.click(t.scene.tray_item("samurai"))
    assert set(t.scene.highlighted_places()) == {6, 7, 8, 9, 10}
    t.click(t.scene.place_item(9))
    assert t.actions == [Action.make("place", stone="samurai", square=9)]


def test_refill_by_picking_a_captured_stone_then_an_empty_square(qtbot):
    doc = board(p7=[P])
    doc[11] = []
    st = position(board=doc, stores=[["monk", P], [P, P, S]])
    assert st.step == "refill"
    t = Table(qtbot, st, 0)
    assert {it.key for it in t.scene.tray_items()} == {"monk", P}
    t.click(t.scene.tray_item("monk"))
    assert set(t.scene.highlighted_places()) == {0, 1, 2, 3, 4}
    t.click(t.scene.place_item(3))
    assert t.actions == [Action.make("refill", stone="monk", square=3)]


def test_ordain_by_the_button_a_square_then_a_captured_special(qtbot):
    st = position(board=board(p1=[P], p2=[P], p3=[P, P], p8=[P]), stores=[["monk", "ghost"], []])
    t = Table(qtbot, st, 0)
    t.click(t.scene.button_kind("ordain"))
    assert set(t.scene.highlighted_places()) == {1, 2}
    t.click(t.scene.place_item(3))  # two stones: not a lone peasant
    assert t.scene.choice.ordain_square is None
    t.click(t.scene.place_item(2))
    assert {it.key for it in t.scene.tray_items()} == {"monk", "ghost"}
    t.click(t.scene.tray_item("ghost"))
    assert t.actions == [Action.make("ordain", square=2, stone="ghost")]
    # nothing to ordain with: no button
    t = Table(qtbot, position(board=board(p1=[P], p8=[P])), 0)
    assert t.scene.button_kind("ordain") is None


def test_the_imprisoned_player_gets_a_banner_and_a_button_to_sit_out(qtbot):
    doc = board(p0=[P, P], p2=[P, P], p8=[P])
    doc[11] = []
    st = position(board=doc, stores=[[S], []], turns=[2, 2], imprisoned=[True, False], step="skip")
    t = Table(qtbot, st, 0)
    assert "You are imprisoned: this turn is lost" in t.texts()
    t.click(t.scene.button_for(SKIP))
    assert t.actions == [SKIP]
    t = Table(qtbot, st, 1)
    assert "Ada is imprisoned: this turn is lost" in t.texts() and t.scene.button_for(SKIP) is None


def thief_game():
    doc = board(p2=[P], p8=[P])
    doc[11] = []
    st = position(board=doc, stores=[["thief", "thief"], [S]], turns=[9, 9], chosen=[["thief"], []])
    st.apply(Action.make("sow", square=2, dir=1))
    assert st.step == "thief"
    return st


def test_the_thief_roll_and_keep_buttons_and_the_dice_faces(qtbot):
    st = thief_game()
    t = Table(qtbot, st, 0)
    assert t.scene.dice_items() == []
    t.click(t.scene.button_for(ROLL))
    t.click(t.scene.button_for(KEEP))
    assert t.actions == [ROLL, KEEP]
    st.apply(ROLL)
    st.apply(Action.make("dice", total=8, double=True))
    t = Table(qtbot, st, 0)
    faces = [d.value for d in t.scene.dice_items()]
    assert faces == [4, 4] and "double" in t.texts()
    st.apply(ROLL)
    st.apply(Action.make("dice", total=11, double=False))
    assert st.step == "over"
    t = Table(qtbot, st, 1)
    faces = [d.value for d in t.scene.dice_items()]
    assert sum(faces) == 11 and faces[0] != faces[1] and "Game over" in t.texts()
    for total in range(3, 12):
        a, b = dice_faces(total, False)
        assert a + b == total and a != b and 1 <= a <= 6 and 1 <= b <= 6
    for total in range(2, 13, 2):
        assert dice_faces(total, True) == (total // 2, total // 2)


def test_a_hint_marks_the_square_and_the_direction(qtbot):
    st = position(board=board(p1=[P, P], p3=[P], p8=[P]))
    t = Table(qtbot, st, 0)
    t.scene.show_hint(Action.make("sow", square=3, dir=-1))
    assert t.scene.place_item(3).hinted and t.scene.arrow_item(-1).hinted and not t.scene.arrow_item(1).hinted
    assert t.actions == [] and t.statuses[-1].startswith("Hint")
    drop = sowing([P, "monk"], pos=0, chosen=("monk",), p9=[P])
    t = Table(qtbot, drop, 0)
    t.scene.show_hint(Action.make("drop", stone="monk", to=3))
    assert t.scene.hand_item("monk").hinted and t.scene.place_item(3).hinted


# --- animation -----------------------------------------------------------------------------------------------
def test_a_sowing_plays_stone_by_stone_and_a_click_finishes_it(qtbot):
    st = position(board=board(p1=[P, P, P], p8=[P]))
    t = Table(qtbot, st, 0, animations=True)
    landings = []
    land = t.scene.sowing.land
    t.scene.sowing.land = lambda place: (landings.append((place, time.monotonic())), land(place))
    action = Action.make("sow", square=1, dir=1)
    before = st.clone()
    st.apply(action)  # A3, A4, A5; then the east rectangle ends the turn
    t.show(st, 0, last=action)
    assert t.scene.animating
    # the stones are lifted from A2 and fly one at a time, in order, at a readable pace
    assert t.scene.place_item(1).stones == [] and t.scene.sowing.flying
    assert t.scene.place_item(2).stones == []
    qtbot.waitUntil(lambda: not t.scene.animating, timeout=30_000)  # (a loaded machine plays them late)
    assert [p for p, _ in landings] == [2, 3, 4]
    assert landings[-1][1] - landings[0][1] >= 0.4
    assert [t.scene.place_item(p).stones for p in range(12)] == st.view(0)["board"]
    # again, and a click finishes at once: nothing is chosen by it
    t.show(before, 0)
    t.show(st, 0, last=action)
    assert t.scene.animating and t.scene.place_item(4).stones == []
    t.click(t.scene.place_item(0))
    assert not t.scene.animating and t.scene.sowing.flying == [] and t.actions == []
    assert [t.scene.place_item(p).stones for p in range(12)] == st.view(0)["board"]


def test_a_sowing_left_alone_ends_on_the_final_view_and_a_key_also_skips(qtbot):
    st = position(board=board(p3=[P, P], p6=[P], p8=[P]))
    t = Table(qtbot, st, 0, animations=True)
    action = Action.make("sow", square=3, dir=1)
    st.apply(action)  # A5 and the east rectangle, then B1 and B3 are picked up in turn
    t.show(st, 0, last=action)
    assert t.scene.animating
    qtbot.waitUntil(lambda: not t.scene.animating, timeout=30_000)  # (a loaded machine plays them late)
    assert [t.scene.place_item(p).stones for p in range(12)] == st.view(0)["board"]
    # a key press skips; a view arriving meanwhile waits, then is drawn
    st2 = position(board=board(p1=[P, P, P, P], p8=[P]))
    t.show(st2, 0)
    a = Action.make("sow", square=1, dir=1)
    st2.apply(a)
    t.show(st2, 0, last=a)
    assert t.scene.animating
    nxt = st2.clone()
    b = nxt.legal_actions()[0]
    nxt.apply(b)
    t.show(nxt, 0, last=b)
    assert t.scene.animating, "the new view waits for the animation"
    t.key(Qt.Key_Space)
    assert not t.scene.animating and t.scene.view == nxt.view(0)


def test_the_same_view_again_or_animations_off_draw_at_once(qtbot):
    st = position(board=board(p1=[P, P, P], p8=[P]))
    t = Table(qtbot, st, 0, animations=False)
    action = Action.make("sow", square=1, dir=1)
    st.apply(action)
    t.show(st, 0, last=action)
    assert not t.scene.animating and t.scene.sowing.flying == []
    t.scene.set_animations(True)
    t.show(st, 0, last=action)  # a redraw of the same position
    assert not t.scene.animating
    st2 = position(board=board(p1=[P, P, P], p8=[P]))
    t.show(st2, 0)
    st2.apply(action)
    t.show(st2, 0, last=action)
    assert t.scene.animating
    t.scene.set_animations(False)  # turning animations off finishes at once
    assert not t.scene.animating and t.scene.view == st2.view(0)


def test_a_capture_flies_to_the_captors_panel(qtbot):
    st = position(board=board(p1=[P], p4=[P, "hime"], p8=[P]))
    t = Table(qtbot, st, 0, animations=True)
    action = Action.make("sow", square=1, dir=1)
    st.apply(action)  # the peasant lands on A3; A4 is empty and A5 holds stones: they are captured
    assert st.to_json()["stores"][0] == [P, "hime"]
    t.show(st, 0, last=action)
    panel = t.scene.layout.panels[0].card_scene_rect()
    qtbot.waitUntil(lambda: any(panel.intersects(f.card_scene_rect()) for f in t.scene.sowing.flying) or not t.scene.animating,
                    timeout=3000)
    qtbot.waitUntil(lambda: not t.scene.animating, timeout=30_000)  # (a loaded machine plays them late)
    assert "Captured: 1" in t.texts()


def test_a_capture_to_take_or_leave_has_its_two_buttons(qtbot):
    st = position(board=board(p0=[P, P], p4=[P, P, P], p7=[P]), options={"capture": "may"})
    st.apply(Action.make("sow", square=0, dir=1))
    assert st.step == "capture"
    t = Table(qtbot, st, 0)
    assert "Take the 3 stones beyond the empty square?" in t.texts()
    take, leave = t.scene.button_for(Action.make("take")), t.scene.button_for(Action.make("leave"))
    assert take is not None and leave is not None
    t.click(leave)
    assert t.actions == [Action.make("leave")]
    assert Table(qtbot, st, 1).scene.button_for(Action.make("take")) is None  # not the other player's



def test_one_click_drops_the_next_stone_plainly_and_the_rest_can_go_at_once(qtbot):
    # issue 17.4: every stone took two clicks, even peasants going to the next square
    st = sowing(["monk", P, P], pos=0, direction=1, p9=[P])
    t = Table(qtbot, st, 0)
    normal = step(0, 1)
    t.click(t.scene.place_item(normal))  # no stone chosen: a peasant, plainly
    assert t.actions == [Action.make("drop", stone=P, to=normal)]
    # "Sow the rest plainly": each drop of the sowing is made for the player, one after another
    t = Table(qtbot, st, 0)
    t.click(t.scene.button_kind("plain_rest"))
    assert t.actions == [Action.make("drop", stone=P, to=normal)]
    state = st.clone()
    state.apply(t.actions[0])
    t.show(state, 0, t.actions[0])  # the next view: the next plain drop follows by itself
    qtbot.waitUntil(lambda: len(t.actions) == 2, timeout=2000)
    second = t.actions[1]
    assert second["to"] == step(normal, 1) and second["stone"] == P  # the peasant before the Monk
