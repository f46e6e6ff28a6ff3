"""The contract between the client and a game's table (a QGraphicsScene).

A table draws exactly one view -- the projection of the state that the seated player may
see -- and never touches the game: when the player chooses a move it emits
:attr:`TableScene.action_chosen` with an engine :class:`~tabletop.engine.actions.Action`, and
the client submits it.  When an attempt is illegal the table emits :attr:`TableScene.status`
with the reason (or the client reports the engine's reason).

Coordinates: the scene is a fixed logical rectangle (:data:`SCENE_RECT`); the client's view
scales it to the window keeping the aspect ratio, so items are laid out once, in these units.

Keyboard (the same for every game): Tab / Shift+Tab move the focus ring over the items that
can be chosen now (cards in hand, then legal targets); Enter or Space activates the focused
item; Escape cancels a selection; the digits 1-9 pick the n-th card of the seated hand.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractAnimation, QEvent, QRectF, Qt, QTimer, QVariantAnimation, Signal
from PySide6.QtWidgets import QGraphicsScene, QStyleOptionGraphicsItem  # noqa: F401  (the paint() option, made ready here)

from tabletop.engine.actions import Action
from tabletop.engine.game import GameDef

from .table_items import ButtonItem, LabelItem, SpriteCache, TableItem

SCENE_RECT = QRectF(0, 0, 1600, 900)


class TableScene(QGraphicsScene):
    """Base class of every game's table.  Subclasses implement the ``show_*`` methods."""

    action_chosen = Signal(object)  # an Action the seated human chose
    status = Signal(str)  # a sentence for the status bar
    settled = Signal()  # the moves being played on the table have finished (see busy())

    def __init__(self, game: GameDef, names: list[str], parent: Any = None) -> None:
        super().__init__(parent)
        self.game = game
        self.names = list(names)
        self.animations = True
        self.sprites = SpriteCache()  # this table's painted items (see TableItem.paint)
        self.setSceneRect(SCENE_RECT)

    def dispose(self) -> None:
        """The table is going away (a new game, back to the start screen): stop whatever still
        runs on it and let go of its items and sprites at once.  The owner (the table screen)
        then takes it off the view and deletes it."""
        for anim in self.findChildren(QAbstractAnimation):
            anim.stop()
        for timer in self.findChildren(QTimer):
            timer.stop()
        self._hinted = []
        self._hint_anim = None
        self.clear()
        self.sprites.clear()

    def set_animations(self, on: bool) -> None:
        self.animations = on

    def busy(self) -> bool:
        """Whether moves are still being played out on the table (a table that animates them
        one by one says so, and emits :attr:`settled` when it is done); the client waits for it
        before it covers the table with the end screen."""
        return False

    # --- the hint (the same in every game) --------------------------------------------------
    _hinted: list[Any] = []
    _hint_anim: QVariantAnimation | None = None

    def mark_hint(self, marks: list[Any]) -> None:
        """Outline ``marks`` (table items) as the hint: a slow pulse, or a still outline when
        animations are off.  The previous hint is cleared."""
        self.clear_hint()
        self._hinted = [m for m in marks if m is not None]
        for m in self._hinted:
            m.hinted = True
            m.update()
        if self.animations and self._hinted:
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

    # --- the keyboard focus ring (the same in every game) ------------------------------------
    _focus_index: int | None = None

    def focusable_items(self) -> list[Any]:
        """What Tab cycles over now, in order; tables say."""
        return []

    def _refresh_marks(self) -> None:
        """Redraw the focus and other marks; tables say."""

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
        self._refresh_marks()
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

    def mousePressEvent(self, event: Any) -> None:
        # a click is decided on release (a press that moves far enough starts a drag instead)
        if event.button() != Qt.MouseButton.LeftButton:
            event.ignore()
            return
        self._press = (self._item_at(event.scenePos()), event.scenePos())
        event.accept()

    def event(self, ev: Any) -> bool:
        # Tab normally moves Qt's item focus; tables use it for their own focus ring.
        if ev.type() == QEvent.Type.KeyPress and ev.key() in (Qt.Key.Key_Tab, Qt.Key.Key_Backtab):
            self.keyPressEvent(ev)
            return True
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
        """Draw no private information at all (used behind the hotseat curtain)."""
        self.clear()

    def show_hint(self, action: Action) -> None:
        """Point at ``action`` (the Hard bot's suggestion) until the next redraw."""
        raise NotImplementedError
