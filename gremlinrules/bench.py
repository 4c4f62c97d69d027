"""Playout benchmark: our games, and OpenSpiel's hearts and python_team_dominoes as yardsticks.

For every registered game and player count it plays random games from fixed
seeds and reports games per second and the median microseconds per decision
(``legal_actions`` plus ``apply``), per ``observe``, and per JSON round trip
of a mid-game state. When ``open_spiel`` is installed (the ``bench`` extra),
the same run times OpenSpiel's C++ ``hearts`` and pure-Python
``python_team_dominoes`` the same way and prints our per-decision cost as a
ratio to each.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any, TextIO

from gremlinrules.core.registry import game_ids, get_game

__all__ = ["measure_game", "measure_openspiel", "run_bench"]

_clock = time.perf_counter


def measure_game(game_id: str, players: int, games: int) -> dict[str, float]:
    """Random playouts of one game; timings in microseconds (medians) and games per second."""
    game = get_game(game_id)
    legal_f, apply_f, observe_f, current_f = game.legal_actions, game.apply, game.observe, game.current_player
    per_decision: list[float] = []
    per_observe: list[float] = []
    per_json: list[float] = []
    total = 0.0
    for seed in range(games):
        rnd = random.Random(seed)
        start = _clock()
        state = game.new_game(players, seed)
        mid: Any = None
        n = 0
        while not game.is_terminal(state):
            t0 = _clock()
            legal = legal_f(state)
            state = apply_f(state, legal[rnd.randrange(len(legal))])
            per_decision.append(_clock() - t0)
            n += 1
            if n == 20:
                mid = state
        total += _clock() - start
        if (seed % 4 == 0 and not game.is_terminal(state)) or mid is not None:
            probe = mid if mid is not None else state
            seat = current_f(probe)
            t0 = _clock()
            observe_f(probe, 0 if seat is None else seat)
            per_observe.append(_clock() - t0)
            t0 = _clock()
            game.from_json(game.to_json(probe), game.State)
            per_json.append(_clock() - t0)
    return {
        "games_per_s": games / total,
        "decision_us": statistics.median(per_decision) * 1e6,
        "decision_mean_us": statistics.fmean(per_decision) * 1e6,
        "observe_us": statistics.median(per_observe) * 1e6 if per_observe else float("nan"),
        "json_us": statistics.median(per_json) * 1e6 if per_json else float("nan"),
        "decisions_per_game": len(per_decision) / games,
    }


def measure_openspiel(name: str, games: int) -> dict[str, float] | None:
    """The same per-decision timing for an OpenSpiel game (chance nodes are sampled, not timed)."""
    try:
        import pyspiel  # optional: the bench extra
        if name.startswith("python_"):
            import open_spiel.python.games  # noqa: F401  (registers the Python games)
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    per_decision: list[float] = []
    total = 0.0
    for seed in range(games):
        rnd = random.Random(seed)
        start = _clock()
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
                continue
            t0 = _clock()
            legal = state.legal_actions()
            state.apply_action(legal[rnd.randrange(len(legal))])
            per_decision.append(_clock() - t0)
        total += _clock() - start
    return {"games_per_s": games / total, "decision_us": statistics.median(per_decision) * 1e6,
            "decision_mean_us": statistics.fmean(per_decision) * 1e6}


def run_bench(out: TextIO, games: int = 200, only: list[str] | None = None, openspiel: bool = True) -> None:
    """Print the benchmark table."""
    refs: dict[str, dict[str, float]] = {}
    if openspiel:
        for name, n in (("hearts", games), ("python_team_dominoes", max(20, games // 4))):
            result = measure_openspiel(name, n)
            if result is not None:
                refs[name] = result
        if not refs:
            out.write("(open_spiel not installed: pip install 'gremlinrules[bench]' for the ratios)\n")
    for name, r in refs.items():
        out.write(f"openspiel {name:22s} {r['games_per_s']:9.1f} games/s  "
                  f"median {r['decision_us']:7.2f} us/decision (mean {r['decision_mean_us']:.2f})\n")
    head = (f"{'game':28s} {'games/s':>9s} {'us/dec':>8s} {'mean':>8s} {'us/obs':>8s} {'us/json':>8s}"
            + "".join(f" {'x ' + n[:14]:>16s}" for n in refs))
    out.write(head + "\n")
    for gid in game_ids():
        if only and gid not in only:
            continue
        for players in get_game(gid).player_counts:
            r = measure_game(gid, players, games)
            ratios = "".join(f" {r['decision_us'] / ref['decision_us']:16.2f}" for ref in refs.values())
            out.write(f"{gid + f' ({players}p)':28s} {r['games_per_s']:9.1f} {r['decision_us']:8.2f} "
                      f"{r['decision_mean_us']:8.2f} {r['observe_us']:8.2f} {r['json_us']:8.1f}{ratios}\n")
