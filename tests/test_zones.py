"""The shared table zones (tabletop/client/zones.py) on a bare TableScene: a hand lays out its
cards without overlap (backs when hidden), a pile shows its count and opens its list on a click,
a spread with a stack offers only the top card, a prompt makes one button per answer and a click
plays that answer -- through the scene's emit_action, the way every table plays a move."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest  # noqa: E402

pytest.importorskip("pytestqt")

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtGui import QKeyEvent  # noqa: E402

from tabletop.client.table_base import TableScene  # noqa: E402
from tabletop.client.table_items import ButtonItem, LabelItem, TableItem  # noqa: E402
from tabletop.client.zones import (  # noqa: E402
    HandZone,
    PileBrowser,
    PileZone,
    PlayerPanelZone,
    PromptZone,
    SpreadZone,
    activate_zone,
    zone_of,
)
from tabletop.engine.actions import Action  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


class Card(TableItem):
    """A game's card item, as a factory makes it: a face (``card_id``) or a back (``None``)."""

    def __init__(self, rect: QRectF, card_id, index: int) -> None:
        super().__init__(rect, "card")
        self.card_id = card_id
        self.index = index


def make_card(rect: QRectF, card_id, index: int) -> Card:
    return Card(rect, card_id, index)


@pytest.fixture
def scene(qtbot):
    s = TableScene(None, ["Ann", "Ben"])
    s.view = {"seat": 0}
    yield s
    s.dispose()


def emitted(scene: TableScene) -> list:
    got: list = []
    scene.action_chosen.connect(got.append)
    return got


def rects(items) -> list[QRectF]:
    return [it.card_scene_rect() for it in items]


def assert_apart_inside(rs: list[QRectF], area: QRectF) -> None:
    for r in rs:
        assert area.contains(r), (r, area)
    for i, a in enumerate(rs):
        for b in rs[i + 1:]:
            assert not a.intersects(b), (a, b)


# --- the hand --------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 3, 7, 12, 25])
def test_a_hand_lays_out_its_cards_in_order_without_overlap_inside_its_rectangle(scene, n):
    area = QRectF(100, 600, 900, 200)
    cards = [f"c{i}" for i in range(n)]
    hand = HandZone(area, cards, make_card, max_len=120, gap=6, aspect=1.5)
    scene.addItem(hand)
    items = hand.card_items()
    assert [it.card_id for it in items] == cards
    assert [it.index for it in items] == list(range(n))
    rs = rects(items)
    assert_apart_inside(rs, area)
    assert [r.x() for r in rs] == sorted(r.x() for r in rs)
    widths = {round(r.width(), 6) for r in rs}
    assert len(widths) == 1  # all the same size
    if n <= 7:  # room enough: the cards keep their largest size and proportions
        assert widths == {120.0} and all(r.height() == pytest.approx(min(200, 180)) for r in rs)
    else:  # squeezed to fit, the last one ends at the rectangle's end (less the gap)
        assert rs[-1].right() == pytest.approx(area.right() - 6)
    assert all(zone_of(it) is hand for it in items)


def test_a_vertical_hand_runs_down_its_rectangle(scene):
    area = QRectF(10, 10, 80, 300)
    hand = HandZone(area, ["a", "b", "c", "d"], make_card, vertical=True, max_len=40, gap=5)
    scene.addItem(hand)
    rs = rects(hand.card_items())
    assert_apart_inside(rs, area)
    assert [r.y() for r in rs] == [10, 55, 100, 145] and all(r.width() == 80 for r in rs)


def test_a_hidden_hand_shows_backs_only(scene):
    seen = []

    def factory(rect, card_id, i):
        seen.append(card_id)
        return Card(rect, card_id, i)

    hand = HandZone(QRectF(0, 0, 600, 100), ["owl", "fox", "elk"], factory, hidden=True)
    scene.addItem(hand)
    assert seen == [None, None, None]
    assert [it.card_id for it in hand.card_items()] == [None, None, None]
    assert len(hand.card_items()) == 3
    shown = HandZone(QRectF(0, 200, 600, 100), ["owl", "fox"], factory)
    assert [it.card_id for it in shown.card_items()] == ["owl", "fox"]


