"""Whole-game facts for tools: the decision bound, and the consistency check for decoded states."""

from __future__ import annotations

from collections import Counter
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
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_the_game import flow
from gremlinrules.gremlins_the_game.actions import MAX_PLAYERS
from gremlinrules.gremlins_the_game.actions import MIN_PLAYERS
from gremlinrules.gremlins_the_game.actions import table_components
from gremlinrules.gremlins_the_game.components import HAND_LIMIT
from gremlinrules.gremlins_the_game.components import Components
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.frames import EVENT_FRAMES
from gremlinrules.gremlins_the_game.frames import FRAME_TYPES
from gremlinrules.gremlins_the_game.frames import EscapeToTheater
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import GangToTheater
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.frames import MoveGremlin
from gremlinrules.gremlins_the_game.frames import PickGremlin
from gremlinrules.gremlins_the_game.frames import PlaceGremlin
from gremlinrules.gremlins_the_game.geometry import Geometry
from gremlinrules.gremlins_the_game.geometry import table_geometry
from gremlinrules.gremlins_the_game.state import MAX_TURNS
from gremlinrules.gremlins_the_game.state import Options
from gremlinrules.gremlins_the_game.state import Outcome
from gremlinrules.gremlins_the_game.state import Phase
from gremlinrules.gremlins_the_game.state import Placed
from gremlinrules.gremlins_the_game.state import State

__all__ = ["INVARIANTS", "check_state", "decision_bound", "turn_bound"]

_TITLE = "Gremlins: The Game"


def turn_bound(comps: Components) -> int:
    """GTG-END-3: the most decisions in one turn: a start-of-turn theater space, the move, and the
    most the landing can ask: a fight and a theater space (2), a discard (1), or an event card's
    steps (a moved gremlin asks twice, every other step at most once)."""
    worst_event = max(sum(2 * f.count if f.kind == "move_gremlins" else f.count for f in e.effects)
                      for e in comps.events)
    return 2 + max(2, worst_event)


def decision_bound(players: Any, options: Any = None) -> int:
    """GTG-END-3: an upper bound on the decisions in one game: ``turn_limit`` turns of at most
    ``turn_bound`` decisions each (the house rule GTG-END-4 ends the game at the limit)."""
    check_players(players, MIN_PLAYERS, MAX_PLAYERS, _TITLE)
    opts = instance_or_default(options, Options, _TITLE)
    comps = table_components(opts)
    if not opts.bounded:
        raise SetupError("with bounded=False (the rules as written) a game may never end (GTG-END-4): "
                         "no bound")
    return opts.turn_limit * turn_bound(comps)


def _bad(msg: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"inconsistent {_TITLE} state: {msg}")


def check_state(s: State) -> None:
    """InvalidArgumentError (or ComponentError) unless ``s`` is a state the rules can reach, as far
    as the state shows, naming the bad field; a state it accepts plays on to its end."""
    check_type(s, State, f"{_TITLE} State")
    raise_first(INVARIANTS, s, _bad)


def _names(value: Any, known: Any, what: str) -> tuple[str, ...]:
    if type(value) is not tuple or not all(type(v) is str and v in known for v in value):
        raise _bad(f"{what} must list known names")
    return value


def _in_map_order(g: Geometry, names: tuple[str, ...], what: str) -> None:
    order = [g.index[n] for n in names]
    if order != sorted(set(order)):
        raise _bad(f"{what} must list distinct spaces in map order")


def _geometry(s: State) -> Geometry:
    return table_geometry(s.options.map)


def _players(s: State) -> list[str]:
    n = s.players
    if not is_int(n) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
        return [f"players {shown(n)}"]
    if type(s.options) is not Options:
        return ["options"]
    tables(table_components(s.options))  # GTG-DATA-6: a user's set is validated here
    table_geometry(s.options.map)  # GTG-MAP-7: and a user's map
    if type(s.rng) is not Rng or not is_int(s.rng.state) or not 0 <= s.rng.state < 2**64:
        return ["rng must be an Rng whose state is from 0 to 2**64 - 1 (SplitMix64's)"]
    return []


