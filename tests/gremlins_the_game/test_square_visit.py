"""A move that starts in the Town Square (GTG-SQUARE-6): the careful reading (the default: the square
is one place, so a move from inside it enters nothing) and the literal one
(``Options(reenter_square=True)``: every Town Square space stepped onto is entered again)."""

from __future__ import annotations

import pytest

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.gremlins_the_game import Move
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import action_label
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game import observe
from gremlinrules.gremlins_the_game import rules
from gremlinrules.gremlins_the_game.flow import EVENT_SPACES
from gremlinrules.gremlins_the_game.flow import SQUARE
from gremlinrules.gremlins_the_game.flow import WEAPON_SPACES
from tests.gremlins_the_game.helpers import edited
from tests.gremlins_the_game.helpers import table

CAREFUL = Options()
LITERAL = Options(reenter_square=True)
SQUARE_SPACES = sorted(SQUARE)


def in_square(options: Options, space: str = "i10", *, free: bool = True, first_round_done: bool = True,
              taken: int = 2) -> State:
    """Red on ``space`` of the Town Square (with the bonus of having entered it when ``free``),
    blue on its Start, and the first ``taken`` event and weapon tokens taken off the board."""
    s = table(2, options=options, positions=(space, "n6"), first_round_done=first_round_done)
    return edited(s, free_move=(free, False), event_tokens=EVENT_SPACES[taken:],
                  weapon_tokens=WEAPON_SPACES[taken:])


def both(s: State, move: Move) -> State:
    """The state after ``move`` by the fast path, checked equal to the rule book's."""
    after = apply(s, move)
    assert after == rules.apply(s, move)
    return after


@pytest.mark.clause("GTG-SQUARE-6")
def test_a_free_move_to_another_town_square_space_neither_refills_nor_grants_another() -> None:
    """Careful reading: red entered the square at i10 and uses the free move to hop to j11; the
    square is one place red is already in, so the empty token spaces stay empty, the bonus is
    gone, and the turn passes."""
    s = in_square(CAREFUL)
    after = both(s, Move("j11"))
    assert after.positions[0] == "j11"
    assert after.free_move == (False, False)
    assert (after.event_tokens, after.weapon_tokens) == (s.event_tokens, s.weapon_tokens)
    assert (after.board, after.pool) == (s.board, s.pool)
    assert after.turn == 1


@pytest.mark.clause("GTG-SQUARE-6", "GTG-SQUARE-2", "GTG-SQUARE-3")
def test_under_the_literal_reading_the_same_hop_refills_and_grants_another_free_move() -> None:
    """Literal reading (reenter_square=True): the hop from i10 to j11 enters the square again: every
    empty token space is refilled and red gets another free move."""
    s = in_square(LITERAL)
    after = both(s, Move("j11"))
    assert after.free_move == (True, False)
    assert (after.event_tokens, after.weapon_tokens) == (EVENT_SPACES, WEAPON_SPACES)


def hopper(options: Options, turns: int) -> list[State]:
    """A two-player game in which red, having entered the Town Square, always moves to another
    Town Square space when it can, and blue takes its first legal move onto nothing (no token, not
    the square): the states at red's turns."""
    s = table(2, options=options, positions=("h9", "n6"), first_round_done=True)
    s = both(s, Move("i10"))
    seen: list[State] = []
    while len(seen) < turns:
        busy = {*SQUARE, *s.event_tokens, *s.weapon_tokens, *(p.space for p in s.board)}
        s = both(s, next(a for a in legal_actions(s) if a.to not in busy))  # blue
        assert s.turn == 0
        seen.append(s)
        square = [a for a in legal_actions(s) if a.to in SQUARE]
        s = both(s, square[0] if square else legal_actions(s)[0])
    return seen


@pytest.mark.clause("GTG-SQUARE-6", "GTG-SQUARE-2")
def test_hopping_inside_the_square_refills_the_town_once_not_every_turn() -> None:
    """The loop of issue 28: red keeps hopping between Town Square spaces. Under the careful
    reading only the first visit gave a free move, so red's later turns are plain moves inside
    the square and never refill; under the literal reading every hop enters the square again:
    red has a free move at every one of its turns, for ever."""
    careful = hopper(CAREFUL, 8)
    assert [s.free_move[0] for s in careful] == [True] + [False] * 7
    assert all(s.positions[0] in SQUARE for s in careful)
    literal = hopper(LITERAL, 8)
    assert [s.free_move[0] for s in literal] == [True] * 8