def test_a_hand_reserves_empty_places(scene):
    hand = HandZone(QRectF(0, 0, 300, 100), ["a"], make_card, places=3, max_len=100, gap=0,
                    make_place=lambda rect, i: TableItem(rect, "place"))
    places = [m for m in hand.members() if m.role == "place"]
    assert len(places) == 2 and len(hand.card_items()) == 1
    assert [p.card_scene_rect().x() for p in places] == [100, 200]


def test_a_reorderable_hand_says_its_order_after_a_drop(scene):
    hand = HandZone(QRectF(0, 0, 400, 100), ["a", "b", "c", "d"], make_card, max_len=100, gap=0, reorderable=True)
    scene.addItem(hand)
    a, _, _, d = hand.card_items()
    assert hand.order_after_drop(a, QPointF(260, 50)) == [1, 2, 0, 3]  # between c and d
    assert hand.order_after_drop(d, QPointF(10, 50)) == [3, 0, 1, 2]
    assert hand.order_after_drop(a, QPointF(20, 50)) == [0, 1, 2, 3]


def test_a_click_on_a_hand_card_plays_its_action_and_backs_play_nothing(scene):
    take = Action.make("play", card="b")
    scene.set_legal([take])
    got = emitted(scene)
    hand = HandZone(QRectF(0, 0, 400, 100), ["a", "b"], make_card,
                    action_for=lambda c: take if c == "b" else None)
    scene.addItem(hand)
    a, b = hand.card_items()
    assert hand.focusable() == [b]
    assert not activate_zone(a) and got == []
    assert activate_zone(b) and got == [take]
    backs = HandZone(QRectF(0, 200, 400, 100), ["a", "b"], make_card, hidden=True, action_for=lambda c: take)
    scene.addItem(backs)
    assert backs.focusable() == [] and not activate_zone(backs.card_items()[1])


# --- the pile --------------------------------------------------------------------------------
def test_a_pile_shows_its_count_and_its_top_card(scene):
    pile = PileZone(QRectF(100, 100, 70, 100), 12, make_card, top="owl", depth=2, label="Deck {count}")
    scene.addItem(pile)
    assert pile.count_label.text == "Deck 12"
    assert pile.top_item.card_id == "owl"
    under = [m for m in pile.members() if isinstance(m, Card) and m is not pile.top_item]
    assert len(under) == 2 and all(u.card_id is None for u in under)
    assert "Deck 12" in scene.all_items_text()
    empty = PileZone(QRectF(300, 100, 70, 100), 0, make_card, label="Discard {count}", empty_text="nothing here")
    scene.addItem(empty)
    assert empty.top_item is None
    assert {m.text for m in empty.members() if isinstance(m, LabelItem)} == {"nothing here", "Discard 0"}


def test_a_click_on_a_browsable_pile_opens_and_closes_its_list(scene):
    names = {"owl": "Owl", "fox": "Fox", "elk": "Elk"}
    pile = PileZone(QRectF(100, 100, 70, 100), 3, make_card, top="elk", cards=["owl", "fox", "elk"],
                    name_of=names.get, browse_title="Discard pile")
    scene.addItem(pile)
    assert pile.focusable() == [pile.top_item]
    assert activate_zone(pile.top_item)
    browser = pile.browser
    assert isinstance(browser, PileBrowser) and browser.scene() is scene
    texts = [m.text for m in browser.members() if isinstance(m, LabelItem)]
    assert texts == ["Discard pile", "Owl", "Fox", "Elk"]
    assert browser.zValue() > pile.zValue()  # over the table
    assert activate_zone(pile.top_item)  # a second click shuts it
    assert pile.browser is None and browser.scene() is None
    assert activate_zone(pile.top_item)
    assert activate_zone(pile.browser.close_button)  # and so does Close
    assert pile.browser is None


def test_a_named_piles_list_is_named_after_it(scene):
    pile = PileZone(QRectF(100, 100, 70, 100), 2, make_card, top="elk", cards=["owl", "elk"]).named("pile/discard")
    scene.addItem(pile)
    assert scene.address_of(pile.top_item) == "pile/discard"
    browser = pile.open_browser()
    assert browser.address == "pile/discard/list" and scene.find("pile/discard/list") is browser
    assert scene.address_of(browser.close_button) == "pile/discard/list/button/cancel:close"
    unnamed = PileZone(QRectF(300, 100, 70, 100), 1, make_card, top="owl", cards=["owl"])
    scene.addItem(unnamed)
    assert unnamed.open_browser().address == ""


