"""The core sample_hidden entry point: a redeal a seat cannot tell apart, found through the registry."""

from __future__ import annotations

import random

import pytest

import gremlinrules
from gremlinrules import InvalidArgumentError
from gremlinrules.core.sampling import game_of
from gremlinrules.core.sampling import sample_hidden
from tests.conformance.support import PLAIN_CASE_IDS
from tests.conformance.support import PLAIN_CASES
from tests.conformance.support import walk


@pytest.mark.parametrize(("game_id", "players"), PLAIN_CASES, ids=PLAIN_CASE_IDS)
def test_sample_hidden_never_changes_what_the_seat_sees(game_id: str, players: int) -> None:
    """observe(sample_hidden(s, p, k), p) == observe(s, p) along a random playout, for every seat."""
    game = gremlinrules.get_game(game_id)
    rnd = random.Random(3)

    def visit(state: object, _: object, __: object) -> None:
        if rnd.random() < 0.25:
            for seat in range(players):
                other = sample_hidden(state, seat, rnd.randrange(2**32))
                assert game.observe(other, seat) == game.observe(state, seat)
                game.check_state(other)

    walk(game, players, 3, random.Random(3), visit, stop_after=300)


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_game_of_finds_the_owner(game_id: str) -> None:
    """game_of(state) is the registered game whose State class the state has."""
    game = gremlinrules.get_game(game_id)
    assert game_of(game.new_game(game.player_counts[0], 1)) is game


def test_sample_hidden_of_a_non_state_raises() -> None:
    """Something that is no registered game's state raises InvalidArgumentError."""
    with pytest.raises(InvalidArgumentError):
        sample_hidden("state", 0, 1)
