"""The shogun table's animation: a new view whose ``events`` follow from the view on show is
played stone by stone (a sowing lifts the hand from its square; each stone flies to its place; a
capture flies to the captor's panel), then the final view is drawn; a click or a key finishes
at once.  A view that arrives meanwhile waits for the moves to end.

A :class:`~tabletop.games.shogun.table.ShogunTable` *has* a :class:`Sowing` (``table.sowing``):
it keeps the moves to play, the stones on each place as the moves so far left them, the hand in
the groove, the stones in flight and the views waiting; it draws on the table's layout and hands
the table the view to draw when the moves end (the busy/settled hooks of the client's table
base).  :func:`script` turns two views into the moves between them.

A move that is not a sowing -- a stone placed at the set-up, a refill (or a stone borrowed), an
ordination, a capture the player chose to take, the retreat at the end -- is shown by the
client's one way of showing a move (:mod:`tabletop.client.flights`): the new view is drawn at
once and :class:`StoneFlights` flies the stones that changed place between the two drawings
(:func:`flown` says which moves).  A stone on the board is known by its kind, its place and
which of its kind there it is (:func:`.board_items.stone_id`), so a stone that came to a place
or left it is new to the drawing or gone from it; the move's ``events`` say where it came from
(the tray, the captured stones of the player or of the lender) or went (the captor's captured
stones)."""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QRectF, Qt, QTimer, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPen

from tabletop.client.flights import CardFlights, Snapshot, Spot, fly
from tabletop.client.table_items import (
    MIN_TEXT_PX,
    DecorItem,
    draw_text,
    font,
    text_width,
)
from tabletop.engine.actions import Action

from .board_items import (
    ABILITY,
    DROP_MS,
    DieItem,
    PlaceItem,
    StoneItem,
    dice_faces,
    parse_stone_id,
)
from .words import ABILITY_TAG, WAYS, place_words, stone_name
from .steps import Step
from .stones import square_label

View = dict[str, Any]


def script(old: View, new: View) -> list[tuple] | None:
    """The steps that lead from ``old`` (on show) to ``new`` by ``new['events']``, or ``None``
    when they do not (then the new view is drawn without animation)."""
    board = [list(x) for x in old["board"]]
    hand = list(old["hand"]) if old["step"] == Step.DROP else []
    pos, direction = old.get("pos", 0), old.get("direction", 1)
    out: list[tuple] = []
    try:
        for e in new["events"]:
            kind = e["event"]
            p = e.get("player", 0)
            if kind in ("place", "refill", "borrow"):
                k = e["stone"]
                board[e["place"]].append(k)
                out.append(("arrive", kind, p, e["place"], k))
            elif kind == "ordain":
                k = e["stone"]
                if board[e["place"]] != ["peasant"]:
                    return None
                board[e["place"]] = [k]
                out.append(("ordain", p, e["place"], k))
            elif kind in ("sow", "pick"):
                stones = list(e["stones"])
                if sorted(board[e["place"]]) != sorted(stones) or hand:
                    return None
                board[e["place"]] = []
                hand = list(stones)
                pos = e["place"]
                if kind == "sow":
                    direction = e["dir"]
                out.append(("lift", kind, p, pos, list(stones), direction))
            elif kind == "drop":
                k = e["stone"]
                if k not in hand:
                    return None
                hand.remove(k)
                to = e["place"]
                turned = bool(e.get("turn"))
                board[to].append(k)
                out.append(("drop", p, to, k, bool(e.get("ability")), turned, list(hand), pos, direction))
                if turned:
                    direction = -direction
                pos = to
            elif kind in ("capture", "retreat"):
                stones = list(e["stones"])
                for s in stones:
                    board[e["place"]].remove(s)
                out.append(("take", kind, p, e["place"], stones))
            elif kind == "dice":
                out.append(("dice", p, e["total"], e["double"]))
            elif kind in ("skip", "imprisoned", "protected", "keep"):
                out.append(("say", kind, p, e.get("place")))
    except (KeyError, ValueError, IndexError, TypeError):
        return None
    if [sorted(x) for x in board] != [sorted(x) for x in new["board"]]:
        return None
    if sorted(hand) != sorted(new["hand"] if new["step"] == Step.DROP else []):
        return None
    return out or None


FLOWN = ("arrive", "ordain", "take")  # the steps that move stones outside a sowing


def flown(steps: list[tuple] | None) -> bool:
    """Whether the moves ``steps`` (:func:`script`) are shown by :class:`StoneFlights`: stones
    placed, refilled, borrowed, ordained, captured or retreating, and nothing else (a sowing,
    the dice and the words the moves say play as a :class:`Sowing`)."""
    return bool(steps) and all(s[0] in FLOWN for s in steps)


