"""Issue 41: the others' moves shown as they happen, in a lesson and in play.  After the bots
move, what their moves brought onto the table carries a mark (a card played or given, a back
drawn into a hand, a stone sown) and their lines of the log are lit, until the player moves again;
the player's own moves mark nothing.  (Before: nothing on the table said what the bots had done,
and the lessons recapped it in a paragraph.)"""

from __future__ import annotations

import random

import pytest

from tabletop.client.played import LAST, MINE, OTHERS, played_mode


def lit_lines(screen) -> list[str]:
    from PySide6.QtCore import Qt

    return [screen.log.item(r).text() for r in range(screen.log.count())
            if screen.log.item(r).data(Qt.ItemDataRole.UserRole)]


def marked_names(table) -> set[str]:
    return {table.address_of(it) for it in table.played_marks.marked()}


def test_whose_moves_the_table_marks():
    assert played_mode(None, 0) == MINE and played_mode(3, 0) == OTHERS and played_mode(3, None) == LAST


@pytest.mark.parametrize("game", ["forest", "spheres-of-life", "three-spheres", "spheres-shogun"])
def test_the_bots_moves_are_marked_on_the_table_and_lit_in_the_log_until_the_player_moves(gui, qtbot, game):
    gui.window.settings.animations = False
    gui.start(["human", "easy"], game=game, seed=3)
    gui.wait_for_human()
    c, m, screen = gui.controller, gui.match, gui.window.table_screen
    rng = random.Random(1)
    checked, marks_seen = 0, 0
    for _ in range(40):
        if m.is_over():
            break
        gui.wait_for_human()
        if m.is_over():
            break
        since = m.others_moved(0)
        lines = m.log_lines()
        if since is not None:
            others = [line.text for line in lines if line.last >= since]
            assert lit_lines(screen) == others, "the lines of the others' moves since mine are lit, and only they"
            checked += 1
            marks_seen += bool(marked_names(gui.table))
        else:
            assert not lit_lines(screen) and not marked_names(gui.table)
        before = len(m.log)
        assert c.submit_human(rng.choice(m.legal_actions()))
        if c.human_to_act() and m.others_moved(0) is None:  # (my own move, drawn: nothing of mine is marked)
            qtbot.waitUntil(lambda: not gui.table.busy(), timeout=3000)
            assert not marked_names(gui.table) and not lit_lines(screen), m.sentences[before:]
    assert checked >= 3 and marks_seen >= 2, (checked, marks_seen)


def test_a_card_a_bot_plays_is_marked_where_it_lands(gui, qtbot):
    """The forest: the slot of a bot's tree where it played a card is marked, and so is a card
    it drew (a new back in its hand); none of my own slots."""
    from tabletop.games.forest.cards import card

    gui.window.settings.animations = False
    gui.start(["human", "easy"], game="forest", seed=3)
    c, m = gui.controller, gui.match
    rng = random.Random(2)
    played = drew = 0
    for _ in range(30):
        gui.wait_for_human()
        if m.is_over():
            break
        since = m.others_moved(0)
        names = marked_names(gui.table)
        if since is not None:
            for a, d in zip(m.log[since - 1:], m._deciders[since - 1:]):
                if d == 1 and a.kind == "play":
                    assert f"slot/1/{a['tree']}/{card(a['card']).level}" in names, (a, names)
                    played += 1
                if d == 1 and a.kind == "draw":
                    assert any(n.startswith("hand/1/back/") for n in names), names
                    drew += 1
            assert not any(n.startswith("slot/0/") for n in names), names
        c.submit_human(rng.choice(m.legal_actions()))
    assert played and drew


def test_in_a_lesson_taken_up_at_a_step_the_bots_moves_are_played_on_the_table_and_lit(gui, qtbot):
    """Back, or a lesson taken up where it was left: the learner's moves are replayed at once,
    the bots' moves after the learner's last one are played on the table as they happen."""
    from tabletop.games.forest.cards import card

    from lesson_steps import step_of

    gui.window.learning.learn("forest-first-game", step_of("forest-first-game", r"^Wren played the Forked bough") - 1)
    gui.wait_for_human()
    m = gui.match
    lit = lit_lines(gui.window.table_screen)
    assert lit and all(line.startswith("Wren") for line in lit)
    since = m.others_moved(0)
    plays = [a for a, d in zip(m.log[since - 1:], m._deciders[since - 1:]) if d == 1 and a.kind == "play"]
    assert plays and {f"slot/1/{a['tree']}/{card(a['card']).level}" for a in plays} <= marked_names(gui.table)


