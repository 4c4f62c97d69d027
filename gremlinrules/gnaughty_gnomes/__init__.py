"""Gnaughty Gnomes: partnership may-follow trick-taking on a 13-hex mushroom garden.

>>> from gremlinrules.gnaughty_gnomes import new_game, legal_actions, apply
>>> state = new_game(4, seed=1)
>>> state = apply(state, legal_actions(state)[0])

Seats, positions and partners: see :mod:`gremlinrules.gnaughty_gnomes.state`.
"""

from __future__ import annotations

import importlib
from typing import Any

from gremlinrules.core.checks import check_players, check_type, is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.gnaughty_gnomes.actions import ACTION_TYPES, ACTIONS, Action, Flip, Place, Play, PlayX
from gremlinrules.gnaughty_gnomes.board import BOARD, N_SPOTS
from gremlinrules.gnaughty_gnomes.codec import CONVERTER, state_json
from gremlinrules.gnaughty_gnomes.components import CARDS, COMPONENTS, Card, Colour, load_components
from gremlinrules.gnaughty_gnomes.hidden import sample_hidden
from gremlinrules.gnaughty_gnomes.rules import apply, current_player, is_legal, legal_actions, position_to_act
from gremlinrules.gnaughty_gnomes.scoring import scores, winners
from gremlinrules.gnaughty_gnomes.setup import new_game
from gremlinrules.gnaughty_gnomes.state import Options, Phase, Played, Setup, State
from gremlinrules.gnaughty_gnomes.view import View, observe

__all__ = [
    "ACTIONS", "ACTION_TYPES", "BOARD", "CARDS", "CONVERTER", "GAME_ID", "MAX_PLAYERS", "MIN_PLAYERS",
    "PLAYER_COUNTS", "STATE_TO_JSON",
    "TITLE", "Action", "Card", "Colour", "Flip", "Options", "Phase", "Place", "Play", "PlayX", "Played",
    "Setup", "State", "View", "all_actions", "apply", "check_state", "current_player",
    "decision_bound", "describe", "is_legal", "is_terminal", "legal_actions", "load_components",
    "new_game", "observe", "players", "sample_hidden", "scores", "winners",
]

GAME_ID = "gnaughty-gnomes"
TITLE = "Gnaughty Gnomes"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
PLAYER_COUNTS = (2, 4)
STATE_TO_JSON = state_json
"""A state's JSON text, fast (see :mod:`gremlinrules.gnaughty_gnomes.codec`)."""


def players(state: State) -> int:
    """The number of seats (2 or 4)."""
    check_type(state, State, "Gnaughty Gnomes State")
    return state.players


def is_terminal(state: State) -> bool:
    """True after the eighth trick's placements (GG-END-1)."""
    check_type(state, State, "Gnaughty Gnomes State")
    return state.phase is Phase.OVER


def all_actions(players: int, options: Options | None = None) -> tuple[Action, ...]:
    """Every action that can ever be legal: the fixed action space (GG-ACT-1).

    The same for 2 and 4 players: 32 Play, 64 PlayX, 4 x 92 Place, 4 Flip.
    """
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    return ACTIONS


def decision_bound(players: int, options: Options | None = None) -> int:
    """Every game takes exactly 64 decisions: 8 tricks of 4 plays and 4 placements (GG-END-1)."""
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    return COMPONENTS.tricks * 8


def describe(state: State, action: Any) -> str:
    """One readable line for ``action`` taken in ``state`` (for logs and the demo)."""
    check_type(state, State, "Gnaughty Gnomes State")
    pos = position_to_act(state)
    who = f"Seat {pos}" if state.players == 4 or pos < 2 else f"Seat {pos % 2} (for its dummy)"
    if isinstance(action, Play):
        return f"{who} plays {action.card}"
    if isinstance(action, PlayX):
        return f"{who} plays the {action.suit.value} X as {action.rank} {'high' if action.high else 'low'}"
    if isinstance(action, Place):
        return f"{who} uses the {action.suit.value} card and places a gnome {_where(state, action.spot)}"
    if isinstance(action, Flip):
        return f"{who} flips the {action.suit.value} card: no open spot for a gnome"
    return f"{who}: {action!r}"


def _where(state: State, spot: Any) -> str:
    """Where a spot is, in words: the hexes (and their colours) it touches."""
    if not (is_int(spot) and 0 <= spot < N_SPOTS):
        return f"on spot {spot!r}"
    info = BOARD.spots[spot]
    hexes = " / ".join(f"{state.layout[h].value} hex {h}" for h in info.board_hexes)
    if info.kind == "edge" and len(info.board_hexes) == 1:
        return f"on the rim side of the {hexes} (edge {spot})"
    between = "side between" if info.kind == "edge" else "corner of"
    return f"on the {between} {hexes} ({info.kind} {spot})"


def check_state(state: State) -> None:
    """Raise InvalidArgumentError unless ``state`` is consistent (GG-INV-1)."""
    check_type(state, State, "Gnaughty Gnomes State")
    from gremlinrules.gnaughty_gnomes.invariants import problems

    found = problems(state)
    if found:
        raise InvalidArgumentError("; ".join(found))

REFERENCE_RULES = importlib.import_module("gremlinrules.gnaughty_gnomes.rules")
"""The reference rules (see :func:`gremlinrules.get_game`'s ``reference``)."""