def _turn(s: State) -> list[str]:
    for name in ("first_player", "turn"):
        value = getattr(s, name)
        if not is_int(value) or not 0 <= value < s.players:
            return [f"{name} {shown(value)} is not a seat"]
    top = s.options.turn_limit - 1 if s.options.bounded else MAX_TURNS
    if not is_int(s.turn_number) or not 0 <= s.turn_number <= top:
        return [f"turn_number {shown(s.turn_number)} is not from 0 to {top}"]
    if s.turn != (s.first_player + s.turn_number) % s.players:
        return ["turn is not the seat clockwise from the first player"]
    if type(s.phase) is not Phase or type(s.outcome) is not Outcome:
        return ["phase or outcome"]
    if (s.phase is Phase.OVER) != (s.outcome is not Outcome.PLAYING):
        return ["the outcome is set exactly when the game is over"]
    return []


def _positions(s: State) -> list[str]:
    """Distinct spaces, nobody on another seat's Start (GTG-MOVE-4); a free move flag per seat."""
    g, n = _geometry(s), s.players
    positions = _names(s.positions, g.index, "positions")
    if len(positions) != n or len(set(positions)) != n:
        return ["positions must name one distinct space per seat"]
    for i, p in enumerate(positions):
        if p in g.starts[:n] and p != flow.start_of(i, g):
            return [f"seat {i} stands on another seat's Start"]
    moves = s.free_move
    if type(moves) is not tuple or len(moves) != n or not all(type(b) is bool for b in moves):
        return ["free_move must hold one true or false per seat"]
    return []


def _tokens(s: State) -> list[str]:
    """GTG-DATA-1: 12 of each; they stay on their spaces."""
    g = _geometry(s)
    _in_map_order(g, _names(s.event_tokens, set(g.event_spaces), "event_tokens"), "event_tokens")
    _in_map_order(g, _names(s.weapon_tokens, set(g.weapon_spaces), "weapon_tokens"), "weapon_tokens")
    return []


def _gremlins_once(s: State) -> list[str]:
    """The 36 gremlins, each in exactly one zone (GTG-ZONE-1)."""
    g, t = _geometry(s), tables(s.components)
    if type(s.board) is not tuple or not all(type(p) is Placed for p in s.board):
        return ["board must list placed gremlins"]
    spaces = _names(tuple(p.space for p in s.board), g.index, "board spaces")
    _in_map_order(g, spaces, "board")
    ids = list(_names(tuple(p.gremlin for p in s.board), t.gremlin, "board gremlins"))
    ids += _names(s.pool, t.gremlin, "pool") + _names(s.crowd, t.gremlin, "crowd")
    if type(s.defeated) is not tuple or len(s.defeated) != s.players:
        return ["defeated must have one row per seat"]
    for row in s.defeated:
        ids += _names(row, t.gremlin, "defeated")
    if sorted(ids) != sorted(t.gremlin):
        return ["every gremlin token must be in exactly one place"]
    return []


def _weapons_once(s: State) -> list[str]:
    """The 30 weapon cards (GTG-ZONE-1) and the hand limit (GTG-WEAPON-2)."""
    t = tables(s.components)
    if type(s.hands) is not tuple or len(s.hands) != s.players:
        return ["hands must have one row per seat"]
    cards = list(_names(s.weapon_deck, t.weapon_index, "weapon_deck"))
    cards += _names(s.weapon_discard, t.weapon_index, "weapon_discard")
    for hand in s.hands:
        held = _names(hand, t.weapon_index, "hands")
        if len(held) > HAND_LIMIT:
            return [f"a hand holds at most {HAND_LIMIT} weapon cards"]
        if list(held) != sorted(held, key=t.weapon_index.__getitem__):
            return ["a hand lists its cards in weapon order"]
        cards += held
    if Counter(cards) != Counter(t.weapon_deck):
        return ["the weapon cards differ from the component set"]
    return []


