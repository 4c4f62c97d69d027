"""What happens between decisions: movement's destinations, landing on a space, the steps of a
turn's resolution (draws, event effects, escapes), the Town Square's refill, the start and end
of a turn and the end of the game.

The rest of a turn after the move is a short list of named steps (``"draw"``, ``"add"``,
``"home"``, ``"end"``, ...) run by :func:`run`. A step that needs a choice pushes a frame on the
decision stack with the remaining steps as its ``then``; the frame's answer resumes them. The
frame kinds:

``fight``       the turn owner has revealed a gremlin: Defeat it or LetEscape (GTG-FIGHT-1)
``theater``     a Movie Theater space for an escaping gremlin (source ``escape``) or for the
                start-of-turn gremlin while Stripe is in the theater (source ``stripe``)
``discard``     a weapon card to discard: the hand limit (source ``hand-limit``) or an event
``place``       an empty Gremlin space for a new gremlin (an event's ``add_gremlins``)
``move-from``   a face-down gremlin an event moves; then ``move-to``: the empty Gremlin space
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.board import reachable
from gremlinrules.core.decisions import Frame
from gremlinrules.core.errors import InvalidArgumentError, shown
from gremlinrules.core.evolve import make_replace
from gremlinrules.core.piles import draw_or_rebuild
from gremlinrules.core.zones import next_seat, replace_at
from gremlinrules.gremlins_the_game.board import REFERENCE_MAP
from gremlinrules.gremlins_the_game.components import HAND_LIMIT, tables
from gremlinrules.gremlins_the_game.geometry import Geometry, geometry
from gremlinrules.gremlins_the_game.state import Outcome, Phase, Placed, State

__all__ = [
    "DISCARD", "FIGHT", "FRAME_KINDS", "MAP", "MOVE_FROM", "MOVE_TO", "PLACE", "STEPS", "THEATER",
    "begin_turn", "destinations", "empty_gremlin_spaces", "empty_theater", "end_turn", "enters_square",
    "event_steps", "geo", "land", "movable_gremlins", "placed_at", "refill", "replace", "run", "start_of",
    "stripe_in_theater",
]

replace = make_replace(State)

FIGHT = "fight"
THEATER = "theater"
DISCARD = "discard"
PLACE = "place"
MOVE_FROM = "move-from"
MOVE_TO = "move-to"
FRAME_KINDS = (FIGHT, THEATER, DISCARD, PLACE, MOVE_FROM, MOVE_TO)
STEPS = ("end", "home", "draw", "discard", "add", "move", "replenish:event", "replenish:weapon",
         "replenish:gremlin")
"""The named steps a frame's ``then`` may hold."""

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


def draw_weapon(s: State, seat: int) -> State:
    """GTG-WEAPON-1: the top weapon card into the hand; GTG-WEAPON-3: an empty deck is first
    rebuilt by shuffling its discard pile (with both empty, nothing is drawn)."""
    card, deck, discard, rng = draw_or_rebuild(s.weapon_deck, s.weapon_discard, s.rng)
    if card is None:
        return s
    index = tables(s.components).weapon_index
    hand = tuple(sorted((*s.hands[seat], card), key=index.__getitem__))
    return replace(s, weapon_deck=deck, weapon_discard=discard, rng=rng,
                   hands=with_row(s.hands, seat, hand))


def event_steps(s: State, card: str) -> tuple[str, ...]:
    """GTG-EVENT-2: an event card's effects as named steps, in order."""
    out: list[str] = []
    for effect in tables(s.components).event[card].effects:
        if effect.kind == "add_gremlins":
            out += ["add"] * effect.count
        elif effect.kind == "move_gremlins":
            out += ["move"] * effect.count
        elif effect.kind == "draw_weapons":
            out += ["draw"] * effect.count
        elif effect.kind == "discard_weapons":
            out += ["discard"] * effect.count
        elif effect.kind == "replenish":
            out.append(f"replenish:{effect.what}")
        else:  # return_to_start
            out.append("home")
    return tuple(out)


def refill(s: State, kinds: tuple[str, ...]) -> State:
    """GTG-SQUARE-2: every empty Event, Weapon and Gremlin space (of ``kinds``) gets a new token.

    GTG-SQUARE-5: event and weapon tokens come back from those used (there are exactly as many
    as spaces, so every empty space is filled); gremlins come face down from the top of the pool
    while it lasts. A space with a player on it is not refilled.
    """
    g = geo(s)
    occupied = set(s.positions)
    changes: dict[str, Any] = {}
    if "event" in kinds:
        have = set(s.event_tokens)
        changes["event_tokens"] = tuple(n for n in g.event_spaces if n in have or n not in occupied)
    if "weapon" in kinds:
        have = set(s.weapon_tokens)
        changes["weapon_tokens"] = tuple(n for n in g.weapon_spaces if n in have or n not in occupied)
    if "gremlin" in kinds:
        board, pool = s.board, s.pool
        for name in empty_gremlin_spaces(s):
            if not pool:
                break
            board = _with_placed(s, board, Placed(name, pool[0], False, True))
            pool = pool[1:]
        changes.update(board=board, pool=pool)
    return replace(s, **changes)