class StoneFlights(CardFlights):
    """The stones a move that is not a sowing carried (see the module docstring), flown from
    the drawing before the move to the one after.  The events of the view drawn now say where a
    stone new to a place came from and where a stone gone from a place went."""

    def __init__(self, table: Any, duration_ms: int = 420) -> None:
        super().__init__(table, duration_ms)
        self.before: Snapshot | None = None

    def _events(self) -> list[dict[str, Any]]:
        return list((self.table.view or {}).get("events") or [])

    def seen_before(self, before: Snapshot) -> Snapshot:
        """The drawing before, its stones taken from a place known as taken (a place captured
        and refilled in one move holds a new stone under the old one's name)."""
        taken = {(k, e["place"]) for e in self._events() if e.get("event") in ("capture", "retreat")
                 for k in e.get("stones", [])}
        now = {getattr(it, "card_id", "") for it in self.table.named_items().values()}
        cards = {}
        for card, spot in before.cards.items():
            cards[card + "/taken" if card in now and parse_stone_id(card) in taken else card] = spot
        self.before = before._replace(cards=cards)
        return self.before

    def _there(self, *names: str) -> str | None:
        """The first of ``names`` drawn before the move."""
        places = self.before.places if self.before is not None else {}
        return next((n for n in names if n in places), None)

    def came_from(self, card: str, now: Spot) -> str | None:
        """A stone placed comes from the tray (or the placer's area), a refill from the player's
        captured stones, a stone borrowed from the lender's, an ordained one from the player's."""
        k, place = parse_stone_id(card)
        for e in self._events():
            if e.get("stone") != k or e.get("place") != place:
                continue
            p = e.get("player", 0)
            kind = e.get("event")
            if kind == "place":
                return self._there(f"tray/{k}", f"panel/{p}")
            if kind in ("refill", "ordain"):
                return self._there(f"captured/{p}/{k}", f"panel/{p}")
            if kind == "borrow":
                return self._there(f"captured/{1 - p}/{k}", f"panel/{1 - p}")
        return None

    def went_to(self, card: str, was: Spot) -> str | None:
        """A stone captured (or retreating) goes to the taker's captured stones, the peasant an
        ordination replaces to its player's."""
        k, place = parse_stone_id(card)
        for e in self._events():
            kind, p = e.get("event"), e.get("player", 0)
            if (kind in ("capture", "retreat") and e.get("place") == place and k in e.get("stones", [])) or \
                    (kind == "ordain" and e.get("place") == place and k == "peasant"):
                name = f"captured/{p}/{k}"
                return name if self.table.find(name) is not None else f"panel/{p}"
        return None

    def stand_in(self, card: str | None, rect: Any) -> Any:
        """The stone that flies: one of the kind."""
        return StoneItem(rect, parse_stone_id(card)[0] if card else "peasant")

    def stop(self) -> None:
        """The flights end where they are (the table is drawn anew)."""
        for it in self.flying:
            if it.scene() is self.table:
                self.table.removeItem(it)
        self.flying = []


