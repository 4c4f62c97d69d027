"""Whole-game facts: whose decision, the action space, the decision bound, the
one-line descriptions, and the consistency check for decoded states."""

from __future__ import annotations

from typing import Any

from gremlinrules.core.checks import check_players, check_type, instance_or_default, is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.no_good_gremlins.actions import (
    ALL_ACTIONS,
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
)
from gremlinrules.no_good_gremlins.components import (
    MATERIAL_COUNT,
    THUNDERSTORM,
    Material,
    validate_components,
)
from gremlinrules.no_good_gremlins.flow import meal_choices
from gremlinrules.no_good_gremlins.setup import MAX_PLAYERS, MIN_PLAYERS
from gremlinrules.no_good_gremlins.state import AWAY, GONE, Options, Phase, State

__all__ = [
    "all_actions", "check_state", "current_player", "decision_bound", "describe",
    "is_terminal", "players",
]

_TITLE = "No Good Gremlins"


def players(s: State) -> int:
    """The number of seats."""
    check_type(s, State, "No Good Gremlins State")
    return s.players


def is_terminal(s: State) -> bool:
    """True once the finale's launches are done."""
    check_type(s, State, "No Good Gremlins State")
    return s.phase is Phase.OVER


def current_player(s: State) -> int | None:
    """The seat that must decide (always the turn owner); None when the game is over."""
    check_type(s, State, "No Good Gremlins State")
    return None if s.phase is Phase.OVER else s.turn


def _options(options: Any) -> Options:
    return instance_or_default(options, Options, "No Good Gremlins")


def all_actions(players: Any, options: Any = None) -> tuple[Any, ...]:
    """Every action that can ever be legal (45 of them, for any player count), in canonical order."""
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, _TITLE)
    _options(options)
    return ALL_ACTIONS


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
    opts = _options(options)
    per_turn = 4 * MATERIAL_COUNT + 4
    return (opts.round_limit + 1) * n * per_turn + 4 * MATERIAL_COUNT


def describe(s: State, action: Any) -> str:
    """One readable line for ``action`` by the seat to move in ``s``."""
    check_type(s, State, "No Good Gremlins State")
    who = f"Seat {s.turn}"
    kind = type(action)
    m = getattr(action, "material", None)
    name = m.value if type(m) is Material else repr(m)
    if kind is DrawTwo:
        return f"{who} draws two cards from the materials deck"
    if kind is TakeScrap:
        top = s.scrapheap[-1] if s.scrapheap else None
        what = list(Material)[top].value if top is not None else "nothing"
        return f"{who} takes {what} cards from the scrapheap"
    if kind is EndTurn:
        return f"{who} ends the turn"
    a = "an" if name[:1] in ("a", "e", "i", "o", "u") else "a"
    lines = {
        Discard: f"{who} puts {a} {name} card on the scrapheap",
        Build: f"{who} builds {a} {name} card onto their {name} rocket",
        Launch: f"{who} launches their {name} rocket",
        ChromeLaunch: f"{who} launches their {name} rocket with the chrome bribe",
        Scrap: f"{who} scraps their {name} rocket",
        Bribe: f"{who} bribes the Wandering Gremlin with {a} {name} card",
        Feed: f"{who} feeds the Wandering Gremlin {a} {name} card from their launch pad",
    }
    return lines.get(kind, f"{who} tries {action!r}")


def _bad(msg: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"inconsistent No Good Gremlins state: {msg}")


def _row(row: Any, what: str) -> tuple[int, ...]:
    if len(row) != 6 or any(not is_int(k) or k < 0 for k in row):
        raise _bad(f"{what} must be six non-negative counts")
    return tuple(row)


def check_state(s: State) -> None:
    """InvalidArgumentError (or ComponentError) unless ``s`` is a state the rules can reach."""
    check_type(s, State, "No Good Gremlins State")
    n = s.players
    if not is_int(n) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise _bad(f"players {n!r}")
    comps = validate_components(s.components)
    for name in ("hands", "pads", "medals"):
        if len(getattr(s, name)) != n:
            raise _bad(f"{name} must have one row per seat")
    totals = list(_row(s.removed, "removed"))
    for name in ("hands", "pads", "medals"):
        for row in getattr(s, name):
            for t, k in enumerate(_row(row, name)):
                totals[t] += k
    for card in s.deck + s.scrapheap:
        if not 0 <= card < 6:
            raise _bad(f"material index {card}")
        totals[card] += 1
    if tuple(totals) != comps.counts:  # NGG-ZONE-1
        raise _bad(f"material cards per type {totals} differ from the component set {comps.counts}")
    if any(sum(1 for k in pad if k) > 3 for pad in s.pads):
        raise _bad("a launch pad holds more than three rockets")
    gcount = [0] * 7
    for g in s.gremlin_deck + s.gremlin_discard + s.threat:
        if not 0 <= g <= THUNDERSTORM:
            raise _bad(f"gremlin card {g}")
        gcount[g] += 1
    if gcount != [*comps.gremlins, comps.thunderstorms]:
        raise _bad("the gremlin cards differ from the component set")
    if list(s.threat) != sorted(set(s.threat)) or THUNDERSTORM in s.threat:
        raise _bad("the threat area holds at most one gremlin of each type, sorted")
    if not (s.wanderer in (AWAY, GONE) or 0 <= s.wanderer < n) or (
            (s.wanderer == GONE) != (s.phase is Phase.OVER)):
        raise _bad(f"wanderer {s.wanderer}")
    if not 0 <= s.turn < n or s.round < 1 or not 0 <= s.final_turns <= n:
        raise _bad("turn, round or final turns out of range")
    if min(s.mains, s.builds, s.chrome) < 0 or s.open_build not in (0, 1):
        raise _bad("negative action budget")
    if not s.finale and (not s.deck or s.final_turn or s.phase is Phase.OVER or s.final_turns):
        raise _bad("before the finale the deck is never empty and no turn is final")
    if s.phase is Phase.DISCARD and not any(s.hands[s.turn]):
        raise _bad("a discard is pending from an empty hand")
    if s.phase is Phase.FINAL_OPENING and not s.scrapheap:
        raise _bad("a final turn cannot open on an empty scrapheap")
    if s.phase is Phase.EAT and not meal_choices(s):
        raise _bad("a choice of meal is pending but no rockets tie under wanderer_tie='holder_chooses'")
    if (s.phase is Phase.FINAL_OPENING) != (s.final_turn and s.phase is Phase.FINAL_OPENING) or (
            s.phase in (Phase.OPENING, Phase.DISCARD) and s.final_turn):
        raise _bad("phase does not match the kind of turn")
