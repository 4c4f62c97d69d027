"""The strict speed measure alone: mean cost per decision, ``new_game`` included, against hearts.

Ours: whole random playouts from fixed seeds, ``new_game`` included; the total
time divided by the number of decisions (a mean, so expensive decisions count
in full). Hearts: OpenSpiel's C++ ``hearts`` from Python, only its decision
steps timed (``legal_actions`` + ``apply_action``; the deal's chance steps
untimed), also a mean. The two run in interleaved slices in one process and the
ratio is the median of the slice ratios. The code is
:func:`gremlinrules.bench.strict_ratio`, the same that ``gremlinrules bench``
reports (with the spread, observe, JSON and MCTS beside it).

Usage: ``python benchmarks/strict.py [--games N] [--slices K] [--only ID,ID] [--cpu]``;
prints one JSON object per game and player count (``game``, ``players``,
``ratio``, ``mean_us``, ``games_per_s``, ``slice_ratios``). Needs ``open_spiel``.
``--cpu`` times with the process's CPU clock instead of the wall clock: on a
machine shared with other work, the ratio then reflects this process alone.
All games run in this one process (``gremlinrules bench`` gives each its own).
"""

from __future__ import annotations

import argparse
import json
import sys

import gremlinrules
from gremlinrules.bench import clock_for
from gremlinrules.bench import strict_ratio


def main(argv: list[str] | None = None) -> int:
    """Print the strict ratio of every game and player count as JSON lines."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--slices", type=int, default=5)
    parser.add_argument("--only", default="")
    parser.add_argument("--cpu", action="store_true", help="time with the process's CPU clock")
    args = parser.parse_args(argv)
    clock = clock_for(args.cpu)
    only = [g for g in args.only.split(",") if g]
    for gid in gremlinrules.game_ids():
        if only and gid not in only:
            continue
        game = gremlinrules.get_game(gid)
        for players in game.player_counts:
            row = strict_ratio(game, players, args.games, args.slices, clock)
            print(json.dumps({"game": gid, "players": players, **row}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
