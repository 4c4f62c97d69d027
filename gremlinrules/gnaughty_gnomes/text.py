"""Labels a player reads for each action, made from a view alone (never the state).

Each label is a :class:`~gremlinrules.core.messages.Message` with a key a
frontend can translate:

============================  ==============================================  ======================
Key                           Example                                         Parameters
============================  ==============================================  ======================
``gg.action.play``            Play the red 6                                  suit, rank
``gg.action.play-dummy``      Play the red 6 from the dummy                   suit, rank
``gg.action.play-x``          Play the red X as a high 3                      suit, rank, declared
``gg.action.place``           Place a gnome on spot 14 with the red card      suit, spot
``gg.action.flip``            Flip the orange card without placing a gnome    suit
============================  ==============================================  ======================
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.messages import Message
from gremlinrules.core.messages import message
from gremlinrules.gnaughty_gnomes.actions import Place
from gremlinrules.gnaughty_gnomes.actions import Play
from gremlinrules.gnaughty_gnomes.actions import PlayX
from gremlinrules.gnaughty_gnomes.flow import guarded
from gremlinrules.gnaughty_gnomes.rules import canonical
from gremlinrules.gnaughty_gnomes.view import View

__all__ = ["action_label"]


@guarded
def action_label(view: View, action: Any) -> Message:
    """A short text naming ``action`` for the seat of ``view`` ("Play the red 6")."""
    check_complete("action_label", view, action)
    check_type(view, View, "Gnaughty Gnomes View")
    canon = canonical(action)
    if canon is None:
        raise InvalidArgumentError(f"{shown(action)} is not a Gnaughty Gnomes action")
    if isinstance(canon, Play):
        card = canon.card
        if view.players == 2 and view.position_to_act is not None and view.position_to_act >= 2:
            return message("gg.action.play-dummy", "Play the {suit} {rank} from the dummy",
                           suit=card.suit.value, rank=card.rank)
        return message("gg.action.play", "Play the {suit} {rank}", suit=card.suit.value, rank=card.rank)
    if isinstance(canon, PlayX):
        return message("gg.action.play-x", "Play the {suit} X as a {declared} {rank}", suit=canon.suit.value,
                       rank=canon.rank, declared="high" if canon.high else "low")
    if isinstance(canon, Place):
        return message("gg.action.place", "Place a gnome on spot {spot} with the {suit} card",
                       suit=canon.suit.value, spot=canon.spot)
    return message("gg.action.flip", "Flip the {suit} card without placing a gnome", suit=canon.suit.value)