def test_a_pile_that_is_not_browsable_plays_its_action(scene):
    draw = Action.make("draw", pile=0)
    scene.set_legal([draw])
    got = emitted(scene)
    pile = PileZone(QRectF(100, 100, 70, 100), 5, make_card, action=draw)
    scene.addItem(pile)
    assert activate_zone(pile.top_item) and got == [draw] and pile.browser is None
    plain = PileZone(QRectF(300, 100, 70, 100), 5, make_card)
    scene.addItem(plain)
    assert not activate_zone(plain.top_item) and plain.focusable() == []


# --- the spread ------------------------------------------------------------------------------
def test_a_spread_with_a_stack_offers_only_its_top_card(scene):
    take = {c: Action.make("take", card=c) for c in "abcde"}
    scene.set_legal(list(take.values()))
    got = emitted(scene)
    spread = SpreadZone(QRectF(100, 300, 600, 200), ["a", ["b", "c", "d"], "e"], make_card, action_for=take.get)
    scene.addItem(spread)
    tops = spread.top_items()
    assert [t.card_id for t in tops] == ["a", "d", "e"]
    assert [u.card_id for u in spread.under] == ["b", "c"]
    assert_apart_inside(rects(tops), QRectF(100, 300, 600, 200))
    for u in spread.under:
        assert u.acceptedMouseButtons() == Qt.MouseButton.NoButton
        assert not spread.clickable(u)
        assert not activate_zone(u)
        assert u.card_scene_rect().y() < tops[1].card_scene_rect().y()  # peeking out above the top card
    assert got == []
    assert spread.focusable() == tops
    assert activate_zone(tops[1]) and got == [take["d"]]
    assert "3" in scene.all_items_text() or any(m.toolTip().startswith("A stack of 3") for m in spread.members())


def test_a_spread_uses_two_rows_when_they_make_larger_cards(scene):
    area = QRectF(0, 0, 400, 400)
    spread = SpreadZone(area, [str(i) for i in range(8)], make_card, max_w=150)
    rs = rects(spread.top_items())
    assert_apart_inside(rs, area)
    assert len({r.y() for r in rs}) == 2


# --- the player panel ----------------------------------------------------------------------
def test_a_player_panel_shows_name_and_marks_and_a_click_on_it_plays_its_action(scene):
    steal = Action.make("steal", target=1)
    scene.set_legal([steal])
    got = emitted(scene)
    panel = PlayerPanelZone(QRectF(10, 10, 400, 200), 1, active=True, name="Ben",
                            lines=[("Hand: 4 cards", 12, Qt.white, False)],
                            action_for=lambda p: Action.make("steal", target=p))
    panel.hand(QRectF(20, 80, 300, 60), [None] * 4, make_card, hidden=True)
    scene.addItem(panel)
    assert panel.name_item.text == "Ben" and [x.text for x in panel.line_items] == ["Hand: 4 cards"]
    assert panel.board.role == "player" and panel.zValue() == panel.board.zValue()
    assert activate_zone(panel.board) and got == [steal]


# --- the prompt ----------------------------------------------------------------------------
def test_a_prompt_makes_one_button_per_answer_and_a_click_plays_that_answer(scene, qtbot):
    yes, no = Action.make("answer", yes=1), Action.make("answer", yes=0)
    scene.set_legal([yes, no])
    area = QRectF(900, 300, 400, 300)
    prompt = PromptZone(area, "Take the stones?", [("Yes", yes, "choice"), ("No", no, "choice", "Leave them"),
                                                   ("Cancel", None, "cancel")])
    scene.addItem(prompt)
    assert prompt.title_item.text == "Take the stones?"
    assert [b.text for b in prompt.buttons] == ["Yes", "No", "Cancel"]
    assert [b.action for b in prompt.buttons] == [yes, no, None]
    assert prompt.buttons[1].toolTip() == "Leave them"
    assert_apart_inside(rects(prompt.buttons), area)
    with qtbot.waitSignal(scene.action_chosen) as signal:
        assert activate_zone(prompt.buttons[1])
    assert signal.args == [no]
    got = emitted(scene)
    assert not activate_zone(prompt.buttons[2]) and got == []  # Cancel is the table's own step
    assert prompt.button_for(yes) is prompt.buttons[0]


