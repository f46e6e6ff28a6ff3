"""A table in the client's own view, for the tests of a table's names and words
(docs/architecture.md, "Named zones and items"): a state shown as a seat sees it at 1366x768, in
a :class:`~tabletop.client.table_screen.TableView` that takes the focused item's words for a
screen reader, as the game's window does."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tabletop.client.table_screen import TableView


class SpokenView:
    """``table`` (a new table scene, animations off) in a TableView, showing ``state`` to ``seat``."""

    def __init__(self, qtbot, table, state, seat=0):
        self.qtbot, self.table, self.state, self.seat = qtbot, table, state, seat
        table.set_animations(False)
        self.view = view = TableView()
        view.setScene(table)
        table.setParent(view)  # (the view owns the scene: see table_harness.py)
        table.focus_moved.connect(view.speak)
        qtbot.addWidget(view)
        view.resize(1366, 768)
        view.show()
        self.show()

    def show(self, last=None):
        """The state drawn again (``last``: the action that led to it), with the seat's legal moves."""
        legal = self.state.legal_actions() if self.state.decider() == self.seat else []
        self.table.show_view(self.state.view(self.seat), legal, last)
        self.view.fit()

    def play(self, action):
        self.state.apply(action)
        self.show(action)

    def key(self, key=Qt.Key.Key_Tab):
        """A key pressed in the view (Tab by default); returns the item the focus ring is on then."""
        self.qtbot.keyClick(self.view, key)
        return self.table.focused_item()

    def tab_to(self, name=None):
        """Tab once (``name``: until the ring is on the item of that name, once round at most)."""
        for _ in range(len(self.table.focusable_items())):
            item = self.key()
            if name is None or self.table.address_of(item) == name:
                return item
        raise AssertionError(f"Tab never reaches {name!r}")

    def heard(self) -> tuple[str, str]:
        """What a screen reader is given now: the view's accessible name and description."""
        return self.view.accessibleName(), self.view.accessibleDescription()

    def name(self, item) -> str:
        return self.table.address_of(item)

    def find(self, name):
        return self.table.find(name)
