"""The words of Spheres of Life's two lessons, held to what a new player needs (a review of their
pictures, step by step): the first game keeps its ability cards for a reason it says, says what
the Day's draws brought and who holds the phase cards, one idea to a step, what a locked hand and
a gift are for, and what became of the blocked turn; the Dawn says what it is for first, that an
unused hero adds to the count (not the score), why the lesson ends the first Day, when laying
cards is worth it, what to judge "ahead" by, and lights only the button to click."""

from __future__ import annotations

import re

import pytest

from tabletop.engine.lessons import LessonRun, all_lessons, play_others
from tabletop.engine.registry import get_game
from tabletop.games.spheres_of_life.cards import HERO, NOBLE, all_cards, card
from tabletop.games.spheres_of_life.dawn import ENDS_AT, HERO_POINTS, dawn_cards, dawn_points

LESSONS = {x.id: x for x in all_lessons()}
FIRST, DAWN = LESSONS["spheres-of-life-first-game"], LESSONS["gods-and-myths-dawn"]
G = get_game("spheres-of-life")


def step(lesson, pattern: str) -> int:
    """The first step (from 0) whose words match ``pattern``."""
    found = [n for n, s in enumerate(lesson.steps) if re.search(pattern, s.say)]
    assert found, f"no step of {lesson.id} says {pattern!r}"
    return found[0]


def at_each_step(lesson):
    """The lesson played headless as taught: (step number from 0, the step, the match) as each
    step starts, the bots' moves before it made."""
    match = lesson.new_match(G)
    play_others(match)
    run = LessonRun(lesson)
    while run.current is not None:
        yield run.step, run.current, match
        if run.current.expect is None:
            return
        assert not run.take_step(match)


# --- the first game ------------------------------------------------------------------------------
def test_the_night_says_why_one_discard_and_what_the_kept_ability_cards_are_for():
    """"Each ability card at the end costs 1", then "one discard is enough" kept three of them
    that the last step counts −3: the step says they are kept to play in a Dream, and the end
    counts them as unplayed."""
    done = step(FIRST, r"one discard is enough")
    assert re.search(r"ability cards like the four you keep to play in a Dream", FIRST.steps[done].say)
    assert re.search(r"each counts −1 in your hand until played", FIRST.steps[step(FIRST, r"^Now click Take Noble Rabbit")].say)
    assert re.search(r"after −3 for three unplayed ability cards: play them before the end", FIRST.steps[-1].say)
    # the cards kept are those the hand still holds at the end: three ability cards, unplayed
    *_, (_, _, match) = at_each_step(FIRST)
    kept = [c for c in match.state.hands[0] if card(c).type == "ability"]
    assert len(kept) == 3


def test_the_night_says_what_the_draws_brought_and_who_went_first():
    night = step(FIRST, r"^Night")
    say = FIRST.steps[night].say
    assert re.search(r"phase cards \(lit\) passed to Bramble, who went first", say)
    assert FIRST.steps[night].reading and FIRST.steps[night].point == ("phase",)  # (read, then the move)
    drawn_say = FIRST.steps[night + 1].say  # (the discard: the draws said where the Mirror is discarded)
    assert re.search(r"^Your three draws at the Day's end brought a third Heron and two Mirrors of Fate", drawn_say)
    assert not re.search(r"second Mirror of Fate", drawn_say)  # (no Mirror was held before the draws)
    before = last_pick = None
    for n, s, match in at_each_step(FIRST):
        if n == night - 1:  # (the Day's last pick still to come)
            before, last_pick = list(match.state.hands[0]), s.expect["args"]["card"]
        if n == night:  # (as the table stands: Bramble leads, the learner holds three Herons)
            assert match.state.leader == 1
            assert sum(c.startswith("heron") for c in match.state.hands[0]) == 3
            drawn = [c for c in match.state.hands[0] if c not in before and c != last_pick]
            assert len(drawn) == 3 and sorted(card(c).kind for c in drawn) == ["heron", "mirror", "mirror"]
            assert not any(card(c).kind == "mirror" for c in before)
            break
    # the Dream's "back with you" comes after the passing was said
    dream = step(FIRST, r"^The Dream")
    assert dream > night and re.search(r"phase cards \(lit\) passed back to you", FIRST.steps[dream].say)


def test_the_phase_cards_go_with_the_second_hero_and_the_question_with_the_druid():
    """The phase cards are said with the second hero, lit on the phase board; the table's question
    before your turn where the Druid is first used, and not the phase cards there."""
    cards = step(FIRST, r"phase cards")
    druid = step(FIRST, r"asks whether you use something")
    assert cards == 1 and step(FIRST, r"take the second Druid") == 2 and druid == 4
    assert FIRST.steps[3].reading and re.search(r"each dealt three cards", FIRST.steps[3].say)
    assert FIRST.steps[cards].reading and FIRST.steps[cards].point == ("phase",)  # (read before the hero is taken)
    assert "phase" not in FIRST.steps[cards + 1].point
    assert re.search(r"The phase cards \(◆\), yours now, say who goes first; they pass one seat as each phase ends",
                     FIRST.steps[cards].say)
    assert not re.search(r"phase cards", FIRST.steps[druid].say)


def test_heroes_come_in_copies_and_the_second_druid_leaves_bramble_none():
    """"Take the second Druid": there are two of each hero but the Windmaster, as the cards are,
    and with both Druids Bramble has none to answer with (a review: Bramble's Druid took back
    what the learner's had taken, both heroes spent for nothing)."""
    n = step(FIRST, r"take the second Druid")
    assert re.search(r"There are two of each hero but the Windmaster: take the second Druid, so Bramble cannot "
                     r"answer yours with one", FIRST.steps[n].say)
    copies: dict[str, int] = {}
    for c in all_cards().values():
        if c.type == HERO:
            copies[c.kind] = copies.get(c.kind, 0) + 1
    assert copies == {"druid": 2, "paladin": 2, "warrior": 2, "windmaster": 1}
    *_, (_, _, match) = at_each_step(FIRST)
    assert sorted(match.state.heroes[0]) == ["druid1", "druid2"]
    assert not any(card(h).kind == "druid" for h in match.state.heroes[1])


