"""Goblins vs Gnomes: hidden teams race a tunnel to the Gold, rounds to 9 points.

>>> from gremlinrules.goblins_vs_gnomes import new_game, legal_actions, apply
>>> state = new_game(4, seed=1)
>>> state = apply(state, legal_actions(state)[0])

Seats 0..n-1 play in increasing order. The field: the start on (0, 0), the
targets on (8, -2), (8, 0), (8, 2); see :mod:`.geometry`.
"""

from __future__ import annotations

from gremlinrules.core import serial
from gremlinrules.core.deprecation import module_aliases
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.goblins_vs_gnomes import rules as REFERENCE_RULES  # noqa: N812 (get_game's reference=True binds it)
from gremlinrules.goblins_vs_gnomes.actions import ACTION_TYPES
from gremlinrules.goblins_vs_gnomes.actions import Action
from gremlinrules.goblins_vs_gnomes.actions import DeclineTarget
from gremlinrules.goblins_vs_gnomes.actions import NameSkip
from gremlinrules.goblins_vs_gnomes.actions import OpenTarget
from gremlinrules.goblins_vs_gnomes.actions import Pass
from gremlinrules.goblins_vs_gnomes.actions import Place
from gremlinrules.goblins_vs_gnomes.actions import PlayExplosion
from gremlinrules.goblins_vs_gnomes.actions import PlayMap
from gremlinrules.goblins_vs_gnomes.actions import PlayPotion
from gremlinrules.goblins_vs_gnomes.actions import Slot
from gremlinrules.goblins_vs_gnomes.actions import Steal
from gremlinrules.goblins_vs_gnomes.actions import Swap
from gremlinrules.goblins_vs_gnomes.codec import make_state_json
from gremlinrules.goblins_vs_gnomes.components import REFERENCE
from gremlinrules.goblins_vs_gnomes.components import Components
from gremlinrules.goblins_vs_gnomes.components import load_components
from gremlinrules.goblins_vs_gnomes.components import parse_components
from gremlinrules.goblins_vs_gnomes.components import validate_components
from gremlinrules.goblins_vs_gnomes.events import EVENT_TYPES
from gremlinrules.goblins_vs_gnomes.events import CardDrawn
from gremlinrules.goblins_vs_gnomes.events import CardExploded
from gremlinrules.goblins_vs_gnomes.events import CardLaid
from gremlinrules.goblins_vs_gnomes.events import CardSwapped
from gremlinrules.goblins_vs_gnomes.events import Dealt
from gremlinrules.goblins_vs_gnomes.events import Event
from gremlinrules.goblins_vs_gnomes.events import GameEnded
from gremlinrules.goblins_vs_gnomes.events import MapPlayed
from gremlinrules.goblins_vs_gnomes.events import Passed
from gremlinrules.goblins_vs_gnomes.events import RolesSwapped
from gremlinrules.goblins_vs_gnomes.events import RoundEnded
from gremlinrules.goblins_vs_gnomes.events import RoundScored
from gremlinrules.goblins_vs_gnomes.events import SkipNamed
from gremlinrules.goblins_vs_gnomes.events import StealChosen
from gremlinrules.goblins_vs_gnomes.events import TargetDeclined
from gremlinrules.goblins_vs_gnomes.events import TargetOpened
from gremlinrules.goblins_vs_gnomes.events import TurnSkipped
from gremlinrules.goblins_vs_gnomes.events import dealt
from gremlinrules.goblins_vs_gnomes.events import observe_event
from gremlinrules.goblins_vs_gnomes.fast import apply
from gremlinrules.goblins_vs_gnomes.fast import is_legal
from gremlinrules.goblins_vs_gnomes.fast import legal_actions
from gremlinrules.goblins_vs_gnomes.frames import FRAME_TYPES
from gremlinrules.goblins_vs_gnomes.frames import PendingFrame
from gremlinrules.goblins_vs_gnomes.frames import SkipNaming
from gremlinrules.goblins_vs_gnomes.frames import StealChoice
from gremlinrules.goblins_vs_gnomes.frames import TargetChoice
from gremlinrules.goblins_vs_gnomes.geometry import all_actions
from gremlinrules.goblins_vs_gnomes.hidden import sample_hidden
from gremlinrules.goblins_vs_gnomes.invariants import check_state
from gremlinrules.goblins_vs_gnomes.invariants import decision_bound
from gremlinrules.goblins_vs_gnomes.invariants import round_bound
from gremlinrules.goblins_vs_gnomes.notation import FORMAT_VERSION
from gremlinrules.goblins_vs_gnomes.notation import UPGRADES
from gremlinrules.goblins_vs_gnomes.notation import FieldCard
from gremlinrules.goblins_vs_gnomes.notation import Peek
from gremlinrules.goblins_vs_gnomes.notation import PotionSwap
from gremlinrules.goblins_vs_gnomes.notation import SeatCard
from gremlinrules.goblins_vs_gnomes.notation import SeatRole
from gremlinrules.goblins_vs_gnomes.notation import Target
from gremlinrules.goblins_vs_gnomes.notation import Targets
from gremlinrules.goblins_vs_gnomes.notation import register
from gremlinrules.goblins_vs_gnomes.notation import schema_overrides
from gremlinrules.goblins_vs_gnomes.rules import apply_with_events
from gremlinrules.goblins_vs_gnomes.rules import current_player
from gremlinrules.goblins_vs_gnomes.setup import MAX_PLAYERS
from gremlinrules.goblins_vs_gnomes.setup import MIN_PLAYERS
from gremlinrules.goblins_vs_gnomes.setup import TITLE
from gremlinrules.goblins_vs_gnomes.setup import new_game
from gremlinrules.goblins_vs_gnomes.state import TARGETS
from gremlinrules.goblins_vs_gnomes.state import Options
from gremlinrules.goblins_vs_gnomes.state import Phase
from gremlinrules.goblins_vs_gnomes.state import Setup
from gremlinrules.goblins_vs_gnomes.state import State
from gremlinrules.goblins_vs_gnomes.state import Tile
from gremlinrules.goblins_vs_gnomes.text import action_label
from gremlinrules.goblins_vs_gnomes.text import parse_action
from gremlinrules.goblins_vs_gnomes.view import DeckCard
from gremlinrules.goblins_vs_gnomes.view import View
from gremlinrules.goblins_vs_gnomes.view import describe
from gremlinrules.goblins_vs_gnomes.view import end_reason
from gremlinrules.goblins_vs_gnomes.view import is_terminal
from gremlinrules.goblins_vs_gnomes.view import observe
from gremlinrules.goblins_vs_gnomes.view import players
from gremlinrules.goblins_vs_gnomes.view import scores
from gremlinrules.goblins_vs_gnomes.view import winners
from gremlinrules.goblins_vs_gnomes.words import event_sentence
from gremlinrules.goblins_vs_gnomes.words import view_lines

