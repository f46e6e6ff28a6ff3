"""The Settings dialog (Game > Settings…): the form ``ui/settings.ui``; OK writes the settings."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QWidget

from .forms import load_form
from .settings import Settings


class SettingsDialog(QDialog):
    """Edit the settings; OK writes them."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Settings")
        f = self.form = load_form("settings", self)
        self.animations, self.pace = f.animations, f.pace
        self.fewer_questions, self.show_results = f.fewerQuestions, f.showResults
        self.animations.setChecked(settings.animations)
        self.pace.setValue(settings.bot_pace)
        self.fewer_questions.setChecked(settings.fewer_questions)
        self.show_results.setChecked(settings.show_results)
        f.note.setText(f"Settings are kept in {settings.path}")
        f.note.setObjectName("muted")
        f.buttons.accepted.connect(self.accept)
        f.buttons.rejected.connect(self.reject)

    def accept(self) -> None:
        self.settings.animations = self.animations.isChecked()
        self.settings.bot_pace = self.pace.value()
        self.settings.fewer_questions = self.fewer_questions.isChecked()
        self.settings.show_results = self.show_results.isChecked()
        self.settings.sync()
        super().accept()
