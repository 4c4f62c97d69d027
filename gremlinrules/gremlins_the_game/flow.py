"""What happens between decisions: movement's destinations, landing on a space, the steps of a
turn's resolution (draws, event effects, escapes), the Town Square's refill, the start and end
of a turn and the end of the game.

Every transition returns a :class:`~gremlinrules.core.step.Step`: the next state and the events
it caused, each made where the rule acts (a draw knows the card it drew). The rest of a turn
after the move is a short tuple of :class:`.frames.Next` steps run by :func:`run`. A step that
needs a choice pushes a frame (:mod:`.frames`) with the remaining steps as its ``then``; the
frame's answer resumes them.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.board import reachable
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.evolve import make_replace
from gremlinrules.core.piles import draw_or_rebuild
from gremlinrules.core.step import Step
from gremlinrules.core.zones import next_seat
from gremlinrules.core.zones import replace_at
from gremlinrules.gremlins_the_game.board import REFERENCE_MAP
from gremlinrules.gremlins_the_game.components import HAND_LIMIT
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.events import EventDrawn
from gremlinrules.gremlins_the_game.events import GameEnded
from gremlinrules.gremlins_the_game.events import GremlinDefeated
from gremlinrules.gremlins_the_game.events import GremlinMoved
from gremlinrules.gremlins_the_game.events import GremlinPlaced
from gremlinrules.gremlins_the_game.events import GremlinRevealed
from gremlinrules.gremlins_the_game.events import Moved
from gremlinrules.gremlins_the_game.events import TokensReplenished
from gremlinrules.gremlins_the_game.events import TurnBegan
from gremlinrules.gremlins_the_game.events import WeaponsDrawn
from gremlinrules.gremlins_the_game.frames import EscapeToTheater
from gremlinrules.gremlins_the_game.frames import EventDiscard
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import GangToTheater
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.frames import MoveGremlin
from gremlinrules.gremlins_the_game.frames import Next
from gremlinrules.gremlins_the_game.frames import PendingFrame
from gremlinrules.gremlins_the_game.frames import PickGremlin
from gremlinrules.gremlins_the_game.frames import PlaceGremlin
from gremlinrules.gremlins_the_game.geometry import Geometry
from gremlinrules.gremlins_the_game.geometry import geometry
from gremlinrules.gremlins_the_game.state import Outcome
from gremlinrules.gremlins_the_game.state import Phase
from gremlinrules.gremlins_the_game.state import Placed
from gremlinrules.gremlins_the_game.state import State
from gremlinrules.gremlins_the_game.view import everyone_lost
from gremlinrules.gremlins_the_game.view import scores
from gremlinrules.gremlins_the_game.view import winners

__all__ = [
    "MAP", "REFILLS", "begin_turn", "destinations", "empty_gremlin_spaces", "empty_theater", "end_turn",
    "enters_square", "event_steps", "geo", "land", "movable_gremlins", "placed_at", "refill", "replace",
    "run", "start_of", "stripe_in_theater", "told",
]

replace = make_replace(State)

MAP = REFERENCE_MAP
"""The reference map; a table's own is ``geo(s).map`` (GTG-MAP-7). The names below are the
reference map's (for tests and tools); the rules read the table's through :func:`geo`."""
STEPS_PER_MOVE = 6  # GTG-MOVE-1
_NAMES = tuple(s.name for s in MAP.spaces)
INDEX = {name: i for i, name in enumerate(_NAMES)}
GRAPH = MAP.graph
STARTS = tuple(_NAMES[i] for i in MAP.starts)
EVENT_SPACES = tuple(_NAMES[i] for i in MAP.event_spaces)
WEAPON_SPACES = tuple(_NAMES[i] for i in MAP.weapon_spaces)
GREMLIN_SPACES = tuple(_NAMES[i] for i in MAP.gremlin_spaces)
THEATER_SPACES = tuple(_NAMES[i] for i in MAP.theater_spaces)
THEATER_SET = frozenset(THEATER_SPACES)
SQUARE = frozenset(_NAMES[i] for i in MAP.town_square)
SQUARE_IDS = frozenset(MAP.town_square)


def geo(s: State) -> Geometry:
    """The table's map as the rules read it: ``Options.map``, or the reference map (GTG-MAP-7)."""
    return geometry(s.options.map)


def start_of(seat: int, g: Geometry | None = None) -> str:
    """The seat's Start space on the map of ``g`` (None: the reference map): seat 0 red, 1 blue,
    2 green, 3 yellow (GTG-SETUP-2)."""
    return (g or geometry(None)).starts[seat]


