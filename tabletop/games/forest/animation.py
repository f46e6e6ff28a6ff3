"""The card that moves on the Once Upon a Forest table, animated: a card drawn flies from its
pile to the drawer's hand, a card played from the hand to its slot, a card given to the spot of
the gift, a gift placed from there to its slot, a card composted to the compost.  The table has
a :class:`Flights`; the move is read from the action played and the view before it, where each
item lay then (by the layout's keys) and where it lies now."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF

from tabletop.client.table_items import fly
from tabletop.engine.actions import Action

from .card_items import DURATION_MS, CardItem
from .cards import card
from .steps import Move


class Flights:
    """The flight of the card a move carried (see the module docstring)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.flying: list[CardItem] = []  # the stand-ins of the cards on their way

    def fly(self, action: Action, prev: dict[str, Any], prev_rects: dict[tuple, QRectF]) -> None:
        """Fly the card ``action`` moved, from where it lay in the view before (``prev``, its items'
        places ``prev_rects``) to where the table draws it now.  A view the move cannot be read
        from raises ``KeyError``, ``IndexError``, ``ValueError`` or ``TypeError``."""
        table, layout = self.table, self.table.layout
        v = table.view
        kind = action.kind
        face: str | None = None
        level: int
        if kind == Move.DRAW:
            drawer = prev["decider"]
            start = prev_rects[("pile", action["pile"])]
            end_key = ("hand", drawer, len(v["hands"][drawer]) - 1)
            new = v["hands"][drawer][-1]
            face = new.get("id")
            level = new["level"]
        elif kind in (Move.PLAY, Move.GIVE, Move.COMPOST):
            player = prev["turn"]
            face = action["card"]
            level = card(face).level
            old = prev["hands"][player]
            ids = [c.get("id") for c in old]
            idx = ids.index(face) if face in ids else next(i for i, c in enumerate(old) if c["level"] == level)
            start = prev_rects[("hand", player, idx)]
            if kind == Move.PLAY:
                end_key = ("slot", player, action["tree"], level)
            elif kind == Move.GIVE:
                end_key = ("pending",)
            else:
                end_key = ("compost", min(len(v["compost"]), 12) - 1)
        elif kind == Move.PLACE:
            face = prev["pending"]["card"]
            level = card(face).level
            start = prev_rects[("pending",)]
            end_key = ("slot", prev["pending"]["to"], action["tree"], level)
        else:
            return
        end = layout.rects[end_key]
        dest = layout.items_by_key.get(end_key)
        flying = CardItem(start, face, level, None)
        self.flying.append(flying)
        fly(table, flying, start, end, table._anims, DURATION_MS, dest,
            done=lambda: self.flying.remove(flying) if flying in self.flying else None)