def test_a_prompt_in_a_row_puts_its_buttons_along_the_bottom_from_the_right(scene):
    from tabletop.client.zones import PromptStyle

    area = QRectF(0, 0, 800, 200)
    style = PromptStyle(pad=18, buttons="row", button_w=200, button_h=40, col_gap=10, bottom=10)
    prompt = PromptZone(area, "?", [("A", None, "choice"), ("B", None, "choice")], subtitle="why", style=style)
    a, b = rects(prompt.buttons)
    assert a.right() == 782 and b.right() == a.left() - 10 and a.bottom() == 190 == b.bottom()
    assert prompt.subtitle_item.text == "why"


def test_an_illegal_answer_is_refused_by_the_scene(scene):
    scene.refusal = "Not now."
    scene.set_legal([])
    got, said = emitted(scene), []
    scene.status.connect(said.append)
    prompt = PromptZone(QRectF(0, 0, 400, 200), "?", [("Go", Action.make("go"), "choice")])
    scene.addItem(prompt)
    activate_zone(prompt.buttons[0])
    assert got == [] and said == ["Not now."]


# --- through the table's mouse and keys ------------------------------------------------------
class ZoneTable(TableScene):
    """The least a table made of zones writes: the item under the pointer, the focus ring and a
    click or Enter handed to the zones."""

    def show_view(self, view, legal, last_action=None):
        self.clear()
        self.view = view
        self.set_legal(legal)
        self._focus_index = None
        self.zones = [SpreadZone(QRectF(100, 100, 600, 200), ["a", ["b", "c"]], make_card,
                                 action_for=lambda c: Action.make("take", card=c)),
                      PromptZone(QRectF(900, 100, 400, 300), "Choose", [("Pass", Action.make("pass"), "choice")])]
        for z in self.zones:
            self.addItem(z)

    def _item_at(self, pos):
        return next((it for it in self.items(pos) if zone_of(it) is not None and zone_of(it).clickable(it)
                     and it.card_scene_rect().contains(pos)), None)

    def focusable_items(self):
        return [it for z in self.zones for it in z.focusable()]

    def activate(self, item):
        activate_zone(item)


def test_zones_work_through_the_scenes_clicks_and_keys(qtbot):
    table = ZoneTable(None, ["Ann", "Ben"])
    legal = [Action.make("take", card="a"), Action.make("take", card="c"), Action.make("pass")]
    table.show_view({"seat": 0}, legal)
    got = emitted(table)
    spread, prompt = table.zones
    top = spread.top_items()[1]
    under = spread.under[0]
    # a click on the part of the card under the stack that peeks out means nothing
    peek = QPointF(under.card_scene_rect().center().x(), under.card_scene_rect().top() + 1)
    assert table._item_at(peek) is None
    table.clicked(table._item_at(top.card_scene_rect().center()))
    assert got == [Action.make("take", card="c")]
    # Tab, Tab, Tab reaches the prompt's button; Enter plays it
    for _ in range(3):
        table.keyPressEvent(QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Tab, Qt.KeyboardModifier.NoModifier))
    assert table.focused_item() is prompt.buttons[0] and prompt.buttons[0].focused
    table.keyPressEvent(QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Return, Qt.KeyboardModifier.NoModifier))
    assert got[-1] == Action.make("pass")
    table.dispose()


def test_a_zone_item_is_a_table_item_with_its_place_in_scene_coordinates(scene):
    prompt = PromptZone(QRectF(500, 400, 300, 200), "?", [("Go", None, "choice")])
    scene.addItem(prompt)
    b = prompt.buttons[0]
    assert isinstance(b, ButtonItem) and prompt.pos() == QPointF(0, 0)
    assert b.card_scene_rect().topLeft() == b.pos()
    assert prompt.shape().isEmpty() and prompt not in scene.items(b.card_scene_rect().center())
