"""Card effects as data: the shared registries (tabletop/engine/effects.py) and Spheres of Life's
effect kinds, named with their parameters by the card data (games/spheres_of_life/effects.py).

The tests here show what issue 18 asks of the mechanism: a new card is data plus, at most, a
registered effect class, and a lasting effect changes the game at the named points, without a
line of the turn flow being touched."""

from __future__ import annotations

import json

import pytest

from tabletop.engine.actions import Action
from tabletop.engine.effects import EffectKinds, Lasting
from tabletop.engine.game import GameError
from tabletop.engine.paths import assets_dir
from tabletop.engine.registry import get_game
from tabletop.games.spheres_of_life import effects as sol
from tabletop.games.spheres_of_life.cards import all_cards, card
from tabletop.games.spheres_of_life.rules import DONE, PASS
from tabletop.games.spheres_of_life.steps import Move, Step

GAME = get_game("spheres-of-life")


# --- the shared registries ---------------------------------------------------------------------
def kinds_with_two():
    kinds = EffectKinds("Test game")

    @kinds.register("draw")
    class Draw:
        def __init__(self, cards: int, face_up: bool = False) -> None:
            self.cards, self.face_up = cards, face_up

    @kinds.register("shout")
    class Shout:
        pass

    return kinds, Draw, Shout


def test_an_effect_kind_is_made_with_the_parameters_the_card_gives():
    kinds, Draw, Shout = kinds_with_two()
    made = kinds.make("draw", {"cards": 3}, "Big Draw")
    assert isinstance(made, Draw) and made.cards == 3 and made.face_up is False
    assert kinds.make("draw", {"cards": 1, "face_up": True}).face_up is True
    assert isinstance(kinds.make("shout", {}), Shout)
    assert Draw.kind == "draw" and Shout.kind == "shout"
    assert kinds.names() == ("draw", "shout") and kinds.kinds() == (Draw, Shout)
    assert "draw" in kinds and "fly" not in kinds


@pytest.mark.parametrize("name, params, message", [
    ("fly", {}, "The card Big Draw names the effect kind 'fly', which Test game does not have."),
    ("draw", {}, "The card Big Draw: the effect 'draw' needs the parameter 'cards'."),
    ("draw", {"cards": 1, "colour": "red"}, "The card Big Draw: the effect 'draw' takes no parameter 'colour'."),
    ("shout", {"loud": True}, "The card Big Draw: the effect 'shout' takes no parameter 'loud'."),
])
def test_card_data_an_effect_cannot_use_gets_one_plain_sentence(name, params, message):
    kinds, _, _ = kinds_with_two()
    assert kinds.problem(name, params, "Big Draw") == message
    with pytest.raises(GameError) as e:
        kinds.make(name, params, "Big Draw")
    assert str(e.value) == message
    assert kinds.problem("draw", {"cards": 2}, "Big Draw") is None


def test_a_parameter_named_like_a_python_word_and_the_values_a_kind_checks():
    kinds = EffectKinds("Test game")

    @kinds.register("trash")
    class Trash:
        checks = {"up_to": lambda v: "" if isinstance(v, int) and v >= 1 else "a whole number of at least 1"}

        def __init__(self, from_: str, up_to: int) -> None:
            self.where, self.up_to = from_, up_to

    made = kinds.make("trash", {"from": "hand", "up_to": 2})
    assert (made.where, made.up_to) == ("hand", 2) and kinds.parameters("trash") == ("from", "up_to")
    assert kinds.problem("trash", {"up_to": 1}) == "A card: the effect 'trash' needs the parameter 'from'."
    assert kinds.problem("trash", {"from_": "hand", "up_to": 1}) == (
        "A card: the effect 'trash' takes no parameter 'from_'.")
    assert kinds.problem("trash", {"from": "hand", "up_to": 0}, where="Card 'x', effect 1") == (
        "Card 'x', effect 1: the parameter 'up_to' of 'trash' must be a whole number of at least 1; it is 0.")
    with pytest.raises(GameError, match="must be a whole number"):
        kinds.make("trash", {"from": "hand", "up_to": "two"})