def placed_at(s: State, space: str) -> Placed | None:
    """The gremlin token on ``space``, or None."""
    for p in s.board:
        if p.space == space:
            return p
    return None


def _with_placed(s: State, board: tuple[Placed, ...], placed: Placed) -> tuple[Placed, ...]:
    index = geo(s).index
    return tuple(sorted((*board, placed), key=lambda p: index[p.space]))


def _without(board: tuple[Placed, ...], space: str) -> tuple[Placed, ...]:
    return tuple(p for p in board if p.space != space)


def stripe_in_theater(s: State) -> bool:
    """Stripe is face up in the Movie Theater: on a theater space or in its crowd (GTG-STRIPE-3)."""
    stripe = tables(s.components).stripe
    if stripe in s.crowd:
        return True
    theater = geo(s).theater_set
    return any(p.gremlin == stripe and p.space in theater for p in s.board)


def empty_theater(s: State) -> tuple[str, ...]:
    """GTG-FIGHT-4: Movie Theater spaces without words, a gremlin or a player, in map order."""
    taken = {p.space for p in s.board}
    taken.update(s.positions)
    return tuple(name for name in geo(s).theater_spaces if name not in taken)


def empty_gremlin_spaces(s: State) -> tuple[str, ...]:
    """Gremlin spaces without a gremlin or a player, in map order (GTG-SQUARE-2, GTG-EVENT-2)."""
    taken = {p.space for p in s.board}
    taken.update(s.positions)
    return tuple(name for name in geo(s).gremlin_spaces if name not in taken)


def movable_gremlins(s: State) -> tuple[str, ...]:
    """GTG-EVENT-2 move_gremlins: the spaces of face-down gremlins on the board, in map order."""
    return tuple(p.space for p in s.board if not p.face_up)


def first_turn(s: State) -> bool:
    """The turn is its seat's first turn of the game (the first round)."""
    return s.turn_number < s.players


def enters_square(s: State, here: str) -> bool:
    """GTG-SQUARE-6: whether a move from ``here`` enters the Town Square when it steps onto one of
    its spaces. The square is one place: a move that starts outside it enters it, one that starts
    on a Town Square space does not (for that move the square's spaces are ordinary ones: it may
    cross them, and ending on one does nothing), unless ``Options.reenter_square`` (the literal
    reading: every Town Square space a move steps onto is entered, from inside the square too)."""
    return s.options.reenter_square or here not in geo(s).square


def destinations(s: State) -> tuple[str, ...]:
    """The spaces the turn owner may move to, in map order.

    GTG-MOVE-1: one to six orthogonal steps along the map's graph (walls and door-less building
    sides are not edges). GTG-MOVE-3: other players' spaces are passed through, never landed
    on, and GTG-MOVE-4: so are the other players' Start spaces. GTG-MOVE-5: entering a space
    with a token, or the Town Square, ends the move. GTG-SQUARE-4: no Town Square space in a
    seat's first turn. GTG-SQUARE-6: a move that starts in the Town Square does not enter it, so
    neither applies to its spaces. GTG-SQUARE-3: after entering the Town Square, the next move
    may go to any space not taken by another player. GTG-MOVE-2: with no destination at all, the
    player stays (the move to its own space).
    """
    g = geo(s)
    seat = s.turn
    here = s.positions[seat]
    reserved = {p for i, p in enumerate(s.positions) if i != seat}
    reserved.update(g.starts[i] for i in range(s.players) if i != seat)
    if s.free_move[seat]:
        found = tuple(n for n in g.names if n != here and n not in reserved)
    else:
        index = g.index
        stops = {index[p.space] for p in s.board}
        stops.update(index[n] for n in s.event_tokens)
        stops.update(index[n] for n in s.weapon_tokens)
        entering = enters_square(s, here)  # GTG-SQUARE-6
        if entering:
            stops.update(g.square_ids)
        ids = reachable(g.graph, index[here], STEPS_PER_MOVE,
                        impassable=g.square_ids if entering and first_turn(s) else frozenset(),
                        no_stop=frozenset(index[n] for n in reserved), stops=frozenset(stops))
        found = tuple(g.names[i] for i in ids)
    return found if found else (here,)


with_row = replace_at
"""``rows`` with entry ``i`` replaced (:func:`gremlinrules.core.zones.replace_at`)."""