def _gremlin_on(s: State, space: str) -> Placed:
    """The gremlin a pending frame stands on (check_state guarantees one; a hand-made state
    without it is refused with InvalidArgumentError, never an internal error)."""
    placed = placed_at(s, space)
    if placed is None:
        raise InvalidArgumentError(f"inconsistent Gremlins: The Game state: no gremlin on {shown(space)}")
    return placed


def _push(s: State, frame: Frame) -> State:
    return replace(s, stack=(*s.stack, frame))


def run(s: State, seat: int, steps: tuple[str, ...]) -> State:
    """Run the named steps for ``seat`` until one needs a choice (a frame is pushed, bound to the
    remaining steps) or they are done; ``"end"`` ends the turn."""
    while steps:
        step, steps = steps[0], steps[1:]
        if step == "end":
            return end_turn(s)
        if step == "home":  # GTG-FIGHT-5, GTG-EVENT-2 return_to_start
            s = replace(s, positions=with_row(s.positions, seat, start_of(seat, geo(s))))
        elif step == "draw":
            if len(s.hands[seat]) >= HAND_LIMIT:  # GTG-WEAPON-2: discard one first
                return _push(s, Frame(DISCARD, seat, source="hand-limit", then=("draw", *steps)))
            s = draw_weapon(s, seat)
        elif step == "discard":
            if s.hands[seat]:
                return _push(s, Frame(DISCARD, seat, source=s.event_discard[-1], then=steps))
        elif step == "add":
            if s.pool and empty_gremlin_spaces(s):
                return _push(s, Frame(PLACE, seat, source=s.event_discard[-1], then=steps))
        elif step == "move":
            if movable_gremlins(s) and empty_gremlin_spaces(s):
                return _push(s, Frame(MOVE_FROM, seat, source=s.event_discard[-1], then=steps))
        else:  # replenish:<kind>
            s = refill(s, (step.split(":", 1)[1],))
    return s


def land(s: State, seat: int, space: str) -> State:
    """GTG-MOVE-5: what the space the move ended on does: a token is taken and its activity
    performed (GTG-EVENT-1, GTG-WEAPON-1, GTG-FIGHT-1), the Town Square, entered, refills the
    board (GTG-SQUARE-1; :func:`move` lands here only when the move entered it, GTG-SQUARE-6);
    then the turn ends."""
    s = replace(s, phase=Phase.RESOLVE)
    if space in s.event_tokens:
        # GTG-EVENT-1, GTG-EVENT-3: draw (rebuilding an empty deck), discard face up, resolve
        card, deck, discard, rng = draw_or_rebuild(s.event_deck, s.event_discard, s.rng)
        s = replace(s, event_tokens=tuple(n for n in s.event_tokens if n != space))
        if card is None:
            return end_turn(s)
        s = replace(s, event_deck=deck, event_discard=(*discard, card), rng=rng)
        return run(s, seat, (*event_steps(s, card), "end"))
    if space in s.weapon_tokens:
        s = replace(s, weapon_tokens=tuple(n for n in s.weapon_tokens if n != space))
        return run(s, seat, ("draw", "end"))
    placed = placed_at(s, space)
    if placed is not None:  # GTG-FIGHT-1: flip it face up, then fight or let it escape
        board = tuple(Placed(p.space, p.gremlin, True) if p.space == space else p for p in s.board)
        return _push(replace(s, board=board), Frame(FIGHT, seat, source=placed.gremlin, then=("end",)))
    if space in geo(s).square:  # GTG-SQUARE-1, GTG-SQUARE-3
        s = refill(s, ("event", "weapon", "gremlin"))
        s = replace(s, free_move=with_row(s.free_move, seat, True))
    return end_turn(s)


def _over(s: State, outcome: Outcome) -> State:
    return replace(s, phase=Phase.OVER, outcome=outcome, stack=())


def end_turn(s: State) -> State:
    """The end of a turn: GTG-STRIPE-4, the game ends when Stripe is in the theater and the pool
    is empty; GTG-END-4 (a house rule), or when the turn limit is reached; else the next seat
    clockwise begins (GTG-TURN-1)."""
    if s.phase is Phase.OVER:
        return s
    if not s.pool and stripe_in_theater(s):
        return _over(s, Outcome.POOL_EMPTY)
    if s.options.bounded and s.turn_number + 1 >= s.options.turn_limit:
        return _over(s, Outcome.TURN_LIMIT)
    return begin_turn(s, next_seat(s.turn, s.players), s.turn_number + 1)


