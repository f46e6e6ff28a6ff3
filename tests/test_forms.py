"""The app's form builder (tabletop.client.forms) against Qt's own QUiLoader: every form of ui/
comes out the same -- the same objects with the same names, classes and parents, every property
the form sets read back equal, the same layouts (margins, spacing, stretch, positions) and
spacers -- and a form the builder cannot follow is refused with its file named."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtWidgets import QFormLayout, QGridLayout, QLayout, QWidget

from tabletop.client import forms
from tabletop.client.forms import FormError, load_form, parse
from tabletop.engine.paths import ui_dir

FORMS = sorted(p.stem for p in ui_dir().glob("*.ui"))


def qt_loaded(name: str, host: QWidget) -> QWidget:
    from PySide6.QtUiTools import QUiLoader

    from tabletop.client.gallery import CoverArt
    from tabletop.client.widgets import ScoreTable

    paths = QCoreApplication.libraryPaths()
    QCoreApplication.setLibraryPaths([])  # (no Designer plug-ins)
    try:
        loader = QUiLoader()
    finally:
        QCoreApplication.setLibraryPaths(paths)
    loader.registerCustomWidget(CoverArt)
    loader.registerCustomWidget(ScoreTable)
    return loader.load(str(ui_dir() / f"{name}.ui"), host)


def set_properties(node, out: dict[str, set[str]]) -> None:
    """Object name -> the properties the form sets on it."""
    name = node.attrs.get("name")
    if node.tag in ("widget", "layout") and name:
        out[name] = {p.attrs["name"] for p in node.children if p.tag == "property"}
    for c in node.children:
        set_properties(c, out)


def layout_shape(lay: QLayout) -> list:
    m = lay.contentsMargins()
    shape: list = [type(lay).__name__, (m.left(), m.top(), m.right(), m.bottom()), lay.spacing()]
    if isinstance(lay, (QGridLayout, QFormLayout)):
        shape += [lay.horizontalSpacing(), lay.verticalSpacing()]
    if isinstance(lay, QGridLayout) and lay.count():  # (an empty grid: see below)
        shape += [[lay.rowStretch(r) for r in range(lay.rowCount())],
                  [lay.columnStretch(c) for c in range(lay.columnCount())]]
    elif not isinstance(lay, QFormLayout):
        shape.append([lay.stretch(i) for i in range(lay.count())])
    for i in range(lay.count()):
        item = lay.itemAt(i)
        where = lay.getItemPosition(i) if isinstance(lay, (QGridLayout, QFormLayout)) else i
        if isinstance(lay, QFormLayout):
            where = (where[0], where[1].name)
        if item.widget() is not None:
            shape.append((where, "widget", item.widget().objectName()))
        elif item.layout() is not None:
            shape.append((where, "layout", layout_shape(item.layout())))
        else:
            s = item.spacerItem()
            p = s.sizePolicy()
            shape.append((where, "spacer", s.sizeHint().toTuple(), p.horizontalPolicy().name,
                          p.verticalPolicy().name))
    return shape


@pytest.mark.parametrize("name", FORMS)
def test_every_form_is_built_as_qt_builds_it(name, qtbot):
    ours_host, qts_host = QWidget(), QWidget()
    qtbot.addWidget(ours_host)
    qtbot.addWidget(qts_host)
    ours, qts = load_form(name, ours_host), qt_loaded(name, qts_host)
    expected = {o.objectName(): o for o in qts.findChildren(QObject) if o.objectName()}
    expected[qts.objectName()] = qts
    found = {o.objectName(): o for o in ours.findChildren(QObject) if o.objectName()}
    found[ours.objectName()] = ours
    assert sorted(found) == sorted(expected)
    props: dict[str, set[str]] = {}
    set_properties(parse((ui_dir() / f"{name}.ui").read_bytes()), props)
    checked = 0
    for key, theirs in expected.items():
        mine = found[key]
        assert mine.metaObject().className() == theirs.metaObject().className(), key
        if mine is not ours:
            assert mine.parent().objectName() == theirs.parent().objectName(), key
        if mine is not ours and key in props:  # (not Qt's own parts of a widget)
            assert getattr(ours, key) is mine  # (each named object is an attribute of the form)
        for prop in props.get(key, ()):
            if prop in ("leftMargin", "topMargin", "rightMargin", "bottomMargin", "horizontalSpacing",
                        "verticalSpacing"):
                continue  # (layouts: compared below)
            if prop == "geometry" and mine is ours:
                continue  # (the top widget is placed by its host's layout)
            assert mine.property(prop) == theirs.property(prop), (key, prop)
            checked += 1
        if isinstance(theirs, QWidget) and theirs.layout() is not None:
            assert layout_shape(mine.layout()) == layout_shape(theirs.layout()), key
            checked += 1
    assert checked >= len(props) // 2


def test_an_empty_grid_keeps_the_stretch_its_form_gives(qtbot):
    # (QUiLoader drops the stretch of columns that have nothing in them yet; the set-up's seat
    # rows are added in code, and their name column is the one that stretches)
    host = QWidget()
    qtbot.addWidget(host)
    grid = load_form("start_screen", host).seatGrid
    assert [grid.columnStretch(c) for c in range(3)] == [0, 1, 0]


def test_a_property_value_as_designer_writes_it_reaches_qt(qtbot):
    host = QWidget()
    qtbot.addWidget(host)
    tile = load_form("game_tile", host)
    from PySide6.QtCore import Qt

    assert tile.pitch.alignment() == Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
    assert tile.pitch.wordWrap() and tile.botsButton.text() == "Against bots"
    assert type(tile.cover).__name__ == "CoverArt"  # (the app's own class, from the form's <header>)


BROKEN = {
    "an unknown widget class": ('<widget class="QFancyThing" name="x"/>', "QFancyThing"),
    "a property the class lacks": ('<widget class="QLabel" name="x"><property name="colour"><string>red</string>'
                                   '</property></widget>', "no property 'colour'"),
    "a value Qt refuses": ('<widget class="QLabel" name="x"><property name="alignment"><set>Qt::Sideways</set>'
                           '</property></widget>', "Qt::Sideways"),
    "an unknown value kind": ('<widget class="QLabel" name="x"><property name="text"><colour>1</colour>'
                              '</property></widget>', "<colour>"),
    "an unknown layout": ('<widget class="QWidget" name="x"><layout class="QStackedLayout" name="l"/></widget>',
                          "QStackedLayout"),
    "an item attribute": ('<widget class="QWidget" name="x"><layout class="QGridLayout" name="l"><item row="0" '
                          'column="0" alignment="Qt::AlignTop"><widget class="QLabel" name="y"/></item></layout>'
                          '</widget>', "alignment"),
    "a broken size": ('<widget class="QLabel" name="x"><property name="minimumSize"><size><width>3</width></size>'
                      '</property></widget>', "broken <size>"),
    "an element the builder does not know": ('<widget class="QWidget" name="x"><action name="a"/></widget>', "<action>"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_form_the_builder_cannot_follow_is_named(case, qtbot, monkeypatch, tmp_path):
    monkeypatch.setattr(forms, "ui_dir", lambda: tmp_path)
    body, words = BROKEN[case]
    (tmp_path / "odd.ui").write_text(f'<?xml version="1.0"?><ui version="4.0"><class>x</class>{body}</ui>')
    host = QWidget()
    qtbot.addWidget(host)
    with pytest.raises(FormError, match="odd.ui cannot be read") as e:
        load_form("odd", host)
    assert words in str(e.value)


def test_a_form_with_no_widget_is_named(qtbot, monkeypatch, tmp_path):
    monkeypatch.setattr(forms, "ui_dir", lambda: tmp_path)
    (tmp_path / "odd.ui").write_text('<?xml version="1.0"?><ui version="4.0"><class>x</class></ui>')
    host = QWidget()
    qtbot.addWidget(host)
    with pytest.raises(FormError, match="odd.ui cannot be read: it has no <ui> with a <widget>"):
        load_form("odd", host)
