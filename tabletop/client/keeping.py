"""Items that did not change stay on the table from one drawing to the next.

A table draws each view by plain code -- zones and items made from the view, as if on an empty
table -- inside :meth:`~tabletop.client.table_base.TableScene.drawing`.  While a drawing is under
way, making a table item (a :class:`TableObject`: every table item and zone) with the same class
and the same arguments as an item of the drawing before gives back that item -- the same object,
still on the table, its Python attributes made afresh by its ``__init__`` -- instead of a new one
(Kajongg's ``UITile`` lives across boards the same way).  When the drawing ends,
:meth:`Keeping.close`:

* takes off the table every item of the drawing before that was not made again;
* sets the Qt properties the drawing did not set on a kept item back to a new item's (its tooltip,
  height, opacity ...), so a kept item is in every way what a new one would be;
* repaints a kept item only when its look changed (:func:`look`: its sprite key, its marks, its
  size); an item whose look cannot be told (no sprite key, an overlay) is always repainted.

So a move repaints what it changed, not the whole table (``benchmarks/redraw.py``).  The arguments
pick an old item likely to look the same; the look decides whether it is painted again.  An
argument that cannot be compared (:func:`fingerprint`) makes a new item.
"""

from __future__ import annotations

import functools
import itertools
import types
import weakref
from collections import defaultdict
from enum import Enum
from typing import Any, Hashable

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QGraphicsItem, QGraphicsObject
import shiboken6
from shiboken6 import isValid

# what an item painted says of its pixels (and the look it painted), carried over to the same item
# kept unrepainted
CARRIED = ("_texts", "_px", "_overlay_px", "_cuts", "_overlay_cuts", "_painted")


class Unkeyable(Exception):
    """An argument that cannot be compared with an earlier one."""


def fingerprint(x: Any) -> Hashable:
    """A hashable value equal for equal arguments: Qt geometry and colours by value, containers
    by their contents, a function by its code and what it closes over, a bound method by its
    function and its object, any other object by its identity (its look is checked anyway)."""
    t = type(x)
    if t is str or t is int or t is float or t is bool or x is None:
        return x
    if t is QRectF:
        return ("R", x.x(), x.y(), x.width(), x.height())
    if t is tuple:
        return ("T", tuple(map(fingerprint, x)))
    if t is list:
        return ("L", tuple(map(fingerprint, x)))
    if t is dict:
        return ("D", tuple(zip(x, map(fingerprint, x.values()))))
    if t is QColor:
        return ("C", x.rgba())
    if t in (QPointF, QSizeF):
        return (t.__name__, *x.toTuple())
    if t in (set, frozenset):
        return ("S", frozenset(fingerprint(v) for v in x))
    if t is types.FunctionType:
        cells = tuple(fingerprint(c.cell_contents) for c in x.__closure__ or ())
        return ("F", x.__code__, cells, fingerprint(x.__defaults__))
    if t is types.MethodType:
        return ("M", x.__func__, id(x.__self__))
    if isinstance(x, Enum):
        return x
    if t.__eq__ is not object.__eq__ and t.__hash__ is not None:  # a value (an Action, a named tuple ...)
        try:
            hash(x)
            return x
        except TypeError:
            raise Unkeyable(t.__name__) from None
    return ("O", id(x))


_placings = itertools.count()  # the order in which items are put on a table
_makings = itertools.count()  # ... and made in a drawing
_drawing: "Keeping | None" = None  # the drawing under way (one at a time: Qt runs on one thread)


