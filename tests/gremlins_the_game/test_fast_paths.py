"""The pieces of the fast path equal what they replace: movement as bit masks (core.board), the
Move's destinations, the fight's and the discard's choices, the quick new game and its shuffle."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.core import draws
from gremlinrules.core.board import BoardGraph
from gremlinrules.core.board import grid_bits
from gremlinrules.core.board import grid_graph
from gremlinrules.core.board import layout
from gremlinrules.core.board import reach_bits
from gremlinrules.core.board import reachable
from gremlinrules.core.board import select_bits
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import Phase
from gremlinrules.gremlins_the_game import Setup
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import fast
from gremlinrules.gremlins_the_game import fast_fight
from gremlinrules.gremlins_the_game import fast_moves
from gremlinrules.gremlins_the_game import flow
from gremlinrules.gremlins_the_game import read_map
from gremlinrules.gremlins_the_game import rules
from gremlinrules.gremlins_the_game import setup
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.frames import Next
from gremlinrules.gremlins_the_game.geometry import geometry
from tests.gremlins_the_game.helpers import random_states
from tests.gremlins_the_game.helpers import scaled
from tests.gremlins_the_game.test_board import SMALL

_REF = geometry(None)
_REF_GRID = grid_bits(_REF.graph, [(sp.x, sp.y) for sp in _REF.map.spaces])


def _mask(ids: set[int] | frozenset[int] | tuple[int, ...], bits: tuple[int, ...]) -> int:
    return sum(bits[i] for i in set(ids))


@pytest.mark.clause("GTG-MOVE-1", "GTG-MOVE-5")
@settings(max_examples=scaled(25), deadline=None)
@given(start=st.integers(0, 10**6), steps=st.integers(0, 8),
       stops=st.sets(st.integers(0, 10**6), max_size=60), no_stop=st.sets(st.integers(0, 10**6), max_size=8),
       impassable=st.sets(st.integers(0, 10**6), max_size=20))
def test_reach_bits_is_reachable_on_the_reference_map(start: int, steps: int, stops: set[int],
                                                      no_stop: set[int], impassable: set[int]) -> None:
    """On the reference map, for random stops, spaces not to land on and impassable spaces,
    the mask of :func:`reach_bits` (less the no-stop spaces) names exactly the spaces of
    :func:`reachable`, and :func:`select_bits` lists them in map order."""
    assert _REF_GRID is not None
    n = len(_REF.graph)
    start, stops_, no_stop_, imp = (start % n, frozenset(v % n for v in stops),
                                    frozenset(v % n for v in no_stop), frozenset(v % n for v in impassable))
    bits = _REF_GRID.bits
    want = reachable(_REF.graph, start, steps, impassable=imp, no_stop=no_stop_, stops=stops_)
    got = reach_bits(_REF_GRID, bits[start], steps, _mask(stops_, bits), _mask(imp, bits))
    got &= ~_mask(no_stop_, bits)
    assert got == _mask(want, bits)
    assert select_bits(_REF_GRID, layout(_REF_GRID, range(n)), got) == want


@settings(max_examples=scaled(25), deadline=None)
@given(width=st.integers(1, 9), height=st.integers(1, 9), data=st.data())
def test_reach_bits_is_reachable_on_random_grids(width: int, height: int, data: st.DataObject) -> None:
    """On random grids with holes, walls and areas with doors, reach_bits with random stops
    gives the spaces of reachable; a graph with a step that is not a grid step has no layout."""
    cells = data.draw(st.sets(st.tuples(st.integers(0, width - 1), st.integers(0, height - 1)), min_size=1))
    pairs = [((x, y), (x + 1, y)) for x, y in cells if (x + 1, y) in cells]
    pairs += [((x, y), (x, y + 1)) for x, y in cells if (x, y + 1) in cells]
    walls = data.draw(st.lists(st.sampled_from(pairs), max_size=6)) if pairs else []
    area_of = {c: data.draw(st.sampled_from("ab")) for c in cells}
    doors = data.draw(st.lists(st.sampled_from(pairs), max_size=4)) if pairs else []
    graph = grid_graph(width, height, cells=cells, walls=walls, area_of=area_of, doors=doors)
    order = sorted(cells, key=lambda c: (c[1], c[0]))
    gb = grid_bits(graph, order)
    assert gb is not None
    n = len(graph)
    start = data.draw(st.integers(0, n - 1))
    stops = frozenset(data.draw(st.sets(st.integers(0, n - 1))))
    steps = data.draw(st.integers(0, 7))
    assert reach_bits(gb, gb.bits[start], steps, _mask(stops, gb.bits)) == _mask(
        reachable(graph, start, steps, stops=stops), gb.bits)
    u, v = 0, n - 1
    if abs(order[u][0] - order[v][0]) + abs(order[u][1] - order[v][1]) > 1:  # a step off the grid
        rows = [set(row) for row in graph.neighbours]
        rows[u].add(v)
        rows[v].add(u)
        assert grid_bits(BoardGraph(graph.names, tuple(tuple(sorted(r)) for r in rows)), order) is None


def _destination_states(seed: int, players: int) -> list[State]:
    states = random_states(seed, players, options=Options(turn_limit=200))
    return [s for s in states if s.phase is Phase.MOVE and not s.stack]


@pytest.mark.clause("GTG-MOVE-1", "GTG-MOVE-2", "GTG-MOVE-3", "GTG-MOVE-4", "GTG-SQUARE-3", "GTG-SQUARE-4")
@settings(max_examples=scaled(6), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_the_fast_destinations_are_the_rule_books(seed: int, players: int) -> None:
    """In every Move state of a random game (first turns, free moves after the Town Square,
    players in the way, nowhere to go), the fast Moves are flow.destinations' in the same order,
    and their mask names exactly those spaces."""
    table = fast_moves.REFERENCE_TABLE
    for s in _destination_states(seed, players):
        _, mask, _, _, found = fast_moves.moves(s, table)
        want = flow.destinations(s)
        assert tuple(m.to for m in found) == want
        assert mask == sum(table.bit[n] for n in want)


@pytest.mark.clause("GTG-MOVE-3", "GTG-SQUARE-4")
@settings(max_examples=scaled(10), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), done=st.booleans(), data=st.data())
def test_the_fast_destinations_from_any_spaces(seed: int, players: int, done: bool,
                                               data: st.DataObject) -> None:
    """From random spaces of the players (a stacked setup), on the first turn or later, the fast
    Moves are the rule book's."""
    rnd = random.Random(seed)
    free = [n for n in _REF.names if n not in _REF.starts]
    spots = rnd.sample(free, players)
    s = setup.new_game(players, seed, setup=Setup(positions=tuple(spots), first_round_done=done))
    s = flow.replace(s, turn=data.draw(st.integers(0, players - 1)))
    found = fast_moves.moves(s, fast_moves.REFERENCE_TABLE)[4]
    assert tuple(m.to for m in found) == flow.destinations(s)


