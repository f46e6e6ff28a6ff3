"""What is this? everywhere (issue 41, fault 13): on each of the four tables, at the start, in the
game, at its end (the card game's scoring) and in lessons' positions, a right-click on every item
a player can right-click -- each card, stone, place, pile, chip, board, label and button the
view's own right-click reaches -- opens a box that calls the item by a word a player knows (never
a name of the table's map: "panel/0", "prompt/decor/0", "info"), and explains it by the glossary's
entry for that kind of thing: a card lying in a tree is a Card (not an empty slot), the species
board is no player's forest, a hero's chip is a Hero, a captured Scholar is a Scholar and one of
the captures, the scoring's piles have their words.  The glossary has an entry for every stone
kind, and its Thief's dice say what the rules do with the default options."""

from __future__ import annotations

import random
import re

import pytest
from PySide6.QtCore import QPoint, QPointF
from PySide6.QtGui import QContextMenuEvent

from tabletop.client.table_items import TableItem
from tabletop.client.table_screen import TableView, make_table
from tabletop.client.what_is import item_at
from tabletop.client.zones import PileZone, Zone, zone_of
from tabletop.engine.actions import Action
from tabletop.engine.game import CHANCE
from tabletop.engine.glossary import glossary
from tabletop.engine.match import Match, Seat
from tabletop.engine.registry import get_game

GAMES = ("forest", "spheres-of-life", "spheres-shogun", "three-spheres")
MOMENTS = (0, 12, 45)  # moves made before the table is shown (seat 0 deciding); and the end
# a name of the table's map ("panel/0", "hand/1/back/2", "info"), or a bare word or number drawn
# small ("empty", "points", "−1"): no word a player calls a thing by
RAW = re.compile(r"[a-z0-9_.:+\u2212-]+(/[\w.:+-]+)*")


@pytest.fixture(scope="module", autouse=True)
def fonts(table_fonts):
    return table_fonts


# --- the table and the right-clicks ---------------------------------------------------------------
class Shown:
    """A state drawn for seat 0 in the client's own view (1366x768), as the game's window shows it."""

    def __init__(self, qtbot, game, names, state, last=None, seat=0):
        self.game, self.state = game, state
        self.table = make_table(game, names, False)
        self.view = view = TableView()
        view.setScene(self.table)
        self.table.setParent(view)  # (the view owns the scene: see table_harness.py)
        qtbot.addWidget(view)
        view.resize(1366, 768)
        view.show()
        legal = state.legal_actions() if state.decider() == seat else []
        self.table.show_view(state.view(seat), legal, last)
        view.fit()


def right_clickable(view, table) -> dict:
    """Every item a right-click in the view reaches (the topmost a player means there), each with
    a point of the view that reaches it: the centre and corners of every item on the table, and a
    grid over the whole view."""
    points = []
    for it in table.items():
        if isinstance(it, TableItem) and not it.zoomed and it.isVisible():
            r = it.card_scene_rect()
            for p in (r.center(), r.topLeft() + QPointF(3, 3), r.bottomRight() - QPointF(3, 3),
                      r.topRight() + QPointF(-3, 3), r.bottomLeft() + QPointF(3, -3)):
                points.append(view.mapFromScene(p))
    vp = view.viewport().rect()
    points += [QPoint(x, y) for x in range(2, vp.width(), 14) for y in range(2, vp.height(), 14)]
    found: dict = {}
    for pos in points:
        if not vp.contains(pos):
            continue
        item = item_at(table, view.mapToScene(pos))
        if item is not None and item not in found:
            found[item] = pos
    return found


def right_click_at(view, pos) -> tuple[str, str]:
    """The view's own right-click at ``pos``: the title and the text of the box it opens."""
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos))
    view.explained = None
    view.contextMenuEvent(event)
    box = view.explained
    assert box is not None and box.isVisible()
    title, text = box.windowTitle(), box.text()
    box.close()
    box.deleteLater()
    return title, text