class TableObject(QGraphicsObject):
    """What every table item and zone is: made again with the same arguments during a drawing,
    it is the item of the drawing before (see the module's docstring).  The Qt properties a
    drawing may set are noted on a kept item, so that :meth:`Keeping.close` resets the others."""

    def __new__(cls, *args: Any, **kwargs: Any) -> Any:
        keeping = _drawing
        if keeping is not None:
            try:
                key = (cls, cls.keyed_by(args, kwargs))
            except Unkeyable:
                key = None
            obj = keeping.take(key) if key is not None else None
            if obj is None:
                obj = super().__new__(cls)
                obj._made_with = key
            obj._made_at = next(_makings)  # (alike items are handed out next time in the order made)
            return obj
        return super().__new__(cls)

    def __init__(self, parent: QGraphicsItem | None = None) -> None:
        if not self.__dict__.get("_remaking"):  # (a kept item is Qt's already: Keeping.take made it afresh)
            super().__init__()
            self._remaking = False
            self._props: set[str] = set()  # the Qt properties given to it (the others are a new item's)
        if parent is not None:
            self.setParentItem(parent)

    @classmethod
    def keyed_by(cls, args: tuple, kwargs: dict[str, Any]) -> Hashable:
        """What picks the item of the drawing before to make again (raises :class:`Unkeyable`):
        all the arguments it is made with -- an item made with the same ones most likely looks
        the same.  (Any old item of the class would do: its ``__init__`` runs again.)"""
        return tuple(map(fingerprint, args)), tuple(zip(kwargs, map(fingerprint, kwargs.values())))

    def update(self, *rect: Any) -> None:
        """Repaint (not while the item is being made again: :meth:`Keeping.close` repaints it if
        its look changed)."""
        if not self.__dict__.get("_remaking"):
            super().update(*rect)

    # the Qt properties a drawing sets, noted on a kept item
    def placed(self) -> None:
        """It was put on the table (in a zone, or as the table's own) now: it stacks after what was
        put there before it, as a new item would (Keeping.close restores that order)."""
        self._props.add("parent")
        self._placed = next(_placings)

    def setParentItem(self, parent: Any) -> None:
        self.placed()
        # (parentItem() on a top-level item lets PySide drop the item: up() says instead)
        self._up = weakref.ref(parent) if parent is not None else None
        super().setParentItem(parent)

    def up(self) -> Any:
        """The item it was put in (``None``: it is one of the table's own)."""
        up = self.__dict__.get("_up")
        return None if up is None or self.topLevelItem() is self else up()


# the Qt setters a drawing may call on an item whose change repaints it (its flags too: a zone's
# ItemHasNoContents; and its cursor, set often), each noted as the property it sets
# (Keeping.close resets those a drawing did not set; the other properties -- its tooltip, mouse
# buttons, hover, enabled -- are a new item's again as soon as it is taken: _quiet_reset)
_NOTED = {"setZValue": "z", "setOpacity": "opacity", "setVisible": "visible", "setPos": "pos",
          "setRotation": "rotation", "setScale": "scale", "setCursor": "cursor", "setFlag": "flags"}


def _noting(setter: str, what: str) -> Any:
    """``setter`` of a table item: Qt's, noting that the item was given ``what``."""
    qt = getattr(QGraphicsObject, setter)

    def set_(self: TableObject, *args: Any) -> None:
        self._props.add(what)
        qt(self, *args)

    set_.__name__ = setter
    set_.__doc__ = f"Qt's {setter}, noted ({what!r}: Keeping.close resets what a drawing did not set)."
    return set_


# ... of which these three are kept back while a kept item is being made again, and set once
# when the drawing ends (a height set by a card's __init__ and then another by the table would
# otherwise repaint it twice for nothing); read meanwhile, they give what was set
_HELD = {"setZValue": "zValue", "setOpacity": "opacity", "setVisible": "isVisible"}


def _holding(setter: str, what: str) -> Any:
    """``setter`` of a table item: Qt's, noted -- held back while the item is being made again."""
    qt = getattr(QGraphicsObject, setter)

    def set_(self: TableObject, value: Any) -> None:
        d = self.__dict__
        d["_props"].add(what)
        if d.get("_remaking"):
            d.setdefault("_held", {})[setter] = value
        else:
            qt(self, value)

    set_.__name__ = setter
    set_.__doc__ = f"Qt's {setter}, noted and held back while the item is made again (Keeping.close sets it)."
    return set_


