"""Bots: each receives one seat's view and returns an action.  They never see the true state."""

from .base import Bot
from .levels import make_bot

__all__ = ["Bot", "make_bot"]