def test_an_unnamed_card_is_called_a_card_in_the_message():
    kinds, _, _ = kinds_with_two()
    assert kinds.problem("fly", {}) == "A card names the effect kind 'fly', which Test game does not have."


def test_a_kind_registered_twice_is_refused():
    kinds, _, _ = kinds_with_two()
    with pytest.raises(ValueError, match="'draw' is registered twice"):
        kinds.register("draw")(type("Again", (), {}))
    lasting = Lasting("Test game", ("limit",))
    lasting.register("more")(type("More", (), {"limit": lambda self, r, v: v + 1}))
    with pytest.raises(ValueError, match="'more' is registered twice"):
        lasting.register("more")(type("More", (), {}))


def test_lasting_effects_change_a_value_at_their_points_in_the_order_they_came():
    lasting = Lasting("Test game", ("limit", "immune"))

    @lasting.register("plus")
    class Plus:
        def limit(self, record, value, player):
            return value + record["by"] if record["owner"] == player else value

    @lasting.register("double")
    class Double:
        def limit(self, record, value, player):
            return value * 2

        def immune(self, record, value, thief, victim):
            return value or victim == record["owner"]

        def _helper(self):  # (not a point: private names are not hooks)
            return None

    plus, double = {"kind": "plus", "owner": 0, "by": 3}, {"kind": "double", "owner": 1}
    assert lasting.consult("limit", 2, [], 0) == 2
    assert lasting.consult("limit", 2, [plus], 0) == 5 and lasting.consult("limit", 2, [plus], 1) == 2
    assert lasting.consult("limit", 2, [plus, double], 0) == 10
    assert lasting.consult("limit", 2, [double, plus], 0) == 7
    assert lasting.consult("immune", False, [plus, double], 0, 1) is True
    assert lasting.consult("immune", False, [plus, double], 1, 0) is False
    assert "plus" in lasting and "minus" not in lasting


def test_a_lasting_effect_may_change_only_the_named_points():
    lasting = Lasting("Test game", ("limit",))
    with pytest.raises(ValueError, match="changes 'draws', which is not one of the points limit"):
        lasting.register("odd")(type("Odd", (), {"draws": lambda self, r, v: v}))
    assert "odd" not in lasting
    with pytest.raises(ValueError, match="Test game has no point 'draws'"):
        lasting.consult("draws", 1, [])


def test_a_lasting_record_read_from_a_file_is_checked():
    lasting = Lasting("Test game", ("limit",))
    lasting.register("plus")(type("Plus", (), {"limit": lambda self, r, v: v + 1}))
    assert lasting.record_problem({"kind": "plus", "owner": 0}) is None
    assert lasting.record_problem({"kind": "minus"}) == "Test game has no lasting effect 'minus'."
    assert lasting.record_problem(["plus"]) == "A lasting effect must be an object naming its kind."
    assert lasting.record_problem({"kind": 3}) == "A lasting effect must be an object naming its kind."


# --- Spheres of Life: the card data names the effects --------------------------------------------
def test_every_ability_and_hero_names_an_effect_the_game_has_and_every_effect_is_used():
    data = json.loads((assets_dir() / "spheres_of_life" / "cards.json").read_text(encoding="utf-8"))
    used = set()
    expansion = data["gods_and_myths"]
    for entry in data["abilities"] + data["heroes"] + expansion["abilities"] + expansion["heroes"]:
        params = dict(entry["effect"])
        name = params.pop("kind")
        assert sol.EFFECTS.problem(name, params, entry["name"]) is None
        used.add(name)
    assert used == set(sol.EFFECTS.names())
    assert all(sol.effect_of(c.kind) is None for c in all_cards().values() if c.is_animal)


