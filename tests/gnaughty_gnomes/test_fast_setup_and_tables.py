"""The speed paths of setup and placement agree with the plain algorithms they replace.

``new_game`` draws on the bare generator state (:mod:`gremlinrules.core.draws`) and
checks clumps from a table; placement pieces derive an open subset from the last one.
Each property compares the fast version with a direct, obviously-correct one written
here from the rule or the generator's documented algorithm.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core import draws
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.rng import Rng
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import fast
from gremlinrules.gnaughty_gnomes import rules
from gremlinrules.gnaughty_gnomes.board import BOARD
from gremlinrules.gnaughty_gnomes.board import CENTER
from gremlinrules.gnaughty_gnomes.board import clumped
from gremlinrules.gnaughty_gnomes.board import random_layout
from gremlinrules.gnaughty_gnomes.components import CARDS
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.setup import new_game
from gremlinrules.gnaughty_gnomes.tables import Piece
from gremlinrules.gnaughty_gnomes.tables import spot_candidates
from tests.gnaughty_gnomes.strategies import states

SEEDS = st.integers(0, 2**64 - 1)
RULES = st.sampled_from(["connected", "triangle"])


@pytest.mark.clause("GG-SETUP-2", "GG-SETUP-5")
@given(seed=SEEDS, size=st.integers(0, 40), bound=st.integers(1, 2**64))
def test_inline_draws_are_the_generators_own(seed: int, size: int, bound: int) -> None:
    """``core.draws.shuffle``, ``below`` and ``choice`` on ``rng.state`` return exactly what
    ``Rng.shuffle``, ``Rng.below`` and ``Rng.choice`` return, and the same next state."""
    rng = Rng.from_seed(seed)
    items = list(range(size))
    shuffled, after = rng.shuffle(items)
    assert draws.shuffle(rng.state, items) == (shuffled, after.state)
    value, after = rng.below(bound)
    assert draws.below(rng.state, bound) == (value, after.state)
    if items:
        item, after = rng.choice(items)
        assert draws.choice(rng.state, items) == (item, after.state)


_MASK64 = 2**64 - 1
_GAMMA = 0x9E3779B97F4A7C15


def _shuffle_step_by_step(state: int, items: list[int]) -> tuple[tuple[int, ...], int]:
    """Fisher-Yates from the last index down, each index a rejection-sampled ``next_u64`` output
    below ``i + 1``: the generator's documented algorithm, one output at a time."""
    rng, out = Rng(state), list(items)
    for i in range(len(out) - 1, 0, -1):
        n = i + 1
        while True:
            value, rng = rng.next_u64()
            if value < 2**64 - 2**64 % n:
                break
        j = value % n
        out[i], out[j] = out[j], out[i]
    return tuple(out), rng.state


