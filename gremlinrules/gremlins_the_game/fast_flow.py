"""The usual transitions of :mod:`.flow`, each in one constructor call
(:func:`gremlinrules.core.evolve.make_updater`) instead of one per step.

Every function here takes an action the fast path knows to be legal and gives exactly the
state :mod:`.flow` gives; anything unusual (an event card, the Town Square, a full hand or an
empty deck, Stripe in the theater or defeated, the turn limit) goes to :mod:`.flow` itself.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.evolve import make_updater
from gremlinrules.core.piles import draw_or_rebuild
from gremlinrules.core.zones import replace_at
from gremlinrules.gremlins_the_game import flow
from gremlinrules.gremlins_the_game.actions import LetEscape
from gremlinrules.gremlins_the_game.components import HAND_LIMIT
from gremlinrules.gremlins_the_game.fast_moves import MoveTable
from gremlinrules.gremlins_the_game.fast_moves import Tokens
from gremlinrules.gremlins_the_game.fast_moves import derive
from gremlinrules.gremlins_the_game.fast_moves import taken
from gremlinrules.gremlins_the_game.fast_moves import tokens
from gremlinrules.gremlins_the_game.frames import EscapeToTheater
from gremlinrules.gremlins_the_game.frames import EventDiscard
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.frames import MoveGremlin
from gremlinrules.gremlins_the_game.frames import Next
from gremlinrules.gremlins_the_game.frames import PickGremlin
from gremlinrules.gremlins_the_game.frames import PlaceGremlin
from gremlinrules.gremlins_the_game.state import Placed
from gremlinrules.gremlins_the_game.state import State

__all__ = [
    "discard", "fight", "gang_to_theater", "move", "move_from", "run", "to_gremlin_space", "to_theater",
]

_END = (Next.END,)

_moved = make_updater(State, "positions", "free_move")
_next_turn = make_updater(State, "positions", "free_move", "turn", "turn_number")
_armed = make_updater(State, "positions", "free_move", "weapon_tokens", "weapon_deck", "hands")
_armed_next_turn = make_updater(State, "positions", "free_move", "weapon_tokens", "weapon_deck", "hands",
                                "turn", "turn_number")
_revealed = make_updater(State, "positions", "free_move", "board", "stack")
_drawn_event = make_updater(State, "positions", "free_move", "event_tokens", "event_deck", "event_discard",
                            "rng")
_refilled = make_updater(State, "positions", "free_move", "event_tokens", "weapon_tokens", "board", "pool")
_refilled_next_turn = make_updater(State, "positions", "free_move", "event_tokens", "weapon_tokens", "board",
                                   "pool", "turn", "turn_number")
_stacked = make_updater(State, "stack")
_won = make_updater(State, "stack", "hands", "weapon_discard", "board", "defeated")
_placed = make_updater(State, "stack", "board", "pool")
_sent = make_updater(State, "stack", "board", "positions")
_put = make_updater(State, "stack", "board", "pool")
_began = make_updater(State, "turn", "turn_number")
_homed = make_updater(State, "positions")
_discarded = make_updater(State, "stack", "hands", "weapon_discard")
_put_next_turn = make_updater(State, "stack", "board", "pool", "turn", "turn_number")
_sent_next_turn = make_updater(State, "stack", "board", "positions", "turn", "turn_number")
_won_next_turn = make_updater(State, "stack", "hands", "weapon_discard", "board", "defeated", "turn",
                              "turn_number")


_FRAMES: BoundedCache[tuple[Any, ...], Any] = BoundedCache("gtg-frames", 4096)
"""The frames the fast path pushes, made once each (a frame is immutable)."""


def _frame(kind: Any, *fields: Any) -> Any:
    key = (kind, *fields)
    found = _FRAMES.get(key)
    if found is None:
        found = _FRAMES.put(key, kind(*fields))
    return found


_TOKENS: BoundedCache[tuple[str, str, bool, bool], Placed] = BoundedCache("gtg-placed-tokens", 4096)
"""The gremlin tokens on spaces the fast path makes, made once each (a Placed is immutable)."""


def _token(space: str, gremlin: str, face_up: bool, from_pool: bool) -> Placed:
    key = (space, gremlin, face_up, from_pool)
    found = _TOKENS.get(key)
    if found is None:
        found = _TOKENS.put(key, Placed(space, gremlin, face_up, from_pool))
    return found


def _plain_end(s: State, tk: Tokens, number: int) -> bool:
    """The turn ends and the next seat's begins with nothing else: Stripe is not in the theater
    (GTG-STRIPE-3, GTG-STRIPE-4) and the turn limit is not reached (GTG-END-4)."""
    if tk.stripe_on_theater or (s.crowd and tk.stripe in s.crowd):
        return False
    options = s.options
    return not (options.bounded and number >= options.turn_limit)


def move(s: State, to: str, b: int, table: MoveTable, tk: Tokens) -> State:
    """:func:`.flow.move` of a legal Move (GTG-MOVE-1). In one step: a space that does nothing, then
    the next turn; a weapon token (GTG-WEAPON-1) with room in the hand and cards in the deck, then
    the next turn; a gremlin, revealed for the fight (GTG-FIGHT-1); the Town Square, entered
    (GTG-SQUARE-1), or not, from inside it (GTG-SQUARE-6). ``b`` is the mask of ``to`` and ``tk``
    ``s``'s tokens."""
    seat = s.turn
    row = list(s.positions)
    here = row[seat]
    row[seat] = to
    positions = tuple(row)
    free = s.free_move
    if free[seat]:  # GTG-SQUARE-3: the bonus is used
        free = replace_at(free, seat, False)
    number = s.turn_number + 1
    if to != here and b & tk.mask:  # GTG-MOVE-5: the space does something
        if b & tk.event_mask:
            return _event_move(s, to, table, positions, free)
        if b & tk.weapon_mask:
            return _armed_move(s, to, tk, positions, free, number)
        if b & tk.board_mask:
            board = s.board
            gremlin = next(p.gremlin for p in board if p.space == to)
            board = tuple([_token(p.space, p.gremlin, True, False) if p.space == to else p for p in board])
            return derive(tk, _revealed(s, positions, free, board,  # the same gremlins on the same spaces
                                        (*s.stack, _frame(Fight, seat, gremlin))),
                          tk.board_mask, tk.stripe_on_theater)
        if s.options.reenter_square or not table.bit[here] & table.square:  # GTG-SQUARE-6: entered
            return _square_move(s, to, table, tk, positions, free, number)
    if not (tk.stripe_on_theater or (s.crowd and tk.stripe in s.crowd)
            or (s.options.bounded and number >= s.options.turn_limit)):  # as _plain_end
        return _next_turn(s, positions, free, (seat + 1) % s.players, number)
    if to == here or b & table.square:  # a stay, or within the Town Square (GTG-SQUARE-6)
        return flow.end_turn(_moved(s, positions, free)).state
    return flow.land(_moved(s, positions, free), seat, to).state


