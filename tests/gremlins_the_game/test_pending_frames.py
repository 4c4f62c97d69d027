"""check_state's refusals of states the rules never reach: a pending event frame with nothing to act
on (GTG-EVENT-2: such an effect is skipped), and a generator outside SplitMix64's states."""

from __future__ import annotations

import pytest

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import check_state
from gremlinrules.gremlins_the_game import flow
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game.frames import MoveGremlin
from gremlinrules.gremlins_the_game.frames import Next
from gremlinrules.gremlins_the_game.frames import PickGremlin
from gremlinrules.gremlins_the_game.frames import PlaceGremlin
from tests.gremlins_the_game.helpers import table


def _drawn(s: State) -> State:
    """``s`` with its top event card just drawn (the turn is resolving it)."""
    return flow.replace(s, event_deck=s.event_deck[1:], event_discard=(s.event_deck[0],))


@pytest.mark.clause("GTG-EVENT-2")
def test_a_new_gremlin_is_asked_for_only_while_the_pool_has_one() -> None:
    """A place frame with an empty pool (every token but Stripe defeated, Stripe and one token in
    the theater's crowd) is refused by check_state; the rule book would have skipped the effect.
    (It used to be accepted, and answering it raised IndexError.)"""
    s = _drawn(table(2, first_round_done=True))
    rest = tuple(g for g in s.pool if g != "stripe")
    emptied = flow.replace(s, pool=(), board=s.board[1:], crowd=("stripe", s.board[0].gremlin),
                           defeated=((), rest))
    place = flow.replace(emptied, stack=(PlaceGremlin(0, s.event_discard[-1], (Next.END,)),))
    with pytest.raises(InvalidArgumentError, match="pool"):
        check_state(place)
    with_pool = flow.replace(place, pool=rest[:1], defeated=((), rest[1:]))
    check_state(with_pool)
    assert apply(with_pool, legal_actions(with_pool)[0]).pool == ()


@pytest.mark.clause("GTG-EVENT-2")
def test_a_gremlin_is_moved_only_while_a_gremlin_space_is_empty() -> None:
    """A move-from frame with every Gremlin space taken is refused by check_state: its answer would
    ask for an empty space where there is none, and the game would stop with no legal action."""
    s = _drawn(table(2, first_round_done=True))
    full = flow.replace(s, stack=(PickGremlin(0, s.event_discard[-1], (Next.END,)),))
    with pytest.raises(InvalidArgumentError, match="Gremlin space"):
        check_state(full)
    freed = flow.replace(full, board=full.board[1:], pool=(full.board[0].gremlin, *full.pool))
    check_state(freed)
    after = apply(freed, legal_actions(freed)[0])
    assert type(after.stack[0]) is MoveGremlin
    assert legal_actions(after)


@pytest.mark.parametrize("value", [2**64, 2**70, -1])
def test_a_generator_outside_splitmix64s_states_is_refused(value: int) -> None:
    """The state's generator is SplitMix64, whose state is a 64-bit number: check_state refuses an
    Rng holding another (Rng builds one without a word), which the rules would silently reduce."""
    s = table(2)
    with pytest.raises(InvalidArgumentError, match="rng"):
        check_state(flow.replace(s, rng=Rng(value)))
    check_state(flow.replace(s, rng=Rng(2**64 - 1)))
