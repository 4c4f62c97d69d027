"""Gremlins: The Game: move through the town, pick up weapons and events, defeat gremlins for
Gremlin Points, and find Stripe before the Movie Theater fills with his gang.

The rules are traced clause by clause in ``spec/gremlins-the-game.toml`` (prefix GTG).
"""

from __future__ import annotations

import importlib

from gremlinrules.core import serial
from gremlinrules.gremlins_the_game import board
from gremlinrules.gremlins_the_game import components
from gremlinrules.gremlins_the_game.actions import ACTION_TYPES
from gremlinrules.gremlins_the_game.actions import MAX_PLAYERS
from gremlinrules.gremlins_the_game.actions import MIN_PLAYERS
from gremlinrules.gremlins_the_game.actions import Action
from gremlinrules.gremlins_the_game.actions import Choose
from gremlinrules.gremlins_the_game.actions import Defeat
from gremlinrules.gremlins_the_game.actions import Discard
from gremlinrules.gremlins_the_game.actions import LetEscape
from gremlinrules.gremlins_the_game.actions import Move
from gremlinrules.gremlins_the_game.actions import all_actions
from gremlinrules.gremlins_the_game.board import REFERENCE_MAP
from gremlinrules.gremlins_the_game.board import Map
from gremlinrules.gremlins_the_game.board import load_map
from gremlinrules.gremlins_the_game.board import read_map
from gremlinrules.gremlins_the_game.components import ARMOURY
from gremlinrules.gremlins_the_game.components import REFERENCE
from gremlinrules.gremlins_the_game.components import Components
from gremlinrules.gremlins_the_game.components import Effect
from gremlinrules.gremlins_the_game.components import EventCard
from gremlinrules.gremlins_the_game.components import GremlinToken
from gremlinrules.gremlins_the_game.components import Symbol
from gremlinrules.gremlins_the_game.components import WeaponCard
from gremlinrules.gremlins_the_game.components import load_components
from gremlinrules.gremlins_the_game.components import parse_components
from gremlinrules.gremlins_the_game.components import validate_components
from gremlinrules.gremlins_the_game.events import EVENT_TYPES
from gremlinrules.gremlins_the_game.events import Acted
from gremlinrules.gremlins_the_game.events import Event
from gremlinrules.gremlins_the_game.events import EventDrawn
from gremlinrules.gremlins_the_game.events import GameEnded
from gremlinrules.gremlins_the_game.events import GremlinDefeated
from gremlinrules.gremlins_the_game.events import GremlinMoved
from gremlinrules.gremlins_the_game.events import GremlinPlaced
from gremlinrules.gremlins_the_game.events import GremlinRevealed
from gremlinrules.gremlins_the_game.events import Moved
from gremlinrules.gremlins_the_game.events import TokensReplenished
from gremlinrules.gremlins_the_game.events import TurnBegan
from gremlinrules.gremlins_the_game.events import WeaponsDrawn
from gremlinrules.gremlins_the_game.events import observe_event
from gremlinrules.gremlins_the_game.fast import apply
from gremlinrules.gremlins_the_game.fast import is_legal
from gremlinrules.gremlins_the_game.fast import is_terminal
from gremlinrules.gremlins_the_game.fast import legal_actions
from gremlinrules.gremlins_the_game.frames import FORMAT_VERSION
from gremlinrules.gremlins_the_game.frames import FRAME_TYPES
from gremlinrules.gremlins_the_game.frames import UPGRADES
from gremlinrules.gremlins_the_game.frames import EscapeToTheater
from gremlinrules.gremlins_the_game.frames import EventDiscard
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import GangToTheater
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.frames import MoveGremlin
from gremlinrules.gremlins_the_game.frames import Next
from gremlinrules.gremlins_the_game.frames import PendingFrame
from gremlinrules.gremlins_the_game.frames import PickGremlin
from gremlinrules.gremlins_the_game.frames import PlaceGremlin
from gremlinrules.gremlins_the_game.hidden import sample_hidden
from gremlinrules.gremlins_the_game.invariants import check_state
from gremlinrules.gremlins_the_game.invariants import decision_bound
from gremlinrules.gremlins_the_game.rules import apply_with_events
from gremlinrules.gremlins_the_game.rules import current_player
from gremlinrules.gremlins_the_game.rules import players
from gremlinrules.gremlins_the_game.setup import CONFORMANCE_TABLES
from gremlinrules.gremlins_the_game.setup import new_game
from gremlinrules.gremlins_the_game.state import Options
from gremlinrules.gremlins_the_game.state import Outcome
from gremlinrules.gremlins_the_game.state import Phase
from gremlinrules.gremlins_the_game.state import Placed
from gremlinrules.gremlins_the_game.state import Setup
from gremlinrules.gremlins_the_game.state import State
from gremlinrules.gremlins_the_game.text import action_label
from gremlinrules.gremlins_the_game.text import parse_action
from gremlinrules.gremlins_the_game.view import SeenGremlin
from gremlinrules.gremlins_the_game.view import View
from gremlinrules.gremlins_the_game.view import describe
from gremlinrules.gremlins_the_game.view import end_reason
from gremlinrules.gremlins_the_game.view import everyone_lost
from gremlinrules.gremlins_the_game.view import observe
from gremlinrules.gremlins_the_game.view import scores
from gremlinrules.gremlins_the_game.view import winners
from gremlinrules.gremlins_the_game.words import event_sentence
from gremlinrules.gremlins_the_game.words import view_lines

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
    "describe", "end_reason", "event_sentence", "everyone_lost", "is_legal", "is_terminal", "legal_actions",
    "load_components", "load_map", "new_game", "observe", "observe_event", "parse_action",
    "parse_components", "players", "read_map", "sample_hidden", "scores", "validate_components",
    "view_lines", "winners",
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