def test_copies_alike_in_play_share_one_effect_whose_parameters_come_from_the_data():
    fire, earth = sol.effect_of("fire"), sol.effect_of("earth")
    assert type(fire) is type(earth) is sol.Draw and (fire.cards, earth.cards) == (1, 2)
    druid, mirror = sol.effect_of("druid"), sol.effect_of("mirror")
    assert type(druid) is type(mirror) is sol.LookAndOrder
    assert (druid.keep, druid.lock, druid.least) == (2, "druid", 1)
    assert (mirror.keep, mirror.lock, mirror.least) == (0, "mirror", 2)
    assert sol.effect_of("raven").cards == 2 and sol.effect_of("wind").cards == 2
    assert sol.effect_of("warrior").cards == 3 and sol.effect_of("windmaster").phases == ("day", "night")
    assert card("fire1").effect == "draw" and dict(card("earth2").params) == {"cards": 2}


def test_only_the_apples_block():
    assert sol.blocking_cards() == {f"apple{i}" for i in range(1, 8)}
    assert sol.effect_of("apple").uses(GAME.new_game(3, {}, 1), 0, "apple1") == []  # (no Fields in the base game)


def test_each_step_an_effect_asks_belongs_to_one_effect_kind():
    steps = sol.effect_steps()
    assert steps == {Step.RAVEN_POS: sol.TakeBlind, Step.WIND: sol.DiscardOwn, Step.ROOT: sol.TakeFromDiscard,
                     Step.DRUID_KEEP: sol.LookAndOrder, Step.ORDER: sol.LookAndOrder, Step.WARRIOR: sol.LoseCards,
                     Step.TRIBUTE: sol.Tribute}


def test_an_effect_with_no_steps_answers_none():
    with pytest.raises(NotImplementedError):
        sol.Effect().legal(None)
    with pytest.raises(NotImplementedError):
        sol.Effect().apply(None, PASS)
    with pytest.raises(NotImplementedError):
        sol.Effect().resolve(None, 0, PASS, "fire1")
    assert sol.Effect().askable(None, 0) is False
    assert sol.Effect().uses(None, 0, "time1") == [Action.make(Move.USE, card="time1")]


# --- Spheres of Life: new parameters change the game, the flow untouched ------------------------
def dream(**kw):
    doc = {"players": 3, "phase": "dream", "leader": 0, "hands": [[], [], []]}
    doc.update(kw)
    return GAME.from_position(doc)


def resolve(state, effect, card_id, **args):
    """``effect`` resolves for player 0 as if ``card_id`` had just been played unblocked."""
    state.effect = {"who": 0, "card": card_id}
    effect.resolve(state, 0, Action.make(Move.USE, card=card_id, **args), card_id)


def test_a_draw_of_three_draws_three_and_needs_three_in_the_deck():
    state = dream(hands=[["fire1"], ["deer1"], ["bear1"]], deck=["rabbit1", "rabbit2", "rabbit3", "deer2"])
    big = sol.Draw(cards=3)
    assert big.uses(state, 0, "fire1") == [Action.make(Move.USE, card="fire1")]
    state.deck = state.deck[:2]
    assert big.uses(state, 0, "fire1") == []
    state.deck = ["rabbit1", "rabbit2", "rabbit3", "deer2"]
    resolve(state, big, "fire1")
    assert sorted(state.hands[0]) == ["deer2", "fire1", "rabbit2", "rabbit3"] and state.deck == ["rabbit1"]


def test_a_raven_taking_three_takes_three_from_a_hand_of_three_or_more():
    state = dream(hands=[["raven1"], ["deer1", "deer2"], ["bear1", "bear2", "bear3"]])
    greedy = sol.TakeBlind(cards=3)
    assert greedy.uses(state, 0, "raven1") == [Action.make(Move.USE, card="raven1", target=2)]
    resolve(state, greedy, "raven1", target=2)
    for _ in range(3):
        assert state.step == Step.RAVEN_POS
        greedy.apply(state, Action.make(Move.POSITION, index=0))
    assert sorted(state.hands[0]) == ["bear1", "bear2", "bear3", "raven1"] and state.hands[2] == []
    assert state.step != Step.RAVEN_POS


