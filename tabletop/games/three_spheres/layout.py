"""The layout of the Three Spheres TCG table: the opponent's band at the top, the World in the
centre with the prompt beside it, the seated player's band at the bottom, and at the end the
scoring walk-through.  The table has a :class:`ThreeSpheresLayout` and a
:class:`WalkthroughLayout` (the end: its words below); the choosing is in :mod:`.choosing`, the
flights in :mod:`.animation`, the words of the titles, captions, notes and tooltips in
:mod:`.words`.

Scene units: 1600 wide and 900 high in a 16:9 window (and in the headless render), taller --
up to 1200 -- in a taller window: the table stretches (1600 x 1050 at 1366 x 768, 1600 x 1000
at 1920 x 1080).  The bands (:func:`bands_for` a height), at 900 units high:

* the opponent (y 8-208): name and deck, the hand as backs with its count, the Realm deck and
  the Realm discard (click: its list), the cards in play and spent, the Discovery deck and
  spread (open, but only its owner buys there);
* the centre (y 216-478): the World -- each side's World deck and its three spaces (stacks
  peek out above their top card) -- and the prompt: whose turn, the question, what was paid
  into what this turn and the discount, and the buttons;
* the seated player (y 486-892): in play and spent, the Discovery deck and spread, then the
  Realm deck, the hand (face up) and the Realm discard.

The extra height of a taller table: the opponent's band stays as it is.  A fifth of it goes to
the World, as much as its cards can use: they grow from 124 units wide to at most 137 (18.5
units of height), the prompt beside it narrowing from 500 units to 460 to make room.  The rest
goes to the seated player's band: a quarter to the row of the cards in play and the Discovery
spread (104 units wide at 900) and the rest to the hand, whose cards grow with it from 126 units
wide (as many as its row holds: nine cards are 143 wide at most) and show their text from 175
units.  At 1050 units high: the World and the prompt y 216-496.5, the seated player y
504.5-1042; World cards 137 wide, the row 127, the hand 195.  A prompt 277 units tall or more puts three buttons and more in two rows.  The scoring
walk-through fills the whole height, its halves and cards growing with it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPen

from tabletop.client.keeping import fingerprint
from tabletop.client.panel_items import PanelItem
from tabletop.client.table_items import (MIN_TEXT_PX, TEXT_LIGHT, TEXT_MUTED, ButtonItem, DecorItem, draw_text, fits,
                                         font, framed, readable, wrap_lines)
from tabletop.client.widgets import split_label
from tabletop.client.zones import HandZone, PileZone, PlayerPanelZone, PromptStyle, PromptZone, SpreadZone, Zone

from .card_items import NAME_MIN_H, NAME_W, SpheresTCGCard
from . import words
from .cards import info, kind_of
from .choosing import name_of
from .steps import Step
from .words import n_cards, signed

SPACES_A_SIDE = 3
BASE_HEIGHT = 900.0  # the table's height in a 16:9 window (the layout of the module docstring)
ASPECT = 1.42  # a card's height / width
WORLD_CARD, ROW_CARD, HAND_CARD = 124.0, 104.0, 126.0  # the cards' widths at the base height
WORLD_SHARE = 0.2  # the World's share of the extra height (as much of it as its cards can use)
ROW_SHARE = 0.25  # the seated player's row of cards in play and Discovery: its share of the rest
WORLD_ROW = 282.0  # the World's width beside its six cards: its decks, gaps and margins
PROMPT_W, PROMPT_MIN_W = 500.0, 460.0  # the prompt's width: at the base height, at the least
PAID_TOP, PAID_STEP, PAID_ROWS, PAID_PX = 102.0, 19.0, 5, 14.0  # the prompt's lines of what was paid
GOLD = QColor("#ffe58a")


class Bands(NamedTuple):
    """The bands of the table at one height (:func:`bands_for`) and the cards they hold."""

    top: QRectF  # the opponent
    world: QRectF
    prompt: QRectF
    mine: QRectF  # the seated player
    world_card: float  # a World card's width
    row_card: float  # the seated player's cards in play and Discovery: their width
    hand_card: float  # the width of a card of the hand, at the most
    hand_extra: float  # the height the hand has beyond its 180 units


def bands_for(height: float = BASE_HEIGHT) -> Bands:
    """The bands of a table ``height`` units high (see the module docstring)."""
    extra = max(0.0, height - BASE_HEIGHT)
    world_card = min(WORLD_CARD + extra * WORLD_SHARE / ASPECT, (1576 - 12 - PROMPT_MIN_W - WORLD_ROW) / 6)
    world_extra = max(0.0, (world_card - WORLD_CARD) * ASPECT)
    world_w = max(1576 - 12 - PROMPT_W, WORLD_ROW + 6 * world_card)
    mine_extra = extra - world_extra
    row_extra = mine_extra * ROW_SHARE
    hand_extra = mine_extra - row_extra
    world_h = 262 + world_extra
    return Bands(top=QRectF(12, 8, 1576, 200),
                 world=QRectF(12, 216, world_w, world_h),
                 prompt=QRectF(12 + world_w + 12, 216, 1576 - 12 - world_w, world_h),
                 mine=QRectF(12, 486 + world_extra, 1576, 406 + mine_extra),
                 world_card=world_card, row_card=ROW_CARD + row_extra / ASPECT,
                 hand_card=HAND_CARD + hand_extra / ASPECT, hand_extra=hand_extra)


def side_of(space: int) -> int:
    """The player whose World side a space is on (spaces 0-2: the first player's)."""
    return space // SPACES_A_SIDE


def named_by(zone: Zone, stand_in: Any, address: str, where: str) -> None:
    """Name a zone that one of its members stands for (a pile's top card, a panel's board): the
    member carries the name -- the zone only while it has no such member (an empty pile) -- so
    the table holds the name once; ``where``: where the zone's members lie, in words."""
    zone.where = where
    if stand_in is None:
        zone.address = address
    else:
        stand_in.address = address


def browse_rect(extra: float) -> QRectF:
    """Where a pile's list opens: in the middle of a table ``extra`` units taller than 900."""
    return QRectF(260, 150 + extra / 2, 1080, 560)


class ThreeSpheresLayout:
    """The drawing of a :class:`~tabletop.games.three_spheres.table.ThreeSpheresTable` (the
    table has one): :meth:`build` lays out the table's view in the table's scene and keeps the
    items the table finds again -- the hand, the buy targets, the World's tops, one's cards in
    play, the buttons, the piles and where cards fly from and to.  It reads of the table only
    the view, the legal actions and how it calls the players."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.reset()

    def reset(self) -> None:
        """Forget the items drawn (the scene was cleared)."""
        self.buttons: list[ButtonItem] = []
        self.hand: list[SpheresTCGCard] = []
        self.hand_zone: HandZone | None = None
        self.opp_backs: list[SpheresTCGCard] = []
        self.panels: dict[int, PanelItem] = {}
        self.piles: list[PileZone] = []
        self.discards: dict[int, PileZone] = {}
        self.items_by_id: dict[str, SpheresTCGCard] = {}
        self.spots: dict[Any, QRectF] = {}  # the piles and hands by place, where they lie
        self.targets: dict[str, SpheresTCGCard] = {}  # buy targets by card: World tops, own Discovery
        self.world_tops: dict[int, SpheresTCGCard] = {}
        self.spaces: dict[Any, int] = {}  # the World's spaces (their places, under the cards) and their numbers
        self.in_play: dict[str, SpheresTCGCard] = {}  # the seated player's cards in play, not spent
        self.picker: list[SpheresTCGCard] = []  # the Realm discard laid out to trash from
        self.free: set[str] = set()  # the cards a click buys now

    def build(self, prompt: tuple[str, str, list[tuple[str, Any, str]]], picker: list[str] | None,
              free: set[str]) -> None:
        """Lay out the table's view: ``prompt`` -- its title, sentence and buttons (words, action,
        kind); ``picker`` -- the cards of a Realm discard to trash from, laid out over the World
        (``None``: no such question); ``free`` -- the cards a click buys now (they say so)."""
        self.free = free
        self._build_opponent(1 - self.table.me)
        self._build_world()
        self._build_prompt(*prompt)
        self._build_mine()
        if picker is not None:
            self._build_picker(picker)

    @property
    def bands(self) -> Bands:
        """The bands of the table at its height now."""
        return bands_for(self.table.height)

    def hand_item_of(self, card_id: str) -> SpheresTCGCard | None:
        """The card of the hand that shows ``card_id``, else a copy of it."""
        exact = next((h for h in self.hand if h.card_id == card_id), None)
        return exact or next((h for h in self.hand if kind_of(h.card_id) == kind_of(card_id)), None)

    def _build_picker(self, cards: list[str]) -> None:
        """A trash from the Realm discard: its cards (every copy) laid out over the World."""
        r = self.bands.world.adjusted(6, 6, -6, -6)
        board = DecorItem(r, framed(GOLD, 2, QColor(12, 12, 20, 235), 12), "ts-picker")
        board.setZValue(30)
        self.table.addItem(board)
        head = self.table._label(QRectF(r.x() + 14, r.y() + 8, r.width() - 28, 20),
                                 words.picker_title(len(cards)),
                                 14, GOLD, True)
        head.setZValue(31)
        zone = HandZone(QRectF(r.x() + 14, r.y() + 36, r.width() - 28, r.height() - 46), cards,
                        lambda rr, c, i: SpheresTCGCard(rr, c, "picker"), max_len=self.bands.world_card, gap=6.0,
                        aspect=ASPECT)
        me = self.table.me
        zone.named(f"discard/{me}", f"in {self.table.possessive(me, False)} Realm discard, laid out to trash from")
        zone.setZValue(32)
        self.table.addItem(zone)
        self.picker = zone.card_items()

    # --- helpers -----------------------------------------------------------------------------
    def _card(self, role: str, note_for: Any = None, **kw: Any):
        """A card factory for a zone: faces of ``role`` (``note_for(card)`` gives each a note)."""
        def make(rect: QRectF, c: Any, i: int) -> SpheresTCGCard:
            note = note_for(c) if note_for is not None and c is not None else ""
            item = SpheresTCGCard(rect, c, role if c is not None else "back", note=note, **kw)
            if c is not None:
                self.items_by_id.setdefault(c, item)
            return item
        return make

    def _pile(self, rect: QRectF, cards: list[str] | None, count: int, label: str, tip: str, browse_title: str = "",
              face: bool = False, role: str = "pile", spot: Any = None, name: str = "", where: str = "",
              to: Zone | None = None) -> PileZone:
        """A pile: a deck (backs; ``cards`` None) or a Realm discard (its top card face up, its
        list on a click).  ``spot``: its place, where cards fly from and to (``("realm", p)`` ...);
        ``name`` and ``where``: its name on the table (``pile/realm/0``) and where its top card lies,
        in words."""
        if spot is not None:
            self.spots[spot] = QRectF(rect)
        # (a pile showing the same is kept whole: its backs, top card and count not made again)
        key = ("pile", fingerprint((rect, cards if face else None, count, label, tip, browse_title, face, role, name,
                                    where, self.table.extra)))
        pile = self.table.keep_whole(key)
        if pile is not None:
            pile.close_browser()  # (a move closes its open list, as on a pile made again)
        else:
            top = cards[-1] if face and cards else None
            pile = PileZone(rect, count, lambda r, c, i: SpheresTCGCard(r, c, role if c is not None else "back",
                                                                         detail=False),
                            top=top, depth=min(3, (count + 4) // 5), label=label, label_pad=20,
                            empty_text="empty", tip=tip, cards=cards if face else None, name_of=name_of,
                            browse_title=browse_title, browse_rect=browse_rect(self.table.extra))
            self.table.made_whole(key, pile)
        named_by(pile, pile.top_item, name, where)
        self._put(pile, to)
        self.piles.append(pile)
        return pile

    def _put(self, zone: Zone, to: Zone | None) -> None:
        """``zone`` on the table, or in the part ``to``."""
        if to is None:
            self.table.addItem(zone)
        else:
            to.add(zone)

    def _paid_note(self, cid: str) -> str:
        """What a card on the table says of this turn: used, or what was paid into it."""
        return words.paid_note(self.table.view, cid, info)

    def _in_hand(self, p: int) -> str:
        """Where the cards of ``p``'s hand lie, in words: "in your hand", "in Ben's hand"."""
        return f"in {self.table.possessive(p, False)} hand"

    def _target_note(self, cid: str) -> str:
        """What a buy target says: what was paid into it, or that it is free now."""
        if cid in self.free:
            return words.FREE_NOTE
        return self._paid_note(cid)

    # --- the opponent ----------------------------------------------------------------------------
    def _opponent_key(self, p: int) -> tuple:
        """Everything the opponent's side shows: while it stays the same (the seated player's
        turn, mostly), the side is kept whole from one drawing to the next, nothing in it made
        again."""
        v = self.table.view
        s = v["seats"][p]
        t = self.table
        return ("opponent", p, t.seat, t.height, t.extra, t.name(p), t.possessive(p), _seat_shows(s, _THEIR_SIDE),
                words.collection_words(v, p), words.discovery_title(t, p),
                tuple(self._in_play_note(p, c) for c in s["in_play"] + s["spent"]),
                tuple(self._paid_note(c) for c in s["discovery"]))

    def _build_opponent(self, p: int) -> None:
        self._part(self._opponent_key(p), self.bands.top, lambda side: self._opponent_side(p, side))
        self._whose_turn(p, QRectF(self.bands.top.x() + 720, self.bands.top.y() + 6, 840, 20))

    def _whose_turn(self, p: int, r: QRectF) -> None:
        """What changes on a side when the turn passes, drawn over it (the side may be kept whole):
        the gold frame round the board of the player who decides, and the status line."""
        self.panels[p].set_active(self.table.view["decider"] == p)
        text = words.status_words(self.table.view, p)
        if text:
            self.table._label(r, text, 13, GOLD, True, Qt.AlignRight | Qt.AlignVCenter)

    def _opponent_side(self, p: int, side: Zone) -> None:
        v = self.table.view
        s = v["seats"][p]
        r = self.bands.top
        panel = PlayerPanelZone(r, p, active=v["decider"] == p, name=f"{self.table.name(p)} — {s['deck_name']}",
                                name_px=15, name_rect=QRectF(r.x() + 12, r.y() + 6, 700, 20))
        named_by(panel, panel.board, f"panel/{p}", f"on {self.table.possessive(p, False)} side of the table")
        side.add(panel)
        self.panels[p] = panel.board
        # the hand, as backs
        self.table._label(QRectF(24, 36, 190, 18), f"Hand: {n_cards(s['hand_size'])}", 14, TEXT_MUTED, True, to=panel)
        backs = panel.hand(QRectF(24, 60, 190, 66), [None] * s["hand_size"], self._card("back"), hidden=True,
                           max_len=46.0, gap=3.0, aspect=ASPECT)
        backs.named(f"hand/{p}", self._in_hand(p))
        self.spots[("hand", p)] = QRectF(24, 60, 46, 66)
        self.opp_backs = backs.card_items()
        self.table._label(QRectF(24, 132, 196, 36), words.collection_words(v, p), 13, TEXT_MUTED, lines=2, to=panel)
        if s["protected"]:
            panel.chip(QRectF(24, 174, 150, 22), "Protected", QColor("#3d6fb0"), QColor("#ffffff"), 12,
                       tip=f"{self.table.name(p)} is protected from corruption until their next turn.")
        # the Realm deck and discard
        self._pile(QRectF(232, 56, 80, 112), None, s["realm_size"], f"Realm {s['realm_size']}",
                   words.realm_tip(f"{self.table.name(p)}'s", s["realm_size"], [], info), spot=("realm", p),
                   name=f"pile/realm/{p}", to=side)
        self._discard_pile(p, QRectF(324, 56, 80, 112), to=side)
        # in play and spent
        self._in_play_row(p, QRectF(424, 36, 488, 160), 96.0, to=side)
        # the Discovery deck and spread
        self._discovery(p, QRectF(924, 36, 656, 160), 96.0, to=side)

    # --- a part of the table kept whole ----------------------------------------------------------
    def _part(self, key: tuple, rect: QRectF, build: Any) -> None:
        """A side of the table, ``build(part)`` putting everything in the zone ``part``: kept whole
        from the drawing before while ``key`` -- everything it shows -- is the same, with what it
        had the layout keep (:meth:`_refs_since`); its piles' open lists close, as on a move."""
        part = self.table.keep_whole(key)
        if part is not None:
            self.table.addItem(part)
            self._bring_back(part.refs)
            for pile in part.refs.get("piles", ("list", []))[1]:
                pile.close_browser()
            return
        before = self._refs()
        part = Zone(rect)
        build(part)
        self.table.addItem(part)
        self.table.made_whole(key, part)
        part.refs = self._refs_since(before)

    def _refs(self) -> dict[str, Any]:
        """The items the layout keeps to find again, as they are now (copies)."""
        return {k: (dict(x) if isinstance(x, dict) else list(x) if isinstance(x, list) else x)
                for k, x in vars(self).items() if k != "table"}

    def _refs_since(self, before: dict[str, Any]) -> dict[str, Any]:
        """What the layout came to keep since ``before``: the entries added to its maps, the items
        added to its lists, the items it holds now in place of others."""
        out: dict[str, Any] = {}
        for k, now in vars(self).items():
            was = before.get(k)
            if isinstance(now, dict) and isinstance(was, dict):
                added = {key: x for key, x in now.items() if key not in was or was[key] is not x}
                if added:
                    out[k] = ("dict", added)
            elif isinstance(now, list) and isinstance(was, list) and now[:len(was)] == was:
                if len(now) > len(was):
                    out[k] = ("list", now[len(was):])
            elif now is not was and k != "table":
                out[k] = ("set", now)
        return out

    def _bring_back(self, refs: dict[str, Any]) -> None:
        """What a part kept whole had the layout keep, kept again."""
        for k, (how, x) in refs.items():
            if how == "dict":
                getattr(self, k).update(x)
            elif how == "list":
                getattr(self, k).extend(x)
            else:
                setattr(self, k, x)

    def _discard_pile(self, p: int, rect: QRectF, to: Zone | None = None) -> PileZone:
        s = self.table.view["seats"][p]
        d = s["discard"]
        whose = self.table.possessive(p)
        pile = self._pile(rect, d, len(d), f"Discard {len(d)}", words.discard_tip(whose, d, info),
                          f"{whose} Realm discard — {n_cards(len(d))}, oldest first",
                          face=True, role="discard", spot=("discard", p), name=f"pile/discard/{p}",
                          where=f"on top of {self.table.possessive(p, False)} Realm discard ({n_cards(len(d))})", to=to)
        self.discards[p] = pile
        return pile

    def _in_play_note(self, p: int, c: str) -> str:
        """What a card in play on ``p``'s side says: where it was spent, or what was paid into it."""
        v = self.table.view
        if c in v["seats"][p]["spent"]:
            return words.spent_note(v, c, info)
        return self._paid_note(c) if p == self.table.seat or v["turn"] == p else ""

    def _in_play_row(self, p: int, r: QRectF, card_w: float, to: Zone | None = None) -> None:
        v = self.table.view
        s = v["seats"][p]
        cards = s["in_play"] + s["spent"]
        mine = p == self.table.seat
        self.table._label(QRectF(r.x(), r.y() - 2, r.width(), 18), words.in_play_title(s), 14, TEXT_MUTED, True, to=to)
        if not cards:
            self.table._label(QRectF(r.x(), r.y() + 40, r.width(), 40), "nothing in play", 12, TEXT_MUTED,
                              align=Qt.AlignLeft | Qt.AlignTop, to=to)
            return
        spent = set(s["spent"])
        zone = RowsZone(QRectF(r.x(), r.y() + 20, r.width(), r.height() - 20), cards,
                        self._card("in_play", lambda c: self._in_play_note(p, c)), max_len=card_w, gap=6.0, aspect=ASPECT)
        zone.named(f"in_play/{p}", f"in play on {self.table.possessive(p, False)} side")
        self._put(zone, to)
        for c, item in zip(cards, zone.card_items()):
            item.role = "spent" if c in spent else "in_play"
            if mine and c not in spent:
                self.in_play[c] = item

    def _discovery(self, p: int, r: QRectF, card_w: float, to: Zone | None = None) -> None:
        s = self.table.view["seats"][p]
        mine = p == self.table.seat
        self.table._label(QRectF(r.x(), r.y() - 2, r.width(), 18), words.discovery_title(self.table, p), 14, TEXT_MUTED,
                          True, to=to)
        ch = card_w * ASPECT
        self._pile(QRectF(r.x() + 4, r.y() + 20, 72, 102), None, s["discovery_size"], f"Deck {s['discovery_size']}",
                   f"{self.table.possessive(p)} Discovery deck: {n_cards(s['discovery_size'])}",
                   spot=("discovery_deck", p), name=f"pile/discovery/{p}", to=to)
        cards = s["discovery"]
        zone = HandZone(QRectF(r.x() + 92, r.y() + 20, r.width() - 92, ch), cards,
                        self._card("discovery" if mine else "their_discovery", self._target_note if mine else self._paid_note),
                        max_len=card_w, gap=6.0, aspect=ASPECT)
        zone.named(f"discovery/{p}", f"in {self.table.possessive(p, False)} Discovery spread")
        self._put(zone, to)
        if mine:
            self.targets.update(zip(cards, zone.card_items()))

    # --- the World -----------------------------------------------------------------------------
    def _build_world(self) -> None:
        v = self.table.view
        b = self.bands
        r = b.world
        self.table.addItem(DecorItem(r, framed(QColor(255, 255, 255, 40), 1, QColor(0, 0, 0, 60), 12), "world-board"))
        self.table._label(QRectF(r.x() + 14, r.y() + 5, 620, 22), words.WORLD_TITLE, 16,
                    TEXT_LIGHT, True)
        if v["discount"]:
            self.table._label(QRectF(r.right() - 434, r.y() + 6, 420, 20), words.discount_words(v["discount"]),
                        14, GOLD, True, Qt.AlignRight | Qt.AlignTop)
        x = r.x() + 14
        for side in (1 - self.table.me, self.table.me):
            area = QRectF(x, r.y() + 28, 96 + 3 * (b.world_card + 8.0), r.height() - 28)
            self._part(self._world_key(side), area, lambda part, side=side, x=x: self._world_side(side, x, part))
            x += 96 + 3 * (b.world_card + 8.0) + 22

    def _world_key(self, side: int) -> tuple:
        """Everything one side of the World shows (kept whole while the same)."""
        v = self.table.view
        t = self.table
        first = side * SPACES_A_SIDE
        stacks = [v["spaces"][i] for i in range(first, first + SPACES_A_SIDE)]
        return ("world", side, t.me, t.seat, t.height, t.extra, t.possessive(side), t.possessive(side, False),
                v["seats"][side]["world_size"], _frozen(stacks), tuple(self._target_note(st[-1]) for st in stacks if st))

    def _world_side(self, side: int, x: float, part: Zone) -> None:
        """One side of the World: its deck and its three spaces, in ``part``."""
        v = self.table.view
        b = self.bands
        r = b.world
        s = v["seats"][side]
        card_w, gap = b.world_card, 8.0
        deck_y = r.y() + 64 + card_w * ASPECT / 2 - 60  # (a deck beside the middle of the cards)
        if side != self.table.me:
            deck_x, spaces_x = x, x + 96
        else:
            spaces_x = x
            deck_x = x + 3 * (card_w + gap) + 8
        whose = self.table.possessive(side)
        self._pile(QRectF(deck_x, deck_y, 80, 112), None, s["world_size"], f"World {s['world_size']}",
                   words.world_deck_tip(whose, s["world_size"]), spot=("world", side), name=f"pile/world/{side}", to=part)
        area = QRectF(spaces_x, r.y() + 54, 3 * card_w + 2 * gap, card_w * ASPECT)
        self.table._label(QRectF(area.x(), r.y() + 28, area.width(), 18),
                          f"{self.table.possessive(side)} side", 14, TEXT_MUTED, True,
                          Qt.AlignHCenter | Qt.AlignTop, to=part)
        first = side * SPACES_A_SIDE
        stacks = [v["spaces"][i] for i in range(first, first + SPACES_A_SIDE)]
        spread = SpreadZone(area.translated(0, 10), stacks, self._card("world", self._target_note), max_w=card_w,
                            aspect=ASPECT, gap=gap, rows=(1,), stack_step=6.0)
        spread.named(f"world/side/{side}", f"in the World, on {self.table.possessive(side, False)} side")
        for i, sr in enumerate(spread.space_rects):
            place = DecorItem(sr, _empty_space, "ts-space")
            place.address = f"world/space/{first + i}"
            self.spaces[place] = first + i
            place.setToolTip(words.EMPTY_SPACE_TIP)
            part.add(place)
        part.add(spread)
        for badge in spread.members():  # a stack's count in words, low on the picture (clear of
            # the cost coin and of the Persist tag)
            if isinstance(badge, DecorItem) and badge.toolTip().startswith("A stack of"):
                badge.setVisible(False)
                n = badge.toolTip().split()[3]
                at = badge.card_scene_rect()
                card = next((c.card_scene_rect() for c in spread.tops
                             if c is not None and c.card_scene_rect().left() <= at.center().x() <= c.card_scene_rect().right()), at)
                mark = DecorItem(QRectF(card.right() - 108, card.y() + 0.42 * card.height(), 106, 24),
                                 _stack_painter(f"{n} stacked"), ("stacked", n))
                mark.setZValue(2)
                mark.setToolTip(badge.toolTip())
                spread.add(mark)
        for k, top in enumerate(spread.tops):
            if top is not None:
                stacked = f", on a stack of {len(stacks[k])}" if len(stacks[k]) > 1 else ""
                top.about = f"space {k + 1}{stacked}, {top.about}"
                self.world_tops[first + k] = top
                self.targets[stacks[k][-1]] = top

    # --- the prompt ----------------------------------------------------------------------------
    def _build_prompt(self, title: str, sentence: str, choices: list[tuple[str, Any, str]]) -> None:
        v = self.table.view
        r = self.bands.prompt
        n = len(choices)
        # the buttons at the bottom: in one row, or -- three and more in a prompt tall enough to keep
        # the lines of what was paid above them (a taller table) -- in two
        two_rows = n > 2 and r.height() - 80 >= PAID_TOP + PAID_ROWS * PAID_STEP
        buttons_top = r.height() - 80 if two_rows else r.height() - 12 - (2 if n > 2 else 1) * 36 + 6
        style = PromptStyle(pad=14, title_top=8, title_h=26, title_px=20, title_lines=1, sub_top=38, sub_h=60,
                            sub_px=15, sub_lines=3, buttons_top=buttons_top, button_h=30, row_gap=6)
        prompt = PromptZone(r, title, choices, subtitle=sentence, title_colour=GOLD if self.table.legal else TEXT_LIGHT,
                            style=style, fill=QColor(30, 24, 10, 120), board_key="ts-prompt")
        prompt.named("prompt", "in the prompt")
        self.table.addItem(prompt)
        self.buttons = list(prompt.buttons)
        lines = words.paid_lines(v, info)
        right = r.width() - 28
        if v["flipped"]:
            fr = QRectF(r.right() - 90, r.y() + 100, 76, 108)
            flipped = SpheresTCGCard(fr, v["flipped"], "flipped", detail=False)
            flipped.address, flipped.about = f"card/{v['flipped']}", f"flipped, {flipped.about}"
            self.table.addItem(flipped)
            self.spots[("flipped",)] = fr
            self.table._label(QRectF(fr.x() - 10, fr.bottom() + 2, 96, 16), "flipped", 11.5, GOLD, True, Qt.AlignHCenter | Qt.AlignTop)
            right -= 96
        most = PAID_ROWS * PAID_STEP + r.height() - bands_for().prompt.height()  # (five rows, more in a taller prompt)
        self._paid_rows(lines, QRectF(r.x() + 14, r.y() + PAID_TOP, right, min(most, buttons_top - PAID_TOP)))

    def _paid_rows(self, lines: list[str], r: QRectF) -> None:
        """What was paid, a line under the other in ``r`` (one too long for a row takes two when the
        others keep a row each); the lines that find no room are counted on the last row (all of
        them are in its tooltip)."""
        tip = "\n".join(lines)
        px = readable(PAID_PX)
        y = r.y()
        for i, line in enumerate(lines):
            rest, room = len(lines) - 1 - i, r.bottom() - y
            wrapped = len(wrap_lines(line, font(px), r.width(), 2))
            h = PAID_STEP + (wrapped - 1) * px * 1.25  # (a label's line is 1.25 of its size)
            if h + rest * PAID_STEP > room:  # two rows would leave the rest without one each
                wrapped, h = 1, PAID_STEP  # (on one row, cut short)
            if h + (PAID_STEP if rest else 0) > room:  # (and a row to count the rest on)
                more = self.table._label(QRectF(r.x(), y, r.width(), 18), f"… and {len(lines) - i} more (point here)",
                                         PAID_PX, TEXT_LIGHT)
                more.setToolTip(tip)
                more.address = f"paid/{i}"
                return
            row = self.table._label(QRectF(r.x(), y, r.width(), h - 1), line, PAID_PX, TEXT_LIGHT, lines=wrapped)
            row.setToolTip(tip)
            row.address = f"paid/{i}"
            y += h

    # --- the seated player ---------------------------------------------------------------------
    def _mine_key(self) -> tuple:
        """Everything the seated player's side shows (kept whole while the same: the opponent's
        turn, mostly)."""
        v = self.table.view
        t = self.table
        me = t.me
        s = v["seats"][me]
        return ("mine", me, t.seat, t.height, t.extra, t.titled(me), t.possessive(me), t.possessive(me, False),
                _seat_shows(s, _MY_SIDE), t.seat is not None and _frozen(s["unseen"]),
                words.collection_words(v, me), words.discovery_title(t, me),
                tuple(self._in_play_note(me, c) for c in s["in_play"] + s["spent"]),
                tuple(self._target_note(c) for c in s["discovery"]))

    def _build_mine(self) -> None:
        self._part(self._mine_key(), self.bands.mine, self._my_side)
        me = self.table.me
        r = self.bands.mine
        self._whose_turn(me, QRectF(r.right() - 330, r.y() + 6, 318, 22))
        hand = self.table.view["seats"][me]["hand"]
        if self.table.seat is not None and hand is not None:
            top = r.y() + 30 + 176 + (self.bands.row_card - ROW_CARD) * ASPECT
            self.table._label(QRectF(r.x() + 118, top + 16 - 22, 700, 18),  # (clear of the cards and of the row above)
                              words.hand_caption(self.table.possessive(me), len(hand),
                                                 bool(self.table.legal) and self.table.view["step"] == Step.MAIN),
                              14, TEXT_MUTED, True)

    def _my_side(self, side: Zone) -> None:
        v = self.table.view
        me = self.table.me
        s = v["seats"][me]
        b = self.bands
        r = b.mine
        you = self.table.seat is not None  # (the hand is drawn face up)
        panel = PlayerPanelZone(r, me, active=v["decider"] == me,
                                name=f"{self.table.titled(me)} — {s['deck_name']}", name_px=16,
                                name_rect=QRectF(r.x() + 12, r.y() + 6, 640, 22))
        named_by(panel, panel.board, f"panel/{me}", f"on {self.table.possessive(me, False)} side of the table")
        side.add(panel)
        self.panels[me] = panel.board
        said = words.collection_words(v, me) + (" · protected from corruption" if s["protected"] else "")
        self.table._label(QRectF(r.x() + 660, r.y() + 7, 560, 20), said, 14, TEXT_MUTED, to=panel)
        # in play and the Discovery spread: a row of cards b.row_card wide (the spread's five
        # cards and its deck at the right, the cards in play in the rest)
        row_h = 176 + (b.row_card - ROW_CARD) * ASPECT
        disc_w = max(676.0, 92 + 5 * (b.row_card + 6))
        disc_x = r.right() - 8 - disc_w
        self._in_play_row(me, QRectF(r.x() + 12, r.y() + 30, disc_x - 20 - (r.x() + 12), row_h), b.row_card, to=side)
        self._discovery(me, QRectF(disc_x, r.y() + 30, disc_w, row_h), b.row_card, to=side)
        # the Realm deck, the hand, the discard (the hand takes the rest of the height)
        top = r.y() + 30 + row_h
        tip = words.realm_tip(self.table.possessive(me), s["realm_size"], s["unseen"] if you else [], info)
        self._pile(QRectF(r.x() + 14, top + 20, 86, 122), None, s["realm_size"], f"Realm {s['realm_size']}", tip,
                   spot=("realm", me), name=f"pile/realm/{me}", to=side)
        hand = s["hand"]
        hr = QRectF(r.x() + 118, top + 16, r.width() - 236, 180 + b.hand_extra)
        self.spots[("hand", me)] = QRectF(hr.center().x() - 43, hr.y() + 20, 86, 122)
        self._discard_pile(me, QRectF(r.right() - 100, top + 20, 86, 122), to=side)
        if not you or hand is None:
            backs_h = 120 + b.hand_extra / 2
            zone = panel.hand(QRectF(hr.x(), hr.y() + 20, hr.width(), backs_h), [None] * s["hand_size"], self._card("back"),
                              hidden=True, max_len=84.0 + b.hand_extra / 2 / ASPECT, gap=6.0, aspect=ASPECT)
            zone.named(f"hand/{me}", self._in_hand(me))
            self.table._label(QRectF(hr.x(), hr.y(), 300, 18), f"Hand: {n_cards(s['hand_size'])}", 12.5, TEXT_MUTED, to=panel)
            return
        self.hand_zone = panel.hand(hr, hand, self._card("hand"), max_len=b.hand_card, gap=6.0, aspect=ASPECT)
        self.hand_zone.named(f"hand/{me}", self._in_hand(me))
        self.hand = self.hand_zone.card_items()