def words_shown(game, text: str) -> list[str]:
    """The glossary's words the box explains ("Word: what it means" paragraphs), in order."""
    terms, _ = glossary(game)
    return [w for para in text.split("\n\n") for w in terms if para == f"{w}: {terms[w]}"]


def map_names(table) -> set[str]:
    """Every name of the table's map now (items and zones)."""
    return {table.address_of(it) for it in table.items() if isinstance(it, (TableItem, Zone))} - {""}


# --- what each thing is, game by game: the glossary's words its box must give ------------------------
def zone_name(item) -> str:
    zone = zone_of(item)
    return zone.address if zone is not None else ""


def forest_words(table, item):
    kind, a, role = type(item).__name__, table.address_of(item), getattr(item, "role", None)
    if kind == "SlotItem":
        if item.stack:
            return ["Card", "Covered card" if len(item.stack) > 1 else "Row"]
        return ["New tree"] if item.new_tree else ["Slot"]
    if kind == "CompostItem":
        return ["Compost"]
    if kind == "PanelItem":
        return ["Player area"]
    if kind == "PileItem":
        return ["Pile"]
    if kind == "CardItem":
        return {"hand": ["Hand"], "back": ["Hand"], "pending": ["Give", "Card"],
                "compost": ["Compost", "Card"]}.get(role)
    if a == "info":
        return ["Information board"]
    if a == "species":
        return ["Species board"]
    if a == "instruction":
        return ["Instruction"]
    if kind == "DecorItem" and zone_name(item).startswith("hand/"):  # (an empty place of the hand)
        return ["Hand"]
    return None


def spheres_words(table, item):
    from tabletop.games.spheres_of_life.cards import card

    kind, a, zone, role = type(item).__name__, table.address_of(item), zone_name(item), getattr(item, "role", None)
    chip = table.layout.chips.get(item)
    cid = chip or getattr(item, "card_id", None)
    if cid and card(cid).type == "hero":
        return ["Godly Hero" if card(cid).godly else "Hero"]
    if chip is not None or a.startswith("field/"):
        return ["Field", "Prolonged"] if chip is not None else ["Field"]
    if kind == "PanelItem":
        return ["Player area"]
    if role == "dawn":
        return ["Dawn"]
    if role == "sacrifice" or a.startswith("sacrifice/") or getattr(item, "dawn_row", None) is not None:
        return ["Sacrifice"]
    if isinstance(getattr(item, "key", None), tuple) and item.key[0] == "dawn-gauge":
        return ["Dawn Phase", "Dawn count"]
    if a == "phase":
        v = table.view
        phase = "Last Dream" if v["last_dream"] else {"setup": "Hero", "day": "Day", "night": "Night", "dream": "Dream",
                                                       "dawn": "Dawn Phase", "over": "Points"}[v["phase"]]
        return ["Phase board", phase]
    if a.startswith("bank/"):
        return ["Bank"]
    if a.startswith("known/") or zone.startswith("hand/"):
        return ["Hand"]
    for start, word in (("open", "Open cards"), ("pile/deck", "Deck"), ("pile/discard", "Discard pile"),
                        ("prompt", "Prompt")):
        if zone.startswith(start) or a.startswith(start):
            return [word]
    return None