def draw_weapon(s: State, seat: int) -> Step[State]:
    """GTG-WEAPON-1: the top weapon card into the hand; GTG-WEAPON-3: an empty deck is first
    rebuilt by shuffling its discard pile (with both empty, nothing is drawn)."""
    card, deck, discard, rng = draw_or_rebuild(s.weapon_deck, s.weapon_discard, s.rng)
    if card is None:
        return Step(s)
    index = tables(s.components).weapon_index
    hand = tuple(sorted((*s.hands[seat], card), key=index.__getitem__))
    return Step(replace(s, weapon_deck=deck, weapon_discard=discard, rng=rng,
                        hands=with_row(s.hands, seat, hand)), (WeaponsDrawn(seat, 1, (card,)),))


_EFFECT_STEPS = {"add_gremlins": Next.ADD, "move_gremlins": Next.MOVE, "draw_weapons": Next.DRAW,
                 "discard_weapons": Next.DISCARD}
_REPLENISH = {"event": Next.REPLENISH_EVENT, "weapon": Next.REPLENISH_WEAPON,
              "gremlin": Next.REPLENISH_GREMLIN}
REFILLS = {Next.REPLENISH_EVENT: ("event",), Next.REPLENISH_WEAPON: ("weapon",),
            Next.REPLENISH_GREMLIN: ("gremlin",)}


def event_steps(s: State, card: str) -> tuple[Next, ...]:
    """GTG-EVENT-2: an event card's effects as steps, in order."""
    out: list[Next] = []
    for effect in tables(s.components).event[card].effects:
        step = _EFFECT_STEPS.get(effect.kind)
        if step is not None:
            out += [step] * effect.count
        elif effect.kind == "replenish":
            out.append(_REPLENISH[effect.what])
        else:  # return_to_start
            out.append(Next.HOME)
    return tuple(out)


def refill(s: State, kinds: tuple[str, ...]) -> Step[State]:
    """GTG-SQUARE-2: every empty Event, Weapon and Gremlin space (of ``kinds``) gets a new token.

    GTG-SQUARE-5: event and weapon tokens come back from those used (there are exactly as many
    as spaces, so every empty space is filled); gremlins come face down from the top of the pool
    while it lasts. A space with a player on it is not refilled.
    """
    g = geo(s)
    occupied = set(s.positions)
    changes: dict[str, Any] = {}
    events: list[Any] = []
    new_events = new_weapons = 0
    if "event" in kinds:
        have = set(s.event_tokens)
        changes["event_tokens"] = tokens = tuple(n for n in g.event_spaces if n in have or n not in occupied)
        new_events = len(tokens) - len(s.event_tokens)
    if "weapon" in kinds:
        have = set(s.weapon_tokens)
        tokens = tuple(n for n in g.weapon_spaces if n in have or n not in occupied)
        changes["weapon_tokens"] = tokens
        new_weapons = len(tokens) - len(s.weapon_tokens)
    if "gremlin" in kinds:
        board, pool = s.board, s.pool
        for name in empty_gremlin_spaces(s):
            if not pool:
                break
            board = _with_placed(s, board, Placed(name, pool[0], False, True))
            pool = pool[1:]
            events.append(GremlinPlaced(name, None, False))
        changes.update(board=board, pool=pool)
    if new_events or new_weapons or events:
        events.append(TokensReplenished(new_events, new_weapons, len(events)))
    return Step(replace(s, **changes), tuple(events))


def _gremlin_on(s: State, space: str) -> Placed:
    """The gremlin a pending frame stands on (check_state guarantees one; a hand-made state
    without it is refused with InvalidArgumentError, never an internal error)."""
    placed = placed_at(s, space)
    if placed is None:
        raise InvalidArgumentError(f"inconsistent Gremlins: The Game state: no gremlin on {shown(space)}")
    return placed


def _push(s: State, frame: PendingFrame) -> State:
    return replace(s, stack=(*s.stack, frame))


def _home(s: State, seat: int) -> Step[State]:
    """GTG-FIGHT-5, GTG-EVENT-2 return_to_start: the player's token back on its Start."""
    start = start_of(seat, geo(s))
    if s.positions[seat] == start:
        return Step(s)
    return Step(replace(s, positions=with_row(s.positions, seat, start)), (Moved(seat, start),))


