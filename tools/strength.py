"""Print the bots' strength table: each bot's win rate against random and against plain players.

``python tools/strength.py`` plays, for every game at its smallest player count, each bot of
:data:`BOTS` (and IS-MCTS with careful rollouts where the game lists moves a careful rollout
avoids) in one seat against the same opponent in every other seat, random players then plain
ones, ``--games`` games per line-up (default 40) with ``simulate``'s ``rotate`` (the bot's seat
turns with the game, so each seat counts alike) from the master seed ``--seed`` (default 2026). A
bot's rate is its share of the wins (a shared win split among the winners) with the 95% Wilson
interval of :mod:`gremlinrules.sim.stats`, the rate a bot would have by chance being ``1/players``.
The records are the simulation records, so the table is reproducible on any machine (IS-MCTS with
a simulation budget is reproducible; the engine, where it is built, only makes it faster).
``--rst`` prints the table as the reStructuredText list-table of docs/ai.rst, ``--only`` limits it
to some games.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

import gremlinrules
from gremlinrules.bots.ismcts import CAREFUL
from gremlinrules.sim import simulate
from gremlinrules.sim.stats import Rate
from gremlinrules.sim.stats import rate
from gremlinrules.sim.stats import win_credits

BOTS = ("random", "plain", "ismcts:20", "ismcts:200")
"""The bots compared: no search, the plain player, and IS-MCTS at two budgets."""

OPPONENTS = ("random", "plain")
"""The players every other seat has."""


def bots_for(game_id: str) -> tuple[str, ...]:
    """:data:`BOTS`, and IS-MCTS with careful rollouts where the game lists moves to avoid."""
    return BOTS + (("ismcts:200:careful",) if game_id in CAREFUL else ())


def strength(game_id: str, bot: str, opponent: str, games: int, seed: int) -> Rate:
    """``bot``'s share of the wins in ``games`` games against ``opponent`` in every other seat."""
    players = gremlinrules.get_game(game_id).player_counts[0]
    lineup = [bot] + [opponent] * (players - 1)
    records = simulate(game_id, games=games, players=players, bots=lineup, seed=seed, rotate=True, workers=1)
    won = 0.0
    for record in records:
        seat = record["bots"].index(bot)
        won += win_credits(record["winners"], players)[seat]
    return rate(won, len(records))


def _cell(r: Rate | None) -> str:
    if r is None:
        return "(itself)"
    return f"{r.value:.0%} ({r.low:.0%}-{r.high:.0%})"


def table(only: Sequence[str] | None, games: int, seed: int) -> list[tuple[str, int, str, list[Rate | None]]]:
    """Per game and bot: (game, players, bot, its rate against each of :data:`OPPONENTS`)."""
    rows = []
    for game_id in gremlinrules.game_ids():
        if only and game_id not in only:
            continue
        players = gremlinrules.get_game(game_id).player_counts[0]
        for bot in bots_for(game_id):
            rates = [None if bot == opp else strength(game_id, bot, opp, games, seed) for opp in OPPONENTS]
            rows.append((game_id, players, bot, rates))
            print(f"{game_id} {players}p {bot}: " + ", ".join(_cell(r) for r in rates), file=sys.stderr,
                  flush=True)
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per line-up (default 40)")
    parser.add_argument("--seed", type=int, default=2026, help="simulate's master seed (default 2026)")
    parser.add_argument("--only", nargs="*", help="game ids (default every game)")
    parser.add_argument("--rst", action="store_true", help="print a reStructuredText list-table")
    args = parser.parse_args(argv)
    rows = table(args.only, args.games, args.seed)
    if args.rst:
        print(f".. list-table:: Win share (95% interval) in {args.games} games against random or plain "
              f"players in every other seat, smallest player count, seed {args.seed} "
              "(``tools/strength.py``)")
        print("   :header-rows: 1\n")
        print("   * - game\n     - bot\n" + "".join(f"     - vs {opp}\n" for opp in OPPONENTS), end="")
        for game_id, players, bot, rates in rows:
            print(f"   * - {game_id} {players}p (fair {1 / players:.0%})\n     - ``{bot}``")
            for r in rates:
                print(f"     - {_cell(r)}")
    else:
        for game_id, players, bot, rates in rows:
            print(f"{game_id:18s} {players}p  {bot:20s} " + "  ".join(f"{_cell(r):>16s}" for r in rates))
    return 0


if __name__ == "__main__":
    sys.exit(main())
