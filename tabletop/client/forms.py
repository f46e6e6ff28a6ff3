"""The screens' and dialogs' forms: Qt Designer files in ``ui/``, built when a screen is made.

A form holds the widgets and their layout; the Python class that builds it keeps only behaviour
(signals, filling lists, reacting).  The forms are read here, by a small builder, rather than by
Qt's ``QUiLoader`` or as Python compiled by ``pyside6-uic``: the first ``QUiLoader.load`` of a
process makes PySide6 set up every widget class it has (~14 ms before the first frame, whatever
the form), and the compiled code takes Qt's whole enum namespace; this builder takes only the
classes a form names and passes the form's enum values to Qt as the text Designer wrote
("Qt::AlignLeft|Qt::AlignTop"), which Qt's property system reads itself.  docs/architecture.md,
"Forms", has the figures.

It builds what the app's forms use: widgets (Qt's, or the app's own named in
``<customwidgets>`` with the module file as ``<header>``), their properties, the four layouts
with margins, spacing, stretch and grid or form positions, spacers, and a scroll area's page.
Anything else in a form is an error naming the file, so an edit in Designer that needs more
fails in the tests (tests/test_forms.py builds every form and compares it with ``QUiLoader``'s).
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

from PySide6 import QtWidgets
from PySide6.QtCore import QObject, QRect, QSize
from PySide6.QtWidgets import QLayout, QSizePolicy, QSpacerItem, QVBoxLayout, QWidget

from tabletop.engine.paths import ui_dir

LAYOUTS = ("QVBoxLayout", "QHBoxLayout", "QGridLayout", "QFormLayout")
MARGINS = ("leftMargin", "topMargin", "rightMargin", "bottomMargin")
STRETCH_SETTERS = {"stretch": "setStretch", "rowstretch": "setRowStretch", "columnstretch": "setColumnStretch",
                   "rowminimumheight": "setRowMinimumHeight", "columnminimumwidth": "setColumnMinimumWidth"}


class FormError(RuntimeError):
    """A form that cannot be read (a broken install, or an edit the builder does not know):
    named with its file and the reason."""


class Node:
    """An element of a form's XML: its tag, attributes, child elements and text."""

    __slots__ = ("tag", "attrs", "children", "text")

    def __init__(self, tag: str, attrs: dict[str, str]) -> None:
        self.tag = tag
        self.attrs = attrs
        self.children: list[Node] = []
        self.text = ""

    def child(self, tag: str) -> Node | None:
        return next((c for c in self.children if c.tag == tag), None)


def parse(data: bytes) -> Node:
    """The tree of a form's XML (``ValueError`` when it is not well-formed)."""
    import pyexpat

    root = Node("", {})
    stack = [root]

    def start(tag: str, attrs: dict[str, str]) -> None:
        node = Node(tag, attrs)
        stack[-1].children.append(node)
        stack.append(node)

    def end(tag: str) -> None:
        stack.pop()

    def text(data: str) -> None:
        stack[-1].text += data

    parser = pyexpat.ParserCreate("utf-8")
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = text
    try:
        parser.Parse(data, True)
    except pyexpat.ExpatError as e:
        raise ValueError(str(e)) from None
    if len(root.children) != 1:
        raise ValueError("no root element")
    return root.children[0]


@lru_cache(maxsize=16)
def read_form(path: str, stamp: int) -> Node:
    """The parsed form at ``path`` (read once a version: the gallery builds its tile form once a
    game; ``stamp`` is the file's modification time).  The tree is only read, never changed."""
    with open(path, "rb") as f:
        return parse(f.read())


def load_form(name: str, host: QWidget) -> Any:
    """Build ``ui/<name>.ui`` inside ``host`` (filling it, no margins) and return the form's top
    widget; each named widget and layout of the form is an attribute of it
    (``form.startButton``)."""
    path = ui_dir() / f"{name}.ui"
    try:
        ui = read_form(str(path), path.stat().st_mtime_ns)
        top = ui.child("widget") if ui.tag == "ui" else None
        if top is None:
            raise ValueError("it has no <ui> with a <widget>")
        form = Builder(ui).widget(top, host)
    except FileNotFoundError:
        raise FormError(f"The app's form {path.name} is missing from {path.parent} (reinstall the app).") from None
    except (OSError, ValueError) as e:
        raise FormError(f"The app's form {path.name} cannot be read: {e}") from None
    layout = host.layout() or QVBoxLayout(host)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(form)
    return form


