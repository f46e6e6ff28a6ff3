"""The players' help page (F1, "How to play") covers Spheres of Life's Gods & Myths expansion:
every card of the expansion by name, the four parts and the Dawn's count by the words the start
screen shows, the Dawn's numbers, each bonus worth points with its points, which cards are the project's own
design, and the prompt's buttons in the table's own words.  The names and numbers are read from the card data and the code, so a card
or an option added later fails here until the help page tells the players about it.
"""

from __future__ import annotations

import json
import re

import pytest

from tabletop.client.rules_dialog import rules_pages
from tabletop.engine.paths import assets_dir
from tabletop.engine.registry import get_game
from tabletop.games.spheres_of_life.cards import PARTS
from tabletop.games.spheres_of_life.dawn import ENDS_AT, HERO_POINTS, SACRIFICE_MOST

GAME = get_game("spheres-of-life")
DATA = json.loads((assets_dir() / "spheres_of_life" / "cards.json").read_text(encoding="utf-8"))["gods_and_myths"]
GROUPS = ("heroes", "creatures", "abilities", "prolonged")
CARDS = [entry for group in GROUPS for entry in DATA[group]]
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def help_page() -> str:
    """The "How to play" tab as the rules window shows it."""
    return dict(rules_pages(GAME))["How to play"]


def section() -> str:
    """The expansion's section of the help page: from its heading to the next one (or the end)."""
    text = help_page()
    m = re.search(r"^## Gods & Myths.*$", text, re.MULTILINE)
    assert m, "the help page has no section '## Gods & Myths'"
    rest = text[m.end():]
    following = re.search(r"^#{1,2} ", rest, re.MULTILINE)
    return rest[: following.start()] if following else rest


def items() -> list[str]:
    """The section's paragraphs and list items, each on one line (as Markdown joins a wrapped line)."""
    parts = re.split(r"\n\s*\n|\n(?=- |\d+\. )", section())
    return [" ".join(part.split()) for part in parts if part.strip()]


def flat() -> str:
    """The section, a line for each paragraph and list item."""
    return "\n".join(items())


def start_screen_label(name: str) -> str:
    """An option's label on the start screen (tabletop/client/start_screen.py)."""
    return name.replace("_", " ").capitalize()


def expansion_options():
    """The options of the expansion: one for each part, and those that refine a part (dawn_count)."""
    return [o for o in GAME.options if o.name in PARTS or any(o.name.startswith(f"{part}_") for part in PARTS)]


def test_the_data_and_the_options_are_what_this_test_reads():
    assert all(DATA[group] for group in GROUPS) and DATA["dawn"]["name"]
    names = {o.name for o in GAME.options}
    assert set(PARTS) <= names, "every part of the expansion is an option of the start screen"
    assert len(expansion_options()) > len(PARTS), "an option refines a part (the Dawn's count)"


@pytest.mark.parametrize("name", [entry["name"] for entry in CARDS] + [DATA["dawn"]["name"]])
def test_every_card_of_the_expansion_is_named(name):
    assert name in flat(), f"the help page's Gods & Myths section does not name {name!r}"


@pytest.mark.parametrize("group", GROUPS)
def test_each_card_has_a_line_of_its_own(group):
    """Each hero, creature and ability gets its one-line summary: a list item or a bold name."""
    text = flat()
    for entry in DATA[group]:
        name = re.escape(entry["name"])
        assert re.search(rf"^- \*\*{name}|\*\*{name}\*\*", text, re.MULTILINE), f"{entry['name']!r} has no summary"


def test_the_options_are_named_as_the_start_screen_shows_them():
    text = flat()
    for option in expansion_options():
        assert start_screen_label(option.name) in text, f"the option {start_screen_label(option.name)!r} is not named"
        if not all(isinstance(c, bool) for c in option.choices):  # its readings, by their names in italics
            for choice in option.choices:
                assert f"*{choice}*" in text, f"the reading {choice!r} of {start_screen_label(option.name)!r}"
    assert "by default" in text, "the page says what the options are by default"


def test_the_dawns_numbers():
    text = flat()
    assert f"{ENDS_AT} or more" in text, f"the {ENDS_AT}-point threshold"
    assert f"up to {WORDS[SACRIFICE_MOST]} cards" in text or f"up to {SACRIFICE_MOST} cards" in text
    assert f"+{HERO_POINTS}" in text, "a hero added to the sacrifice"
    assert "1/4/9" in text and "−1" in text, "how the sacrifice is counted"


def test_each_bonus_worth_points_gives_its_points_on_its_line():
    lines = items()
    for entry in CARDS:
        effect = entry.get("bonus") or entry.get("lasting") or {}
        if "points" not in effect:
            continue
        line = next((x for x in lines if f"**{entry['name']}" in x), "")
        assert f"{abs(effect['points'])} points" in line, (entry["name"], line)


def test_the_page_says_which_cards_are_the_projects_own_design():
    text = flat()
    assert "own design" in text
    others = [entry["name"] for entry in CARDS if entry.get("origin") != "our design"]
    assert others, "the data names a card whose power is not the project's own"
    for name in others:
        sentence = next(s for s in re.split(r"(?<=[.!?])\s", text) if "own design" in s)
        assert name in sentence and "except" in sentence, sentence


def test_the_buttons_are_quoted_as_the_table_words_them():
    """The help quotes the prompt's buttons with ‹card› and ‹hero› for the names: each quoted form
    is what the table's action_label says (tabletop/games/spheres_of_life/layout.py)."""
    from tabletop.games.spheres_of_life.cards import every_card, godly_heroes
    from tabletop.games.spheres_of_life.words import action_label
    from tabletop.engine.actions import act
    from tabletop.games.spheres_of_life.steps import DONE, PASS, Move

    def first(test):
        return next(cid for cid, c in sorted(every_card().items()) if test(c))

    prolonged = first(lambda c: c.prolonged)
    hero = godly_heroes()[0]
    names = ["Ada", "Ben"]
    view = {"fields": [[], [prolonged]], "seat": 0, "step": "prio"}
    placeholders = {every_card()[prolonged].name: "‹card›", every_card()[hero].name: "‹hero›"}
    actions = [
        act(Move.ACTIVATE, card=prolonged),
        act(Move.SACRIFICE, card=hero),
        act(Move.USE, card=first(lambda c: c.effect == "block"), field=prolonged),
        act(Move.USE, card=first(lambda c: c.effect == "take_from_field"), field=prolonged),
        act(Move.USE, card=first(lambda c: c.effect == "refresh_hero"), hero=hero),
        act(Move.USE, card=first(lambda c: c.godly and c.replaces), phase="day"),
        DONE,
        PASS,
    ]
    text = flat()
    for action in actions:
        label = action_label(action, names, view)
        for name, placeholder in placeholders.items():
            label = label.replace(name, placeholder)
        assert f"**{label}**" in text, f"the help does not quote the button {label!r}"
