"""What is this? -- a right-click on anything on the table (or ? on the item the keyboard ring is
on): its name and where it lies, what it says of itself (a card's whole text), what that place
of the table is in the game's own words (``tabletop.engine.glossary``), and, when the seat
decides, what each move with it would do now -- the game's sentence for the move and the points
it scores at once, worked out on the seat's view as a hint does."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt

from tabletop.engine.bots.advice import at_once, points_words
from tabletop.engine.glossary import item_terms

from .table_items import LabelItem, TableItem
from .zones import PileZone, zone_of

MOST_MOVES = 4  # the moves with an item said at the most


def _named(table: Any, item: Any) -> bool:
    """Whether ``item`` has a name a player may ask about: a name on the table or a tooltip."""
    return bool(table.address_of(item) or item.toolTip())


def _hit(item: Any, scene_pos: Any) -> bool:
    """Whether ``scene_pos`` is on ``item``: on its shape, or, for a drawing without one (a
    board, a chip, a label: clicks go through them), inside its rectangle."""
    if item.shape().isEmpty():
        return item.card_scene_rect().contains(scene_pos)
    return item.contains(item.mapFromScene(scene_pos))


def meant(table: Any, item: Any) -> Any:
    """The item a player means by pointing at ``item``, or ``None`` (look under it): a card
    peeking out under a pile's top card, or a pile's label, is the pile (its top card); a
    drawing without a shape (a board, a chip, a label) counts when it has a name of its own or a
    tooltip, or when it is one of the things a named zone without a stand-in is made of (an
    empty pile's words, the prompt's board); anything else with a name is itself."""
    zone = zone_of(item)
    stand = zone.stands_for_zone() if zone is not None else None
    if isinstance(zone, PileZone) and stand is not None and item is not stand and not getattr(item, "card_id", None):
        return stand
    if not item.shape().isEmpty():
        return item if _named(table, item) else None
    if getattr(item, "address", "") or item.toolTip():
        return item
    if zone is None:
        return None
    if stand is not None:
        return stand if isinstance(zone, PileZone) else None
    return item if zone.address and table.address_of(item) else None


def item_at(table: Any, scene_pos: Any) -> Any:
    """The table item at ``scene_pos`` a player means (the topmost that is on the table's map or
    says what it is, not a decoration without a name -- :func:`meant`), or ``None``."""
    for it in table.items(scene_pos, Qt.ItemSelectionMode.IntersectsItemBoundingRect, Qt.SortOrder.DescendingOrder):
        if not isinstance(it, TableItem) or it.zoomed or not it.isVisible() or not _hit(it, scene_pos):
            continue
        found = meant(table, it)
        if found is not None:
            return found
    return None


def moves_with(table: Any, item: Any) -> list[Any]:
    """The legal moves of the seat that are about ``item``: the move a click on it plays, and the
    moves that name its card."""
    legal = list(getattr(table, "legal", []) or [])
    card = getattr(item, "card_id", None)
    found = []
    action = getattr(item, "action", None)
    if action is not None and action in legal:
        found.append(action)
    if isinstance(card, str) and card:
        found += [a for a in legal if a not in found and any(v == card for _, v in a.args)]
        kind = card.split(".")[0]  # (a copy of the card: the card game names one copy of a kind for all)
        if not found and kind != card:
            found += [a for a in legal if any(isinstance(v, str) and v.split(".")[0] == kind
                                              for k, v in a.args if k == "card")]
    return found[:MOST_MOVES]


# a name no player calls a thing by: a name on the table ("panel/0", "prompt/decor/0", "info"),
# or a bare word or number drawn small ("empty", "points", "−1")
RAW = re.compile(r"[a-z0-9_.:+\u2212-]+(/[A-Za-z0-9_.:-]+)*")
LONGEST_NAME = 40  # (longer, or "what: how many", it is a sentence about the thing, not its name)


def addresses(table: Any, item: Any) -> list[str]:
    """The names that may say what place ``item`` is, in the order asked: the name given to the
    item itself (a Field's chip, the banked sets on a player's area), its zone's (a card of a hand
    is in the Hand), then the one its zone gives it."""
    zone = zone_of(item)
    out: list[str] = []
    for a in (getattr(item, "address", ""), zone.address if zone is not None else "", table.address_of(item)):
        if a and a not in out:
            out.append(a)
    return out


def in_empty_pile(item: Any) -> bool:
    """Whether ``item`` is what an empty pile shows in its place (its "empty", its count)."""
    zone = zone_of(item)
    return isinstance(zone, PileZone) and zone.top_item is None and bool(zone.address)


def a_name(table: Any, item: Any, name: str) -> bool:
    """Whether ``name`` is a name a player calls ``item`` by: not one of the table's map nor a bare
    word or number (:data:`RAW`), and no sentence."""
    taken = {table.address_of(item), getattr(item, "address", "")} | set(addresses(table, item))
    return bool(name) and not RAW.fullmatch(name) and name not in taken and len(name) <= LONGEST_NAME \
        and ": " not in name


def title_of(table: Any, item: Any, name: str, words: list[tuple[str, str]]) -> str:
    """What "What is this?" calls ``item``: the table's name for it (a card's, a place's, a
    button's words), else the first line of its tooltip, when that is a name a player knows
    (:func:`a_name`); else its word in the glossary -- always for words on the felt (a label)
    and for what an empty pile shows (what they say is in the box, under its name)."""
    if not isinstance(item, LabelItem) and not in_empty_pile(item):
        tip = item.toolTip().split("\n")[0] if item.toolTip() else ""
        for said in (name, tip):
            if a_name(table, item, said):
                return said
    return words[0][0] if words else "A part of the table"


def said_already(tip: str, first: str) -> bool:
    """Whether the tooltip ``tip`` says nothing the first line does not (a hero's chip: its name,
    then the card's text the line has said)."""
    pieces = (tip, tip.split(": ", 1)[-1], tip.split(" — ", 1)[-1])
    return "\n" not in tip and any(len(p) > 20 and p in first for p in pieces)


def what_is(table: Any, item: Any) -> tuple[str, str]:
    """The title and the text of "What is this?" for ``item`` on ``table``: its name and where it
    lies, its own words (the words of a label, its tooltip), what it is in the game's words (its
    glossary's words for the thing, else for its place), and what each move with it would do now."""
    said_name, where = table.spoken(item)
    words = item_terms(table.game, table, item, addresses(table, item))
    name = title_of(table, item, str(said_name), words)
    if in_empty_pile(item):
        where = "empty"
    lines = [f"{name}" + (f" — {where}" if where else "")]
    tip = item.toolTip()
    own = getattr(item, "text", "") if isinstance(item, LabelItem) and not in_empty_pile(item) else ""
    if own and own not in tip:
        lines.append(own)
    if tip and said_already(tip, lines[0]):
        pass
    elif tip and tip.split("\n")[0] != name:
        lines.append(tip)
    elif tip and "\n" in tip:
        lines.append(tip.split("\n", 1)[1])
    for word, meaning in words:
        lines.append(f"{word}: {meaning}" if meaning else word)
    moves = moves_with(table, item) if table.view is not None else []
    said = []
    for action in moves:
        try:
            sentence, points, parts = at_once(table.game, table.view, action, table.names)
        except Exception:  # (a view the game cannot sample: nothing said of that move)
            continue
        said.append(f"• {sentence.rstrip('.')} — {points_words(points, parts)}")
    if said:
        lines.append("\n".join(["What it could do now:", *said]))
    return f"What is this? {name}", "\n\n".join(lines)
