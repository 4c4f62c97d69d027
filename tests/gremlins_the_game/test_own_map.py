"""A table on its own map (GTG-MAP-7): Options.map, loaded through load_map, plays to the end."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import SetupError
from gremlinrules.gremlins_the_game import REFERENCE_MAP
from gremlinrules.gremlins_the_game import Move
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import all_actions
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import check_state
from gremlinrules.gremlins_the_game import is_terminal
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game import load_map
from gremlinrules.gremlins_the_game import new_game
from gremlinrules.gremlins_the_game import observe
from gremlinrules.gremlins_the_game import read_map
from gremlinrules.gremlins_the_game import winners
from gremlinrules.gremlins_the_game.board import map_data
from tests.gremlins_the_game.helpers import scaled
from tests.gremlins_the_game.test_board import SMALL

GAME = gremlinrules.get_game("gremlins-the-game")


@pytest.mark.clause("GTG-MAP-7")
def test_map_data_reads_back_to_the_same_map() -> None:
    """``load_map(map_data(m)) == m`` for the reference map and a small user map: the JSON form
    of a table's map loses nothing."""
    for m in (REFERENCE_MAP, read_map(SMALL)):
        assert load_map(map_data(m)) == m


@pytest.mark.clause("GTG-MAP-7", "GTG-SETUP-2", "GTG-SETUP-3", "GTG-MOVE-1")
def test_a_table_on_its_own_map_is_set_up_and_moves_on_that_map() -> None:
    """The players start on the small map's Starts, its two Gremlin spaces take face-down
    gremlins (the other 34 in the pool), the view names the map, and the Moves and Chooses of the
    action space are the small map's spaces."""
    small = read_map(SMALL)
    options = Options(map=small)
    s = new_game(4, 3, options=options)
    assert s.positions == ("a1", "g1", "g4", "g6")
    assert [p.space for p in s.board] == [small.spaces[i].name for i in small.gremlin_spaces]
    assert len(s.pool) == 36 - len(small.gremlin_spaces)
    assert observe(s, 0).map == "Four corners"
    names = {sp.name for sp in small.spaces}
    moves = [a.to for a in all_actions(4, options) if type(a) is Move]
    assert moves == [sp.name for sp in small.spaces]
    assert all(a.to in names for a in legal_actions(s))
    assert Move("t20") not in all_actions(4, options)
    assert not GAME.is_legal(s, Move("t20"))


@pytest.mark.clause("GTG-MAP-7", "GTG-END-1")
@settings(max_examples=scaled(6), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_a_small_user_map_plays_to_the_end(seed: int, players: int) -> None:
    """Property: random play on a small user map keeps every state consistent (check_state), each
    legal action inside the table's action space, and the JSON round trip exact, and ends."""
    options = Options(map=read_map(SMALL), turn_limit=150)
    space = set(all_actions(players, options))
    rnd = random.Random(seed)
    s = new_game(players, seed, options=options)
    steps = 0
    while not is_terminal(s):
        check_state(s)
        legal = legal_actions(s)
        assert legal
        assert set(legal) <= space
        s = apply(s, legal[rnd.randrange(len(legal))])
        steps += 1
        if steps % 25 == 0:
            assert GAME.from_json(GAME.to_json(s), GAME.State) == s
    assert s.outcome.value != "playing"
    assert GAME.from_json(GAME.to_json(s), GAME.State) == s
    assert set(winners(s)) <= set(range(players))


@pytest.mark.clause("GTG-MAP-7", "GTG-MAP-2")
def test_a_map_not_made_by_the_loader_is_refused() -> None:
    """Options.map takes a Map or None; a Map edited by hand (a Start moved onto a Gremlin space)
    is refused at setup, and bad map data in JSON is a SerializationError."""
    with pytest.raises(SetupError):
        Options(map="Four corners")  # type: ignore[arg-type]
    small = read_map(SMALL)
    forged = attrs.evolve(small, starts=(small.gremlin_spaces[0], *small.starts[1:]))
    with pytest.raises(SetupError):
        new_game(2, options=Options(map=forged))
    data = GAME.to_data(new_game(2, options=Options(map=small)))
    data["options"]["map"]["marks"] = data["options"]["map"]["marks"][1:]
    with pytest.raises(SerializationError, match=r"options\.map: marks"):
        GAME.from_data(data, GAME.State)


@pytest.mark.clause("GTG-MAP-7")
def test_the_observation_encoding_follows_the_tables_map() -> None:
    """The adapters' encoder has exact hints for a table on its own map (no calibration): its
    positions are one-hot over that map's space names, and a view encodes to the stated size."""
    import warnings

    from gremlinrules.adapters.encoding import CalibrationWarning
    from gremlinrules.adapters.encoding import ViewEncoder

    options = Options(map=read_map(SMALL))
    with warnings.catch_warnings():
        warnings.simplefilter("error", CalibrationWarning)
        enc = ViewEncoder(GAME, 3, options)
    assert enc.calibrated == ()
    assert enc.unused_hints == ()
    s = new_game(3, 1, options=options)
    assert len(enc.encode(GAME.observe(s, 0))) == enc.size
    assert enc.size < ViewEncoder(GAME, 3).size  # 42 spaces, not 382
