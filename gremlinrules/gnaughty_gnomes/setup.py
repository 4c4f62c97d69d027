"""Setting up a game: the deal, the garden, the track and the first leader."""

from __future__ import annotations

from typing import Any

from gremlinrules.core import draws
from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import check_seed
from gremlinrules.core.checks import instance_or_default
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import shown
from gremlinrules.core.rng import Rng
from gremlinrules.gnaughty_gnomes.board import CENTER
from gremlinrules.gnaughty_gnomes.board import N_HEXES
from gremlinrules.gnaughty_gnomes.board import clumped
from gremlinrules.gnaughty_gnomes.board import random_layout
from gremlinrules.gnaughty_gnomes.components import CARDS
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.state import Options
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import Setup
from gremlinrules.gnaughty_gnomes.state import State
from gremlinrules.gnaughty_gnomes.state import checked_options
from gremlinrules.gnaughty_gnomes.tables import FULL_SUPPLY
from gremlinrules.gnaughty_gnomes.tables import garden

__all__ = ["new_game"]

_SORT = {c: i for i, c in enumerate(CARDS)}
_SORT_CARD = {c: c for c in CARDS}


def _sorted(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_SORT.__getitem__))


def _all_of(items: Any, kind: type, count: int) -> bool:
    """``items`` is a tuple of exactly ``count`` values, each exactly of type ``kind``."""
    return type(items) is tuple and len(items) == count and all(type(x) is kind for x in items)


def _check_setup(setup: Setup, options: Options) -> None:
    """SetupError unless every part the setup stacks is well formed (GG-SETUP-2 to GG-SETUP-6).

    Each part is checked for its shape and the type of every item before any value is
    compared or hashed, so wrongly typed contents are refused, never a TypeError.
    """
    if setup.layout is not None:
        lay = setup.layout
        if (not _all_of(lay, Colour, N_HEXES) or lay[CENTER] is not Colour.WHITE
                or sorted(c.value for c in lay if c is not Colour.WHITE)
                != sorted(s.value for s in SUITS for _ in range(REFERENCE.hexes_per_colour))):
            raise SetupError("layout must be 13 colours: WHITE at index 6 and three of each suit")
        bad = clumped(lay, options.setup_clump)
        if bad is not None:
            raise SetupError(f"layout clumps {bad.value}: the setup correction forbids it (GG-SETUP-6)")
    if setup.track is not None and (not _all_of(setup.track, Colour, len(SUITS))
                                    or set(setup.track) != set(SUITS)):
        raise SetupError("track must list each of the four suits once")
    if setup.start is not None and not (is_int(setup.start) and 0 <= setup.start < 4):
        raise SetupError(f"start must be a position from 0 to 3, not {shown(setup.start)}")
    if setup.hands is not None:
        hands = setup.hands
        size = REFERENCE.hand_size + 1
        if (type(hands) is not tuple or len(hands) != 4 or not all(_all_of(h, Card, size) for h in hands)
                or sorted(_SORT.get(c, -1) for h in hands for c in h) != list(range(len(CARDS)))):
            raise SetupError("hands must be four tuples of nine cards using every card once")
        if any(sum(c.is_x for c in h) != 1 for h in hands):
            raise SetupError("each position holds exactly one X card (GG-SETUP-3)")


