"""Seeds are the integers from 0 to 2**64-1 (issue 28): every call that takes one refuses anything
else with the library's error, through the one check (``core.checks.check_seed``), instead of
reducing it mod 2**64 without a word; and every seed the library derives stays in that range."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gremlinrules
from gremlinrules import InvalidArgumentError
from gremlinrules import SetupError
from gremlinrules.bots import make_bot
from gremlinrules.core.checks import SEED_LIMIT
from gremlinrules.core.checks import check_seed
from gremlinrules.core.rng import Rng
from gremlinrules.demo import seat_seed
from gremlinrules.sim import simulate
from gremlinrules.sim.seeds import bot_seed
from gremlinrules.sim.seeds import game_seed

OUT_OF_RANGE: list[Any] = [-1, 2**64, 2**70, -(2**63)]
NOT_INTEGERS: list[Any] = [True, False, 1.0, "7", None, b"7"]
BAD = OUT_OF_RANGE + NOT_INTEGERS


def _games() -> list[Any]:
    return [pytest.param(gid, ref, id=f"{gid}{'-reference' if ref else ''}")
            for gid in gremlinrules.game_ids() for ref in (False, True)]


def test_the_one_check_takes_0_to_2_64_minus_1_and_nothing_else() -> None:
    """check_seed returns 0 and 2**64-1 as they are and refuses negative seeds, seeds of 2**64 or
    more, bools and non-integers with SetupError, or the error class it is given."""
    assert check_seed(0) == 0
    assert check_seed(SEED_LIMIT - 1) == 2**64 - 1
    for bad in BAD:
        with pytest.raises(SetupError):
            check_seed(bad)
        with pytest.raises(InvalidArgumentError):
            check_seed(bad, InvalidArgumentError)


def test_the_generator_starts_from_the_seed_itself() -> None:
    """Rng.from_seed(s) is the generator in state s for every seed (nothing is reduced), and
    refuses a seed out of range with InvalidArgumentError."""
    for seed in (0, 1, 2**63, 2**64 - 1):
        assert Rng.from_seed(seed).state == seed
    for bad in BAD:
        with pytest.raises(InvalidArgumentError):
            Rng.from_seed(bad)


@pytest.mark.parametrize(("game_id", "reference"), _games())
def test_new_game_refuses_a_seed_out_of_range_with_setup_error(game_id: str, reference: bool) -> None:
    """Every game's new_game takes 2**64-1 and refuses -1, 2**64 (which used to deal seed 0's
    game), 2**70, a bool and non-integers with SetupError; sample_hidden refuses them with
    InvalidArgumentError."""
    game = gremlinrules.get_game(game_id, reference=reference)
    state = game.new_game(game.min_players, 2**64 - 1)
    assert state != game.new_game(game.min_players, 0)
    for bad in BAD:
        with pytest.raises(SetupError):
            game.new_game(game.min_players, bad)
        with pytest.raises(InvalidArgumentError):
            game.sample_hidden(state, 0, bad)
    game.sample_hidden(state, 0, 2**64 - 1)


@pytest.mark.parametrize("bot", ["random", "ismcts", "plain"])
def test_a_bot_refuses_a_seed_out_of_range(bot: str) -> None:
    """make_bot (and so every built-in bot) takes 2**64-1 and refuses a seed out of range, a bool or
    a non-integer with InvalidArgumentError."""
    make_bot(bot, "no-good-gremlins", 0, 2**64 - 1)
    for bad in BAD:
        with pytest.raises(InvalidArgumentError):
            make_bot(bot, "no-good-gremlins", 0, bad)


def test_simulation_seeds_stay_in_range_and_a_master_seed_out_of_it_is_refused() -> None:
    """A run's master seed is a seed (InvalidArgumentError otherwise, before any game is played);
    every game seed and bot seed it derives is from 0 to 2**64-1, the largest master seed too."""
    for bad in BAD:
        with pytest.raises(InvalidArgumentError):
            simulate("no-good-gremlins", games=1, seed=bad, workers=1)
        with pytest.raises(InvalidArgumentError):
            game_seed(bad, 0)
        with pytest.raises(InvalidArgumentError):
            bot_seed(bad, 0)
    rnd = random.Random(5)
    for master in [0, 2**64 - 1, *(rnd.randrange(2**64) for _ in range(50))]:
        for index in (0, 1, 10**6):
            seed = game_seed(master, index)
            assert 0 <= seed < 2**64
            assert all(0 <= bot_seed(seed, seat) < 2**64 for seat in range(8))


def test_the_terminal_bots_seeds_stay_in_range() -> None:
    """The demo's and the terminal game's bot seeds (``seed * 1000 + seat``) stay under 2**64 for
    the largest seed, and are that product for ordinary seeds."""
    assert seat_seed(7, 2) == 7002
    assert all(0 <= seat_seed(2**64 - 1, seat) < 2**64 for seat in range(8))


def test_the_pettingzoo_environment_refuses_bad_seeds_and_wraps_the_next_one() -> None:
    """reset(seed=s) takes 0 to 2**64-1 (a NumPy integer too) and refuses anything else with
    InvalidArgumentError; after 2**64-1 a reset without a seed deals seed 0."""
    pettingzoo = pytest.importorskip("gremlinrules.adapters.pettingzoo")
    np = pytest.importorskip("numpy")
    env = pettingzoo.env("no-good-gremlins", 2)
    for bad in [b for b in BAD if b is not None]:  # None: the next seed
        with pytest.raises(InvalidArgumentError):
            env.reset(seed=bad)
    env.reset(seed=np.int64(7))
    assert env.unwrapped.seed_used == 7
    env.reset(seed=2**64 - 1)
    env.reset()
    assert env.unwrapped.seed_used == 0


def test_the_openspiel_adapter_deals_only_seeds_in_range() -> None:
    """The OpenSpiel game's seed parameter is -1 to 2**31-1 (SetupError beyond), and a deal asked
    for by seed refuses a seed out of range with SetupError."""
    openspiel = pytest.importorskip("gremlinrules.adapters.openspiel")
    game = openspiel.load_game("no-good-gremlins", 2, deals=4)
    assert game.new_initial_state_for_seed(2**64 - 1) is not None
    for bad in OUT_OF_RANGE:
        with pytest.raises(SetupError):
            game.new_initial_state_for_seed(bad)
    with pytest.raises(SetupError):
        openspiel.load_game("no-good-gremlins", 2, seed=-2)
