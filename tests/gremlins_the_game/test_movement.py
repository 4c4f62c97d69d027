"""Movement (GTG-MOVE-*, GTG-SQUARE-3, GTG-SQUARE-4), checked against a breadth-first search
written here from the rulebook and the map's spaces, walls and doors alone (not the library's
board graph or its ``reachable``)."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.gremlins_the_game import REFERENCE_MAP
from gremlinrules.gremlins_the_game import Move
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import is_legal
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game.flow import start_of
from gremlinrules.gremlins_the_game.state import Phase
from tests.gremlins_the_game.helpers import edited
from tests.gremlins_the_game.helpers import random_states
from tests.gremlins_the_game.helpers import scaled
from tests.gremlins_the_game.helpers import table

MAP = REFERENCE_MAP
NAMES = [s.name for s in MAP.spaces]
AT = {(s.x, s.y): i for i, s in enumerate(MAP.spaces)}
WALLS = {frozenset(w) for w in MAP.walls}
DOORS = {frozenset(d) for d in MAP.doors}
STARTS = [NAMES[i] for i in MAP.starts]
SQUARE = {NAMES[i] for i in MAP.town_square}


def steps_from(i: int) -> list[int]:
    """GTG-MOVE-1 from the rulebook: one orthogonal step, not through a wall; between a building
    and anything else only through a door."""
    s = MAP.spaces[i]
    out = []
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        j = AT.get((s.x + dx, s.y + dy))
        if j is None or frozenset((i, j)) in WALLS:
            continue
        if MAP.spaces[j].area != s.area and frozenset((i, j)) not in DOORS:
            continue
        out.append(j)
    return out


def oracle(s: State) -> list[str]:
    """The legal destinations of the turn owner by a breadth-first search over (space, steps)."""
    seat = s.turn
    here = s.positions[seat]
    others = {p for k, p in enumerate(s.positions) if k != seat}
    others |= {STARTS[k] for k in range(s.players) if k != seat}
    if s.free_move[seat]:
        found = {n for n in NAMES if n != here and n not in others}
    else:
        tokens = set(s.event_tokens) | set(s.weapon_tokens) | {p.space for p in s.board}
        # GTG-SQUARE-6: from inside the Town Square (the careful reading) its spaces are plain ones
        square = set() if here in SQUARE and not s.options.reenter_square else SQUARE
        closed = square if s.turn_number < s.players else set()
        found = set()
        queue = deque([(NAMES.index(here), 0)])
        seen = {queue[0]}
        while queue:
            i, k = queue.popleft()
            if k == 6:
                continue
            for j in steps_from(i):
                name = NAMES[j]
                if name in closed or name == here:
                    continue
                if name not in others:
                    found.add(name)
                if name in tokens or name in square:
                    continue  # the move ends on entering
                if (j, k + 1) not in seen:
                    seen.add((j, k + 1))
                    queue.append((j, k + 1))
    ordered = [n for n in NAMES if n in found]
    return ordered or [here]


@pytest.mark.clause("GTG-MOVE-1", "GTG-MOVE-3", "GTG-MOVE-4", "GTG-MOVE-5", "GTG-SQUARE-3",
                    "GTG-SQUARE-4", "GTG-MOVE-2", "GTG-SQUARE-6")
@settings(max_examples=scaled(12), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), reenter=st.booleans())
def test_every_move_is_a_destination_of_the_independent_search(seed: int, players: int,
                                                                reenter: bool) -> None:
    """Property: in every state of a random game where a move is due, the legal Moves are
    exactly the destinations the independent breadth-first search finds (under both readings of
    a move inside the Town Square)."""
    checked = 0
    for s in random_states(seed, players, options=Options(reenter_square=reenter), limit=200):
        if s.phase is Phase.MOVE and not s.stack:
            assert [a.to for a in legal_actions(s)] == oracle(s)
            checked += 1
    assert checked


@pytest.mark.clause("GTG-MOVE-1")
def test_a_move_goes_up_to_six_steps_and_never_through_a_wall_or_a_closed_building_side() -> None:
    """From red's Start the gremlin on e6 ends a move there, so d6 beyond it is out of reach; the
    Police Station is entered only through its doors, so c5 (five steps away as the crow
    flies) is not reachable, and nothing is more than six steps away."""
    s = table(2)
    dests = [a.to for a in legal_actions(s)]
    assert "e6" in dests
    assert "d6" not in dests
    assert dests == oracle(s)
    here = MAP.spaces[NAMES.index(s.positions[0])]
    for d in dests:
        there = MAP.spaces[NAMES.index(d)]
        assert abs(there.x - here.x) + abs(there.y - here.y) <= 6
    assert "c5" not in dests
    with pytest.raises(IllegalActionError) as info:
        apply(s, Move("c5"))
    assert info.value.clause == "GTG-MOVE-1"


@pytest.mark.clause("GTG-MOVE-3", "GTG-MOVE-4")
def test_a_player_is_passed_through_but_not_landed_on_nor_another_start() -> None:
    """With blue standing right beside red, red walks past blue (spaces beyond are reachable)
    but may not stop on blue's space, and never on blue's Start."""
    s = table(2, positions=("g6", "h6"), first_round_done=True)
    dests = [a.to for a in legal_actions(s)]
    assert "h6" not in dests
    assert "n6" not in dests
    assert dests == oracle(s)
    with pytest.raises(IllegalActionError) as info:
        apply(s, Move("h6"))
    assert info.value.clause == "GTG-MOVE-3"


@pytest.mark.clause("GTG-MOVE-2")
def test_staying_is_legal_only_when_no_space_can_be_reached() -> None:
    """A player must move when able; boxed in (every neighbour another player or a wall), the
    stay is the only legal move."""
    s = table(2)
    assert not is_legal(s, Move(s.positions[0]))
    with pytest.raises(IllegalActionError) as info:
        apply(s, Move(s.positions[0]))
    assert info.value.clause == "GTG-MOVE-2"



@pytest.mark.clause("GTG-MOVE-2")
def test_with_no_destination_the_stay_is_the_only_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """No space of the reference map can be boxed in (other players are walked through), so the
    movement search is made to find nothing: the stay is then the only legal move, and it ends
    the turn without resolving anything."""
    from gremlinrules.gremlins_the_game import flow
    from gremlinrules.gremlins_the_game import rules

    s = table(2)
    monkeypatch.setattr(flow, "reachable", lambda *args, **kwargs: ())
    here = s.positions[0]
    assert rules.legal_actions(s) == (Move(here),)
    after = rules.apply(s, Move(here))
    assert after.positions[0] == here
    assert after.turn == 1
    assert after.event_tokens == s.event_tokens
    assert after.board == s.board


@pytest.mark.clause("GTG-SQUARE-4")
def test_the_town_square_is_closed_in_every_first_turn() -> None:
    """In the first round no Town Square space is a destination, even one within six steps;
    from the second round on it is."""
    near = "h9"  # beside the west gate h10-i10
    first = table(2, positions=(near, "n6"))
    assert not SQUARE & {a.to for a in legal_actions(first)}
    with pytest.raises(IllegalActionError) as info:
        apply(first, Move("i10"))
    assert info.value.clause == "GTG-SQUARE-4"
    later = table(2, positions=(near, "n6"), first_round_done=True)
    assert "i10" in {a.to for a in legal_actions(later)}


@st.composite
def round_turns(draw: st.DrawFn) -> State:
    """A table of 2-4 players with any first player, at any turn of the first round or the first
    turn after it, the turn owner beside the Town Square's west gate (h9), the others on their
    Starts."""
    players = draw(st.integers(2, 4))
    first = draw(st.integers(0, players - 1))
    number = draw(st.integers(0, players))
    seat = (first + number) % players
    positions = tuple("h9" if k == seat else start_of(k) for k in range(players))
    s = table(players, first_player=first, positions=positions)
    return edited(s, turn=seat, turn_number=number)


@pytest.mark.clause("GTG-SQUARE-4")
@given(s=round_turns())
def test_every_seat_of_the_first_round_is_kept_out_of_the_town_square(s: State) -> None:
    """Property: in every seat's own first turn (the first round counted from the first player,
    its last seat included) no Town Square space is a destination and entering one is refused
    with GTG-SQUARE-4, although the gate is one step away; in the turn after the first round
    the square is open (i10, inside the gate, is a destination)."""
    dests = {a.to for a in legal_actions(s)}
    if s.turn_number < s.players:
        assert not SQUARE & dests
        with pytest.raises(IllegalActionError) as info:
            apply(s, Move("i10"))
        assert info.value.clause == "GTG-SQUARE-4"
    else:
        assert "i10" in dests


@pytest.mark.clause("GTG-SQUARE-4")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_last_seat_of_the_first_round_is_banned_and_the_next_turn_is_not(players: int) -> None:
    """The seat just before the first player, in its first turn (the first round's last), may not
    enter the Town Square; the first player's second turn, right after, may."""
    first = players - 1
    last = (first + players - 1) % players
    beside = tuple("h9" if k == last else start_of(k) for k in range(players))
    s = edited(table(players, first_player=first, positions=beside), turn=last, turn_number=players - 1)
    assert not SQUARE & {a.to for a in legal_actions(s)}
    assert not is_legal(s, Move("i10"))
    beside = tuple("h9" if k == first else start_of(k) for k in range(players))
    s = edited(s, positions=beside, turn=first, turn_number=players)
    assert "i10" in {a.to for a in legal_actions(s)}