def _reading(getter: str, setter: str) -> Any:
    """``getter`` of a table item: what was set, held back or not."""
    qt = getattr(QGraphicsObject, getter)

    def get(self: TableObject) -> Any:
        held = self.__dict__.get("_held")
        return held[setter] if held and setter in held else qt(self)

    get.__name__ = getter
    return get


for _setter, _what in _NOTED.items():
    setattr(TableObject, _setter, _holding(_setter, _what) if _setter in _HELD else _noting(_setter, _what))
for _setter, _getter in _HELD.items():
    setattr(TableObject, _getter, _reading(_getter, _setter))


@functools.cache
def _fresh() -> dict[str, Any]:
    """The Qt properties of a new item, read once from one."""
    from PySide6.QtWidgets import QGraphicsRectItem

    probe = QGraphicsRectItem()
    out = {"z": probe.zValue(), "opacity": probe.opacity(), "visible": probe.isVisible(), "tip": probe.toolTip(),
           "buttons": probe.acceptedMouseButtons(), "hover": probe.acceptHoverEvents(), "flags": probe.flags(),
           "enabled": probe.isEnabled(), "pos": probe.pos(), "rotation": probe.rotation(), "scale": probe.scale()}
    del probe
    return out


_SETTERS = {what: setter for setter, what in _NOTED.items()}


def _reset(item: TableObject, props: set[str]) -> None:
    """Give ``item`` (kept) a new item's value of the Qt properties ``props`` (given to it in the
    drawing before, not in this one)."""
    f = _fresh()
    for what in props:
        if what == "cursor":  # (the arrow a new item shows: unsetCursor() can crash Qt 6 when the
            # view has had no mouse event yet, in QGraphicsViewPrivate::_q_unsetViewportCursor)
            QGraphicsObject.setCursor(item, Qt.CursorShape.ArrowCursor)
        elif what == "flags":
            QGraphicsObject.setFlags(item, f["flags"])
        elif what in _SETTERS:
            getattr(QGraphicsObject, _SETTERS[what])(item, f[what])


def _quiet_reset(item: TableObject) -> None:
    """Give ``item`` (kept, about to be made again) a new item's Qt properties that repaint
    nothing and that are not noted: its tooltip, mouse buttons, hover and enabled."""
    f = _fresh()
    if item.toolTip():
        QGraphicsObject.setToolTip(item, "")
    if item.acceptedMouseButtons() != f["buttons"]:
        QGraphicsObject.setAcceptedMouseButtons(item, f["buttons"])
    if item.acceptHoverEvents():
        QGraphicsObject.setAcceptHoverEvents(item, False)
    if not item.isEnabled():
        QGraphicsObject.setEnabled(item, True)


def look(item: Any) -> Hashable | None:
    """What ``item``'s pixels depend on: its ``look()`` (a table item's; what it painted is kept
    as ``_painted``), nothing for a zone (no pixels of its own); ``None``: it cannot tell, and
    is painted each time."""
    of = getattr(item, "look", None)
    return () if of is None else of()


def _part(item: Any) -> list[Any]:
    """``item`` and all its members, members' members ..."""
    part = [item]
    for it in part:
        part.extend(it.childItems())
    return part


def _repaint_if_changed(item: Any, painted: Any) -> bool:
    """Repaint ``item`` when its look is not the one it was ``painted`` with (or it cannot tell);
    returns whether it was."""
    now = look(item)
    if now == ():  # (a zone: no pixels)
        return False
    if now is None or now != painted:
        item.update()
        return True
    return False


_MARKS = ("_highlighted", "_selected", "_focused", "_hinted")  # (TableItem's marks, kept in its dict)


def under_way() -> "Keeping | None":
    """The drawing under way, if any."""
    return _drawing