@pytest.mark.clause("GTG-MOVE-1", "GTG-MOVE-2", "GTG-MOVE-4", "GTG-MOVE-5", "GTG-SQUARE-4")
@pytest.mark.parametrize("seed", [0, 1])
def test_the_moves_filled_ahead_of_play_are_core_board_reachable(seed: int) -> None:
    """A sample of the table's moves filled at import (token combinations random games seldom
    meet): each is core.board.reachable from its space with those stops (or the stay when there is
    none), in map order, and each seat's fixed cuts leave exactly the other spaces."""
    table = fast_moves.REFERENCE_TABLE
    graph = _REF.graph
    known = sorted(table.known.items())
    assert len(known) > 1000
    for (here, stops), (found, mask, reached, cuts) in random.Random(seed).sample(known, 150):
        ids = frozenset(i for i, n in enumerate(_REF.names) if table.bit[n] & stops)
        want = tuple(_REF.names[i] for i in reachable(graph, _REF.index[here], fast_moves.STEPS, stops=ids))
        assert tuple(m.to for m in found) == (want or (here,))
        assert reached == sum(table.bit[n] for n in want)
        assert mask == (reached or table.bit[here])
        for cut, (left, left_mask) in cuts.items():
            kept = tuple(n for n in want if not table.bit[n] & cut)
            assert tuple(m.to for m in left) == (kept or (here,))
            assert left_mask == sum(table.bit[n] for n in (kept or (here,)))


@pytest.mark.clause("GTG-FIGHT-2", "GTG-WEAPON-2")
@settings(max_examples=scaled(25), deadline=None)
@given(seed=st.integers(0, 2**32), size=st.integers(0, 7))
def test_the_fight_and_discard_choices_are_the_rule_books(seed: int, size: int) -> None:
    """For random hands and every gremlin, the packed minimal covering sets give rules.fight_choices
    (same actions, same order), and the discard choices are rules.discard_choices."""
    rnd = random.Random(seed)
    s = setup.new_game(2, seed)
    t = tables(s.components)
    deck = list(t.weapon_deck)
    hand = tuple(sorted(rnd.sample(deck, size), key=t.weapon_index.__getitem__))
    s = flow.replace(s, hands=(hand, s.hands[1]))
    for gremlin in t.gremlin_needs:
        frame = Fight(0, gremlin)
        assert fast_fight.fight_choices(s, frame) == rules.fight_choices(s, frame)
    limit = HandLimit(0, (Next.DRAW, Next.END))
    assert fast_fight.discard_choices(s, limit) == rules.discard_choices(s, limit)


@pytest.mark.clause("GTG-SETUP-3", "GTG-SETUP-5", "GTG-SETUP-6")
@settings(max_examples=scaled(25), deadline=None)
@given(seed=st.integers(0, 2**64 - 1), players=st.sampled_from([2, 3, 4]),
       items=st.lists(st.integers(), max_size=40), state=st.integers(0, 2**64 - 1))