def test_each_druid_is_used_when_it_pays():
    """Both heroes are used, each for two good cards and none taken back: the first on Bramble's
    dealt hand (the Owl and the Rabbit kept, the Toad left), the second after Bramble took the
    Heron the learner needs (taken back); in between, a quiet moment passed with nothing worth it."""
    s, match = at_step(FIRST, r"asks whether you use something")
    assert re.search(r"Use a hero when it pays: the Druid looks at another player's hand and keeps up to two of its cards",
                     s.say) and len(s.say.split()) <= 50
    assert "look at another player's hand, keep up to two of its cards" in card("druid1").text
    s, match = at_step(FIRST, r"^Bramble's three dealt cards: an Owl, a Rabbit and a Toad")
    assert sorted(card(c).kind for c in match.state.hands[1]) == ["owl", "rabbit", "toad"]
    s, match = at_step(FIRST, r"^Bramble is left with the Toad, and you hold their Owl and Rabbit")
    assert [card(c).kind for c in match.state.hands[1]] == ["toad"]
    assert {"owl2", "rabbit1"} <= set(match.state.hands[0]) and "druid2" not in match.state.used
    s, match = at_step(FIRST, r"^Bramble took the other Heron \(ringed in their hand\)\. Now your Druid pays")
    assert "heron3" in match.state.hands[1] and "heron1" in match.state.hands[0]
    assert [line.text for line in match.log_lines()][-1] == "Bramble takes Noble Heron from the table."
    s, match = at_step(FIRST, r"^Leave Bramble the Toad: click Done\. Both your heroes are used, each for two good cards")
    assert {"heron1", "heron3"} <= set(match.state.hands[0]) and set(match.state.used) >= {"druid1", "druid2"}
    # and none of it taken back: the learner still holds them when the Night begins
    s, match = at_step(FIRST, r"^Night")
    assert {"owl2", "rabbit1", "heron1", "heron3"} <= set(match.state.hands[0])


def test_the_steps_say_each_thing_where_it_is_used():
    """The deal where Bramble's dealt hand is shown, the hand's score where the first animal is
    kept, the six open cards where the first is picked, an ability card's −1 where one is weighed
    against a noble animal (the Lynx taken over the Orb of Fire)."""
    assert re.search(r"The Scores panel \(right\) counts your hand", FIRST.steps[step(FIRST, r"Click Take Noble Owl")].say)
    assert re.search(r"three of the six open cards", FIRST.steps[step(FIRST, r"Click the first Heron")].say)
    lynx = FIRST.steps[step(FIRST, r"^Take the Lynx")].say
    assert re.search(r"The Orb of Fire beside it counts −1 in your hand until played, like your other two ability cards", lynx)
    _, match = at_step(FIRST, r"Click Take Noble Owl")
    assert match.state.scores()[0].total == sum(pts for _, pts in match.state.scores()[0].parts)
    _, match = at_step(FIRST, r"Click the first Heron")
    assert len(match.state.table) == 6
    _, match = at_step(FIRST, r"^Take the Lynx")
    assert "fire1" in match.state.table  # (beside it)
    assert sum(card(c).type == "ability" for c in match.state.hands[0]) == 2
    assert dict(match.state.scores()[0].parts)["Ability cards in hand"] == -2


def test_brambles_paladins_are_pointed_at_in_the_log():
    s, match = at_step(FIRST, r"^Bramble took the Swan, then spent both Paladins naming Swan \(lit in the log\): you held none")
    log = [line.text for line in match.log_lines()]
    assert log[-2:] == ["Bramble calls the Paladin and shows a Noble Swan: everybody else shows their hand and hands over "
                        "every Noble Swan."] * 2
    assert not any(card(c).kind == "swan" for c in match.state.hands[0])
    assert all(h in match.state.used for h in match.state.heroes[1])


def test_heroes_are_defined_where_they_are_first_said():
    """Step 1 said "each take two heroes" with no word of what a hero is: it says a card with a
    power used once a game, in any phase, as every hero's card says (the Windmaster's too)."""
    assert re.search(r"two heroes: cards with a power you may use once a game, in any phase", FIRST.steps[0].say)
    assert all("Once a game:" in c.text for c in all_cards().values() if c.type == HERO)


def test_the_quiet_moment_says_which_moments_always_ask_and_where_the_box_is():
    """Step 3 "the table asks before each turn" and step 19 "asked only if you tick the box" were
    at odds: step 3 says before your turn; step 19 says what is always asked (as
    ``open_invitation`` decides) and names the side panel's box by its words."""
    n = step(FIRST, r"A real game asks only")
    say = FIRST.steps[n].say
    assert re.search(r"A real game asks only before your turn, a Dream's end, or to block or accept; "
                     r"after the lesson, tick Ask me at every quiet moment to be asked here", say)
    assert not re.search(r"Before each turn", FIRST.steps[step(FIRST, r"asks whether you use something")].say)
    for m, _, match in at_each_step(FIRST):
        if m == step(FIRST, r"asks whether you use something"):  # (before your own turn: always asked)
            assert match.decider() == 0 and not match.state.open_invitation()
        if m == n:  # (before Bramble's turn: passed over with fewer questions)
            assert match.decider() == 0 and match.state.open_invitation()
        if m == step(FIRST, r"Click Block with Apple"):  # (a block window: always asked)
            assert match.decider() == 0 and not match.state.open_invitation()
            break
    from tabletop.client import table_screen  # (the box's words, as the side panel shows them)
    assert 'QCheckBox("Ask me at every quiet moment")' in open(table_screen.__file__, encoding="utf-8").read()


def test_the_steal_by_place_says_why_a_druid_sets_an_order():
    steal = FIRST.steps[step(FIRST, r"A steal takes one of Bramble's cards by its place")].say
    assert re.search(r"a Druid may have set that order, to know where each card lies", steal)
    assert "put the rest in the order you choose" in card("druid1").text


