"""Gremlins, Inc.: complete grandiose projects for prestige, and wreck everyone else's.

>>> from gremlinrules.gremlins_inc import new_game, legal_actions, apply
>>> state = new_game(3, seed=1)
>>> state = apply(state, legal_actions(state)[0])

The rules are traced clause by clause in ``spec/gremlins-inc.toml`` (prefix GI); the card-effect
language and the reference deck are in :mod:`.components`.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core import serial
from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import instance_or_default
from gremlinrules.core.deprecation import module_aliases
from gremlinrules.gremlins_inc import components as _components
from gremlinrules.gremlins_inc import rules as REFERENCE_RULES  # noqa: N812 (get_game's reference=True binds it)
from gremlinrules.gremlins_inc.actions import ACTION_TYPES
from gremlinrules.gremlins_inc.actions import Action
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
from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.components import Card
from gremlinrules.gremlins_inc.components import Components
from gremlinrules.gremlins_inc.components import Passive
from gremlinrules.gremlins_inc.components import Step
from gremlinrules.gremlins_inc.components import load_components
from gremlinrules.gremlins_inc.components import parse_components
from gremlinrules.gremlins_inc.events import EVENT_TYPES
from gremlinrules.gremlins_inc.events import Acted
from gremlinrules.gremlins_inc.events import Completed
from gremlinrules.gremlins_inc.events import Drawn
from gremlinrules.gremlins_inc.events import Event
from gremlinrules.gremlins_inc.events import GameEnded
from gremlinrules.gremlins_inc.events import Reshuffled
from gremlinrules.gremlins_inc.events import RoundEnded
from gremlinrules.gremlins_inc.events import TurnBegan
from gremlinrules.gremlins_inc.events import observe_event
from gremlinrules.gremlins_inc.fast import apply
from gremlinrules.gremlins_inc.fast import is_legal
from gremlinrules.gremlins_inc.fast import is_terminal
from gremlinrules.gremlins_inc.fast import legal_actions
from gremlinrules.gremlins_inc.frames import FORMAT_VERSION
from gremlinrules.gremlins_inc.frames import FRAME_TYPES
from gremlinrules.gremlins_inc.frames import UPGRADES
from gremlinrules.gremlins_inc.frames import AssignChoice
from gremlinrules.gremlins_inc.frames import DiscardChoice
from gremlinrules.gremlins_inc.frames import Effect
from gremlinrules.gremlins_inc.frames import Payment
from gremlinrules.gremlins_inc.frames import PendingFrame
from gremlinrules.gremlins_inc.frames import PlayerChoice
from gremlinrules.gremlins_inc.frames import ProjectChoice
from gremlinrules.gremlins_inc.frames import Redraw
from gremlinrules.gremlins_inc.frames import ResourceChoice
from gremlinrules.gremlins_inc.frames import Stage
from gremlinrules.gremlins_inc.frames import register
from gremlinrules.gremlins_inc.hidden import sample_hidden
from gremlinrules.gremlins_inc.invariants import check_state
from gremlinrules.gremlins_inc.invariants import decision_bound
from gremlinrules.gremlins_inc.kit import kit_for
from gremlinrules.gremlins_inc.rules import apply_with_events
from gremlinrules.gremlins_inc.rules import current_player
from gremlinrules.gremlins_inc.rules import players
from gremlinrules.gremlins_inc.setup import CONFORMANCE_TABLES
from gremlinrules.gremlins_inc.setup import MAX_PLAYERS
from gremlinrules.gremlins_inc.setup import MIN_PLAYERS
from gremlinrules.gremlins_inc.setup import new_game
from gremlinrules.gremlins_inc.setup import seat_teams
from gremlinrules.gremlins_inc.state import Options
from gremlinrules.gremlins_inc.state import Phase
from gremlinrules.gremlins_inc.state import Project
from gremlinrules.gremlins_inc.state import Setup
from gremlinrules.gremlins_inc.state import State
from gremlinrules.gremlins_inc.text import action_label
from gremlinrules.gremlins_inc.text import parse_action
from gremlinrules.gremlins_inc.view import ProjectView
from gremlinrules.gremlins_inc.view import View
from gremlinrules.gremlins_inc.view import describe
from gremlinrules.gremlins_inc.view import end_reason
from gremlinrules.gremlins_inc.view import observe
from gremlinrules.gremlins_inc.view import scores
from gremlinrules.gremlins_inc.view import winners
from gremlinrules.gremlins_inc.words import event_sentence
from gremlinrules.gremlins_inc.words import view_lines

__all__ = [
    "ACTION_TYPES", "CONFORMANCE_TABLES", "CONVERTER", "EVENT_TYPES", "FORMAT_VERSION", "FRAME_TYPES",
    "GAME_ID", "MAX_PLAYERS", "MIN_PLAYERS", "REFERENCE", "REFERENCE_RULES", "TITLE", "UPGRADES", "Acted",
    "Action", "Assign", "AssignChoice", "Cancel", "Card", "ChoosePlayer", "ChooseProject", "ChooseResource",
    "ChooseSelf", "Complete", "Completed", "Components", "Discard", "DiscardChoice", "Done", "Drawn",
    "Effect", "EndTurn", "Event", "GameEnded", "Options", "Passive", "Payment", "PendingFrame", "Phase",
    "Play", "PlayerChoice", "Project", "ProjectChoice", "ProjectView", "Redraw", "Reshuffled",
    "ResourceChoice", "RoundEnded", "Setup", "Stage", "Start", "State", "Step", "TurnBegan", "View",
    "action_label", "all_actions", "apply", "apply_with_events", "check_state", "current_player",
    "decision_bound", "describe", "end_reason", "event_sentence", "is_legal", "is_terminal", "legal_actions",
    "load_components", "new_game", "observe", "observe_event", "parse_action", "parse_components", "players",
    "sample_hidden", "scores", "seat_teams", "view_lines", "winners",
]

GAME_ID = "gremlins-inc"
TITLE = "Gremlins, Inc."
CONVERTER = register(serial.make_converter(ACTION_TYPES, event_types=EVENT_TYPES, frame_types=FRAME_TYPES))
"""The JSON converter: tagged actions, events and frames (an effect without what is not chosen yet);
states and views as their fields."""


def all_actions(players: Any, options: Any = None) -> tuple[Action, ...]:
    """Every action that can ever be legal with ``players`` seats (and the options' card set),
    in the canonical order: the index of an action is the same in every state."""
    n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    opts = instance_or_default(options, Options, TITLE)
    return kit_for(opts.components, n).actions


__getattr__ = module_aliases(__name__, {
    "load_components_file": ("load_components(Path(path))", lambda: _components._load_components_file)})
