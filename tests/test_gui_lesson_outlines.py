"""Issue 41: what a lesson's step lights is seen lit.  At every step of every lesson, each item
the step outlines draws the outline round it: the pixels just outside it change when it is lit
(the forest's species board was marked lit and drew nothing: a board of words painted no marks)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.engine.lessons import all_lessons


@pytest.fixture(autouse=True)
def own_progress(tmp_path, monkeypatch):
    from tabletop.engine import lessons

    monkeypatch.setattr(lessons, "progress_path", lambda: tmp_path / "lessons.json")


def ring(table, item) -> QImage:
    """The scene as drawn in a band 2 to 10 units outside where ``item`` lies (a label: its words;
    inside it white)."""
    return band(table, table.scene_rect_of(item))


def band(table, r: QRectF) -> QImage:
    """The scene as drawn in a band 2 to 10 units outside ``r`` (inside it white)."""
    outer = r.adjusted(-10, -10, 10, 10)
    image = QImage(int(outer.width()), int(outer.height()), QImage.Format.Format_ARGB32)
    image.fill(0)
    p = QPainter(image)
    table.render(p, QRectF(0, 0, image.width(), image.height()), outer)
    p.fillRect(QRectF(8, 8, r.width() + 4, r.height() + 4), QColor("white"))
    p.end()
    return image


def changed(a: QImage, b: QImage) -> float:
    """The share of the band's pixels (outside the white inside) that differ between two
    pictures of the same band."""
    n = diff = 0
    white = QColor("white").rgba()
    for y in range(0, a.height(), 2):
        for x in range(0, a.width(), 2):
            if a.pixel(x, y) == white == b.pixel(x, y):
                continue
            n += 1
            diff += a.pixel(x, y) != b.pixel(x, y)
    return diff / max(1, n)


@pytest.mark.parametrize("lesson", [x.id for x in all_lessons()])
def test_every_place_a_step_lights_is_drawn_lit(gui, qtbot, lesson):
    steps = next(x for x in all_lessons() if x.id == lesson).steps
    unseen = []
    for n, step in enumerate(steps):
        if not step.point:
            continue
        gui.window.learning.learn(lesson, n)
        gui.wait_for_human()
        table = gui.table
        lit = table.hinted_items()
        assert lit, f"step {n + 1} lights nothing of {step.point}"
        for item in lit:
            on = ring(table, item)
            item.hinted = False
            off = ring(table, item)
            item.hinted = True
            if changed(on, off) < 0.3:
                unseen.append((n + 1, table.spoken(item) if hasattr(table, "spoken") else repr(item)))
    assert not unseen, f"lit but drawn as if not: {unseen}"


def test_a_lit_label_is_outlined_round_its_words_and_pointed_at_there(gui, qtbot):
    """A lesson may light a label (Spheres of Life's "Banked: none" under Bramble's hand, bank/1):
    it drew nothing, and the callout's tail aimed at the middle of its rectangle, which runs far
    past its words.  Lit, it is outlined round its words, and that is where the table says it lies."""
    gui.window.learning.learn("gods-and-myths-dawn", 6)
    gui.wait_for_human()
    table = gui.table
    label = table.find("bank/1")
    whole = label.mapRectToScene(label.rect())
    words = label.card_scene_rect()
    assert words.width() < whole.width() / 2 and whole.contains(words)
    assert table.scene_rect_of(label) == words
    table.point_at(["bank/1"])
    assert label.hinted and label in table.hinted_items()
    on = band(table, words)
    label.hinted = False
    off = band(table, words)
    assert changed(on, off) >= 0.3