def test_a_gift_says_what_it_is_for():
    action = FIRST.steps[step(FIRST, r"Now your action")].say
    assert re.search(r"give one \(a corrupted animal, say: the taker cannot refuse it\)", action)
    fallback = FIRST.steps[step(FIRST, r"When nobody accepts")].say
    assert re.search(r"Giving the Wolf \(click it, then Give it to Bramble\) would rid you of its −1", fallback)


def test_the_last_step_says_what_became_of_the_blocked_turn():
    *_, (_, last, match) = at_each_step(FIRST)
    assert re.search(r"a blocked action is lost, and with it the turn", FIRST.steps[step(FIRST, r"Click Block with Apple")].say)
    assert re.search(r"so their turn ends without an action", FIRST.steps[step(FIRST, r"^Blocked:")].say)
    # who wins, and the ? on Bramble's score: hidden until the game is over
    assert re.search(r"then all hands are shown and counted: most points wins; a tie, fewer cards in hand", last.say)
    assert match.state.view(0)["scores"][1]["total"] is None
    log = [line.text for line in match.log_lines()]
    assert log[-3:] == ["Bramble will steal a card from Robin.", "Robin blocks it with an Apple of Life.",
                        "Bramble lets it pass."]
    _, blocking = at_step(FIRST, r"Click Block with Apple")
    assert len(match.state.hands[0]) == len(blocking.state.hands[0]) - 1  # (nothing was stolen: the Apple went)


def test_the_phases_are_named_where_the_phase_cards_are_and_the_deal_where_the_hand_appears():
    """A new player's review: "as each phase ends" named no phase (the Dream was first met as "played
    in a Dream"), and the three cards each dealt, the Day's open cards and a score of −1 came in
    silence between the heroes and the Druid: the phases are named in order with the phase cards,
    and the deal where the hand first shows."""
    cards = step(FIRST, r"phase cards")
    assert re.search(r"as each phase ends \(Day, Night, Dream, then again\)", FIRST.steps[cards].say)
    assert all(not re.search(r"\b(Day|Night|Dream)\b", s.say) for s in FIRST.steps[:cards])
    s, match = at_step(FIRST, r"each dealt three cards")
    assert re.search(r"^Bramble took the other Paladin \(ringed\)\. Then you were each dealt three cards", s.say)
    assert len(match.state.hands[0]) == 3 and len(match.state.hands[1]) == 3
    assert [card(h).kind for h in match.state.heroes[1]] == ["paladin", "paladin"]
    assert [line.text for line in match.log_lines()][-1] == "Bramble chooses the Paladin."


def test_a_move_the_words_say_is_ringed_is_not_hidden_under_the_lit_outline():
    """"Bramble took the other Heron (ringed in their hand)" lit Bramble's whole hand, and the lit
    outline hid the violet ring on the card taken: a step that sends the learner to a ring does
    not light the place that holds it."""
    for n, s in enumerate(FIRST.steps):
        if re.search(r"ringed in their hand", s.say):
            assert "hand/1" not in s.point, n + 1


# --- the Dawn ------------------------------------------------------------------------------------
# The lesson shows a Dawn reaching 10 (a review: it used to lay two corrupted cards for a total of
# -2 and narrate the rest): a Dawn card waiting, the learner keeping a hero unused, three Owls
# gathered in the Night and laid, the count shown at 9, the Druid added, and the game ending at
# 14, scored as usual, the learner ahead.
def at_step(lesson, pattern: str):
    """(the step, the match as it starts) of the first step whose words match ``pattern``."""
    n = step(lesson, pattern)
    for m, s, match in at_each_step(lesson):
        if m == n:
            return s, match
    raise AssertionError(f"the lesson never reaches {pattern!r}")


def test_the_dawn_says_first_what_it_is_for_and_lights_the_dawn_card_waiting():
    first = DAWN.steps[0]
    assert re.match(r"Gods & Myths adds the Dawn: five Dawn cards in the deck, each a chance to end the game early\.",
                    first.say)
    s, match = at_step(DAWN, r"^Gods & Myths adds the Dawn")
    aside = match.state.dawn.aside
    assert aside and f"card/{aside[0]}" in s.point and "waits beside the phase board (lit)" in s.say
    assert match.state.phase == "night" and "when this Night ends, the Dawn Phase comes" in s.say
    assert len(dawn_cards()) == 5


def test_an_unused_hero_adds_to_the_count_not_to_the_score():
    s, match = at_step(DAWN, r"^Keep your Druid: at a Dawn")
    assert re.search(r"an unused hero may be laid for 5 toward 10 \(not toward your score\)", s.say)
    assert s.point == ("prompt/button/pass",) and "druid1" not in match.state.used  # (the Druid named, Pass lit)
    assert any(h == "druid1" for h in match.state.heroes[0])
    assert not any("hero" in part.lower() for part, _ in match.state.scores()[0].parts)  # (heroes score nothing)


def test_the_night_discards_the_jackal_and_takes_the_third_owl():
    s, match = at_step(DAWN, r"Your Night turn")
    assert re.search(r"discard cards, then take as many of the open cards", s.say)
    assert re.search(r"it would cost you a point at the end", s.say)
    assert dict(match.state.scores()[0].parts)["Corrupted animals in hand"] == -1
    s, match = at_step(DAWN, r"^Take the Owl")
    assert "owl3" in match.state.table and sorted(c for c in match.state.hands[0] if c.startswith("owl")) == ["owl1", "owl2"]
    assert re.search(r"species by species: one 1, two 4, three 9", s.say)
    assert [dawn_points([f"owl{i}" for i in range(1, k + 1)]) for k in (1, 2, 3)] == [1, 4, 9]


def test_the_laying_says_who_lays_first_and_what_bramble_laid():
    s, match = at_step(DAWN, r"^The Dawn Phase")
    state = match.state
    assert state.phase == "dawn" and state.leader == 1  # (Bramble holds the phase cards: first)
    assert state.dawn.sacrificed[1] == [] and "Bramble laid" not in s.say  # (said at the move, below)
    assert re.search(r"up to five cards face down \(sacrifices them\), one at a time", s.say)
    lay = DAWN.steps[step(DAWN, r"^The Dawn Phase") + 1]
    assert lay.say.startswith("Bramble laid nothing") and lay.expect == {"kind": "sacrifice", "args": {"card": "owl1"}}


