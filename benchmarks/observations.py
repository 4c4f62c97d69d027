"""Native observations against the Python encoding: microseconds per observation, per game.

Usage: ``python benchmarks/observations.py [--states N] [--repeat R] [--only ID,ID]``.

For each game with native observations and each of its player counts, a seeded random game
through the engine stops at ``N`` decisions spread over it; at each, every seat's observation is
taken ``R`` times both ways: ``n.observation(seat)`` and
``view_encoder(game, players, options).encode(game.observe(n.to_state(), seat))`` (the path an RL
step takes without the native observation). One wall-clock reading (``time.perf_counter``) around
each whole loop, none per call; the figure is the loop's time over its calls.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import gremlinrules
from gremlinrules import engine
from gremlinrules.adapters.encoding import view_encoder
from gremlinrules.core.errors import UnsupportedError


def _positions(game_id: str, players: int, count: int) -> list[Any]:
    """``count`` native games at decisions spread over one seeded random game (clones)."""
    native = engine.new(game_id, players, 1)
    picks = random.Random(1)
    seen: list[Any] = []
    while not native.is_terminal():
        seen.append(native.clone())
        legal = native.legal_actions()
        native.apply(legal[picks.randrange(len(legal))])
    step = max(1, len(seen) // count)
    return seen[::step][:count]


def measure(game_id: str, players: int, states: int, repeat: int) -> tuple[float, float, int]:
    """Microseconds per observation natively and through the Python encoding; the vector's size."""
    game = gremlinrules.get_game(game_id)
    natives = _positions(game_id, players, states)
    encoder = view_encoder(game, players, natives[0].options)
    seats = range(players)
    for seat in seats:  # each seat's template is made at its first observation: not timed
        natives[0].observation(seat)
    start = time.perf_counter()
    for n in natives:
        for _ in range(repeat):
            for seat in seats:
                n.observation(seat)
    native_s = time.perf_counter() - start
    start = time.perf_counter()
    for n in natives:
        for _ in range(repeat):
            for seat in seats:
                encoder.encode(game.observe(n.to_state(), seat))
    python_s = time.perf_counter() - start
    calls = len(natives) * repeat * players
    return native_s / calls * 1e6, python_s / calls * 1e6, encoder.size


def main(argv: list[str] | None = None) -> int:
    """Print one row per game and player count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--only", default="")
    args = parser.parse_args(argv)
    only = [g for g in args.only.split(",") if g]
    print(f"{'game':20} {'players':>7} {'size':>6} {'native us':>10} {'python us':>10} {'speed-up':>9}")
    for game_id in only or engine.games():
        game = gremlinrules.get_game(game_id)
        for players in range(game.min_players, game.max_players + 1):
            try:
                probe = engine.new(game_id, players, 0)
                probe.observation(0)
            except UnsupportedError:
                continue
            except gremlinrules.SetupError:  # a player count the game does not take (Gnaughty Gnomes' 3)
                continue
            native_us, python_us, size = measure(game_id, players, args.states, args.repeat)
            print(f"{game_id:20} {players:>7} {size:>6} {native_us:>10.2f} {python_us:>10.1f} "
                  f"{python_us / native_us:>8.0f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
