"""Goblins vs Gnomes: hidden teams race a tunnel to the Gold, rounds to 9 points.

>>> from gremlinrules.goblins_vs_gnomes import new_game, legal_actions, apply
>>> state = new_game(4, seed=1)
>>> state = apply(state, legal_actions(state)[0])

Seats 0..n-1 play in increasing order. The field: the start on (0, 0), the
targets on (8, -2), (8, 0), (8, 2); see :mod:`.geometry`.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from gremlinrules.core import serial
from gremlinrules.core.checks import check_players, check_seed, check_type, instance_or_default, is_int
from gremlinrules.core.errors import IllegalActionError, InvalidArgumentError, SetupError
from gremlinrules.core.rng import Rng
from gremlinrules.goblins_vs_gnomes.actions import (
    ACTION_TYPES,
    Action,
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
from gremlinrules.goblins_vs_gnomes.components import (
    COMPONENTS,
    Components,
    load_components,
    validate_components,
)
from gremlinrules.goblins_vs_gnomes.geometry import Kit, options_kit
from gremlinrules.goblins_vs_gnomes.hidden import sample_hidden
from gremlinrules.goblins_vs_gnomes.rounds import deal_round
from gremlinrules.goblins_vs_gnomes.rules import apply, current_player, is_legal, legal_actions
from gremlinrules.goblins_vs_gnomes.state import TARGETS, Options, Phase, Setup, State, Tile
from gremlinrules.goblins_vs_gnomes.view import View, observe

__all__ = [
    "ACTION_TYPES",
    "COMPONENTS",
    "CONVERTER",
    "GAME_ID",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "TARGETS",
    "TITLE",
    "Action",
    "Components",
    "IllegalActionError",
    "InvalidArgumentError",
    "NameSkip",
    "OpenTarget",
    "Options",
    "Pass",
    "Phase",
    "Place",
    "PlayExplosion",
    "PlayMap",
    "PlayPotion",
    "Setup",
    "Slot",
    "State",
    "Steal",
    "Swap",
    "Tile",
    "View",
    "all_actions",
    "apply",
    "check_state",
    "current_player",
    "decision_bound",
    "describe",
    "is_legal",
    "is_terminal",
    "legal_actions",
    "load_components",
    "new_game",
    "observe",
    "players",
    "sample_hidden",
    "scores",
    "validate_components",
    "winners",
]

GAME_ID = "goblins-vs-gnomes"
TITLE = "Goblins vs Gnomes"
MIN_PLAYERS = 3
"""GVG-SETUP-1: with two players each would know the other's role."""
MAX_PLAYERS = 8
CONVERTER = serial.make_converter(ACTION_TYPES)
_NAME = "Goblins vs Gnomes State"


def new_game(players: int, seed: int = 0, *, options: Options | None = None,
             setup: Setup | None = None) -> State:
    """A new match: counters at 0, the first round dealt (GVG-SETUP-1 to GVG-SETUP-5)."""
    n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    seed = check_seed(seed)
    options = _options(options)
    if setup is not None and type(setup) is not Setup:
        raise SetupError(f"setup must be a goblins_vs_gnomes.Setup, not {type(setup).__name__}")
    first = setup.first_player if setup is not None else 0
    if not is_int(first) or not 0 <= first < n:
        raise SetupError(f"setup.first_player must be a seat from 0 to {n - 1}")
    return deal_round(n, options, Rng.from_seed(seed), tuple(0 for _ in range(n)), 1, first, setup)


def players(state: State) -> int:
    """The number of seats."""
    check_type(state, State, _NAME)
    return state.players


def is_terminal(state: State) -> bool:
    """True once a seat reached 9 points, or the round limit is reached (GVG-END-4)."""
    check_type(state, State, _NAME)
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's victory points."""
    check_type(state, State, _NAME)
    return state.points


def winners(state: State) -> tuple[int, ...]:
    """The winning seat(s); empty until the match is over (GVG-SCORE-5, GVG-BOUND-1)."""
    check_type(state, State, _NAME)
    return state.winners


