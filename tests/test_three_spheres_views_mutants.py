"""Three Spheres TCG: the banner's words, the log's sentences and what cannot be taken back
(``three_spheres/views.py``) -- behaviour no test of the rules checked (issue 28, point 9: each
test is what surviving mutants broke)."""

from __future__ import annotations

from test_three_spheres_rules import A, DONE, END, GAME, pos, six

from tabletop.games.three_spheres.steps import Move, Step

NAMES = ["Ann", "Bo"]


def test_the_banner_says_what_each_step_asks():
    main = pos(hand=[["gilded_leaf.a1"], []], spaces=six(["glade_stag.b1"]))
    assert main.prompt() == "play a card, spend one for its resources, or end your turn"
    two = pos(hand=[["tide_of_stones.a1"], []], spaces=six(["glade_stag.b1"], ["elder_oak.b2"]))
    two.apply(A(Move.PLAY, card="tide_of_stones.a1"))
    assert two.step == Step.RESOURCES and two.prompt() == "choose where 2 resources go"
    one = pos(turn=1, hand=[[], []], in_play=[["river_pebble.a1"], []], realm=[["moss_sprout.a3"], []],
              discard=[[], []], spaces=six(["glade_stag.b1"]))
    one.apply(END)
    assert one.step == Step.RESOURCES and one.prompt() == "choose where 1 resource goes"
    hand = pos(hand=[["pilgrims_lantern.a1", "cursed_coin.a2", "wisp.3"], []], realm=[["moss_sprout.a4"], []])
    hand.apply(A(Move.PLAY, card="pilgrims_lantern.a1"))
    assert hand.prompt() == "trash a card from your hand, or stop"
    pile = pos(hand=[["grave_crow.a1"], []], discard=[["cursed_coin.a2"], []])
    pile.apply(A(Move.PLAY, card="grave_crow.a1"))
    assert pile.prompt() == "trash a card from your Realm discard, or stop"
    world = pos(hand=[["grove_keeper.a1"], []], spaces=six(["glade_stag.b1"], ["old_willow.b3"]))
    world.apply(A(Move.PLAY, card="grove_keeper.a1"))
    assert world.prompt() == "take a card of level 2 or lower from the World spread, or none"
    own = pos(hand=[["lantern_mushroom.a1"], []], discovery=[["moss_sprout.a5", "old_willow.a6"], []])
    own.apply(A(Move.PLAY, card="lantern_mushroom.a1"))
    assert own.prompt() == "take a card of level 1 or lower from your Discovery spread, or none"
    copy = pos(hand=[["changeling.a1", "moss_sprout.a2"], []], realm=[["silver_leaf.a4", "silver_leaf.a5"], []])
    copy.apply(A(Move.PLAY, card="moss_sprout.a2"))
    copy.apply(A(Move.PLAY, card="changeling.a1"))
    assert copy.step == Step.COPY and copy.prompt() == "choose another card in play whose ability to copy"
    flip = full_side()
    assert flip.prompt() == "choose the stack Elder Oak goes on"
    assert GAME.new_game(2, {}, 1).prompt() == "wait"  # (who begins is being drawn)


def full_side():
    s = pos(hand=[[], []], discard=[["silver_leaf.a2"], []], world_deck=[[], ["elder_oak.b2"]],
            spaces=six([], [], [], ["glade_stag.b3"], ["moss_sprout.b4", "old_willow.b5"], ["glade_stag.b6"]))
    s.apply(END)
    assert s.step == Step.FLIP_SPACE
    return s


def test_the_log_tells_each_move_in_one_sentence():
    main = pos(hand=[["gilded_leaf.a1", "hex_doll.a2"], []], spaces=six(["glade_stag.b1"]), in_play=[["hex_doll.a3"], []])
    assert main.describe(A(Move.BEGIN, seat=1), NAMES) == "Bo begins."
    assert main.describe(A(Move.PLAY, card="gilded_leaf.a1"), NAMES) == "Ann plays Gilded Leaf."
    assert main.describe(A(Move.SPEND, card="gilded_leaf.a1", target="glade_stag.b1"), NAMES) == (
        "Ann spends Gilded Leaf (3) and buys Glade Stag (paid 2 of 2, 1 lost); it goes to Ann's Realm discard.")
    assert main.describe(A(Move.SPEND, card="gilded_leaf.a1", target="hex_doll.a3"), NAMES) == (
        "Ann spends Gilded Leaf (3) on the ability of Hex Doll. A Corrupted Wisp goes into Bo's Realm discard (−1 point).")
    assert main.describe(A(Move.BUY, target="glade_stag.b1"), NAMES) == (
        "Ann buys Glade Stag (paid 0 of 2); it goes to Ann's Realm discard.")
    assert main.describe(END, NAMES) == "Ann ends the turn. Bo's World deck is empty: this round is the last."
    assert main.describe(DONE, NAMES) == "Ann is done."
    two = pos(hand=[["tide_of_stones.a1"], []], spaces=six(["glade_stag.b1"], ["elder_oak.b2"]))
    two.apply(A(Move.PLAY, card="tide_of_stones.a1"))
    assert two.describe(A(Move.ASSIGN, target="glade_stag.b1"), NAMES) == (
        "Ann puts 2 resources and buys Glade Stag (paid 2 of 2); it goes to Ann's Realm discard.")
    assert two.describe(DONE, NAMES) == "Ann lets the resources go."
    one = pos(turn=1, hand=[[], []], in_play=[["river_pebble.a1"], []], realm=[["moss_sprout.a3"], []],
              discard=[[], []], spaces=six(["glade_stag.b1"]))
    one.apply(END)
    assert one.describe(A(Move.ASSIGN, target="glade_stag.b1"), NAMES) == "Ann puts 1 resource toward Glade Stag: paid 1 of 2."
    trash = pos(hand=[["pilgrims_lantern.a1", "cursed_coin.a2", "wisp.3"], []], realm=[["moss_sprout.a4"], []])
    trash.apply(A(Move.PLAY, card="pilgrims_lantern.a1"))
    assert trash.describe(A(Move.TRASH, card="wisp.3"), NAMES) == "Ann trashes Corrupted Wisp."
    assert trash.describe(DONE, NAMES) == "Ann trashes no more."
    take = pos(hand=[["grove_keeper.a1"], []], spaces=six(["glade_stag.b1"], ["old_willow.b3"]))
    take.apply(A(Move.PLAY, card="grove_keeper.a1"))
    assert take.describe(A(Move.TAKE, card="old_willow.b3"), NAMES) == "Ann takes Old Willow for free."
    assert take.describe(DONE, NAMES) == "Ann takes nothing."
    copy = pos(hand=[["changeling.a1", "moss_sprout.a2"], []], realm=[["silver_leaf.a4", "silver_leaf.a5"], []])
    copy.apply(A(Move.PLAY, card="moss_sprout.a2"))
    copy.apply(A(Move.PLAY, card="changeling.a1"))
    assert copy.describe(A(Move.COPY, card="moss_sprout.a2"), NAMES) == "Ann copies the ability of Moss Sprout."
    flip = full_side()
    assert flip.describe(A(Move.SPACE, space=4), NAMES) == "Ann lays Elder Oak in the World spread onto Old Willow."
    assert flip.describe(A(Move.SPACE, space=0), NAMES) == "Ann lays Elder Oak in the World spread."