def begin_turn(s: State, seat: int, number: int) -> State:
    """GTG-STRIPE-3: while Stripe is in the theater, a turn begins with a new gremlin token from
    the pool placed face up on an empty theater space (the seat whose turn it is chooses,
    GTG-THEATER-1; a full theater takes it into its crowd, GTG-THEATER-3)."""
    s = replace(s, turn=seat, turn_number=number, phase=Phase.MOVE)
    if s.pool and stripe_in_theater(s):
        if empty_theater(s):
            return _push(s, Frame(THEATER, seat, source="stripe"))
        return replace(s, crowd=(*s.crowd, s.pool[0]), pool=s.pool[1:])
    return s


def defeat(s: State, frame: Frame, weapons: tuple[str, ...]) -> State:
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
    if placed.gremlin == tables(s.components).stripe:
        return _over(s, Outcome.STRIPE_DEFEATED)
    return run(s, seat, frame.then)


def escape(s: State, frame: Frame) -> State:
    """GTG-FIGHT-4: the gremlin escapes to the Movie Theater (a face-up gremlin already in the
    theater stays where it is, GTG-THEATER-2; a full theater takes it into its crowd,
    GTG-THEATER-3); GTG-FIGHT-5: the player returns to Start."""
    seat = frame.seat
    space = s.positions[seat]
    then = ("home", *frame.then)
    if space in geo(s).theater_set:
        return run(s, seat, then)
    if empty_theater(s):
        return _push(s, Frame(THEATER, seat, source="escape", bound=(("from", space),), then=then))
    placed = _gremlin_on(s, space)
    s = replace(s, board=_without(s.board, space), crowd=(*s.crowd, placed.gremlin))
    return run(s, seat, then)


def to_theater(s: State, frame: Frame, space: str) -> State:
    """GTG-THEATER-1: the chosen theater space takes the escaping gremlin, or the start-of-turn
    gremlin from the top of the pool (GTG-STRIPE-3), face up."""
    if frame.source == "stripe":
        s = replace(s, board=_with_placed(s, s.board, Placed(space, s.pool[0], True)), pool=s.pool[1:])
    else:
        origin = str(frame.value("from"))
        placed = _gremlin_on(s, origin)
        s = replace(s, board=_with_placed(s, _without(s.board, origin), Placed(space, placed.gremlin, True)))
    return run(s, frame.seat, frame.then)


def place(s: State, frame: Frame, space: str) -> State:
    """GTG-EVENT-2 add_gremlins: the top of the pool, face down on the chosen Gremlin space."""
    s = replace(s, board=_with_placed(s, s.board, Placed(space, s.pool[0], False, True)), pool=s.pool[1:])
    return run(s, frame.seat, frame.then)


def move_from(s: State, frame: Frame, space: str) -> State:
    """GTG-EVENT-2 move_gremlins: the chosen face-down gremlin; next, where it goes."""
    return _push(s, Frame(MOVE_TO, frame.seat, source=frame.source, bound=(("from", space),),
                          then=frame.then))


def move_to(s: State, frame: Frame, space: str) -> State:
    """GTG-EVENT-2 move_gremlins: the gremlin goes face down to the chosen empty Gremlin space."""
    origin = str(frame.value("from"))
    placed = _gremlin_on(s, origin)
    moved = Placed(space, placed.gremlin, False, placed.from_pool)
    s = replace(s, board=_with_placed(s, _without(s.board, origin), moved))
    return run(s, frame.seat, frame.then)


def discard(s: State, frame: Frame, weapon: str) -> State:
    """GTG-WEAPON-2 (or an event's discard_weapons): the card goes to the weapon discard pile."""
    seat = frame.seat
    hand = list(s.hands[seat])
    hand.remove(weapon)
    s = replace(s, hands=with_row(s.hands, seat, tuple(hand)), weapon_discard=(*s.weapon_discard, weapon))
    return run(s, seat, frame.then)


def move(s: State, to: str) -> State:
    """GTG-MOVE-1: the turn owner's token goes to ``to``; the Town Square bonus is used
    (GTG-SQUARE-3); then the space is resolved (a stay resolves nothing, nor does a Town Square
    space reached from inside the square, GTG-SQUARE-6)."""
    seat = s.turn
    here = s.positions[seat]
    within = to in geo(s).square and not enters_square(s, here)
    s = replace(s, positions=with_row(s.positions, seat, to), free_move=with_row(s.free_move, seat, False))
    if to == here or within:  # GTG-SQUARE-6: no refill, no new free move
        return end_turn(s)
    return land(s, seat, to)