def _event_move(s: State, to: str, table: MoveTable, positions: tuple[str, ...],
                free: tuple[bool, ...]) -> State:
    """GTG-EVENT-1, GTG-EVENT-3: the token is taken, the top event card drawn (an empty deck
    rebuilt) and discarded face up, in one step; then its effects (:func:`.flow.run`)."""
    card, deck, discard, rng = draw_or_rebuild(s.event_deck, s.event_discard, s.rng)
    if card is None:
        return flow.land(_moved(s, positions, free), s.turn, to).state
    tk = tokens(s, table)
    s = derive(tk, _drawn_event(s, positions, free, tuple([n for n in s.event_tokens if n != to]), deck,
                                (*discard, card), rng), tk.board_mask, tk.stripe_on_theater)
    return run(s, s.turn, (*flow.event_steps(s, card), Next.END), table)


def _square_move(s: State, to: str, table: MoveTable, tk: Tokens, positions: tuple[str, ...],
                 free: tuple[bool, ...], number: int) -> State:
    """GTG-SQUARE-1: the Town Square refills every empty token space and Gremlin space
    (GTG-SQUARE-2: not under a player; gremlins face down from the pool while it lasts) and gives
    the next move anywhere (GTG-SQUARE-3), then the turn ends: in one step."""
    g = table.geo
    occupied = set(positions)
    have = set(s.event_tokens)
    events = tuple([n for n in g.event_spaces if n in have or n not in occupied])
    have = set(s.weapon_tokens)
    weapons = tuple([n for n in g.weapon_spaces if n in have or n not in occupied])
    board, pool = s.board, s.pool
    taken = {p.space for p in board}
    taken.update(positions)
    new: list[Placed] = []
    for name in g.gremlin_spaces:
        if name not in taken:
            if len(new) == len(pool):
                break
            new.append(_token(name, pool[len(new)], False, True))
    mask = tk.board_mask
    bit = table.bit
    if new:
        for p in new:  # each in its place (map order)
            b = bit[p.space]
            board = _insert(board, mask, b, p)
            mask |= b
        pool = pool[len(new):]
    free = replace_at(free, s.turn, True)
    if _plain_end(s, tk, number):  # the new gremlins are face down: Stripe is where he was
        return derive(tk, _refilled_next_turn(s, positions, free, events, weapons, board, pool,
                                              (s.turn + 1) % s.players, number), mask, tk.stripe_on_theater)
    return flow.end_turn(_refilled(s, positions, free, events, weapons, board, pool)).state


