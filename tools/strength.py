"""The bots' strength table (issue 30): each bot's share of wins against random and plain players.

Run from the repository root with the package installed::

    python tools/strength.py                       # every game; writes docs/balance/strength.rst
    python tools/strength.py --only no-good-gremlins --games 12 --out -   # a quick look

For each game, at its smallest player count, each candidate bot (``random``, ``plain`` and
IS-MCTS at two budgets, ``ismcts:25`` and ``ismcts:100`` by default) plays ``--games`` games with
``simulate --rotate``: the candidate in one seat (game ``i`` seats it at ``i % players``, so it
sits in every seat equally often when the games are a multiple of the players) and the
opponent bot in every other seat, once against ``random`` and once against ``plain``. A cell is
the candidate's share of the wins (a win shared by ``k`` winners counts ``1/k`` to each; in
Gnaughty Gnomes partners win together, so a seat's share is half its team's wins) with its 95%
Wilson interval; the fair share is ``1/players``. Every game's seed derives from ``--seed``
and the game's index alone and the bots are limited by simulations, not time, so the same
command writes the same table on any machine, with any ``--workers``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import gremlinrules
from gremlinrules.sim import simulate
from gremlinrules.sim.stats import Rate
from gremlinrules.sim.stats import rate
from gremlinrules.sim.stats import win_credits

SEED = 2026
OPPONENTS = ("random", "plain")


def candidates(budgets: Sequence[int]) -> tuple[str, ...]:
    """The bots of the table's rows: random, plain, then IS-MCTS at each budget."""
    return ("random", "plain", *(f"ismcts:{b}" for b in budgets))


def strength(game_id: str, candidate: str, opponent: str, games: int, *, seed: int = SEED,
             workers: int | None = None) -> Rate:
    """The candidate's share of wins in ``games`` rotated games against ``opponent`` in every other
    seat, at the game's smallest player count."""
    players = min(gremlinrules.get_game(game_id).player_counts)
    records = simulate(game_id, games=games, players=players, bots=[candidate] + [opponent] * (players - 1),
                       seed=seed, workers=workers, rotate=True)
    won = sum(win_credits(r["winners"], players)[r["index"] % players] for r in records)
    return rate(won, len(records))


def _cell(r: Rate) -> str:
    return f"{r.value:.2f} ({r.low:.2f}-{r.high:.2f})"


def table(game_ids: Sequence[str], budgets: Sequence[int], games: int, *, seed: int = SEED,
          workers: int | None = None, progress: bool = False) -> str:
    """The strength table as reStructuredText: one list-table per game."""
    lines = [
        ".. This file is written by tools/strength.py; do not edit it by hand.",
        "",
        f"Each cell: the bot's share of the wins in {games} games at the game's smallest player count,",
        "sitting in every seat in turn, the other seats played by the column's bot, with its 95% Wilson",
        f"interval (``python tools/strength.py --games {games} --budgets {','.join(map(str, budgets))}"
        f" --seed {seed}``).",
        "",
    ]
    for game_id in game_ids:
        game = gremlinrules.get_game(game_id)
        players = min(game.player_counts)
        lines += [f".. list-table:: {game.title}, {players} players (a fair share is {1 / players:.2f})",
                  "   :header-rows: 1", "", "   * - bot"]
        lines += [f"     - against {opponent}" for opponent in OPPONENTS]
        for candidate in candidates(budgets):
            lines.append(f"   * - ``{candidate}``")
            for opponent in OPPONENTS:
                cell = strength(game_id, candidate, opponent, games, seed=seed, workers=workers)
                lines.append(f"     - {_cell(cell)}")
                if progress:
                    print(f"{game_id}: {candidate} against {opponent}: {_cell(cell)}", file=sys.stderr)
        lines.append("")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line: write the table (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="games per cell (default 60)")
    parser.add_argument("--budgets", default="25,100",
                        help="IS-MCTS simulations per decision (default 25,100)")
    parser.add_argument("--only", action="append", help="a game id (repeat for several; default every game)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--workers", type=int, default=None, help="local processes (default every core)")
    parser.add_argument("--out", default="docs/balance/strength.rst",
                        help="the file to write, or - for stdout")
    args = parser.parse_args(argv)
    try:
        budgets = [int(b) for b in args.budgets.split(",")]
    except ValueError:
        parser.error(f"--budgets must be whole numbers separated by commas, not {args.budgets!r}")
    text = table(args.only or gremlinrules.game_ids(), budgets, args.games, seed=args.seed,
                 workers=args.workers, progress=True)
    if args.out == "-":
        sys.stdout.write(text)
    else:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
