"""Three Spheres TCG's end, from a new player's play-through of "Your first duel": one way of
splitting a player's points (decision 14: the "Fixed points" pile, Corrupted Wisps included,
then each kind of dynamic card with its fixed and dynamic points together) -- the same rows on
the walk-through's Total box, in the Scores panel and on the end screen, each adding up to the
total -- and every row of the walk-through readable whole at 1366x768."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import random  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QGraphicsView  # noqa: E402

from tabletop.client.table_items import DecorItem, LabelItem  # noqa: E402
from tabletop.engine.actions import Action  # noqa: E402
from tabletop.engine.game import CHANCE  # noqa: E402
from tabletop.engine.match import Match, Seat  # noqa: E402
from tabletop.engine.registry import get_game  # noqa: E402
from tabletop.games.three_spheres import words  # noqa: E402
from tabletop.games.three_spheres.cards import card, kind_of  # noqa: E402
from tabletop.games.three_spheres.scoring import score, walkthrough  # noqa: E402
from tabletop.games.three_spheres.steps import Move, Step  # noqa: E402
from tabletop.games.three_spheres.table import ThreeSpheresTable  # noqa: E402

from three_spheres_positions import position  # noqa: E402

G = get_game("three-spheres")
LAPTOP = 1036 / 686  # the table's part of a 1366 x 768 window, beside the side panel
WIDE = 16 / 9
# finished games: (seed, seat 1's deck, seat 2's deck, the seat played here)
GAMES = [(3, "forest", "myth", 0), (5, "crossroads", "forest", 1), (8, "myth", "crossroads", 1), (12, "forest", "stones", 0)]
# every kind of card with dynamic points, for collections with many of them
DYNAMIC = ["dryad_seedling", "dryads_circle", "elders_acorn", "first_tree", "gloom_hound", "lord_of_wisps",
           "map_of_spheres", "mossheart_badger", "raked_garden", "riddling_sphinx", "ronin_stone", "shogun_stone",
           "standing_circle", "stone_eyed_gorgon"]


def points(text: str) -> int:
    """A number as the table and the panel write it ("+3", "−2", "0", "-1")."""
    return int(text.replace("−", "-"))


def finished(seed: int, deck1: str, deck2: str, seat: int) -> Match:
    """A game played to its end by random moves (mostly plays, spends and buys: collections with
    points of every kind), ``seat`` the human's."""
    seats = [Seat("Ada"), Seat("Ben", "bot", "easy")] if seat == 0 else [Seat("Ada", "bot", "easy"), Seat("Ben")]
    m = Match(G, seats, {"deck1": deck1, "deck2": deck2, "world_size": 8}, seed)
    rng = random.Random(seed)
    while not m.is_over():
        if m.decider() == CHANCE:
            m.resolve_chance()
            continue
        legal = m.legal_actions()
        busy = sorted({a.kind for a in legal} - {Move.END, Move.DONE})
        kind = rng.choice(busy) if busy and rng.random() < 0.9 else rng.choice(sorted({a.kind for a in legal}))
        m.submit(rng.choice([a for a in legal if a.kind == kind]))
    return m


def crowded(dynamic: int, copies: int = 0, theirs: int = 8):
    """A finished game whose first collection holds ``dynamic`` kinds of dynamic cards (and
    ``copies`` more Dryad Seedlings), the second ``theirs`` kinds, both with Corrupted Wisps."""
    mine = [f"{k}.a{i}" for i, k in enumerate(DYNAMIC[:dynamic])] + [f"dryad_seedling.a{40 + i}" for i in range(copies)]
    other = [f"{k}.b{i}" for i, k in enumerate(DYNAMIC[::-1][:theirs])]
    state = position(turn=1, first=0, turns=[3, 2], end_triggered=True,
                     hand=[mine + ["elder_oak.a30", "moss_sprout.a31"], other + ["seed_stone.b30"]],
                     discard=[["wisp.1", "wisp.2", "wisp.3"], ["wisp.4", "wisp.5", "cursed_coin.b31"]],
                     realm=[["whispering_sapling.a35"], ["lucky_pebble.b35"]])
    state.apply(Action.make(Move.END))
    assert state.step == Step.OVER
    return state


