"""Items that did not change stay on the table (tabletop/client/keeping.py): a table drawing view
after view keeps the items it makes again as they were -- the same objects -- and repaints only
what changed; yet what is on screen, and every item's state, is what a table drawing that view
afresh shows.  Played through seeded games of every game with a table."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QApplication
from shiboken6 import isValid

from tabletop.client import keeping
from tabletop.client.keeping import Unkeyable, fingerprint
from tabletop.client.table_base import TableScene
from tabletop.client.table_items import LabelItem, TableItem
from tabletop.client.table_screen import TableView, make_table
from tabletop.client.zones import HandZone, PlayerPanelZone, zone_of
from tabletop.engine.game import CHANCE
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import all_games

TABLES = [g for g in all_games() if g.table_class]


def on_screen(view: TableView):
    """What the window shows now (its backing store: what was painted, stale pixels included)."""
    QApplication.processEvents()
    return QApplication.primaryScreen().grabWindow(view.winId()).toImage()


def state(table, name: str) -> tuple:
    """What a player or a screen reader can tell of the item named ``name``."""
    it = table.find(name)
    if not isinstance(it, TableItem):
        return (type(it).__name__,)
    parent = zone_of(it)
    return (type(it).__name__, it.zValue(), it.opacity(), it.isVisible(), it.toolTip(), it.acceptedMouseButtons(),
            it.acceptHoverEvents(), it.cursor().shape(), it.scenePos().toTuple(),
            it.look(), table.address_of(parent) if parent is not None else None, table.spoken(it), it.role)


def a_view(game, names) -> tuple[TableView, TableScene]:
    """A 1366 x 768 window showing a new table of ``game``, animations off."""
    view = TableView()
    view.resize(1366, 768)
    view.show()
    table = make_table(game, names, False)
    view.setScene(table)
    view.fit()
    return view, table


@pytest.mark.parametrize("game", TABLES, ids=[g.id for g in TABLES])
def test_a_table_drawing_view_after_view_shows_what_a_fresh_table_shows_and_keeps_what_did_not_change(qtbot, game):
    players = min(3, game.max_players)
    names = ["Ada", "Ben", "Cleo"][:players]
    match = Match(game, [Seat(n) for n in names], {}, seed=11)
    rng = random.Random(11)
    view, table = a_view(game, match.names)
    table.show_view(match.state.view(0), [], None)
    shares = []
    for step in range(40):
        if match.is_over():
            break
        if match.decider() == CHANCE:
            match.resolve_chance()
        else:
            match.submit(rng.choice(match.legal_actions()))
        before = {id(it): it for it in table.items()}
        legal = match.legal_actions() if match.decider() == 0 else []
        table.show_view(match.state.view(0), legal, match.log[-1])
        now = table.items()
        shares.append(sum(1 for it in now if before.get(id(it)) is it) / max(1, len(now)))
        fresh_view, fresh = a_view(game, match.names)
        fresh.show_view(match.state.view(0), legal, match.log[-1])
        where = f"{game.id} after {match.log[-1]} (step {step})"
        shown, drawn = on_screen(view), on_screen(fresh_view)
        if shown != drawn:  # (where they differ, for the failure's message)
            import os
            if os.environ.get("KEEPING_DUMP"):
                shown.save("/tmp/kept.png"); drawn.save("/tmp/fresh.png")
        assert shown == drawn, where
        assert sorted(table.named_items()) == sorted(fresh.named_items()), where
        for name in table.named_items():
            assert state(table, name) == state(fresh, name), f"{where}: {name}"
        fresh_view.setScene(None)
        fresh.dispose()
        fresh_view.close()
    assert len(shares) >= 10
    assert sorted(shares)[len(shares) // 2] >= 0.5, f"{game.id}: half the items or more stay on a move ({shares})"
    view.setScene(None)
    table.dispose()


@pytest.mark.parametrize("game", TABLES, ids=[g.id for g in TABLES])
def test_the_same_view_drawn_again_repaints_only_what_cannot_tell_its_look(qtbot, game, monkeypatch):
    match = Match(game, [Seat(n) for n in ("Ada", "Ben")], {}, seed=5)
    rng = random.Random(5)
    view, table = a_view(game, match.names)
    painted = []
    paint = TableItem.paint
    monkeypatch.setattr(TableItem, "paint", lambda self, p, o=None, w=None: painted.append(self) or paint(self, p, o, w))
    for step in range(12):
        if match.decider() == CHANCE:
            match.resolve_chance()
        else:
            match.submit(rng.choice(match.legal_actions()))
        legal = match.legal_actions() if match.decider() == 0 else []
        painted.clear()
        table.show_view(match.state.view(0), legal, match.log[-1])
        on_screen(view)
        assert painted  # (a move repaints something: the hook sees it)
        painted.clear()
        table.show_view(match.state.view(0), legal, match.log[-1])
        on_screen(view)
        # what is repainted is the items that cannot tell their look, and what lies under them
        unknown = [it.sceneBoundingRect() for it in table.items() if isinstance(it, TableItem) and it.look() is None
                   and it.isVisible()]
        stray = [type(it).__name__ for it in painted if isValid(it) and it.look() is not None
                 and not any(it.sceneBoundingRect().intersects(r) for r in unknown)]
        assert stray == [], f"{game.id} step {step}: {stray}"
    view.setScene(None)
    table.dispose()


# --- the mechanism on a small table ------------------------------------------------------------
class Chip(TableItem):
    """A coloured square; its sprite key is its colour."""

    def __init__(self, rect: QRectF, colour: str) -> None:
        super().__init__(rect, "chip")
        self.colour = colour

    def sprite_key(self):
        return (self.colour,)

    def paint_body(self, p: QPainter) -> None:
        p.fillRect(self._size, QColor(self.colour))


class Small(TableScene):
    def __init__(self) -> None:
        super().__init__(None, ["Ann"])
        self.set_animations(False)

    def draw(self, chips: list[tuple[float, str, str]], hand: list[str] = ()) -> list[Chip]:
        with self.drawing():
            made = [Chip(QRectF(x, 10, 50, 50), colour) for x, colour, _ in chips]
            for c, (_, _, tip) in zip(made, chips):
                if tip:
                    c.setToolTip(tip)
                self.addItem(c)
            self.addItem(HandZone(QRectF(0, 400, 600, 100), list(hand), lambda r, c, i: Chip(r, c)))
        return made


@pytest.fixture
def small(qtbot):
    t = Small()
    view = TableView()
    view.resize(800, 450)
    view.setScene(t)
    view.show()
    yield t
    view.setScene(None)
    t.dispose()


def test_an_item_made_again_as_it_was_is_the_same_item_and_one_not_made_again_goes(small):
    a, b = small.draw([(10, "red", ""), (100, "blue", "")])
    a2, c = small.draw([(10, "red", ""), (200, "blue", "")])
    assert a2 is a and c is not b  # (made at another place: a new item)
    assert not isValid(b) and {it for it in small.items() if isinstance(it, Chip)} == {a, c}  # (deleted, as clear() does)


def test_a_zone_made_again_where_it_lay_is_kept_with_the_cards_that_stayed(small):
    small.draw([], ["red", "blue"])
    zone = next(it for it in small.items() if isinstance(it, HandZone))
    red, blue = zone.card_items()
    small.draw([], ["red", "green"])
    zone2 = next(it for it in small.items() if isinstance(it, HandZone))
    assert zone2 is zone and zone.card_items()[0] is red and zone.card_items()[1] is not blue
    assert not isValid(blue) and zone.members() == zone.card_items()


def test_a_kept_item_gets_a_new_items_qt_properties_when_the_drawing_does_not_set_them(small):
    (a,) = small.draw([(10, "red", "a red chip")])
    a.setZValue(5)
    a.setOpacity(0.5)
    a.setCursor(Qt.CursorShape.PointingHandCursor)
    a.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
    a.setAcceptHoverEvents(True)
    a.setEnabled(False)
    a.note = "left over"
    (a2,) = small.draw([(10, "red", "")])
    assert a2 is a
    assert a.isEnabled() and not a.acceptHoverEvents()
    assert (a.zValue(), a.opacity(), a.cursor().shape(), a.toolTip()) == (0.0, 1.0, Qt.CursorShape.ArrowCursor, "")
    assert a.acceptedMouseButtons() == Chip(QRectF(0, 0, 1, 1), "red").acceptedMouseButtons()
    assert not hasattr(a, "note")  # its Python attributes are made afresh too


def test_a_kept_item_is_repainted_only_when_its_look_changed(small, monkeypatch):
    painted = []
    monkeypatch.setattr(Chip, "paint", lambda self, p, *rest: painted.append(self.colour) or TableItem.paint(self, p, *rest))
    chips = [(10, "red", ""), (100, "blue", "")]
    small.draw(chips)
    QApplication.processEvents()
    painted.clear()
    small.draw(chips)
    QApplication.processEvents()
    assert painted == []  # nothing changed: nothing painted
    with small.drawing():  # the blue chip lit this time
        for x, colour, _ in chips:
            chip = Chip(QRectF(x, 10, 50, 50), colour)
            small.addItem(chip)
        chip.highlighted = True
    QApplication.processEvents()
    assert painted == ["blue"]


def draw_board(table, cells: dict[str, list[str]], still=None) -> tuple[dict[str, HandZone], set[str]]:
    """Parts kept whole: a zone of chips for each cell, kept whole while its chips are the same;
    the zones, and the cells made anew."""
    made, anew = {}, set()
    with table.drawing():
        for i, (cell, colours) in enumerate(sorted(cells.items())):
            key = ("cell", cell, tuple(colours))
            zone = table.keep_whole(key, still)
            if zone is None:
                anew.add(cell)
                zone = HandZone(QRectF(0, 100 * i, 600, 90), list(colours), lambda r, c, k: Chip(r, c))
                table.made_whole(key, zone)
            table.addItem(zone)
            made[cell] = zone
    return made, anew


def test_a_part_of_the_table_is_kept_whole_while_it_shows_the_same(small):
    a, anew = draw_board(small, {"a": ["red", "blue"], "b": ["green"]})
    assert anew == {"a", "b"}
    b, anew = draw_board(small, {"a": ["red", "blue"], "b": ["green", "green"]})
    assert anew == {"b"} and b["a"] is a["a"] and b["a"].card_items() == a["a"].card_items()
    c, anew = draw_board(small, {"a": ["red", "blue"]}, still=lambda zone: False)  # (it changed meanwhile)
    assert anew == {"a"}
    assert not isValid(b["b"])  # (not drawn: gone)
    assert keep_nothing_outside_a_drawing(small, ("cell", "a", ("red", "blue")))
    small.draw([(10, "red", "")])  # a drawing without the board: the part goes too
    assert not isValid(c["a"])


def draw_nested(table, outer: str, inner: list[str]) -> tuple[HandZone, HandZone, set[str]]:
    """A part (a zone, keyed by ``outer``) holding a part of its own (a zone of chips, keyed by
    ``inner``): the two zones, and which of them were made anew."""
    anew = set()
    with table.drawing():
        box = table.keep_whole(("outer", outer))
        if box is None:
            anew.add("outer")
            box = HandZone(QRectF(0, 0, 700, 300), [outer], lambda r, c, k: Chip(r, c), max_len=50.0)
            cell = table.keep_whole(("inner", tuple(inner)))
            if cell is None:
                anew.add("inner")
                cell = HandZone(QRectF(0, 100, 600, 90), list(inner), lambda r, c, k: Chip(r, c))
                table.made_whole(("inner", tuple(inner)), cell)
            box.add(cell)
            table.made_whole(("outer", outer), box)
        table.addItem(box)
    QApplication.processEvents()
    return box, [m for m in box.members() if isinstance(m, HandZone)][0], anew


def test_a_part_kept_whole_inside_one_kept_whole_is_kept_for_the_next_drawing_and_marks_start_over(small):
    box, cell, anew = draw_nested(small, "red", ["blue", "green"])
    assert anew == {"outer", "inner"}
    cell.card_items()[0].highlighted = True  # (a mark the table set after that drawing)
    box2, cell2, anew = draw_nested(small, "red", ["blue", "green"])
    assert anew == set() and box2 is box and cell2 is cell
    assert not cell.card_items()[0].highlighted  # its marks start over, as a new part's
    box3, cell3, anew = draw_nested(small, "yellow", ["blue", "green"])  # the outer part changed, not the inner
    assert anew == {"outer"} and cell3 is cell and cell3.card_items() == cell.card_items()


def keep_nothing_outside_a_drawing(table, key) -> bool:
    return table.keep_whole(key) is None


def stacking(table) -> list[str]:
    return [it.colour for it in table.items(Qt.SortOrder.AscendingOrder) if isinstance(it, Chip)]


def test_siblings_made_in_another_order_restack_only_when_they_overlap(small, monkeypatch):
    painted = []
    monkeypatch.setattr(Chip, "paint", lambda self, p, o=None, w=None: painted.append(self.colour) or TableItem.paint(self, p, o, w))
    small.draw([(10, "red", ""), (300, "blue", "")])  # apart
    QApplication.processEvents()
    painted.clear()
    small.draw([(300, "blue", ""), (10, "red", "")])
    QApplication.processEvents()
    assert stacking(small) == ["red", "blue"] and painted == []  # (left as they were: it looks the same)
    small.draw([(10, "red", ""), (30, "blue", "")])  # overlapping: blue over red
    assert stacking(small) == ["red", "blue"]
    QApplication.processEvents()
    painted.clear()
    small.draw([(30, "blue", ""), (10, "red", "")])  # now red over blue, as a new table draws it
    assert stacking(small) == ["blue", "red"]
    QApplication.processEvents()
    assert sorted(set(painted)) == ["blue", "red"]


def test_the_check_of_the_order_finds_only_overlapping_pairs_that_changed_places():
    from tabletop.client.keeping import _overlapping_out_of_order

    x, y, z = (Chip(QRectF(left, 0, 50, 50), "red") for left in (0, 20, 500))  # x and y overlap, z lies apart
    assert _overlapping_out_of_order([x, y, z], [z, x, y]) == []  # z moved, alone: nothing to do
    assert set(_overlapping_out_of_order([x, y, z], [y, x, z])) == {x, y}  # x and y swapped, and they overlap
    assert _overlapping_out_of_order([x, y, z], [x, y, z]) == []


def test_the_arguments_that_pick_an_item_are_compared_by_value_and_an_odd_one_makes_a_new_item():
    r = QRectF(1, 2, 3, 4)

    def framed(colour):
        return lambda p, rect: colour

    assert fingerprint([r, {"a": QColor("red")}]) == fingerprint([QRectF(r), {"a": QColor("#ff0000")}])
    assert fingerprint(framed("red")) == fingerprint(framed("red")) != fingerprint(framed("blue"))
    assert fingerprint(QRectF(1, 2, 3, 5)) != fingerprint(r)
    assert fingerprint({1, 2}) == fingerprint({2, 1})

    class Unhashable:
        def __eq__(self, other):
            return True
        __hash__ = None  # noqa: PIE794

    odd = Unhashable()
    assert fingerprint(odd) == ("O", id(odd))  # (compared by identity: its look is checked anyway)

    class Broken(tuple):
        def __hash__(self):
            raise TypeError("no")

    with pytest.raises(Unkeyable):
        fingerprint(Broken((1,)))


def test_an_item_made_outside_a_drawing_is_never_kept(small):
    small.draw([(10, "red", "")])
    stray = LabelItem(QRectF(0, 0, 10, 10), "stray", 17)
    small.addItem(stray)
    assert keeping.under_way() is None and stray.__dict__.get("_made_with") is None
    small.draw([(10, "red", "")])
    assert not isValid(stray)  # (gone with the drawing before)


def test_the_marks_lie_over_the_body_a_lit_item_keeps_its_sprite_and_items_of_a_size_share_one_ring(small):
    view = small.views()[0]
    chips = [(10, "red", ""), (100, "blue", "")]
    small.draw(chips)
    plain = view.viewport().grab().toImage()
    bodies = {k for k in small.sprites.entries if k[0][0] == "Chip"}
    with small.drawing():
        for x, colour, _ in chips:
            chip = Chip(QRectF(x, 10, 50, 50), colour)
            small.addItem(chip)
            chip.highlighted = True
    lit = view.viewport().grab().toImage()
    assert {k for k in small.sprites.entries if k[0][0] == "Chip"} == bodies  # the same bodies
    assert len([k for k in small.sprites.entries if k[0][0] == "marks"]) == 1  # one ring for both
    ring = view.mapFromScene(chip.mapToScene(chip.rect().topLeft())) + QPoint(-1, 25)  # (on its left edge)
    assert lit.pixel(ring) != plain.pixel(ring)  # ... and painted


def test_a_players_board_stays_when_their_turn_comes_and_only_its_gold_frame_is_painted(small, monkeypatch):
    view = small.views()[0]
    exposed = []

    class Exposed(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                exposed.append(sum(r.width() * r.height() for r in event.region()))
            return False

    def draw(active: bool):
        exposed.clear()
        with small.drawing():
            panel = PlayerPanelZone(QRectF(0, 0, 700, 300), 0, active=active, name="Ann")
            panel.add(Chip(QRectF(300, 120, 50, 50), "red"))
            small.addItem(panel)
        QApplication.processEvents()
        return panel.board

    board = draw(False)
    assert board.childItems() == []
    spy = Exposed()
    view.viewport().installEventFilter(spy)
    painted = []
    paint = TableItem.paint
    monkeypatch.setattr(TableItem, "paint", lambda self, p, *rest: painted.append(type(self).__name__) or paint(self, p, *rest))
    assert draw(True) is board  # the same board, now framed in gold
    assert sorted(e.side for e in board.childItems()) == ["bottom", "left", "right", "top"]
    assert "PanelEdge" in painted and "Chip" not in painted  # (the chip lies mid-board)
    whole = view.mapFromScene(board.sceneBoundingRect()).boundingRect()
    assert 0 < sum(exposed) < 0.25 * whole.width() * whole.height()  # the frame's strips, not the board
    painted.clear()
    assert draw(False) is board and board.childItems() == []
    assert "PanelItem" in painted and "Chip" not in painted  # (along the board's edge, where the frame was)
    assert 0 < sum(exposed) < 0.25 * whole.width() * whole.height()
    view.viewport().removeEventFilter(spy)


@pytest.mark.parametrize("rects", [[(0, 0, 40, 30)], [(0, 0, 40, 30), (10, 30, 60, 20)],
                                   [(0, 0, 40, 10), (0, 10, 80, 10), (20, 20, 30, 10), (0, 30, 5, 50)]],
                         ids=["one rectangle", "two", "four"])
def test_a_sprite_is_copied_into_every_rectangle_being_repainted_and_nowhere_else(qtbot, rects):
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QImage, QPixmap, QRegion

    from tabletop.client.sprites import copy_to_device as _copy

    sprite = QPixmap(50, 40)
    sprite.fill(QColor(200, 30, 30, 255))
    exposed = QRegion()
    for r in rects:
        exposed |= QRegion(QRect(*r))
    image = QImage(100, 100, QImage.Format.Format_RGB32)
    image.fill(QColor("black"))
    image.paintEngine().setSystemClip(exposed)  # (what a widget's paint event repaints)
    p = QPainter(image)
    _copy(p, 5, 8, sprite)
    p.end()
    inside = exposed & QRegion(QRect(5, 8, 50, 40))
    for y in range(100):
        for x in range(100):
            painted = image.pixelColor(x, y) != QColor("black")
            assert painted == inside.contains(QPoint(x, y)), (x, y)
