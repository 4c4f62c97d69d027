"""``simulate --rotate``: the bots turn one seat a game, so each sits in each seat equally often
(issue 28)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.cli import main
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.sim import Record
from gremlinrules.sim import game_seed
from gremlinrules.sim import iter_simulate
from gremlinrules.sim import simulate
from gremlinrules.sim.play import play_game
from gremlinrules.sim.records import SimulationError
from gremlinrules.sim.run import Plan

GAME = "no-good-gremlins"
BOTS = ("random", "plain", "ismcts:2")


def _same(record: Record) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k != "seconds"}


def test_rotated_records_seat_each_bot_in_each_seat_equally_often() -> None:
    """Game i of a rotated run seats the first spec at seat i % players and the others after it in
    their order; over a multiple of the players, each bot sits in each seat equally often. Seeds are
    those of the run without rotation (the game index alone fixes them), and each record is the game
    its task replays."""
    records = simulate(GAME, games=6, players=3, bots=",".join(BOTS), seed=4, workers=1, rotate=True)
    game = gremlinrules.get_game(GAME)
    for r in records:
        turn = r["index"] % 3
        assert r["bots"][turn] == BOTS[0]
        assert r["bots"] == [BOTS[(seat - turn) % 3] for seat in range(3)]
        assert r["seed"] == game_seed(4, r["index"])
        assert _same(play_game(game, (r["index"], r["seed"], 3, tuple(r["bots"])))) == _same(r)
    seats = Counter((bot, seat) for r in records for seat, bot in enumerate(r["bots"]))
    assert seats == {(bot, seat): 2 for bot in BOTS for seat in range(3)}


def test_a_rotated_run_is_the_same_on_any_number_of_workers_and_without_rotation_is_not() -> None:
    """A rotated run gives the same records (but seconds) with one worker or two; without --rotate
    every game keeps the bots in the order given."""
    one = simulate(GAME, games=5, players=3, bots=list(BOTS), seed=2, workers=1, rotate=True)
    two = simulate(GAME, games=5, players=3, bots=list(BOTS), seed=2, workers=2, rotate=True)
    assert [_same(r) for r in one] == [_same(r) for r in two]
    fixed = simulate(GAME, games=5, players=3, bots=list(BOTS), seed=2, workers=1)
    assert {tuple(r["bots"]) for r in fixed} == {BOTS}
    assert len({tuple(r["bots"]) for r in one}) == 3


def test_a_rotated_run_resumes_and_a_file_of_the_other_kind_is_refused(tmp_path: Path) -> None:
    """A rotated run resumes from its file to the records of one uninterrupted run; resuming it
    without --rotate (or a fixed run's file with --rotate) is refused, naming the bots and --rotate,
    and the file is left as it was."""
    out = tmp_path / "run.jsonl"
    simulate(GAME, games=4, players=3, bots=list(BOTS), seed=3, workers=1, out=out, rotate=True)
    whole = simulate(GAME, games=7, players=3, bots=list(BOTS), seed=3, workers=2, out=out, rotate=True)
    alone = simulate(GAME, games=7, players=3, bots=list(BOTS), seed=3, workers=1, rotate=True)
    assert [_same(r) for r in whole] == [_same(r) for r in alone]
    before = out.read_bytes()
    with pytest.raises(SimulationError, match=r"has bots .*--rotate"):
        simulate(GAME, games=8, players=3, bots=list(BOTS), seed=3, workers=1, out=out)
    assert out.read_bytes() == before
    fixed = tmp_path / "fixed.jsonl"
    simulate(GAME, games=3, players=3, bots=list(BOTS), seed=3, workers=1, out=fixed)
    with pytest.raises(SimulationError, match=r"has bots .*--rotate"):
        simulate(GAME, games=4, players=3, bots=list(BOTS), seed=3, workers=1, out=fixed, rotate=True)


def test_the_command_rotates_the_bots_with_rotate(tmp_path: Path) -> None:
    """``gremlinrules simulate --rotate`` writes the records ``simulate(..., rotate=True)`` returns."""
    out = tmp_path / "cli.jsonl"
    assert main(["simulate", GAME, "--games", "3", "--players", "3", "--bots", ",".join(BOTS), "--seed", "5",
                 "--workers", "1", "--rotate", "--out", str(out), "--quiet"]) == 0
    written = sorted((json.loads(line) for line in out.read_text().splitlines()), key=lambda r: r["index"])
    want = simulate(GAME, games=3, players=3, bots=",".join(BOTS), seed=5, workers=1, rotate=True)
    assert [_same(r) for r in written] == [_same(r) for r in want]


@pytest.mark.parametrize("rotate", ["yes", 1, None])
def test_rotate_must_be_a_bool(rotate: Any) -> None:
    """``rotate`` other than True or False is an InvalidArgumentError at the call."""
    with pytest.raises(InvalidArgumentError, match="rotate"):
        iter_simulate(GAME, games=1, players=3, bots=",".join(BOTS), workers=1, rotate=rotate)


@given(players=st.integers(2, 5), start=st.integers(0, 10**6))
def test_rotation_seats_each_spec_in_each_seat_once_in_any_players_games_in_a_row(players: int,
                                                                                  start: int) -> None:
    """In game i of a rotated plan the spec listed at place p sits at seat (p + i) % players, so any
    ``players`` consecutive games seat each spec in each seat exactly once; one spec for every seat
    is not changed by rotating."""
    specs = tuple(f"ismcts:{place + 1}" for place in range(players))  # distinct specs
    plan = Plan(GAME, players=players, bots=specs, seed=0, rotate=True)
    seen: Counter[tuple[str, int]] = Counter()
    for i in range(start, start + players):
        bots = plan.bots_for(i)
        assert all(bots[(place + i) % players] == spec for place, spec in enumerate(specs))
        seen.update((bot, seat) for seat, bot in enumerate(bots))
    assert seen == {(spec, seat): 1 for spec in specs for seat in range(players)}
    single = Plan(GAME, players=players, bots="random", seed=0, rotate=True)
    assert single.bots_for(start) == ("random",) * players