class Builder:
    """Builds one form; every problem is a ``ValueError`` saying where."""

    def __init__(self, ui: Node) -> None:
        self.custom: dict[str, str] = {}  # class -> module, from <customwidgets>
        block = ui.child("customwidgets")
        for c in block.children if block is not None else []:
            cls, header = c.child("class"), c.child("header")
            if cls is None or header is None:
                raise ValueError("a <customwidget> needs its <class> and <header>")
            self.custom[cls.text.strip()] = header.text.strip()
        self.top: QWidget | None = None

    # --- widgets ----------------------------------------------------------------------
    def widget_class(self, name: str) -> type:
        header = self.custom.get(name)
        if header is not None:  # tabletop/client/gallery.py -> tabletop.client.gallery
            module = header.removesuffix(".py").replace("/", ".")
            cls = getattr(importlib.import_module(module), name, None)
        else:
            cls = getattr(QtWidgets, name, None)
        if not (isinstance(cls, type) and issubclass(cls, QWidget)):
            raise ValueError(f"it names a widget class {name!r} that is not known")
        return cls

    def widget(self, node: Node, parent: QWidget | None) -> QWidget:
        w = self.widget_class(node.attrs.get("class", ""))(parent)
        self.name(w, node)
        if self.top is None:
            self.top = w
        for child in node.children:
            if child.tag == "property":
                self.set_property(w, child)
            elif child.tag == "layout":
                self.layout(child, w, w)
            elif child.tag == "widget" and isinstance(w, QtWidgets.QScrollArea):
                w.setWidget(self.widget(child, None))
            elif child.tag == "widget":
                self.widget(child, w)
            else:
                raise ValueError(f"<{child.tag}> in a {type(w).__name__} is not supported")
        return w

    def name(self, obj: QObject, node: Node) -> None:
        name = node.attrs.get("name", "")
        obj.setObjectName(name)
        if name and self.top is not None:
            setattr(self.top, name, obj)

    def set_property(self, obj: QObject, node: Node) -> None:
        name = node.attrs.get("name", "")
        if obj.metaObject().indexOfProperty(name) < 0:
            raise ValueError(f"a {type(obj).__name__} has no property {name!r}")
        if not obj.setProperty(name, value(node)):
            raise ValueError(f"{value(node)!r} is not a value of the property {name!r}")

    # --- layouts ----------------------------------------------------------------------
    def layout(self, node: Node, owner: QWidget, on: QWidget | None) -> QLayout:
        """The layout ``node`` of the widget ``on`` (None: nested in another layout); its widgets
        are children of ``owner``."""
        kind = node.attrs.get("class", "")
        if kind not in LAYOUTS:
            raise ValueError(f"the layout {kind!r} is not supported")
        cls = getattr(QtWidgets, kind)
        lay = cls(on) if on is not None else cls()
        self.name(lay, node)
        given: dict[str, int] = {}
        items = []
        for child in node.children:
            if child.tag == "item":
                items.append(child)
            elif child.tag != "property":
                raise ValueError(f"<{child.tag}> in a {kind} is not supported")
            elif child.attrs.get("name") in MARGINS:
                given[child.attrs["name"]] = value(child)
            elif child.attrs.get("name") in ("spacing", "horizontalSpacing", "verticalSpacing"):
                prop = child.attrs["name"]
                getattr(lay, "set" + prop[0].upper() + prop[1:])(value(child))
            else:
                self.set_property(lay, child)
        # margins not given: a widget's layout keeps the style's, except the form's own and a
        # nested layout, which have none (as Qt's loader does)
        m = lay.contentsMargins()
        default = (0, 0, 0, 0) if on is None or on is self.top else (m.left(), m.top(), m.right(), m.bottom())
        lay.setContentsMargins(*(given.get(k, d) for k, d in zip(MARGINS, default)))
        for item in items:
            self.add(lay, kind, item, owner)
        for attr, val in node.attrs.items():
            if attr in ("class", "name"):
                continue
            setter = STRETCH_SETTERS.get(attr)
            if setter is None or not hasattr(lay, setter):
                raise ValueError(f"the attribute {attr!r} of a {kind} is not supported")
            for i, v in enumerate(val.split(",")):
                getattr(lay, setter)(i, int(v))
        return lay

    def add(self, lay: QLayout, kind: str, item: Node, owner: QWidget) -> None:
        if len(item.children) != 1:
            raise ValueError(f"an <item> of {lay.objectName()!r} holds {len(item.children)} things, not one")
        extra = set(item.attrs) - {"row", "column", "rowspan", "colspan"}
        if extra:
            raise ValueError(f"the attribute {sorted(extra)[0]!r} of an <item> is not supported")
        content = item.children[0]
        if content.tag == "widget":
            thing: Any = self.widget(content, owner)
        elif content.tag == "layout":
            thing = self.layout(content, owner, None)
        elif content.tag == "spacer":
            thing = spacer(content)
        else:
            raise ValueError(f"<{content.tag}> in an <item> is not supported")
        row, column = int(item.attrs.get("row", -1)), int(item.attrs.get("column", -1))
        rows, columns = int(item.attrs.get("rowspan", 1)), int(item.attrs.get("colspan", 1))
        if kind == "QGridLayout":
            if isinstance(thing, QWidget):
                lay.addWidget(thing, row, column, rows, columns)
            elif isinstance(thing, QLayout):
                lay.addLayout(thing, row, column, rows, columns)
            else:
                lay.addItem(thing, row, column, rows, columns)
        elif kind == "QFormLayout":
            Role = QtWidgets.QFormLayout.ItemRole
            role = Role.SpanningRole if columns > 1 else (Role.LabelRole if column == 0 else Role.FieldRole)
            if isinstance(thing, QWidget):
                lay.setWidget(row, role, thing)
            elif isinstance(thing, QLayout):
                lay.setLayout(row, role, thing)
            else:
                lay.setItem(row, role, thing)
        elif isinstance(thing, QWidget):
            lay.addWidget(thing)
        elif isinstance(thing, QLayout):
            lay.addLayout(thing)
        else:
            lay.addItem(thing)


