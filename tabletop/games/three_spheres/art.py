"""The card illustrations of Three Spheres TCG: one SVG per card kind in
``assets/three_spheres/art/`` (the project's own artwork, 160 x 100), and ``back.svg`` for the
backs (drawn by :mod:`tabletop.client.card_art`)."""

from __future__ import annotations

from tabletop.client.card_art import CardArt

ART = CardArt("three_spheres")
art_path, renderer, draw_art = ART.path, ART.renderer, ART.draw
