"""A new game: teams and seating, the shuffle, the deal of 6, the optional familiar-players
redraw, the first player (GI-SETUP-1 to GI-SETUP-4, GI-TEAM-1, GI-TEAM-2)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import check_seed
from gremlinrules.core.checks import instance_or_default
from gremlinrules.core.checks import is_int
from gremlinrules.core.draws import shuffle
from gremlinrules.core.errors import SetupError
from gremlinrules.core.rng import Rng
from gremlinrules.core.zones import deal
from gremlinrules.core.zones import seats_from
from gremlinrules.gremlins_inc.frames import Redraw
from gremlinrules.gremlins_inc.kit import kit_for
from gremlinrules.gremlins_inc.state import LAYOUTS
from gremlinrules.gremlins_inc.state import Options
from gremlinrules.gremlins_inc.state import Phase
from gremlinrules.gremlins_inc.state import Setup
from gremlinrules.gremlins_inc.state import State

__all__ = ["CONFORMANCE_TABLES", "MAX_PLAYERS", "MIN_PLAYERS", "TITLE", "new_game", "seat_teams",
           "table_options"]

TITLE = "Gremlins, Inc."
MIN_PLAYERS = 2
MAX_PLAYERS = 6

CONFORMANCE_TABLES: tuple[tuple[str, int, Options], ...] = (
    ("2v2", 4, Options(teams="2v2")),
    ("3v3", 6, Options(teams="3v3")),
    ("2v2v2", 6, Options(teams="2v2v2")),
    ("2v3", 5, Options(teams="2v3")),
    ("2v2-grouped", 4, Options(teams="2v2", seating="grouped")),
    ("2v3-grouped-familiar", 5, Options(teams="2v3", seating="grouped", familiar=True)),
    ("reshuffles-1", 3, Options(end="reshuffles", reshuffles=1, reveal_resources=True)),
)
"""Named tables the conformance suite plays besides the default options: every team layout,
grouped seating, the familiar-players start and the end by reshuffles."""


def table_options(options: Any) -> Options:
    """``options``, or the default Options for None; SetupError for anything else."""
    return instance_or_default(options, Options, TITLE)


def seat_teams(players: int, options: Options) -> tuple[int, ...]:
    """GI-TEAM-1, GI-TEAM-2: the team of each seat. Without teams each seat is its own team.
    ``alternate`` seating fills seats round the table from the team with the most seats left
    (never the previous seat's team while another has seats left), so teammates sit apart where
    the sizes allow; ``grouped`` seats each team side by side."""
    sizes = LAYOUTS[options.teams]
    if not sizes:
        return tuple(range(players))
    if sum(sizes) != players:
        raise SetupError(f"teams {options.teams} need {sum(sizes)} players, not {players}")
    if options.seating == "grouped":
        return tuple(t for t, k in enumerate(sizes) for _ in range(k))
    left = list(sizes)
    out: list[int] = []
    for _ in range(players):
        prev = out[-1] if out else -1
        free = [t for t in range(len(left)) if left[t]]
        pool = [t for t in free if t != prev] or free
        t = max(pool, key=lambda x: (left[x], -x))
        out.append(t)
        left[t] -= 1
    return tuple(out)


def _check_setup(value: Any, players: int, deck: tuple[str, ...]) -> Setup:
    setup: Setup = instance_or_default(value, Setup, TITLE)
    fp = setup.first_player
    if not is_int(fp) or not 0 <= fp < players:
        raise SetupError(f"setup.first_player must be a seat from 0 to {players - 1}")
    if setup.deck is not None and (
        type(setup.deck) is not tuple or len(setup.deck) != len(deck)
        or not all(type(c) is str for c in setup.deck) or Counter(setup.deck) != Counter(deck)
    ):
        raise SetupError(f"setup.deck must hold exactly the {len(deck)} cards of the card set")
    return setup


def new_game(players: int, seed: int = 0, *, options: Options | None = None,
             setup: Setup | None = None) -> State:
    """A new game: the deck shuffled (GI-SETUP-1), 6 cards dealt to each seat (GI-SETUP-2), the
    familiar-players redraw if chosen (GI-SETUP-3), and the first player's turn (GI-SETUP-4).

    ``seed`` is an integer from 0 to 2**64-1 (SetupError otherwise).

    Without a ``seed`` the seed is 0, so every call deals the same table: reproducible by
    default (Gymnasium's ``reset()`` draws a random one instead). Pass a seed of your own, such
    as ``random.randrange(2**64)``, for a new table each time.
    """
    n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    rng = Rng.from_seed(check_seed(seed))
    opts = table_options(options)
    teams = seat_teams(n, opts)
    k = kit_for(opts.components, n)
    comps = k.components
    stacked = _check_setup(setup, n, k.deck) if setup is not None else Setup()
    if stacked.deck is not None:
        deck = stacked.deck
    else:
        deck, state = shuffle(rng.state, k.deck)  # rng.shuffle(k.deck), the draws inline
        rng = Rng(state)
    if len(deck) < comps.hand_size * n:
        raise SetupError(f"a deck of {len(deck)} cannot deal {comps.hand_size} cards to {n} players")
    dealt, deck = deal(deck, [comps.hand_size] * n)
    first = stacked.first_player
    stack: tuple[Redraw, ...] = ()
    if opts.familiar:  # the first player redraws first: its frame is on top
        stack = tuple(Redraw(s) for s in reversed(seats_from(first, n)))
    none = tuple(0 for _ in range(n))
    return State(
        players=n, options=opts, rng=rng, teams=teams, first_player=first, turn=first, round=1,
        actions_used=0, phase=Phase.REDRAW if stack else Phase.PLAY, deck=tuple(deck), discard=(),
        hands=tuple(tuple(sorted(h)) for h in dealt), projects=tuple(() for _ in range(n)),
        permanents=tuple(() for _ in range(n)), scores=none, reshuffles=0, next_uid=0,
        seen=tuple(() for _ in range(n)), stack=stack, winners=(),
    )
