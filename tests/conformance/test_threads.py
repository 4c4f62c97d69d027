"""Games played in threads at once go exactly as they go one at a time.

A game server runs many tables in one process, often in threads. The fast paths keep small
module-level memos (the last state listed, its moves, its tables); each must be read once and
checked against the state in hand, or a thread switch between two reads hands one table another
table's moves. Python switches threads every 5 ms by default; these tests switch as often as the
interpreter allows. A race needs a switch at one exact instruction, so a playout in threads finds
it only now and then (one did, in Gremlins: The Game); each game's own tests pin the windows found
deterministically (tests/gremlins_the_game/test_fast_paths.py).
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest

import gremlinrules
from tests.conformance.support import GAME_IDS

_THREADS = 6
_SEEDS_PER_THREAD = 2


def _trajectory(g: Any, players: int, seed: int) -> list[tuple[tuple[Any, ...], Any]]:
    """Every decision's legal actions and the state after it, in a random playout."""
    rnd = random.Random(seed)
    s = g.new_game(players, seed)
    out = []
    while not g.is_terminal(s):
        legal = tuple(g.legal_actions(s))
        s = g.apply(s, legal[rnd.randrange(len(legal))])
        out.append((legal, s))
    return out


@pytest.fixture
def switch_often() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_games_in_threads_give_the_same_actions_and_states_as_one_at_a_time(
        game_id: str, switch_often: None) -> None:
    """Playouts run in six threads at once (threads switching as often as the interpreter allows)
    list the same legal actions and reach the same states, decision by decision, as the same seeds
    played one at a time: the fast paths' memos are safe to share between threads."""
    g = gremlinrules.get_game(game_id)
    players = g.player_counts[0]
    seeds = range(_THREADS * _SEEDS_PER_THREAD)
    alone = {seed: _trajectory(g, players, seed) for seed in seeds}
    together: dict[int, list[tuple[tuple[Any, ...], Any]]] = {}
    failures: list[BaseException] = []

    def run(mine: range) -> None:
        try:
            for seed in mine:
                together[seed] = _trajectory(g, players, seed)
        except BaseException as exc:  # reported below, with the thread's seeds
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(seeds[k::_THREADS],)) for k in range(_THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures, f"{game_id}: a thread raised {failures[0]!r}"
    for seed in seeds:
        assert together[seed] == alone[seed], f"{game_id} seed {seed}: threads changed the game"
