"""What is this? -- a right-click on anything on the table (or ? on the item the keyboard ring is
on): its name and where it lies, what it says of itself (a card's whole text), what that place
of the table is in the game's own words (``tabletop.engine.glossary``), and, when the seat
decides, what each move with it would do now -- the game's sentence for the move and the points
it scores at once, worked out on the seat's view as a hint does."""

from __future__ import annotations

from typing import Any

from tabletop.engine.bots.advice import at_once, points_words
from tabletop.engine.glossary import place_word

from .table_items import TableItem
from .zones import zone_of

MOST_MOVES = 4  # the moves with an item said at the most


def item_at(table: Any, scene_pos: Any) -> Any:
    """The table item at ``scene_pos`` a player means (the topmost that is on the table's map,
    not a decoration without a name), or ``None``."""
    for it in table.items(scene_pos):
        if isinstance(it, TableItem) and not it.zoomed and it.isVisible() and (
                table.address_of(it) or it.toolTip()):
            return it
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


def what_is(table: Any, item: Any) -> tuple[str, str]:
    """The title and the text of "What is this?" for ``item`` on ``table``."""
    name, where = table.spoken(item)
    zone = zone_of(item)
    address = (zone.address if zone is not None and zone.address else "") or table.address_of(item)
    lines = [f"{name}" + (f" — {where}" if where else "")]
    tip = item.toolTip()
    if tip and tip.split("\n")[0] != name:
        lines.append(tip)
    elif tip and "\n" in tip:
        lines.append(tip.split("\n", 1)[1])
    found = place_word(table.game, address) if address else None
    if found is None and table.address_of(item) != address:
        found = place_word(table.game, table.address_of(item))
    if found is not None:
        word, meaning = found
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
