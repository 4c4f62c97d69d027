"""Setting up a table, in the rulebook's order: from a seed, or from a known (stacked) layout."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import check_seed
from gremlinrules.core.checks import instance_or_default
from gremlinrules.core.checks import is_int
from gremlinrules.core.draws import shuffle
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import shown
from gremlinrules.core.evolve import make_updater
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_the_game import flow
from gremlinrules.gremlins_the_game.actions import MAX_PLAYERS
from gremlinrules.gremlins_the_game.actions import MIN_PLAYERS
from gremlinrules.gremlins_the_game.actions import table_components
from gremlinrules.gremlins_the_game.components import HAND_LIMIT
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.geometry import Geometry
from gremlinrules.gremlins_the_game.geometry import table_geometry
from gremlinrules.gremlins_the_game.state import Options
from gremlinrules.gremlins_the_game.state import Phase
from gremlinrules.gremlins_the_game.state import Placed
from gremlinrules.gremlins_the_game.state import Setup
from gremlinrules.gremlins_the_game.state import State

__all__ = ["CONFORMANCE_TABLES", "HAND_SIZE", "MAX_PLAYERS", "MIN_PLAYERS", "new_game"]

HAND_SIZE = 3  # GTG-SETUP-6
_TITLE = "Gremlins: The Game"

CONFORMANCE_TABLES = (
    ("challenging-2p", 2, Options(challenging=True)),
    ("challenging-4p", 4, Options(challenging=True)),
)
"""Named tables the conformance suite also plays: the Challenging Variant (GTG-VARIANT-1)."""


def _names(value: Any, known: Any, what: str) -> tuple[str, ...]:
    if type(value) is not tuple or not all(type(v) is str and v in known for v in value):
        raise SetupError(f"setup {what} must be a tuple of known names, not {shown(value)}")
    return value


def _take(pool: Counter[str], cards: tuple[str, ...], what: str) -> None:
    for c in cards:
        if pool[c] <= 0:
            raise SetupError(f"setup {what} uses more {c} than the component set has")
        pool[c] -= 1


def _complete(setup: Setup) -> None:
    try:
        for field in attrs.fields(Setup):
            getattr(setup, field.name)
    except AttributeError:
        raise SetupError("Gremlins: The Game Setup is missing a field") from None


def _positions(setup: Setup, n: int, g: Geometry) -> tuple[str, ...]:
    if setup.positions is None:
        return tuple(flow.start_of(i, g) for i in range(n))  # GTG-SETUP-2
    spots = _names(setup.positions, g.index, "positions")
    if len(spots) != n or len(set(spots)) != n:
        raise SetupError(f"setup positions must name {n} different spaces")
    for i, spot in enumerate(spots):
        if spot in g.starts[:n] and spot != flow.start_of(i, g):
            raise SetupError(f"setup positions put seat {i} on another seat's Start")
    return spots


def new_game(players: Any, seed: Any = 0, *, options: Any = None, setup: Any = None) -> State:
    """A new game, set up in the rulebook's order (GTG-SETUP-1 to GTG-SETUP-7).

    With ``setup`` the listed pieces are placed as given and the rest shuffled by ``seed``.
    ``seed`` is an integer from 0 to 2**64-1 (SetupError otherwise).

    Without a ``seed`` the seed is 0, so every call deals the same table: reproducible by
    default (Gymnasium's ``reset()`` draws a random one instead). Pass a seed of your own, such
    as ``random.randrange(2**64)``, for a new table each time.
    """
    if options is None and setup is None and type(seed) is int:
        quick = _QUICK.get(players) if type(players) is int else None
        if quick is not None:
            return quick.deal(check_seed(seed))
    n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, _TITLE)
    rng = Rng.from_seed(check_seed(seed))
    options = instance_or_default(options, Options, _TITLE)
    setup = instance_or_default(setup, Setup, _TITLE)
    _complete(setup)
    comps = table_components(options)
    t = tables(comps)
    # GTG-SETUP-1, GTG-SETUP-2: the board (the table's map, GTG-MAP-7), and each player on the
    # Start of their colour
    g = table_geometry(options.map)
    positions = _positions(setup, n, g)
    first = setup.first_player
    if not is_int(first) or not 0 <= first < n:
        raise SetupError(f"setup first_player must be a seat from 0 to {n - 1}, not {shown(first)}")
    # GTG-SETUP-3: Stripe aside; the others face down, mixed, one on every Gremlin space; then
    # Stripe is mixed into the rest of the pool
    others = [g.id for g in comps.gremlins if not g.stripe]
    stacked = _names(setup.gremlins, t.gremlin, "gremlins")
    top = _names(setup.pool, t.gremlin, "pool")
    if len(set(stacked + top)) != len(stacked + top):
        raise SetupError("setup gremlins and pool name a token twice")
    spaces = [s for s in g.gremlin_spaces if s not in positions]
    if stacked and len(stacked) != len(spaces):
        raise SetupError(f"setup gremlins must name one token for each of the {len(spaces)} free "
                         "Gremlin spaces")
    if t.stripe in stacked:
        raise SetupError("Stripe is set aside while the Gremlin spaces are filled (GTG-SETUP-3)")
    if not stacked:
        free = [g for g in others if g not in top]
        if len(free) < len(spaces):
            raise SetupError(f"setup pool leaves {len(free)} gremlins for the {len(spaces)} free "
                             "Gremlin spaces")
        mixed, rng = rng.shuffle(free)
        stacked = tuple(mixed[: len(spaces)])
    board = tuple(Placed(space, g, False) for space, g in zip(spaces, stacked, strict=True))
    rest, rng = rng.shuffle([g for g in [*others, t.stripe] if g not in stacked and g not in top])
    pool = top + rest
    # GTG-SETUP-4: an event token on every Event space, a weapon token on every Weapon space
    event_tokens = tuple(s for s in g.event_spaces if s not in positions)
    weapon_tokens = tuple(s for s in g.weapon_spaces if s not in positions)
    # GTG-SETUP-5: the event deck shuffled
    events = Counter(t.event_deck)
    event_top = _names(setup.event_deck, t.event, "event_deck")
    _take(events, event_top, "event_deck")
    shuffled, rng = rng.shuffle(sorted(events.elements(), key=t.event_deck.index))
    event_deck = event_top + shuffled
    # GTG-SETUP-6: the weapon deck shuffled, three cards dealt to each player
    weapons = Counter(t.weapon_deck)
    weapon_top = _names(setup.weapon_deck, t.weapon_index, "weapon_deck")
    hands: list[tuple[str, ...]] = []
    if setup.hands is not None:
        if type(setup.hands) is not tuple or len(setup.hands) != n:
            raise SetupError(f"setup hands must list one tuple of weapon cards per seat ({n})")
        for hand in setup.hands:
            cards = _names(hand, t.weapon_index, "hands")
            if len(cards) > HAND_LIMIT:
                raise SetupError(f"a hand holds at most {HAND_LIMIT} weapon cards")
            _take(weapons, cards, "hands")
            hands.append(tuple(sorted(cards, key=t.weapon_index.__getitem__)))
    _take(weapons, weapon_top, "weapon_deck")
    shuffled, rng = rng.shuffle(sorted(weapons.elements(), key=t.weapon_index.__getitem__))
    weapon_deck = weapon_top + shuffled
    if setup.hands is None:
        hands = [() for _ in range(n)]
        for _ in range(HAND_SIZE):
            for seat in range(n):
                hands[seat] = (*hands[seat], weapon_deck[0])
                weapon_deck = weapon_deck[1:]
        hands = [tuple(sorted(h, key=t.weapon_index.__getitem__)) for h in hands]
    if type(setup.first_round_done) is not bool:
        raise SetupError("setup first_round_done must be true or false")
    if setup.first_round_done and options.bounded and n >= options.turn_limit:
        raise SetupError(f"a first round of {n} turns is already past the turn limit {options.turn_limit}")
    # GTG-SETUP-7: the first player begins; play goes clockwise (seat order)
    return State(
        players=n, options=options, rng=rng, first_player=first, turn=first,
        turn_number=n if setup.first_round_done else 0, phase=Phase.MOVE, positions=positions,
        free_move=(False,) * n, event_tokens=event_tokens, weapon_tokens=weapon_tokens, board=board,
        pool=pool, crowd=(), defeated=((),) * n, hands=tuple(hands), weapon_deck=weapon_deck,
        weapon_discard=(), event_deck=event_deck, event_discard=(),
    )


# --- the default table, quickly ------------------------------------------------------------------

class _Quick:
    """``new_game(players, seed)`` with the default options and no setup: what does not depend on
    the seed made once (by the general path itself, seed 0), then the seed's four shuffles and
    one constructor call. The same state as the general path, by test."""

    def __init__(self, n: int) -> None:
        template = new_game(n, 0, options=Options(), setup=Setup())
        self.n = n
        comps = template.components
        t = tables(comps)
        g = table_geometry(None)
        self.others = [gr.id for gr in comps.gremlins if not gr.stripe]
        self.stripe = t.stripe
        self.spaces = [s for s in g.gremlin_spaces if s not in template.positions]
        self.placed = {(s, gr): Placed(s, gr, False) for s in self.spaces for gr in self.others}
        self.events = sorted(Counter(t.event_deck).elements(), key=t.event_deck.index)
        self.weapons = sorted(Counter(t.weapon_deck).elements(), key=t.weapon_index.__getitem__)
        self.weapon_order = t.weapon_index.__getitem__
        self.fresh = make_updater(State, "rng", "board", "pool", "hands", "weapon_deck", "event_deck")
        self.template = template

    def deal(self, seed: int) -> State:
        """The new game of ``seed`` (GTG-SETUP-1 to GTG-SETUP-7, as :func:`new_game`)."""
        n = self.n
        state = seed
        mixed, state = shuffle(state, self.others)
        stacked = mixed[: len(self.spaces)]
        placed = self.placed
        board = tuple([placed[space, gr] for space, gr in zip(self.spaces, stacked, strict=True)])
        out = set(stacked)
        pool, state = shuffle(state, [gr for gr in [*self.others, self.stripe] if gr not in out])
        event_deck, state = shuffle(state, self.events)
        deck, state = shuffle(state, self.weapons)
        order = self.weapon_order
        hands = tuple([tuple(sorted(deck[seat:3 * n:n], key=order)) for seat in range(n)])
        return self.fresh(self.template, Rng(state), board, pool, hands, deck[3 * n:], event_deck)


_QUICK: dict[int, _Quick] = {}
for _n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
    _QUICK[_n] = _Quick(_n)