def shogun_words(table, item):
    from tabletop.games.shogun.words import CHIPS, stone_name

    kind, a, zone = type(item).__name__, table.address_of(item), zone_name(item)
    # (the classic rules' words: a rectangle is a house, and the points are counted without special stones)
    house, points = ("House", "Points (classic rules)") if table.classic else ("Rectangle", "Points")
    if a.startswith(("debt/", "lent/")):  # (a debt on a player's area)
        return ["Borrow"]
    if kind == "StoneItem":
        place = next(w for start, w in (("square/", "Square"), ("rectangle/", house), ("captured/", "Captures"),
                                        ("chosen/", "Chosen stones"), ("tray", "Tray"), ("hand/", "Sow"))
                     if a.startswith(start))
        return [stone_name(item.key, table.classic), place]
    if kind == "PlaceItem":
        return [house if a.startswith("rectangle/") else "Square"]
    if kind == "ArrowItem":
        return ["Arrow"]
    if kind == "DieItem":
        return ["Thief's dice"]
    if kind == "PanelItem":
        return ["Player area"]
    if kind == "ButtonItem":
        move = item.action.kind if item.action is not None else None
        if move == "drop" and item.action.get("turn"):
            return ["Samurai"]
        return [{"skip": "Imprisoned", "roll": "Thief's dice", "keep": "Thief's dice", "take": "Capture",
                 "leave": "Capture", "ordain": "Ordain"}.get(move, "Prompt")]
    if kind == "DecorItem" and zone.startswith("panel/"):  # a mark on a player's area
        marks = {CHIPS[k][0]: w for k, w in (("imprisoned", "Imprisoned"), ("thief", "Thief's dice"),
                                             ("winner", points), ("draw", points), ("turn", "Player area"))}
        return [marks[item.key[1]]]
    if kind == "LabelItem" and zone.startswith("panel/") and item.toolTip():  # the score
        return [points]
    if zone == "prompt" or zone == "tray":
        return ["Prompt"] if zone == "prompt" else ["Tray"]
    return None


def three_spheres_words(table, item):
    kind, a, zone = type(item).__name__, table.address_of(item), zone_name(item)
    if kind == "PanelItem":
        return ["Player area"]
    if isinstance(getattr(item, "key", None), tuple) and item.key[:2] == ("chip", "Protected"):
        return ["Protected", "Corrupted Wisp"]
    for start, word in (("pile/realm/", "Realm deck"), ("pile/discard/", "Realm discard"),
                        ("discard/", "Realm discard"), ("pile/world/", "World deck"), ("pile/discovery/", "Discovery"), ("discovery/", "Discovery"),
                        ("pile/no-points/", "No points"), ("pile/fixed-points/", "Fixed points"),
                        ("dynamic/", "Dynamic points"), ("total/", "Total"), ("scoring", "Scoring"),
                        ("world/space/", "World space"), ("world/side/", "World"), ("in_play/", "In play"),
                        ("hand/", "Hand"), ("paid/", "Resources"), ("prompt", "Prompt"), ("card/", "Card")):
        if (getattr(item, "address", "") or zone or a).startswith(start):
            return [word]
    return None


EXPECTED = {"forest": forest_words, "spheres-of-life": spheres_words, "spheres-shogun": shogun_words,
            "three-spheres": three_spheres_words}


def wrong_boxes(shown: Shown, where: str) -> tuple[list[str], int]:
    """Right-click every item a player can right-click on the table shown: what is wrong with the
    boxes (a name of the map or no name a player knows as the title, the wrong explanation or
    none), and how many items were asked about."""
    game, table, view = shown.game, shown.table, shown.view
    terms, _ = glossary(game)
    names = map_names(table)
    wrong = []
    items = right_clickable(view, table)
    assert items, f"{where}: nothing to right-click"
    for item, pos in items.items():
        title, text = right_click_at(view, pos)
        a = table.address_of(item) or f"({type(item).__name__} {item.toolTip()[:30]!r})"
        name = title.removeprefix("What is this? ")
        if RAW.fullmatch(name) or name in names or not text.startswith(name):
            wrong.append(f"{where}: {a} is called {name!r}")
        expected = EXPECTED[game.id](table, item)
        if expected is None:
            wrong.append(f"{where}: {a} ({type(item).__name__}) is no thing this test knows")
            continue
        assert all(w in terms for w in expected), f"{expected} not all in the glossary"
        shown_words = words_shown(game, text)
        if shown_words != expected:
            wrong.append(f"{where}: {a} ({name!r}) is explained as {shown_words}, not {expected}")
    return wrong, len(items)


# --- the games at several moments ---------------------------------------------------------------------
def played(game, players: int, options: dict, moves: int, seed: int = 5) -> tuple[Match, Action | None]:
    """A match played by random moves until ``moves`` are made and seat 0 decides (or the end)."""
    m = Match(game, [Seat(n) for n in ("Ada", "Ben", "Cleo", "Dara")[:players]], options, seed=seed)
    rng = random.Random(seed)
    made = 0
    while not m.is_over():
        if m.decider() == CHANCE:
            m.resolve_chance()
            continue
        if made >= moves and m.decider() == 0:
            break
        m.submit(rng.choice(m.legal_actions()))
        made += 1
    return m, (m.log[-1] if m.log else None)