def test_a_hero_another_chose_or_used_is_marked_on_their_area(gui, qtbot):
    """Spheres of Life: Bramble's hero chosen (a chip on their area) carries the others' moves' ring,
    as a card would, and so does one they use (turned over); the learner's own chip does not."""
    gui.window.learning.learn("spheres-of-life-first-game", 1)  # (step 2: Bramble chose the Paladin)
    gui.wait_for_human()
    names = marked_names(gui.table)
    assert "card/paladin1" in names and "card/druid1" not in names
    chip = gui.table.find("card/paladin1")
    assert chip.shows() == ("hero", "paladin1", False) and chip.boundingRect().contains(chip.rect().adjusted(-7, -7, 7, 7))
    m = gui.match
    used = [a for a, d in zip(m.log, m._deciders) if d == 1 and a.kind == "use"]
    assert not used  # (and, later, when Bramble uses a hero, its chip turned over is marked)
    from lesson_steps import step_of

    lynx = step_of("spheres-of-life-first-game", r"spent both Paladins naming Swan")
    gui.window.learning.learn("spheres-of-life-first-game", lynx - 1)  # (Bramble used both Paladins)
    gui.wait_for_human()
    names = marked_names(gui.table)
    theirs = {f"card/{a['card']}" for a, d in zip(gui.match.log, gui.match._deciders) if d == 1 and a.kind == "use"}
    assert theirs == {"card/paladin1", "card/paladin2"} and theirs <= names
    assert "card/druid1" not in names and "card/druid2" not in names  # (the learner's own, used by the learner)


def test_a_lit_line_is_drawn_in_its_colour_and_the_others_in_the_logs(gui, qtbot):
    """The theme's style sheet for the log's lines would leave a line's own background out."""
    from PySide6.QtCore import Qt

    from lesson_steps import step_of

    from tabletop.client.theme import colour

    gui.window.learning.learn("forest-first-game", step_of("forest-first-game", r"^Wren played the Forked bough") - 1)
    gui.wait_for_human()
    log = gui.window.table_screen.log
    log.scrollToBottom()
    qtbot.wait(50)
    picture = log.viewport().grab().toImage()
    rows = [r for r in range(log.count()) if log.visualItemRect(log.item(r)).bottom() < picture.height()]
    lit = [r for r in rows if log.item(r).data(Qt.ItemDataRole.UserRole)]
    unlit = [r for r in rows if not log.item(r).data(Qt.ItemDataRole.UserRole)]
    assert lit and unlit

    def drawn(row):
        rect = log.visualItemRect(log.item(row))
        return picture.pixelColor(rect.right() - 4, rect.center().y()).name()

    assert all(drawn(r) == colour("played_line").name() for r in lit)
    assert all(drawn(r) != colour("played_line").name() for r in unlit)


def test_every_log_line_is_as_high_as_its_words_wrapped_where_they_are_drawn(gui, qtbot):
    """A line of the table's log has the height its words take at the width they are drawn in
    (Qt measured them at a wider width: "Bramble draws a 2nd level card from pile" lost its "1.")."""
    from PySide6.QtCore import QRect, Qt

    from lesson_steps import step_of

    gui.window.learning.learn("forest-first-game", step_of("forest-first-game", r"^Your tree has its Ground and its Canopy") - 1)
    gui.wait_for_human()
    log = gui.window.table_screen.log
    lines = log.itemDelegate()
    fm = log.fontMetrics()
    assert log.count() > 10
    for row in range(log.count()):
        item = log.item(row)
        rect = log.visualItemRect(item)
        width = lines.text_width(rect.width())
        assert width >= rect.width() - 20  # (drawn nearly as wide as the line)
        need = fm.boundingRect(QRect(0, 0, width, 1 << 20), Qt.TextFlag.TextWordWrap.value, item.text()).height()
        assert rect.height() >= need, (item.text(), rect.height(), need)


