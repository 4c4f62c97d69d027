"""Texts for people: the action notation (``str(action)``, ``parse_action``) and the labels a
client shows for the legal actions (``action_label``), computed from a view alone.

The notation: ``move d4``, ``defeat flashlight+sword`` (weapon kinds in weapon order),
``escape``, ``discard shotgun``, ``choose j12``.
"""

from __future__ import annotations

import re
from typing import Any

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import shown
from gremlinrules.core.messages import Message
from gremlinrules.core.messages import message
from gremlinrules.gremlins_the_game.actions import LET_ESCAPE
from gremlinrules.gremlins_the_game.actions import Choose
from gremlinrules.gremlins_the_game.actions import Defeat
from gremlinrules.gremlins_the_game.actions import Discard
from gremlinrules.gremlins_the_game.actions import LetEscape
from gremlinrules.gremlins_the_game.actions import Move
from gremlinrules.gremlins_the_game.frames import EscapeToTheater
from gremlinrules.gremlins_the_game.frames import EventDiscard
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import GangToTheater
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.frames import MoveGremlin
from gremlinrules.gremlins_the_game.frames import PickGremlin
from gremlinrules.gremlins_the_game.frames import PlaceGremlin
from gremlinrules.gremlins_the_game.geometry import table_geometry
from gremlinrules.gremlins_the_game.state import Options
from gremlinrules.gremlins_the_game.view import View

_MAX_SHOWN_WEAPONS = 7  # a hand's limit: a longer Defeat is shown short
_LONGEST = 80  # a design name (GTG-VIEW-2) or a card name is shorter: anything longer is a forged view

__all__ = ["action_label", "parse_action"]

_WORD = r"[a-z0-9][a-z0-9-]{0,31}"
_PATTERNS = (
    (re.compile(rf"^move ({_WORD})$"), lambda m: Move(m.group(1))),
    (re.compile(rf"^choose ({_WORD})$"), lambda m: Choose(m.group(1))),
    (re.compile(rf"^discard ({_WORD})$"), lambda m: Discard(m.group(1))),
    (re.compile(rf"^defeat ({_WORD}(?:\+{_WORD}){{0,6}})$"), lambda m: Defeat(tuple(m.group(1).split("+")))),
)


def parse_action(text: str) -> Any:
    """The action written ``text`` in the notation (``str(action)``); SerializationError otherwise."""
    if not isinstance(text, str):
        raise SerializationError(f"an action's notation is text, not {type(text).__name__}")
    words = " ".join(text.split()).lower() if len(text) <= 300 else ""
    if words == "escape":
        return LET_ESCAPE
    for pattern, make in _PATTERNS:
        found = pattern.match(words)
        if found:
            return make(found)
    raise SerializationError(f"not a Gremlins: The Game action: {shown(text, 40)} (e.g. \"move d4\", "
                             "\"defeat flashlight+sword\", \"escape\", \"discard shotgun\", \"choose j12\")")


def _pending(view: View) -> Any:
    """The view's pending frame, or None."""
    return getattr(view, "pending", None)


def _word(value: Any) -> str:
    """``value`` if it is a name short enough to show, else "" (a hand-made view)."""
    return value if type(value) is str and len(value) <= _LONGEST else ""


def _fought(view: View) -> str:
    """The design of the gremlin the pending fight is against, or "" (GTG-VIEW-2)."""
    frame = _pending(view)
    return _word(frame.gremlin) if type(frame) is Fight else ""


def _face_up_on(view: View, space: Any) -> str | None:
    """The face-up gremlin the view shows on ``space`` (a face-down one is never named)."""
    for seen in getattr(view, "board", ()) or ():
        if getattr(seen, "space", None) == space and getattr(seen, "face_up", False) is True:
            gremlin = getattr(seen, "gremlin", None)
            return gremlin if type(gremlin) is str and len(gremlin) <= _LONGEST else None
    return None


def _landing(view: View, space: str) -> str:
    """What a move onto ``space`` stops on, as the view shows it (GTG-MOVE-5): an event or weapon
    token, a gremlin (named only when face up), the Town Square; "" for nothing."""
    if space in (getattr(view, "event_tokens", ()) or ()):
        return "event token"
    if space in (getattr(view, "weapon_tokens", ()) or ()):
        return "weapon token"
    for seen in getattr(view, "board", ()) or ():
        if getattr(seen, "space", None) == space:
            gremlin = _face_up_on(view, space)
            if gremlin is None:
                return "face-down gremlin"
            return f"gremlin {gremlin}"  # GTG-VIEW-2: "gremlin red-square-1pt", "gremlin stripe"
    options = getattr(view, "options", None)
    if type(options) is Options:
        try:
            square = table_geometry(options.map).square
        except SetupError:  # a hand-made view with a forged map: no label is worth an error
            return ""
        if space in square:
            return "Town Square"
    return ""


