"""The card illustrations: one SVG per card kind in ``assets/spheres_of_life/art/`` (the
project's own artwork), and ``back.svg`` for the backs (drawn by :mod:`tabletop.client.card_art`)."""

from __future__ import annotations

from tabletop.client.card_art import CardArt

ART = CardArt("spheres_of_life")
art_path, renderer, draw_art = ART.path, ART.renderer, ART.draw