def test_the_laying_says_when_it_is_worth_it():
    s, match = at_step(DAWN, r"Laid cards go to the discard pile")
    assert re.search(r"your banked sets put you far ahead", s.say)
    state = match.state
    # far ahead: the banked sets alone beat the most Bramble's hand of 4 could score (three of a
    # kind, the most copies of a species, and one more)
    banked = dict(state.scores()[0].parts)["Banked noble sets (2 × 6)"]
    nobles = [card(c).kind for c in all_cards() if card(c).type == NOBLE]  # (only noble animals score in a hand)
    copies = max(nobles.count(k) for k in set(nobles))
    assert len(state.hands[1]) == 4 and copies == 3
    assert banked == 12 > dawn_points(["owl1", "owl2", "owl3", "deer1"])
    s, _ = at_step(DAWN, r"Lay the third Owl")
    assert re.search(r"counts −1: a player who is behind lays those, to pull the total down", s.say)


def test_the_reveal_is_shown_at_nine_and_the_druid_ends_the_game():
    s, match = at_step(DAWN, r"The laid cards are shown")
    state = match.state
    assert state.step == "dawn_hero" and state.dawn.total == 9 and "a total of 9 (lit), short of 10" in s.say
    assert "dawn/total" in s.point and {f"card/{c}" for c in ("owl1", "owl2", "owl3")} <= set(s.point)
    s, match = at_step(DAWN, r"^Below 10, each player in turn may add one unused hero for \+5")
    assert state.dawn.total + HERO_POINTS == 14 >= ENDS_AT and "Add your Druid: 14 ends the game at once" in s.say


def test_the_last_words_say_the_table_as_it_stands():
    *_, (_, last, match) = at_each_step(DAWN)
    state = match.state
    assert match.is_over() and state.dawn.ended
    scores = [sc.total for sc in state.scores()]
    assert scores == [16, 4] and "you 16, Bramble 4" in last.say
    assert {"owl1", "owl2", "owl3"} <= set(state.discard) and "The Owls went to the discard pile" in last.say
    assert "druid1" in state.used and "the Druid stays turned over" in last.say
    assert re.search(r"Dawns need Dawn: Yes at set-up", last.say)
    option = next(o for o in G.options if o.name == "dawn")
    assert option.label() == "Dawn" and option.words_for(True) == "Yes"


def test_the_passes_say_why_the_druid_is_kept():
    passes = [s for s in DAWN.steps if isinstance(s.expect, dict) and s.expect.get("kind") == "pass"]
    assert len(passes) == 2 and all(re.search(r"[Kk]eep your Druid|an unused hero may be laid", s.say) for s in passes)


@pytest.mark.parametrize("lesson", [FIRST, DAWN], ids=lambda x: x.id)
def test_a_step_lights_only_the_buttons_it_expects(lesson):
    """Of the prompt's buttons, a step lights the one to click (or the menu that leads to it),
    never another choice it names (the Dawn's "Add Druid (+5)" beside Pass)."""
    for n, s in enumerate(lesson.steps):
        expected = s.expect if isinstance(s.expect, list) else [s.expect]
        for name in s.point:
            if not name.startswith("prompt/button/") or name.startswith("prompt/button/menu:"):
                continue
            kind, _, rest = name.removeprefix("prompt/button/").partition(":")
            args = dict(kv.split("=", 1) for kv in rest.split(",") if kv)
            wanted = [e for e in expected if isinstance(e, dict) and e.get("kind") == kind]
            assert wanted and any(all(str(e.get("args", {}).get(k)) == v for k, v in args.items()) for e in wanted), \
                f"{lesson.id} step {n + 1} lights {name}, which is not the move it teaches ({s.expect})"


def test_the_last_words_say_the_expansions_other_parts_are_not_covered():
    """The Dawn is one of Gods & Myths' four parts (the expansion's rulebook: Mythical Creatures,
    Godly Heroes, Godly Abilities and the Dawn Phase): the last words say the other three, by the
    set-up's names for them, are not in this lesson."""
    *_, (_, last, match) = at_each_step(DAWN)
    labels = [next(o for o in G.options if o.name == n).label() for n in ("godly_heroes", "mythical_creatures", "godly_abilities")]
    assert [x.lower() for x in labels] == ["godly heroes", "mythical creatures", "godly abilities"]  # (the rulebook's names)
    assert re.search(r"The expansion's other parts are not taught here: Godly Heroes, Mythical Creatures, Godly Abilities\.$", last.say)
    assert all(not match.state.options.get(n) for n in ("godly_heroes", "mythical_creatures", "godly_abilities"))


@pytest.mark.parametrize("lesson", [FIRST, DAWN], ids=lambda x: x.id)
def test_every_step_is_fifty_words_or_fewer(lesson):
    assert [len(s.say.split()) for s in lesson.steps if len(s.say.split()) > 50] == []


# --- a new player's review of both lessons' pictures (the words that point, define and add up) ----
def test_the_night_says_why_the_mirror_goes_and_points_at_bramble_who_went_first():
    s, match = at_step(FIRST, r"^Night")
    assert re.search(r"who went first \(lit in the log; the cards Bramble took are ringed in their hand\)", s.say)
    assert [line.text for line in match.log_lines()][-1].startswith("Bramble")  # (Bramble's Night turn, lit)
    s, match = at_step(FIRST, r"Two Mirrors do the same thing")
    assert re.search(r"Two Mirrors do the same thing, and one is plenty: click the second to discard it", s.say)
    texts = {card(c).text for c in match.state.hands[0] if card(c).kind == "mirror"}
    assert len(texts) == 1  # (the same thing)
    mirrors = [c for c in match.state.hands[0] if card(c).kind == "mirror"]
    assert len(mirrors) == 2 and s.expect["args"]["card"] == mirrors[1]  # (the second, left to right)
    assert [line.text for line in match.log_lines()][-1].startswith("Bramble")  # (Bramble's Night turn, lit)