def _options(options: Any) -> Options:
    return instance_or_default(options, Options, "Goblins vs Gnomes")


@cache
def _actions(players: int, rotation: bool, kit: Kit) -> tuple[Action, ...]:
    seat_types = (PlayPotion, NameSkip, Steal)
    return tuple(
        a for a in kit.all_actions
        if not (isinstance(a, seat_types) and a.offset >= players)
        and not (isinstance(a, Place) and a.rotated and not rotation)
    )


def all_actions(players: int, options: Options | None = None) -> tuple[Action, ...]:
    """Every action that can ever be legal for this many seats, in canonical order (GVG-ACT-1).

    The Place and Explosion actions come from the options' component set (GVG-COMP-7).
    """
    n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    opts = _options(options)
    return _actions(n, opts.rotation, options_kit(opts))


def round_bound(players: int, options: Options | None = None) -> int:
    """The most decisions one round can take under the bounded options (GVG-BOUND-2)."""
    n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    opts = _options(options)
    if not opts.bounded:
        raise SetupError("with bounded=False a round may never end (endless swaps): no bound")
    comps = options_kit(opts).components
    cards = len(comps.deck)
    mugs = sum(d.count for d in comps.designs if d.kind == "ale-mug")
    swaps = n * opts.swap_limit
    plays = cards + mugs + 2 + 1  # every card leaves a hand once; Ale Mug names; order choices; steal
    passes = n * (cards + swaps + 1)  # fewer than n passes between two plays or swaps, n at the end
    return plays + swaps + passes


def decision_bound(players: int, options: Options | None = None) -> int:
    """A proven upper bound on the decisions in a match (GVG-BOUND-2).

    Raises SetupError for ``bounded=False``: the rules as written allow a match
    that never ends (GVG-BOUND-1).
    """
    return round_bound(players, options) * _options(options).round_limit


def _other(state: State, offset: int) -> int:
    return (state.turn + offset) % state.players


def describe(state: State, action: Any) -> str:
    """One readable line for ``action`` taken in ``state``."""
    check_type(state, State, _NAME)
    who = f"Seat {state.turn}"
    if isinstance(action, Place):
        turned = ", turned" if action.rotated is True else ""
        return f"{who} lays {action.card} on ({action.x}, {action.y}){turned}"
    if isinstance(action, PlayMap) and isinstance(action.target, Slot):
        return f"{who} plays a Map and looks at the {action.target.value} target"
    if isinstance(action, PlayExplosion):
        return f"{who} blows up the {action.card} on ({action.x}, {action.y})"
    if isinstance(action, PlayPotion) and is_int(action.offset):
        return f"{who} drinks a Potion and swaps role cards with seat {_other(state, action.offset)}"
    if isinstance(action, Swap):
        return f"{who} puts a card under the deck and draws"
    if isinstance(action, Pass):
        return f"{who} cannot play, shows their hand and passes"
    if isinstance(action, NameSkip) and is_int(action.offset):
        return f"{who} names seat {_other(state, action.offset)} to skip their next turn"
    if isinstance(action, OpenTarget) and isinstance(action.target, Slot):
        return f"{who} opens the {action.target.value} target first"
    if isinstance(action, Steal) and is_int(action.offset):
        return f"{who} (the Greedy One) steals a point from seat {_other(state, action.offset)}"
    return f"{who}: {action!r}"


def check_state(state: State) -> None:
    """Raise InvalidArgumentError unless ``state`` is consistent (GVG-INV-1 to GVG-INV-5)."""
    check_type(state, State, _NAME)
    from gremlinrules.goblins_vs_gnomes.invariants import problems

    try:
        found = problems(state)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
        raise InvalidArgumentError(f"malformed state: {exc}") from exc
    if found:
        raise InvalidArgumentError("; ".join(found))

REFERENCE_RULES = importlib.import_module("gremlinrules.goblins_vs_gnomes.rules")
"""The reference rules (see :func:`gremlinrules.get_game`'s ``reference``)."""