def test_a_move_that_shows_a_card_to_either_seat_cannot_be_taken_back_and_one_that_shows_none_can():
    let_go = pos(hand=[["tide_of_stones.a1"], []], spaces=six(["glade_stag.b1"], ["elder_oak.b2"]))
    let_go.apply(A(Move.PLAY, card="tide_of_stones.a1"))
    assert not let_go.reveals(DONE)  # nothing moves but the resources
    for turn in (0, 1):  # the turn's end draws a new hand, seen by its player only
        realm = [[], []]
        realm[turn] = [f"moss_sprout.{'ab'[turn]}{i}" for i in range(1, 7)]
        ends = pos(turn=turn, hand=[[], []], realm=realm, discard=[[], []], spaces=six(["glade_stag.b9"]))
        assert ends.reveals(END)


def test_a_turn_end_that_shuffles_cannot_be_taken_back_even_when_every_card_was_seen():
    """The new hand comes from the Realm discard, all of it seen, but its order is the shuffle's."""
    s = pos(hand=[[], []], realm=[[], ["seed_stone.b1"]], discard=[["silver_leaf.a2", "moss_sprout.a3"], []],
            world_deck=[[], []], spaces=six(["glade_stag.b9"]))
    after = s.clone()
    after.apply(END)
    assert after.shuffles == s.shuffles + 1 and sorted(after.hand[0]) == ["moss_sprout.a3", "silver_leaf.a2"]
    assert s.reveals(END)


def test_a_seats_view_counts_the_players_it_shows():
    s = pos(hand=[["gilded_leaf.a1"], []], spaces=six(["glade_stag.b1"]))
    for seat in (0, 1, None):
        view = s.view(seat)
        assert view["players"] == len(view["seats"]) == 2


def test_the_log_says_when_a_card_is_bought_and_where_it_goes():
    """Issue 29 (4): resources toward a card say what is paid of its price; the ones that reach
    the price say the card is bought and goes to the Realm discard, and what went past is lost."""
    s = pos(hand=[["moss_sprout.a1", "river_pebble.a2", "silver_leaf.a3"], []], spaces=six(["old_willow.b1"]))
    assert s.describe(A(Move.SPEND, card="moss_sprout.a1", target="old_willow.b1"), NAMES) == (
        "Ann spends Moss Sprout (1) toward Old Willow: paid 1 of 5.")
    s.apply(A(Move.SPEND, card="moss_sprout.a1", target="old_willow.b1"))
    s.apply(A(Move.SPEND, card="river_pebble.a2", target="old_willow.b1"))
    assert s.describe(A(Move.SPEND, card="silver_leaf.a3", target="old_willow.b1"), NAMES) == (
        "Ann spends Silver Leaf (2) toward Old Willow: paid 4 of 5.")
    exact = pos(hand=[["moss_sprout.a1", "grave_crow.a2"], []], spaces=six(["glade_stag.b1"]))
    exact.apply(A(Move.SPEND, card="moss_sprout.a1", target="glade_stag.b1"))
    said = exact.describe(A(Move.SPEND, card="grave_crow.a2", target="glade_stag.b1"), NAMES)
    assert said == "Ann spends Grave Crow (1) and buys Glade Stag (paid 2 of 2); it goes to Ann's Realm discard."
    exact.apply(A(Move.SPEND, card="grave_crow.a2", target="glade_stag.b1"))
    assert "glade_stag.b1" in exact.discard[0]  # (where the sentence says it went)


def test_a_buy_made_free_by_a_discount_says_what_the_discount_took_off():
    s = pos(hand=[["seed_stone.a1", "whisper_bat.a2"], []], spaces=six(["glade_stag.b1"]))
    s.apply(A(Move.PLAY, card="seed_stone.a1"))
    s.apply(A(Move.PLAY, card="whisper_bat.a2"))
    assert s.describe(A(Move.BUY, target="glade_stag.b1"), NAMES) == (
        "Ann buys Glade Stag (paid 0 of 0, 2 off); it goes to Ann's Realm discard.")
