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
from gremlinrules.core.checks import check_players, instance_or_default
from gremlinrules.core.deprecation import module_aliases
from gremlinrules.gremlins_inc import components as _components
from gremlinrules.gremlins_inc import rules as REFERENCE_RULES  # noqa: N812 (get_game's reference=True binds it)
from gremlinrules.gremlins_inc.actions import (
    ACTION_TYPES,
    Action,
    Assign,
    Cancel,
    ChoosePlayer,
    ChooseProject,
    ChooseResource,
    ChooseSelf,
    Complete,
    Discard,
    Done,
    EndTurn,
    Play,
    Start,
)
from gremlinrules.gremlins_inc.components import (
    REFERENCE,
    Card,
    Components,
    Passive,
    Step,
    load_components,
    parse_components,
)
from gremlinrules.gremlins_inc.events import (
    EVENT_TYPES,
    Acted,
    Completed,
    Drawn,
    Event,
    GameEnded,
    Reshuffled,
    RoundEnded,
    TurnBegan,
    observe_event,
)
from gremlinrules.gremlins_inc.fast import apply, is_legal, is_terminal, legal_actions
from gremlinrules.gremlins_inc.frames import (
    FORMAT_VERSION,
    FRAME_TYPES,
    UPGRADES,
    AssignChoice,
    DiscardChoice,
    Effect,
    Payment,
    PendingFrame,
    PlayerChoice,
    ProjectChoice,
    Redraw,
    ResourceChoice,
    Stage,
    register,
)
from gremlinrules.gremlins_inc.hidden import sample_hidden
from gremlinrules.gremlins_inc.invariants import check_state, decision_bound
from gremlinrules.gremlins_inc.kit import kit_for
from gremlinrules.gremlins_inc.rules import apply_with_events, current_player, players
from gremlinrules.gremlins_inc.setup import CONFORMANCE_TABLES, MAX_PLAYERS, MIN_PLAYERS, new_game, seat_teams
from gremlinrules.gremlins_inc.state import Options, Phase, Project, Setup, State
from gremlinrules.gremlins_inc.text import action_label, parse_action
from gremlinrules.gremlins_inc.view import ProjectView, View, describe, end_reason, observe, scores, winners

__all__ = [
    "ACTION_TYPES", "CONFORMANCE_TABLES", "CONVERTER", "EVENT_TYPES", "FORMAT_VERSION", "FRAME_TYPES",
    "GAME_ID", "MAX_PLAYERS", "MIN_PLAYERS", "REFERENCE", "REFERENCE_RULES", "TITLE", "UPGRADES", "Acted",
    "Action", "Assign", "AssignChoice", "Cancel", "Card", "ChoosePlayer", "ChooseProject", "ChooseResource",
    "ChooseSelf", "Complete", "Completed", "Components", "Discard", "DiscardChoice", "Done", "Drawn",
    "Effect", "EndTurn", "Event", "GameEnded", "Options", "Passive", "Payment", "PendingFrame", "Phase",
    "Play", "PlayerChoice", "Project", "ProjectChoice", "ProjectView", "Redraw", "Reshuffled",
    "ResourceChoice", "RoundEnded", "Setup", "Stage", "Start", "State", "Step", "TurnBegan", "View",
    "action_label", "all_actions", "apply", "apply_with_events", "check_state", "current_player",
    "decision_bound", "describe", "end_reason", "is_legal", "is_terminal", "legal_actions", "load_components",
    "new_game", "observe", "observe_event", "parse_action", "parse_components", "players",
    "sample_hidden", "scores", "seat_teams", "winners",
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