def new_game(players: int, seed: int = 0, *, options: Options | None = None,
             setup: Setup | None = None) -> State:
    """A new game for 4 players, or 2 with dummy partners (GG-2P-1, GG-2P-2).

    Unless the ``setup`` stacks them: the numbered cards are dealt eight to each
    position (GG-SETUP-2) and the X cards one each (GG-SETUP-3); each position has
    eight gnomes (GG-SETUP-4); the garden is laid at random with the clump
    correction (GG-SETUP-6); the track starts in a random order (GG-SETUP-5); the
    start player is drawn among the seats, never a dummy (GG-SETUP-1, GG-SETUP-7), or
    among the four positions with ``first_leader="any_position"``.

    Limits: ``players`` is 2 or 4; ``seed`` an integer from 0 to 2**64-1 (SetupError
    otherwise); every part of ``setup`` has its fixed size (13 hexes, 4 suits, a position
    0-3, four hands of nine cards), so nothing a caller sets can make a game bigger.

    Without a ``seed`` the seed is 0, so every call deals the same table: reproducible by
    default (Gymnasium's ``reset()`` draws a random one instead). Pass a seed of your own, such
    as ``random.randrange(2**64)``, for a new table each time.
    """
    players = check_players(players, 2, 4, "Gnaughty Gnomes")
    if players == 3:
        raise SetupError("Gnaughty Gnomes is played by 4 players, or 2 with dummy partners; not 3")
    state = Rng.from_seed(check_seed(seed)).state  # the draws run on the bare state (core.draws)
    options = checked_options(options)
    if setup is None:
        setup = _NOTHING_STACKED
    else:
        setup = instance_or_default(setup, Setup, "Gnaughty Gnomes")
        _check_setup(setup, options)
    if setup.hands is None:  # the deal (GG-SETUP-2, GG-SETUP-3), as indices into the numbered cards
        numbered, state = draws.shuffle(state, _NUMBERED_INDICES)
        xs, state = draws.shuffle(state, _X_CARDS)
        n, get = REFERENCE.hand_size, _NUMBERED.__getitem__
        dealt = [numbered[i * n:(i + 1) * n] for i in range(4)]
        if players == 4:  # _hand and _piles, inline: every position holds its nine cards
            hands = tuple([(*map(get, sorted(dealt[pos])), xs[pos]) for pos in range(4)])
            piles: tuple[tuple[tuple[Card | None, Card | None], ...], ...] = ((), (), (), ())
        else:
            hands = ((*map(get, sorted(dealt[0])), xs[0]), (*map(get, sorted(dealt[1])), xs[1]),
                     (xs[2],), (xs[3],))  # a dummy holds its face-up X card (GG-2P-2)
            piles = ((), (), _piles(tuple(map(get, dealt[2])), 2, players),
                     _piles(tuple(map(get, dealt[3])), 3, players))
    else:
        stacked = tuple(tuple(_SORT_CARD[c] for c in h) for h in setup.hands)  # the interned cards
        plain = tuple(tuple(c for c in h if not c.is_x) for h in stacked)
        hands = tuple(_hand(_sorted(plain[pos]), next(c for c in h if c.is_x), pos, players)
                      for pos, h in enumerate(stacked))
        piles = tuple(_piles(plain[pos], pos, players) for pos in range(4))
    if setup.layout is None:
        layout, rng = random_layout(Rng(state), options.setup_clump)
        state = rng.state
    else:
        layout = setup.layout
    garden(layout)  # its placement tables, made here rather than at the first trick's end
    if setup.track is None:  # the strength markers in a random order (GG-SETUP-5)
        track, state = draws.shuffle(state, SUITS)
    else:
        track = setup.track
    if setup.start is None:  # a random start player (GG-SETUP-1), by default never a dummy (GG-SETUP-7)
        start, state = draws.below(state, 4 if options.first_leader == "any_position" else players)
    else:
        start = setup.start
    return State(
        players=players, options=options, layout=layout, track=track, hands=hands, piles=piles,
        team_gnomes=(0, 0), supply=FULL_SUPPLY, team_scores=(0, 0),
        trick=0, leader=start, phase=Phase.PLAY, plays=(), order=(), flipped=(), stack=(),
        history=(), rng=Rng(state),
    )


_NOTHING_STACKED = Setup()
_NUMBERED = tuple(c for c in CARDS if not c.is_x)
"""The numbered cards in CARDS order: a hand's numbered cards sorted by index are sorted."""
_NUMBERED_INDICES = tuple(range(len(_NUMBERED)))
_X_CARDS = tuple(c for c in CARDS if c.is_x)


def _hand(numbered: tuple[Card, ...], x_card: Card, pos: int, players: int) -> tuple[Card, ...]:
    """A position's held cards, sorted (the X card last, as in CARDS): all nine for a player,
    the face-up X card alone for a dummy (GG-2P-2)."""
    if players == 4 or pos < 2:
        return (*numbered, x_card)
    return (x_card,)


def _piles(plain: tuple[Card, ...], pos: int, players: int) -> tuple[tuple[Card | None, Card | None], ...]:
    """A dummy's four piles from its numbered cards in the order dealt: the first four face down,
    the next four face up on them (GG-2P-2); no piles for a player."""
    if players == 4 or pos < 2:
        return ()
    down = REFERENCE.dummy_face_down
    return tuple((plain[i], plain[down + i]) for i in range(down))