def run(s: State, seat: int, steps: tuple[Next, ...]) -> Step[State]:
    """Run ``steps`` for ``seat`` until one needs a choice (a frame is pushed, bound to the
    remaining steps) or they are done; :attr:`Next.END` ends the turn."""
    events: tuple[Any, ...] = ()
    while steps:
        step, steps = steps[0], steps[1:]
        if step is Next.END:
            ended = end_turn(s)
            return Step(ended.state, events + ended.events)
        if step is Next.HOME:
            s, more = _home(s, seat)
            events += more
        elif step is Next.DRAW:
            if len(s.hands[seat]) >= HAND_LIMIT:  # GTG-WEAPON-2: discard one first
                return Step(_push(s, HandLimit(seat, (Next.DRAW, *steps))), events)
            s, more = draw_weapon(s, seat)
            events += more
        elif step is Next.DISCARD:
            if s.hands[seat]:
                return Step(_push(s, EventDiscard(seat, s.event_discard[-1], steps)), events)
        elif step is Next.ADD:
            if s.pool and empty_gremlin_spaces(s):
                return Step(_push(s, PlaceGremlin(seat, s.event_discard[-1], steps)), events)
        elif step is Next.MOVE:
            if movable_gremlins(s) and empty_gremlin_spaces(s):
                return Step(_push(s, PickGremlin(seat, s.event_discard[-1], steps)), events)
        else:  # Next.REPLENISH_*
            s, more = refill(s, REFILLS[step])
            events += more
    return Step(s, events)


_END = (Next.END,)
_DRAW_END = (Next.DRAW, Next.END)


def land(s: State, seat: int, space: str) -> Step[State]:
    """GTG-MOVE-5: what the space the move ended on does: a token is taken and its activity
    performed (GTG-EVENT-1, GTG-WEAPON-1, GTG-FIGHT-1), the Town Square, entered, refills the
    board (GTG-SQUARE-1; :func:`move` lands here only when the move entered it, GTG-SQUARE-6);
    then the turn ends."""
    if space in s.event_tokens:
        # GTG-EVENT-1, GTG-EVENT-3: draw (rebuilding an empty deck), discard face up, resolve
        card, deck, discard, rng = draw_or_rebuild(s.event_deck, s.event_discard, s.rng)
        s = replace(s, event_tokens=tuple(n for n in s.event_tokens if n != space))
        if card is None:
            return end_turn(s)
        s = replace(s, event_deck=deck, event_discard=(*discard, card), rng=rng)
        steps = (*event_steps(s, card), Next.END)
        return Step(s, (EventDrawn(seat, card),)).then(lambda t: run(t, seat, steps))
    if space in s.weapon_tokens:
        s = replace(s, weapon_tokens=tuple(n for n in s.weapon_tokens if n != space))
        return run(s, seat, _DRAW_END)
    placed = placed_at(s, space)
    if placed is not None:  # GTG-FIGHT-1: flip it face up, then fight or let it escape
        board = tuple(Placed(p.space, p.gremlin, True) if p.space == space else p for p in s.board)
        s = _push(replace(s, board=board), Fight(seat, placed.gremlin))
        if placed.face_up:  # a gremlin in the theater is face up already
            return Step(s)
        design = tables(s.components).design[placed.gremlin]  # GTG-VIEW-2: named by its design
        return Step(s, (GremlinRevealed(space, design),))
    if space in geo(s).square:  # GTG-SQUARE-1, GTG-SQUARE-3
        return refill(s, ("event", "weapon", "gremlin")).then(
            lambda t: end_turn(replace(t, free_move=with_row(t.free_move, seat, True))))
    return end_turn(s)


def _over(s: State, outcome: Outcome) -> Step[State]:
    s = replace(s, phase=Phase.OVER, outcome=outcome, stack=())
    return Step(s, (GameEnded(outcome, scores(s), winners(s), everyone_lost(s)),))


def end_turn(s: State) -> Step[State]:
    """The end of a turn: GTG-STRIPE-4, the game ends when Stripe is in the theater and the pool
    is empty; GTG-END-4 (a house rule), or when the turn limit is reached; else the next seat
    clockwise begins (GTG-TURN-1)."""
    if s.phase is Phase.OVER:
        return Step(s)
    if not s.pool and stripe_in_theater(s):
        return _over(s, Outcome.POOL_EMPTY)
    if s.options.bounded and s.turn_number + 1 >= s.options.turn_limit:
        return _over(s, Outcome.TURN_LIMIT)
    return begin_turn(s, next_seat(s.turn, s.players), s.turn_number + 1)


def _to_crowd(s: State, gremlin: str, **changes: Any) -> Step[State]:
    """GTG-THEATER-3: a full theater takes ``gremlin`` face up into its crowd."""
    design = tables(s.components).design[gremlin]
    return Step(replace(s, crowd=(*s.crowd, gremlin), **changes), (GremlinPlaced(None, design, True),))