GODS_AND_MYTHS = {"godly_heroes": True, "mythical_creatures": True, "godly_abilities": True, "dawn": True}
SETUPS = [("forest", 2, {}), ("forest", 1, {}), ("spheres-of-life", 2, {}), ("spheres-of-life", 3, GODS_AND_MYTHS),
          ("spheres-shogun", 2, {}), ("spheres-shogun", 2, {"rules": "classic"}), ("three-spheres", 2, {})]


IDS = [f"{g}-{n}p" + ("-gods-and-myths" if o is GODS_AND_MYTHS else "".join(f"-{v}" for v in o.values()))
       for g, n, o in SETUPS]


@pytest.mark.parametrize("setup", SETUPS, ids=IDS)
def test_every_item_a_player_can_right_click_is_named_and_explained_as_what_it_is(qtbot, setup):
    gid, players, options = setup
    game = get_game(gid)
    wrong, asked = [], 0
    for moves in (*MOMENTS, 10**6):
        m, last = played(game, players, options, moves)
        shown = Shown(qtbot, game, m.names, m.state, last)
        found, n = wrong_boxes(shown, f"{gid} {players}p {options or ''} after {len(m.log)} moves")
        wrong += found
        asked += n
        if m.is_over():
            break
    assert asked > 40
    assert not wrong, f"{len(wrong)} of {asked} boxes wrong:\n" + "\n".join(wrong[:60])


def test_the_forest_boxes_the_species_board_a_card_in_a_tree_and_the_information_board(qtbot):
    game = get_game("forest")
    m, last = played(game, 2, {}, 30)
    shown = Shown(qtbot, game, m.names, m.state, last)
    table, view = shown.table, shown.view
    full = next(s for s in table.layout.slots.values() if s.stack)
    empty = next(s for s in table.layout.slots.values() if not s.stack and not s.new_tree)
    boxes = {name: right_click_at(view, view.mapFromScene(table.find(name).card_scene_rect().center()))
             for name in ("info", "species", table.address_of(full), table.address_of(empty))}
    terms, _ = glossary(game)
    title, text = boxes["info"]
    assert title == "What is this? Information board" and f"Information board: {terms['Information board']}" in text
    assert "Round" in text.split("\n")[0]  # (what it shows now)
    title, text = boxes["species"]
    assert title == "What is this? Species board" and "Player area" not in text and "forest" not in title
    title, text = boxes[table.address_of(full)]
    assert "Slot:" not in text and f"Card: {terms['Card']}" in text
    assert title == f"What is this? {table.spoken(full)[0]}"
    title, text = boxes[table.address_of(empty)]
    assert title == "What is this? Empty slot" and f"Slot: {terms['Slot']}" in text


def test_a_heros_chip_and_a_fields_card_are_explained_as_a_hero_and_a_prolonged_card(qtbot):
    from test_spheres_table_expansion import position

    game = get_game("spheres-of-life")
    state = position(heroes=[["druid1", "god_of_war"], ["warrior1"], ["paladin1"]], used=["god_of_war"],
                     fields=[["hades1"], ["laurel1", "shield2"], []], hands=[["owl1"], ["bat1"], ["rat1"]])
    shown = Shown(qtbot, game, ["Ada", "Ben", "Cleo"], state)
    table, view = shown.table, shown.view
    terms, _ = glossary(game)
    for name, title, word in (("card/god_of_war", "God of War", "Godly Hero"), ("card/warrior1", "Warrior", "Hero"),
                              ("card/shield2", "Shield of Faith", "Field")):
        item = table.find(name)
        got_title, text = right_click_at(view, view.mapFromScene(item.card_scene_rect().center()))
        assert got_title == f"What is this? {title}" and f"{word}: {terms[word]}" in text, (name, text)
        assert "Player area:" not in text