def _events_once(s: State) -> list[str]:
    t = tables(s.components)
    events = _names(s.event_deck, t.event, "event_deck") + _names(s.event_discard, t.event, "event_discard")
    if Counter(events) != Counter(t.event_deck):
        return ["the event cards differ from the component set"]
    return []


def _placed(s: State) -> list[str]:
    """Face-down gremlins lie on Gremlin spaces; face-up ones in the theater, or on the fighter's
    space during a fight; no gremlin under a player except the one being fought."""
    g, stripe = _geometry(s), tables(s.components).stripe
    occupied = set(s.positions)
    top = s.stack[-1] if s.stack else None
    fight = top if type(top) is Fight else None
    escaping = top.origin if type(top) is EscapeToTheater else None
    here = s.positions[s.turn]
    for p in s.board:
        fought = p.space == here and (fight is not None or p.space == escaping)
        found = _placed_problem(p, stripe, g, fought)
        if found is None and p.space in occupied and not fought:
            found = f"a gremlin under a player on {p.space}"
        if found is not None:
            return [found]
    return []


def _placed_problem(p: Placed, stripe: str, g: Geometry, fought: bool) -> str | None:
    """What is wrong with one placed gremlin's flags and space (``fought``: the fight's)."""
    if type(p.face_up) is not bool or type(p.from_pool) is not bool:
        return "face_up and from_pool must be true or false"
    if p.from_pool and p.face_up:
        return "from_pool marks face-down tokens only"
    if p.gremlin == stripe and not p.face_up and not p.from_pool:
        return "Stripe is never among the tokens placed at setup (GTG-SETUP-3)"
    if p.face_up:
        if p.space not in g.theater_set and not fought:
            return f"a face-up gremlin outside the theater on {p.space}"
    elif p.space not in g.gremlin_spaces:
        return f"a face-down gremlin off the Gremlin spaces on {p.space}"
    return None


def _tokens_taken(s: State) -> list[str]:
    """An event or weapon token is taken as it is landed on, before its activity, in every phase
    (GTG-EVENT-1, GTG-WEAPON-1)."""
    occupied = set(s.positions)
    for name in (*s.event_tokens, *s.weapon_tokens):
        if name in occupied:
            return [f"a token under a player on {shown(name)}"]
    return []


def _outcome(s: State) -> list[str]:
    """Stripe's defeat ends the game (GTG-STRIPE-2); the pool_empty outcome needs Stripe in the
    theater and an empty pool."""
    stripe = tables(s.components).stripe
    won = any(stripe in row for row in s.defeated)
    if won != (s.outcome is Outcome.STRIPE_DEFEATED):
        return ["Stripe's defeat ends the game, and only it is that outcome"]
    if s.outcome is Outcome.POOL_EMPTY and (s.pool or not flow.stripe_in_theater(s)):
        return ["the pool_empty outcome needs Stripe in the theater and an empty pool"]
    return []


def _legal(s: State) -> list[str]:
    if s.phase is not Phase.OVER:
        from gremlinrules.gremlins_the_game.rules import legal_actions

        if not legal_actions(s):
            return ["no legal action before the end"]
    return []


def _frames(s: State) -> list[str]:
    """At most one frame (the frame classes validate their own fields), none once the game is
    over; the turn owner's, and what only the state can show: the start-of-turn theater choice
    only while the pool lasts, and what the frame is bound to is on the table. (Whether the move
    is made is the frame's class, :attr:`.State.resolving`: no field can disagree with it.)"""
    stack = s.stack
    if type(stack) is not tuple or len(stack) > 1 or not all(type(f) in FRAME_TYPES for f in stack):
        return ["at most one pending decision"]
    if s.phase is Phase.OVER:
        return ["a finished game has no pending decision"] if stack else []
    if not stack:
        return []
    f = stack[0]
    if f.seat != s.turn:
        return [f"a pending decision the rules cannot ask: {shown(f)}"]
    if type(f) is GangToTheater and not s.pool:
        return ["the start-of-turn theater choice comes only while the pool lasts"]
    return []