def test_the_apple_is_named_as_coming_then_defined_before_the_actions_it_blocks():
    """The Night's Done step named the Apple "worth taking" a step before saying what it does, and
    the Apple's step spoke of "a Dream action" and the bank's of "your action" before any action
    was said: each now says it is coming, and the Apple's step says a hero cannot be blocked (the
    word "unblocked" left the heroes' step)."""
    done = step(FIRST, r"one discard is enough")
    assert re.search(r"only the Apple of Life, a defence you will see next, is worth taking", FIRST.steps[done].say)
    apple = FIRST.steps[done + 1].say
    assert re.search(r"It blocks \(cancels\) an ability card as it is played, or a player's action in a Dream "
                     r"\(actions come soon\), never a hero", apple)
    action = step(FIRST, r"Now your action, one of three")
    blocks = [n for n, s in enumerate(FIRST.steps) if re.search(r"\bblock", s.say)]
    assert blocks[0] == done + 1
    said = [n for n, s in enumerate(FIRST.steps) if re.search(r"\baction", s.say)]
    assert said[0] == done + 1 and all(n >= action or re.search(r"actions come soon|then you take an action",
                                                                 FIRST.steps[n].say) for n in said[:2])
    bank = FIRST.steps[step(FIRST, r"Click Bank three")].say
    assert re.search(r"^In your Dream turn you may first bank one set of three, once per Dream, then you take an action", bank)
    assert not re.search(r"Before your action", bank)


def test_the_orb_step_points_at_the_wolf_drawn():
    s, match = at_step(FIRST, r"the Orb drew")
    assert re.search(r"the Orb drew the Corrupted Wolf, now in your hand: the gamble lost this time", s.say)
    assert s.point == ("prompt/button/pass",)  # (a move step lights its move only; the Wolf is named)
    assert "wolf3" in match.state.hands[0] and card("wolf3").name == "Corrupted Wolf"
    assert re.search(r"Keep your other cards for a later Dream", s.say)


def test_the_exchange_says_why_a_rabbit_and_why_bramble_declined():
    """"Offer your Wolf for a Noble Rabbit" gave no reason, and "Bramble declined" none either,
    though the table shows the learner knows Bramble holds two Rabbits: the offer points at what
    the learner knows (named under Bramble's hand), and the refusal says nobody has to accept a card that costs them."""
    s, match = at_step(FIRST, r"Offer your Wolf for it")
    assert re.search(r"^Bramble holds a Rabbit \(named under their hand\): with yours, two Rabbits would score 4\. "
                     r"Offer your Wolf for it", s.say)
    assert FIRST.steps[step(FIRST, r"Now your action, one of three")].reading  # (the three actions read first)
    assert sum(card(c).kind == "rabbit" for c in match.state.hands[0]) == 1 and dawn_points(["rabbit1", "rabbit2"]) == 4
    known = match.state.view(0)["hands"][1]["known"]
    assert sum(card(c).kind == "rabbit" for c in known) == 1
    assert sum(card(c).kind == "rabbit" for c in match.state.hands[1]) >= 1
    s, match = at_step(FIRST, r"When nobody accepts")
    assert re.search(r"^Bramble declined \(nobody has to accept, and your Wolf would cost them\)", s.say)
    assert any(card(c).kind == "rabbit" for c in match.state.hands[1])  # (declined while holding one)
    assert card("wolf3").type == "corrupted"
    assert [line.text for line in match.log_lines()][-1] == "Bramble declines."


def test_the_last_words_say_the_unplayed_cards_cost_and_to_play_them():
    """The lesson says twice to keep the ability cards "to play in a Dream", "for a later Dream",
    and ends with them counted −3: the last words say so, and to play them before the end."""
    *_, (_, last, match) = at_each_step(FIRST)
    assert re.search(r"You would have 7 now, after −3 for three unplayed ability cards: play them before the end", last.say)
    parts = dict(match.state.scores()[0].parts)
    assert match.state.scores()[0].total == 7 and parts["Ability cards in hand"] == -3


def test_the_dawn_says_the_game_is_late_and_what_ten_counts_before_it_uses_ten():
    """The Dawn said "5 toward 10" at step 2 and what the 10 is only at step 7: step 2 says the
    cards laid are counted together and 10 or more ends the game; step 1 says the game is late."""
    s, match = at_step(DAWN, r"^Gods & Myths adds the Dawn")
    assert "This game is late (Deck 5)." in s.say and len(match.state.deck) == 5  # (the number on the deck's pile)
    tens = [n for n, st in enumerate(DAWN.steps) if re.search(r"\b10\b", st.say)]
    first = DAWN.steps[tens[0]].say
    assert re.search(r"the cards everybody lays face down are counted together, and 10 or more ends the game at once", first)
    assert ENDS_AT == 10 and first.index("10 or more") < first.index("toward 10")


def test_the_dawn_points_at_brambles_moves_and_what_makes_you_far_ahead():
    s, match = at_step(DAWN, r"^Bramble laid nothing")
    assert "Bramble laid nothing (lit in the log, and on the Dawn board)" in s.say
    assert [line.text for line in match.log_lines()][-1] == "Bramble sacrifices nothing."
    s, match = at_step(DAWN, r"Laid cards go to the discard pile")
    assert re.search(r"far ahead \(\+12 in the Scores; Bramble banked none and holds 4 cards\)", s.say)
    state = match.state
    assert dict(state.scores()[0].parts)["Banked noble sets (2 × 6)"] == 12
    assert state.bank_cards[1] == [] and len(state.hands[1]) == 4