def _inside_square(view: View, here: Any) -> bool:
    """The mover stands in the Town Square and the table plays the careful reading, so a move to
    another of its spaces does not enter it (GTG-SQUARE-6)."""
    options = getattr(view, "options", None)
    if type(options) is not Options or options.reenter_square is not False or type(here) is not str:
        return False
    try:
        return here in table_geometry(options.map).square
    except SetupError:  # a hand-made view with a forged map: no label is worth an error
        return False


def _choose_label(view: View, space: str) -> Message:
    """What answering the pending choice with ``space`` does (GTG-THEATER-1, GTG-EVENT-2)."""
    frame = _pending(view)
    kind = type(frame)
    if kind is GangToTheater:
        return message("gtg.action.theater-new", "Put a new gremlin from the pool face up on {space} in "
                       "the Movie Theater", space=space)
    if kind is EscapeToTheater:
        gremlin = _face_up_on(view, frame.origin)
        if gremlin is not None:
            return message("gtg.action.theater", "Put {gremlin} face up on {space} in the Movie Theater",
                           gremlin=gremlin, space=space)
        return message("gtg.action.theater-it", "Put it face up on {space} in the Movie Theater",
                       space=space)
    if kind is PlaceGremlin:
        return message("gtg.action.place", "Put a new gremlin from the pool face down on {space}",
                       space=space)
    if kind is PickGremlin:
        return message("gtg.action.move-from", "Move the face-down gremlin on {space}", space=space)
    if kind is MoveGremlin and _word(frame.origin):
        return message("gtg.action.move-to", "Move the face-down gremlin from {origin} to {space}",
                       origin=frame.origin, space=space)
    return message("gtg.action.choose", "Choose {space}", space=space)


@guarded
def action_label(view: View, action: Any) -> Message:
    """A short text naming ``action`` for the seat deciding in ``view`` ("Move to d4", "Move to e6
    (face-down gremlin)", "Defeat red-circle+red-triangle-2pt with flashlight + sword", "Put
    red-square-1pt face up on j18 in the Movie Theater": a gremlin by its design, GTG-VIEW-2),
    with its message key and parameters; made from the view alone, so it never names a
    face-down gremlin."""
    check_type(view, View, "Gremlins: The Game View")
    check_complete("action_label", view, action)
    kind = type(action)
    if kind is Move and type(action.to) is str:
        mover, positions = getattr(view, "current_player", None), getattr(view, "positions", None)
        here = (positions[mover] if type(mover) is int and type(positions) is tuple
                and 0 <= mover < len(positions) else None)
        if here == action.to:
            return message("gtg.action.stay", "Stay on {space} (no move is possible)", space=action.to)
        what = _landing(view, action.to)
        if what == "Town Square" and _inside_square(view, here):
            return message("gtg.action.move-within", "Move to {space} (within the Town Square: no refill)",
                           space=action.to)
        if what:
            return message("gtg.action.move-onto", "Move to {space} ({what})", space=action.to, what=what)
        return message("gtg.action.move", "Move to {space}", space=action.to)
    if kind is Choose and type(action.space) is str:
        return _choose_label(view, action.space)
    if kind is Discard and type(action.weapon) is str:
        frame = _pending(view)
        if type(frame) is HandLimit:
            return message("gtg.action.discard-to-draw", "Discard {weapon} to make room for the weapon "
                           "you draw (7 cards at most)", weapon=action.weapon)
        if type(frame) is EventDiscard and _word(frame.card):
            return message("gtg.action.discard-for", "Discard {weapon} ({event})", weapon=action.weapon,
                           event=frame.card)
        return message("gtg.action.discard", "Discard {weapon}", weapon=action.weapon)
    if (kind is Defeat and type(action.weapons) is tuple and len(action.weapons) <= _MAX_SHOWN_WEAPONS
            and all(type(w) is str for w in action.weapons)):
        gremlin = _fought(view)
        weapons = " + ".join(action.weapons)
        if gremlin:
            return message("gtg.action.defeat-named", "Defeat {gremlin} with {weapons}", gremlin=gremlin,
                           weapons=weapons)
        return message("gtg.action.defeat", "Defeat it with {weapons}", weapons=weapons)
    if kind is LetEscape:
        gremlin = _fought(view)
        if gremlin:
            return message("gtg.action.escape-named", "Let {gremlin} escape to the Movie Theater (you go "
                           "back to Start)", gremlin=gremlin)
        return message("gtg.action.escape", "Let it escape to the Movie Theater")
    return message("gtg.action.unknown", "{action}", action=shown(action))