class Sowing:
    """The playing out of the moves on a :class:`~tabletop.games.shogun.table.ShogunTable`.

    What it asks of the table: ``view`` and ``set_legal`` (the old view is on show, with nothing
    to choose, while the moves play), ``redraw()`` (the view on show drawn anew), ``draw(view,
    legal)`` and ``play(view, legal, last)`` (the view the moves led to; one that waited),
    ``name(p)``, ``classic``, ``layout`` (the items it moves), ``_anims`` (the base's running
    animations) and ``settled``."""

    def __init__(self, table: Any) -> None:
        self.table = table
        self.running = False  # moves are being played
        self.flying: list[StoneItem] = []  # the stones in flight
        self.board: list[list[str]] = []  # the stones on each place as the steps so far leave them
        self.hand: tuple[list[str], int, int] | None = None  # the hand in the groove (a relayout shows it again)
        self.title = ""  # the prompt's words for the step on show
        self.transient: list[Any] = []  # the step's marks (an ability's tag, the dice) ...
        self._redo: list[Callable[[], None]] = []  # ... and how to draw them again (a relayout)
        self._target: tuple[View, list[Action]] | None = None  # what to show when the moves end
        self._queue: list[tuple[View, list[Action], Action | None]] = []  # views waiting meanwhile
        self._steps: list[tuple] = []
        self._pace = DROP_MS
        self._timer = QTimer(table)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.next_step)

    # --- the views ---------------------------------------------------------------------------------
    def wait(self, view: View, legal: list[Action], last: Action | None) -> None:
        """A view arrives during the moves: it waits for them (a long queue goes straight to the
        end); a view that is not the consequence of a move (an undo, a load) stops them."""
        if last is None:
            self.stop()
            self._queue, self._target = [], None
            self.table.play(view, legal, last)
            return
        if self._queue and self._queue[-1][0] == view and self._queue[-1][1] == list(legal):
            return
        self._queue.append((view, list(legal), last))
        if len(self._queue) > 2:
            self.skip()

    def start(self, old: View, view: View, legal: list[Action], steps: list[tuple]) -> None:
        """Play ``steps`` from ``old``, then draw ``view`` with ``legal``."""
        t = self.table
        self.running = True
        self._target = (view, legal)
        self._steps = list(steps)
        drops = sum(1 for s in steps if s[0] == "drop")
        self._pace = int(max(110, min(DROP_MS, 9000 / max(1, drops))))
        self.title = self._step_words(steps[0])
        # the old position, without choices, while the moves play
        t.view = old
        t.set_legal([])
        t.redraw()
        self.hand = (list(old["hand"]), old["pos"], old["direction"]) if old["step"] == Step.DROP and old["hand"] else None
        self.board = [list(x) for x in old["board"]]
        self.next_step()

    def busy(self) -> bool:
        return self.running or bool(self._queue)

    def drop_queue(self) -> None:
        """Forget the views waiting and the one the moves lead to (nothing is on show)."""
        self._queue, self._target = [], None

    def stop(self) -> None:
        """Stop the moves where they are (the table is drawn again after)."""
        self._timer.stop()
        t = self.table
        for a in t._anims:
            a.stop()
            a.deleteLater()
        t._anims = []
        for it in self.flying:
            if it.scene() is t:
                t.removeItem(it)
        self.flying = []
        self._clear_transient()
        self._steps = []
        self.running = False

    def _end(self) -> None:
        """The moves have played: draw the view they led to, then any view that came meanwhile."""
        self.stop()
        target, self._target = self._target, None
        if target is not None:
            self.table.draw(*target)
        while self._queue and not self.running:
            view, legal, last = self._queue.pop(0)
            self.table.play(view, legal, last)
        if not self.busy():
            self.table.settled.emit()

    def skip(self) -> None:
        """Finish at once: the latest view is drawn (the views waiting are not played)."""
        if not self.running and not self._queue:
            return
        self.stop()
        target, self._target = self._target, None
        if self._queue:
            view, legal, _ = self._queue[-1]
            target = (view, legal)
        self._queue = []
        if target is not None:
            self.table.choice.clear()
            self.table.draw(*target)
        self.table.settled.emit()

    def relayout(self) -> None:
        """A new height in the middle of the moves: the table is built again on the old view, its
        places hold what the steps so far left there (a stone in flight lands at once), the hand
        and the marks of the step on show are drawn again, and the steps go on from there."""
        t, lay = self.table, self.table.layout
        for a in t._anims:  # (the flights stop without landing: the places are set below)
            a.stop()
            a.deleteLater()
        t._anims = []
        self.flying = []
        hand, redo = self.hand, list(self._redo)
        here = next((p for p, it in lay.places.items() if it.here), None)  # (the items are drawn anew)
        t.redraw()  # (the prompt says the step on show: running)
        for place, item in lay.places.items():
            item.set_stones(self.board[place])
        if hand is not None:
            self._show_hand(*hand)
        self._mark_here(here)
        self._redo = []
        for again in redo:
            again()

    # --- the steps ---------------------------------------------------------------------------------
    def _say(self, text: str) -> None:
        self.title = text
        caption = self.table.layout.caption
        if caption is not None and caption.scene() is self.table:
            caption.text = text
            caption.update()

    def next_step(self) -> None:
        if not self.running:
            return
        self._clear_transient()
        if not self._steps:
            self._end()
            return
        s = self._steps.pop(0)
        self._say(self._step_words(s))
        wait = self._play(s)
        self._timer.start(max(1, wait))

    def _show_hand(self, hand: list[str], pos: int, direction: int) -> None:
        self.hand = (list(hand), pos, direction)
        self.table.layout.build_hand(hand, pos, direction, False)

    def _fly(self, key: str, start: QRectF, end: QRectF, ms: int, done: Any = None) -> None:
        item = StoneItem(start, key)
        self.flying.append(item)

        def landed() -> None:
            if item in self.flying:
                self.flying.remove(item)
            if done is not None:
                done()

        anim = fly(self.table, item, start, end, self.table._anims, ms, None, landed)
        anim.finished.connect(anim.deleteLater)  # (one per stone: they are not kept)

    def _play(self, s: tuple) -> int:
        """Show one step; returns how long before the next one (ms)."""
        play = {"lift": self._lift, "drop": self._drop, "take": self._take, "arrive": self._arrive,
                "ordain": self._ordain, "dice": self._dice}.get(s[0])
        if play is not None:
            return play(*s[1:])
        return 900 if s[0] == "say" else 10

    def _lift(self, what: str, p: int, place: int, stones: list[str], direction: int) -> int:
        lay = self.table.layout
        item = lay.places[place]
        starts = item.stone_rects()
        self.board[place] = []
        item.set_stones([])
        self._show_hand(stones, place, direction)
        end = lay.hand_deco[0].card_scene_rect() if lay.hand_deco else item.card_scene_rect()
        for k, r in starts[:12]:
            spot = next((h.card_scene_rect() for h in lay.hand if h.key == k), end)
            self._fly(k, r, spot, 300)
        self._mark_here(place)
        return 420 if what == "sow" else 380

    def _drop(self, p: int, to: int, k: str, ability: bool, turned: bool, hand_after: list[str], pos: int,
              direction: int) -> int:
        lay = self.table.layout
        start = next((h.card_scene_rect() for h in lay.hand if h.key == k), None)
        place = lay.places[to]
        self.board[to].append(k)
        end = place.spot_for(k, self.board[to])
        if start is None:
            start = QRectF(end)
        self._show_hand(hand_after, to, -direction if turned else direction)
        self._fly(k, start, end, int(self._pace * 0.85), lambda: self.land(to))
        self._mark_here(to)
        if ability:
            self._transient_tag(place, "↶ turns round" if turned else "✦ " + ABILITY_TAG.get(k, stone_name(k)))
            return self._pace + 200
        return self._pace

    def _take(self, what: str, p: int, place: int, stones: list[str]) -> int:
        lay = self.table.layout
        item = lay.places[place]
        starts = item.stone_rects()
        for st in stones:
            self.board[place].remove(st)
        moving = []
        left = list(stones)
        for k, r in starts:
            if k in left:
                left.remove(k)
                moving.append((k, r))
        item.set_stones(self.board[place])
        for k, r in moving[:16]:
            end = lay.store_groups.get((p, k), lay.store_spots.get(p, r))
            self._fly(k, r, QRectF(end), 520)
        self._mark_here(None)
        return 700

    def _arrive(self, what: str, p: int, place: int, k: str) -> int:
        lay = self.table.layout
        src = p if what != "borrow" else 1 - p
        if what == "place":
            start = next((t.card_scene_rect() for t in lay.tray if t.key == k), None) or \
                lay.chosen_spots.get(p) or lay.store_spots.get(p)
        else:
            start = lay.store_groups.get((src, k)) or lay.store_spots.get(src)
        item = lay.places[place]
        self.board[place].append(k)
        end = item.spot_for(k, self.board[place])
        self._fly(k, QRectF(start) if start is not None else QRectF(end), end, 420, lambda: self.land(place))
        return 520

    def _ordain(self, p: int, place: int, k: str) -> int:
        lay = self.table.layout
        item = lay.places[place]
        start = lay.store_groups.get((p, k)) or lay.store_spots.get(p)
        old = item.stone_rects()
        self.board[place] = [k]
        item.set_stones([])
        end = item.spot_for(k, [k])
        for pk, r in old:
            self._fly(pk, r, QRectF(lay.store_groups.get((p, "peasant")) or lay.store_spots.get(p)), 450)
        self._fly(k, QRectF(start) if start is not None else QRectF(end), end, 450, lambda: self.land(place))
        return 600

    def _dice(self, p: int, total: int, double: bool) -> int:
        self._roll_dice(total, double)
        return 1100

    def land(self, place: int) -> None:
        """A stone in flight has landed: its place shows what the steps so far put there."""
        item = self.table.layout.places.get(place)
        if self.running and item is not None and item.scene() is self.table:
            item.set_stones(self.board[place])

    def _mark_here(self, place: int | None) -> None:
        for p, it in self.table.layout.places.items():
            here = p == place
            if it.here != here:
                it.here = here
                it.update()

    # --- the step's marks --------------------------------------------------------------------------
    def _transient_tag(self, place: PlaceItem, text: str) -> None:
        self._redo.append(lambda: self._transient_tag(self.table.layout.places[place.place], text))
        r = place.card_scene_rect()
        f = font(MIN_TEXT_PX, True)
        w = text_width(text, f) + 22
        rect = QRectF(r.center().x() - w / 2, r.y() - 14, w, 27)

        def paint(p: QPainter, rr: QRectF) -> list[str]:
            p.setPen(QPen(QColor(0, 0, 0, 120), 1))
            p.setBrush(ABILITY)
            p.drawRoundedRect(rr, 13, 13)
            draw_text(p, rr, text, f, QColor("#1d0f2a"), Qt.AlignCenter)
            return [text]

        tag = DecorItem(rect, paint)
        tag.setZValue(60)
        self.table.addItem(tag)
        self.transient.append(tag)

    def _clear_transient(self) -> None:
        for it in self.transient:
            if it.scene() is self.table:
                self.table.removeItem(it)
        self.transient = []
        self._redo = []

    def _roll_dice(self, total: int, double: bool, tumble: bool = True) -> None:
        """Two dice tumble in the groove, then show the roll (at once: not ``tumble``)."""
        t = self.table
        self._redo.append(lambda: self._roll_dice(total, double, tumble=False))
        _, groove = t.layout.geometry()
        ds = 64.0
        x0 = groove.center().x() - ds - 8
        y = groove.center().y() - ds / 2
        dice = [DieItem(QRectF(x0, y, ds, ds), 1), DieItem(QRectF(x0 + ds + 16, y, ds, ds), 6)]
        for d in dice:
            d.setZValue(70)
            t.addItem(d)
            self.transient.append(d)
        faces = dice_faces(total, double)
        if not tumble:
            for d, face in zip(dice, faces):
                d.value = face
            return
        anim = QVariantAnimation(t)
        anim.setStartValue(0)
        anim.setEndValue(12)
        anim.setDuration(700)

        def roll(value: int) -> None:
            for i, d in enumerate(dice):
                if d.scene() is t:
                    d.value = faces[i] if value >= 12 else (value * (3 + 2 * i) + i) % 6 + 1
                    d.setRotation(0 if value >= 12 else (value * 29 + i * 40) % 40 - 20)
                    d.update()

        anim.valueChanged.connect(roll)
        t._anims.append(anim)
        anim.start()

    # --- the words -----------------------------------------------------------------------------------
    def _step_words(self, s: tuple) -> str:
        name, classic = self.table.name, self.table.classic
        kind = s[0]
        if kind == "lift":
            _, what, p, place, stones, direction = s
            n = len(stones)
            if what == "sow":
                return f"{name(p)} sows {square_label(place)} ({n} stone{'s' if n != 1 else ''}) {WAYS[direction]}"
            return f"The sowing goes on: {square_label(place)} is picked up ({n})"
        if kind == "drop":
            _, p, to, k, ability, turned, *_ = s
            if turned:
                return "The Samurai turns the sowing round"
            if ability:
                return f"The {stone_name(k)} uses its ability: lands on {square_label(to)}"
            return f"{stone_name(k, classic)} dropped on {place_words(to, classic, name)}"
        if kind == "take":
            _, what, p, place, stones = s
            if what == "retreat":
                lords = "mandarins" if classic else "shoguns"
                return f"The {lords} are gone: {len(stones)} stone{'s' if len(stones) != 1 else ''} go to {name(p)}"
            special = "" if "shogun" not in stones else (" — the Mandarin!" if classic else " — the Shogun!")
            where = place_words(place, classic, name)
            return f"{name(p)} captures {len(stones)} stone{'s' if len(stones) != 1 else ''} from {where}{special}"
        if kind == "arrive":
            _, what, p, place, k = s
            if classic:  # (every stone put back is a plain one)
                if what == "borrow":
                    return f"{name(p)} borrows a stone from {name(1 - p)}'s captures for {square_label(place)}"
                return f"{name(p)} puts a captured stone back on {square_label(place)}"
            verb = {"place": "places", "refill": "refills with", "borrow": "borrows"}[what]
            return f"{name(p)} {verb} a {stone_name(k, classic)} on {square_label(place)}"
        if kind == "ordain":
            _, p, place, k = s
            return f"{name(p)} ordains {square_label(place)}: a {stone_name(k)} takes the peasant's place"
        if kind == "dice":
            _, p, total, double = s
            return self.table.layout.roll_sentence({"player": p, "total": total, "double": double})
        if kind == "say":
            _, what, p, place = s
            return {"skip": f"{name(p)} is imprisoned and sits out the turn",
                    "imprisoned": f"{name(p)} took a shogun early: imprisoned for the next turn",
                    "protected": "The young mandarin cannot be captured",
                    "keep": f"{name(p)} keeps the Thief"}.get(what, "")
        return ""
