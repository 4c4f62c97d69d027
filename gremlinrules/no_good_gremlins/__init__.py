"""No Good Gremlins: build rockets from a shared scrapheap, launch them for medals,
and keep your launch pad out of the gremlins' mouths.

The rules are traced clause by clause in ``spec/no-good-gremlins.toml`` (prefix NGG).
"""

from __future__ import annotations

import importlib

from gremlinrules.core import serial
from gremlinrules.no_good_gremlins.actions import (
    ACTION_TYPES,
    ALL_ACTIONS,
    Action,
    Bribe,
    Build,
    ChromeLaunch,
    Discard,
    DrawTwo,
    EndTurn,
    Feed,
    Launch,
    Scrap,
    TakeScrap,
    all_actions,
)
from gremlinrules.no_good_gremlins.components import (
    REFERENCE,
    Components,
    GremlinCard,
    Material,
    load_components,
    parse_components,
    validate_components,
)
from gremlinrules.no_good_gremlins.events import (
    EVENT_TYPES,
    Acted,
    DeckRebuilt,
    Drawn,
    Event,
    FinaleBegan,
    GameEnded,
    GremlinsRevealed,
    Launched,
    RocketEaten,
    RoundEnded,
    TurnBegan,
    WandererMoved,
    observe_event,
)
from gremlinrules.no_good_gremlins.fast import apply, is_legal, legal_actions
from gremlinrules.no_good_gremlins.frames import FRAME_TYPES, MealChoice
from gremlinrules.no_good_gremlins.hidden import sample_hidden
from gremlinrules.no_good_gremlins.invariants import check_state, decision_bound
from gremlinrules.no_good_gremlins.notation import (
    FORMAT_VERSION,
    UPGRADES,
    ComponentsData,
    MaterialCounts,
    MaterialData,
    StateData,
    WandererStatus,
    register,
    schema_overrides,
)
from gremlinrules.no_good_gremlins.rules import apply_with_events, current_player, is_terminal, players
from gremlinrules.no_good_gremlins.setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from gremlinrules.no_good_gremlins.state import AWAY, GONE, Options, Phase, Setup, State
from gremlinrules.no_good_gremlins.text import action_label, parse_action
from gremlinrules.no_good_gremlins.view import View, describe, end_reason, observe, scores, winners

__all__ = [
    "ACTION_TYPES", "ALL_ACTIONS", "AWAY", "CONVERTER", "EVENT_TYPES", "FORMAT_VERSION", "FRAME_TYPES",
    "GAME_ID", "GONE", "JSON_SCHEMA_OVERRIDES", "MAX_PLAYERS", "MIN_PLAYERS", "REFERENCE", "TITLE",
    "UPGRADES", "Acted", "Action", "Bribe", "Build", "ChromeLaunch", "Components", "ComponentsData",
    "DeckRebuilt", "Discard", "DrawTwo", "Drawn", "EndTurn", "Event", "Feed", "FinaleBegan", "GameEnded",
    "GremlinCard", "GremlinsRevealed", "Launch", "Launched", "Material", "MaterialCounts", "MaterialData",
    "MealChoice", "Options", "Phase", "RocketEaten", "RoundEnded", "Scrap", "Setup", "State", "StateData",
    "TakeScrap", "TurnBegan", "View", "WandererMoved", "WandererStatus", "action_label", "all_actions",
    "apply", "apply_with_events", "check_state", "current_player", "decision_bound", "describe",
    "end_reason", "is_legal", "is_terminal", "legal_actions", "load_components", "new_game", "observe",
    "observe_event", "parse_action", "parse_components", "players", "sample_hidden", "scores",
    "validate_components", "winners",
]

GAME_ID = "no-good-gremlins"
TITLE = "No Good Gremlins"
CONVERTER = register(serial.make_converter(ACTION_TYPES, event_types=EVENT_TYPES, frame_types=FRAME_TYPES))
"""The JSON converter: tagged actions, events and decision frames, and the readable notation of states and
component sets (:mod:`.notation`)."""
JSON_SCHEMA_OVERRIDES = schema_overrides()
"""The JSON Schema of State and Components, whose JSON is their readable data classes'."""

REFERENCE_RULES = importlib.import_module("gremlinrules.no_good_gremlins.rules")
"""The reference rules, the rule book (see :func:`gremlinrules.get_game`'s ``reference``); the
package's own ``legal_actions``, ``is_legal`` and ``apply`` are the fast ones of ``fast``."""
