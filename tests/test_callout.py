"""Where a lesson's callout goes (client/callout.py: callout_spot): beside what the step lights,
never over it, inside the view, over as little of the table as it can."""

from __future__ import annotations

from PySide6.QtCore import QRect

from tabletop.client.callout import EDGE, GAP, GLOW, callout_spot

VIEW = QRect(0, 0, 1000, 700)


def gap(a: QRect, b: QRect) -> int:
    dx = max(0, b.left() - a.right(), a.left() - b.right())
    dy = max(0, b.top() - a.bottom(), a.top() - b.bottom())
    return max(dx, dy)


def clear_of(spot: QRect, targets: list[QRect]) -> bool:
    return not any(spot.intersects(t.adjusted(-GLOW, -GLOW, GLOW, GLOW)) for t in targets)


def test_beside_a_lit_item_on_an_empty_table_just_clear_of_its_outline():
    target = QRect(400, 300, 100, 80)
    spot = callout_spot(300, 120, [target], [], VIEW)
    assert spot.size().width() == 300 and spot.height() == 120
    assert clear_of(spot, [target]) and VIEW.contains(spot)
    assert gap(spot, target) == GLOW + GAP  # (as near as the outline and the tail let it)


def test_it_keeps_off_the_other_items_when_it_can():
    target = QRect(400, 300, 100, 80)
    below = QRect(300, 410, 400, 200)  # what lies below the lit item ...
    right = QRect(500, 200, 400, 300)  # ... and to its right
    spot = callout_spot(300, 120, [target], [below, right], VIEW)
    assert not spot.intersects(below) and not spot.intersects(right) and clear_of(spot, [target])
    assert spot.bottom() < target.top() or spot.right() < target.left()


def test_at_the_edge_of_the_view_it_goes_the_other_way_and_stays_inside():
    target = QRect(10, 600, 120, 90)  # the bottom-left corner
    spot = callout_spot(300, 120, [target], [], VIEW)
    assert VIEW.adjusted(EDGE, EDGE, -EDGE, -EDGE).contains(spot) and clear_of(spot, [target])


def test_never_over_any_of_several_lit_items_far_apart():
    targets = [QRect(100, 550, 90, 120), QRect(700, 60, 200, 120), QRect(450, 300, 80, 80)]
    spot = callout_spot(360, 160, targets, [QRect(0, 0, 1000, 700)], VIEW)
    assert clear_of(spot, targets) and VIEW.contains(spot)


def test_words_alone_go_where_they_cover_least():
    busy = [QRect(0, 0, 600, 700), QRect(600, 0, 400, 400)]  # only the bottom-right is free
    spot = callout_spot(300, 150, [], busy, VIEW)
    assert spot.left() >= 600 and spot.top() >= 400


def test_a_bubble_larger_than_the_view_is_cut_to_it():
    spot = callout_spot(2000, 900, [], [], VIEW)
    assert VIEW.contains(spot) and spot.width() == VIEW.width() - 2 * EDGE


def test_a_control_weighs_more_than_words_or_felt():
    words, buttons = QRect(0, 0, 500, 700), QRect(500, 0, 500, 700)  # (the table full: words left, buttons right)
    spot = callout_spot(300, 120, [], [words, buttons], VIEW, controls=[buttons])
    assert spot.right() < 500  # (over the words, not the buttons)
    spot = callout_spot(300, 120, [], [words, buttons], VIEW, controls=[words])
    assert spot.left() >= 500


def test_a_long_tail_goes_round_a_line_that_must_stay_in_sight():
    """The nearest point of a wide lit place lies beyond a score line the bubble sits under: the
    tail points at another point of its outline, its way clear of the line."""
    from tabletop.client.callout import _inside_length, tail_base, tail_for

    panel = QRect(10, 10, 980, 190)  # (another player's whole area, lit)
    line = QRect(10, 380, 500, 15)  # (the learner's score, in words)
    bubble = QRect(300, 420, 232, 150)
    tip = tail_for(bubble, [panel], [line])
    base = tail_base(bubble, tip)
    assert _inside_length(base.x(), base.y(), tip.x(), tip.y(), (line.left(), line.top(), line.right(), line.bottom())) == 0
    assert abs(tip.y() - panel.bottom()) <= GLOW  # (at the panel's side facing the bubble)
