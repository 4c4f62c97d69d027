"""Whole-game facts for tools: the decision bound, and the consistency check for decoded states."""

from __future__ import annotations

from typing import Any

from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import instance_or_default
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import shown
from gremlinrules.core.invariants import Invariant
from gremlinrules.core.invariants import raise_first
from gremlinrules.no_good_gremlins.components import MATERIAL_COUNT
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.components import THUNDERSTORM
from gremlinrules.no_good_gremlins.components import validate_components
from gremlinrules.no_good_gremlins.flow import meal_choices
from gremlinrules.no_good_gremlins.frames import MealChoice
from gremlinrules.no_good_gremlins.setup import MAX_PLAYERS
from gremlinrules.no_good_gremlins.setup import MIN_PLAYERS
from gremlinrules.no_good_gremlins.setup import table_components
from gremlinrules.no_good_gremlins.state import AWAY
from gremlinrules.no_good_gremlins.state import GONE
from gremlinrules.no_good_gremlins.state import MAX_ROUND
from gremlinrules.no_good_gremlins.state import Options
from gremlinrules.no_good_gremlins.state import Phase
from gremlinrules.no_good_gremlins.state import State

__all__ = ["INVARIANTS", "check_state", "decision_bound"]

_TITLE = "No Good Gremlins"
_INT = {int}


def decision_bound(players: Any, options: Any = None) -> int:
    """NGG-END-2: an upper bound on the decisions in one game.

    At most ``round_limit`` rounds of normal turns plus one final turn each gives
    ``T = (round_limit + 1) * players`` turns. In a turn, apart from the opening
    (two decisions at most), EndTurn and the holder's Feed (NGG-WANDER-5, under its
    option), every decision moves at least one material card out of a hand or off
    a launch pad, and no card can move more than four times that way in one turn,
    so a turn has at most ``4 * 84 + 4`` decisions; the single 4-5 player rebuild
    can let each card go round once more.
    """
    n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, _TITLE)
    opts = instance_or_default(options, Options, _TITLE)
    table_components(opts)  # a user's own set (NGG-DATA-6) has 84 cards too, so the bound holds
    if not opts.bounded:
        raise SetupError("with bounded=False (the rules as written) a game may never end "
                         "(NGG-END-3): no bound")
    per_turn = 4 * MATERIAL_COUNT + 4
    return (opts.round_limit + 1) * n * per_turn + 4 * MATERIAL_COUNT


def _bad(msg: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"inconsistent No Good Gremlins state: {msg}")


def _row(row: Any, what: str) -> tuple[int, ...]:
    if type(row) is tuple and len(row) == 6 and set(map(type, row)) == _INT and min(row) >= 0:
        return row  # the usual case, in C: six plain non-negative ints
    if len(row) != 6 or any(not is_int(k) or k < 0 for k in row):
        raise _bad(f"{what} must be six non-negative counts")
    return tuple(row)


def check_state(s: State) -> None:
    """InvalidArgumentError (or ComponentError) unless ``s`` is a state the rules can reach
    (as far as the state shows), naming the bad field; a state it accepts plays on to its end."""
    check_type(s, State, "No Good Gremlins State")
    raise_first(INVARIANTS, s, _bad)


def _players(s: State) -> list[str]:
    n = s.players
    if not is_int(n) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return [f"players {shown(n)}"]
    comps = validate_components(s.components)
    if s.options.components is not None and s.options.components != comps:
        return ["the state's components differ from its options' component set"]
    for name in ("hands", "pads", "medals"):
        if len(getattr(s, name)) != n:
            return [f"{name} must have one row per seat"]
    return []


def _materials_once(s: State) -> list[str]:
    """NGG-ZONE-1: the material cards per type are the component set's."""
    totals = list(_row(s.removed, "removed"))
    for name in ("hands", "pads", "medals"):
        for row in getattr(s, name):
            for t, k in enumerate(_row(row, name)):
                totals[t] += k
    for card in s.deck + s.scrapheap:
        if not 0 <= card < 6:
            return [f"material index {card}"]
        totals[card] += 1
    counts = s.components.counts
    if tuple(totals) != counts:
        return [f"material cards per type {totals} differ from the component set {counts}"]
    if any(sum(1 for k in pad if k) > 3 for pad in s.pads):
        return ["a launch pad holds more than three rockets"]
    return []


def _gremlins_once(s: State) -> list[str]:
    """The gremlin cards are the component set's; the threat area holds one of a type at most."""
    gcount = [0] * 7
    for g in s.gremlin_deck + s.gremlin_discard + s.threat:
        if not 0 <= g <= THUNDERSTORM:
            return [f"gremlin card {g}"]
        gcount[g] += 1
    comps = s.components
    if gcount != [*comps.gremlins, comps.thunderstorms]:
        return ["the gremlin cards differ from the component set"]
    if list(s.threat) != sorted(set(s.threat)) or THUNDERSTORM in s.threat:
        return ["the threat area holds at most one gremlin of each type, sorted"]
    if not (s.wanderer in (AWAY, GONE) or 0 <= s.wanderer < s.players) or (
            (s.wanderer == GONE) != (s.phase is Phase.OVER)):
        return [f"wanderer {s.wanderer}"]
    return []


def _counters(s: State) -> list[str]:
    _check_counters(s, s.players)
    return []


def _finale(s: State) -> list[str]:
    if not s.finale and (not s.deck or s.final_turn or s.phase is Phase.OVER or s.final_turns):
        return ["before the finale the deck is never empty and no turn is final"]
    _check_finale(s, s.players)
    return []


def _turn_phase(s: State) -> list[str]:
    if s.phase is Phase.DISCARD and not any(s.hands[s.turn]):
        return ["a discard is pending from an empty hand"]
    if s.phase is Phase.FINAL_OPENING and not s.scrapheap:
        return ["a final turn cannot open on an empty scrapheap"]
    return []