def _armed_move(s: State, to: str, tk: Tokens, positions: tuple[str, ...], free: tuple[bool, ...],
                number: int) -> State:
    """GTG-WEAPON-1: the token is taken and the top weapon card drawn, then the turn ends."""
    seat = s.turn
    hand = s.hands[seat]
    deck = s.weapon_deck
    if len(hand) >= HAND_LIMIT or not deck:  # GTG-WEAPON-2, GTG-WEAPON-3
        return flow.land(_moved(s, positions, free), seat, to).state
    weapons = tuple([n for n in s.weapon_tokens if n != to])
    hands = replace_at(s.hands, seat, tuple(sorted((*hand, deck[0]), key=tk.weapon_index.__getitem__)))
    if _plain_end(s, tk, number):
        after = _armed_next_turn(s, positions, free, weapons, deck[1:], hands, (seat + 1) % s.players, number)
        return derive(tk, after, tk.board_mask, tk.stripe_on_theater)
    return flow.end_turn(_armed(s, positions, free, weapons, deck[1:], hands)).state


def fight(s: State, frame: Fight, action: Any, table: MoveTable) -> State:
    """The answer to the fight (GTG-FIGHT-1), legal: a Defeat (GTG-FIGHT-3) of a gremlin other
    than Stripe that ends the turn, in one step; LetEscape (GTG-FIGHT-4) to a free theater space,
    its frame pushed."""
    seat = frame.seat
    space = s.positions[seat]
    stack = s.stack[:-1]
    if type(action) is LetEscape:
        if space not in table.geo.theater_set and table.theater & ~taken(s, table):
            return _stacked(s, (*stack, _frame(EscapeToTheater, seat, space)))
        return flow.escape(_stacked(s, stack), frame).state
    gremlin = next(p.gremlin for p in s.board if p.space == space)
    tk = tokens(s, table)
    if gremlin == tk.stripe:  # GTG-STRIPE-2 ends the game
        return flow.defeat(_stacked(s, stack), frame, action.weapons).state
    hand = list(s.hands[seat])
    for w in action.weapons:
        hand.remove(w)
    changed = (stack, replace_at(s.hands, seat, tuple(hand)), (*s.weapon_discard, *action.weapons),
               tuple([p for p in s.board if p.space != space]),
               replace_at(s.defeated, seat, (*s.defeated[seat], gremlin)))
    mask = tk.board_mask & ~table.bit[space]
    number = s.turn_number + 1
    if _plain_end(s, tk, number):  # Stripe is where he was
        return derive(tk, _won_next_turn(s, *changed, (s.turn + 1) % s.players, number), mask,
                      tk.stripe_on_theater)
    return flow.end_turn(derive(tk, _won(s, *changed), mask, tk.stripe_on_theater)).state


def _insert(board: tuple[Placed, ...], mask: int, b: int, placed: Placed) -> tuple[Placed, ...]:
    """``board`` (in map order, its spaces' mask ``mask``) with ``placed`` (on the space of mask
    ``b``) in its place: after the spaces before it, which are the higher bits."""
    i = (mask >> b.bit_length()).bit_count()
    return (*board[:i], placed, *board[i:])


def gang_to_theater(s: State, space: str, table: MoveTable) -> State:
    """GTG-STRIPE-3, GTG-THEATER-1 for a legal theater space: the start-of-turn gremlin, face up."""
    b = table.bit[space]
    tk = tokens(s, table)
    gremlin = s.pool[0]
    board = _insert(s.board, tk.board_mask, b, _token(space, gremlin, True, False))
    return derive(tk, _placed(s, s.stack[:-1], board, s.pool[1:]), tk.board_mask | b,
                  tk.stripe_on_theater or gremlin == tk.stripe)


def to_theater(s: State, frame: EscapeToTheater, space: str, table: MoveTable) -> State:
    """GTG-THEATER-1 for a legal theater space: the escaping gremlin, whose player then goes home
    and whose turn ends (GTG-FIGHT-5), in one step."""
    stack = s.stack[:-1]
    bit = table.bit
    b = bit[space]
    tk = tokens(s, table)
    origin = frame.origin
    gremlin = next(p.gremlin for p in s.board if p.space == origin)
    mask = tk.board_mask & ~bit[origin]
    board = _insert(tuple([p for p in s.board if p.space != origin]), mask, b,
                    _token(space, gremlin, True, False))
    seat = frame.seat
    positions = replace_at(s.positions, seat, table.geo.starts[seat])
    on = tk.stripe_on_theater or gremlin == tk.stripe
    number = s.turn_number + 1
    options = s.options
    if not (on or (s.crowd and tk.stripe in s.crowd) or (options.bounded and number >= options.turn_limit)):
        return derive(tk, _sent_next_turn(s, stack, board, positions, (s.turn + 1) % s.players, number),
                      mask | b, on)
    return flow.end_turn(derive(tk, _sent(s, stack, board, positions), mask | b, on)).state


