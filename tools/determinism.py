"""Print a digest of fixed-seed random playouts of every game, to compare across Python versions.

``python tools/determinism.py`` plays, for every registered game and supported player count,
:data:`SEEDS` games from ``new_game(players, seed)`` to the end, choosing each decision with a
SplitMix64 generator written here (so the choices do not depend on Python's ``random``), and prints
one line per game and player count: the SHA-256 of the final states' ``to_json`` (byte for byte),
then a line ``total <digest>``. The same seeds must give the same final states on every
interpreter: CI runs this on each Python it has and compares the output (see .ci/run).
``--seeds N`` plays N seeds per case instead.
"""

from __future__ import annotations

import argparse
import hashlib
import sys

import gremlinrules

SEEDS = 3
"""Seeds per game and player count (0 .. SEEDS-1)."""

STEP_CAP = 100_000
"""A playout longer than this is reported (every game's decision bound is lower)."""

_MASK = (1 << 64) - 1


def splitmix64(x: int) -> tuple[int, int]:
    """The next SplitMix64 output and counter (the standard constants)."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), x


def final_state_json(game_id: str, players: int, seed: int) -> str:
    """``to_json`` of the end of a game dealt from ``seed``, decisions chosen by SplitMix64(seed)."""
    game = gremlinrules.get_game(game_id)
    state = game.new_game(players, seed)
    counter = seed
    for _ in range(STEP_CAP):
        if game.is_terminal(state):
            return game.to_json(state)
        legal = game.legal_actions(state)
        value, counter = splitmix64(counter)
        state = game.apply(state, legal[value % len(legal)])
    raise SystemExit(f"{game_id} with {players} players, seed {seed}: no end after {STEP_CAP} decisions")


def main(argv: list[str] | None = None) -> int:
    """Print one digest per game and player count, then the total."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=SEEDS, help="seeds per game and player count")
    args = parser.parse_args(argv)
    total = hashlib.sha256()
    for game_id in gremlinrules.game_ids():
        for players in gremlinrules.get_game(game_id).player_counts:
            digest = hashlib.sha256()
            for seed in range(args.seeds):
                digest.update(final_state_json(game_id, players, seed).encode("utf-8"))
                digest.update(b"\n")
            line = f"{game_id} {players}p {digest.hexdigest()}"
            total.update(line.encode("utf-8") + b"\n")
            print(line)
    print(f"total {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