def test_a_warrior_losing_one_card_stops_after_one():
    state = dream(hands=[["deer1", "deer2"], ["bear1"], ["rabbit1"]])
    one = sol.LoseCards(cards=1)
    resolve(state, one, "warrior1")
    assert state.step == Step.WARRIOR and state.legal_actions()[0] == DONE
    one.apply(state, Action.make(Move.LOSE, card="deer1", to=sol.DISCARD))
    assert state.hands[0] == ["deer2"] and "deer1" in state.discard and state.step != Step.WARRIOR


def test_a_wind_of_one_card_discards_one():
    state = dream(hands=[["deer1", "deer2", "wind1"], ["bear1"], ["rabbit1"]])
    light = sol.DiscardOwn(cards=1)
    resolve(state, light, "wind1")
    light.apply(state, Action.make(Move.DISCARD, card="deer1"))
    assert sorted(state.hands[0]) == ["deer2", "wind1"] and state.step != Step.WIND


def test_a_druid_keeping_one_card_orders_after_the_first():
    state = dream(hands=[["raven1"], ["deer1", "deer2", "bear1"], ["rabbit1"]])
    modest = sol.LookAndOrder(keep=1, lock="druid", least=1)
    resolve(state, modest, "druid1", target=1)
    assert state.step == Step.DRUID_KEEP and state.known[0][1] == {"deer1", "deer2", "bear1"}
    modest.apply(state, Action.make(Move.TAKE, card="bear1"))
    assert state.step == Step.ORDER and state.effect["lock"] == "druid"
    assert sorted(state.hands[0]) == ["bear1", "raven1"]


def test_a_look_needing_three_cards_is_offered_only_on_hands_of_three():
    state = dream(hands=[["mirror1"], ["deer1", "deer2"], ["bear1", "bear2", "bear3"]])
    wide = sol.LookAndOrder(keep=0, lock="mirror", least=3)
    assert wide.uses(state, 0, "mirror1") == [Action.make(Move.USE, card="mirror1", target=2)]
    assert wide.askable(state, 0) is True
    state.hands[2] = ["bear1"]
    assert wide.uses(state, 0, "mirror1") == [] and wide.askable(state, 0) is False


def test_a_leader_of_the_dream_only_offers_the_dream():
    state = dream(hands=[["deer1"], ["bear1"], ["rabbit1"]], deck=["deer2"])
    dreamer = sol.LeadPhase(phases=["dream"])
    assert dreamer.phases == ("dream",)
    assert dreamer.uses(state, 0, "windmaster") == [Action.make(Move.USE, card="windmaster", phase="dream")]


# --- Spheres of Life: lasting effects at the named points ------------------------------------------
@sol.LASTING.register("test-generous")
class Generous:
    """(A test's own lasting effect: its owner draws two more at the end of a Day, may discard
    four more in the Night, cannot be stolen from, and scores 5 more.)"""

    def day_draws(self, record, count, player):
        return count + 2 if player == record["owner"] else count

    def night_limit(self, record, limit, player):
        return limit + 4 if player == record["owner"] else limit

    def stealable(self, record, allowed, thief, victim):
        return allowed and victim != record["owner"]

    def score(self, record, parts, player):
        return parts + (("Generous", 5),) if player == record["owner"] else parts


GENEROUS = {"kind": "test-generous", "owner": 1, "card": "test"}