@pytest.mark.clause("GTG-SQUARE-6", "GTG-SQUARE-1", "GTG-MOVE-1")
def test_a_move_from_inside_the_square_crosses_it_and_may_leave_by_another_gate() -> None:
    """Careful reading: from the west gate i10 (no bonus) the square's spaces do not stop red, so
    m11, five steps away through the east gate, is a destination, and so is every other Town
    Square space; under the literal reading the first Town Square step ends the move, so m11 is
    out of reach and only i10's neighbours in the square can be reached."""
    careful = in_square(CAREFUL, free=False)
    dests = {a.to for a in legal_actions(careful)}
    assert {"m11", "n11"} <= dests
    assert SQUARE - {"i10"} <= dests
    after = both(careful, Move("m11"))
    assert after.positions[0] == "m11"
    literal = in_square(LITERAL, free=False)
    dests = {a.to for a in legal_actions(literal)}
    assert dests & SQUARE == {"i9", "j10", "i11"}
    assert "m11" not in dests
    with pytest.raises(IllegalActionError) as info:
        apply(literal, Move("m11"))
    assert info.value.clause == "GTG-MOVE-1"


@pytest.mark.clause("GTG-SQUARE-6")
def test_a_plain_move_ending_inside_the_square_from_inside_it_does_nothing() -> None:
    """Careful reading: red stands in the square without the bonus (a hop used it) and walks to
    another Town Square space: no refill and no free move, the turn passes."""
    s = in_square(CAREFUL, "j11", free=False)
    after = both(s, Move("l9"))
    assert after.free_move == (False, False)
    assert (after.event_tokens, after.weapon_tokens) == (s.event_tokens, s.weapon_tokens)
    assert after.turn == 1


@pytest.mark.clause("GTG-SQUARE-6", "GTG-SQUARE-1", "GTG-SQUARE-2", "GTG-SQUARE-3")
@pytest.mark.parametrize("options", [CAREFUL, LITERAL], ids=["careful", "literal"])
def test_a_move_from_outside_enters_the_square_under_both_readings(options: Options) -> None:
    """A move that starts outside the square enters it under either reading, a walk through the
    west gate and a free move from a far corner alike: it stops there, refills every empty token
    space and grants a free move."""
    walk = in_square(options, "h9", free=False)
    assert "j10" not in {a.to for a in legal_actions(walk)}  # entering at i10 ends the walk
    for s, to in ((walk, "i10"), (in_square(options, "a20"), "k11")):
        after = both(s, Move(to))
        assert after.free_move == (True, False)
        assert (after.event_tokens, after.weapon_tokens) == (EVENT_SPACES, WEAPON_SPACES)


@pytest.mark.clause("GTG-SQUARE-6", "GTG-SQUARE-4")
def test_in_the_first_round_a_player_standing_in_the_square_moves_within_it_only_when_careful() -> None:
    """A stacked setup may put a player in the square in the first round. The careful reading:
    moving inside it is not entering it, so the first-turn ban does not apply to the square's
    other spaces; the literal reading keeps the ban on every Town Square space (refused with
    GTG-SQUARE-4)."""
    careful = table(2, options=CAREFUL, positions=("i10", "n6"))
    assert SQUARE - {"i10"} <= {a.to for a in legal_actions(careful)}
    literal = table(2, options=LITERAL, positions=("i10", "n6"))
    assert not SQUARE & {a.to for a in legal_actions(literal)}
    with pytest.raises(IllegalActionError) as info:
        apply(literal, Move("i11"))
    assert info.value.clause == "GTG-SQUARE-4"


@pytest.mark.clause("GTG-SQUARE-6")
@pytest.mark.parametrize("options", [CAREFUL, LITERAL], ids=["careful", "literal"])
def test_the_fast_path_agrees_with_the_rule_book_from_every_town_square_space(options: Options) -> None:
    """From each of the 16 Town Square spaces, with and without the bonus, in and after the first
    round: the fast path's legal Moves are the rule book's, and so is the state after each one
    (every plain move; a free move's Town Square destinations and the first and last others)."""
    for space in SQUARE_SPACES:
        for free in (False, True):
            for done in (False, True):
                s = in_square(options, space, free=free, first_round_done=done)
                legal = legal_actions(s)
                assert legal == rules.legal_actions(s)
                picked = [a for a in legal if not free or a.to in SQUARE or a in (legal[0], legal[-1])]
                for move in picked:
                    both(s, move)


@pytest.mark.clause("GTG-SQUARE-6")
def test_a_move_within_the_square_is_labelled_as_such() -> None:
    """The label says a move to another Town Square space from inside the square refills nothing
    (careful reading); from outside it, or under the literal reading, it is a move onto the Town
    Square."""
    inside = observe(in_square(CAREFUL, free=False), 0)
    assert str(action_label(inside, Move("j11"))) == "Move to j11 (within the Town Square: no refill)"
    literal = in_square(LITERAL, free=False)
    assert str(action_label(observe(literal, 0), Move("j10"))) == "Move to j10 (Town Square)"
    outside = in_square(CAREFUL, "h9", free=False)
    assert str(action_label(observe(outside, 0), Move("i10"))) == "Move to i10 (Town Square)"
