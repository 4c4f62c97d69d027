"""Texts for people: the action notation (``str(action)``, ``parse_action``) and the labels a
client shows for the legal actions (``action_label``), computed from a view alone.

The notation: ``start <card>`` (``start <card> up`` face up), ``assign <card> <project>``,
``play <card>``, ``complete <project>``, ``cancel <project>``, ``end``, ``player <offset>``,
``self``, ``project <seat> <project>``, ``resource <type>``, ``discard <card>``, ``done``. A card
is its design id; a project is its number in its owner's row, from 1; a player is named by its
offset from the chooser (1: the next seat).
"""

from __future__ import annotations

import re
from typing import Any

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import shown
from gremlinrules.core.messages import Message
from gremlinrules.core.messages import message
from gremlinrules.gremlins_inc.actions import Assign
from gremlinrules.gremlins_inc.actions import Cancel
from gremlinrules.gremlins_inc.actions import ChoosePlayer
from gremlinrules.gremlins_inc.actions import ChooseProject
from gremlinrules.gremlins_inc.actions import ChooseResource
from gremlinrules.gremlins_inc.actions import ChooseSelf
from gremlinrules.gremlins_inc.actions import Complete
from gremlinrules.gremlins_inc.actions import Discard
from gremlinrules.gremlins_inc.actions import Done
from gremlinrules.gremlins_inc.actions import EndTurn
from gremlinrules.gremlins_inc.actions import Play
from gremlinrules.gremlins_inc.actions import Start
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.frames import Payment
from gremlinrules.gremlins_inc.frames import ProjectChoice
from gremlinrules.gremlins_inc.frames import Stage
from gremlinrules.gremlins_inc.kit import kit_for
from gremlinrules.gremlins_inc.view import View

__all__ = ["action_label", "parse_action"]

_LIMIT = 80


def _number(word: str) -> int:
    if not word.isdigit() or len(word) > 3:
        raise ValueError(word)
    return int(word)


_CARD = re.compile(r"[a-z0-9]*[a-z][a-z0-9]*(?:-[a-z0-9]+)*|[a-z0-9]+(?:-[a-z0-9]+)*-[a-z0-9]*[a-z][a-z0-9]*")


def _card(word: str) -> str:
    """A design id: kebab-case with a letter somewhere (a bare number names no card)."""
    if len(word) > 40 or not _CARD.fullmatch(word):
        raise ValueError(word)
    return word


def _parse(words: list[str]) -> Any:
    verb, args = words[0], words[1:]
    if verb in ("start", "assign", "play", "discard") and args:
        args = [_card(args[0]), *args[1:]]
    if verb == "start" and len(args) in (1, 2) and (len(args) == 1 or args[1] == "up"):
        return Start(args[0], len(args) == 2)
    if verb == "assign" and len(args) == 2:
        return Assign(args[0], _number(args[1]))
    if verb == "play" and len(args) == 1:
        return Play(args[0])
    if verb == "complete" and len(args) == 1:
        return Complete(_number(args[0]))
    if verb == "cancel" and len(args) == 1:
        return Cancel(_number(args[0]))
    if verb == "end" and not args:
        return EndTurn()
    if verb == "player" and len(args) == 1:
        return ChoosePlayer(_number(args[0]))
    if verb == "self" and not args:
        return ChooseSelf()
    if verb == "project" and len(args) == 2:
        return ChooseProject(_number(args[0]), _number(args[1]))
    if verb == "resource" and len(args) == 1:
        return ChooseResource(args[0])
    if verb == "discard" and len(args) == 1:
        return Discard(args[0])
    if verb == "done" and not args:
        return Done()
    raise ValueError(verb)


def parse_action(text: str) -> Any:
    """The action written ``text`` in the notation (``str(action)``); SerializationError otherwise."""
    if not isinstance(text, str):
        raise SerializationError(f"an action's notation is text, not {type(text).__name__}")
    words = text.split() if len(text) <= _LIMIT else []
    try:
        if words:
            return _parse(words)
    except (ValueError, InvalidArgumentError):
        pass
    raise SerializationError(f"not a Gremlins, Inc. action: {shown(text, 40)} (e.g. \"start pocket-watch\", "
                             "\"assign loose-screws 1\", \"play petty-theft\", \"end\")")


def _name(view: View, card: Any) -> str:
    found = kit_for(view.options.components, view.players).cards.get(card) if type(card) is str else None
    return found.name if found is not None else shown(card)


def _project_name(view: View, seat: Any, number: Any) -> str:
    try:
        p = view.projects[seat][number - 1] if type(number) is int and number >= 1 else None
    except (IndexError, TypeError):
        p = None
    if p is None:
        return f"project {shown(number)}"
    what = _name(view, p.card) if p.card is not None else "a face-down card"
    return f"project {number} ({what})"


@guarded
def action_label(view: View, action: Any) -> Message:
    """A short text naming ``action`` for the seat deciding in ``view`` ("Start Pocket Watch face
    down", "Assign Loose Screws to project 1 (Pocket Watch)"), with its message key and
    parameters; made from the view alone."""
    check_type(view, View, "Gremlins, Inc. View")
    check_complete("action_label", view, action)
    kind = type(action)
    me = view.current_player if view.current_player is not None else 0
    if kind is Start:
        how = "face up" if action.face_up is True else "face down"
        return message("gi.action.start", "Start {card} {how}", card=_name(view, action.card), how=how)
    if kind is Assign:
        return message("gi.action.assign", "Assign {card} to {project}", card=_name(view, action.card),
                       project=_project_name(view, me, action.project))
    if kind is Play:
        return message("gi.action.play", "Play {card}", card=_name(view, action.card))
    if kind is Complete:
        return message("gi.action.complete", "Complete {project}",
                       project=_project_name(view, me, action.project))
    if kind is Cancel:
        return message("gi.action.cancel", "Cancel {project}",
                       project=_project_name(view, me, action.project))
    if kind is EndTurn:
        return message("gi.action.end-turn", "End the turn")
    if kind is ChoosePlayer:
        seat = (me + action.offset) % view.players if type(action.offset) is int else shown(action.offset)
        return message("gi.action.choose-player", "Choose seat {seat}", seat=seat)
    if kind is ChooseSelf:
        return message("gi.action.choose-self", "Choose yourself")
    if kind is ChooseProject:
        project = _project_name(view, action.seat, action.project)
        pending = view.pending
        if type(pending) is Payment:  # GI-PLAY-2: the payer's own project
            return message("gi.action.pay-from", "Pay {resource} from {project}", resource=pending.owed[0],
                           project=project)
        if type(pending) is ProjectChoice and pending.effect.stage is Stage.DEST:  # GI-EFFECT-4: where to
            return message("gi.action.choose-destination", "Move the resources to seat {seat}'s {project}",
                           seat=shown(action.seat), project=project)
        return message("gi.action.choose-project", "Choose seat {seat}'s {project}", seat=shown(action.seat),
                       project=project)
    if kind is ChooseResource:
        resource = action.resource if type(action.resource) is str and action.resource in RESOURCES \
            else shown(action.resource)
        return message("gi.action.choose-resource", "Take a {resource} resource", resource=resource)
    if kind is Discard:
        return message("gi.action.discard", "Discard {card}", card=_name(view, action.card))
    if kind is Done:
        return message("gi.action.done", "Done")
    return message("gi.action.unknown", "{action}", action=shown(action))