def _pending(s: State) -> Any:
    """The frame pending in a game going on (after :func:`_frames`), or None."""
    return s.stack[0] if s.stack and s.phase is not Phase.OVER else None


def _fight_frame(s: State) -> list[str]:
    """A fight stands on the revealed gremlin (GTG-FIGHT-1)."""
    f = _pending(s)
    if not isinstance(f, Fight):
        return []
    placed = flow.placed_at(s, s.positions[s.turn])
    if placed is None or not placed.face_up or placed.gremlin != f.gremlin:
        return ["a fight stands on the revealed gremlin"]
    return []


def _escape_frame(s: State) -> list[str]:
    """An escape's theater choice: from the fighter's space, the gremlin face up, outside the
    theater (GTG-FIGHT-4)."""
    f = _pending(s)
    if not isinstance(f, EscapeToTheater):
        return []
    here = s.positions[s.turn]
    placed = flow.placed_at(s, here)
    if f.origin != here or placed is None or not placed.face_up or here in _geometry(s).theater_set:
        return ["an escape's theater choice"]
    return []


def _event_frame(s: State) -> list[str]:
    """An event's choice names the event card just drawn; an effect with nothing to act on is
    skipped, so it never asks (GTG-EVENT-2)."""
    f = _pending(s)
    if not isinstance(f, EVENT_FRAMES):
        return []
    if f.card not in tables(s.components).event or s.event_discard[-1:] != (f.card,):
        return ["an event's choice names the event card just drawn"]
    if isinstance(f, MoveGremlin):
        moved = flow.placed_at(s, f.origin)
        if moved is None or moved.face_up:
            return ["a moved gremlin is face down on the board"]
    if isinstance(f, PlaceGremlin) and not s.pool:
        return ["a new gremlin comes from the pool, which is empty"]
    if isinstance(f, PickGremlin) and not flow.empty_gremlin_spaces(s):
        return ["a gremlin is moved only while a Gremlin space is empty"]
    return []


def _hand_limit_frame(s: State) -> list[str]:
    """A hand-limit discard comes before a draw into a full hand (GTG-WEAPON-2)."""
    f = _pending(s)
    if isinstance(f, HandLimit) and len(s.hands[s.turn]) < HAND_LIMIT:
        return ["a hand-limit discard comes before a draw into a full hand"]
    return []


INVARIANTS: tuple[Invariant[State], ...] = (
    Invariant("players, options and generator", "GTG-DATA-6", _players),
    Invariant("turn and phase", "GTG-TURN-1", _turn),
    Invariant("positions", "GTG-MOVE-4", _positions),
    Invariant("tokens", "GTG-DATA-1", _tokens),
    Invariant("gremlins conserved", "GTG-ZONE-1", _gremlins_once),
    Invariant("weapon cards conserved", "GTG-ZONE-1", _weapons_once),
    Invariant("event cards conserved", "GTG-ZONE-1", _events_once),
    Invariant("placed gremlins", "GTG-ZONE-1", _placed),
    Invariant("tokens taken", "GTG-EVENT-1", _tokens_taken),
    Invariant("outcome", "GTG-STRIPE-2", _outcome),
    # the decision stack: the frames' own fields are their classes' validators
    Invariant("frames", "GTG-END-3", _frames),
    Invariant("fight frame", "GTG-FIGHT-1", _fight_frame),
    Invariant("escape frame", "GTG-FIGHT-4", _escape_frame),
    Invariant("event frames", "GTG-EVENT-2", _event_frame),
    Invariant("hand-limit frame", "GTG-WEAPON-2", _hand_limit_frame),
    Invariant("a legal action", "GTG-END-3", _legal),
)
"""Every invariant of a state, in the order :func:`check_state` runs them (it names the first
problem: each check may rely on the ones before). A check may also raise the error (:func:`_bad`)
at once."""