def test_the_quick_new_game_is_the_general_one(seed: int, players: int, items: list[int], state: int) -> None:
    """new_game(players, seed) (the quick path) equals the general path with default options and
    an empty setup, and the shuffle it uses (core.draws.shuffle) equals Rng.shuffle draw for draw."""
    assert setup.new_game(players, seed) == setup.new_game(players, seed, options=Options(), setup=Setup())
    shuffled, rng = Rng(state).shuffle(items)
    assert draws.shuffle(state, items) == (shuffled, rng.state)


_M64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def _unmix(z: int) -> int:
    """The SplitMix64 state after whose step the output is ``z`` (the mixing function inverted)."""
    z ^= (z >> 31) ^ (z >> 62)
    z = z * pow(0x94D049BB133111EB, -1, 1 << 64) & _M64
    z ^= (z >> 27) ^ (z >> 54)
    z = z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & _M64
    z ^= (z >> 30) ^ (z >> 60)
    return (z - _GAMMA) & _M64


@pytest.mark.clause("GTG-SETUP-3")
@pytest.mark.parametrize(("size", "at"), [(3, 0), (7, 1), (40, 0), (40, 5), (64, 30), (70, 1)])
def test_the_shuffle_with_a_rejected_draw_is_rng_shuffle(size: int, at: int) -> None:
    """A shuffle whose draw number ``at`` is rejected (the largest output, above the limit of every
    bound but a power of two, here ``size - at``) still equals Rng.shuffle, and uses one draw more
    than it swaps."""
    state = (_unmix(_M64) - at * _GAMMA) & _M64
    rng = Rng(state)
    for _ in range(at):
        rng = rng.next_u64()[1]
    assert rng.next_u64()[0] == _M64
    items = list(range(size))
    shuffled, rng = Rng(state).shuffle(items)
    assert draws.shuffle(state, items) == (shuffled, rng.state)
    assert rng.state == (state + size * _GAMMA) & _M64  # size - 1 swaps, one rejected draw


@pytest.mark.clause("GTG-MOVE-1", "GTG-TURN-1")
@settings(max_examples=scaled(4), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), picks=st.lists(st.integers(0, 99)))
def test_interleaved_and_branching_play_is_the_rule_books(seed: int, players: int, picks: list[int]) -> None:
    """Two games played in turns, and each action also applied to an earlier state (as a search
    does), give the rule book's states: the fast path's memory of the last state never leaks."""
    games = [setup.new_game(players, seed), setup.new_game(players, seed + 1, options=Options(turn_limit=60))]
    earlier = list(games)
    pick = iter(picks)
    for step in range(300):
        i = step % 2
        s = games[i]
        if fast.is_terminal(s):
            continue
        legal = fast.legal_actions(s)
        old = earlier[i]
        if not fast.is_terminal(old):
            for a in rules.legal_actions(old)[:2]:
                assert fast.apply(old, a) == rules.apply(old, a)
        action = legal[next(pick, step) % len(legal)]
        assert fast.is_legal(s, action)
        earlier[i] = s
        games[i] = fast.apply(s, action)
        assert games[i] == rules.apply(s, action)


def test_a_small_user_maps_table_is_a_grid_and_plays_as_the_rule_book() -> None:
    """A user map gets its own table, and a game on it gives the rule book's actions and states."""
    small = read_map(SMALL)
    assert fast_moves.move_table(small) is not None
    options = Options(map=small, turn_limit=80)
    for seed in range(3):
        rnd = random.Random(seed)
        s = setup.new_game(3, seed, options=options)
        while not fast.is_terminal(s):
            legal = fast.legal_actions(s)
            assert legal == rules.legal_actions(s)
            action = legal[rnd.randrange(len(legal))]
            after = fast.apply(s, action)
            assert after == rules.apply(s, action)
            s = after


@pytest.mark.clause("GTG-MOVE-1")
def test_a_move_applied_while_another_table_is_listed_in_between_is_the_rule_books(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A Move applied to a state whose moves another table (another thread) listed last, and
    listed once more between the fast path's own check and its use, gives the rule book's state:
    the fast path uses only the memo it checked against the state in hand (the memo is shared by
    every table in the process)."""
    ours = [s for s in random_states(3, 2) if s.phase is Phase.MOVE and not s.stack][:40]
    theirs = [s for s in random_states(4, 3) if s.phase is Phase.MOVE and not s.stack][:40]
    allowed = fast._move_allowed

    def another_table_lists_after(s: State, to: object) -> bool | None:
        answer = allowed(s, to)
        fast.legal_actions(other)  # what another thread may do at this very moment
        return answer

    monkeypatch.setattr(fast, "_move_allowed", another_table_lists_after)
    checked = 0
    for s, other in zip(ours, theirs, strict=False):
        for move in rules.legal_actions(s):
            fast.legal_actions(other)  # the memo is another table's when our apply starts
            assert fast.apply(s, move) == rules.apply(s, move)
            checked += 1
    assert checked > 100