def test_the_deer_step_says_what_laying_them_would_cost_against_the_druid():
    """"Your Deer would count too, but they score in your hand; your Druid scores nothing there"
    left the sum to the learner: it says both numbers, as the game counts them."""
    s, match = at_step(DAWN, r"Keep the Deer")
    assert re.search(r"^Laying your two Deer would add 4 but take 4 from your score", s.say)
    assert re.search(r"Your Druid, added after the cards are shown, adds 5 and costs you nothing", s.say)
    deer = [c for c in match.state.hands[0] if card(c).kind == "deer"]
    assert len(deer) == 2 and dawn_points(deer) == 4
    assert dict(match.state.scores()[0].parts)["Noble animals in hand"] == 4 and HERO_POINTS == 5
    assert not any("hero" in part.lower() for part, _ in match.state.scores()[0].parts)


def test_the_heroes_round_says_bramble_has_no_hero_left():
    s, match = at_step(DAWN, r"^Below 10")
    assert "Bramble has none left" in s.say
    assert all(h in match.state.used for h in match.state.heroes[1])


def test_brambles_day_pick_and_declared_steal_are_pointed_at_not_recapped():
    """"Bramble took the Swan" and "Bramble wants to steal from you" told what the table shows
    ringed in violet and lit in the log: the words send the learner there."""
    s, match = at_step(FIRST, r"Now your Druid pays")
    assert re.search(r"^Bramble took the other Heron \(ringed in their hand\)", s.say)
    assert [line.text for line in match.log_lines()][-1] == "Bramble takes Noble Heron from the table."
    assert any(card(c).kind == "heron" for c in match.state.hands[1])
    s, match = at_step(FIRST, r"Click Block with Apple")
    assert re.search(r"Bramble wants to steal from you \(lit in the log\)", s.say)
    assert [line.text for line in match.log_lines()][-1] == "Bramble will steal a card from Robin."


# --- a new player's review of the pictures (2): what the Scores panel and the prompt show ---------
def test_the_ability_cards_minus_is_said_where_the_scores_panel_is_first_read():
    """From the deal on, the Scores panel showed "Ability cards in hand −2" (the learner's two Orbs)
    with no word of it until the Orb of Fire was taken, nine steps on: the step after the Scores
    panel is named says the Orbs are ability cards and what the −2 is."""
    deal = step(FIRST, r"asks whether you use something")
    _, match = at_step(FIRST, r"asks whether you use something")
    assert dict(match.state.scores()[0].parts)["Ability cards in hand"] == -2  # (shown from the deal on)
    said = step(FIRST, r"ability card")
    assert said <= deal + 2 and said == step(FIRST, r"^Now click Take Noble Rabbit")
    assert step(FIRST, r"Scores panel \(right\) counts your hand") == said - 1
    s, match = at_step(FIRST, r"^Now click Take Noble Rabbit")
    assert re.search(r"Your two Orbs are ability cards: each counts −1 in your hand until played "
                     r"\(the Scores panel's −2\)", s.say)
    ability = [card(c).name for c in match.state.hands[0] if card(c).type == "ability"]
    assert len(ability) == 2 and all(n.startswith("Orb of ") for n in ability)
    assert dict(match.state.scores()[0].parts)["Ability cards in hand"] == -2


def test_the_quiet_moment_of_the_day_offers_a_hero_only():
    """"A quiet moment, to use a card or a hero" in the Day, where the prompt offers the Druid and
    Pass only, the learner's two Orbs not at all (ability cards are played only in a Dream): the
    words say a hero, and an ability card in a Dream, as the later quiet moment offers them."""
    s, match = at_step(FIRST, r"is a quiet moment")
    assert match.state.phase == "day"
    assert re.search(r"a quiet moment, a chance to use a hero \(in a Dream, an ability card too\)", s.say)
    assert not re.search(r"use a card", s.say)
    uses = [dict(a.args)["card"] for a in match.legal_actions() if a.kind == "use"]
    assert uses and all(card(c).type == HERO for c in uses)
    assert any(card(c).type == "ability" for c in match.state.hands[0])  # (held, and not offered)
    _, later = at_step(FIRST, r"Another quiet moment")
    assert later.state.phase == "dream"
    assert any(card(dict(a.args)["card"]).type == "ability" for a in later.legal_actions() if a.kind == "use")


def test_the_night_says_why_the_other_open_cards_are_not_taken():
    """"Only the Apple is worth taking" came three steps after the learner was taught to take an Orb
    of Fire, with two more Orbs of Fire open: the step says what the rest are (corrupted animals or
    ability cards) and that the learner holds four ability cards already, as the table shows."""
    s, match = at_step(FIRST, r"one discard is enough")
    assert re.search(r"the rest are corrupted animals, or ability cards like the four you keep to play in a Dream", s.say)
    rest = [card(c).type for c in match.state.table if card(c).kind != "apple"]
    assert rest and set(rest) <= {"corrupted", "ability"}
    assert sum(card(c).type == "ability" for c in match.state.hands[0]) == 4
    assert dict(match.state.scores()[0].parts)["Ability cards in hand"] == -4


# --- a new player's review (second round): one idea a bubble, a step lighting only its move, the why ----
def places_of_the_move(s) -> set[str]:
    """What a step that teaches a move may light: the cards its move names and its prompt buttons
    (the menu that leads to one included)."""
    expected = s.expect if isinstance(s.expect, list) else [s.expect]
    cards = {f"card/{e['args'][k]}" for e in expected for k in ("card",) if k in e.get("args", {})}
    return cards | {p for p in s.point if p.startswith("prompt/button/")}


# (The Dawn's reveal, once lit beside the Add Druid button, is now read in a step of its own.)
LIT_TO_READ: set[tuple[str, str]] = set()


@pytest.mark.parametrize("lesson", [FIRST, DAWN], ids=lambda x: x.id)
def test_a_step_that_teaches_a_move_lights_only_that_moves_places(lesson):
    """Outlined places are what to click: the phase board, a second Druid, the Apple, the Wolf drawn,
    the Dawn card, the Druid and the banked sets were lit beside the button of a Pass or a discard.
    What is only to be read is lit in a step of words only."""
    faults = []
    for n, s in enumerate(lesson.steps):
        if not s.teaches or any((lesson.id, w) in LIT_TO_READ and w in s.say for _, w in LIT_TO_READ):
            continue
        extra = set(s.point) - places_of_the_move(s)
        if extra:
            faults.append((n + 1, sorted(extra)))
    assert faults == []
    assert any(s.reading and "phase" in s.point for s in FIRST.steps)  # (the phase board, lit where it is read)


