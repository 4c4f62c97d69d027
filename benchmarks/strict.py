"""The strict speed measure: mean cost per decision, ``new_game`` included, against hearts.

Ours: whole random playouts from fixed seeds, ``new_game`` included; the total
time divided by the number of decisions (a mean, so expensive decisions count
in full). Hearts: OpenSpiel's C++ ``hearts`` from Python, only its decision
steps timed (``legal_actions`` + ``apply_action``; the deal's chance steps
untimed), also a mean. The two run in interleaved slices in one process and the
ratio is the median of the slice ratios.

Usage: ``python benchmarks/strict.py [--games N] [--slices K] [--only ID,ID] [--cpu]``;
prints one JSON object per game and player count. Needs ``open_spiel``.
``--cpu`` times with the process's CPU clock instead of the wall clock: on a
machine shared with other work, the ratio then reflects this process alone.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from typing import Any

import gremlinrules

_clock = time.perf_counter


def use_cpu_clock() -> None:
    """Time with the process's CPU clock (``time.process_time``) from now on."""
    global _clock
    _clock = time.process_time


def hearts_slice(seeds: range) -> float:
    """Mean seconds per hearts decision over the games of ``seeds``."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    spent = 0.0
    decisions = 0
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
                continue
            t0 = _clock()
            legal = state.legal_actions()
            state.apply_action(legal[rnd.randrange(len(legal))])
            spent += _clock() - t0
            decisions += 1
    return spent / decisions


def ours_slice(game: Any, players: int, seeds: range) -> tuple[float, int]:
    """Mean seconds per decision of whole playouts (``new_game`` included), and the decisions."""
    legal_f, apply_f, terminal_f = game.legal_actions, game.apply, game.is_terminal
    decisions = 0
    t0 = _clock()
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.new_game(players, seed)
        while not terminal_f(state):
            legal = legal_f(state)
            state = apply_f(state, legal[rnd.randrange(len(legal))])
            decisions += 1
    return (_clock() - t0) / decisions, decisions


def measure(game_id: str, players: int, games: int, slices: int) -> dict[str, Any]:
    """The strict ratio for one game and player count (median of ``slices`` slice ratios)."""
    game = gremlinrules.get_game(game_id)
    ratios = []
    means = []
    per = max(1, games // slices)
    for k in range(slices):
        ref = hearts_slice(range(k * 50, k * 50 + 50))
        mine, _ = ours_slice(game, players, range(k * per, (k + 1) * per))
        ratios.append(mine / ref)
        means.append(mine * 1e6)
    return {"game": game_id, "players": players, "ratio": statistics.median(ratios),
            "mean_us": statistics.median(means)}


def main(argv: list[str] | None = None) -> int:
    """Print the strict ratio of every game and player count as JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--slices", type=int, default=5)
    parser.add_argument("--only", default="")
    parser.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    args = parser.parse_args(argv)
    if args.cpu:
        use_cpu_clock()
    only = [g for g in args.only.split(",") if g]
    for gid in gremlinrules.game_ids():
        if only and gid not in only:
            continue
        for players in gremlinrules.get_game(gid).player_counts:
            print(json.dumps(measure(gid, players, args.games, args.slices)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
