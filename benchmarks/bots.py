"""Win rate of the IS-MCTS bot against random bots, per game, over a fixed set of seeds.

Run ``python benchmarks/bots.py`` (``--help`` for the flags that bound the
runtime). For each game and player count, game ``k`` uses seed ``k`` and puts
the search bot in seat ``k % players``; every other seat is a random bot. The
same seeds are played with random bots only, as the baseline: a seat's share of
wins when nobody searches. A game counts as a win when the bot's seat is among
the winners but not every seat is (partners win together); a full tie is a
draw, counted apart.
"""

from __future__ import annotations

import argparse
import time

import gremlinrules
from gremlinrules.bots import Bot
from gremlinrules.bots import make_bot


def play(game_id: str, players: int, seed: int, search_seat: int | None, iterations: int,
         rollout_depth: int) -> str:
    """Play one game: "win", "draw" (every seat won) or "loss" for seat ``seed % players``."""
    game = gremlinrules.get_game(game_id)
    state = game.new_game(players, seed)
    bots: list[Bot] = []
    for seat in range(players):
        if seat == search_seat:
            bots.append(make_bot("ismcts", game, seat, seed * 31 + seat, iterations=iterations,
                                 rollout_depth=rollout_depth))
        else:
            bots.append(make_bot("random", game, seat, seed * 31 + seat))
    while not game.is_terminal(state):
        to_act = game.current_player(state)
        assert to_act is not None
        state = game.apply(state, bots[to_act].choose(state))
    winners = game.winners(state)
    if len(winners) == players:
        return "draw"
    return "win" if seed % players in winners else "loss"


def main() -> None:
    """Print a table of win rates: search bot vs the all-random baseline."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(gremlinrules.game_ids()),
                        help="comma-separated game ids (default: every registered game)")
    parser.add_argument("--seeds", type=int, default=20, help="games per case (seeds 0..N-1)")
    parser.add_argument("--iterations", type=int, default=100, help="IS-MCTS simulations per decision")
    parser.add_argument("--rollout-depth", type=int, default=60, help="random playout cut-off")
    parser.add_argument("--players", default="", help="comma-separated player counts (default: smallest)")
    parser.add_argument("--budget", type=float, default=600.0,
                        help="seconds per case for the search games; fewer seeds are played past it")
    args = parser.parse_args()
    print(f"{'game':20} {'players':>7} {'games':>5} {'IS-MCTS wins':>12} {'draws':>5} "
          f"{'random wins':>11} {'draws':>5} {'s/game':>7}")
    for gid in [g for g in args.games.split(",") if g]:
        game = gremlinrules.get_game(gid)
        counts = [int(n) for n in args.players.split(",") if n] or [game.player_counts[0]]
        for n in counts:
            if n not in game.player_counts:
                continue
            start, results = time.perf_counter(), []
            for k in range(args.seeds):
                if time.perf_counter() - start > args.budget:
                    break
                results.append(play(gid, n, k, k % n, args.iterations, args.rollout_depth))
            played = len(results)
            took = (time.perf_counter() - start) / played
            base = [play(gid, n, k, None, args.iterations, args.rollout_depth) for k in range(played)]
            print(f"{gid:20} {n:>7} {played:>5} {results.count('win') / played:>12.0%} "
                  f"{results.count('draw'):>5} {base.count('win') / played:>11.0%} "
                  f"{base.count('draw'):>5} {took:>7.1f}", flush=True)


if __name__ == "__main__":
    main()