def begin_turn(s: State, seat: int, number: int) -> Step[State]:
    """GTG-STRIPE-3: while Stripe is in the theater, a turn begins with a new gremlin token from
    the pool placed face up on an empty theater space (the seat whose turn it is chooses,
    GTG-THEATER-1; a full theater takes it into its crowd, GTG-THEATER-3)."""
    s = replace(s, turn=seat, turn_number=number)
    began = TurnBegan(seat, number)
    if s.pool and stripe_in_theater(s):
        if empty_theater(s):
            return Step(_push(s, GangToTheater(seat)), (began,))
        return _to_crowd(s, s.pool[0], pool=s.pool[1:]).emit(began)
    return Step(s, (began,))


def defeat(s: State, frame: Fight, weapons: tuple[str, ...]) -> Step[State]:
    """GTG-FIGHT-3: the weapon cards go to the discard pile, the gremlin beside the player;
    GTG-STRIPE-2: defeating Stripe ends the game at once."""
    seat = frame.seat
    space = s.positions[seat]
    placed = _gremlin_on(s, space)
    hand = list(s.hands[seat])
    for w in weapons:
        hand.remove(w)
    s = replace(s, hands=with_row(s.hands, seat, tuple(hand)), weapon_discard=(*s.weapon_discard, *weapons),
                board=_without(s.board, space),
                defeated=with_row(s.defeated, seat, (*s.defeated[seat], placed.gremlin)))
    t = tables(s.components)
    won = Step(s, (GremlinDefeated(seat, t.design[placed.gremlin], t.gremlin[placed.gremlin].points),))
    if placed.gremlin == t.stripe:
        return won.then(lambda d: _over(d, Outcome.STRIPE_DEFEATED))
    return won.then(end_turn)


_HOME_END = (Next.HOME, Next.END)


def escape(s: State, frame: Fight) -> Step[State]:
    """GTG-FIGHT-4: the gremlin escapes to the Movie Theater (a face-up gremlin already in the
    theater stays where it is, GTG-THEATER-2; a full theater takes it into its crowd,
    GTG-THEATER-3); GTG-FIGHT-5: the player returns to Start."""
    seat = frame.seat
    space = s.positions[seat]
    if space in geo(s).theater_set:
        return run(s, seat, _HOME_END)
    if empty_theater(s):
        return Step(_push(s, EscapeToTheater(seat, space)))
    placed = _gremlin_on(s, space)
    return _to_crowd(s, placed.gremlin, board=_without(s.board, space)).then(
        lambda t: run(t, seat, _HOME_END))


def _face_up(s: State, space: str, gremlin: str, board: tuple[Placed, ...], **changes: Any) -> Step[State]:
    """``gremlin`` face up on the theater ``space`` (GTG-THEATER-1)."""
    design = tables(s.components).design[gremlin]
    return Step(replace(s, board=_with_placed(s, board, Placed(space, gremlin, True)), **changes),
                (GremlinPlaced(space, design, True),))


def gang_to_theater(s: State, frame: GangToTheater, space: str) -> Step[State]:
    """GTG-STRIPE-3, GTG-THEATER-1: the start-of-turn gremlin from the top of the pool goes face up
    on the chosen theater space; the turn owner then moves."""
    return _face_up(s, space, s.pool[0], s.board, pool=s.pool[1:])


def to_theater(s: State, frame: EscapeToTheater, space: str) -> Step[State]:
    """GTG-THEATER-1: the chosen theater space takes the escaping gremlin face up; GTG-FIGHT-5: the
    player returns to Start, and the turn ends."""
    placed = _gremlin_on(s, frame.origin)
    return _face_up(s, space, placed.gremlin, _without(s.board, frame.origin)).then(
        lambda t: run(t, frame.seat, _HOME_END))


def place(s: State, frame: PlaceGremlin, space: str) -> Step[State]:
    """GTG-EVENT-2 add_gremlins: the top of the pool, face down on the chosen Gremlin space."""
    s = replace(s, board=_with_placed(s, s.board, Placed(space, s.pool[0], False, True)), pool=s.pool[1:])
    return Step(s, (GremlinPlaced(space, None, False), TokensReplenished(0, 0, 1))).then(
        lambda t: run(t, frame.seat, frame.then))


def move_from(s: State, frame: PickGremlin, space: str) -> Step[State]:
    """GTG-EVENT-2 move_gremlins: the chosen face-down gremlin; next, where it goes."""
    return Step(_push(s, MoveGremlin(frame.seat, frame.card, space, frame.then)))


