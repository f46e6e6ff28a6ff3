"""A small Three Spheres TCG position, shared by the table's tests and its choosing's: Ada (seat
0) to play her main phase with three cards in hand, two World spaces on each side filled and
one empty, a Discovery spread each."""

from __future__ import annotations

from tabletop.engine.registry import get_game

G = get_game("three-spheres")


def position(**kw):
    """The position, with the document's fields ``kw`` given instead."""
    doc = {"game": "three-spheres", "turn": 0,
           "hand": [["silver_leaf.a1", "moss_sprout.a2", "glade_stag.a3"], ["ronin_stone.b1", "seed_stone.b2"]],
           "realm": [["whispering_sapling.a5", "fern_hollow.a6", "pollen_sprite.a7"], ["lucky_pebble.b5", "peasant_stone.b6"]],
           "spaces": [["elder_oak.a10"], ["old_willow.a11"], [], ["hex_doll.b10"], ["fen_hag.b11"], []],
           "discovery": [["first_tree.a20", "canopy_spirit.a21"], ["grave_crow.b20"]],
           "world_deck": [["white_hart.a12"], ["wild_hunt.b12"]],
           "discovery_deck": [["old_willow.a22"], ["marsh_light.b22"]]}
    doc.update(kw)
    return G.from_position(doc)