def test_a_lit_card_the_others_moved_keeps_its_ring_inside_the_outline(qtbot):
    """A lesson lit Bramble's hand while its words said the Heron was "ringed": the hint's outline
    hid the violet ring. Lit by a hint or a lesson, a card the others moved keeps its ring inside
    the outline; one the seat may click or has chosen shows that mark instead."""
    from PySide6.QtCore import QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QGraphicsScene

    from tabletop.client.table_items import PLAYED
    from tabletop.games.spheres_of_life.card_items import SpheresCard

    def violet(item) -> int:
        """The pixels of the ring's colour in a band just outside the card."""
        scene = QGraphicsScene()
        scene.addItem(item)
        image = QImage(140, 180, QImage.Format.Format_ARGB32)
        image.fill(QColor("black"))
        p = QPainter(image)
        scene.render(p, QRectF(0, 0, 140, 180), QRectF(-20, -20, 140, 180))
        p.end()
        want = QColor(PLAYED)
        count = 0
        for y in range(0, 180):
            for x in range(0, 140):
                inside = 20 <= x < 120 and 20 <= y < 160
                c = image.pixelColor(x, y)
                if not inside and abs(c.red() - want.red()) + abs(c.green() - want.green()) + abs(c.blue() - want.blue()) < 40:
                    count += 1
        scene.removeItem(item)
        return count

    def card(**marks):
        item = SpheresCard(QRectF(0, 0, 100, 140), "heron3", "hand")
        for k, v in marks.items():
            setattr(item, k, v)
        return item

    assert violet(card()) == 0
    ringed = violet(card(played=True))
    assert ringed > 100
    assert violet(card(played=True, hinted=True)) > ringed // 2
    assert violet(card(played=True, highlighted=True)) < ringed // 4


def test_cards_dealt_or_drawn_from_a_deck_are_nobodys_move_and_not_marked(gui, qtbot):
    """Spheres of Life: the cards dealt after Bramble's hero pick (the Day's open cards, the
    learner's hand, the backs in Bramble's) and the Wolf the learner's own Orb drew after Bramble let it through came
    from the deck, not from Bramble: they carry no ring; Bramble's Paladin does."""
    from tabletop.engine.lessons import lessons_dir, load_lesson

    lesson = load_lesson(lessons_dir() / "spheres-of-life-first-game.json")
    third = next(n for n, s in enumerate(lesson.steps) if s.say.startswith("Bramble took the other Paladin"))
    gui.window.learning.learn(lesson.id, third)
    gui.wait_for_human()
    names = marked_names(gui.table)
    dealt = {f"card/{c}" for c in gui.match.state.hands[0]}
    assert dealt and not dealt & names, names
    assert names == {"card/paladin2"}, names  # (not the cards dealt, open or backs in Bramble's hand)
    orb = next(n for n, s in enumerate(lesson.steps) if "the Orb drew" in s.say)
    gui.window.learning.learn(lesson.id, orb)
    gui.wait_for_human()
    assert "wolf3" in gui.match.state.hands[0] and "card/wolf3" not in marked_names(gui.table)


def test_a_card_new_to_the_table_is_marked_only_when_a_hidden_card_left_it():
    """The rule that a card new to the table came from a deck holds only while no hidden card
    (a back) left the table in the same drawing: a card a bot plays from its hand is marked, one
    dealt is not; a stone (whose id names its place) new to a square is marked as sown."""
    from unittest import mock

    from tabletop.client.played import arrivals

    class Item:
        KEEPS_ID = True

        def __init__(self, card, where):
            self.card_id, self.where = card, where

    def pieces(named):
        return {n: (it.card_id or "", it.where, None) for n, it in named.items()}

    backs = {f"hand/1/back/{i}": ("", "hand/1", None) for i in range(3)}
    new = {"card/owl1": Item("owl1", "play/1"), "card/apple1": Item("apple1", "open")}
    with mock.patch("tabletop.client.played.pieces", pieces):
        two = {f"hand/1/back/{i}": Item(None, "hand/1") for i in range(2)}
        assert set(arrivals(backs, dict(two, **new))) == set(new)  # (a back went: played from a hand)
        three = {f"hand/1/back/{i}": Item(None, "hand/1") for i in range(3)}
        assert arrivals(backs, dict(three, **new)) == []  # (dealt from the deck)
        # (where players draw and flip by their moves -- the forest, the card game -- a card flipped
        # onto the table or a back drawn is the others' move; a card drawn into my own hand is not)
        flipped = dict(three, **new, **{"hand/1/back/3": Item(None, "hand/1"), "card/owl2": Item("owl2", "hand/0")})
        assert set(arrivals(backs, flipped, 0, deck_moves=True)) == {*new, "hand/1/back/3"}
        assert arrivals(backs, flipped, 0) == []
        stone = Item("peasant@3/0", "square/3")
        stone.KEEPS_ID = False
        assert arrivals(backs, dict(three, **{"square/3/peasant/0": stone})) == ["square/3/peasant/0"]
