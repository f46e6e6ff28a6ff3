"""Zones: the parts of a card table that every game draws alike -- a hand, a pile, a spread of
open cards, a player's panel and the prompt -- as graphics items a table composes.

A zone is given its rectangle and its part of the view, and a *card factory*: a callable
``make_card(rect, card, index)`` that makes the game's own card item (a
:class:`~tabletop.client.table_items.TableItem`) for ``card`` -- whatever the game calls a card:
an id, a dict -- or for a back when ``card`` is ``None``.  The zone lays out its children and
knows which of them may be clicked; it never acts on the game.

Clicks go through the table's usual path: the scene finds the item under the pointer
(``_item_at``) and calls :meth:`~tabletop.client.table_base.TableScene.activate`, which hands
the item to :func:`activate_zone` first.  A zone that knows what the click means (an answer
button, a card with an ``action_for``, a pile to browse) does it -- an action goes out through
:meth:`~tabletop.client.table_base.TableScene.emit_action`, so the hint, the half-made choice and
the refusal work as for any other move -- and says it did; otherwise the table decides.
There are no signals of the zones' own.  The keyboard focus ring, the hint and dragging work on
a zone's items as on any other item: the items are ordinary table items, children of the zone.

Coordinates: a zone stays at the origin of its parent, so its children are placed in the same
(scene) coordinates as the table's own items; a table's dragging and flying code moves them as
it moves any item.  A zone draws nothing itself and is never hit by a click (its shape is
empty); its children are stacked among themselves, and the zone among the table's items by its
own z value (a panel's zone sits at its board's depth, -10).
"""

from .base import ActionFor, CardFactory, Zone, activate_zone, zone_of
from .cards import HandZone, PileBrowser, PileZone, SpreadZone
from .panels import Choice, PlayerPanelZone, PromptStyle, PromptZone, chip_painter

__all__ = ["ActionFor", "CardFactory", "Choice", "HandZone", "PileBrowser", "PileZone", "PlayerPanelZone", "PromptStyle",
           "PromptZone", "SpreadZone", "Zone", "activate_zone", "chip_painter", "zone_of"]
