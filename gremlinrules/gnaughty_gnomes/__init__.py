"""Gnaughty Gnomes: partnership may-follow trick-taking on a 13-hex mushroom garden.

>>> from gremlinrules.gnaughty_gnomes import new_game, legal_actions, apply
>>> state = new_game(4, seed=1)
>>> state = apply(state, legal_actions(state)[0])

Seats, positions and partners: see :mod:`gremlinrules.gnaughty_gnomes.state`.
``legal_actions``, ``is_legal`` and ``apply`` here are the fast ones
(:mod:`gremlinrules.gnaughty_gnomes.fast`); the reference rules they are held
to are :mod:`gremlinrules.gnaughty_gnomes.rules` (``REFERENCE_RULES``).
"""

from __future__ import annotations

import functools
import importlib

from gremlinrules.core.deprecation import module_aliases
from gremlinrules.gnaughty_gnomes import rules as REFERENCE_RULES  # noqa: N812 (the registry's name)
from gremlinrules.gnaughty_gnomes.actions import ACTION_TYPES
from gremlinrules.gnaughty_gnomes.actions import ACTIONS
from gremlinrules.gnaughty_gnomes.actions import Action
from gremlinrules.gnaughty_gnomes.actions import Flip
from gremlinrules.gnaughty_gnomes.actions import Place
from gremlinrules.gnaughty_gnomes.actions import Play
from gremlinrules.gnaughty_gnomes.actions import PlayX
from gremlinrules.gnaughty_gnomes.actions import all_actions
from gremlinrules.gnaughty_gnomes.actions import parse_action
from gremlinrules.gnaughty_gnomes.board import BOARD
from gremlinrules.gnaughty_gnomes.components import CARDS
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.components import Components
from gremlinrules.gnaughty_gnomes.components import load_components
from gremlinrules.gnaughty_gnomes.events import EVENT_TYPES
from gremlinrules.gnaughty_gnomes.events import CardFlipped
from gremlinrules.gnaughty_gnomes.events import CardPlayed
from gremlinrules.gnaughty_gnomes.events import Dealt
from gremlinrules.gnaughty_gnomes.events import Event
from gremlinrules.gnaughty_gnomes.events import GameEnded
from gremlinrules.gnaughty_gnomes.events import GnomePlaced
from gremlinrules.gnaughty_gnomes.events import Revealed
from gremlinrules.gnaughty_gnomes.events import TrickCleared
from gremlinrules.gnaughty_gnomes.events import TrickWon
from gremlinrules.gnaughty_gnomes.events import dealt
from gremlinrules.gnaughty_gnomes.events import observe_event
from gremlinrules.gnaughty_gnomes.fast import apply
from gremlinrules.gnaughty_gnomes.fast import is_legal
from gremlinrules.gnaughty_gnomes.fast import legal_actions
from gremlinrules.gnaughty_gnomes.flow import current_player
from gremlinrules.gnaughty_gnomes.flow import is_terminal
from gremlinrules.gnaughty_gnomes.flow import players
from gremlinrules.gnaughty_gnomes.frames import FRAME_TYPES
from gremlinrules.gnaughty_gnomes.frames import Placement
from gremlinrules.gnaughty_gnomes.hidden import sample_hidden
from gremlinrules.gnaughty_gnomes.invariants import check_state
from gremlinrules.gnaughty_gnomes.invariants import decision_bound
from gremlinrules.gnaughty_gnomes.notation import CARD_SCHEMA
from gremlinrules.gnaughty_gnomes.notation import CONVERTER
from gremlinrules.gnaughty_gnomes.notation import FORMAT_VERSION
from gremlinrules.gnaughty_gnomes.notation import STATE_SCHEMA
from gremlinrules.gnaughty_gnomes.notation import UPGRADES
from gremlinrules.gnaughty_gnomes.notation import state_json
from gremlinrules.gnaughty_gnomes.rules import apply_with_events
from gremlinrules.gnaughty_gnomes.setup import new_game
from gremlinrules.gnaughty_gnomes.state import Options
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import Played
from gremlinrules.gnaughty_gnomes.state import Setup
from gremlinrules.gnaughty_gnomes.state import State
from gremlinrules.gnaughty_gnomes.text import action_label
from gremlinrules.gnaughty_gnomes.view import View
from gremlinrules.gnaughty_gnomes.view import describe
from gremlinrules.gnaughty_gnomes.view import end_reason
from gremlinrules.gnaughty_gnomes.view import observe
from gremlinrules.gnaughty_gnomes.view import scores
from gremlinrules.gnaughty_gnomes.view import winners
from gremlinrules.gnaughty_gnomes.words import event_sentence
from gremlinrules.gnaughty_gnomes.words import view_lines

__all__ = [
    "ACTIONS", "ACTION_TYPES", "BOARD", "CARDS", "CONVERTER", "EVENT_TYPES", "FORMAT_VERSION", "FRAME_TYPES",
    "GAME_ID", "JSON_SCHEMA_OVERRIDES", "MAX_PLAYERS", "MIN_PLAYERS", "PLAYER_COUNTS", "REFERENCE",
    "REFERENCE_RULES", "STATE_TO_JSON", "TITLE", "UPGRADES", "Action", "Card", "CardFlipped", "CardPlayed",
    "Colour", "Components", "Dealt", "Event", "Flip", "GameEnded", "GnomePlaced", "Options", "Phase",
    "Place", "Placement", "Play", "PlayX", "Played", "Revealed", "Setup", "State", "TrickCleared",
    "TrickWon", "View", "action_label", "all_actions", "apply", "apply_with_events", "check_state",
    "current_player", "dealt", "decision_bound", "describe", "end_reason", "event_sentence", "is_legal",
    "is_terminal", "legal_actions", "load_components", "new_game", "observe", "observe_event",
    "parse_action", "players", "sample_hidden", "scores", "view_lines", "winners",
]

GAME_ID = "gnaughty-gnomes"
TITLE = "Gnaughty Gnomes"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
PLAYER_COUNTS = (2, 4)
JSON_SCHEMA_OVERRIDES: dict[type, dict[str, object]] = {Card: CARD_SCHEMA, State: STATE_SCHEMA}
"""The JSON Schema of the classes whose JSON is not their slots: a card (``{"rank": 5, "suit": "red"}``)
and a state (its gnomes listed per spot, kept as two bitmasks)."""
STATE_TO_JSON = state_json
"""A state's JSON text, fast (see :mod:`gremlinrules.gnaughty_gnomes.notation`)."""

_RENAMED_MODULES = {"labels": "text", "codec": "notation"}
"""Submodules renamed in issue 29 (old -> new); the old modules are deprecated shims."""
__getattr__ = module_aliases(__name__, {
    old: (new, functools.partial(importlib.import_module, f"{__name__}.{new}"))
    for old, new in _RENAMED_MODULES.items()})