def random_ends(n: int):
    """``n`` finished games of random moves between every pair of the pre-built decks."""
    decks = ["forest", "myth", "stones", "crossroads"]
    for seed in range(n):
        yield finished(seed, decks[seed % 4], decks[(seed // 4 + 1) % 4], seed % 2).state


# --- the split, in the rules ------------------------------------------------------------------------
def test_a_score_is_split_as_the_walk_through_sorts_the_collection():
    """The fixed-points pile is one part, Wisps and Cursed Coins in it; a card with fixed and
    dynamic points (The Lord of Wisps) is one part, both together; a kind's copies are one."""
    mine = ["old_willow.a1", "elder_oak.a2", "gloom_hound.a3", "wisp.4", "cursed_coin.a5", "lord_of_wisps.a6",
            "dryad_seedling.a7", "dryad_seedling.a8", "moss_sprout.a9"]
    s = score(mine, ["wisp.1", "wisp.2"])
    assert s.parts == (("Fixed points (4 cards)", 3 + 4 - 1 - 1),
                       ("The Lord of Wisps (+3 fixed, +4 for 2 Corrupted Wisps with the opponent)", 7),
                       ("Dryad Seedling ×2 (each +3: 5 Forest cards, at most 3)", 6),
                       ("Gloom Hound (2 Corrupted Wisps with the opponent)", 2))
    assert s.total == 20 == walkthrough(mine, ["wisp.1", "wisp.2"])["total"]
    assert score(["wisp.1"], []).parts == (("Fixed points (1 card)", -1),)
    assert score(["moss_sprout.a1"], []).parts == (("Fixed points (0 cards)", 0),)
    assert score(["map_of_spheres.a1", "moss_sprout.a2"], []).parts == (
        ("Fixed points (0 cards)", 0), ("Map of the Three Spheres (+1 fixed, +2 for 2 different levels)", 3))


def test_every_finished_game_scores_the_parts_its_walk_through_shows():
    """For finished games of every pair of decks, both players: the score's first part is the
    fixed-points pile (its cards and their points), then each kind of the dynamic cards in the
    walk's order with the points of its copies, and the parts add up to the walk's total."""
    checked = 0
    for state in random_ends(12):
        for p in range(2):
            mine, theirs = state.collection(p), state.collection(1 - p)
            s, w = score(mine, theirs), walkthrough(mine, theirs)
            fixed = sum(e["points"] for e in w["fixed"])
            assert s.parts[0] == (f"Fixed points ({words.n_cards(len(w['fixed']))})", fixed)
            kinds: dict[str, list[dict]] = {}
            for e in w["dynamic"]:
                kinds.setdefault(kind_of(e["card"]), []).append(e)
            assert [label.split(" (")[0] for label, _ in s.parts[1:]] == [
                card(k).name + (f" ×{len(es)}" if len(es) > 1 else "") for k, es in kinds.items()]
            assert [v for _, v in s.parts[1:]] == [sum(e["fixed"] + e["points"] for e in es) for es in kinds.values()]
            assert s.total == sum(v for _, v in s.parts) == w["total"] == state.scores()[p].total
            checked += len(s.parts)
    assert checked > 24


def test_a_dynamic_cards_words_give_its_whole_points_and_why():
    assert words.dynamic_words({"fixed": 0, "points": 3, "why": "5 Forest cards, at most 3"}) == "+3: 5 Forest cards, at most 3"
    assert words.dynamic_words({"fixed": 3, "points": 4, "why": "2 Corrupted Wisps with the opponent"}) == (
        "+7: +3 fixed, +4 for 2 Corrupted Wisps with the opponent")
    assert words.dynamic_part("Dryad Seedling", 2, {"fixed": 0, "points": 3, "why": "3 Forest cards"}) == (
        "Dryad Seedling ×2", "each +3: 3 Forest cards")
    assert words.dynamic_part("Gloom Hound", 1, {"fixed": 0, "points": 0, "why": "0 Corrupted Wisps with the opponent"}) == (
        "Gloom Hound", "0 Corrupted Wisps with the opponent")


# --- the Total box and the Scores panel -------------------------------------------------------------
def total_box_rows(table, p: int) -> tuple[int, list[tuple[str, str]]]:
    """The Total box of player ``p`` as drawn: its total, and its rows of words (name, points)
    from top to bottom -- every text inside the box but its head and its total."""
    box = next(it for it in table.items() if isinstance(it, DecorItem) and getattr(it, "address", "") == f"total/{p}")
    inside = [it for it in table.items() if isinstance(it, LabelItem) and it.isVisible()
              and box.card_scene_rect().contains(it.card_scene_rect().center())]
    total = next(it for it in inside if getattr(it, "address", "") == f"total/{p}/points")
    lines: dict[int, list] = {}
    for it in inside:
        if it is not total and it.text != "Total":
            lines.setdefault(round(it.card_scene_rect().top()), []).append(it)
    rows = [tuple(it.text for it in sorted(row, key=lambda it: it.card_scene_rect().x())) for _, row in sorted(lines.items())]
    return points(total.text), rows


def panel_rows(panel, col: int) -> tuple[int, list[tuple[str, str]]]:
    """Column ``col`` of the Scores panel: its total, and its rows (label, points) not empty."""
    rows = [(panel.verticalHeaderItem(r).text(), panel.cell_text(r, col)) for r in range(panel.rowCount())]
    assert rows[-1][0] == "Total"
    return points(rows[-1][1]), [r for r in rows[:-1] if r[1]]


@pytest.mark.parametrize("seed,deck1,deck2,seat", GAMES)
def test_the_total_box_says_the_scores_panels_rows_and_they_add_up_to_the_total(gui, qtbot, seed, deck1, deck2, seat):
    m = finished(seed, deck1, deck2, seat)
    gui.window.start_match(m)
    table = gui.table
    qtbot.waitUntil(lambda: table.view is not None and table.view.get("walkthrough") and not table.busy(), timeout=10000)
    panel = gui.window.table_screen.scores
    qtbot.waitUntil(lambda: panel.rowCount() > 1 and panel.cell_text(panel.rowCount() - 1, 0) != "", timeout=5000)
    walk = table.view["walkthrough"]
    for p in range(2):
        total, rows = total_box_rows(table, p)
        panel_total, panel_parts = panel_rows(panel, p)
        assert rows == panel_parts, f"seed {seed}, player {p}: the Total box {rows} and the panel {panel_parts}"
        assert total == panel_total == walk[p]["total"] == sum(points(v) for _, v in rows)
        # the piles say the same: the fixed-points pile's words and points are the first row's
        name, fixed = rows[0]
        assert name == "Fixed points" and points(fixed) == sum(e["points"] for e in walk[p]["fixed"])
        assert f"Fixed points {fixed}" in table.all_items_text()


# --- every row readable whole -----------------------------------------------------------------------
def walk_at(qtbot, state, aspect: float, seat: int = 0) -> ThreeSpheresTable:
    """The walk-through of ``state`` on a table in a view of ``aspect`` as wide as a 1366 x 768
    window gives it, painted."""
    table = ThreeSpheresTable(G, ["Ada", "Ben"])
    table.set_animations(False)
    view = QGraphicsView(table)
    table.setParent(view)  # (the view owns the scene)
    qtbot.addWidget(view)
    table.shown_in = view  # (kept while the table is)
    view.resize(1036, round(1036 / aspect))
    view.show()
    table.show_view(state.view(seat), [])
    table.fit_height(aspect)
    view.fitInView(table.sceneRect(), Qt.KeepAspectRatio)
    view.grab()  # (painted: each item notes what it cut)
    return table


def assert_every_row_whole(table) -> None:
    walked = [it for it in table.items() if isinstance(it, LabelItem)]
    assert walked and all(it.isVisible() for it in walked)
    cut = [c for it in table.items() if hasattr(it, "cuts") for c in it.cuts()]
    assert not cut, f"cut short: {cut}"
    for p in range(2):
        half = next(h for h in table.items() if getattr(h, "key", None) == "ts-walk-half"
                    and h.card_scene_rect().contains(
                        next(it for it in table.items() if getattr(it, "address", "") == f"total/{p}").card_scene_rect()))
        box = next(it for it in table.items() if isinstance(it, DecorItem) and getattr(it, "address", "") == f"total/{p}")
        reasons = [it for it in walked if getattr(it, "address", "").startswith(f"dynamic/{p}/why/")]
        assert len(reasons) >= (1 if table.view["walkthrough"][p]["dynamic"] else 0)
        for i, it in enumerate(reasons):
            r = it.card_scene_rect()
            assert half.card_scene_rect().contains(r), f"{it.text!r} out of its half"
            assert not r.intersects(box.card_scene_rect()), f"{it.text!r} over the Total box"
            assert not any(r.intersects(o.card_scene_rect()) for o in reasons[i + 1:]), f"{it.text!r} over another reason"
        _, rows = total_box_rows(table, p)
        assert rows and all(len(row) == 2 for row in rows)  # (each row: a name and its points, whole)
        inside = [it for it in walked if box.card_scene_rect().contains(it.card_scene_rect().center())]
        assert all(box.card_scene_rect().contains(it.card_scene_rect()) for it in inside)


@pytest.mark.parametrize("aspect", [LAPTOP, WIDE], ids=["1366x768", "16:9"])
def test_no_row_of_a_finished_games_walk_through_is_cut(qtbot, table_fonts, aspect):
    for k, state in enumerate(random_ends(4)):
        assert_every_row_whole(walk_at(qtbot, state, aspect, seat=k % 2))


@pytest.mark.parametrize("dynamic,copies,theirs,aspect", [
    pytest.param(*case, aspect, id=f"{case[0]}+{case[1]}-{case[2]}-{name}")
    for cases, aspect, name in (([(4, 0, 3), (7, 0, 6), (10, 3, 8), (14, 4, 14)], LAPTOP, "1366x768"),
                                ([(4, 0, 3), (7, 0, 6), (10, 3, 8), (12, 2, 12)], WIDE, "16:9"))
    for case in cases])
def test_many_dynamic_cards_keep_every_reason_whole(qtbot, table_fonts, dynamic, copies, theirs, aspect):
    """However many dynamic cards a collection holds, every reason shows whole: under its card
    while it fits there, else listed by kind in the Scores panel's words under smaller cards
    (every kind of dynamic card at 1366x768, twelve of them in a 16:9 table)."""
    state = crowded(dynamic, copies, theirs)
    table = walk_at(qtbot, state, aspect)
    assert_every_row_whole(table)
    text = table.all_items_text()
    for p in range(2):
        for label, n in state.scores()[p].parts[1:]:
            name, why = label.split(" (", 1)
            why = why.removesuffix(")").split(": ", 1)[-1] if why.startswith("each ") else why.removesuffix(")")
            assert why in " ".join(text), f"{name}: its reason is not on the table"