def test_a_lasting_effect_adds_to_its_owners_day_draws_one_card_at_a_time_in_turn():
    deck = [f"rabbit{i}" for i in (1, 2, 3)] + [f"deer{i}" for i in (1, 2, 3)]
    state = dream(hands=[["bear1"], ["bear2"], ["bear3"]], deck=list(deck))
    state._day_draws()
    assert [sorted(h) for h in state.hands] == [sorted([f"bear{p + 1}", deck[-1 - p]]) for p in range(3)]
    state = dream(hands=[[], [], []], deck=list(deck))
    state.lasting = [dict(GENEROUS)]
    state._day_draws()
    # one card each, clockwise from the leader, then the owner's two more
    assert state.hands[0] == [deck[-1]] and sorted(state.hands[1]) == sorted([deck[-2], deck[-4], deck[-5]])
    assert state.hands[2] == [deck[-3]] and state.deck == deck[:1]
    state = dream(hands=[[], [], []], deck=list(deck), leader=2)
    state.lasting = [dict(GENEROUS)]
    state._day_draws()  # (from the leader, seat 3: the owner, seat 2, draws last in each round)
    assert state.hands[2] == [deck[-1]] and state.hands[0] == [deck[-2]]
    assert sorted(state.hands[1]) == sorted([deck[-3], deck[-4], deck[-5]])


def test_a_lasting_effect_changes_the_night_limit_for_its_owner_only():
    hand = ["deer1", "deer2", "deer3", "bear1", "bear2", "bear3", "rabbit1"]
    state = GAME.from_position({"players": 3, "phase": "night", "leader": 1, "hands": [[], hand, []],
                                "deck": ["wolf1"] * 0})
    state.lasting = [dict(GENEROUS)]
    assert state.step == Step.NIGHT_DISCARD and state.decider() == 1
    for c in hand[:6]:
        state.apply(Action.make(Move.DISCARD, card=c))
    assert state.legal_actions() == [DONE]  # 2 + 4
    assert "up to 6 cards" in state.prompt()
    state.lasting = []
    assert "up to 2 cards" in state.prompt()


def test_a_lasting_effect_makes_its_owner_immune_to_steals_and_adds_to_the_score():
    state = dream(hands=[["deer1"], ["bear1"], ["rabbit1"]])
    before = state.scores()
    state.lasting = [dict(GENEROUS)]
    while state.step == Step.PRIO:
        state.apply(PASS)
    assert state.step == Step.ACTION and state.decider() == 0
    steals = [a["target"] for a in state.legal_actions() if a.kind == Move.STEAL]
    assert steals == [2]
    after = state.scores()
    assert after[1].total == before[1].total + 5 and after[1].parts[-1] == ("Generous", 5)
    assert after[0] == before[0] and after[2] == before[2]


def test_lasting_effects_are_in_the_document_the_view_and_a_copy_only_when_there_are_some():
    state = dream(hands=[["deer1"], ["bear1"], ["rabbit1"]])
    assert "lasting" not in state.to_json() and "lasting" not in state.view(0)
    state.lasting = [dict(GENEROUS)]
    assert state.to_json()["lasting"] == [GENEROUS] and state.view(2)["lasting"] == [GENEROUS]
    copy = state.clone()
    copy.lasting[0]["owner"] = 2
    assert state.lasting == [GENEROUS]
    doc = json.loads(json.dumps(state.to_json()))
    assert GAME.from_position(doc).lasting == [GENEROUS]
    sampled = GAME.determinize(json.loads(json.dumps(state.view(0))), __import__("random").Random(1))
    assert sampled.lasting == [GENEROUS]


@pytest.mark.parametrize("lasting, message", [
    ({"kind": "test-generous"}, "'lasting' must list the lasting effects in play."),
    ([{"kind": "gone"}], "'lasting': Spheres of Life has no lasting effect 'gone'."),
    (["x"], "'lasting': A lasting effect must be an object naming its kind."),
])
def test_a_position_with_an_unknown_lasting_effect_is_refused(lasting, message):
    from tabletop.games.spheres_of_life.position import PositionError

    with pytest.raises(PositionError) as e:
        dream(hands=[["deer1"], ["bear1"], ["rabbit1"]], lasting=lasting)
    assert str(e.value) == message


def test_a_new_match_round_starts_without_lasting_effects():
    state = GAME.new_game(3, {"rounds": 2}, 5)
    state.lasting = [dict(GENEROUS)]
    state._next_match_round()
    assert state.lasting == [] and state.match_round == 2