def _stack(s: State) -> list[str]:
    _check_stack(s)
    return []


def _kind_of_turn(s: State) -> list[str]:
    if (s.phase is Phase.FINAL_OPENING) != (s.final_turn and s.phase is Phase.FINAL_OPENING) or (
            s.phase in (Phase.OPENING, Phase.DISCARD) and s.final_turn):
        return ["phase does not match the kind of turn"]
    return []


INVARIANTS: tuple[Invariant[State], ...] = (
    Invariant("players and components", "NGG-DATA-6", _players),
    Invariant("material cards conserved", "NGG-ZONE-1", _materials_once),
    Invariant("gremlin cards conserved", "NGG-ZONE-1", _gremlins_once),
    Invariant("counters", "NGG-END-3", _counters),
    Invariant("finale", "NGG-FINALE-1", _finale),
    Invariant("turn phase", "NGG-TURN-1", _turn_phase),
    Invariant("decision stack", "NGG-WANDER-5", _stack),
    Invariant("kind of turn", "NGG-FINALE-3", _kind_of_turn),
)
"""Every invariant of a state, in the order :func:`check_state` runs them (it names the first
problem: each check may rely on the ones before). A check may also raise the error (:func:`_bad`)
at once."""


def _check_stack(s: State) -> None:
    """The decision stack holds at most the one MealChoice, for the turn owner, bound to the
    rocket types that tie right now (NGG-WANDER-5). (The frame's own validators have checked its
    fields: a seat, two or more materials in order.)"""
    if not s.stack:
        return
    if len(s.stack) != 1 or s.phase is not Phase.MAIN:
        raise _bad("at most one pending decision, in the main part of a turn")
    frame = s.stack[0]
    tied = tuple(MATERIALS[t] for t in meal_choices(s))
    if type(frame) is not MealChoice or frame.seat != s.turn or frame.among != tied:
        raise _bad(f"a pending decision the rules cannot ask: {shown(frame)}")


def _int_field(s: State, name: str, low: int, high: int, why: str) -> None:
    value = getattr(s, name)
    if not is_int(value) or not low <= value <= high:
        raise _bad(f"{name} {shown(value)} is not from {low} to {high} ({why})")


def _bool_field(s: State, name: str) -> None:
    if type(getattr(s, name)) is not bool:
        raise _bad(f"{name} must be true or false, not {shown(getattr(s, name))}")


def _check_counters(s: State, n: int) -> None:
    """Every counter within what play can make of it, naming the field: the turn's budget grows
    only by bribes, each paying a card that is then out of the game (copper NGG-BRIBE-4, steel
    NGG-BRIBE-5, chrome NGG-BRIBE-6), and the round by the round limit (NGG-END-3)."""
    for name in ("no_eat", "final_turn", "rebuilt", "finale", "hand_emptied"):
        _bool_field(s, name)
    opts = s.options
    _int_field(s, "turn", 0, n - 1, "a seat")
    top = opts.round_limit + 1 if opts.bounded else MAX_ROUND
    _int_field(s, "round", 1, top, "the round limit" if opts.bounded else "the largest round")
    if opts.bounded and s.round > opts.round_limit and not s.finale:
        raise _bad(f"round {s.round} is past the round limit {opts.round_limit} without the finale")
    _int_field(s, "final_turns", 0, n, "one final turn per seat")
    removed = s.removed
    if s.rebuilt and opts.rebuild_from == "scrapheap_and_removed":
        # NGG-DECK-3: that rebuild shuffles the bribes paid earlier in its turn back into the
        # deck, so from then on only the component set bounds what was paid
        removed = s.components.counts
    _int_field(s, "mains", 0, 1 + removed[4], "one, plus one per steel bribe paid")
    base = opts.finale_builds if s.final_turn else 0
    _int_field(s, "builds", 0, base + removed[3], "the finale's, plus one per copper bribe paid")
    _int_field(s, "chrome", 0, removed[5], "one per chrome bribe paid")
    _int_field(s, "open_build", 0, 1, "the second card of a build action")
    if s.no_eat and not removed[1]:
        raise _bad("no_eat without a wood bribe paid")
    if s.open_build and s.phase is not Phase.MAIN:
        raise _bad("open_build outside the main part of a turn")
    if s.hand_emptied and opts.hand_refill != "ever_empty":
        raise _bad("hand_emptied is kept only under hand_refill='ever_empty'")
    if s.wanderer == AWAY and any(any(m) for m in s.medals):
        raise _bad("medals won while the Wandering Gremlin is still set aside (NGG-WANDER-1)")
    if s.rebuilt and n < 4:
        raise _bad("rebuilt with fewer than four players (NGG-DECK-2)")


def _check_finale(s: State, n: int) -> None:
    """The finale's fields agree (NGG-FINALE-1, NGG-FINALE-3, NGG-END-3): the finale begins when
    the deck runs out (during a turn, which then ends normally with every final turn still to
    come) or when the round limit passes (between turns); the game over is a finished state."""
    if not s.finale:
        return
    opts = s.options
    by_limit = opts.bounded and s.round > opts.round_limit
    if s.deck and not by_limit:
        raise _bad("the finale began with cards left in the deck before the round limit")
    if s.phase is Phase.OVER:
        if s.final_turns or s.mains or s.builds or s.open_build or s.chrome or s.no_eat or s.stack:
            raise _bad("a finished game has no turn budget, final turns or pending decision")
        return
    if not s.final_turn and s.final_turns != n:
        raise _bad("the turn that ran out the deck comes before every final turn")
    if s.final_turn and s.final_turns >= n:
        raise _bad("final_turns counts the final turns still to begin after this one")