def day_picks():
    """(step number from 0, the step, the match as it starts) of each pick the Day teaches (the
    match is the one played on: read it before the next pick is asked for)."""
    for n, s, match in at_each_step(FIRST):
        if match.state.phase == "night":
            return
        if isinstance(s.expect, dict) and s.expect["kind"] == "pick":
            yield n, s, match


def test_the_day_takes_a_sure_noble_animal_over_an_ability_card():
    """"Take the Orb of Fire" was taught with the Lynx and the Swan open beside it, the words
    owning that each was a sure +1 and the Orb's draw a gamble (a blind draw of this deck is worth
    about −0.3 to +0.1 points): a lesson must never teach a poor move.  No pick of the Day takes
    an ability card while a noble animal is open, and the Orb of Fire is taken only when the
    table holds ability cards alone."""
    taken = []
    for n, s, match in day_picks():  # (each as the table stands when the pick is taught)
        pick = card(s.expect["args"]["card"])
        nobles = [c for c in match.state.table if card(c).type == NOBLE]
        assert pick.type == NOBLE or not nobles, (n + 1, pick.name, [card(c).name for c in nobles])
        taken.append(pick.id)
    assert taken == ["heron1", "lynx2", "fire1"]


def test_the_lynx_pick_says_why_a_sure_noble_animal_and_the_orb_pick_why_now():
    """The Lynx is taken, a noble animal the learner does not hold (a sure +1), the Swan as good,
    the Orb of Fire beside it a gamble that costs −1 until played; the Orb is taken as the Day's
    last pick, when only ability cards are left, and it draws a card in a Dream."""
    s, match = at_step(FIRST, r"^Take the Lynx")
    assert re.search(r"^Take the Lynx: a noble animal you do not hold yet, a sure \+1 \(the Swan would do as well\)", s.say)
    assert re.search(r"and its draw is a gamble", s.say)
    assert s.expect == {"kind": "pick", "args": {"card": "lynx2"}} and s.point == ("card/lynx2",)
    held = {card(c).kind for c in match.state.hands[0]}
    open_ = {card(c).kind: card(c).type for c in match.state.table}
    assert open_["lynx"] == open_["swan"] == NOBLE and open_["fire"] == "ability" and not {"lynx", "swan"} & held
    before = match.state.scores()[0].total
    s, match = at_step(FIRST, r"spent both Paladins naming Swan")
    assert match.state.scores()[0].total == before + 1  # (the sure +1)
    assert re.search(r"Only ability cards are left: take the Orb of Fire, which draws a card when played in a Dream\. "
                     r"Then you each draw three cards, and the Day ends", s.say)
    assert s.expect == {"kind": "pick", "args": {"card": "fire1"}} and s.point == ("card/fire1",)
    assert match.state.table and all(card(c).type == "ability" for c in match.state.table)
    assert "fire1" in match.state.table and card("fire1").text == "Draw the top card of the main deck."


# The Hint's search at a fixed iteration count and seeds (no time limit: the figures do not hang
# on the clock), as tests/test_lessons_words_forest.py asks it.  Over these seeds the Day's picks
# are each the search's best (the Heron about 0.74 against the Lynx's 0.73; the Lynx 0.78 against
# the Swan's 0.77 and the Orb of Fire's 0.75; then the Orb of Fire 0.77 against Autumn Wind's
# 0.75): the taught pick may be at most DAY_NEAR below the best, which the old Orb of Fire taken
# over the Lynx (0.03 below) was not.
DAY_SEARCH_SEEDS = (0, 1, 2, 3)
DAY_SEARCH_ITERATIONS = 2000
DAY_NEAR = 0.02


@pytest.mark.slow  # (the Hint's Hard search at 2000 iterations, four seeds, three picks: about a minute)
def test_each_day_pick_is_the_searchs_best_or_near_it():
    from tabletop.engine.bots.advice import advise
    from tabletop.engine.lessons import taught

    for n, s, match in day_picks():
        legal = match.legal_actions()
        move = taught(legal, s.expect)[0]
        gaps = []
        for seed in DAY_SEARCH_SEEDS:
            ranked = advise(G, match.state.view(0), legal, list(FIRST.names), "hard", seed, top=len(legal),
                            iterations=DAY_SEARCH_ITERATIONS, seconds=1e9)
            chance = {o.action: o.figures["chance"] for o in ranked}
            gaps.append(ranked[0].figures["chance"] - chance.get(move, 0.0))
        assert sum(gaps) / len(gaps) <= DAY_NEAR, (n + 1, s.expect, [round(g, 3) for g in gaps])


def test_the_orb_played_says_why_one_draw_and_not_the_earths_two():
    """"Click Play Orb of Fire" beside Play Orb of Earth (two cards) gave no reason: the words say a
    played card no longer costs −1 and a draw is a gamble, the deck's corrupted and noble animals as
    many, so one draw."""
    s, match = at_step(FIRST, r"^Click Play Orb of Fire")
    assert re.search(r"played, it no longer costs you −1, and it draws the deck's top card", s.say)
    assert re.search(r"\(the deck holds as many corrupted animals as noble ones\), so one draw, not the Orb of Earth's two", s.say)
    kinds = [card(c).type for c in all_cards()]
    assert kinds.count("corrupted") == kinds.count(NOBLE) == 27
    assert card("earth1").text == "Draw the top two cards of the main deck."
    offered = {card(dict(a.args)["card"]).kind for a in match.legal_actions() if a.kind == "use"}
    assert {"fire", "earth"} <= offered and card(next(c for c in match.state.hands[0] if card(c).kind == "earth")).text == card("earth1").text
    dream = step(FIRST, r"^The Dream")
    assert FIRST.steps[dream].reading and dream + 1 == step(FIRST, r"^Click Play Orb of Fire")


