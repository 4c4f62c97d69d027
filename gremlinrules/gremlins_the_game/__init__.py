"""Gremlins: The Game: move through the town, pick up weapons and events, defeat gremlins for
Gremlin Points, and find Stripe before the Movie Theater fills with his gang.

The rules are traced clause by clause in ``spec/gremlins-the-game.toml`` (prefix GTG).
"""

from __future__ import annotations

import importlib

from gremlinrules.core import serial
from gremlinrules.gremlins_the_game import board, components
from gremlinrules.gremlins_the_game.actions import (
    ACTION_TYPES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Choose,
    Defeat,
    Discard,
    LetEscape,
    Move,
    all_actions,
)
from gremlinrules.gremlins_the_game.board import REFERENCE_MAP, Map, load_map, read_map
from gremlinrules.gremlins_the_game.components import (
    ARMOURY,
    REFERENCE,
    Components,
    Effect,
    EventCard,
    GremlinToken,
    Symbol,
    WeaponCard,
    load_components,
    parse_components,
    validate_components,
)
from gremlinrules.gremlins_the_game.events import (
    EVENT_TYPES,
    Acted,
    Event,
    EventDrawn,
    GameEnded,
    GremlinDefeated,
    GremlinMoved,
    GremlinPlaced,
    GremlinRevealed,
    Moved,
    TokensReplenished,
    TurnBegan,
    WeaponsDrawn,
    observe_event,
)
from gremlinrules.gremlins_the_game.fast import apply, is_legal, is_terminal, legal_actions
from gremlinrules.gremlins_the_game.frames import (
    FORMAT_VERSION,
    FRAME_TYPES,
    UPGRADES,
    EscapeToTheater,
    EventDiscard,
    Fight,
    GangToTheater,
    HandLimit,
    MoveGremlin,
    Next,
    PendingFrame,
    PickGremlin,
    PlaceGremlin,
)
from gremlinrules.gremlins_the_game.hidden import sample_hidden
from gremlinrules.gremlins_the_game.invariants import check_state, decision_bound
from gremlinrules.gremlins_the_game.rules import apply_with_events, current_player, players
from gremlinrules.gremlins_the_game.setup import CONFORMANCE_TABLES, new_game
from gremlinrules.gremlins_the_game.state import Options, Outcome, Phase, Placed, Setup, State
from gremlinrules.gremlins_the_game.text import action_label, parse_action
from gremlinrules.gremlins_the_game.view import (
    SeenGremlin,
    View,
    describe,
    end_reason,
    everyone_lost,
    observe,
    scores,
    winners,
)

__all__ = [
    "ACTION_TYPES", "ARMOURY", "CONFORMANCE_TABLES", "CONVERTER", "EVENT_TYPES", "FORMAT_VERSION",
    "FRAME_TYPES", "GAME_ID", "JSON_SCHEMA_OVERRIDES", "MAX_PLAYERS", "MIN_PLAYERS", "REFERENCE",
    "REFERENCE_MAP", "TITLE", "UPGRADES", "Acted", "Action", "Choose", "Components", "Defeat", "Discard",
    "Effect", "EscapeToTheater", "Event", "EventCard", "EventDiscard", "EventDrawn", "Fight", "GameEnded",
    "GangToTheater", "GremlinDefeated", "GremlinMoved", "GremlinPlaced", "GremlinRevealed", "GremlinToken",
    "HandLimit", "LetEscape", "Map", "Move", "MoveGremlin", "Moved", "Next", "Options", "Outcome",
    "PendingFrame", "Phase", "PickGremlin", "PlaceGremlin", "Placed", "SeenGremlin", "Setup", "State",
    "Symbol", "TokensReplenished", "TurnBegan", "View", "WeaponCard", "WeaponsDrawn", "action_label",
    "all_actions", "apply", "apply_with_events", "check_state", "current_player", "decision_bound",
    "describe", "end_reason", "everyone_lost", "is_legal", "is_terminal", "legal_actions", "load_components",
    "load_map",
    "new_game", "observe", "observe_event", "parse_action", "parse_components", "players", "read_map",
    "sample_hidden", "scores", "validate_components", "winners",
]

GAME_ID = "gremlins-the-game"
TITLE = "Gremlins: The Game"
CONVERTER = board.register(components.register(serial.make_converter(ACTION_TYPES, event_types=EVENT_TYPES,
                                                                      frame_types=FRAME_TYPES)))
"""The JSON converter: tagged actions, events and frames; states are readable as they stand (names); a
table's own map is its map data (``board.map_data``), read back through ``load_map``."""
JSON_SCHEMA_OVERRIDES = {Map: board.MAP_SCHEMA}
"""The JSON Schema of a map in a table's options: its data, not its fields."""

REFERENCE_RULES = importlib.import_module("gremlinrules.gremlins_the_game.rules")
"""The reference rules, the rule book (see :func:`gremlinrules.get_game`'s ``reference``); the
package's own ``legal_actions``, ``is_legal`` and ``apply`` are the fast ones of ``fast``."""
