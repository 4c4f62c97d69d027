"""The ``gremlinrules simulate`` subcommand: its arguments, and a thin layer over :func:`iter_simulate`."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gremlinrules.sim.records import SimulationError
from gremlinrules.sim.records import record_line

__all__ = ["add_simulate_parser", "run_simulate"]

_DESCRIPTION = """\
Play many games between bots and write one JSON record per game (JSON Lines).

Game i has its own seed, derived from --seed and i alone, so any subset of a
run can be replayed, and a local run and a Ray run of the same command give the
same records (all fields but "seconds") for bots limited by simulations.
With --players all, game i plays the game's player counts in turn:
counts[i % len(counts)] (for 2 to 5 players: games 0, 4, 8... have 2 players,
games 1, 5, 9... have 3, and so on).

With one bot spec per seat, --rotate turns them one seat a game: game i
seats the first spec at seat i % players and the others after it in their
order, so over any run of players games in a row each bot sits in each seat
once (a run of a multiple of players games seats every bot in every seat
equally often). Each record's "bots" names the bot in each of its seats, and
'report' compares the bots over the seats they sat in.

Bot specs: random; plain (the game's plain player: the first thing a new
player would do, no search); ismcts:N (N simulations per decision; 'ismcts'
alone is ismcts:200); ismcts:Xs (X seconds of search per decision: NOT
reproducible, the simulations done depend on the machine and its load); either
with :careful after it (ismcts:50:careful: careful rollouts, see docs/ai); or the
name of a bot an installed package declares in the entry-point group
gremlinrules.bots.

With --out FILE, records are appended to FILE in the order games finish; if
FILE exists, it must hold games of this same run (game, --seed, --players,
--bots, --rotate), and only the missing indices are played: run the same command again to
resume an interrupted run. Without --out, records go to standard output.
"""


def add_simulate_parser(sub: Any) -> None:
    """Add the ``simulate`` subcommand to ``sub`` (the CLI's subparsers)."""
    p = sub.add_parser("simulate", help="play many games between bots, on all cores or Ray; JSON Lines out",
                       description=_DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", help="game id (see 'list')")
    p.add_argument("--games", type=_positive, default=100,
                   help="games to play (default 100, at most 2,000,000)")
    p.add_argument("--players", type=_players, default="all", help="a player count, or 'all' (default): "
                   "every count the game takes, in turn by game index")
    p.add_argument("--bots", default="random", help="one bot spec for every seat, or one per seat, "
                   "comma-separated (default random)")
    p.add_argument("--rotate", action="store_true", help="with one bot spec per seat: turn the bots one "
                   "seat a game, so each sits in each seat equally often")
    p.add_argument("--seed", type=int, default=0, help="master seed, 0 to 2**64-1 (default 0)")
    p.add_argument("--workers", type=_positive, default=None, help="local worker processes (default: every "
                   "core; 1 plays in this process); with --ray alone, the CPUs of the local Ray")
    p.add_argument("--ray", nargs="?", const=True, default=False, metavar="ADDRESS",
                   help="run on Ray: alone, start a local Ray; with an ADDRESS ('auto', 'ray://host:10001'), "
                   "connect to that cluster (needs the ray extra)")
    p.add_argument("--out", metavar="FILE", default=None, help="append records to FILE (.jsonl), resuming "
                   "the run it holds; default: standard output")
    p.add_argument("--quiet", action="store_true", help="no progress bar (there is none anyway when standard "
                   "error is not a terminal)")


def _players(text: str) -> int | str:
    if text == "all":
        return text
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a player count or 'all', not {text!r}") from None


def _whole(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}")
    return value


def _positive(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, not {text!r}")
    return value


def run_simulate(args: argparse.Namespace) -> None:
    """Run ``simulate`` with parsed arguments (errors are the library's, for the CLI to print)."""
    from gremlinrules.sim.run import iter_simulate

    records = iter_simulate(args.game, games=args.games, players=args.players, bots=args.bots,
                            seed=args.seed, workers=args.workers, ray=args.ray, out=args.out,
                            progress=not args.quiet, rotate=args.rotate)
    played = 0
    try:
        for record in records:
            played += 1
            if args.out is None:
                sys.stdout.write(record_line(record))
    except KeyboardInterrupt:
        resume = "; run the same command again to resume" if args.out is not None else ""
        raise SimulationError(f"interrupted after {played} games{resume}") from None