def test_the_night_is_read_then_its_discard_played_one_idea_each():
    """The Night's step said five things (the Night, the phase cards passing, the draws, the
    discard-and-take rule, which Mirror): the Night and its rule are read first, then the draws and
    the Mirror, then why one discard is enough."""
    night = step(FIRST, r"^Night")
    assert re.search(r"In the Night each player may discard up to six cards, then take as many open ones", FIRST.steps[night].say)
    assert FIRST.steps[night + 1].expect == {"kind": "discard", "args": {"card": "mirror3"}}
    assert FIRST.steps[night + 2].expect["kind"] == "done" and "one discard is enough" in FIRST.steps[night + 2].say
    _, match = at_step(FIRST, r"^Night")
    assert match.state.phase == "night" and match.state.leader == 1 and match.decider() == 0


def test_the_dawn_is_read_before_the_first_pass_and_the_deer_would_do_as_well():
    first = DAWN.steps[0]
    assert first.reading and first.point == ("card/dawn3",)
    assert DAWN.steps[1].teaches and DAWN.steps[1].expect["kind"] == "pass"
    s, match = at_step(DAWN, r"^Take the Owl")
    assert "(a third Deer would do as well)" in s.say
    assert any(card(c).kind == "deer" for c in match.state.table)
    assert sum(card(c).kind == "deer" for c in match.state.hands[0]) == 2
    assert dawn_points(["deer1", "deer2", "deer3"]) == dawn_points(["owl1", "owl2", "owl3"]) == 9


# --- a new player's review (third round): one idea a bubble, each read where the table shows it ----
def test_the_deal_and_the_days_open_cards_are_read_before_the_table_asks():
    """The Druid's step said four things (Bramble's Paladin, the deal, the table's question, the
    Druid), and the Day's six open cards came up unnamed until the Day's step: the deal and the open
    cards are read first, lit where they lie; the Druid's step says the question and the Druid only."""
    s, match = at_step(FIRST, r"each dealt three cards")
    assert s.reading and set(s.point) == {"hand/0", "open"}
    assert re.search(r"your hand \(lit, below\) and Bramble's backs \(above\)\. The Day has begun: its six open cards \(lit\)", s.say)
    assert len(match.state.hands[0]) == len(match.state.hands[1]) == 3
    assert match.state.phase == "day" and len(match.state.table) == 6
    druid = FIRST.steps[step(FIRST, r"each dealt three cards") + 1]
    assert druid.say.startswith("Before your turn the table asks whether you use something (the buttons, right).")
    assert not re.search(r"dealt|Paladin|open cards", druid.say)


def test_the_nights_done_gives_one_reason():
    """"Only the Apple is worth taking; the rest corrupted or ability cards (you hold four); so one
    discard; keep yours for a Dream; each left costs 1": the −1 was said where the Orbs were first
    read, and the step now gives the one reason: nothing else open is worth a discard."""
    s, match = at_step(FIRST, r"one discard is enough")
    assert not re.search(r"costs 1|you hold four", s.say)
    assert s.say.count(".") == 2  # (what is worth taking and why not the rest; then the move)
    assert sum(card(c).type == "ability" for c in match.state.hands[0]) == 4


def test_the_blocked_turn_is_read_where_the_apple_lies_and_the_end_said_apart():
    """The last step said three things (the blocked turn, the game's end, the learner's score): the
    blocked turn is read in a step of its own, the discard pile lit with the Apple on top and
    Bramble's answer lit in the log; the last words say the end and the score only."""
    s, match = at_step(FIRST, r"^Blocked:")
    assert s.reading and s.point == ("pile/discard",)
    assert re.search(r"^Blocked: Bramble let your block pass \(lit in the log\), so their turn ends without an action\. "
                     r"Your Apple went to the discard pile \(lit\)\.", s.say)
    assert match.state.discard[-1] == "apple2" and "apple2" not in match.state.hands[0]
    assert [line.text for line in match.log_lines()][-1] == "Bramble lets it pass."
    last = FIRST.steps[-1]
    assert FIRST.steps.index(s) == len(FIRST.steps) - 2 and not re.search(r"[Bb]lock", last.say)
    assert last.say.startswith("When the deck runs out, one last Dream is played")


def test_the_dawn_phase_is_read_before_the_first_card_is_laid():
    """The Dawn Phase's step said five things (who lays first, up to five face down, the count seen,
    Bramble's none, the Owl to click) with the callout over the Dawn board: the rule is read first,
    the phase board and the total lit; the move step says Bramble's nothing, as the board does."""
    s, match = at_step(DAWN, r"^The Dawn Phase")
    assert s.reading and set(s.point) == {"phase", "dawn/total"}
    assert re.search(r"from the holder of the phase cards \(lit\).*the total \(lit\) is shown once all have laid", s.say)
    assert match.state.phase == "dawn" and match.state.leader == 1
    s, match = at_step(DAWN, r"^Bramble laid nothing")
    assert s.teaches and s.point == ("card/owl1",) and match.state.dawn.sacrificed[1] == []


def test_the_reveal_is_read_then_the_heroes_round_lights_only_its_button():
    """The reveal lit the Owls and the total beside the Add Druid button and said five things: the
    cards shown and their total are read, lit; the heroes' round lights only the button it teaches."""
    n = step(DAWN, r"^The laid cards are shown")
    reveal, heroes = DAWN.steps[n], DAWN.steps[n + 1]
    assert reveal.reading and not any(p.startswith("prompt/") for p in reveal.point)
    assert not re.search(r"\+5|Druid", reveal.say)
    assert heroes.teaches and heroes.point == ("prompt/button/sacrifice:card=druid1",)
    assert heroes.say.startswith("Below 10, each player in turn may add one unused hero for +5")


def test_each_lesson_grows_by_at_most_a_third_over_its_size_before_the_second_review():
    assert len(FIRST.steps) <= 25 * 4 // 3 and len(DAWN.steps) <= 11 * 4 // 3 + 1
    assert sum(s.reading for s in FIRST.steps) == 6 and sum(s.reading for s in DAWN.steps) == 3