def test_the_card_games_empty_discard_and_its_scoring_piles_have_their_words(qtbot):
    game = get_game("three-spheres")
    terms, _ = glossary(game)
    m, last = played(game, 2, {}, 0)
    shown = Shown(qtbot, game, m.names, m.state, last)
    table, view = shown.table, shown.view
    empty = table.discard_pile(0)
    assert empty.count == 0 and empty.top_item is None
    label = next(it for it in empty.members() if getattr(it, "text", "").startswith("Discard"))
    title, text = right_click_at(view, view.mapFromScene(label.card_scene_rect().center()))
    assert title == "What is this? Realm discard" and text.startswith("Realm discard — empty")
    assert f"Realm discard: {terms['Realm discard']}" in text and "panel/" not in text
    panel = table.find("panel/0")
    title, _ = right_click_at(view, view.mapFromScene(panel.card_scene_rect().topLeft() + QPointF(300, 8)))
    assert title == "What is this? Your area"
    m, last = played(game, 2, {}, 10**6)
    shown = Shown(qtbot, game, m.names, m.state, last)
    table, view = shown.table, shown.view
    for name, word in (("pile/no-points/0", "No points"), ("pile/fixed-points/1", "Fixed points"), ("total/0", "Total"),
                       ("scoring", "Scoring")):
        item = table.find(name)
        if item is None or (isinstance(zone_of(item), PileZone) and zone_of(item).top_item is None):
            continue
        _, text = right_click_at(view, view.mapFromScene(item.card_scene_rect().center()))
        assert f"{word}: {terms[word]}" in text, name
    dynamic = [it for it in table.items() if zone_name(it).startswith("dynamic/")]
    for item in dynamic[:2]:
        _, text = right_click_at(view, view.mapFromScene(item.card_scene_rect().center()))
        assert f"Dynamic points: {terms['Dynamic points']}" in text


# --- lessons' positions ---------------------------------------------------------------------------------
@pytest.mark.parametrize("lesson_id", ["shogun-endgame", "gods-and-myths-dawn", "forest-first-game"])
def test_every_item_of_a_lessons_steps_is_named_and_explained(qtbot, lesson_id):
    from tabletop.engine.lessons import LessonRun, all_lessons, play_others

    lesson = next(x for x in all_lessons() if x.id == lesson_id)
    game = get_game(lesson.game)
    m = lesson.new_match(game)
    play_others(m)
    run = LessonRun(lesson)
    wrong, asked = [], 0
    for step in range(min(len(lesson.steps), 8)):
        shown = Shown(qtbot, game, m.names, m.state, m.log[-1] if m.log else None)
        found, n = wrong_boxes(shown, f"{lesson_id} step {step}")
        wrong, asked = wrong + found, asked + n
        if m.is_over() or run.finished or run.take_step(m):
            break
    assert asked > 20
    assert not wrong, f"{len(wrong)} of {asked} boxes wrong:\n" + "\n".join(wrong[:60])


# --- the glossary's stones and the Thief's dice ----------------------------------------------------------
def test_every_stone_kind_has_its_entry_and_every_stone_its_kinds_word(qtbot):
    from tabletop.games.shogun.stones import KINDS

    game = get_game("spheres-shogun")
    terms, _ = glossary(game)
    for kind in KINDS:
        assert terms.get(kind.name), f"no glossary entry for the {kind.name}"
        assert str(kind.value) in terms[kind.name] or (kind.value == 0 and "nothing" in terms[kind.name]), kind.name
    assert terms.get("Mandarin")
    m, last = played(game, 2, {}, 0)
    shown = Shown(qtbot, game, m.names, m.state, last)
    tray = [it for it in shown.table.items()
            if type(it).__name__ == "StoneItem" and shown.table.address_of(it).startswith("tray/")]
    assert len(tray) == 8
    for stone in tray:
        _, text = right_click_at(shown.view, shown.view.mapFromScene(stone.card_scene_rect().center()))
        name = next(k.name for k in KINDS if k.key == stone.key)
        assert f"{name}: {terms[name]}" in text and f"Tray: {terms['Tray']}" in text