def move_to(s: State, frame: MoveGremlin, space: str) -> Step[State]:
    """GTG-EVENT-2 move_gremlins: the gremlin goes face down to the chosen empty Gremlin space."""
    origin = frame.origin
    placed = _gremlin_on(s, origin)
    moved = Placed(space, placed.gremlin, False, placed.from_pool)
    s = replace(s, board=_with_placed(s, _without(s.board, origin), moved))
    return Step(s, (GremlinMoved(origin, space),)).then(lambda t: run(t, frame.seat, frame.then))


def discard(s: State, frame: HandLimit | EventDiscard, weapon: str) -> Step[State]:
    """GTG-WEAPON-2 (or an event's discard_weapons): the card goes to the weapon discard pile."""
    seat = frame.seat
    hand = list(s.hands[seat])
    hand.remove(weapon)
    s = replace(s, hands=with_row(s.hands, seat, tuple(hand)), weapon_discard=(*s.weapon_discard, weapon))
    return run(s, seat, frame.then)


def move(s: State, to: str) -> Step[State]:
    """GTG-MOVE-1: the turn owner's token goes to ``to``; the Town Square bonus is used
    (GTG-SQUARE-3); then the space is resolved (a stay resolves nothing, nor does a Town Square
    space reached from inside the square, GTG-SQUARE-6). The move is one Moved event, to where
    the token ends the action (an event card may send it home), none if that is where it began."""
    seat = s.turn
    here = s.positions[seat]
    within = to in geo(s).square and not enters_square(s, here)
    s = replace(s, positions=with_row(s.positions, seat, to), free_move=with_row(s.free_move, seat, False))
    # GTG-SQUARE-6: a stay, or a move within the square: no refill, no new free move
    done = end_turn(s) if to == here or within else land(s, seat, to)
    if to == here:
        return done
    homed = [e for e in done.events if type(e) is Moved]
    if not homed:
        return Step(done.state, (Moved(seat, to), *done.events))
    rest = tuple(e for e in done.events if type(e) is not Moved)
    return Step(done.state, rest if homed[-1].to == here else (homed[-1], *rest))


# --- the published order of an action's events -------------------------------------------------

_RANK = {Moved: 0, EventDrawn: 1, WeaponsDrawn: 2, GremlinRevealed: 3, GremlinMoved: 3, GremlinPlaced: 3,
         GremlinDefeated: 5, TokensReplenished: 6, GameEnded: 7, TurnBegan: 7}


def told(s: State, step: Step[State]) -> Step[State]:
    """``step`` (of an action in ``s``) with its events in the order the game publishes them: the
    token moved, the event card drawn, the weapon cards drawn (one WeaponsDrawn, in hand order),
    what changed on the board in map order (revealed, moved, placed), the gremlins taken into
    the theater's crowd, the gremlin defeated, the tokens replenished (one TokensReplenished,
    the new face-down gremlins counted), then the game's end or the next turn."""
    events = step.events
    if len(events) < 2:
        return step
    index = geo(s).index

    def key(e: Any) -> tuple[int, int]:
        kind = type(e)
        if kind is GremlinMoved:
            return 3, index[e.to]
        if kind is GremlinRevealed or kind is GremlinPlaced:
            return (3, index[e.space]) if e.space is not None else (4, 0)
        return _RANK[kind], 0

    out: list[Any] = []
    drawn: list[str] = []
    refilled = [0, 0, 0]
    merged = 0
    for e in sorted(events, key=key):
        kind = type(e)
        if kind is WeaponsDrawn:
            merged += bool(drawn)
            if not drawn:
                out.append(e)
            drawn += e.cards
        elif kind is TokensReplenished:
            merged += refilled != [0, 0, 0]
            if refilled == [0, 0, 0]:
                out.append(e)
            refilled = [refilled[0] + e.events, refilled[1] + e.weapons, refilled[2] + e.gremlins]
        else:
            out.append(e)
    if merged:  # several draws or refills: one event each, the cards in hand order
        weapon = tables(s.components).weapon_index
        for i, e in enumerate(out):
            if type(e) is WeaponsDrawn:
                out[i] = WeaponsDrawn(e.seat, len(drawn), tuple(sorted(drawn, key=weapon.__getitem__)))
            elif type(e) is TokensReplenished:
                out[i] = TokensReplenished(*refilled)
    return Step(step.state, tuple(out))