TILE_WIDER = 1.5  # a tile of the in-play row may be this much wider than a card (its name and note on fewer lines)


class RowsZone(HandZone):
    """A player's cards in play: a row of cards, as :class:`HandZone` lays them -- or, when so
    many that a row would squeeze them narrower than their names (``NAME_W``), two rows of
    shorter cards, their tiles (each its band, its name and its note: the picture gives way, and
    a tile may be wider than a card), when the rectangle is tall enough for two rows of tiles
    (``NAME_MIN_H``) -- in reading order."""

    def __init__(self, rect: QRectF, cards: list[str], make_card: Any, *, max_len: float, gap: float,
                 aspect: float) -> None:
        n = max(1, len(cards))
        per = -(-n // 2)
        wide = min(max_len * TILE_WIDER, rect.width() / per - gap)
        tall = (min(rect.height(), max_len * aspect) - gap) / 2  # (no lower than a row of cards)
        self.rows = 2 if (min(max_len, rect.width() / n - gap) < NAME_W and tall >= NAME_MIN_H and n > 1) else 1
        self._tile = QRectF(0, 0, wide, min(tall, wide * aspect))
        self._per = per
        super().__init__(rect, cards, make_card, max_len=max_len, gap=gap, aspect=aspect)

    def _place(self, rect: QRectF, i: int, size: float, gap: float, aspect: float | None, vertical: bool) -> QRectF:
        if self.rows == 1:
            return HandZone._place(rect, i, size, gap, aspect, vertical)
        row, col = divmod(i, self._per)
        w, h = self._tile.width(), self._tile.height()
        return QRectF(rect.x() + col * (w + gap), rect.y() + row * (h + gap), w, h)


# what a side of the table shows of its seat's view (the rest -- the cards of the World deck
# seen, the turns played ... -- does not make it drawn again)
_THEIR_SIDE = ("deck_name", "hand_size", "protected", "realm_size", "discard", "in_play", "spent", "discovery",
               "discovery_size")
_MY_SIDE = _THEIR_SIDE + ("hand",)


def _seat_shows(seat: dict[str, Any], fields: tuple[str, ...]) -> tuple:
    return tuple(_frozen(seat.get(f)) for f in fields)


def _frozen(x: Any) -> Any:
    """``x`` (a view's dicts, lists and values) as a value that can be compared and hashed."""
    if isinstance(x, dict):
        return tuple((k, _frozen(v)) for k, v in sorted(x.items(), key=lambda kv: str(kv[0])))
    if isinstance(x, (list, tuple)):
        return tuple(_frozen(v) for v in x)
    if isinstance(x, set):
        return tuple(sorted(map(_frozen, x), key=repr))
    return x


def _stack_painter(text: str):
    def paint(p: QPainter, r: QRectF) -> list[str]:
        p.setPen(QPen(GOLD, 1))
        p.setBrush(QColor(20, 16, 8, 225))
        p.drawRoundedRect(r, r.height() / 2, r.height() / 2)
        draw_text(p, r, text, font(MIN_TEXT_PX, True), GOLD, Qt.AlignCenter)
        return [text]
    return paint


def _empty_space(p: QPainter, r: QRectF) -> list[str]:
    p.setPen(QPen(QColor(255, 255, 255, 70), 1.5, Qt.DashLine))
    p.setBrush(QColor(0, 0, 0, 40))
    p.drawRoundedRect(r, 8, 8)
    return []


# --- the end: the scoring walk-through -------------------------------------------------------------
# Each player's half shows the collection in three piles -- no points, fixed points, dynamic
# cards -- the dynamic cards one by one with their reason under each, and the Total box.  The
# split is the score's own (``scoring.score``, the view's ``scores``): the Total box lists the
# very rows of the Scores panel -- "Fixed points" (the fixed-points pile, Corrupted Wisps
# included), then each kind of dynamic card with its fixed and dynamic points together -- so the
# table, the panel and the end screen add a player's points up the same way.
#
# Every text is whole at the table's smallest text size (``MIN_TEXT_PX``): a pile's label is two
# lines (its part and its count of cards); a dynamic card's reason wraps under its card, in five
# lines at most; when the cards are too narrow for that, they are drawn smaller and their reasons
# listed under them, a row a kind in the Scores panel's words ("Dryad Seedling ×2 +6 (each +3:
# ...)", :func:`fit_list`): whole for every kind of dynamic card at 1050 units high (1366 x 768),
# for twelve at 900; a Total row's name wraps to two lines, and many rows put the total beside
# "Total".
WALK_CARD = 185.0  # the height of the walk-through's cards at the base height (130 units wide)
LINE = MIN_TEXT_PX * 1.25  # a line of the walk's smallest text (a label's line height)
PILE_GAP = 40.0  # between the piles (their labels stand 18 units out on either side)
CARD_GAP = 8.0  # between the dynamic cards
LIST_GAP = 24.0  # between the columns of the list of reasons (many dynamic cards)
LIST_CARD = 60.0  # the dynamic cards' height at least when their reasons are listed under them
UNDER_LINES = 5  # the most lines of a reason under its card (longer: the reasons are listed)
TOTAL_W = 260.0  # the Total box's width
POINTS_W = 48.0  # its column of points


def fit_list(texts: list[str], width: float, height: float, columns: int = 4) -> tuple[int, list[int]]:
    """How the rows ``texts`` fit in ``width`` by ``height`` units: the fewest columns (at most
    ``columns``, filled one after the other) in which each row shows whole, and each row's
    count of lines there (when none fits, the columns that take the least height)."""
    f = font(MIN_TEXT_PX, True)
    best: tuple[float, int, list[int]] | None = None
    for n in range(1, columns + 1):
        col_w = (width - (n - 1) * LIST_GAP) / n
        lines = [len(wrap_lines(t, f, col_w, 99)) for t in texts]
        per = -(-len(texts) // n)
        tall = max(sum(lines[k:k + per]) for k in range(0, len(texts), per)) * LINE
        if tall <= height:
            return n, lines
        if best is None or tall < best[0]:
            best = (tall, n, lines)
    assert best is not None
    return best[1], best[2]


def kinds_of(dyn: list[dict[str, Any]]) -> list[list[int]]:
    """The walk-through's dynamic cards ``dyn`` (a kind's copies side by side) by kind: the
    indices of each kind's copies, in order -- as the score's parts count them."""
    groups: list[list[int]] = []
    for i, e in enumerate(dyn):
        if groups and kind_of(dyn[groups[-1][0]]["card"]) == kind_of(e["card"]):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


class WalkthroughLayout:
    """The end of the game on the table: each player's collection in three piles -- no points,
    fixed points, dynamic points -- the dynamic cards one by one with their reason, then the
    totals.  ``steps`` lists what each step of the walk shows (the table's
    :class:`~tabletop.games.three_spheres.animation.WalkPlayer` plays them); ``piles`` are the
    piles drawn (a click lists their cards); ``rows`` each player's Total rows (name, points: the
    Scores panel's rows)."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.reset()

    def reset(self) -> None:
        """Forget the items drawn (the scene was cleared)."""
        self.steps: list[list[Any]] = []
        self.piles: list[PileZone] = []
        self.reasons: list[Any] = []  # the dynamic cards' reasons (labels), both players'
        self.rows: dict[int, list[tuple[Any, Any]]] = {}  # per player: its Total rows (name, points) as labels

    def build(self) -> None:
        """Lay out the walk-through of the table's view (all of it shown)."""
        v = self.table.view
        walk = v["walkthrough"]
        extra = self.table.extra  # (a taller table: taller halves, larger cards)
        frame = QRectF(12, 8, 1576, self.table.height - 16)
        half_h = 402 + extra / 2
        board = DecorItem(frame, framed(QColor(255, 229, 138, 120), 1.5, QColor(8, 10, 20, 150), 14), "ts-walk")
        board.address = "scoring"
        self.table.addItem(board)
        self.table._label(QRectF(frame.x() + 18, frame.y() + 8, 900, 26), words.WALK_TITLE,
                          19, GOLD, True)
        self.table._label(QRectF(frame.x() + 18, frame.bottom() - 24, frame.width() - 36, 18),
                          words.WALK_FOOT, 12.5, TEXT_MUTED,
                          align=Qt.AlignLeft | Qt.AlignVCenter)
        dynamic_steps: list[list[Any]] = []
        finals: list[Any] = []
        order = [1 - self.table.me, self.table.me]
        for k, p in enumerate(order):
            half = QRectF(frame.x() + 10, frame.y() + 42 + k * (half_h + 8), frame.width() - 20, half_h)
            steps, final = self._walk_player(p, walk[p], half, WALK_CARD + extra * 0.4)
            dynamic_steps += steps
            finals += final
        result = words.result_words(v, self.table)
        finals.append(self.table._label(QRectF(frame.right() - 620, frame.y() + 6, 600, 30), result, 20, TEXT_LIGHT,
                                        True, Qt.AlignRight | Qt.AlignVCenter))
        self.steps = dynamic_steps + [finals]

    def _walk_player(self, p: int, w: dict[str, Any], r: QRectF, ch: float) -> tuple[list[list[Any]], list[Any]]:
        s = self.table.view["seats"][p]
        parts = [(split_label(part["label"])[0], part["points"]) for part in self.table.view["scores"][p]["parts"]]
        self.table.addItem(DecorItem(r, framed(QColor(255, 255, 255, 50), 1, QColor(0, 0, 0, 50), 12), "ts-walk-half"))
        who = f"{self.table.titled(p)} — {s['deck_name']}"
        count = len(w["none"]) + len(w["fixed"]) + len(w["dynamic"])
        self.table._label(QRectF(r.x() + 14, r.y() + 8, 900, 22), f"{who} · a collection of {n_cards(count)}", 16, TEXT_LIGHT, True)
        cw, y = ch * 130 / WALK_CARD, r.y() + 56
        x = self._piles(p, w, parts[0], QRectF(r.x() + 24, y, cw, ch))
        tr = QRectF(r.right() - TOTAL_W - 10, y, TOTAL_W, r.bottom() - 8 - y)
        steps = self._dynamic(p, w["dynamic"], QRectF(x + 10, y, tr.x() - 20 - x - 10, ch), r)
        return steps, self._total(p, w["total"], parts, tr)

    def _piles(self, p: int, w: dict[str, Any], fixed_part: tuple[str, int], first: QRectF) -> float:
        """The "No points" and "Fixed points" piles from ``first`` on, each with its two lines --
        its name (the fixed pile's with its points, as the Total box and the Scores panel say
        them) and its count of cards; returns where the dynamic cards may begin."""
        fixed = {e["card"]: e["points"] for e in w["fixed"]}
        piles = (
            ("no-points", w["none"], "No points", "Cards worth no points", name_of),
            ("fixed-points", list(fixed), f"{fixed_part[0]} {signed(fixed_part[1])}", "Cards with fixed points",
             lambda c: f"{name_of(c)} ({signed(fixed[c])})"),
        )
        x, cw, ch = first.x(), first.width(), first.height()
        pad = PILE_GAP / 2 - 2
        for key, cards, head, title, namer in piles:
            rect = QRectF(x, first.y(), cw, ch)
            pile = PileZone(rect, len(cards), lambda rr, c, i: SpheresTCGCard(rr, c, "walk" if c else "back"),
                            top=cards[-1] if cards else None, depth=min(3, len(cards) // 4), label=None,
                            empty_text="none", cards=cards, name_of=namer,
                            browse_title=f"{self.table.name(p)}: {title.lower()} — {n_cards(len(cards))}",
                            browse_rect=browse_rect(self.table.extra))
            under = QRectF(x - pad, rect.bottom() + 4, cw + 2 * pad, LINE)
            pile.label(under, head, MIN_TEXT_PX, TEXT_LIGHT, True, Qt.AlignHCenter | Qt.AlignTop, whole=True)
            pile.label(under.translated(0, LINE), n_cards(len(cards)), MIN_TEXT_PX, TEXT_MUTED, False,
                       Qt.AlignHCenter | Qt.AlignTop, whole=True)
            if pile.top_item is not None:
                pile.top_item.setToolTip(f"{title}: {n_cards(len(cards))} — click to list them")
            named_by(pile, pile.top_item, f"pile/{key}/{p}",
                     f"on top of {self.table.possessive(p, False)} {title[0].lower()}{title[1:]} ({n_cards(len(cards))})")
            self.table.addItem(pile)
            self.piles.append(pile)
            x += cw + PILE_GAP
        return x

    def _dynamic(self, p: int, dyn: list[dict[str, Any]], area: QRectF, r: QRectF) -> list[list[Any]]:
        """The dynamic cards side by side in ``area``, each with its reason under it; when the
        cards are too narrow for their reasons, smaller, with a list under them of each kind's
        points and reason in the Scores panel's words ("Dryad Seedling ×2 +6 (each +3: ...)").
        One step of the walk a card (a kind, listed)."""
        self.table._label(QRectF(area.x(), r.y() + 34, area.width(), 16),
                          f"Dynamic cards: {len(dyn)}" + (" — counted one by one" if dyn else " — none"), 13, TEXT_MUTED, True)
        if not dyn:
            return []
        said = [words.dynamic_words(e) for e in dyn]
        cw = area.height() * 130 / WALK_CARD
        width = min(cw, area.width() / len(dyn) - CARD_GAP) + 4  # (a card's, HandZone's share of the area)
        room = r.bottom() - 6 - (area.y() + (width - 4) * ASPECT + 6)
        lines = min(UNDER_LINES, int(room // LINE))
        if all(fits(t, font(MIN_TEXT_PX, True), width, lines) for t in said):
            return self._under_cards(p, dyn, said, area, lines)
        return self._listed(p, dyn, QRectF(area.x(), area.y(), area.width(), r.bottom() - 6 - area.y()))

    def _cards(self, p: int, dyn: list[dict[str, Any]], area: QRectF) -> list[Any]:
        zone = HandZone(area, [e["card"] for e in dyn], lambda rr, c, i: SpheresTCGCard(rr, c, "walk"),
                        max_len=area.height() * 130 / WALK_CARD, gap=CARD_GAP, aspect=ASPECT)
        zone.named(f"dynamic/{p}", f"among {self.table.possessive(p, False)} cards with dynamic points")
        self.table.addItem(zone)
        return zone.card_items()

    def _reason(self, p: int, i: int, rect: QRectF, text: str, align: int, lines: int, tip: str) -> Any:
        reason = self.table._label(rect, text, MIN_TEXT_PX, GOLD, True, align | Qt.AlignTop, lines=lines)
        reason.setToolTip(tip)
        reason.address = f"dynamic/{p}/why/{i}"
        self.reasons.append(reason)
        return reason

    def _under_cards(self, p: int, dyn: list[dict[str, Any]], said: list[str], area: QRectF, lines: int) -> list[list[Any]]:
        steps: list[list[Any]] = []
        for i, (e, item, text) in enumerate(zip(dyn, self._cards(p, dyn, area), said)):
            cr = item.card_scene_rect()
            reason = self._reason(p, i, QRectF(cr.x() - 2, cr.bottom() + 6, cr.width() + 4, lines * LINE), text,
                                  Qt.AlignHCenter, lines, f"{name_of(e['card'])}: {text}")
            item.setToolTip(f"{item.toolTip()}\nAt the end: {text}")
            item.about = f"{item.about}, at the end: {text}"
            steps.append([item, reason])
        return steps

    def _listed(self, p: int, dyn: list[dict[str, Any]], area: QRectF) -> list[list[Any]]:
        groups = kinds_of(dyn)
        rows = []
        for g in groups:
            name, why = words.dynamic_part(name_of(dyn[g[0]]["card"]), len(g), dyn[g[0]])
            rows.append(f"{name} {signed(sum(dyn[i]['fixed'] + dyn[i]['points'] for i in g))} ({why})")
        columns, lines = fit_list(rows, area.width(), area.height() - LIST_CARD - 8)
        per = -(-len(rows) // columns)
        listed = max(sum(lines[k:k + per]) for k in range(0, len(rows), per)) * LINE
        items = self._cards(p, dyn, QRectF(area.x(), area.y(), area.width(), max(LIST_CARD, area.height() - listed - 8)))
        col_w = (area.width() - (columns - 1) * LIST_GAP) / columns
        top = max(it.card_scene_rect().bottom() for it in items) + 8
        steps: list[list[Any]] = []
        y = top
        for k, (g, text, n) in enumerate(zip(groups, rows, lines)):
            if k % per == 0:
                y = top
            x = area.x() + (k // per) * (col_w + LIST_GAP)
            reason = self._reason(p, k, QRectF(x, y, col_w, n * LINE), text, Qt.AlignLeft, n, text)
            y += n * LINE
            for i in g:
                items[i].setToolTip(f"{items[i].toolTip()}\nAt the end: {words.dynamic_words(dyn[i])}")
                items[i].about = f"{items[i].about}, at the end: {words.dynamic_words(dyn[i])}"
            steps.append([items[i] for i in g] + [reason])
        return steps

    def _total(self, p: int, points: int, parts: list[tuple[str, int]], tr: QRectF) -> list[Any]:
        """The Total box in ``tr`` (its top; as tall as its rows): the total, then the Scores
        panel's rows -- each part's name and points."""
        name_w = TOTAL_W - 24 - POINTS_W
        f = font(MIN_TEXT_PX)
        heights = [LINE * len(wrap_lines(name, f, name_w, 2)) for name, _ in parts]
        roomy = 94 + sum(heights) + 10 <= tr.height()  # (else the total beside "Total", smaller)
        rows_top = tr.y() + (94 if roomy else 52)
        box = QRectF(tr.x(), tr.y(), tr.width(), min(tr.height(), rows_top - tr.y() + sum(heights) + 10))
        deco = DecorItem(box, framed(GOLD, 2, QColor(40, 30, 8, 200), 12), "ts-total")
        said = ", ".join(f"{name} {signed(n)}" for name, n in parts)
        deco.address, deco.about = f"total/{p}", f"{self.table.possessive(p)} points at the end: {points} — {said}"
        self.table.addItem(deco)
        if roomy:
            head = self.table._label(QRectF(tr.x(), tr.y() + 10, tr.width(), 22), "Total", 16, TEXT_MUTED, True,
                                     Qt.AlignHCenter | Qt.AlignTop)
            total = self.table._label(QRectF(tr.x(), tr.y() + 34, tr.width(), 58), str(points).replace("-", "−"), 50,
                                      GOLD, True, Qt.AlignHCenter | Qt.AlignTop)
        else:
            head = self.table._label(QRectF(tr.x() + 12, tr.y() + 8, 120, 38), "Total", 16, TEXT_MUTED, True,
                                     Qt.AlignLeft | Qt.AlignVCenter)
            total = self.table._label(QRectF(tr.right() - 132, tr.y() + 8, 120, 38), str(points).replace("-", "−"), 30,
                                      GOLD, True, Qt.AlignRight | Qt.AlignVCenter)
        total.setToolTip(f"{self.table.name(p)}: {points} points — {said}")
        total.address = f"total/{p}/points"
        shown = [deco, head, total]
        rows = []
        y = rows_top
        for i, ((name, n), h) in enumerate(zip(parts, heights)):
            label = self.table._label(QRectF(tr.x() + 12, y, name_w, h), name, MIN_TEXT_PX, TEXT_LIGHT, False,
                                      Qt.AlignLeft | Qt.AlignTop, lines=2)
            value = self.table._label(QRectF(tr.right() - 12 - POINTS_W, y, POINTS_W, LINE), signed(n), MIN_TEXT_PX,
                                      GOLD, True, Qt.AlignRight | Qt.AlignTop)
            label.address, value.address = f"total/{p}/row/{i}", f"total/{p}/row/{i}/points"
            label.setToolTip(f"{self.table.name(p)}: {name} {signed(n)}")
            rows.append((label, value))
            shown += [label, value]
            y += h
        self.rows[p] = rows
        return shown
