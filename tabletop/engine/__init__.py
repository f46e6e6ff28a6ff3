"""The shared game engine: pure Python, no Qt.

A game is ``options + seed + action list``.  See docs/architecture.md.
"""