def spacer(node: Node) -> QSpacerItem:
    """A ``<spacer>``: its orientation, size type (Expanding unless given) and size hint."""
    props = {p.attrs.get("name"): p for p in node.children if p.tag == "property"}
    vertical = "Vertical" in value(props["orientation"]) if "orientation" in props else False
    size_type = QSizePolicy.Policy.Expanding
    if "sizeType" in props:
        size_type = QSizePolicy.Policy[value(props["sizeType"]).split("::")[-1]]
    hint = value(props["sizeHint"]) if "sizeHint" in props else QSize(0, 0)
    other = QSizePolicy.Policy.Minimum
    if vertical:
        return QSpacerItem(hint.width(), hint.height(), other, size_type)
    return QSpacerItem(hint.width(), hint.height(), size_type, other)


def value(prop: Node) -> Any:
    """The value of a ``<property>``: enum and flag values as Designer's text, which Qt reads."""
    if len(prop.children) != 1:
        raise ValueError(f"the property {prop.attrs.get('name')!r} has no value")
    v = prop.children[0]
    fields = {c.tag: c.text.strip() for c in v.children}
    try:
        if v.tag in ("string", "enum", "set", "cstring"):
            return v.text if v.tag == "string" else v.text.strip()
        if v.tag == "number":
            return int(v.text)
        if v.tag == "double":
            return float(v.text)
        if v.tag == "bool":
            return v.text.strip() == "true"
        if v.tag == "size":
            return QSize(int(fields["width"]), int(fields["height"]))
        if v.tag == "rect":
            return QRect(int(fields["x"]), int(fields["y"]), int(fields["width"]), int(fields["height"]))
        if v.tag == "sizepolicy":
            Policy = QSizePolicy.Policy
            policy = QSizePolicy(Policy[v.attrs["hsizetype"]], Policy[v.attrs["vsizetype"]])
            policy.setHorizontalStretch(int(fields.get("horstretch", 0)))
            policy.setVerticalStretch(int(fields.get("verstretch", 0)))
            return policy
    except (KeyError, ValueError):
        raise ValueError(f"the property {prop.attrs.get('name')!r} has a broken <{v.tag}>") from None
    raise ValueError(f"a <{v.tag}> value (property {prop.attrs.get('name')!r}) is not supported")


def theme_sheet() -> str:
    """The theme's style sheet (``ui/theme.qss``) as written, its colours ``@role`` tokens (filled
    in by :func:`.theme.fill_sheet`); empty when it cannot be read, so the app still starts, with
    its palette."""
    try:
        return (ui_dir() / "theme.qss").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
