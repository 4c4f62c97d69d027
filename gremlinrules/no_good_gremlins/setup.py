"""Setting up a table: from a seed, or from a known (stacked) layout."""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import check_seed
from gremlinrules.core.checks import instance_or_default
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import ComponentError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.rng import Rng
from gremlinrules.core.zones import deal
from gremlinrules.no_good_gremlins.components import REFERENCE
from gremlinrules.no_good_gremlins.components import THUNDERSTORM
from gremlinrules.no_good_gremlins.components import Components
from gremlinrules.no_good_gremlins.components import GremlinCard
from gremlinrules.no_good_gremlins.components import Material
from gremlinrules.no_good_gremlins.components import validate_components
from gremlinrules.no_good_gremlins.state import AWAY
from gremlinrules.no_good_gremlins.state import Options
from gremlinrules.no_good_gremlins.state import Phase
from gremlinrules.no_good_gremlins.state import Setup
from gremlinrules.no_good_gremlins.state import State

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "new_game", "table_components"]

MIN_PLAYERS = 2
MAX_PLAYERS = 5
HAND_SIZE = 6
_MAT_INDEX = {m: i for i, m in enumerate(Material)}
_GREMLIN_INDEX = {g: (THUNDERSTORM if g is GremlinCard.THUNDERSTORM else i)
                  for i, g in enumerate(GremlinCard)}


def _materials(cards: Any, what: str) -> tuple[int, ...]:
    if not isinstance(cards, tuple) or not all(type(c) is Material for c in cards):
        raise SetupError(f"setup {what} must be a tuple of Material values")
    return tuple(_MAT_INDEX[c] for c in cards)


def _per_seat(rows: Any, players: int, what: str) -> list[tuple[int, ...]]:
    if rows is None:
        return [() for _ in range(players)]
    if not isinstance(rows, tuple) or len(rows) != players:
        raise SetupError(f"setup {what} must list one tuple of cards per seat ({players})")
    return [_materials(r, what) for r in rows]


def _take(pool: list[int], cards: tuple[int, ...], what: str) -> None:
    for c in cards:
        if pool[c] <= 0:
            raise SetupError(f"setup {what} uses more {list(Material)[c].value} cards "
                             "than the component set has")
        pool[c] -= 1


def _counts(cards: tuple[int, ...]) -> tuple[int, ...]:
    out = [0] * 6
    for c in cards:
        out[c] += 1
    return tuple(out)


def _complete(obj: Any) -> None:
    """SetupError unless every field of ``obj`` (Options or Setup) is set and passes its
    validator: an object made without its constructor (``object.__new__``) lacks them."""
    try:
        for field in attrs.fields(type(obj)):
            value = getattr(obj, field.name)
            if field.validator is not None:
                field.validator(obj, field, value)
    except AttributeError:
        raise SetupError(f"No Good Gremlins {type(obj).__name__} is missing a field "
                         "(made without its constructor?)") from None


def table_components(options: Options, setup: Setup | None = None) -> Components:
    """The validated component set of a table (NGG-DATA-6): ``options.components``, else the
    deprecated ``setup.components``, else the reference set; SetupError if it breaks a number
    the rulebook states, or if the two spellings name different sets."""
    _complete(options)
    if setup is not None:
        _complete(setup)
    comps = options.components
    old = None if setup is None else setup.components
    if old is not None:
        if comps is not None and comps != old:
            raise SetupError("Options(components=...) and the deprecated Setup(components=...) differ")
        comps = old
    try:
        return validate_components(REFERENCE if comps is None else comps)
    except ComponentError as exc:
        raise SetupError(f"components: {exc}") from exc


def new_game(players: Any, seed: Any = 0, *, options: Any = None, setup: Any = None) -> State:
    """A new game: shuffle both decks, deal six cards each, set the Wandering Gremlin aside.

    NGG-SETUP-1, NGG-SETUP-2; with ``setup`` the listed cards are placed as given and the rest
    shuffled by ``seed`` (NGG-SETUP-3). ``options.components`` are the numbers on your own cards
    (NGG-DATA-6). ``seed`` is an integer from 0 to 2**64-1 (SetupError otherwise).

    Without a ``seed`` the seed is 0, so every call deals the same table: reproducible by
    default (Gymnasium's ``reset()`` draws a random one instead). Pass a seed of your own, such
    as ``random.randrange(2**64)``, for a new table each time.
    """
    n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, "No Good Gremlins")
    rng = Rng.from_seed(check_seed(seed))
    options = instance_or_default(options, Options, "No Good Gremlins")
    setup = instance_or_default(setup, Setup, "No Good Gremlins")
    comps = table_components(options, setup)
    if setup.components is not None and options.components is None:
        options = attrs.evolve(options, components=comps)  # the deprecated spelling, moved over
    pool = list(comps.counts)
    hands = _per_seat(setup.hands, n, "hands")
    pads = _per_seat(setup.pads, n, "pads")
    heap = _materials(setup.scrapheap, "scrapheap")
    top = _materials(setup.deck, "deck")
    for row in hands + pads:
        _take(pool, row, "hands and pads")
    _take(pool, heap, "scrapheap")
    _take(pool, top, "deck")
    for pad in pads:
        if sum(1 for k in _counts(pad) if k) > 3:
            raise SetupError("a launch pad holds at most three rockets")
    rest, rng = rng.shuffle([t for t, k in enumerate(pool) for _ in range(k)])
    deck = top + rest
    if setup.hands is None:
        dealt, deck = deal(deck, [HAND_SIZE] * n)
        hands = [tuple(h) for h in dealt]
    if not deck:
        raise SetupError("the materials deck must not start empty")
    gpool = [*comps.gremlins, comps.thunderstorms]
    gtop = setup.gremlin_deck
    if not isinstance(gtop, tuple) or not all(type(g) is GremlinCard for g in gtop):
        raise SetupError("setup gremlin_deck must be a tuple of GremlinCard values")
    gtop_i = tuple(_GREMLIN_INDEX[g] for g in gtop)
    for g in gtop_i:
        if gpool[g] <= 0:
            raise SetupError("setup gremlin_deck uses more cards than the gremlin deck has")
        gpool[g] -= 1
    grest, rng = rng.shuffle([g for g, k in enumerate(gpool) for _ in range(k)])
    wanderer = setup.wanderer
    if wanderer is None:
        wanderer = AWAY
    elif not is_int(wanderer) or not 0 <= wanderer < n:
        raise SetupError(f"setup wanderer must be a seat from 0 to {n - 1} or None")
    return State(
        players=n, components=comps, options=options, rng=rng, deck=tuple(deck),
        hands=tuple(_counts(h) for h in hands), scrapheap=heap,
        pads=tuple(_counts(p) for p in pads), medals=((0,) * 6,) * n, removed=(0,) * 6,
        gremlin_deck=gtop_i + grest, threat=(), gremlin_discard=(), wanderer=wanderer, turn=0,
        phase=Phase.OPENING, round=1, mains=1, builds=0, open_build=0, chrome=0, no_eat=False,
        final_turn=False, rebuilt=False, finale=False, final_turns=0,
        hand_emptied=options.hand_refill == "ever_empty" and not hands[0],  # NGG-HAND-2
    )

