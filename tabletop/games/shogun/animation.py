"""The shogun table's animation: a new view whose ``events`` follow from the view on show is
played stone by stone (a sowing lifts the hand from its square; each stone flies to its place; a
capture flies to the captor's panel), then the final view is drawn; a click or a key finishes
at once.  :class:`SowingAnimation` is a part of :class:`~tabletop.games.shogun.table.ShogunTable`
(the busy/settled hooks of the client's table base)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt, QVariantAnimation
from PySide6.QtGui import QColor, QPainter, QPen

from tabletop.client.table_items import (
    MIN_TEXT_PX,
    DecorItem,
    draw_text,
    fly,
    font,
    text_width,
)
from tabletop.engine.actions import Action

from .board_items import (
    ABILITY,
    ABILITY_TAG,
    DROP_MS,
    WAYS,
    DieItem,
    PlaceItem,
    StoneItem,
    dice_faces,
    stone_name,
)
from .steps import Step
from .stones import square_label


class SowingAnimation:
    """The playing out of the moves on a :class:`~tabletop.games.shogun.table.ShogunTable`."""

    def _script(self, old: dict[str, Any], new: dict[str, Any]) -> list[tuple] | None:
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

    def _start_animation(self, old: dict[str, Any], view: dict[str, Any], legal: list[Action], steps: list[tuple]) -> None:
        self.animating = True
        self._target = (view, legal)
        self._steps = list(steps)
        drops = sum(1 for s in steps if s[0] == "drop")
        self._pace = int(max(110, min(DROP_MS, 9000 / max(1, drops))))
        self._anim_title = self._step_words(steps[0])
        # the old position, without choices, while the moves play
        self.view = old
        self.legal, self.legal_set = [], set()
        self._anim_hand = None
        self._rebuild()
        self._anim_board = [list(x) for x in old["board"]]
        self._next_step()

    def _relayout_animation(self) -> None:
        """A new height in the middle of the moves: the table is built again on the old view, its
        places hold what the steps so far left there (a stone in flight lands at once), the hand
        and the marks of the step on show are drawn again, and the steps go on from there."""
        for a in self._anims:  # (the flights stop without landing: the places are set below)
            a.stop()
            a.deleteLater()
        self._anims = []
        self.flying = []
        hand, redo = self._anim_hand, list(self._transient_redo)
        here = next((p for p, it in self._places.items() if it.here), None)  # (the items are drawn anew)
        self._rebuild()  # (the prompt says the step on show: animating)
        for place, item in self._places.items():
            item.set_stones(self._anim_board[place])
        if hand is not None:
            self._build_hand(hand[0], hand[1], hand[2], False)
        self._mark_here(here)
        self._transient_redo = []
        for again in redo:
            again()

    def _say(self, text: str) -> None:
        self._anim_title = text
        if self._caption is not None and self._caption.scene() is self:
            self._caption.text = text
            self._caption.update()

    def _next_step(self) -> None:
        if not self.animating:
            return
        self._clear_transient()
        if not self._steps:
            self._end_animation()
            return
        s = self._steps.pop(0)
        self._say(self._step_words(s))
        wait = self._play(s)
        self._timer.start(max(1, wait))

    def _fly(self, key: str, start: QRectF, end: QRectF, ms: int, done: Any = None) -> None:
        item = StoneItem(start, key)
        self.flying.append(item)

        def landed() -> None:
            if item in self.flying:
                self.flying.remove(item)
            if done is not None:
                done()

        anim = fly(self, item, start, end, self._anims, ms, None, landed)
        anim.finished.connect(anim.deleteLater)  # (one per stone: they are not kept)

    def _play(self, s: tuple) -> int:
        """Show one step; returns how long before the next one (ms)."""
        kind = s[0]
        pace = self._pace
        board = self._anim_board  # the stones on each place as the steps so far leave them
        if kind == "lift":
            _, what, p, place, stones, direction = s
            item = self._places[place]
            starts = item.stone_rects()
            board[place] = []
            item.set_stones([])
            self._build_hand(stones, place, direction, False)
            end = self._hand_deco[0].card_scene_rect() if self._hand_deco else item.card_scene_rect()
            for k, r in starts[:12]:
                spot = next((h.card_scene_rect() for h in self._hand if h.key == k), end)
                self._fly(k, r, spot, 300)
            self._mark_here(place)
            return 420 if what == "sow" else 380
        if kind == "drop":
            _, p, to, k, ability, turned, hand_after, pos, direction = s
            start = next((h.card_scene_rect() for h in self._hand if h.key == k), None)
            place = self._places[to]
            board[to].append(k)
            end = place.spot_for(k, board[to])
            if start is None:
                start = QRectF(end)
            self._build_hand(hand_after, to, -direction if turned else direction, False)
            self._fly(k, start, end, int(pace * 0.85), lambda: self._land(to))
            self._mark_here(to)
            if ability:
                self._transient_tag(place, "↶ turns round" if turned else "✦ " + ABILITY_TAG.get(k, stone_name(k)))
                return pace + 200
            return pace
        if kind == "take":
            _, what, p, place, stones = s
            item = self._places[place]
            starts = item.stone_rects()
            for st in stones:
                board[place].remove(st)
            moving = []
            left = list(stones)
            for k, r in starts:
                if k in left:
                    left.remove(k)
                    moving.append((k, r))
            item.set_stones(board[place])
            for k, r in moving[:16]:
                end = self._store_groups.get((p, k), self._store_spots.get(p, r))
                self._fly(k, r, QRectF(end), 520)
            self._mark_here(None)
            return 700
        if kind == "arrive":
            _, what, p, place, k = s
            src = p if what != "borrow" else 1 - p
            if what == "place":
                start = next((t.card_scene_rect() for t in self._tray if t.key == k), None) or \
                    self._chosen_spots.get(p) or self._store_spots.get(p)
            else:
                start = self._store_groups.get((src, k)) or self._store_spots.get(src)
            item = self._places[place]
            board[place].append(k)
            end = item.spot_for(k, board[place])
            self._fly(k, QRectF(start) if start is not None else QRectF(end), end, 420, lambda: self._land(place))
            return 520
        if kind == "ordain":
            _, p, place, k = s
            item = self._places[place]
            start = self._store_groups.get((p, k)) or self._store_spots.get(p)
            old = item.stone_rects()
            board[place] = [k]
            item.set_stones([])
            end = item.spot_for(k, [k])
            for pk, r in old:
                self._fly(pk, r, QRectF(self._store_groups.get((p, "peasant")) or self._store_spots.get(p)), 450)
            self._fly(k, QRectF(start) if start is not None else QRectF(end), end, 450, lambda: self._land(place))
            return 600
        if kind == "dice":
            _, p, total, double = s
            self._roll_dice(total, double)
            return 1100
        if kind == "say":
            return 900
        return 10

    def _land(self, place: int) -> None:
        """A stone in flight has landed: its place shows what the steps so far put there."""
        item = self._places.get(place)
        if self.animating and item is not None and item.scene() is self:
            item.set_stones(self._anim_board[place])

    def _mark_here(self, place: int | None) -> None:
        for p, it in self._places.items():
            here = p == place
            if it.here != here:
                it.here = here
                it.update()

    def _transient_tag(self, place: PlaceItem, text: str) -> None:
        self._transient_redo.append(lambda: self._transient_tag(self._places[place.place], text))
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
        self._add(tag)
        self._transient.append(tag)

    def _clear_transient(self) -> None:
        for it in self._transient:
            if it.scene() is self:
                self.removeItem(it)
        self._transient = []
        self._transient_redo = []

    def _roll_dice(self, total: int, double: bool, tumble: bool = True) -> None:
        """Two dice tumble in the groove, then show the roll (at once: not ``tumble``)."""
        self._transient_redo.append(lambda: self._roll_dice(total, double, tumble=False))
        _, groove = self._board_geometry()
        ds = 64.0
        x0 = groove.center().x() - ds - 8
        y = groove.center().y() - ds / 2
        dice = [DieItem(QRectF(x0, y, ds, ds), 1), DieItem(QRectF(x0 + ds + 16, y, ds, ds), 6)]
        for d in dice:
            d.setZValue(70)
            self._add(d)
            self._transient.append(d)
        faces = dice_faces(total, double)
        if not tumble:
            for d, face in zip(dice, faces):
                d.value = face
            return
        anim = QVariantAnimation(self)
        anim.setStartValue(0)
        anim.setEndValue(12)
        anim.setDuration(700)

        def tumble(value: int) -> None:
            for i, d in enumerate(dice):
                if d.scene() is self:
                    d.value = faces[i] if value >= 12 else (value * (3 + 2 * i) + i) % 6 + 1
                    d.setRotation(0 if value >= 12 else (value * 29 + i * 40) % 40 - 20)
                    d.update()

        anim.valueChanged.connect(tumble)
        self._anims.append(anim)
        anim.start()

    def _step_words(self, s: tuple) -> str:
        kind = s[0]
        if kind == "lift":
            _, what, p, place, stones, direction = s
            n = len(stones)
            if what == "sow":
                return f"{self.name(p)} sows {square_label(place)} ({n} stone{'s' if n != 1 else ''}) {WAYS[direction]}"
            return f"The sowing goes on: {square_label(place)} is picked up ({n})"
        if kind == "drop":
            _, p, to, k, ability, turned, *_ = s
            if turned:
                return "The Samurai turns the sowing round"
            if ability:
                return f"The {stone_name(k)} uses its ability: lands on {square_label(to)}"
            return f"{stone_name(k, self.classic)} dropped on {square_label(to)}"
        if kind == "take":
            _, what, p, place, stones = s
            if what == "retreat":
                return f"The shoguns are gone: {len(stones)} stone{'s' if len(stones) != 1 else ''} go to {self.name(p)}"
            special = "" if "shogun" not in stones else (" — the Mandarin!" if self.classic else " — the Shogun!")
            return f"{self.name(p)} captures {len(stones)} stone{'s' if len(stones) != 1 else ''} from {square_label(place)}{special}"
        if kind == "arrive":
            _, what, p, place, k = s
            verb = {"place": "places", "refill": "refills with", "borrow": "borrows"}[what]
            return f"{self.name(p)} {verb} a {stone_name(k, self.classic)} on {square_label(place)}"
        if kind == "ordain":
            _, p, place, k = s
            return f"{self.name(p)} ordains {square_label(place)}: a {stone_name(k)} takes the peasant's place"
        if kind == "dice":
            _, p, total, double = s
            return self._roll_sentence({"player": p, "total": total, "double": double})
        if kind == "say":
            _, what, p, place = s
            return {"skip": f"{self.name(p)} is imprisoned and sits out the turn",
                    "imprisoned": f"{self.name(p)} took a shogun early: imprisoned for the next turn",
                    "protected": "The young mandarin cannot be captured",
                    "keep": f"{self.name(p)} keeps the Thief"}.get(what, "")
        return ""

    def _stop_animation(self) -> None:
        self._timer.stop()
        for a in self._anims:
            a.stop()
            a.deleteLater()
        self._anims = []
        for it in self.flying:
            if it.scene() is self:
                self.removeItem(it)
        self.flying = []
        self._clear_transient()
        self._steps = []
        self.animating = False

    def _end_animation(self) -> None:
        """The moves have played: draw the view they led to, then any view that came meanwhile."""
        self._stop_animation()
        target, self._target = self._target, None
        if target is not None:
            self.view, self.legal = target
            self.legal_set = set(self.legal)
            self._auto_pick()
            self._rebuild()
        while self._queue and not self.animating:
            view, legal, last = self._queue.pop(0)
            self._show(view, legal, last)
        if not self.busy():
            self.settled.emit()

    def busy(self) -> bool:
        return self.animating or bool(self._queue)

    def skip_animation(self) -> None:
        """Finish at once: the latest view is drawn (the views waiting are not played)."""
        if not self.animating and not self._queue:
            return
        self._stop_animation()
        target, self._target = self._target, None
        if self._queue:
            view, legal, _ = self._queue[-1]
            target = (view, legal)
        self._queue = []
        if target is not None:
            self.view, self.legal = target
            self.legal_set = set(self.legal)
            self._clear_choice()
            self._auto_pick()
            self._rebuild()
        self.settled.emit()