class Keeping:
    """One drawing of a table (a context: ``with Keeping(scene): ...``): the items of the drawing
    before, by the arguments they were made with, until they are made again or the drawing ends
    (:meth:`close`)."""

    def __enter__(self) -> "Keeping":
        global _drawing
        _drawing = self
        return self

    def __exit__(self, *exc: Any) -> None:
        global _drawing
        _drawing = None
        self.close()

    def __init__(self, scene: Any) -> None:
        self.scene = scene
        self.before = scene.items(Qt.SortOrder.AscendingOrder)  # every item of the drawing before
        self.free: dict[Hashable, list[Any]] = defaultdict(list)
        for it in self.before:
            key = it.__dict__.get("_made_with") if isinstance(it, TableObject) else None
            if key is not None and not getattr(it, "zoomed", False):
                self.free[key].append(it)
        for alike in self.free.values():  # (the k-th made alike now is the k-th made alike before:
            # a stone at the same spot of another place stays in its own)
            if len(alike) > 1:
                alike.sort(key=lambda it: it.__dict__.get("_made_at", -1))
        # (a kept item, what it painted in the drawing before, the Qt properties given to it then)
        self.kept: list[tuple[Any, dict[str, Any], set[str]]] = []
        self.started = next(_placings)  # (an item put on the table after this was put there in this drawing)
        self.wholes: dict[Hashable, Any] = {}  # this drawing's parts kept or made whole (keep_whole)
        self.whole: dict[int, Any] = {}  # the items of the parts kept whole, by id
        self.inner: dict[Hashable, Any] = {}  # parts kept whole inside a part kept whole

    def keep_whole(self, key: Hashable, still: Any = None) -> Any:
        """The part of the table (an item and all its members) made in the drawing before for
        ``key`` -- a value standing for everything the part shows -- kept whole, nothing in it
        made again (the table puts it back, and sets again what it sets on it after making it);
        ``None``: there is none, make it (and give it to :meth:`made_whole`).  ``still(item)``
        says whether the part still shows what it did (moves played on the table between two
        drawings may have changed it)."""
        old = getattr(self.scene, "_wholes", {}).get(key)
        if old is None or not isValid(old) or old.scene() is not self.scene or id(old) in self.whole:
            return None
        if still is not None and not still(old):
            return None
        part = _part(old)
        if any(it.__dict__.get("_remaking") for it in part):  # (a member made again elsewhere already)
            return None
        for it in part:
            self.whole[id(it)] = it
            it.__dict__["_remaking"] = True  # (its height ... held, no repaint asked, until close)
            for mark in _MARKS:  # (its marks start over, as a new item's: the table sets them after drawing)
                it.__dict__.pop(mark, None)
            made = it.__dict__.get("_made_with")
            alike = self.free.get(made)
            if alike and any(x is it for x in alike):
                alike.remove(it)
        self.wholes[key] = old
        ids = {id(it) for it in part}
        for inner, root in getattr(self.scene, "_wholes", {}).items():  # (the parts kept whole inside it: kept
            # whole with it, and kept for the next drawing)
            if root is not old and id(root) in ids:
                self.inner[inner] = root
        return old

    def made_whole(self, key: Hashable, item: Any) -> None:
        """``item`` (made now) is the part of the table for ``key``: the next drawing may keep it
        whole (:meth:`keep_whole`)."""
        self.wholes[key] = item

    def take(self, key: Hashable) -> Any:
        """The item of the drawing before made with ``key``, taken out of the free ones (``None``:
        none)."""
        free = self.free.get(key)
        if not free:
            return None
        item = free.pop(0)
        d = item.__dict__
        self.kept.append((item, {k: d[k] for k in CARRIED if k in d}, d.get("_props", set())))
        # its Python attributes go (its __init__ makes them afresh; PySide makes its signals again
        # when asked), but for the arguments it was made with and the item it is in
        _quiet_reset(item)  # (first: Qt may ask the item its size meanwhile)
        made, up = d.get("_made_with"), d.get("_up")
        d.clear()
        d["_made_with"], d["_up"], d["_remaking"], d["_props"] = made, up, True, set()
        return item

    def close(self) -> None:
        """The drawing is done: the items not made again go, the kept ones are made like new ones
        and repainted when their look changed."""
        remade = [k for k, _, _ in self.kept] + [it for it in self.whole.values() if isValid(it)]
        for item in remade:
            item._remaking = False
        placed = [(item, before, props_before) for item, before, props_before in self.kept
                  if "parent" in item._props and item.scene() is self.scene]  # (the others were not put back)
        on = {id(item) for item, _, _ in placed}
        for key, root in list(self.wholes.items()):  # (a part kept whole but not put back goes)
            if id(root) in self.whole and root.__dict__.get("_placed", -1) < self.started:
                del self.wholes[key]
            elif id(root) in self.whole:
                part = _part(root)
                on.update(id(it) for it in part)
                for it in part:  # (what the table set on it again may change its look)
                    _repaint_if_changed(it, it.__dict__.get("_painted"))
        self.scene._wholes = self.wholes
        for it in self.before:  # (deleted at once, as QGraphicsScene.clear() does; a zone before its
            # members, which go with it)
            if id(it) not in on and isValid(it) and it.scene() is self.scene:
                shiboken6.delete(it)
        for item in remade:  # (what a kept item's height, opacity and visibility are now)
            held = item.__dict__.pop("_held", None)
            for setter, value in (held or {}).items():
                if getattr(QGraphicsObject, _HELD[setter])(item) != value:
                    getattr(QGraphicsObject, setter)(item, value)
        self._restack([item for item, _, _ in placed] + [root for root in self.wholes.values() if id(root) in on])
        for key, root in self.inner.items():
            if id(root) in on and key not in self.wholes:
                self.wholes[key] = root
        for item, before, props_before in placed:
            gone = props_before - item._props
            if gone:
                _reset(item, gone)
            if not _repaint_if_changed(item, before.get("_painted")):
                item.__dict__.update(before)
        self.kept = []
        self.free.clear()

    def _restack(self, placed: list[Any]) -> None:
        """Items of the same height under one parent stack in the order they were put there in
        this drawing, as new items would: a kept item put after a new one goes above it."""
        parents = {id(p): p for p in (item.up() for item in placed)}
        for parent in parents.values():
            kids = parent.childItems() if parent is not None else [
                it for it in self.scene.items(Qt.SortOrder.AscendingOrder) if it.topLevelItem() is it]
            order = sorted(kids, key=lambda k: (QGraphicsObject.zValue(k), k.__dict__.get("_placed", -1)))
            crossed = _overlapping_out_of_order(order, kids) if order != kids else []
            if crossed:
                for a, b in reversed(list(zip(order, order[1:]))):
                    if a.zValue() == b.zValue():
                        a.stackBefore(b)
                for it in crossed:  # (Qt restacks without a repaint)
                    it.update()


