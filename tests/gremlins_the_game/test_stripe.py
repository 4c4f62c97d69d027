"""Stripe and the end of the game (GTG-STRIPE-*, GTG-END-*, GTG-VARIANT-1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import SetupError
from gremlinrules.gremlins_the_game import Choose
from gremlinrules.gremlins_the_game import Defeat
from gremlinrules.gremlins_the_game import LetEscape
from gremlinrules.gremlins_the_game import Move
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import Outcome
from gremlinrules.gremlins_the_game import Placed
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import decision_bound
from gremlinrules.gremlins_the_game import everyone_lost
from gremlinrules.gremlins_the_game import is_terminal
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game import new_game
from gremlinrules.gremlins_the_game import observe
from gremlinrules.gremlins_the_game import winners
from gremlinrules.gremlins_the_game.flow import THEATER_SPACES
from gremlinrules.gremlins_the_game.frames import GangToTheater
from tests.gremlins_the_game.helpers import GREMLIN_SPACES
from tests.gremlins_the_game.helpers import edited
from tests.gremlins_the_game.helpers import play
from tests.gremlins_the_game.helpers import random_states
from tests.gremlins_the_game.helpers import scaled
from tests.gremlins_the_game.helpers import table

STRIPE_KILLERS = ("flashlight", "kitchen-knife", "sword")


def stripe_on_e6(players: int = 2, *, pool_left: int | None = None, options: Options | None = None,
                 hand: tuple[str, ...] = ("blender",)) -> State:
    """Stripe face down on e6 (two moves from red's Start), red holding ``hand``. With
    ``pool_left``, only that many gremlins stay in the pool; the rest are seat 1's, defeated."""
    s = table(players, options=options, hands=(hand, *(() for _ in range(players - 1))))
    assert GREMLIN_SPACES[2] == "e6"
    there = next(p for p in s.board if p.space == "e6")
    board = tuple(Placed("e6", "stripe", False, True) if p is there else p for p in s.board)
    pool = tuple(g for g in (there.gremlin, *s.pool) if g != "stripe")
    defeated = list(s.defeated)
    if pool_left is not None:
        defeated[1] = pool[pool_left:]
        pool = pool[:pool_left]
    return edited(s, board=board, pool=pool, defeated=tuple(defeated))


def plain_move(s: State) -> Move:
    """A legal move onto a space with no token and outside the Town Square."""
    tokens = {*s.event_tokens, *s.weapon_tokens, *(p.space for p in s.board)}
    from gremlinrules.gremlins_the_game.flow import SQUARE

    return next(a for a in legal_actions(s) if type(a) is Move and a.to not in tokens and a.to not in SQUARE)


@pytest.mark.clause("GTG-STRIPE-1", "GTG-SETUP-3")
@settings(max_examples=scaled(20), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_stripe_starts_in_the_pool_never_on_a_gremlin_space(seed: int, players: int) -> None:
    """Property: Stripe is set aside while the Gremlin spaces are filled, so at the start he is
    face down in the pool; every Gremlin space holds one of the other 35 face down."""
    s = new_game(players, seed)
    assert "stripe" in s.pool
    assert all(p.gremlin != "stripe" and not p.face_up for p in s.board)
    assert [p.space for p in s.board] == list(GREMLIN_SPACES)
    assert len(s.pool) == 36 - len(GREMLIN_SPACES)


@pytest.mark.clause("GTG-STRIPE-2", "GTG-END-1")
def test_defeating_stripe_ends_the_game_at_once() -> None:
    """Stripe defeated: the game is over on the spot (no theater, no next turn), the points are
    counted and nothing more is legal."""
    s = play(stripe_on_e6(hand=STRIPE_KILLERS), Move("e6"))
    assert Defeat(STRIPE_KILLERS) in legal_actions(s)
    s = apply(s, Defeat(STRIPE_KILLERS))
    assert is_terminal(s)
    assert s.outcome is Outcome.STRIPE_DEFEATED
    assert winners(s) == (0,)
    assert legal_actions(s) == ()
    with pytest.raises(IllegalActionError) as info:
        apply(s, Move("a1"))
    assert info.value.clause == "GTG-END-1"


@pytest.mark.clause("GTG-STRIPE-3")
def test_an_escaped_stripe_brings_a_new_theater_gremlin_at_the_start_of_every_turn() -> None:
    """Stripe escapes into the theater; from the next turn on, each turn begins with the pool's
    top token placed face up on an empty theater space the turn's player chooses."""
    s = play(stripe_on_e6(), Move("e6"), LetEscape(), Choose(THEATER_SPACES[0]))
    assert Placed(THEATER_SPACES[0], "stripe", True) in s.board
    assert s.turn == 1
    assert type(s.stack[-1]) is GangToTheater
    top = s.pool[0]
    assert legal_actions(s) == tuple(Choose(t) for t in THEATER_SPACES[1:])
    s = apply(s, Choose(THEATER_SPACES[3]))
    assert Placed(THEATER_SPACES[3], top, True) in s.board
    assert not s.stack
    assert s.turn == 1
    s = apply(s, plain_move(s))
    assert s.turn == 0
    assert type(s.stack[-1]) is GangToTheater


@pytest.mark.clause("GTG-STRIPE-4", "GTG-END-2")
def test_the_game_ends_when_stripe_is_in_the_theater_and_the_pool_runs_dry() -> None:
    """With one token left in the pool when Stripe escapes, the next turn places it; at that
    turn's end the pool is empty with Stripe in the theater: the game is over, Stripe
    undefeated, and the most points win."""
    s = play(stripe_on_e6(pool_left=1), Move("e6"), LetEscape(), Choose(THEATER_SPACES[0]))
    assert not is_terminal(s)
    s = apply(s, Choose(THEATER_SPACES[1]))
    assert s.pool == ()
    s = apply(s, plain_move(s))
    assert is_terminal(s)
    assert s.outcome is Outcome.POOL_EMPTY
    assert winners(s) == (1,)
    assert not everyone_lost(s)


@pytest.mark.clause("GTG-VARIANT-1")
def test_under_the_challenging_variant_an_undefeated_stripe_means_everyone_loses() -> None:
    """The same ending under the Challenging Variant: no winner, and every view says the
    gremlins won; defeating Stripe under the variant is a normal win."""
    options = Options(challenging=True)
    s = play(stripe_on_e6(pool_left=1, options=options), Move("e6"), LetEscape(),
             Choose(THEATER_SPACES[0]), Choose(THEATER_SPACES[1]))
    s = apply(s, plain_move(s))
    assert is_terminal(s)
    assert winners(s) == ()
    assert everyone_lost(s)
    assert all(observe(s, p).gremlins_won for p in (0, 1, None))
    won = play(stripe_on_e6(hand=STRIPE_KILLERS, options=options), Move("e6"), Defeat(STRIPE_KILLERS))
    assert winners(won) == (0,)
    assert not everyone_lost(won)
    assert not observe(won, None).gremlins_won


@pytest.mark.clause("GTG-END-2")
def test_tied_players_share_the_win() -> None:
    """Equal points at the end: every tied seat wins."""
    s = table(3, options=Options(turn_limit=1))
    s = apply(s, plain_move(s))
    assert is_terminal(s)
    assert winners(s) == (0, 1, 2)


@pytest.mark.clause("GTG-END-4")
def test_the_turn_limit_ends_the_game_and_the_rules_as_written_have_no_bound() -> None:
    """House rule: after turn_limit turns the game is over (Stripe undefeated). Under the rules as
    written there is no limit and no decision bound."""
    s = table(2, options=Options(turn_limit=3))
    for _ in range(3):
        assert not is_terminal(s)
        s = apply(s, plain_move(s))
    assert is_terminal(s)
    assert s.outcome is Outcome.TURN_LIMIT
    with pytest.raises(SetupError):
        decision_bound(2, Options.as_written())
    open_ended = table(2, options=Options.as_written(turn_limit=3))
    for _ in range(6):
        open_ended = apply(open_ended, plain_move(open_ended))
    assert not is_terminal(open_ended)


@pytest.mark.clause("GTG-END-4", "GTG-VARIANT-1")
@settings(max_examples=scaled(6), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]), challenging=st.booleans())
def test_every_random_game_ends_with_a_recorded_outcome(seed: int, players: int, challenging: bool) -> None:
    """Property: a random game ends (by Stripe or the turn limit) within the turn limit; the
    winners are empty exactly when the variant's gremlins won."""
    options = Options(challenging=challenging)
    states = random_states(seed, players, options=options)
    end = states[-1]
    assert is_terminal(end)
    assert end.outcome is not Outcome.PLAYING
    assert end.turn_number < options.turn_limit
    assert (winners(end) == ()) == everyone_lost(end)
    assert everyone_lost(end) == (challenging and end.outcome is not Outcome.STRIPE_DEFEATED)
