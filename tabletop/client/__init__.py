"""The Qt client: the main window, its screens, the controller and the bot runner."""

from .qt_compat import guard_singletons

guard_singletons()
