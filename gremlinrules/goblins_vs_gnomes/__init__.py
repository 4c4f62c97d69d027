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
from gremlinrules.core.errors import IllegalActionError, InvalidArgumentError
from gremlinrules.goblins_vs_gnomes import rules as REFERENCE_RULES  # noqa: N812 (get_game's reference=True binds it)
from gremlinrules.goblins_vs_gnomes.actions import (
    ACTION_TYPES,
    Action,
    DeclineTarget,
    NameSkip,
    OpenTarget,
    Pass,
    Place,
    PlayExplosion,
    PlayMap,
    PlayPotion,
    Slot,
    Steal,
    Swap,
)
from gremlinrules.goblins_vs_gnomes.codec import make_state_json
from gremlinrules.goblins_vs_gnomes.components import (
    REFERENCE,
    Components,
    load_components,
    parse_components,
    validate_components,
)
from gremlinrules.goblins_vs_gnomes.events import (
    EVENT_TYPES,
    CardDrawn,
    CardExploded,
    CardLaid,
    CardSwapped,
    Dealt,
    Event,
    GameEnded,
    MapPlayed,
    Passed,
    RolesSwapped,
    RoundEnded,
    RoundScored,
    SkipNamed,
    StealChosen,
    TargetDeclined,
    TargetOpened,
    TurnSkipped,
    dealt,
    observe_event,
)
from gremlinrules.goblins_vs_gnomes.fast import apply, is_legal, legal_actions
from gremlinrules.goblins_vs_gnomes.frames import (
    FRAME_TYPES,
    PendingFrame,
    SkipNaming,
    StealChoice,
    TargetChoice,
)
from gremlinrules.goblins_vs_gnomes.geometry import all_actions
from gremlinrules.goblins_vs_gnomes.hidden import sample_hidden
from gremlinrules.goblins_vs_gnomes.invariants import check_state, decision_bound, round_bound
from gremlinrules.goblins_vs_gnomes.notation import (
    FORMAT_VERSION,
    UPGRADES,
    FieldCard,
    Peek,
    PotionSwap,
    SeatCard,
    SeatRole,
    Target,
    Targets,
    register,
    schema_overrides,
)
from gremlinrules.goblins_vs_gnomes.rules import apply_with_events, current_player
from gremlinrules.goblins_vs_gnomes.setup import MAX_PLAYERS, MIN_PLAYERS, TITLE, new_game
from gremlinrules.goblins_vs_gnomes.state import (
    TARGETS,
    Options,
    Phase,
    Setup,
    State,
    Tile,
)
from gremlinrules.goblins_vs_gnomes.text import action_label, parse_action
from gremlinrules.goblins_vs_gnomes.view import (
    DeckCard,
    View,
    describe,
    end_reason,
    is_terminal,
    observe,
    players,
    scores,
    winners,
)

__all__ = [
    "ACTION_TYPES",
    "CONVERTER",
    "EVENT_TYPES",
    "FORMAT_VERSION",
    "FRAME_TYPES",
    "GAME_ID",
    "JSON_SCHEMA_OVERRIDES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "REFERENCE",
    "REFERENCE_RULES",
    "STATE_TO_JSON",
    "TARGETS",
    "TITLE",
    "UPGRADES",
    "Action",
    "CardDrawn",
    "CardExploded",
    "CardLaid",
    "CardSwapped",
    "Components",
    "Dealt",
    "DeckCard",
    "DeclineTarget",
    "Event",
    "FieldCard",
    "GameEnded",
    "IllegalActionError",
    "InvalidArgumentError",
    "MapPlayed",
    "NameSkip",
    "OpenTarget",
    "Options",
    "Pass",
    "Passed",
    "Peek",
    "PendingFrame",
    "Phase",
    "Place",
    "PlayExplosion",
    "PlayMap",
    "PlayPotion",
    "PotionSwap",
    "RolesSwapped",
    "RoundEnded",
    "RoundScored",
    "SeatCard",
    "SeatRole",
    "Setup",
    "SkipNamed",
    "SkipNaming",
    "Slot",
    "State",
    "Steal",
    "StealChoice",
    "StealChosen",
    "Swap",
    "Target",
    "TargetChoice",
    "TargetDeclined",
    "TargetOpened",
    "Targets",
    "Tile",
    "TurnSkipped",
    "View",
    "action_label",
    "all_actions",
    "apply",
    "apply_with_events",
    "check_state",
    "current_player",
    "dealt",
    "decision_bound",
    "describe",
    "end_reason",
    "is_legal",
    "is_terminal",
    "legal_actions",
    "load_components",
    "new_game",
    "observe",
    "observe_event",
    "parse_action",
    "parse_components",
    "players",
    "round_bound",
    "sample_hidden",
    "scores",
    "validate_components",
    "winners",
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