def _overlapping_out_of_order(order: list[Any], kids: list[Any]) -> list[Any]:
    """The siblings of one height that overlap and stack otherwise than ``order`` says (out of
    order but apart, they look the same: they are left, and nothing is repainted)."""
    at = {id(k): i for i, k in enumerate(kids)}
    pos = [at[id(k)] for k in order]
    n = len(order)
    # only an item with one before it standing above it, or one after it standing below, is out
    # of order: the others are passed over
    highest, lowest = [0] * n, [0] * n
    h = -1
    for i in range(n):
        highest[i] = h
        h = max(h, pos[i])
    low = n
    for i in range(n - 1, -1, -1):
        lowest[i] = low
        low = min(low, pos[i])
    out = [i for i in range(n) if highest[i] > pos[i] or lowest[i] < pos[i]]
    rects: dict[int, Any] = {}

    def rect(i: int) -> Any:
        r = rects.get(i)
        if r is None:  # (with what a painter's antialiasing or a sprite's rounding adds round it)
            r = rects[i] = order[i].sceneBoundingRect().adjusted(-2, -2, 2, 2)
        return r

    z = [QGraphicsObject.zValue(k) for k in order]
    crossed: dict[int, Any] = {}
    for x, i in enumerate(out):
        for j in out[x + 1:]:
            if pos[i] > pos[j] and z[i] == z[j] and rect(i).intersects(rect(j)):
                crossed[i], crossed[j] = order[i], order[j]
    return list(crossed.values())
