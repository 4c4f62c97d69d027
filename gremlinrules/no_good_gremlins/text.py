"""Texts for people: the action notation (``str(action)``, ``parse_action``) and the labels a
client shows for the legal actions (``action_label``), computed from a view alone.

The notation (documented as a table on the game's docs page): ``draw``, ``take``, ``end``, and a
verb with a material name for the rest: ``discard iron``, ``build iron``, ``launch chrome``,
``chrome-launch rust``, ``scrap wood``, ``bribe steel``, ``feed iron``.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import shown
from gremlinrules.core.messages import Message
from gremlinrules.core.messages import message
from gremlinrules.no_good_gremlins.actions import ACTION_TYPES
from gremlinrules.no_good_gremlins.actions import ALL_ACTIONS
from gremlinrules.no_good_gremlins.actions import Bribe
from gremlinrules.no_good_gremlins.actions import Build
from gremlinrules.no_good_gremlins.actions import ChromeLaunch
from gremlinrules.no_good_gremlins.actions import Discard
from gremlinrules.no_good_gremlins.actions import DrawTwo
from gremlinrules.no_good_gremlins.actions import EndTurn
from gremlinrules.no_good_gremlins.actions import Feed
from gremlinrules.no_good_gremlins.actions import Launch
from gremlinrules.no_good_gremlins.actions import Scrap
from gremlinrules.no_good_gremlins.actions import TakeScrap
from gremlinrules.no_good_gremlins.components import Material
from gremlinrules.no_good_gremlins.rules import taken_from_scrapheap
from gremlinrules.no_good_gremlins.view import View

__all__ = ["action_label", "parse_action"]

_BY_TEXT: dict[str, Any] = {str(a): a for a in ALL_ACTIONS}


def parse_action(text: str) -> Any:
    """The action written ``text`` in the notation (``str(action)``); SerializationError otherwise."""
    if not isinstance(text, str):
        raise SerializationError(f"an action's notation is text, not {type(text).__name__}")
    action = _BY_TEXT.get(" ".join(text.split()).lower()) if len(text) <= 40 else None
    if action is None:
        raise SerializationError(f"not a No Good Gremlins action: {shown(text, 40)} (e.g. \"draw\", "
                                 "\"take\", \"build iron\", \"launch chrome\", \"end\")")
    return action


_TEMPLATES: dict[type, tuple[str, str]] = {
    Discard: ("ngg.action.discard", "Discard {material}"),
    Build: ("ngg.action.build", "Build {material}"),
    Launch: ("ngg.action.launch", "Launch the {material} rocket"),
    ChromeLaunch: ("ngg.action.chrome-launch", "Launch the {material} rocket with the chrome bribe"),
    Scrap: ("ngg.action.scrap", "Scrap the {material} rocket"),
    Bribe: ("ngg.action.bribe", "Bribe with {material}"),
    Feed: ("ngg.action.feed", "Feed the gremlin the {material} rocket"),
}


@guarded
def action_label(view: View, action: Any) -> Message:
    """A short text naming ``action`` for the seat deciding in ``view`` ("Build iron", "Take 3 rust
    from the scrapheap"), with its message key and parameters; made from the view alone."""
    check_type(view, View, "No Good Gremlins View")
    check_complete("action_label", view, action)
    kind = type(action)
    if kind is DrawTwo:
        return message("ngg.action.draw-two", "Draw two cards")
    if kind is EndTurn:
        return message("ngg.action.end-turn", "End the turn")
    if kind is TakeScrap:
        heap = view.scrapheap
        if not heap:
            return message("ngg.action.take-scrap", "Take from the scrapheap")
        taken = taken_from_scrapheap(heap, view.options.scrap_take)
        return message("ngg.action.take-scrap-cards", "Take {count} {material} from the scrapheap",
                       count=taken, material=heap[-1].value)
    template = _TEMPLATES.get(kind) if kind in ACTION_TYPES else None
    material = getattr(action, "material", None)
    if template is None or type(material) is not Material:
        return message("ngg.action.unknown", "{action}", action=shown(action))
    return message(template[0], template[1], material=material.value)
