"""A table scene in a 1366x768 view for the tables' own tests: it shows a state as a seat sees
it and records what the table emits."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QGraphicsView


class TableHarness:
    def __init__(self, qtbot, scene, state, seat, animations=False, legal=None):
        self.qtbot = qtbot
        self.scene = scene
        self.scene.set_animations(animations)
        self.actions, self.statuses = [], []
        self.scene.action_chosen.connect(self.actions.append)
        self.scene.status.connect(self.statuses.append)
        self.view = QGraphicsView(self.scene)
        # the view owns the scene (Qt deletes it after the view): were the scene left to Python's
        # collector, it could be deleted under a view that still shows it -- a segmentation fault
        # at some later test
        self.scene.setParent(self.view)
        self.view.setRenderHint(QPainter.Antialiasing)
        qtbot.addWidget(self.view)
        self.view.resize(1366, 768)
        self.view.show()
        self.show(state, seat, legal=legal)

    def show(self, state, seat, last=None, legal=None):
        """Draw ``state`` as ``seat`` sees it; the seat's legal actions when it decides."""
        if legal is None:
            legal = state.legal_actions() if state.decider() == seat else []
        self.scene.show_view(state.view(seat), legal, last)
        self.view.fitInView(self.scene.sceneRect(), Qt.KeepAspectRatio)