def thief_at_the_end(chosen, options=None):
    """Ada ends the game by taking the last shogun, a thief in each player's captures; ``chosen``:
    the special stones each chose; ``options``: the default ones unless said."""
    from shogun_positions import GAME, P, S, board

    doc = board(p2=[P], p8=[P])
    doc[11] = []
    state = GAME.from_position({"board": doc, "stores": [["thief"], ["thief", S]], "turns": [9, 9], "chosen": chosen,
                                "options": dict(options or {})})
    state.apply(Action.make("sow", square=2, dir=1))
    if state.step == "capture":  # (capture=may, the default: Ada takes the shogun)
        state.apply(Action.make("take"))
    return state


def test_the_thiefs_dice_in_the_glossary_are_the_rules_with_the_default_options():
    from tabletop.games.shogun.steps import Step
    from tabletop.games.shogun.stones import KINDS

    game = get_game("spheres-shogun")
    assert {o.name: o.default for o in game.options}["thief_roll"] == "chooser"
    terms, _ = glossary(game)
    dice = terms["Thief's dice"]
    # "if you chose the Thief": a player who holds a thief but did not choose the kind has no roll ...
    assert "if you chose the Thief" in dice and "its holder may roll" not in dice
    nobody = thief_at_the_end([[], []])
    assert nobody.step == Step.OVER and nobody.decider() is None
    # ... and one who chose him has, once for each thief captured, and "may also keep him"
    ben = thief_at_the_end([[], ["thief"]])
    assert ben.step == Step.THIEF and ben.decider() == 1 and {a.kind for a in ben.legal_actions()} == {"roll", "keep"}
    assert "keep him and not roll" in dice
    # "No double: you take the sum from your opponent's points"
    rolled = thief_at_the_end([["thief"], []])
    assert rolled.decider() == 0
    rolled.apply(Action.make("roll"))
    rolled.apply(Action.make("dice", total=7, double=False))
    assert rolled.transfers == [7, -7] and "No double: you take the sum from your opponent's points" in dice
    # "A double: your opponent takes the sum from yours"
    doubled = thief_at_the_end([["thief"], []])
    doubled.apply(Action.make("roll"))
    doubled.apply(Action.make("dice", total=8, double=True))
    assert doubled.transfers == [-8, 8] and "A double: your opponent takes the sum from yours" in dice
    # the other reading is the option, and the glossary names it as one: whoever holds a thief rolls
    held = thief_at_the_end([[], []], {"thief_roll": "holder"})
    assert held.step == Step.THIEF and "thief roll: holder, whoever holds a thief may roll" in dice
    # the stone's own text and the glossary's Thief say the same
    thief = next(k for k in KINDS if k.key == "thief")
    assert "who chose him" in thief.text and "Thief's dice" in terms["Thief"] and "2" in terms["Thief"]


def test_the_arrows_of_a_chosen_square_are_explained_with_the_rest_of_the_board(qtbot):
    from shogun_positions import P, board, position

    game = get_game("spheres-shogun")
    state = position(board=board(p1=[P, P], p3=[P, "scholar"], p8=[P, P]), stores=[["monk"], [P]],
                     chosen=[["scholar", "monk"], ["ghost"]])
    shown = Shown(qtbot, game, ["Ada", "Ben"], state)
    table = shown.table
    table.clicked(table.find("square/3"))  # (the square chosen: its two arrows show)
    arrows = [it for it in table.items() if type(it).__name__ == "ArrowItem"]
    assert len(arrows) == 2
    wrong, _ = wrong_boxes(shown, "a square chosen")
    assert not wrong, "\n".join(wrong)
    terms, _ = glossary(game)
    for arrow in arrows:
        title, text = right_click_at(shown.view, shown.view.mapFromScene(arrow.card_scene_rect().center()))
        assert title == f"What is this? {table.spoken(arrow)[0]}" and f"Arrow: {terms['Arrow']}" in text
