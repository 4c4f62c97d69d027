"""Texts for people: the action notation (``str(action)``, ``parse_action``) and the labels a
client shows for the legal actions (``action_label``), computed from a view alone.

The notation (a table on the game's docs page): a verb, then the card, the cell ``x,y`` or the
target slot, or a seat offset (1 = the next seat):

===========================================  =======================================
Action                                       Notation
===========================================  =======================================
``Place("passage-cross", 2, -1, True)``      ``place passage-cross 2,-1 turned``
``PlayMap(Slot.TOP)``                        ``map top``
``PlayExplosion("cave-in-ew", 1, 0)``        ``explode cave-in-ew 1,0``
``PlayPotion(2)``                            ``potion 2``
``Swap("map")``                              ``swap map``
``Pass()``                                   ``pass``
``NameSkip(1)``                              ``skip 1``
``OpenTarget(Slot.MIDDLE)``                  ``open middle``
``Steal(3)``                                 ``steal 3``
``DeclineTarget()``                          ``decline``
===========================================  =======================================
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.checks import well_typed
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import shown
from gremlinrules.core.messages import Message
from gremlinrules.core.messages import message
from gremlinrules.core.zones import next_seat
from gremlinrules.goblins_vs_gnomes.actions import ACTION_TYPES
from gremlinrules.goblins_vs_gnomes.actions import DeclineTarget
from gremlinrules.goblins_vs_gnomes.actions import NameSkip
from gremlinrules.goblins_vs_gnomes.actions import OpenTarget
from gremlinrules.goblins_vs_gnomes.actions import Pass
from gremlinrules.goblins_vs_gnomes.actions import Place
from gremlinrules.goblins_vs_gnomes.actions import PlayExplosion
from gremlinrules.goblins_vs_gnomes.actions import PlayMap
from gremlinrules.goblins_vs_gnomes.actions import PlayPotion
from gremlinrules.goblins_vs_gnomes.actions import Slot
from gremlinrules.goblins_vs_gnomes.actions import Steal
from gremlinrules.goblins_vs_gnomes.actions import Swap
from gremlinrules.goblins_vs_gnomes.view import View

__all__ = ["action_label", "parse_action"]

_EXAMPLES = '(e.g. "place passage-cross 2,-1 turned", "map top", "swap map", "pass", "skip 1")'
_OFFSETS: dict[str, type] = {"potion": PlayPotion, "skip": NameSkip, "steal": Steal}
_SLOTS: dict[str, type] = {"map": PlayMap, "open": OpenTarget}


def _bad(text: str) -> SerializationError:
    return SerializationError(f"not a Goblins vs Gnomes action: {shown(text, 40)} {_EXAMPLES}")


def _int(word: str, text: str) -> int:
    body = word[1:] if word[:1] == "-" else word
    if not (body.isascii() and body.isdigit()) or len(body) > 6:
        raise _bad(text)
    return int(word)


def _cell(word: str, text: str) -> tuple[int, int]:
    x, sep, y = word.partition(",")
    if not sep:
        raise _bad(text)
    return _int(x, text), _int(y, text)


def _card(word: str, text: str) -> str:
    if len(word) > 40 or not word.isprintable():
        raise _bad(text)
    return word


def parse_action(text: str) -> Any:
    """The action written ``text`` in the notation (``str(action)``); SerializationError otherwise."""
    if not isinstance(text, str):
        raise SerializationError(f"an action's notation is text, not {type(text).__name__}")
    words = text.split() if len(text) <= 100 else []
    verb, args = (words[0].lower(), words[1:]) if words else ("", [])
    if verb == "pass" and not args:
        return Pass()
    if verb == "decline" and not args:
        return DeclineTarget()
    if verb in _OFFSETS and len(args) == 1:
        return _OFFSETS[verb](_int(args[0], text))
    if verb in _SLOTS and len(args) == 1:
        try:
            return _SLOTS[verb](Slot(args[0].lower()))
        except ValueError:
            raise _bad(text) from None
    # a card of a user's own set may have a name of several words: it is everything between
    # the verb and the cell (names with doubled spaces do not survive the notation)
    if verb == "swap" and args:
        return Swap(_card(" ".join(args), text))
    if verb == "explode" and len(args) >= 2:
        return PlayExplosion(_card(" ".join(args[:-1]), text), *_cell(args[-1], text))
    if verb == "place" and len(args) >= 2:
        turned = args[-1].lower() == "turned" and "," not in args[-1] and len(args) >= 3
        words = args[:-2] if turned else args[:-1]
        return Place(_card(" ".join(words), text), *_cell(args[-2 if turned else -1], text), turned)
    raise _bad(text)


def _seat(view: View, offset: int) -> int:
    decider = view.current_player if view.current_player is not None else view.seat
    return next_seat(decider if decider is not None else 0, view.players, offset)


@guarded
def action_label(view: View, action: Any) -> Message:
    """A short text naming ``action`` for the seat deciding in ``view`` ("Lay passage-cross at
    (2, -1) turned", "Peek at the middle target"), with its message key and parameters."""
    check_complete("action_label", view, action)
    check_type(view, View, "Goblins vs Gnomes View")
    kind = type(action)
    if kind not in ACTION_TYPES or not well_typed(action):
        raise InvalidArgumentError(f"{shown(action)} is not a Goblins vs Gnomes action")
    if kind is Place:
        if action.rotated:
            return message("gvg.action.place-turned", "Lay {card} at ({x}, {y}) turned",
                           card=action.card, x=action.x, y=action.y)
        return message("gvg.action.place", "Lay {card} at ({x}, {y})",
                       card=action.card, x=action.x, y=action.y)
    if kind is PlayMap:
        return message("gvg.action.map", "Peek at the {target} target", target=action.target.value)
    if kind is PlayExplosion:
        return message("gvg.action.explode", "Explode the {card} at ({x}, {y})",
                       card=action.card, x=action.x, y=action.y)
    if kind is PlayPotion:
        return message("gvg.action.potion", "Swap role cards with seat {seat}",
                       seat=_seat(view, action.offset), offset=action.offset)
    if kind is Swap:
        return message("gvg.action.swap", "Swap {card} with the deck", card=action.card)
    if kind is Pass:
        return message("gvg.action.pass", "Pass and show your hand")
    if kind is NameSkip:
        if action.offset == 0:
            return message("gvg.action.skip-self", "Skip your own next turn", offset=0)
        return message("gvg.action.skip", "Name seat {seat} to skip their next turn",
                       seat=_seat(view, action.offset), offset=action.offset)
    if kind is OpenTarget:
        return message("gvg.action.open", "Open the {target} target first", target=action.target.value)
    if kind is DeclineTarget:
        return message("gvg.action.decline", "Leave the other target face down")
    return message("gvg.action.steal", "Steal a point from seat {seat}",
                   seat=_seat(view, action.offset), offset=action.offset)
