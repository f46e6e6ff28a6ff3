"""The cards that moved between two views of the Spheres of Life table, flown from where they
were drawn to where they are drawn now (Qt).  The table has one :class:`CardFlights`; it reads
the places from the table's layout before a redraw and flies the cards after it."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF

from tabletop.client.table_items import fly

from .card_items import SpheresCard
from .layout import SpheresLayout


class CardFlights:
    """The moves between two views, played out on ``scene`` (a table: its running animations
    are the scene's, which it stops before every redraw) from the items ``layout`` drew."""

    def __init__(self, scene: Any, layout: SpheresLayout) -> None:
        self.scene = scene
        self.layout = layout

    def places(self) -> dict[Any, QRectF]:
        """Where each face-up card is drawn now (by id), and the spots where cards land."""
        lay = self.layout
        places: dict[Any, QRectF] = {c: it.card_scene_rect() for c, it in lay.table_cards.items()}
        places.update((h.card_id, h.card_scene_rect()) for h in lay.hand)
        places.update(lay.spots)
        return places

    def _fly(self, card_id: str | None, start: QRectF, end: QRectF, ms: int, dest: Any) -> None:
        fly(self.scene, SpheresCard(start, card_id, None), start, end, self.scene._anims, ms, dest)

    def dawn_card(self, card_id: str, before: dict[Any, QRectF]) -> None:
        """(Gods & Myths) A Dawn card that has just come up flies from the deck to its place
        beside the phase."""
        start, end = before.get("deck"), self.layout.spots.get("dawn")
        if start is not None and end is not None:
            self._fly(card_id, start, end, 600, None)

    def moves(self, old: dict[str, Any], new: dict[str, Any], seat: int | None, before: dict[Any, QRectF]) -> None:
        """Every card that moved between the view ``old`` and the view ``new`` (both ``seat``'s;
        ``before``: the places in ``old``) travels (250 ms): faces where the seat may see them,
        backs otherwise.  The moves are read from the two views alone -- open cards, the discard
        pile, the seat's hand and the others' hand sizes -- so an animation shows nothing the view
        does not."""
        lay = self.layout
        others = [p for p in range(new["players"]) if p != seat]
        size = {p: (old["hands"][p]["size"], new["hands"][p]["size"]) for p in others}
        gains = {p: max(0, b - a) for p, (a, b) in size.items()}
        losses = {p: max(0, a - b) for p, (a, b) in size.items()}

        def take(counts: dict[int, int]) -> int | None:
            p = next((q for q in others if counts[q] > 0), None)
            if p is not None:
                counts[p] -= 1
            return p

        mine_old = set(old["hands"][seat]["cards"] or []) if seat is not None else set()
        mine_new = {h.card_id for h in lay.hand}
        old_discard = set(old["discard"])
        discarded = [c for c in new["discard"] if c not in old_discard]
        flights: list[tuple[str | None, QRectF, QRectF, Any]] = []  # card (None: a back), from, to, the item landing
        for c in discarded:
            p = None if c in before else take(losses)
            start = before.get(c, before.get(("hand", p), before.get("deck")))
            flights.append((c, start, lay.spots.get("discard"), lay.discard if c == new["discard"][-1] else None))
        for c in (set(old["table"]) | mine_old) - set(new["table"]) - mine_new - set(discarded):
            p = take(gains)  # an open card picked, or one of the seat's cards given or taken
            if p is not None:
                flights.append((c, before.get(c), lay.spots.get(("hand", p)), lay.backs.get((p, size[p][1] - 1))))
        for c in new["table"]:
            if c not in old["table"] and c in lay.table_cards:  # open cards dealt from the deck
                flights.append((c, before.get("deck"), lay.table_cards[c].card_scene_rect(), lay.table_cards[c]))
        for item in lay.hand:  # cards new in the seat's hand
            if item.card_id not in mine_old and item.card_id not in before:
                p = take(losses)  # taken from another hand, else drawn
                start = before.get(("hand", p)) if p is not None else before.get("deck")
                flights.append((item.card_id, start, item.card_scene_rect(), item))
            elif item.card_id not in mine_old:
                flights.append((item.card_id, before[item.card_id], item.card_scene_rect(), item))
        for p in others:  # the others' new cards seen from behind: from another hand, else the deck
            while gains[p] > 0:
                gains[p] -= 1
                q = take(losses)
                start = before.get(("hand", q)) if q is not None else before.get("deck")
                flights.append((None, start, lay.spots.get(("hand", p)), None))
        for c, start, end, dest in flights[:16]:
            if start is not None and end is not None:
                self._fly(c, start, end, 250, dest)
