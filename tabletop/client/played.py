"""Where the others' moves landed: after the others play (the bots, chance, the other players at a
hotseat), what their moves brought onto the table keeps a mark until the seat on show moves
again -- a card played, given, bought or drawn (a back in a hand), a stone sown -- so a player
who looked away sees what happened; the log lights the same moves' lines
(:meth:`~tabletop.client.table_screen.TableScreen._refresh_log`).

It works on any table from its named pieces alone (docs/architecture.md, "Named zones and
items"): a card, a back or a stone (an item with a ``card_id``) under a name the drawing before
did not have has arrived (a back in a hand grown by one, a stone sown onto a square), and so has
an open card that lay in another zone, or an item that shows another piece than before (its
``shows()``: a tree's slot now topped by another card).  A table *has* one :class:`PlayedMarks` (``table.played_marks``);
its drawings call :meth:`before` and :meth:`after`, and the screen says whose moves the next drawings show (:attr:`mode`)."""

from __future__ import annotations

from typing import Any

MINE = "mine"  # the seat on show moved last: the marks go
OTHERS = "others"  # the others moved since: what they brought is marked, added up move by move
LAST = "last"  # nobody's seat is on show (a game of bots): only the last move's are marked


def played_mode(others_since: int | None, seat: int | None) -> str:
    """The marks' mode for a drawing: the step the others' moves began (``None``: the seat on
    show moved last; ``Match.others_moved``) and the seat on show (``None``: nobody's)."""
    return MINE if others_since is None else (LAST if seat is None else OTHERS)


class PlayedMarks:
    def __init__(self, table: Any) -> None:
        self.table = table
        self.mode = MINE
        self.names: set[str] = set()  # the items marked, by name
        self._before: Any = None
        self._seat: Any = None

    def before(self) -> None:
        """A drawing begins: the pieces on show now are kept to compare (when it will be needed)."""
        t = self.table
        self._before = None if self.mode == MINE or t.view is None else pieces(t.named_items())

    def after(self) -> None:
        """A drawing ends: mark what arrived (or forget the marks), on the items drawn now -- the
        table's items read once, and not at all when nothing was or is to be marked."""
        t = self.table
        seat = t.view.get("seat") if t.view is not None else None
        had = bool(self.names)
        named = t.named_items() if self._before is not None or had else {}
        if self._before is None or seat != self._seat or self.mode == MINE:
            self.names = set()
        else:
            came = set(arrivals(self._before, named, seat, t.DECK_MOVES))
            self.names = came if self.mode == LAST else self.names | came
        self._seat, self._before = seat, None
        if had or self.names:
            from .table_items import TableItem

            for name, item in named.items():
                if isinstance(item, TableItem):
                    item.played = name in self.names

    def marked(self) -> list[Any]:
        """The items marked now."""
        from .table_items import TableItem

        return [it for it in self.table.items() if isinstance(it, TableItem) and it.played]


Piece = tuple  # (the card it shows or "", its zone's name, what else it shows: its shows())


def pieces(named: dict[str, Any]) -> dict[str, Piece]:
    """The pieces among a table's ``named`` items (``TableScene.named_items``), by name (not its
    words, boards, buttons or prompt)."""
    from .table_items import TableItem
    from .zones import zone_of

    out: dict[str, Piece] = {}
    for name, item in named.items():
        if not isinstance(item, TableItem):
            continue
        card, shows = getattr(item, "card_id", ""), item.shows()
        if card is not None and not (isinstance(card, str) and card) and shows is None:
            continue
        zone = zone_of(item)
        where = zone.address if zone is not None else ""
        if not where.startswith("prompt"):
            out[name] = (card or "", where, shows)
    return out


def arrivals(before: dict[str, Piece], named: dict[str, Any], seat: Any = None, deck_moves: bool = False) -> list[str]:
    """The names of the pieces among ``named`` that arrived since ``before`` (see the module).

    A card the table had not shown before came out of hiding.  An open one from a hand (a back
    gone from the table) is a move -- played, given, revealed; with no back gone it came from a
    deck: into the hand of ``seat`` (the seat on show) it is that seat's own draw, never the
    others' move (a card its own ability drew).  A new back in a hand, with no card gone from a
    place still on the table, came from a deck too.  Those are the others' moves only at a table whose players draw
    and flip by their moves (``deck_moves``: the forest's draws, the card game's reshuffle and
    Night Raven's flips), not where the rules deal (Spheres of Life's Day and Night)."""
    zones = {card: where for card, where, _ in before.values() if card}
    now = pieces(named)
    revealed = _backs(before.values()) - _backs(now.values()) > 0
    shown = {card for card, _, _ in now.values() if card}
    places = {where for _, where, _ in now.values()}
    # (an open card gone from a place still on the table was taken into hiding; a place gone
    # whole, as the heroes' offer once chosen, was cleared by the rules)
    gone = revealed or any(card not in shown and where in places for card, where in zones.items())
    mine = f"hand/{seat}"
    out = []
    for name, (card, where, shows) in now.items():
        was = before.get(name)
        if card:
            dealt = card not in zones and not revealed and named[name].KEEPS_ID
            if dealt and (not deck_moves or where == mine or where.startswith(mine + "/")):
                continue  # (from a deck: dealt, drawn, flipped by the rules or by the seat's own card)
        elif was is None and shows is None and not gone and not deck_moves:
            continue  # (a back dealt from a deck)
        if was is None or was[2] != shows or (card and zones.get(card) != where):
            out.append(name)
    return out


def _backs(pieces_: Any) -> int:
    """How many hidden cards (backs) ``pieces_`` hold."""
    return sum(1 for card, _, shows in pieces_ if not card and shows is None)
