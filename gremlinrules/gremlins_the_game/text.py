"""Texts for people: the action notation (``str(action)``, ``parse_action``) and the labels a
client shows for the legal actions (``action_label``), computed from a view alone.

The notation: ``move d4``, ``defeat flashlight+sword`` (weapon kinds in weapon order),
``escape``, ``discard shotgun``, ``choose j12``.
"""

from __future__ import annotations

import re
from typing import Any

from gremlinrules.core.errors import SerializationError, shown
from gremlinrules.core.messages import Message, message
from gremlinrules.gremlins_the_game.actions import LET_ESCAPE, Choose, Defeat, Discard, LetEscape, Move
from gremlinrules.gremlins_the_game.view import View

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


def action_label(view: View, action: Any) -> Message:
    """A short text naming ``action`` for the seat deciding in ``view`` ("Move to d4", "Defeat
    with flashlight + sword"), with its message key and parameters; made from the view alone."""
    kind = type(action)
    if kind is Move and type(action.to) is str:
        mover = view.current_player
        if mover is not None and 0 <= mover < len(view.positions) and view.positions[mover] == action.to:
            return message("gtg.action.stay", "Stay on {space} (no move is possible)", space=action.to)
        return message("gtg.action.move", "Move to {space}", space=action.to)
    if kind is Choose and type(action.space) is str:
        return message("gtg.action.choose", "Choose {space}", space=action.space)
    if kind is Discard and type(action.weapon) is str:
        return message("gtg.action.discard", "Discard {weapon}", weapon=action.weapon)
    if kind is Defeat and type(action.weapons) is tuple and all(type(w) is str for w in action.weapons):
        return message("gtg.action.defeat", "Defeat it with {weapons}", weapons=" + ".join(action.weapons))
    if kind is LetEscape:
        return message("gtg.action.escape", "Let it escape to the Movie Theater")
    return message("gtg.action.unknown", "{action}", action=shown(action))
