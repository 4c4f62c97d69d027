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
from gremlinrules.no_good_gremlins.fast import apply, is_legal, legal_actions
from gremlinrules.no_good_gremlins.hidden import sample_hidden
from gremlinrules.no_good_gremlins.invariants import check_state, decision_bound
from gremlinrules.no_good_gremlins.rules import current_player, is_terminal, players
from gremlinrules.no_good_gremlins.setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from gremlinrules.no_good_gremlins.state import AWAY, GONE, Options, Phase, Setup, State
from gremlinrules.no_good_gremlins.view import View, describe, observe, scores, winners

__all__ = [
    "ACTION_TYPES", "ALL_ACTIONS", "AWAY", "CONVERTER", "GAME_ID", "GONE", "MAX_PLAYERS",
    "MIN_PLAYERS", "REFERENCE", "TITLE", "Action", "Bribe", "Build", "ChromeLaunch",
    "Components", "Discard", "DrawTwo", "EndTurn", "Feed", "GremlinCard", "Launch", "Material",
    "Options", "Phase", "Scrap", "Setup", "State", "TakeScrap", "View", "all_actions", "apply",
    "check_state", "current_player", "decision_bound", "describe", "is_legal", "is_terminal",
    "legal_actions", "load_components", "new_game", "observe", "parse_components", "players",
    "sample_hidden", "scores", "validate_components", "winners",
]

GAME_ID = "no-good-gremlins"
TITLE = "No Good Gremlins"
CONVERTER = serial.make_converter(ACTION_TYPES)

REFERENCE_RULES = importlib.import_module("gremlinrules.no_good_gremlins.rules")
"""The reference rules, the rule book (see :func:`gremlinrules.get_game`'s ``reference``); the
package's own ``legal_actions``, ``is_legal`` and ``apply`` are the fast ones of ``fast``."""
