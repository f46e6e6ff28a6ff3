"""The Settings dialog (Game > Settings…): the form ``ui/settings.ui``; OK writes the settings.

The theme and the text size are shown at once as they are chosen, so a player sees what they
pick; Cancel puts back the look there was (tabletop/client/theme.py)."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QDialog, QWidget

from .forms import load_form
from .settings import Settings
from .theme import look, use_look

THEME_NAMES = (("system", "As the system"), ("light", "Light"), ("dark", "Dark"))
TEXT_NAMES = (("system", "As the system"), ("1", "Usual"), ("1.25", "Bigger (125%)"), ("1.5", "Biggest (150%)"))


class SettingsDialog(QDialog):
    """Edit the settings; OK writes them."""

    def __init__(self, settings: Settings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Settings")
        f = self.form = load_form("settings", self)
        self.animations, self.pace = f.animations, f.pace
        self.fewer_questions, self.show_results = f.fewerQuestions, f.showResults
        self.theme, self.text_size = f.theme, f.textSize
        f.themeLabel.setBuddy(self.theme)  # (Alt+T, Alt+X)
        f.textSizeLabel.setBuddy(self.text_size)
        self.look_before = (look.theme_choice, look.text_choice)
        for box, names, value in ((self.theme, THEME_NAMES, settings.theme),
                                  (self.text_size, TEXT_NAMES, settings.text_size)):
            for key, name in names:
                box.addItem(name, key)
            box.setCurrentIndex(max(0, box.findData(value)))
            box.currentIndexChanged.connect(self.show_look)
        self.animations.setChecked(settings.animations)
        self.pace.setValue(settings.bot_pace)
        self.fewer_questions.setChecked(settings.fewer_questions)
        self.show_results.setChecked(settings.show_results)
        f.note.setText(f"Settings are kept in {settings.path}")
        f.note.setObjectName("muted")
        f.buttons.accepted.connect(self.accept)
        f.buttons.rejected.connect(self.reject)

    def show_look(self) -> None:
        """The theme and text size chosen, on every window now."""
        use_look(QApplication.instance(), self.theme.currentData(), self.text_size.currentData())

    def accept(self) -> None:
        self.settings.theme = self.theme.currentData()
        self.settings.text_size = self.text_size.currentData()
        self.settings.animations = self.animations.isChecked()
        self.settings.bot_pace = self.pace.value()
        self.settings.fewer_questions = self.fewer_questions.isChecked()
        self.settings.show_results = self.show_results.isChecked()
        self.settings.sync()
        self.show_look()
        super().accept()

    def reject(self) -> None:
        use_look(QApplication.instance(), *self.look_before)
        super().reject()
