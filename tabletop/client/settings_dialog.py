"""The Settings dialog (Game > Settings…): animations and the bot pace."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from .settings import Settings


class SettingsDialog(QDialog):
    """Edit the settings; OK writes them."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Settings")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.animations = QCheckBox("Animate cards moving on the table")
        self.animations.setChecked(settings.animations)
        form.addRow("Animations", self.animations)
        self.pace = QDoubleSpinBox()
        self.pace.setRange(0.0, 5.0)
        self.pace.setSingleStep(0.1)
        self.pace.setDecimals(1)
        self.pace.setSuffix(" s")
        self.pace.setValue(settings.bot_pace)
        self.pace.setToolTip("The shortest time between two moves of the bots, so you can follow them.")
        form.addRow("Bot pace", self.pace)
        self.fewer_questions = self._check(
            form, "Questions", "Offer me plays out of turn only before my own turn", settings.fewer_questions,
            "In games against bots, you are not asked at the quiet moments before the others' turns\n"
            "(you still are before your own turn, before a phase ends, and whenever you can block or accept).")
        self.show_results = self._check(
            form, "Hotseat", "Show each player what their move did before passing on", settings.show_results,
            "Several players at one computer: after your move the table stays yours until you press\n"
            "“Done — pass to …”; then the next player's curtain comes down.")
        layout.addLayout(form)
        note = QLabel(f"Settings are kept in {settings.path}")
        note.setWordWrap(True)
        note.setObjectName("muted")
        layout.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    @staticmethod
    def _check(form: QFormLayout, label: str, text: str, on: bool, tip: str) -> QCheckBox:
        box = QCheckBox(text)
        box.setChecked(on)
        box.setToolTip(tip)
        form.addRow(label, box)
        return box

    def accept(self) -> None:
        self.settings.animations = self.animations.isChecked()
        self.settings.bot_pace = self.pace.value()
        self.settings.fewer_questions = self.fewer_questions.isChecked()
        self.settings.show_results = self.show_results.isChecked()
        self.settings.sync()
        super().accept()