def to_gremlin_space(s: State, frame: PlaceGremlin | MoveGremlin, space: str, table: MoveTable) -> State:
    """GTG-EVENT-2 for a legal Gremlin space: the new gremlin (add_gremlins, from the top of the
    pool) or the moved one (move_gremlins) goes there face down, in one step; the event's next
    steps follow (:func:`.flow.run`), the usual last one, the turn's end, in the same step."""
    tk = tokens(s, table)
    bit = table.bit
    b = bit[space]
    if isinstance(frame, PlaceGremlin):
        gremlin = s.pool[0]
        board = _insert(s.board, tk.board_mask, b, _token(space, gremlin, False, True))
        pool = s.pool[1:]
        mask = tk.board_mask
    else:
        origin = frame.origin
        if bit[origin] & table.theater:  # not a face-down gremlin the rules move
            return flow.move_to(_stacked(s, s.stack[:-1]), frame, space).state
        moved = next(p for p in s.board if p.space == origin)
        gremlin = moved.gremlin
        mask = tk.board_mask & ~bit[origin]
        board = _insert(tuple([p for p in s.board if p.space != origin]), mask, b,
                        _token(space, gremlin, False, moved.from_pool))
        pool = s.pool
    on = tk.stripe_on_theater or (gremlin == tk.stripe and b & table.theater != 0)
    mask |= b
    stack = s.stack[:-1]
    number = s.turn_number + 1
    options = s.options
    if frame.then == _END and not (on or (s.crowd and tk.stripe in s.crowd)
                                   or (options.bounded and number >= options.turn_limit)):
        return derive(tk, _put_next_turn(s, stack, board, pool, (s.turn + 1) % s.players, number), mask, on)
    return run(derive(tk, _put(s, stack, board, pool), mask, on), frame.seat, frame.then, table)


def _end(s: State, table: MoveTable) -> State:
    """:func:`.flow.end_turn` of a state in play: the next seat's turn in one step when nothing
    else happens (as :func:`_plain_end`)."""
    number = s.turn_number + 1
    if _plain_end(s, tokens(s, table), number):
        return _began(s, (s.turn + 1) % s.players, number)
    return flow.end_turn(s).state


def run(s: State, seat: int, steps: tuple[Next, ...], table: MoveTable) -> State:
    """:func:`.flow.run`, step for step: a frame pushed is made once (its kind, seat, source and
    steps), the emptiness of the Gremlin spaces read from the masks, the turn's end in one step."""
    while steps:
        step, steps = steps[0], steps[1:]
        if step is Next.END:
            return _end(s, table)
        if step is Next.HOME:  # GTG-FIGHT-5, GTG-EVENT-2 return_to_start
            s = _homed(s, replace_at(s.positions, seat, table.geo.starts[seat]))
        elif step is Next.DRAW:
            if len(s.hands[seat]) >= HAND_LIMIT:  # GTG-WEAPON-2: discard one first
                return _stacked(s, (*s.stack, _frame(HandLimit, seat, (Next.DRAW, *steps))))
            s = flow.draw_weapon(s, seat).state
        elif step is Next.DISCARD:
            if s.hands[seat]:
                return _stacked(s, (*s.stack, _frame(EventDiscard, seat, s.event_discard[-1], steps)))
        elif step is Next.ADD:
            if s.pool and table.gremlin_spaces & ~taken(s, table):
                return _stacked(s, (*s.stack, _frame(PlaceGremlin, seat, s.event_discard[-1], steps)))
        elif step is Next.MOVE:
            if (table.gremlin_spaces & ~taken(s, table)
                    and any(not p.face_up for p in s.board)):
                return _stacked(s, (*s.stack, _frame(PickGremlin, seat, s.event_discard[-1], steps)))
        else:  # Next.REPLENISH_*
            s = flow.refill(s, flow.REFILLS[step]).state
    return s


def discard(s: State, frame: HandLimit | EventDiscard, weapon: str, table: MoveTable) -> State:
    """GTG-WEAPON-2 (or an event's discard_weapons) for a legal card: it goes to the weapon
    discard pile (:func:`.flow.discard`), then the frame's steps (:func:`run`)."""
    seat = frame.seat
    hand = list(s.hands[seat])
    hand.remove(weapon)
    s = _discarded(s, s.stack[:-1], replace_at(s.hands, seat, tuple(hand)), (*s.weapon_discard, weapon))
    return run(s, seat, frame.then, table)


def move_from(s: State, frame: PickGremlin, space: str) -> State:
    """GTG-EVENT-2 move_gremlins for a legal face-down gremlin: next, where it goes
    (:func:`.flow.move_from`)."""
    return _stacked(s, (*s.stack[:-1], _frame(MoveGremlin, frame.seat, frame.card, space, frame.then)))
