"""The contract between the client and a game's table (a QGraphicsScene).

A table draws exactly one view -- the projection of the state that the seated player may
see -- and never touches the game: when the player chooses a move it emits
:attr:`TableScene.action_chosen` with an engine :class:`~tabletop.engine.actions.Action`, and
the client submits it.  When an attempt is illegal the table emits :attr:`TableScene.status`
with the reason (or the client reports the engine's reason).

Coordinates: the scene is a logical rectangle 1600 units wide (:data:`SCENE_RECT`, 1600 x 900);
the client's view scales it to the window keeping the aspect ratio.  A table that sets
:attr:`~TableScene.stretches` is told the window's shape instead (:meth:`~TableScene.fit_height`):
its scene grows taller than 900 units (up to :data:`MAX_HEIGHT`) to fill a window taller than
16:9 -- a laptop's table beside the side panel is about 1600 x 1060 -- and it lays itself out
again (:meth:`~TableScene.relayout`), giving the extra height to its cards.

Keyboard (the same for every game): Tab / Shift+Tab move the focus ring over the items that
can be chosen now (cards in hand, then legal targets); Enter or Space activates the focused
item; Escape cancels a selection; the digits 1-9 pick the n-th card of the seated hand.

What every table does alike lives here once; a table keeps only what its game draws and says,
and fills the hooks below (each has a neutral default):

* :meth:`~TableScene.activate` -- what a click (or Enter) on an item does;
* :meth:`~TableScene.focusable_items` -- the focus ring, in order; :meth:`~TableScene.refresh_marks`
  -- the table's highlights (then :meth:`~TableScene.mark_focus` draws the ring);
* :meth:`~TableScene.selection`, :meth:`~TableScene.clear_selection`,
  :meth:`~TableScene.selection_changed`, :meth:`~TableScene.may_cancel` -- the half-made choice
  (a card chosen first, a menu open ...), which Escape cancels and an emitted action spends;
* :meth:`~TableScene.focus_next` -- where the ring goes once a choice is half made by keyboard;
* :meth:`~TableScene.numbered_items`, :meth:`~TableScene.may_pick`, :meth:`~TableScene.pick` --
  what the digits 1-9 choose;
* :meth:`~TableScene.other_key` -- a game's own keys; :meth:`~TableScene.interrupt` -- a click or
  key while moves are played finishes them;
* :meth:`~TableScene.hint_for` -- the items and words of a hint;
* :meth:`~TableScene.start_drag`, :meth:`~TableScene.move_drag`,
  :meth:`~TableScene.release_drag` -- a table that lets cards be dragged (:attr:`drags`).

A table emits an action only through :meth:`~TableScene.emit_action`: a legal one goes out once
on :attr:`~TableScene.action_chosen` (the hint and the half-made choice are spent first); an
illegal one is not emitted, and :attr:`~TableScene.refusal`, when the table has one, goes out on
:attr:`~TableScene.status`.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from PySide6.QtCore import QAbstractAnimation, QEvent, QPointF, QRectF, Qt, QTimer, QVariantAnimation, Signal
from PySide6.QtWidgets import QGraphicsScene, QStyleOptionGraphicsItem  # noqa: F401  (the paint() option, made ready here)
from shiboken6 import isValid

from tabletop.engine.actions import Action
from tabletop.engine.game import GameDef

from . import keeping
from .card_art import forget_painted
from .played import PlayedMarks
from .sprites import SpriteCache, forget_shadows
from .table_items import TEXT_LIGHT, ButtonItem, LabelItem, TableItem
from .enlarged import ZOOM_DELAY, zoom_rect
from .zones import Zone, activate_zone, zone_of

SCENE_RECT = QRectF(0, 0, 1600, 900)
MAX_HEIGHT = 1200.0  # the tallest a stretching table grows (a window of 4:3 beside the side panel)
HEIGHT_STEP = 10.0  # a stretching table's height is a multiple of this (a resize by a pixel or two keeps it)
class TableScene(QGraphicsScene):
    """Base class of every game's table.  Subclasses implement the ``show_*`` methods."""

    action_chosen = Signal(object)  # an Action the seated human chose
    status = Signal(str)  # a sentence for the status bar
    settled = Signal()  # the moves being played on the table have finished (see busy())
    # the seated human clicked a hero or a card of theirs to use it while it was not their
    # decision: a lone player with fewer questions is offered the next quiet moment
    moment_requested = Signal()
    pointed = Signal()  # a lesson's places were lit again after a drawing (what sits beside them follows)
    focus_moved = Signal(object)  # the keyboard focus ring went to this item (a screen reader says it)

    refusal: str | None = None  # the status bar's words for an illegal attempt (None: silence)
    # a card drawn or flipped from a deck during the others' turn is their move's, not the rules' deal
    # (client/played.py: the forest's draws, the card game's flips; not Spheres of Life's deals)
    DECK_MOVES = False
    cancel_words = "Cancelled."  # the status bar's words when Escape cancels a choice
    escape_keeps_focus = False  # whether the ring stays where it was when Escape cancels
    hint_pulses = True  # the hint pulses (False: a still outline)
    drags = False  # whether a press that moves starts a drag (start_drag says of what)
    stretches = False  # whether the table lays itself out for any height the window gives it (fit_height)

    def __init__(self, game: GameDef, names: list[str], parent: Any = None) -> None:
        super().__init__(parent)
        self.game = game
        self.names = list(names)
        self.animations = True
        self.sprites = SpriteCache()  # this table's painted items (see TableItem.paint)
        self.watching = False  # a replay: the seat drawn is watched, not played (see addressed)
        self.setSceneRect(SCENE_RECT)
        self.view: dict[str, Any] | None = None  # the view on show
        self.legal: list[Action] = []  # what the seat drawn may do now (empty: not deciding)
        self.legal_set: set[Action] = set()
        self._focus_index: int | None = None
        self._press: tuple[Any, Any] | None = None  # (the item pressed, where) until the release
        self._drag: Any = None  # the item being dragged
        self._relayout_due: Any = None  # the view on show when the height changed during a drag
        self._anims: list[Any] = []  # the animations running (stop_animations stops them)
        self._hinted: list[Any] = []
        self.hinted_names: list[str] = []  # the names the hint on show points at
        self.hint_tag = "Hint"  # the tag on an outlined item ("": none, a lesson's step)
        self.lesson_names: list[str] = []  # a lesson step's places, lit again after every drawing
        self.drawn_before: Any = None  # what was drawn before the last clear (flights.snapshot)
        self.played_marks = PlayedMarks(self)  # where the others' last moves landed
        self._hint_action: Action | None = None  # the last hint shown (a relayout shows it again)
        self._hint_anim: QVariantAnimation | None = None
        self._zoom: TableItem | None = None  # the enlarged card on show (show_zoom)
        self._zoom_of: TableItem | None = None  # ... the card it enlarges
        self._hovered: TableItem | None = None  # the card under the mouse, waiting for _zoom_timer
        self._zoom_timer = QTimer(self)
        self._zoom_timer.setSingleShot(True)
        self._zoom_timer.setInterval(ZOOM_DELAY)
        self._zoom_timer.timeout.connect(self._zoom_hovered)

    # --- the shape of the table ------------------------------------------------------------------
    @property
    def height(self) -> float:
        """The scene's height in units (900, or more for a stretching table in a tall window)."""
        return self.sceneRect().height()

    @property
    def extra(self) -> float:
        """The height beyond 900 units that a stretching table shares out among its rows."""
        return self.height - SCENE_RECT.height()

    def fit_height(self, aspect: float) -> bool:
        """A view ``aspect`` (width / height) wide: a stretching table takes the height that fills
        it, in steps of :data:`HEIGHT_STEP` between 900 units and :data:`MAX_HEIGHT`, and lays
        itself out again when that changed.  Returns whether it did."""
        if not self.stretches or aspect <= 0:
            return False
        h = SCENE_RECT.width() / aspect
        h = min(MAX_HEIGHT, max(SCENE_RECT.height(), HEIGHT_STEP * int(h / HEIGHT_STEP)))
        if h == self.height:
            return False
        self.hide_zoom()
        self.setSceneRect(QRectF(0, 0, SCENE_RECT.width(), h))
        if self._drag is not None:  # a card being dragged keeps its table until it is dropped
            self._relayout_due = self.view
        else:
            self._relayout_due = None  # (a drag that a redraw ended asks for nothing more)
            self._lay_out_again()
        return True

    def _lay_out_again(self) -> None:
        if self.view is not None:
            hint = self._hint_action if self._hinted else None
            self.relayout()
            if hint is not None and not self._hinted:  # (the hint on show stays, found by its names)
                self.point_at(self.hinted_names)

    def relayout(self) -> None:
        """Lay the view on show out again for a new height (a stretching table says how: moves
        being played may be cut short, as by any redraw).  Never called during a drag: the drop
        calls it, when the table did not draw another view meanwhile."""

    # --- the view on show ----------------------------------------------------------------------
    def _label(self, rect: QRectF, text: str, px: float, colour: Any = None, bold: bool = False,
               align: int = Qt.AlignLeft | Qt.AlignTop, lines: int = 1, to: Zone | None = None) -> LabelItem:
        """Text on the felt: an item of the table, or of the zone ``to``."""
        colour = TEXT_LIGHT if colour is None else colour
        if to is not None:
            return to.label(rect, text, px, colour, bold, align, lines)
        item = LabelItem(rect, text, px, colour, bold, align, lines)
        self.addItem(item)
        return item

    def set_legal(self, legal: list[Action]) -> None:
        self.legal = list(legal)
        self.legal_set = set(self.legal)

    def name(self, p: int) -> str:
        """Player ``p``'s name (``Player n`` when the seat has none)."""
        return self.names[p] if 0 <= p < len(self.names) and self.names[p] else f"Player {p + 1}"

    @property
    def seat(self) -> int | None:
        """The seat drawn (``None``: a spectator, or nothing on show)."""
        return None if self.view is None else self.view.get("seat")

    @property
    def me(self) -> int:
        """The player drawn at the bottom: the seat, or the first player for a spectator."""
        return 0 if self.seat is None else self.seat

    def addressed(self, p: int | None) -> bool:
        """Whether the table speaks to seat ``p`` as "you": it is the seat drawn and somebody
        plays it here (in a replay it is only watched, and is called by its name)."""
        return p is not None and p == self.seat and not self.watching

    def titled(self, p: int) -> str:
        """Seat ``p``'s name as a panel shows it: "Ada (you)" for the seat addressed."""
        return f"{self.name(p)} (you)" if self.addressed(p) else self.name(p)

    def possessive(self, p: int, capital: bool = True) -> str:
        """"Your" for the seat addressed (see :meth:`addressed`), "Ada's" for any other."""
        if self.addressed(p):
            return "Your" if capital else "your"
        return f"{self.name(p)}'s"

    def say_waiting(self) -> None:
        """A click while another player decides (or nobody does)."""
        d = self.view.get("decider") if self.view is not None else None
        self.status.emit(f"Wait: {self.name(d)} is deciding." if d is not None and d >= 0 and d != self.seat
                         else "Nothing to choose now.")

    # --- acting (the same in every game) ---------------------------------------------------------
    def emit_action(self, action: Action) -> bool:
        """Play ``action``: the one way a table emits a move.  A legal action spends the hint and
        the half-made choice and goes out once on :attr:`action_chosen`; an illegal one does not
        go out, and :attr:`refusal` (if any) goes out on :attr:`status`.  Returns whether it went."""
        if action not in self.legal_set:
            if self.refusal:
                self.status.emit(self.refusal)
            return False
        self.clear_hint()
        self.clear_selection()
        self.action_chosen.emit(action)
        return True

    def activate(self, item: Any) -> None:
        """What a click (or Enter, or a digit) on ``item`` does; tables say.  By default the item's
        zone does what the click means (:func:`~tabletop.client.zones.activate_zone`)."""
        activate_zone(item)

    # --- the half-made choice ------------------------------------------------------------------
    def selection(self) -> tuple[Any, ...]:
        """The half-made choice (a card chosen first, a menu open ...): a tuple whose parts are
        ``None`` or ``False`` when nothing is chosen; tables say."""
        return ()

    def has_selection(self) -> bool:
        return any(x not in (None, False) for x in self.selection())

    def clear_selection(self) -> None:
        """Forget the half-made choice (nothing is redrawn); tables say."""

    def selection_changed(self) -> None:
        """Redraw after the half-made choice changed (by default: the marks)."""
        self.refresh_marks()

    def may_cancel(self) -> bool:
        """Whether Escape has anything to cancel."""
        return self.has_selection()

    def cancel_selection(self) -> bool:
        """Escape (or a Cancel button): the half-made choice is dropped and the status bar says so.
        Returns whether there was anything to cancel."""
        if not self.may_cancel():
            return False
        self.clear_selection()
        if not self.escape_keeps_focus:
            self._focus_index = None
        self.selection_changed()
        self.status.emit(self.cancel_words)
        return True

    def dispose(self) -> None:
        """The table is going away (a new game, back to the start screen): stop whatever still
        runs on it and let go of its items and sprites at once.  The owner (the table screen)
        then takes it off the view and deletes it."""
        for anim in self.findChildren(QAbstractAnimation):
            anim.stop()
        for timer in self.findChildren(QTimer):
            timer.stop()
        self._anims = []
        self._hinted = []
        self._hint_anim = None
        self._zoom = self._zoom_of = self._hovered = None
        self.clear()
        self.sprites.clear()
        forget_shadows()  # (and the pictures and shadows painted for it: the next table paints its own)
        forget_painted()

    def set_animations(self, on: bool) -> None:
        self.animations = on

    def stop_animations(self) -> None:
        """Stop the moves being played (before the items they move go)."""
        for a in self._anims:
            a.stop()
            a.deleteLater()
        self._anims = []

    def busy(self) -> bool:
        """Whether moves are still being played out on the table (a table that animates them
        one by one says so, and emits :attr:`settled` when it is done); the client waits for it
        before it covers the table with the end screen."""
        return False

    def showing(self) -> str:
        """What the table is playing out now, in words, when it is more than the last moves (the
        card game's scoring walk-through): the banner says it meanwhile. "" for nothing."""
        return ""

    # --- the hint (the same in every game) --------------------------------------------------
    def show_hint(self, action: Action) -> None:
        """Point at ``action`` (the Hard bot's suggestion) until the next redraw: the items
        :meth:`hint_for` gives are outlined and the status bar says it in words.  Their names are
        kept (``hinted_names``): a new layout of the same view points at them again by name."""
        if self.view is None:
            return
        self._hint_action = action
        marks, words = self.hint_for(action)
        marks = [m for m in marks if m is not None]
        self.hinted_names = [self.address_of(m) for m in marks]
        self.mark_hint(marks)
        self.status.emit(f"Hint: {words}.")

    def point_at(self, names: list[str]) -> list[str]:
        """Outline the zones and items of ``names`` as the hint does (a lesson's step points so); returns the names
        the table lacks now.  A zone is pointed at through its stand-in, else its cards and items (not its words)."""
        found = self.named_items()
        marks: list[Any] = []
        for name in names:
            item = found.get(name)
            if isinstance(item, Zone):
                stand_in = item.stands_for_zone()
                marks += [stand_in] if stand_in is not None else [
                    m for m in item.members() if isinstance(m, TableItem) and not isinstance(m, LabelItem)]
            elif item is not None:
                marks.append(item)
        self.mark_hint(marks, tag="")  # (no tag: the lesson's callout says why they are lit)
        self.hinted_names = list(names)  # (what is pointed at, kept by name across a new layout)
        return [n for n in names if n not in found]

    def hinted_items(self) -> list[Any]:
        """The items outlined now (by the hint or a lesson's step)."""
        return [m for m in self._hinted if m.scene() is self]

    def hint_for(self, action: Action) -> tuple[list[Any], str]:
        """Make ready to show ``action`` (open its menu, choose its card ...) and return the items
        to outline and the words for it; tables say."""
        return [], str(action)

    def mark_hint(self, marks: list[Any], tag: str = "Hint") -> None:
        """Outline ``marks`` (table items) as the hint: a slow pulse, or a still outline when
        animations are off (or the table's hints never pulse).  The previous hint is cleared."""
        self.clear_hint()
        self.hint_tag = tag
        self._hinted = [m for m in marks if m is not None]
        for m in self._hinted:
            m.hinted = True
            m.update()
        if self.animations and self.hint_pulses and self._hinted:
            anim = QVariantAnimation(self)
            anim.setStartValue(0.0)
            anim.setEndValue(1.0)
            anim.setDuration(1100)
            anim.setLoopCount(-1)
            anim.valueChanged.connect(self._on_hint_phase)
            anim.start()
            self._hint_anim = anim
        else:
            for m in self._hinted:
                m.hint_phase = 0.25  # the strongest outline, still
                m.update()

    def _on_hint_phase(self, value: float) -> None:
        for m in self._hinted:
            if m.scene() is self:
                m.hint_phase = float(value)
                m.update()

    def clear_hint(self) -> None:
        if self._hint_anim is not None:
            self._hint_anim.stop()
            self._hint_anim.deleteLater()
            self._hint_anim = None
        for m in self._hinted:
            if m.scene() is self:
                m.hinted = False
                m.update()
        self._hinted = []

    # --- the enlarged card (the same in every game) -----------------------------------------
    def zoom_source_at(self, pos: QPointF) -> TableItem | None:
        """The card under the scene point ``pos`` that has an enlarged form (``None``: none)."""
        for it in self.items(pos):
            if (isinstance(it, TableItem) and not it.zoomed and it.sprite_ok and it.isVisible()
                    and it.opacity() > 0 and it.card_scene_rect().contains(pos)):
                return it if it.magnifies() else None
        return None

    def show_zoom(self, item: TableItem) -> TableItem | None:
        """Show ``item`` enlarged with its full text, beside it, until :meth:`hide_zoom` (or the
        next redraw).  Returns the enlarged copy (``None``: the item has none)."""
        if self._zoom_of is item and self._alive(self._zoom):
            return self._zoom
        self.hide_zoom()
        if not self._alive(item) or item.scene() is not self:
            return None
        source = item.card_scene_rect()
        zoom = item.magnified(QRectF(0, 0, source.width(), source.height()))
        if zoom is None:
            return None
        zoom.set_rect(zoom_rect(source, self.sceneRect()))
        zoom.zoomed = True
        zoom.setZValue(1000)
        zoom.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        zoom.setAcceptHoverEvents(False)
        zoom.setToolTip("")
        self.addItem(zoom)
        self._zoom, self._zoom_of = zoom, item
        return zoom

    def hide_zoom(self) -> None:
        zoom, self._zoom, self._zoom_of = self._zoom, None, None
        if self._alive(zoom) and zoom.scene() is self:
            self.removeItem(zoom)

    def zoomed_item(self) -> TableItem | None:
        """The enlarged card on show (``None``: none)."""
        return self._zoom if self._alive(self._zoom) and self._zoom.scene() is self else None

    @staticmethod
    def _alive(item: Any) -> bool:
        return item is not None and isValid(item)

    def _hover(self, pos: QPointF) -> None:
        """The mouse moved to ``pos`` with no button down: the card under it is shown enlarged
        after a short rest; off any card the enlarged one goes (unless the focus ring holds it)."""
        item = self.zoom_source_at(pos)
        if item is not None and item is self._zoom_of:
            self._zoom_timer.stop()
            return
        self._hovered = item
        if item is None:
            self._zoom_timer.stop()
            focused = self.focused_item() if self._focus_index is not None else None
            if self._zoom_of is not None and self._zoom_of is not focused:
                self.hide_zoom()
        else:
            self._zoom_timer.start()

    def _zoom_hovered(self) -> None:
        if self._alive(self._hovered) and self._hovered.scene() is self:
            self.show_zoom(self._hovered)

    # --- the keyboard focus ring (the same in every game) ------------------------------------
    def focusable_items(self) -> list[Any]:
        """What Tab cycles over now, in order; tables say.  By default the items the zones on the
        table offer (:meth:`~tabletop.client.zones.Zone.focusable`), zone by zone in stacking order."""
        return [it for z in self.items(Qt.SortOrder.AscendingOrder) if isinstance(z, Zone) for it in z.focusable()]

    @contextmanager
    def drawing(self) -> Iterator[None]:
        """Draw the view on show anew: the table's code inside makes its zones and items as on an
        empty table; an item made as it was made in the drawing before is that item, kept on the
        table, and what was not made again goes when the drawing ends
        (:mod:`~tabletop.client.keeping`): a move repaints only what it changed.  While
        animations are on, what was drawn is kept first as ``drawn_before``
        (:func:`~tabletop.client.flights.snapshot`), which the flights compare the new drawing
        with.  (A drawing inside a drawing is part of it.)"""
        if keeping.under_way() is not None:
            yield
            return
        if self.animations and self.view is not None:
            from .flights import snapshot

            self.drawn_before = snapshot(self)
        self.played_marks.before()
        with keeping.Keeping(self):
            yield
        self.played_marks.after()
        if self.lesson_names and not self._hinted:  # (a lesson's step stays lit through a half-made choice)
            self.point_at(self.lesson_names)
            self.pointed.emit()

    def keep_whole(self, key: Any, still: Any = None) -> Any:
        """A part of the table kept whole from the drawing before (see
        :meth:`~tabletop.client.keeping.Keeping.keep_whole`): the item, or ``None`` (make it,
        then :meth:`made_whole`).  Outside a drawing: always ``None``."""
        drawing = keeping.under_way()
        return drawing.keep_whole(key, still) if drawing is not None else None

    def made_whole(self, key: Any, item: Any) -> None:
        """``item`` is the part of the table for ``key``: the next drawing may keep it whole."""
        drawing = keeping.under_way()
        if drawing is not None:
            drawing.made_whole(key, item)

    def addItem(self, item: Any) -> None:
        """Put ``item`` on the table (an item kept from the drawing before is there already: it
        becomes one of the table's own again)."""
        if item.scene() is self:
            if item.topLevelItem() is not item:  # (not parentItem(): on a top-level item it lets PySide drop it)
                item.setParentItem(None)
            elif isinstance(item, keeping.TableObject):
                item.placed()
            return
        if isinstance(item, keeping.TableObject):
            item.placed()
        super().addItem(item)

    # --- names: every zone and item a player can point at, by a stable name -------------------
    def address_of(self, item: Any) -> str:
        """The stable name of ``item`` (a table item or a zone): its own, else the one its zone
        gives it; "" for an item without one (a decoration)."""
        own = getattr(item, "address", "")
        if isinstance(item, Zone):  # (a zone one of whose members is the zone to a player lends it its name)
            return "" if item.stands_for_zone() is not None else own
        if own:
            return own
        zone = zone_of(item)
        return zone.member_address(item) if zone is not None else ""

    def named_items(self) -> dict[str, Any]:
        """Every named zone and item on the table, by name, in stacking order (an item in flight
        or the enlarged copy of a card is not on the table's map)."""
        out: dict[str, Any] = {}
        for it in self.items(Qt.SortOrder.AscendingOrder):
            if (isinstance(it, TableItem) and it.zoomed) or not isinstance(it, (TableItem, Zone)):
                continue
            name = self.address_of(it)
            if name and name not in out:
                out[name] = it
        return out

    def find(self, name: str) -> Any:
        """The zone or item named ``name`` on the table now, or None."""
        return self.named_items().get(name)

    def scene_rect_of(self, item: Any) -> QRectF:
        """Where ``item`` lies on the table (scene coordinates), without the room its marks take."""
        return item.card_scene_rect() if isinstance(item, TableItem) else item.mapRectToScene(item.rect())

    def spoken(self, item: Any) -> tuple[str, str]:
        """What a screen reader says of ``item``: its name ("Glade Stag", a button's words) and
        the rest ("in your hand, level 1, cost 2": where its zone lies, then its ``about``)."""
        words = self.item_words(item)
        tip = item.toolTip().split("\n")[0] if item.toolTip() else ""
        name = getattr(item, "text", "") or (words[0] if words else "") or tip or self.address_of(item)
        zone = zone_of(item)
        parts = [w for w in (zone.where if zone is not None else "", getattr(item, "about", "")) if w]
        return str(name), ", ".join(parts)

    def refresh_marks(self) -> None:
        """Redraw the highlights and the focus ring (tables add their own marks, then call
        :meth:`mark_focus`)."""
        self.mark_focus()

    def mark_focus(self) -> None:
        """The ring on the focused item and on no other (it is dropped when nothing is left to
        focus)."""
        items = self.focusable_items()
        for it in self.items():
            if isinstance(it, TableItem) and it.focused:
                it.focused = False
                it.update()
        if self._focus_index is not None and items:
            self._focus_index %= len(items)
            items[self._focus_index].focused = True
            items[self._focus_index].update()
            self.focus_moved.emit(items[self._focus_index])
            if items[self._focus_index].magnifies():
                self.show_zoom(items[self._focus_index])  # the focused card, enlarged
            elif self._zoom_of is not None and self._zoom_of is not self._hovered:
                self.hide_zoom()
        elif not items:
            self._focus_index = None

    def move_focus(self, back: bool) -> bool:
        """Tab (``back``: Shift+Tab): the ring moves to the next (previous) item; returns
        whether there was anything to move over."""
        items = self.focusable_items()
        if not items:
            return False
        if self._focus_index is None:
            self._focus_index = len(items) - 1 if back else 0
        else:
            self._focus_index = (self._focus_index + (-1 if back else 1)) % len(items)
        self.refresh_marks()
        return True

    def focused_item(self) -> Any:
        """The item the ring is on (``None``: none)."""
        items = self.focusable_items()
        if not items or self._focus_index is None:
            return None
        return items[self._focus_index % len(items)]

    def _item_at(self, pos: Any) -> Any:
        """The item a click at scene point ``pos`` is about (``None``: nothing); tables say."""
        return None

    def focus_next(self) -> None:
        """After a choice half made by keyboard, the ring goes on to what comes next (the targets
        of a chosen card ...); tables say."""

    # --- the keyboard (the same in every game) ---------------------------------------------------
    def keys_active(self) -> bool:
        """Whether the keys act now (by default: when the seat drawn decides)."""
        return self.view is not None and bool(self.legal)

    def interrupt(self) -> bool:
        """A click or a key (not a lone modifier) while moves are being played: a table that
        plays them finishes them at once and returns True (the click or key does nothing else)."""
        return False

    def keyPressEvent(self, event: Any) -> None:
        key = event.key()
        lone_modifier = key in (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_Meta)
        if not lone_modifier and self.interrupt():
            event.accept()
            return
        if not self.keys_active():
            event.ignore()
            return
        if key in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            taken = self.move_focus(key == Qt.Key.Key_Backtab or bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space):
            taken = self.activate_focused()
        elif key == Qt.Key.Key_Escape:
            taken = self.cancel_selection()
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            taken = self.pick_number(key - Qt.Key.Key_1)
        else:
            taken = self.other_key(event)
        if taken:
            event.accept()
        else:
            event.ignore()

    def activate_focused(self) -> bool:
        """Enter or Space: the focused item is activated; when that half makes a choice, the ring
        goes on (:meth:`focus_next`).  Returns whether anything was focused."""
        target = self.focused_item()
        if target is None:
            return False
        before = self.selection()
        self.activate(target)
        if self.view is not None and self.selection() != before and self.has_selection():
            self.focus_next()
        return True

    def numbered_items(self) -> list[Any]:
        """What the digits 1-9 choose from, in order (by default the seated hand)."""
        return self.hand_items()

    def hand_items(self) -> list[Any]:
        """The items of the seated hand, in order; tables say."""
        return []

    def may_pick(self, item: Any) -> bool:
        """Whether a digit may choose ``item`` now."""
        return True

    def pick_number(self, i: int) -> bool:
        """The digit ``i + 1``: the ``i``-th numbered item is chosen.  Returns whether there was one."""
        items = self.numbered_items()
        if i >= len(items) or not self.may_pick(items[i]):
            return False
        self.pick(items[i])
        return True

    def pick(self, item: Any) -> None:
        """Choose ``item`` by its digit: as a click, then the ring goes on if a choice is half made."""
        self.activate(item)
        if self.view is not None and self.has_selection():
            self.focus_next()

    def other_key(self, event: Any) -> bool:
        """A key of the game's own; returns whether it was taken."""
        return False

    # --- the mouse (the same in every game) ------------------------------------------------------
    def mousePressEvent(self, event: Any) -> None:
        # a click is decided on release (a press that moves far enough starts a drag instead)
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        if self.interrupt():
            self._press = None
            event.accept()
            return
        self._press = (self._item_at(event.scenePos()), event.scenePos())
        event.accept()

    def mouseMoveEvent(self, event: Any) -> None:
        if not event.buttons():
            self._hover(event.scenePos())
        elif self._zoom is not None:
            self.hide_zoom()  # (a drag)
        if self._press is None or not (event.buttons() & Qt.MouseButton.LeftButton) or not self.drags:
            super().mouseMoveEvent(event)
            return
        item, start = self._press
        if self._drag is None:
            self._drag = self.start_drag(item, start, event.scenePos())
            if self._drag is None:
                return
        self.move_drag(event.scenePos())
        event.accept()

    def mouseReleaseEvent(self, event: Any) -> None:
        if event.button() != Qt.MouseButton.LeftButton or self._press is None:
            event.ignore()
            return
        item, _ = self._press
        self._press = None
        if self._drag is not None:
            self.end_drag(event.scenePos())
        else:
            self.clicked(item)
        event.accept()

    def clicked(self, item: Any) -> None:
        """A press and release without a drag on ``item`` (``None``: on nothing)."""
        if item is not None:
            self.activate(item)

    def end_drag(self, pos: Any) -> None:
        """The item being dragged let go at ``pos``: the table's :meth:`release_drag`, then the
        new layout a new height asked for during the drag -- unless another view was drawn since
        (at the new height already), by the drop or before it."""
        dragged, self._drag = self._drag, None
        self.release_drag(dragged, pos)
        due, self._relayout_due = self._relayout_due, None
        if due is not None and due is self.view:
            self._lay_out_again()

    def start_drag(self, item: Any, start: Any, pos: Any) -> Any:
        """The press on ``item`` at ``start`` has moved to ``pos``: the item to drag from now on,
        or ``None`` (not yet, or not that item); tables that drag say."""
        return None

    def move_drag(self, pos: Any) -> None:
        """The dragged item follows the pointer to ``pos``."""

    def release_drag(self, item: Any, pos: Any) -> None:
        """``item`` was dropped at ``pos``."""

    def event(self, ev: Any) -> bool:
        # Tab normally moves Qt's item focus; tables use it for their own focus ring.
        if ev.type() == QEvent.Type.KeyPress and ev.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            self.keyPressEvent(ev)
            return True
        if ev.type() in (QEvent.Type.GraphicsSceneLeave, QEvent.Type.Leave):  # the mouse left the view
            self._zoom_timer.stop()
            self._hovered = None
            if self._focus_index is None:
                self.hide_zoom()
        return super().event(ev)

    def show_view(self, view: dict[str, Any], legal: list[Action], last_action: Action | None = None) -> None:
        """Draw ``view`` (``view['seat']`` is the seat drawn; ``None`` for a spectator).

        ``legal`` lists the actions that seat may take now; it is empty when that seat is not
        the one deciding (then nothing is clickable).  ``last_action`` is the action that led
        here, so the table can animate it (a card travelling from a pile to a hand ...).
        """
        raise NotImplementedError

    def all_items_text(self) -> list[str]:
        """Every string on the table: what items drew or will draw, and the tooltips (tests read
        it for hidden information)."""
        out: list[str] = []
        for it in self.items():
            if isinstance(it, TableItem):
                out += it.texts()
                if isinstance(it, (LabelItem, ButtonItem)):
                    out.append(it.text)
                out += self.item_words(it)
            if it.toolTip():
                out.append(it.toolTip())
        return out

    def item_words(self, item: Any) -> list[str]:
        """What ``item`` shows beyond its drawn texts, painted yet or not (a card's name);
        tables say."""
        return []

    def show_nothing(self) -> None:
        """Draw no private information at all (used behind the hotseat curtain): the hint, the
        items and their references, the view, the legal moves and the half-made choice go."""
        self.clear_hint()
        self.hide_zoom()
        self.clear()
        reset = getattr(self, "_reset_refs", None)
        if reset is not None:
            reset()
        self.view = None
        self.set_legal([])
        self.selected = None