__all__ = [
    "ACTION_TYPES", "CONVERTER", "EVENT_TYPES", "FORMAT_VERSION", "FRAME_TYPES", "GAME_ID",
    "JSON_SCHEMA_OVERRIDES", "MAX_PLAYERS", "MIN_PLAYERS", "REFERENCE", "REFERENCE_RULES", "STATE_TO_JSON",
    "TARGETS", "TITLE", "UPGRADES", "Action", "CardDrawn", "CardExploded", "CardLaid", "CardSwapped",
    "Components", "Dealt", "DeckCard", "DeclineTarget", "Event", "FieldCard", "GameEnded",
    "IllegalActionError", "InvalidArgumentError", "MapPlayed", "NameSkip", "OpenTarget", "Options", "Pass",
    "Passed", "Peek", "PendingFrame", "Phase", "Place", "PlayExplosion", "PlayMap", "PlayPotion",
    "PotionSwap", "RolesSwapped", "RoundEnded", "RoundScored", "SeatCard", "SeatRole", "Setup", "SkipNamed",
    "SkipNaming", "Slot", "State", "Steal", "StealChoice", "StealChosen", "Swap", "Target", "TargetChoice",
    "TargetDeclined", "TargetOpened", "Targets", "Tile", "TurnSkipped", "View", "action_label",
    "all_actions", "apply", "apply_with_events", "check_state", "current_player", "dealt", "decision_bound",
    "describe", "end_reason", "event_sentence", "is_legal", "is_terminal", "legal_actions",
    "load_components", "new_game", "observe", "observe_event", "parse_action", "parse_components", "players",
    "round_bound", "sample_hidden", "scores", "validate_components", "view_lines", "winners",
]

GAME_ID = "goblins-vs-gnomes"
CONVERTER = register(serial.make_converter(ACTION_TYPES, event_types=EVENT_TYPES, frame_types=FRAME_TYPES))
"""The JSON converter: tagged actions, events and frames, and the readable notation of states
(:mod:`.notation`)."""
STATE_TO_JSON = make_state_json(CONVERTER)
"""A state's JSON text written straight from its fields (:mod:`.codec`)."""
JSON_SCHEMA_OVERRIDES = schema_overrides()
"""The JSON Schema of State, whose JSON is the readable notation of :mod:`.notation`."""
__getattr__ = module_aliases(__name__, {"COMPONENTS": ("REFERENCE", lambda: REFERENCE)})
