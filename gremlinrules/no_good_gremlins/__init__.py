"""No Good Gremlins: build rockets from a shared scrapheap, launch them for medals,
and keep your launch pad out of the gremlins' mouths.

The rules are traced clause by clause in ``spec/no-good-gremlins.toml`` (prefix NGG).
"""

from __future__ import annotations

import importlib

from gremlinrules.core import serial
from gremlinrules.no_good_gremlins.actions import ACTION_TYPES
from gremlinrules.no_good_gremlins.actions import ALL_ACTIONS
from gremlinrules.no_good_gremlins.actions import Action
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
from gremlinrules.no_good_gremlins.actions import all_actions
from gremlinrules.no_good_gremlins.components import REFERENCE
from gremlinrules.no_good_gremlins.components import Components
from gremlinrules.no_good_gremlins.components import GremlinCard
from gremlinrules.no_good_gremlins.components import Material
from gremlinrules.no_good_gremlins.components import load_components
from gremlinrules.no_good_gremlins.components import parse_components
from gremlinrules.no_good_gremlins.components import validate_components
from gremlinrules.no_good_gremlins.events import EVENT_TYPES
from gremlinrules.no_good_gremlins.events import Acted
from gremlinrules.no_good_gremlins.events import DeckRebuilt
from gremlinrules.no_good_gremlins.events import Drawn
from gremlinrules.no_good_gremlins.events import Event
from gremlinrules.no_good_gremlins.events import FinaleBegan
from gremlinrules.no_good_gremlins.events import GameEnded
from gremlinrules.no_good_gremlins.events import GremlinsRevealed
from gremlinrules.no_good_gremlins.events import Launched
from gremlinrules.no_good_gremlins.events import RocketEaten
from gremlinrules.no_good_gremlins.events import RoundEnded
from gremlinrules.no_good_gremlins.events import TurnBegan
from gremlinrules.no_good_gremlins.events import WandererMoved
from gremlinrules.no_good_gremlins.events import observe_event
from gremlinrules.no_good_gremlins.fast import apply
from gremlinrules.no_good_gremlins.fast import is_legal
from gremlinrules.no_good_gremlins.fast import legal_actions
from gremlinrules.no_good_gremlins.frames import FRAME_TYPES
from gremlinrules.no_good_gremlins.frames import MealChoice
from gremlinrules.no_good_gremlins.hidden import sample_hidden
from gremlinrules.no_good_gremlins.invariants import check_state
from gremlinrules.no_good_gremlins.invariants import decision_bound
from gremlinrules.no_good_gremlins.notation import FORMAT_VERSION
from gremlinrules.no_good_gremlins.notation import UPGRADES
from gremlinrules.no_good_gremlins.notation import ComponentsData
from gremlinrules.no_good_gremlins.notation import MaterialCounts
from gremlinrules.no_good_gremlins.notation import MaterialData
from gremlinrules.no_good_gremlins.notation import StateData
from gremlinrules.no_good_gremlins.notation import WandererStatus
from gremlinrules.no_good_gremlins.notation import register
from gremlinrules.no_good_gremlins.notation import schema_overrides
from gremlinrules.no_good_gremlins.rules import apply_with_events
from gremlinrules.no_good_gremlins.rules import current_player
from gremlinrules.no_good_gremlins.rules import is_terminal
from gremlinrules.no_good_gremlins.rules import players
from gremlinrules.no_good_gremlins.setup import MAX_PLAYERS
from gremlinrules.no_good_gremlins.setup import MIN_PLAYERS
from gremlinrules.no_good_gremlins.setup import new_game
from gremlinrules.no_good_gremlins.state import AWAY
from gremlinrules.no_good_gremlins.state import GONE
from gremlinrules.no_good_gremlins.state import Options
from gremlinrules.no_good_gremlins.state import Phase
from gremlinrules.no_good_gremlins.state import Setup
from gremlinrules.no_good_gremlins.state import State
from gremlinrules.no_good_gremlins.text import action_label
from gremlinrules.no_good_gremlins.text import parse_action
from gremlinrules.no_good_gremlins.view import View
from gremlinrules.no_good_gremlins.view import describe
from gremlinrules.no_good_gremlins.view import end_reason
from gremlinrules.no_good_gremlins.view import observe
from gremlinrules.no_good_gremlins.view import scores
from gremlinrules.no_good_gremlins.view import winners
from gremlinrules.no_good_gremlins.words import event_sentence
from gremlinrules.no_good_gremlins.words import view_lines

__all__ = [
    "ACTION_TYPES", "ALL_ACTIONS", "AWAY", "CONVERTER", "EVENT_TYPES", "FORMAT_VERSION", "FRAME_TYPES",
    "GAME_ID", "GONE", "JSON_SCHEMA_OVERRIDES", "MAX_PLAYERS", "MIN_PLAYERS", "REFERENCE", "TITLE",
    "UPGRADES", "Acted", "Action", "Bribe", "Build", "ChromeLaunch", "Components", "ComponentsData",
    "DeckRebuilt", "Discard", "DrawTwo", "Drawn", "EndTurn", "Event", "Feed", "FinaleBegan", "GameEnded",
    "GremlinCard", "GremlinsRevealed", "Launch", "Launched", "Material", "MaterialCounts", "MaterialData",
    "MealChoice", "Options", "Phase", "RocketEaten", "RoundEnded", "Scrap", "Setup", "State", "StateData",
    "TakeScrap", "TurnBegan", "View", "WandererMoved", "WandererStatus", "action_label", "all_actions",
    "apply", "apply_with_events", "check_state", "current_player", "decision_bound", "describe",
    "end_reason", "event_sentence", "is_legal", "is_terminal", "legal_actions", "load_components",
    "new_game", "observe", "observe_event", "parse_action", "parse_components", "players", "sample_hidden",
    "scores", "validate_components", "view_lines", "winners",
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
