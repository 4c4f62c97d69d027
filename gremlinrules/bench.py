"""Playout benchmark: our games, and OpenSpiel's hearts and python_team_dominoes as yardsticks.

For every registered game and player count it plays random games from fixed
seeds and reports games per second and the median microseconds per decision
(``legal_actions`` plus ``apply``), per ``observe``, and per JSON round trip
of a mid-game state. When ``open_spiel`` is installed (the ``bench`` extra),
the same run times OpenSpiel's C++ ``hearts`` and pure-Python
``python_team_dominoes`` the same way and prints our per-decision cost as a
ratio to each. A decision is timed once, inside a real playout; ``observe``
and the JSON round trip are timed on one state per game, best of three.

The speed of a shared machine drifts, often by 1.5x within a minute, which
would swamp a ratio of two numbers measured minutes apart. So the playouts of
each game run in ``rounds`` slices, each timed right after a slice of every
yardstick; a ratio is the median over the slices of (our median / the
yardstick's median in that slice). The absolute columns are medians over all
the decisions. Each game and player count runs in a fresh process.
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from itertools import pairwise
from typing import Any, TextIO

from gremlinrules.core.registry import game_ids, get_game

__all__ = ["measure_game", "measure_openspiel", "run_bench"]

_clock = time.perf_counter
YARDSTICKS = ("hearts", "python_team_dominoes")


def _best_of_3(task: Callable[[], Any]) -> float:
    """The quickest of three runs: noise only ever adds time (as ``timeit`` reports)."""
    best = float("inf")
    for _ in range(3):
        t0 = _clock()
        task()
        best = min(best, _clock() - t0)
    return best


def _json_round_trip(game: Any, state: Any) -> Any:
    return game.from_json(game.to_json(state), game.State)


def _play_game(game_id: str, players: int, seeds: range) -> dict[str, Any]:
    """Random playouts from ``seeds``; raw timings in seconds."""
    game = get_game(game_id)
    legal_f, apply_f, observe_f, current_f = game.legal_actions, game.apply, game.observe, game.current_player
    per_decision: list[float] = []
    per_observe: list[float] = []
    per_json: list[float] = []
    total = 0.0
    for seed in seeds:
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
            seat = 0 if seat is None else seat
            per_observe.append(_best_of_3(partial(observe_f, probe, seat)))
            per_json.append(_best_of_3(partial(_json_round_trip, game, probe)))
    return {"decision": per_decision, "observe": per_observe, "json": per_json, "total": total,
            "games": len(seeds)}


def _summary(raw: dict[str, Any]) -> dict[str, float]:
    def median_us(xs: list[float]) -> float:
        return statistics.median(xs) * 1e6 if xs else float("nan")

    return {
        "games_per_s": raw["games"] / raw["total"] if raw["total"] else float("nan"),
        "decision_us": median_us(raw["decision"]),
        "decision_mean_us": statistics.fmean(raw["decision"]) * 1e6 if raw["decision"] else float("nan"),
        "observe_us": median_us(raw["observe"]),
        "json_us": median_us(raw["json"]),
        "decisions_per_game": len(raw["decision"]) / raw["games"] if raw["games"] else float("nan"),
    }


def measure_game(game_id: str, players: int, games: int) -> dict[str, float]:
    """Random playouts of one game; timings in microseconds (medians) and games per second."""
    return _summary(_play_game(game_id, players, range(games)))


def _play_openspiel(name: str, seeds: range) -> dict[str, Any] | None:
    try:
        import pyspiel  # optional: the bench extra

        if name.startswith("python_"):
            import open_spiel.python.games  # noqa: F401  (registers the Python games)
    except ImportError:
        return None
    game = pyspiel.load_game(name)
    per_decision: list[float] = []
    total = 0.0
    for seed in seeds:
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
    return {"decision": per_decision, "observe": [], "json": [], "total": total, "games": len(seeds)}


def measure_openspiel(name: str, games: int) -> dict[str, float] | None:
    """The same per-decision timing for an OpenSpiel game (chance nodes are sampled, not timed)."""
    raw = _play_openspiel(name, range(games))
    return None if raw is None else _summary(raw)


def _slices(total: int, rounds: int) -> list[range]:
    """``range(total)`` cut into ``rounds`` consecutive, non-empty slices."""
    rounds = max(1, min(rounds, total))
    bounds = [total * i // rounds for i in range(rounds + 1)]
    return [range(a, b) for a, b in pairwise(bounds) if b > a]


def _merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    return {"decision": [x for p in parts for x in p["decision"]],
            "observe": [x for p in parts for x in p["observe"]],
            "json": [x for p in parts for x in p["json"]],
            "total": sum(p["total"] for p in parts), "games": sum(p["games"] for p in parts)}


def compare(game_id: str, players: int, games: int, rounds: int = 5,
            yardsticks: tuple[str, ...] = YARDSTICKS) -> tuple[dict[str, float], dict[str, float]]:
    """Our figures for one game, and our per-decision cost as a ratio to each yardstick found.

    Each of ``rounds`` slices times every yardstick (hearts 100 games, the
    Python dominoes 10) and then our slice of the ``games`` playouts.
    """
    ours: list[dict[str, Any]] = []
    ratios: dict[str, list[float]] = {}
    for seeds in _slices(games, rounds):
        refs = {}
        for name in yardsticks:
            raw = _play_openspiel(name, range(seeds.start, seeds.start + (100 if name == "hearts" else 10)))
            if raw is not None:
                refs[name] = statistics.median(raw["decision"])
        part = _play_game(game_id, players, seeds)
        ours.append(part)
        mine = statistics.median(part["decision"])
        for name, ref in refs.items():
            ratios.setdefault(name, []).append(mine / ref)
    return _summary(_merge(ours)), {name: statistics.median(r) for name, r in ratios.items()}


def run_bench(out: TextIO, games: int = 200, only: list[str] | None = None, openspiel: bool = True,
              rounds: int = 5, players: int | None = None) -> None:
    """Print the benchmark table."""
    yardsticks = YARDSTICKS if openspiel else ()
    found = tuple(n for n in yardsticks if measure_openspiel(n, 1) is not None)
    if openspiel and not found:
        out.write("(open_spiel not installed: pip install 'gremlinrules[bench]' for the ratios)\n")
    for name in found:
        r = measure_openspiel(name, games if name == "hearts" else max(10, games // 10))
        if r is None:
            continue
        out.write(f"openspiel {name:22s} {r['games_per_s']:9.1f} games/s  "
                  f"median {r['decision_us']:7.2f} us/decision (mean {r['decision_mean_us']:.2f})\n")
    if found:
        out.write(f"ratios: median over {rounds} slices of our median / the yardstick's median, "
                  "each timed just before\n")
    head = (f"{'game':28s} {'games/s':>9s} {'us/dec':>8s} {'mean':>8s} {'us/obs':>8s} {'us/json':>8s}"
            + "".join(f" {'x ' + n[:14]:>16s}" for n in found))
    out.write(head + "\n")
    # Each game runs in a fresh process, as it would for a user: one game's memo tables and heap
    # do not slow the next (in one process the games measured last read up to 5% slower).
    spawn = multiprocessing.get_context("spawn")
    for gid in game_ids():
        if only and gid not in only:
            continue
        for count in get_game(gid).player_counts:
            if players is not None and count != players:
                continue
            with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
                r, ratio = pool.submit(compare, gid, count, games, rounds, found).result()
            ratios = "".join(f" {ratio[n]:16.2f}" for n in found)
            out.write(f"{gid + f' ({count}p)':28s} {r['games_per_s']:9.1f} {r['decision_us']:8.2f} "
                      f"{r['decision_mean_us']:8.2f} {r['observe_us']:8.2f} {r['json_us']:8.1f}{ratios}\n")
            out.flush()