def _unxorshift(y: int, k: int) -> int:
    x = y
    for _ in range(64 // k + 1):
        x = y ^ (x >> k)
    return x


def _state_before(output: int) -> int:
    """The generator state whose next output is ``output`` (SplitMix64's mixer inverted)."""
    z = _unxorshift(output, 31)
    z = _unxorshift(z * pow(0x94D049BB133111EB, -1, 2**64) & _MASK64, 27)
    z = _unxorshift(z * pow(0xBF58476D1CE4E5B9, -1, 2**64) & _MASK64, 30)
    return (z - _GAMMA) & _MASK64


@given(seed=st.integers(0, _MASK64), size=st.integers(0, 70), rejected=st.booleans())
def test_shuffles_drawn_all_at_once_are_the_step_by_step_shuffle(seed: int, size: int,
                                                                   rejected: bool) -> None:
    """``core.draws.shuffle`` (which draws 8 to 64 outputs at once, one 128-bit lane each) gives
    exactly the shuffle and next state of the documented step-by-step algorithm, also when its
    first draw is rejected (a state whose next output is ``2**64 - 1``, above the limit of every
    bound that is not a power of two) and past the 64 draws one integer holds."""
    if rejected:
        seed = _state_before(_MASK64)
        assert Rng(seed).next_u64()[0] == _MASK64
    items = list(range(size))
    assert draws.shuffle(seed, items) == _shuffle_step_by_step(seed, items)


def _plain_layout(rng: Rng, rule: str) -> tuple[tuple[Colour, ...], Rng]:
    """GG-SETUP-6 read directly with the generator's methods: deal, then while a colour clumps
    swap one of its hexes with another colour's hex touching none of the rest; deal again when
    no swap exists or after 50 rounds."""
    colours = [c for c in SUITS for _ in range(REFERENCE.hexes_per_colour)]
    while True:
        shuffled, rng = rng.shuffle(colours)
        cells = list(shuffled)
        cells.insert(CENTER, Colour.WHITE)
        for _ in range(50):
            bad = clumped(tuple(cells), rule)
            if bad is None:
                return tuple(cells), rng
            mover, rng = rng.choice([h for h, c in enumerate(cells) if c is bad])
            targets = [t for t, c in enumerate(cells) if c not in (bad, Colour.WHITE)
                       and not any(cells[n] is bad for n in BOARD.hex_neighbors[t] if n != mover)]
            if not targets:
                break
            target, rng = rng.choice(targets)
            cells[mover], cells[target] = cells[target], cells[mover]


@pytest.mark.clause("GG-SETUP-6")
@given(seed=SEEDS, rule=RULES)
def test_the_garden_is_the_plain_clump_correction_of_the_same_draws(seed: int, rule: str) -> None:
    """The garden and the generator after it are those of the clump correction run with the
    generator's own methods and the plain clump test, for both readings of GG-SETUP-6."""
    rng = Rng.from_seed(seed)
    layout, after = random_layout(rng, rule)
    assert (layout, after) == _plain_layout(rng, rule)
    assert clumped(layout, rule) is None


@pytest.mark.clause("GG-SETUP-2", "GG-SETUP-3", "GG-SETUP-5", "GG-SETUP-7", "GG-2P-2")
@given(seed=SEEDS, players=st.sampled_from([2, 4]), rule=RULES,
       first=st.sampled_from(["player", "any_position"]))
def test_the_deal_is_the_plain_deal_of_the_same_draws(seed: int, players: int, rule: str, first: str) -> None:
    """Hands, dummy piles, garden, track, leader and generator equal a deal made with the
    generator's methods in the documented order: numbered cards, X cards, garden, track, leader."""
    options = Options(setup_clump=rule, first_leader=first)
    state = new_game(players, seed, options=options)
    rng = Rng.from_seed(seed)
    numbered, rng = rng.shuffle([c for c in CARDS if not c.is_x])
    xs, rng = rng.shuffle([c for c in CARDS if c.is_x])
    layout, rng = _plain_layout(rng, rule)
    track, rng = rng.shuffle(SUITS)
    leader, rng = rng.below(4 if first == "any_position" else players)
    n = REFERENCE.hand_size
    for pos in range(4):
        dealt = numbered[pos * n:(pos + 1) * n]
        if players == 4 or pos < 2:
            assert state.hands[pos] == (*sorted(dealt, key=CARDS.index), xs[pos])
            assert state.piles[pos] == ()
        else:
            assert state.hands[pos] == (xs[pos],)
            assert state.piles[pos] == tuple((dealt[i], dealt[4 + i]) for i in range(4))
    assert (state.layout, state.track, state.leader, state.rng) == (layout, track, leader, rng)


@pytest.mark.clause("GG-PLACE-7")
@given(data=st.data(), suit=st.sampled_from(SUITS), category=st.integers(0, 2), any_vertex=st.booleans())
def test_a_pieces_open_actions_are_its_candidates_on_open_spots(data: st.DataObject, suit: Colour,
                                                                category: int, any_vertex: bool) -> None:
    """Asked about any sequence of occupancies (growing as in a game, or not), a piece lists
    exactly its candidate spots that are open (GG-PLACE-7), in spot order."""
    hexes = tuple(sorted(data.draw(st.sets(st.sampled_from([h for h in range(13) if h != CENTER]),
                                           min_size=3, max_size=3))))
    spots, _, _ = spot_candidates(hexes, category, any_vertex)
    piece = Piece(suit, spot_candidates(hexes, category, any_vertex))
    occupied = 0
    for _ in range(data.draw(st.integers(1, 12))):
        if data.draw(st.booleans()):  # a gnome arrives
            occupied |= 1 << data.draw(st.sampled_from(spots + (91,)))
        else:  # any other occupancy (a state from elsewhere)
            occupied = data.draw(st.integers(0, 2**92 - 1))
        assert [a.spot for a in piece.open_actions(occupied)] == [s for s in spots if not occupied >> s & 1]
        assert all(a.suit is suit for a in piece.actions)


def _outcome(fn: Any, state: Any, action: Any) -> tuple[str, Any]:
    try:
        return ("state", fn(state, action))
    except IllegalActionError as exc:
        return ("illegal", exc.clause)


@pytest.mark.clause("GG-PLACE-1", "GG-PLACE-3", "GG-SCORE-1")
@given(state=states(placing=True), order=st.randoms(use_true_random=False))
def test_branching_from_one_placement_state_in_any_order_matches_the_reference(state: Any,
                                                                               order: random.Random) -> None:
    """Legal actions of a placement state (up to twelve), applied in a random order from that
    same state (as a search does, so the memo of the last state never matches), give the
    reference rules' states, whose legal actions are the reference's too."""
    legal = list(fast.legal_actions(state))
    order.shuffle(legal)
    for action in legal[:12]:
        after = fast.apply(state, action)
        assert after == rules.apply(state, action)
        assert fast.legal_actions(after) == rules.legal_actions(after)
        assert _outcome(fast.apply, state, action) == ("state", after)
