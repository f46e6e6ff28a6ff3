"""The words of "Your first duel" against the rules and the table (a new player's review of its
pictures): points -- the stars -- are what wins, said first; every card the lesson gets the
learner is said what it gives (its points, or what it does instead); the three decks (Realm,
Discovery, World) are said before their piles are used, the Realm discard by the table's own
"Discard"; covering a card says what it does, as the rules do (docs/rules/three-spheres.md,
decisions 9 and 10: anybody buys any top card, a covered card only once the card on top is
bought); the opponent's turn is pointed at on the table, not recapped. A second review: the
collection said (the cards you own, its piles, a spent card kept in it), the first player's six
cards, Dryad Seedling's text being how it scores, what Stone-Eyed Gorgon's "★ 1+" counts, advice
for the free play (what scores, what guards against Wisps) and where a real game's decks are chosen.
A later review: why to cover Stone-Eyed Gorgon said directly (Bramble could buy it, scoring +1 per
Wisp the learner owns). A later review ("Still to meet" was not enough): the learner buys Canopy
Spirit, plays it and sees it still in play after End turn (Persist), and takes Hex Doll, plays it
and pays its activated ability -- each said what it is where it is first met. A review of the
40-step lesson (too long; two Glade Stags' resources let go to bring Canopy Spirit back): the
lesson is at most 32 steps, the shuffle brings Canopy Spirit back at the first reshuffle, and no
step lets a resource, a payment or a card in hand go to waste. A review of the 29-step lesson
(a card that draws spent where its draw would bring a card that pays): turns 1 and 2 rewritten,
the Owl and the Stags played, each Moss Sprout spent only where its draw would find nothing (the
Realm deck and discard empty, said so), Root Weaver taken by Pollen Sprite, Purifying Spring
played in turn 2 so that Bramble's next Marsh Light is kept out, as the log shows. A second-round review
(one idea a bubble): Bramble's turns, the reshuffle and its flip, and dynamic points are steps of words
only (36 steps), each where the table shows what it says; "ringed" only while the rings show."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from tabletop.engine.lessons import LessonRun, all_lessons, play_others
from tabletop.engine.registry import get_game
from tabletop.games.three_spheres import words as table_words
from tabletop.games.three_spheres.card_items import points_words
from tabletop.games.three_spheres.cards import WISP, all_cards, decks, info, kind_of
from tabletop.games.three_spheres.glossary import TERMS
from tabletop.games.three_spheres.steps import Move

LESSON = next(x for x in all_lessons() if x.id == "three-spheres-first-game")
G = get_game(LESSON.game)
WORDS = [s.say for s in LESSON.steps]
ROOT = Path(__file__).resolve().parents[1]


def first(pattern: str) -> int:
    """The first step (from 1) whose words match ``pattern`` (0: none)."""
    return next((n for n, say in enumerate(WORDS, 1) if re.search(pattern, say)), 0)


@pytest.fixture(scope="module")
def replay() -> dict[int, tuple]:
    """At each step (from 1) that teaches a move: the match's state before and after the step's
    move (the others' replies after it included)."""
    m = LESSON.new_match(G)
    play_others(m)
    run = LessonRun(LESSON)
    out = {}
    while run.current is not None and run.current.expect is not None and not run.current.until_over:
        n, before = run.step + 1, copy.deepcopy(m.state)
        assert run.take_step(m) == ""
        out[n] = (before, copy.deepcopy(m.state))
    return out


def test_points_the_stars_are_what_wins_said_at_the_first_step():
    assert first(r"worth more points \(the stars, ★\) wins") == 1


# what each card the lesson gets the learner gives, said where it is got (or before)
GIVES = {
    "fern_hollow": r"Fern Hollow: cost 1, worth 1 point",
    "root_weaver": r"Root Weaver, on your side of the World\. It scores nothing, but when you play it, it takes you a "
                   r"Discovery card of level 1 or lower",
    "purifying_spring": r"Purifying Spring: when you play it, it shields you from Corrupted Wisps, cards worth −1 point",
    "canopy_spirit": r"What Canopy Spirit gives: point at it to read it enlarged\. Its ∞ mark, Persist, keeps it in "
                     r"play after your turn ends",
    "hex_doll": r"Hex Doll, on Bramble's side of the World: it has an activated ability",
}


def test_every_card_the_learner_gets_is_said_what_it_gives(replay):
    got = {}  # each card that came into the learner's collection from elsewhere, and the step it came at
    for n, (before, after) in replay.items():
        had = set(before.collection(0))
        for c in after.collection(0):
            if c not in had and kind_of(c) != WISP:
                got.setdefault(kind_of(c), n)
    assert set(got) == set(GIVES), got  # (a new buy needs its words here)
    for kind, n in got.items():
        said = first(GIVES[kind])
        assert 0 < said <= n, f"{info(kind).name}: got at step {n}, what it gives said at step {said}"
    assert re.search(r"Turn start ability\b.* draws you a card", WORDS[first(r"Turn start") - 1])
    assert re.search(r"Activated \(2\), means: once it is in play, you may pay 2 into it, and a Corrupted Wisp goes "
                     r"into Bramble's Realm discard", WORDS[first(r"Take Hex Doll") - 1])
    assert "Turn start: draw 1 card" in info("canopy_spirit").text
    assert "Activated (2): put 1 Corrupted Wisp into your opponent's Realm discard" in info("hex_doll").text
    # the rules agree: Fern Hollow costs 1 and is worth 1 point, Root Weaver costs 2 and scores none, Canopy Spirit costs 5
    assert info("fern_hollow").points == 1 and info("fern_hollow").cost == 1
    assert info("root_weaver").points == 0 and info("root_weaver").points_per is None and info("root_weaver").cost == 2
    assert info("canopy_spirit").cost == 5 and info(WISP).points == -1


def test_the_scores_panel_counts_the_seedling_at_three_where_the_words_say_so(replay):
    """A star with a + (dynamic points) is said on Dryad Seedling, whose face shows "★ +", with the
    Scores panel counting it at its most, 3, as the words say."""
    n = first(r"A star with a \+, as on .*Dryad Seedling, .*the Scores panel counts the Seedling at 3 already")
    assert n and points_words("dryad_seedling") == "★ +"
    before, after = replay[n]
    assert "dryad_seedling.a10" in after.collection(0)
    parts = dict((label.split(" (")[0], points) for label, points in after.scores()[0].parts)
    assert parts["Dryad Seedling"] == 3


def test_the_three_decks_are_said_before_their_piles_are_used(replay):
    realm_deck, discovery, world = first(r"Realm deck, your own pile"), first(r"Discovery deck"), first(r"World is")
    assert realm_deck == first(r"Realm") == learners_steps("play")[0] + 1  # (said where it is first named)
    assert first(r"Realm discard") == first(r"Realm discard \(the Discard pile") > realm_deck
    # the spread said where it is first named; its deck where the table shows it refilling the spread
    assert first(r"Discovery") == first(r"Your Discovery spread \(right\) is a shop only you buy from") < discovery
    assert re.search(r"your Discovery deck \(left of the spread\) refilled its place", WORDS[discovery - 1])
    before, after = replay[discovery - 1]  # (the buy just before: the deck laid a card into the spread)
    bought = [c for c in before.discovery[0] if c not in after.discovery[0]]
    assert bought == ["canopy_spirit.a24"] and bought[0] in after.discard[0]  # ("went to your Realm discard")
    assert re.search(r"Canopy Spirit went to your Realm discard", WORDS[discovery - 1])
    assert len(after.discovery_deck[0]) == len(before.discovery_deck[0]) - 1 and len(after.discovery[0]) == 5
    assert first(r"\bWorld\b") == world > discovery  # (the World first named where it is said)
    assert re.search(r"each filled from its owner's World deck; anybody buys the top card of any space", WORDS[world - 1])


def test_covering_says_what_the_rules_do(replay):
    n = learners_steps("space")[0]
    say = WORDS[n - 1]
    assert "would score for Bramble" not in say
    assert re.search(r"a covered card cannot be bought until the card on top is bought", say)
    before, after = replay[n]
    covered = LESSON.steps[n - 1].expect["args"]["space"]
    stack = after.spaces[covered]
    assert [kind_of(c) for c in stack] == ["stone_eyed_gorgon", "mirror_wraith"]
    # the rules: only the top card is a buy target, for either player; the one below once it is bought
    gorgon = stack[0]
    state = copy.deepcopy(before)
    state.apply(next(a for a in state.legal_actions() if a.kind == Move.SPACE and a["space"] == covered))
    assert gorgon not in state.buy_targets() and stack[-1] in state.buy_targets()
    state.spaces[covered].pop()  # (Mirror Wraith bought)
    assert gorgon in state.buy_targets()
    # "worth more points to Bramble than to you": it counts the Wisps the opponent owns
    assert info("stone_eyed_gorgon").points_per is not None and "Corrupted Wisp" in info("stone_eyed_gorgon").text


def test_the_opponents_turn_is_pointed_at_not_recapped(replay):
    n = first(r"ringed in violet on the table and lit in the log")
    assert n == learners_steps("space")[0] + 1  # (said as Bramble's first turn is shown)
    say = WORDS[n - 1]
    assert not re.search(r"flipped two|Night Raven|reshuffle flipped|log says each", say)
    # the Wisp it names lies in the learner's Realm discard, which the step lights
    before, _ = replay[n]
    assert any(kind_of(c) == WISP for c in before.discard[0]) and "pile/discard/0" in LESSON.steps[n - 1].point


def test_the_free_play_says_how_to_read_a_card_whole():
    free = next(n for n, s in enumerate(LESSON.steps, 1) if s.until_over)
    assert re.search(r"Point at any card to read it enlarged", WORDS[free - 1])


def test_an_empty_hand_is_not_told_to_click_a_card():
    assert table_words.hand_caption("Your", 0, True) == "Your hand (0)"
    assert table_words.hand_caption("Your", 2, True) == "Your hand (2) — click a card, then where it goes (or drag it there)"
    assert first(r"Your hand is empty") > 0


# --- a second new player's review (4/5) -----------------------------------------------------------
def test_the_collection_is_said_at_the_first_step_and_what_it_holds_where_a_card_is_first_spent(replay):
    """"Collection" was never defined while the learner spent point cards: the first step says it
    is the cards you own; the first spend of a card says a spent card stays in it, and what it
    holds -- as decision 13 and the engine count it, and as the table's glossary says."""
    assert first(r"collections? \(the cards you own\)") == first(r"[Cc]ollection") == 1
    n = first(r"A spent card is not lost: at your turn's end it goes to your Realm discard, so it stays in your "
              r"collection\.")
    # (one idea: a spent card kept; the collection's piles are the glossary's, not a list in the same bubble)
    assert not re.search(r"which is your Realm deck", WORDS[n - 1])
    first_spend = next(i for i, s in enumerate(LESSON.steps, 1)
                       if isinstance(s.expect, dict) and s.expect["kind"] == "spend")
    assert first_spend <= n <= first_spend + 1  # (said at once, before the learner spends much)
    assert 0 < first(r"Realm deck") < n and 0 < first(r"Realm discard") < n and 0 < first(r"in play") < n
    assert re.search(r"Realm deck, your Realm discard, your hand and your cards in play", TERMS["Collection"])
    # the engine: the collection is those piles, and a spent card is in it, then in the Realm discard
    _, after = replay[n]
    spent = LESSON.steps[n - 1].expect["args"]["card"]
    assert spent in after.spent[0] and spent in after.collection(0)
    assert sorted(after.collection(0)) == sorted(after.realm[0] + after.discard[0] + after.hand[0]
                                                 + after.in_play[0] + after.spent[0])
    end = first(r"press End turn")
    _, ended = replay[end]
    assert spent in ended.discard[0] + ended.realm[0] + ended.hand[0] and spent in ended.collection(0)


def test_dryad_seedling_is_said_to_have_text_that_scores_and_no_ability_to_play(replay):
    """Its card reads "1 point for each Forest card…": the words do not call that "no ability"
    bare, but say the text is how it scores and that it has no ability to play (decision 17)."""
    n = first(r"Dryad Seedling's text says how it scores; with no ability to play, it is spent")
    assert n and not re.search(r"has no ability, only", WORDS[n - 1])
    seedling = info("dryad_seedling")
    assert seedling.abilities == () and seedling.points_per is not None and seedling.text.startswith("1 point for each")
    before, _ = replay[n]
    card = LESSON.steps[n - 1].expect["args"]["card"]
    assert kind_of(card) == "dryad_seedling" and card in before.hand[0]
    moves = before.legal_actions()
    assert not any(a.kind == Move.PLAY and a.get("card") == card for a in moves)
    assert any(a.kind == Move.SPEND and a.get("card") == card for a in moves)


def test_why_to_cover_stone_eyed_gorgon_is_said_in_words_the_card_face_cannot_show(replay):
    """The face shows only "★ 1+": the words say the reason to cover it directly -- so Bramble
    can't buy it, as it would score +1 for each Wisp the learner owns -- and that Bramble's deck
    slips Wisps to the learner."""
    n = learners_steps("space")[0]
    assert re.search(r"Cover Stone-Eyed Gorgon, so Bramble can't buy it: it would score \+1 for each Wisp you own",
                     WORDS[n - 1])
    assert 0 < first(r"cards worth −1 point that Bramble's deck slips you") < n  # (said once, where Wisps are named)
    assert "1 point for each Corrupted Wisp your opponent owns" in info("stone_eyed_gorgon").text
    gorgon = info("stone_eyed_gorgon")
    assert points_words("stone_eyed_gorgon") == "★ 1+"
    assert gorgon.points == 1 and gorgon.points_per.per == "opponent_wisps" and gorgon.points_per.points == 1
    assert info(WISP).points == -1
    # Bramble plays the Myth deck, whose cards put Wisps into the learner's Realm discard
    before, _ = replay[n]
    bramble = decks()[before.deck_ids[1]]
    assert any(e.kind == "corrupt" for c in bramble.cards for a in info(c).abilities for e in a.effects)


def test_the_free_play_says_which_cards_score_and_how_to_guard_against_wisps(replay):
    free = next(n for n, s in enumerate(LESSON.steps, 1) if s.until_over)
    say = WORDS[free - 1]
    assert re.search(r"Buy starred cards: they score", say)
    assert re.search(r"Spark of Dawn and Mistling Owl trash Wisps", say)
    # a card scores when, and only when, its face shows a star
    assert all(bool(points_words(c)) == bool(info(c).points or info(c).points_per) for c in all_cards())
    # the learner owns the three cards named when the free play begins, and they do what is said
    _, at_free = replay[free - 1]
    owned = {kind_of(c) for c in at_free.collection(0)}
    assert {"spark_of_dawn", "mistling_owl"} <= owned
    guards = ("purifying_spring", "spark_of_dawn", "mistling_owl")
    effects = {k: [e for a in info(k).abilities for e in a.effects] for k in guards}
    assert effects["purifying_spring"][0].kind == "protect"
    assert all(any(e.kind == "trash" and e["from"] == "discard" for e in es) for es in effects.values())


def test_the_first_hand_of_six_is_said_why(replay):
    """The learner holds six cards, Bramble five: the first player opens with six (decision 29)."""
    assert first(r"You begin, so you hold six cards, Bramble five") == 1
    before, _ = replay[1]
    assert before.first == 0 and before.options["first_hand"] == 6
    assert len(before.hand[0]) == 6 and len(before.hand[1]) == 5


def test_the_end_says_where_a_real_games_decks_are_chosen():
    end = WORDS[-1]
    assert re.search(r"Play a real game, or pick decks in the gallery's Set up…, or build one in Decks…", end)
    # the table's words: a gallery tile's button, the set-up's deck boxes, the game's own screen
    tile = (ROOT / "ui" / "game_tile.ui").read_text(encoding="utf-8")
    assert "<string>Set up…</string>" in tile
    deck_boxes = [o for o in G.options if o.more is not None]
    assert [o.name for o in deck_boxes] == ["deck1", "deck2"]
    assert G.screens[0].button.startswith("Decks…") and G.screens[0].menu.replace("&", "") == "Decks…"


def learners_steps(kind: str) -> list[int]:
    """The steps (from 1) that teach a move of ``kind``, before the free play."""
    free = next(k for k, s in enumerate(LESSON.steps, 1) if s.until_over)
    return [n for n, s in enumerate(LESSON.steps[:free - 1], 1) if isinstance(s.expect, dict) and s.expect["kind"] == kind]


def test_the_learner_plays_a_persist_card_and_sees_it_stay_in_play_after_ending_the_turn(replay):
    """A new player's review: Persist was only named ("Still to meet"). Played as taught, the
    learner plays a Persisting card (Canopy Spirit), ends the turn, and finds it still in play
    at their next decision (its Turn start drew them a card); the words say what Persist is
    where the card is first named, and point at it in play once the turn has come round."""
    played = [(n, LESSON.steps[n - 1].expect["args"]["card"]) for n in learners_steps("play")]
    n, card = next((n, c) for n, c in played if info(kind_of(c)).persist)
    assert kind_of(card) == "canopy_spirit"
    _, after = replay[n]
    assert card in after.in_play[0]
    end = next(k for k in learners_steps("end") if k > n)
    before_end, after_end = replay[end]
    assert card in before_end.in_play[0] and card in after_end.in_play[0]  # (it stayed through End turn)
    assert after_end.turn == 0 and after_end.turns[0] == before_end.turns[0] + 1  # (the learner's next turn)
    assert not any(c in after_end.in_play[0] for c in before_end.in_play[0] if c != card)  # (the rest was cleared)
    # its Turn start ability drew a card: one more in hand than the five a turn's end draws
    assert len(after_end.hand[0]) == 6
    # the words: what Persist is, said where the learner is told to read the card (before it is bought)
    said = first(r"Persist\b.*(stays|keeps it) in play (after|when) your turn ends")
    buy = next(k for k, (b, a) in replay.items() if card in a.collection(0) and card not in b.collection(0))
    assert 0 < said < buy < n and "Canopy Spirit" in WORDS[said - 1] and f"card/{card}" in LESSON.steps[said - 1].point
    assert re.search(r"Turn start", " ".join(WORDS[said - 1:n]))
    # the step after End turn (after the words on Bramble's turn) points at it in play and says it stayed
    after_step = next(s for s in LESSON.steps[end:] if s.expect != "next")
    assert f"card/{card}" in after_step.point and re.search(r"Canopy Spirit (is )?still in play", after_step.say)
    assert info("canopy_spirit").persist and any(a.when == "turn_start" for a in info("canopy_spirit").abilities)


def test_the_learner_pays_for_and_uses_an_activated_ability(replay):
    """Played as taught, the learner plays Hex Doll, then pays its ability's cost into it as into
    a card to buy; the ability happens (a Wisp into Bramble's Realm discard) and is used up for
    the turn. The words say what an activated ability is before it is paid."""
    played = [(n, LESSON.steps[n - 1].expect["args"]["card"]) for n in learners_steps("play")]
    n, doll = next((n, c) for n, c in played if any(a.when == "activated" for a in info(kind_of(c)).abilities))
    assert kind_of(doll) == "hex_doll"
    cost = next(a.cost for a in info("hex_doll").abilities if a.when == "activated")
    pays = [k for k in learners_steps("spend") + learners_steps("assign")
            if k > n and LESSON.steps[k - 1].expect["args"]["target"] == doll]
    assert len(pays) == cost == 2
    first_pay, last_pay = min(pays), max(pays)
    before, _ = replay[first_pay]
    assert doll in before.in_play[0] and doll not in before.used
    wisps = sum(1 for c in before.discard[1] if kind_of(c) == WISP)
    _, after = replay[last_pay]
    assert doll in after.used  # (a one-shot ability: it happened, once this turn)
    assert sum(1 for c in after.discard[1] if kind_of(c) == WISP) == wisps + 1
    # the words: an activated ability said before it is paid, as paid like a buy, on a card in play
    said = first(r"activated ability")
    assert 0 < said <= n
    words = " ".join(WORDS[n - 1:last_pay])
    assert re.search(r"[Aa]ctivated ability", words) and re.search(r"in play", words)
    assert re.search(r"as (you pay )?for a card", words)
    assert LESSON.steps[last_pay].expect == "next" and re.search(r"Wisp", WORDS[last_pay])  # (said where it shows)


# --- a new player's review of the 40-step lesson's pictures (words that point, pay off and are true) --
def test_the_activated_ability_is_first_said_where_hex_doll_is_met():
    """Step 5 named "a paid (activated) ability of a card in play" 22 steps before any was shown:
    the word comes first where Hex Doll, the card that has one, is named."""
    said = next(n for n, s in enumerate(WORDS, 1) if re.search(r"[Aa]ctivated", s))
    assert said == first(r"Hex Doll") and re.search(r"Hex Doll.*activated ability", WORDS[said - 1])


@pytest.mark.parametrize("kind", ["canopy_spirit", "hex_doll"])
def test_the_step_that_first_names_a_card_to_get_lights_it(kind):
    """"Next, Canopy Spirit in your spread" and "Now Hex Doll, on Bramble's side" lit only the card
    to play: the card they are about is lit too."""
    n = first(info(kind).name)
    assert any(p.startswith("card/") and kind_of(p.removeprefix("card/")) == kind for p in LESSON.steps[n - 1].point)


def test_a_card_with_no_text_on_its_face_is_said_how_to_read(replay):
    """Canopy Spirit in the spread shows only "∞ Persist": the step that pays into it and says its
    Turn start says to point at it to read it enlarged (the free play said so, 19 steps later)."""
    n = first(r"Turn start ability")
    assert re.search(r"[Pp]oint at it to read it enlarged", WORDS[n - 1]) and n < first(r"Point at any card")
    assert "Turn start" in info("canopy_spirit").text


def test_no_spend_step_is_a_bare_count():
    """"Spend Dryad Seedling on Canopy Spirit: 2 of 5." and the like said nothing new, six steps
    running: each spend step says something besides the count."""
    bare = [n for n, s in enumerate(WORDS, 1) if re.fullmatch(r"Spend [^.:]+: \d of \d\.", s)]
    assert not bare, bare


def test_no_taught_move_lets_a_resource_or_a_payment_go(replay):
    """The 40-step lesson had the learner let two Glade Stags' resources go ("Let this resource go
    as well") to bring Canopy Spirit back: a lesson never teaches a poor move. No step before the
    free play teaches Done (a resource, a take or a trash given up); every resource an ability
    gives is placed at the next step; no turn ends with a payment left unfinished or a card in hand."""
    assert not learners_steps("done")
    for n, (before, after) in replay.items():
        if after.step == "resources":  # (an ability gave a resource: the next step places it)
            nxt = LESSON.steps[n]
            assert isinstance(nxt.expect, dict) and nxt.expect["kind"] == "assign", n
    for n in learners_steps("end"):
        before, _ = replay[n]
        assert before.paid == {} and before.hand[0] == [], n  # (nothing paid toward a card not bought, nothing unused)
        assert re.search(r"Your hand is empty: press End turn", WORDS[n - 1])


def test_canopy_spirit_comes_back_to_hand_with_the_reshuffle_and_is_played_at_once(replay):
    """The shuffle (the position's seed) brings Canopy Spirit, bought in the first turn, into the
    hand the first End turn draws: it is the next turn's first move, with no draws to dig for it."""
    end = learners_steps("end")[0]
    _, after_end = replay[end]
    assert "canopy_spirit.a24" in after_end.hand[0] and after_end.shuffles >= 1
    play = next(n for n in learners_steps("play") if LESSON.steps[n - 1].expect["args"]["card"] == "canopy_spirit.a24")
    between = [LESSON.steps[k - 1].expect for k in range(end + 1, play)]
    assert [e if e == "next" else e["kind"] for e in between] == ["next", "space", "next"], between  # (words only: the flip, Bramble's turn)
    assert re.search(r"The reshuffle brought back Canopy Spirit, bought in your first turn: play it", WORDS[play - 1])


def test_the_lesson_is_short():
    """A new player's review rated the 40-step lesson down for its length: it is at most 32 steps, or
    36 with steps of words only (one idea a bubble), which are few."""
    assert len(LESSON.steps) <= 42  # (a third over the 32 steps before steps of words only)
    assert len([s for s in LESSON.steps if s.expect != "next"]) <= 31


def test_an_empty_world_space_stays_empty_until_a_flip_fills_it(replay):
    """Root Weaver is taken off the learner's side (Pollen Sprite): the words say its space stays
    empty until someone flips a card onto it, and Bramble's Night Raven fills it in Bramble's next turn."""
    n = first(r"Take Root Weaver")
    assert n and LESSON.steps[n - 1].expect == {"kind": "take", "args": {"card": "root_weaver.a9"}}
    before, after = replay[n]
    space = next(i for i, s in enumerate(before.spaces) if s and s[-1] == "root_weaver.a9")
    assert after.spaces[space] == [] and "root_weaver.a9" in after.collection(0)
    # the empty space is said in the step of words after the take, which lights it (one idea a bubble)
    said = first(r"World space now stays empty \(lit\): a space fills only when someone flips a card onto it")
    assert said == n + 1 and LESSON.steps[said - 1].expect == "next"
    assert list(LESSON.steps[said - 1].point) == [f"world/space/{space}"]
    assert not re.search(r"empty", WORDS[n - 1])
    end = next(k for k in learners_steps("end") if k > n)
    _, after_end = replay[end]
    assert len(after_end.spaces[space]) == 1 and after_end.spaces[space][0] != "root_weaver.a9"


@pytest.fixture(scope="module")
def logs() -> dict[int, list[str]]:
    """At each step (from 1) that teaches a move: the log's lines its move and the others' replies
    after it added."""
    m = LESSON.new_match(G)
    play_others(m)
    run = LessonRun(LESSON)
    out = {}
    while run.current is not None and run.current.expect is not None and not run.current.until_over:
        n, had = run.step + 1, len(m.log_lines())
        assert run.take_step(m) == ""
        out[n] = [line.text for line in m.log_lines()[had:]]
    return out


def test_purifying_spring_shields_where_the_words_say_so(replay, logs):
    """The Spring is played where its trash finds nothing (Spark of Dawn trashed the Wisp), so no
    trash is offered and none given up; it shields the learner, and Bramble's Marsh Light in the next
    turn is kept out -- the log says so, and the step after End turn points at it."""
    n = first(r"Play Purifying Spring: it shields you until your next turn, so a Wisp Bramble sends you before then is "
              r"kept out\. Its trash finds nothing now: your Realm discard is empty")
    before, after = replay[n]
    assert before.discard[0] == [] and after.protected[0] and after.step == "main"
    # the step after says where the table shows the shield: the learner's area's top line, in its words
    assert re.search(r"Your area's top line now says \"protected from corruption\": that is the Spring's shield", WORDS[n])
    layout = (ROOT / "tabletop" / "games" / "three_spheres" / "layout.py").read_text(encoding="utf-8")
    assert '" · protected from corruption" if s["protected"]' in layout
    end = next(k for k in learners_steps("end") if k > n)
    assert any(t == "Bramble plays Marsh Light. Robin is protected from corruption: no Wisp." for t in logs[end])
    _, after_end = replay[end]
    assert not any(kind_of(c) == WISP for c in after_end.collection(0))
    assert LESSON.steps[end].expect == "next" and re.search(r"Marsh Light found you shielded: no Wisp", WORDS[end])


def test_end_turn_with_canopy_spirit_in_play_says_the_rest_goes_to_the_realm_discard(replay):
    n = first(r"Canopy Spirit persists")
    assert re.search(r"Your other played cards go to your Realm discard, but Canopy Spirit persists: it stays in play",
                     WORDS[n - 1])
    before, after = replay[n]
    others = [c for c in before.in_play[0] + before.spent[0] if c != "canopy_spirit.a24"]
    assert not before.spent[0]  # (nothing spent this turn: "played cards" is all of it)
    assert others and all(c in after.discard[0] for c in others)


def test_brambles_wisps_are_pointed_at_where_they_lie(replay):
    """Bramble's Marsh Light put a Wisp into the learner's Realm discard before the learner's
    second turn: the turn's first step says so, and the step that trashes it says where it lies,
    ringed on the Discard pile, each lighting the pile; before the third turn the Spring kept the
    next one out."""
    ringed = first(r"ringed in violet on the table")
    assert re.search(r"a Marsh Light put a Corrupted Wisp on your Discard pile", WORDS[ringed - 1])
    n = first(r"Play Spark of Dawn: it trashes a card of your Realm discard, where Marsh Light's Wisp lies \(lit, on "
              r"your Discard pile\)")
    for k in (ringed, n):
        before, _ = replay[k]
        assert [kind_of(c) for c in before.discard[0]] == [WISP] and "pile/discard/0" in LESSON.steps[k - 1].point, k
    assert LESSON.steps[n].expect == {"kind": "trash", "args": {"card": before.discard[0][0]}}
    third = first(r"Canopy Spirit is still in play")
    before, _ = replay[third]
    assert not any(kind_of(c) == WISP for c in before.discard[0])


def test_the_free_play_says_how_many_cards_the_learners_world_deck_holds_and_what_ends_the_game(replay):
    """At the free play the words say what ends the game -- a reshuffle's flip finding a World
    deck empty makes the round the last (decision 12) -- and how many cards the learner's World
    deck holds, as the table shows it."""
    free = next(n for n, s in enumerate(LESSON.steps, 1) if s.until_over)
    n = free - 1  # (a step of words just before the free play, lighting both World decks)
    said = re.search(r"When a reshuffle's flip finds a World deck empty, that round is the last, then the collections are "
                     r"scored\. Yours \(right\) holds (\d+) cards, Bramble's \(left\) (\d+)", WORDS[n - 1])
    assert said and LESSON.steps[n - 1].expect == "next"
    assert set(LESSON.steps[n - 1].point) == {"pile/world/0", "pile/world/1"}
    _, at = replay[n]
    assert len(at.world_deck[0]) == int(said.group(1)) and len(at.world_deck[1]) == int(said.group(2))
    assert not re.search(r"World deck", WORDS[free - 1])  # (the free play's words: how to play on, no more)


# --- a new player's review of the 29-step lesson (one idea a bubble, each word where it is met) ------
def test_dynamic_points_are_named_where_the_star_with_a_plus_is_said():
    """The scoring (the last step, and the table's "Dynamic cards" pile) says "dynamic", a word the
    lesson never gave: it is named where a star with a + is first said, with what it means."""
    n = first(r"A star with a \+")
    assert n == first(r"[Dd]ynamic") < len(WORDS)
    assert re.search(r"A star with a \+, as on Dryads' Circle in your spread and on Dryad Seedling, means dynamic points, "
                     r"counted at the end from what you own", WORDS[n - 1])
    assert points_words("dryads_circle") == "★ +"  # (its face in the spread shows it, lit; the Seedling in play is compact)
    assert re.search(r"dynamic cards", WORDS[-1])
    assert "star with a plus" in TERMS["Dynamic points"] and points_words("dryad_seedling") == "★ +"
    assert info("dryad_seedling").points_per is not None  # (counted from the collection, at most 3)


def test_each_count_of_a_payment_is_said_as_what_the_move_makes(replay):
    """"Spend a Moss Sprout …: 3 of 5" read beside the card's "paid 2 of 5": each count a paying
    step says is what the move makes ("makes", "making"), and it is what the table shows after it."""
    counted = 0
    for n, (before, after) in replay.items():
        step = LESSON.steps[n - 1]
        if not (isinstance(step.expect, dict) and step.expect["kind"] in ("spend", "assign")):
            continue
        for m in re.finditer(r"(\S+) (\d) of (\d)", step.say):
            counted += 1
            assert m.group(1) in ("makes", "making"), (n, m.group(0))
            got, cost, target = int(m.group(2)), int(m.group(3)), step.expect["args"]["target"]
            assert before.paid.get(target, 0) == got - 1, n  # (the table shows one less before the move)
            if got < cost:
                assert after.paid[target] == got, n
            else:  # (the buy, or the ability, happened)
                assert target in after.collection(0) and (target not in after.paid or target in after.used), n
    assert counted >= 7


def test_what_you_pay_adding_up_is_said_with_its_not_carrying_over(replay):
    """The first spend said the paying adds up, where the buy goes and what it counts, four ideas:
    it says the spend and the count; the payment's lasting this turn only is one idea, said once."""
    first_spend = learners_steps("spend")[0]
    assert not re.search(r"adds up|goes to your Realm discard", WORDS[first_spend - 1])
    n = first(r"What you pay adds up this turn only: it does not carry over to your next turn")
    assert n == first(r"adds up") == first(r"carry over") > first_spend
    # the rules: what was paid is gone at the turn's end (decision 4)
    state = copy.deepcopy(replay[n][1])
    assert state.paid and state.turn == 0
    state.apply(next(a for a in state.legal_actions() if a.kind == Move.END))
    assert state.paid == {}


def test_the_card_flipped_into_an_empty_space_is_said_flipped_and_whose_space_it_fills(replay):
    """"Deepwood Stag fills an empty space" beside "Bramble's moves are ringed": the Stag is not
    ringed (a card from a deck is nobody's move, client/played.py), and no space was seen empty.
    The words say it was flipped, into the space of Grove Keeper, which Bramble bought."""
    n = first(r"ringed in violet on the table")
    assert re.search(r"Deepwood Stag, flipped, fills Grove Keeper's space \(Bramble bought it\)", WORDS[n - 1])
    end = learners_steps("end")[0]
    before_end, _ = replay[end]
    space = next(i for i, s in enumerate(before_end.spaces) if s == ["grove_keeper.a11"])
    before, _ = replay[n]
    assert before.spaces[space] == ["deepwood_stag.a12"] and "grove_keeper.a11" in before.collection(1)
    assert [kind_of(c) for c in before.spaces[0]] == ["white_hart", "elder_oak"]  # ("Elder Oak covers your White Hart")


def test_the_flip_that_fills_root_weavers_empty_space_is_named_where_it_lies(replay):
    """Step 21 said Root Weaver's space fills only when someone flips a card onto it; when
    Bramble's Night Raven does so, the step after names it (the flip is not ringed)."""
    n = first(r"Night Raven flipped Heartwood Dryad into Root Weaver's empty space")
    assert n and f"card/heartwood_dryad.a15" in LESSON.steps[n - 1].point
    buy = first(r"Take Root Weaver")
    before_buy, _ = replay[buy]
    space = next(i for i, s in enumerate(before_buy.spaces) if s and s[-1] == "root_weaver.a9")
    before, _ = replay[n]
    assert before.spaces[space] == ["heartwood_dryad.a15"]


def test_why_a_moss_sprout_is_spent_is_said_true_to_the_table(replay):
    """A Moss Sprout draws when played: the lesson spends both only where its draw would find
    nothing, and says so -- the Realm deck and the Realm discard empty, as they are at both spends."""
    n = first(r"Played, a Moss Sprout draws a card, but your Realm deck and Realm discard are empty, so spending it "
              r"loses nothing")
    assert n and info("moss_sprout").text == "When played: draw 1 card."
    sprouts = [k for k in learners_steps("spend") if kind_of(LESSON.steps[k - 1].expect["args"]["card"]) == "moss_sprout"]
    assert len(sprouts) == 2 and n == sprouts[-1]
    for k in sprouts:
        before, _ = replay[k]
        assert before.realm[0] == [] and before.discard[0] == [], k


def test_the_trash_is_said_where_it_happens_with_the_laid_out_cards(replay):
    """"Laid out with each kind shown once" became false when a trash from the Realm discard laid out
    every copy: the words say the Realm discard is laid out, and the Wisp to click is its one card."""
    n = first(r"Your Realm discard is laid out over the World: click the Wisp, worth −1 point, to trash it")
    assert n and not re.search(r"each kind shown once", " ".join(WORDS))
    assert LESSON.steps[n - 2].expect["kind"] == "play" and re.search(r"trashes a card of your Realm discard", WORDS[n - 2])
    before, after = replay[n]
    assert before.step == "trash" and [kind_of(c) for c in before.discard[0]] == [WISP]
    wisp = LESSON.steps[n - 1].expect["args"]["card"]
    assert wisp in before.discard[0] and wisp not in after.collection(0) and after.discard[0] == []
    assert table_words.picker_title(1) == "Your Realm discard — click a card to trash it (1 card to choose from)"


def test_resources_are_said_what_they_do_where_they_are_first_named():
    """"Spent for its resources (the green gem)" said a resource's look, not its use, four steps
    before a resource paid for anything: where first named, resources are said to pay for cards."""
    n = first(r"resources")
    assert n == 2 and LESSON.steps[n - 1].expect["kind"] == "play"  # (the first move, after the step of the goal)
    assert re.search(r"its resources \(the green gem\) pay for cards", WORDS[n - 1])
    assert TERMS["Resources"].startswith("What a spent card pays (the number in its green gem) into one target: a card to buy")


# --- a review: the Owl spent where played it would draw a card that pays (steps 12 and 23 of 29) ----
def _when_played(kind: str, effect: str) -> int:
    """How much of ``effect`` (a draw's cards, resources' amount) the card's When-played ability gives."""
    return sum(dict(e.params).get("cards", dict(e.params).get("amount", 1))
               for a in info(kind).abilities if a.when == "play" for e in a.effects if e.kind == effect)


def _pays(card: str) -> bool:
    """Whether ``card``, drawn, could pay toward a buy in its turn: spent (its green gem) or played
    (a When-played resource)."""
    return info(card).resources > 0 or _when_played(kind_of(card), "resources") > 0


def drawn_instead(state, card: str) -> list[str]:
    """The cards ``card``'s When-played draw could bring the learner now: the Realm deck's top
    cards, and, when the deck holds fewer, any card of the Realm discard (shuffled into a new
    deck) -- [] for a card that does not draw, or a draw that would find nothing."""
    n = _when_played(kind_of(card), "draw")
    if not n:
        return []
    realm, discard = state.realm[0], state.discard[0]
    return realm[-n:] if len(realm) >= n else realm + discard


def test_no_card_that_would_draw_is_spent_while_its_draw_could_pay(replay):
    """Steps 12 and 23 spent Mistling Owl where playing it was better: played, it would draw Glade
    Stag (whose play gives another card and the same resource) and Moss Sprout (which draws again).
    Spending a card that draws throws its draw away whenever the card drawn could pay in its place
    (it pays as much, and the draw is a card more). The advice search cannot judge this: while the
    hand holds a card whose play gains something (a draw from a deck or discard not empty, a take,
    resources), its moves (``bots.search_moves``) are those plays only, so a spend there gets no
    figures at all, and at a fixed budget its figures between the plays are noise. So: no taught
    spend is of a card whose draw could bring a card that pays."""
    poor = []
    for n in learners_steps("spend"):
        before, _ = replay[n]
        card = LESSON.steps[n - 1].expect["args"]["card"]
        could = [c for c in drawn_instead(before, card) if _pays(c)]
        if could:
            poor.append((n, info(card).name, could))
    assert not poor, poor


def test_the_draw_check_finds_a_poor_spend_where_there_is_one(replay):
    """The check above bites where the lesson plays instead: at each turn-2 play of a Glade Stag, a
    Stag spent would throw away its draw of Spark of Dawn, then Pollen Sprite (each pays); at the
    Owl's play in turn 1 the Owl spent would throw away Pollen Sprite."""
    plays = {n: LESSON.steps[n - 1].expect["args"]["card"] for n in learners_steps("play")}
    stags = [n for n, c in plays.items() if kind_of(c) == "glade_stag" and n > learners_steps("end")[0]]
    owl = next(n for n, c in plays.items() if kind_of(c) == "mistling_owl")
    for n, kind in ((stags[0], "spark_of_dawn"), (stags[1], "pollen_sprite"), (owl, "pollen_sprite")):
        before, after = replay[n]
        card = plays[n]
        drawn = drawn_instead(before, card)
        assert [kind_of(c) for c in drawn] == [kind] and _pays(drawn[0]), (n, drawn)
        assert drawn[0] in after.hand[0]  # (played, the card drew it)
    assert _when_played("glade_stag", "resources") == 1 and _when_played("moss_sprout", "draw") == 1
    assert _when_played("dryad_seedling", "draw") == 0 and drawn_instead(replay[learners_steps("spend")[0]][0],
                                                                          "dryad_seedling.a10") == []


# --- a second-round review of the 32-step lesson (one idea a bubble; steps of words only) ---------
def test_the_discovery_spread_is_said_where_a_card_of_it_is_lit(replay):
    """Step 3 said "Your Discovery spread (right) is a shop only you buy from" while lighting only
    Glade Stag, to play: the spread is said where its card, Canopy Spirit, is lit to pay into."""
    n = first(r"Discovery spread \(right\) is a shop only you buy from")
    before, _ = replay[n]
    lit = [p.removeprefix("card/") for p in LESSON.steps[n - 1].point if p.startswith("card/")]
    assert any(c in before.discovery[0] for c in lit), (n, lit)
    assert LESSON.steps[n - 1].expect["args"]["target"] in before.discovery[0]


def test_persist_is_said_where_the_learner_is_told_to_read_the_card():
    """Persist (step 4) and Turn start (step 6) were said two steps apart, the second with how to
    read the card: what the enlarged Canopy Spirit says is said in the step that tells to read it."""
    n = first(r"[Pp]oint at it to read it enlarged")
    assert re.search(r"Persist", WORDS[n - 1]) and re.search(r"Turn start", WORDS[n - 1])
    assert first(r"Persist") == n
    assert "Persist" in info("canopy_spirit").text and info("canopy_spirit").persist


def test_violet_rings_are_said_only_while_the_table_shows_them(logs):
    """Step 24 said the Wisp lay "ringed, on your Discard pile" five moves after Bramble's turn:
    the rings last until the learner's next move (docs/lessons.md), so only a step with no move of
    the learner's since Bramble's last one may say "ringed"."""
    for n, say in enumerate(WORDS, 1):
        if not re.search(r"ringed", say):
            continue
        last = max(k for k in logs if k < n and any(t.startswith("Bramble") for t in logs[k]))
        between = [LESSON.steps[k - 1].expect for k in range(last + 1, n)]
        assert all(e == "next" for e in between), (n, last, between)


def test_brambles_turn_is_said_in_a_step_of_words_before_the_learners_move(replay, logs):
    """Steps 18 and 30 said Bramble's turn -- three or four things it did -- and then the learner's
    move, in one bubble: Bramble's turn is a step of words only that lights what it brought, and
    the move that follows is its own step."""
    said = [n for n, s in enumerate(WORDS, 1) if re.match(r"Bramble's (moves|turn)", s)]
    ends = [k for k in logs if any(t.startswith("Bramble ends the turn") for t in logs[k])]
    assert len(said) == len(ends) >= 2
    for n in said:
        step = LESSON.steps[n - 1]
        assert step.expect == "next", n
        before, _ = replay[n]
        lit = [p.removeprefix("card/") for p in step.point if p.startswith("card/")]
        assert lit and all(any(c in s for s in before.spaces) for c in lit), (n, lit)  # (cards its turn laid in the World)
        assert isinstance(LESSON.steps[n].expect, dict), n  # (the learner's move comes next)


def test_the_reshuffle_and_its_flip_are_said_where_the_table_shows_them(replay):
    """Step 16 said the reshuffle and the flip before End turn, with its own idea (the cards going to
    the Realm discard, the draw of five): the End turn step says the end, and a step of words after
    it says the reshuffle and the flip, lighting the new Realm deck and the flipped card."""
    end = learners_steps("end")[0]
    assert not re.search(r"shuffle|flip", WORDS[end - 1])
    n = end + 1
    step = LESSON.steps[n - 1]
    assert step.expect == "next"
    before, _ = replay[n]
    assert before.shuffles >= 1 and before.flipped
    assert re.search(rf"you flipped {info(kind_of(before.flipped)).name}, from Bramble's \(left\)", WORDS[n - 1])
    assert f"card/{before.flipped}" in step.point and "pile/realm/0" in step.point and "pile/world/1" in step.point
    assert LESSON.steps[n].expect["kind"] == "space"


def test_dynamic_points_are_a_step_of_words_lighting_a_star_with_a_plus(replay):
    """Step 15 bought Fern Hollow and said dynamic points in one bubble: the buy is its step, and
    dynamic points a step of words after it, lighting cards whose star has a +, one in sight on
    the spread (the Seedling in play is shown without its star)."""
    n = first(r"A star with a \+")
    assert LESSON.steps[n - 1].expect == "next" and LESSON.steps[n - 2].expect["kind"] == "spend"
    lit = [kind_of(p.removeprefix("card/")) for p in LESSON.steps[n - 1].point]
    assert lit and all(points_words(k) == "★ +" for k in lit)
    before, _ = replay[n]
    assert any(c in before.discovery[0] for c in (p.removeprefix("card/") for p in LESSON.steps[n - 1].point))


def test_spark_of_dawn_is_spent_where_its_trash_would_find_nothing_worth_trashing(replay):
    """Spending Spark of Dawn throws its trash away: the step says so, and it is true -- the Realm
    discard holds no Corrupted Wisp (nothing worth trashing) when it is spent."""
    n = next(k for k in learners_steps("spend") if kind_of(LESSON.steps[k - 1].expect["args"]["card"]) == "spark_of_dawn")
    assert re.search(r"Played, the Spark trashes a card of your Realm discard, but none there is worth trashing",
                     WORDS[n - 1])
    before, _ = replay[n]
    assert before.discard[0] and not any(kind_of(c) == WISP for c in before.discard[0])


def test_a_stack_is_said_where_the_learner_makes_one(replay):
    """The World step said "a space may hold a stack" beside three other ideas, the stack unseen
    till the flip: the stack is said where the learner's flip makes one."""
    n = first(r"stack")
    assert n == learners_steps("space")[0]
    _, after = replay[n]
    assert len(after.spaces[LESSON.steps[n - 1].expect["args"]["space"]]) == 2


def test_hex_dolls_activated_ability_is_said_once():
    """"an activated ability, a paid one that works while the card is in play. Its text … means:
    once it is in play, pay 2 into it" said the same thing twice in 48 words."""
    n = first(r"Take Hex Doll")
    assert len(re.findall(r"in play", WORDS[n - 1])) == 1 and len(WORDS[n - 1].split()) <= 40


# --- a third-round review of the 36-step lesson (one idea a bubble; words a new player could misread) --
def test_the_goal_and_the_first_hands_are_a_step_of_words_before_the_first_move(replay):
    """Step 1 said the goal, the six and five cards, played or spent, and the move (49 words, four
    ideas): the goal and the hands are a step of words lighting both hands; the first move says
    only how a card is used and which to play."""
    step = LESSON.steps[0]
    assert step.expect == "next" and set(step.point) == {"hand/0", "hand/1"}
    assert re.search(r"the stars, ★\) wins", WORDS[0]) and re.search(r"six cards, Bramble five", WORDS[0])
    assert not re.search(r"resources|[Pp]lay", WORDS[0])
    before, _ = replay[1]
    assert len(before.hand[0]) == 6 and len(before.hand[1]) == 5
    move = LESSON.steps[1]
    assert move.expect["kind"] == "play" and not re.search(r"six|wins", WORDS[1])


def test_what_canopy_spirit_gives_is_a_step_of_words_after_the_first_payment_into_it(replay):
    """The second payment into Canopy Spirit also said Persist and Turn start (three ideas): what
    the card gives is a step of words, right after the first payment, lighting the card; the
    payments say only the count (and the second, that a resource is placed at once)."""
    n = first(r"What Canopy Spirit gives")
    step = LESSON.steps[n - 1]
    assert step.expect == "next" and list(step.point) == ["card/canopy_spirit.a24"]
    prev = LESSON.steps[n - 2]
    assert prev.expect == {"kind": "assign", "args": {"target": "canopy_spirit.a24"}} and re.search(r"making 1 of 5", prev.say)
    before, _ = replay[n]
    assert before.paid.get("canopy_spirit.a24") == 1 and "canopy_spirit.a24" in before.discovery[0]
    pays = [k for k in learners_steps("assign") + learners_steps("spend")
            if LESSON.steps[k - 1].expect["args"]["target"] == "canopy_spirit.a24"]
    assert not any(re.search(r"Persist|Turn start", WORDS[k - 1]) for k in pays)
    assert re.search(r"A resource must be placed at once, or it is lost", WORDS[pays[1] - 1])
    assert first(r"placed at once") == pays[1]  # (said once)


def test_the_buys_aftermath_the_mushrooms_level_and_the_springs_shield_are_each_their_own_bubble(replay):
    """Step 11 said where the bought card went, the Discovery deck's refill and the Mushroom; step 12
    the level, the Spring and the Wisps: the buy's aftermath is a step of words lighting the Realm
    discard, the Discovery deck and the card that refilled the spread; the level is said with the
    Mushroom that takes by it; the take says the Spring and the Wisps it keeps out."""
    n = first(r"Canopy Spirit went to your Realm discard")
    step = LESSON.steps[n - 1]
    assert step.expect == "next"
    before, _ = replay[n]
    new = next(c for c in before.discovery[0] if c not in replay[n - 1][0].discovery[0])
    assert re.search(rf"refilled its place with {info(kind_of(new)).name}", WORDS[n - 1])
    assert set(step.point) == {"pile/discard/0", "pile/discovery/0", f"card/{new}"}
    mushroom = first(r"Play Lantern Mushroom")
    assert mushroom == n + 1 and re.search(r"level 1 or lower \(the white circle, top left\)", WORDS[mushroom - 1])
    take = LESSON.steps[mushroom]
    assert take.expect == {"kind": "take", "args": {"card": "purifying_spring.a30"}}
    assert not re.search(r"level", take.say) and re.search(r"Corrupted Wisps, cards worth −1 point", take.say)
    assert info("purifying_spring").level == 1 and info("lantern_mushroom").level == 0


def test_the_hex_dolls_ability_happening_is_a_step_of_words_lighting_the_wisp_it_sent(replay):
    """The last payment into Hex Doll said the draw, the payment, the Wisp and "once a turn" (four
    ideas): the payment is its step; a step of words after it lights the Wisp on Bramble's Discard
    pile and the Doll, which the table marks "used this turn"."""
    n = first(r"Hex Doll put a Corrupted Wisp on Bramble's Discard pile \(lit\): −1 point for Bramble")
    step = LESSON.steps[n - 1]
    assert step.expect == "next" and set(step.point) == {"pile/discard/1", "card/hex_doll.b17"}
    assert LESSON.steps[n - 2].expect == {"kind": "assign", "args": {"target": "hex_doll.b17"}}
    assert not re.search(r"Wisp|once a turn", WORDS[n - 2])
    before, _ = replay[n]
    assert kind_of(before.discard[1][-1]) == WISP and "hex_doll.b17" in before.used
    assert re.search(r'works once a turn: the Doll now says "used this turn"', WORDS[n - 1])
    assert table_words.paid_note({"used": ["hex_doll.b17"], "paid": {}}, "hex_doll.b17", info) == "used this turn"


def test_the_white_hart_is_not_called_the_learners(replay):
    """"Elder Oak covers your White Hart" read as a card the learner owns: it lies on the learner's
    side of the World, which is a shop; the words say so."""
    assert not any(re.search(r"your White Hart", say) for say in WORDS)
    n = first(r"ringed in violet on the table")
    assert re.search(r"Elder Oak, flipped, covers White Hart on your side", WORDS[n - 1])
    before, _ = replay[n]
    assert "white_hart.a17" not in before.collection(0) and before.spaces[0] == ["white_hart.a17", "elder_oak.a16"]


def test_brambles_second_turn_names_the_buy_that_changed_the_score(replay, logs):
    """Bramble's second turn bought Elder Oak (4 points) off the learner's side, White Hart showing
    again and Bramble's score going up by 4, and the words named only the flip and the shield: they
    name the buy, lighting White Hart, back on top."""
    n = first(r"Marsh Light found you shielded")
    end = n - 1
    assert any(t.startswith("Bramble spends") and "buys Elder Oak" in t for t in logs[end])
    assert re.search(r"Bramble bought Elder Oak \(★ 4\), so White Hart is on top again", WORDS[n - 1])
    before_end, after_end = replay[end]
    assert "elder_oak.a16" in after_end.collection(1) and after_end.spaces[0] == ["white_hart.a17"]
    assert info("elder_oak").points == 4
    assert after_end.scores()[1].total - before_end.scores()[1].total == 4
    assert "card/white_hart.a17" in LESSON.steps[n - 1].point
