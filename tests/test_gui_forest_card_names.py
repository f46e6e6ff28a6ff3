"""A card's name on the Once Upon a Forest table: a card in a place of a tree keeps its name,
drawn whole, at the table's usual size -- the seated player's forest and another player's, the
card alone or covering another (its "1 under" badge), and whatever the card carries (animals, a
chainsaw, both).  The lesson "Your first forest" called a card the "Birch crown" that the table
drew as "1 × Jay / Chainsaw" only: a card with an animal and a chainsaw, covering another, had no
room left for its name."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from tabletop.games.forest.card_items import SlotItem
from tabletop.games.forest.cards import Card, deck


def usual_slots(gui, qtbot) -> dict[str, QRectF]:
    """The places of a tree as the window at 1366x768 draws them in a game of two: the seated
    player's and the other player's."""
    assert gui.window.width() == 1366 and gui.window.height() == 768
    gui.start(["human", "easy"], game="forest")
    qtbot.waitUntil(lambda: gui.table.view is not None, timeout=5000)
    return {"yours": gui.table.slot_item(0, 0, 3).rect(), "the other's": gui.table.slot_item(1, 0, 3).rect()}


def painted(rect: QRectF, c: Card, under: Card | None) -> SlotItem:
    """A place of a tree of ``rect``'s size holding ``c`` (over ``under``), painted."""
    stack = ([under.id] if under else []) + [c.id]
    item = SlotItem(QRectF(0, 0, rect.width(), rect.height()), 0, 0, c.level, stack)
    image = QImage(int(rect.width()) + 2, int(rect.height()) + 2, QImage.Format.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    p = QPainter(image)
    item.paint_direct(p)
    p.end()
    return item


def another_of_its_level(c: Card) -> Card:
    return next(d for d in deck().values() if d.level == c.level and d.id != c.id)


def test_every_card_in_a_tree_shows_its_name_whole_alone_and_covering_another(gui, qtbot):
    slots = usual_slots(gui, qtbot)
    missing = []
    for whose, rect in slots.items():
        for c in deck().values():
            for under in (None, another_of_its_level(c)):
                item = painted(rect, c, under)
                cut = [drawn for text, drawn, _ in item.cuts() if text == c.name]
                if c.name not in item.texts() or cut:
                    missing.append((whose, c.name, "covering" if under else "alone", item.texts(), cut))
    assert not missing, f"{len(missing)} cards without their name whole: {missing[:6]}"


@pytest.mark.parametrize("card_id", ["C07", "G07"])  # (the Birch crown, the Acorn drift: an animal and a chainsaw)
def test_in_your_forest_a_covering_card_keeps_its_name_its_badge_and_the_words_of_its_marks(gui, qtbot, card_id):
    rect = usual_slots(gui, qtbot)["yours"]
    c = deck()[card_id]
    texts = painted(rect, c, another_of_its_level(c)).texts()
    assert c.name in texts and "1 under" in texts
    assert any(c.name != t and t.endswith(("Jay", "Wild boar")) for t in texts), texts  # (its animals, in words)
    assert "Chainsaw" in texts
