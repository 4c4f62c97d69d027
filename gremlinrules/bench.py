"""The speed benchmark (``gremlinrules bench``): the strict measure against OpenSpiel's C++ hearts, and more.

For every registered game and player count, each in a fresh process:

- **The strict ratio** (issue 16). Ours: whole random playouts from fixed
  seeds, ``new_game`` included, the total time divided by the decisions (a
  mean, so expensive decisions count in full). Hearts: OpenSpiel's C++
  ``hearts`` from Python, only its decision steps timed (``legal_actions`` +
  ``apply_action``; the deal's chance steps untimed), also a mean. The two run
  in interleaved slices in one process, and the ratio is the median of the
  slice ratios: a shared machine's speed drifts, often by 1.5x within a
  minute, which would swamp a ratio of two numbers measured apart. Games per
  second come from the same playouts. ``benchmarks/strict.py`` prints this
  measure alone, through :func:`strict_ratio`.
- **The engine** (issue 27), for the games it plays: its cost per decision
  from Python (``engine.new``, then ``legal_actions`` and ``apply`` in a Python
  loop with the same random picks as hearts), and inside ``engine.playouts``
  (whole games in native code), each the median of slice ratios to hearts
  interleaved the same way.
- **The spread.** A second pass over the first half of those seeds times each decision
  (``legal_actions`` + ``apply``) on its own: the median, the 99th percentile,
  and which decisions make the slowest 1% (action kind and phase; "last" for
  the decision that ends the game), each with its share of the slowest 1% and
  of all decisions.
- ``observe`` and a JSON round trip (``to_json`` then ``from_json``) of
  mid-game states (a quarter, half and three quarters into a game), best of
  three each; the median over the states, and the slowest.
- **OpenSpiel MCTS**: milliseconds per move of ``MCTSBot`` (50 simulations,
  UCT constant 2, one random rollout per leaf: ``RandomRolloutEvaluator``)
  through :mod:`gremlinrules.adapters.openspiel`, the first moves after deals
  0 and 1 (on the engine where it plays the game).
- ``bench --adapters`` (:func:`run_adapter_bench`, issue 30) prints another table: the same
  MCTS per move and a random-step loop through the OpenSpiel adapter, each with the typed API
  (``GREMLINRULES_ENGINE=off``) and with the engine, interleaved in one process, and the ratios.

- **IS-MCTS** (issue 30): milliseconds per decision of :class:`~gremlinrules.bots.ISMCTSBot`
  (:data:`ISMCTS_ITERATIONS` simulations, rollouts cut at 60) with the engine's native search and
  on the typed API (``native=False``, what ``GREMLINRULES_ENGINE=off`` gives), over the same
  :data:`ISMCTS_DECISIONS` states of random games, one clock reading before and after all of
  them; the same moves both ways (the same seeds), so the ratio is the engine's speed-up.

``cpu=True`` times everything with the process's CPU clock instead of the wall
clock: on a machine shared with other work, the figures then reflect this
process alone.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any
from typing import TextIO

from gremlinrules.core.protocol import Game
from gremlinrules.registry import game_ids
from gremlinrules.registry import get_game

__all__ = ["ADAPTER_MCTS_MOVES", "ADAPTER_STEP_GAMES", "HEARTS_GAMES", "ISMCTS_DECISIONS",
           "ISMCTS_ITERATIONS", "MCTS_MOVES", "MCTS_SIMULATIONS", "adapter_engine_figures",
           "adapter_row", "decision_spread", "engine_ratios", "engine_slice", "format_ismcts",
           "hearts_slice", "ismcts_figures", "ismcts_states", "machine", "mcts_ms_per_move",
           "measure_row", "ours_slice", "playouts_slice", "run_adapter_bench", "run_bench",
           "strict_ratio"]

Clock = Callable[[], float]

HEARTS_GAMES = 50
"""Hearts games per slice of the strict measure."""

MCTS_SIMULATIONS = 50
"""Simulations per MCTS move."""

MCTS_MOVES = ((0, 2), (1, 2))
"""The MCTS moves timed: (deal, how many moves from it)."""


def clock_for(cpu: bool) -> Clock:
    """The process's CPU clock (``time.process_time``) when ``cpu``, else the wall clock."""
    return time.process_time if cpu else time.perf_counter


def hearts_available() -> bool:
    """True when OpenSpiel (the ``bench`` extra) can be imported."""
    try:
        import pyspiel  # noqa: F401  (optional: the bench extra)
    except ImportError:
        return False
    return True


def hearts_slice(seeds: range, clock: Clock = time.perf_counter) -> tuple[float, int]:
    """Seconds spent in hearts' decisions over the games of ``seeds``, and the decisions.

    Hearts' chance steps are all in its deal, so each game's clock starts after the deal and stops
    at its end: two clock calls a game, not two a decision (a clock call costs 60 ns on the wall
    clock and about 240 ns on the CPU clock here, against hearts' 0.7 us decision, so timing each
    step would inflate hearts and flatter every ratio)."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    spent = 0.0
    decisions = 0
    for seed in seeds:
        rnd = random.Random(seed)
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
        steps = 0
        t0 = clock()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rnd.randrange(len(legal))])
            steps += 1
        spent += clock() - t0
        decisions += steps
    return spent, decisions


def ours_slice(game: Game, players: int, seeds: range, clock: Clock = time.perf_counter) -> tuple[float, int]:
    """Seconds for whole random playouts of ``seeds`` (``new_game`` included), and the decisions."""
    legal_f, apply_f, terminal_f, new_f = game.legal_actions, game.apply, game.is_terminal, game.new_game
    decisions = 0
    t0 = clock()
    for seed in seeds:
        rnd = random.Random(seed)
        state = new_f(players, seed)
        while not terminal_f(state):
            legal = legal_f(state)
            state = apply_f(state, legal[rnd.randrange(len(legal))])
            decisions += 1
    return clock() - t0, decisions


def engine_slice(game_id: str, players: int, seeds: range, clock: Clock = time.perf_counter
                 ) -> tuple[float, int]:
    """Seconds for whole random games on the engine driven from Python (``engine.new``, then
    ``legal_actions`` and ``apply`` with a ``random.Random`` pick, as for hearts), and the decisions."""
    from gremlinrules import engine

    new = engine.new
    decisions = 0
    t0 = clock()
    for seed in seeds:
        rnd = random.Random(seed)
        native = new(game_id, players, seed)
        while not native.is_terminal():
            legal = native.legal_actions()
            native.apply(legal[rnd.randrange(len(legal))])
            decisions += 1
    return clock() - t0, decisions


def playouts_slice(game_id: str, players: int, seeds: range, clock: Clock = time.perf_counter
                   ) -> tuple[float, int]:
    """Seconds for ``engine.playouts`` over ``seeds`` (whole games in native code), and the decisions."""
    from gremlinrules import engine

    t0 = clock()
    rows = engine.playouts(game_id, players, seeds)
    return clock() - t0, sum(row.decisions for row in rows)


ENGINE_GAMES_FACTOR = 10
"""Engine games per playout of the strict measure, per slice (they are quicker)."""

PLAYOUTS_FACTOR = 200
"""``engine.playouts`` games per playout of the strict measure, per slice."""


def engine_ratios(game_id: str, players: int, games: int, slices: int, clock: Clock = time.perf_counter,
                  *, hearts: bool = True) -> dict[str, Any]:
    """The engine's cost per decision from Python and inside ``playouts``, each as the median of
    slice ratios to hearts' (interleaved as in :func:`strict_ratio`); None where the engine does not
    play the game."""
    from gremlinrules import engine

    if game_id not in engine.games():
        return {"engine_ratio": None, "engine_us": None, "playouts_ratio": None, "playouts_ns": None}
    per = max(1, games // slices)
    loop: list[float] = []
    native: list[float] = []
    loop_ratios: list[float] = []
    native_ratios: list[float] = []
    for k in range(slices):
        ref = hearts_slice(range(k * HEARTS_GAMES, (k + 1) * HEARTS_GAMES), clock) if hearts else None
        span = per * ENGINE_GAMES_FACTOR
        seconds, decisions = engine_slice(game_id, players, range(k * span, (k + 1) * span), clock)
        loop.append(seconds / max(1, decisions))
        span = per * PLAYOUTS_FACTOR
        seconds, decisions = playouts_slice(game_id, players, range(k * span, (k + 1) * span), clock)
        native.append(seconds / max(1, decisions))
        if ref is not None:
            mean = ref[0] / ref[1]
            loop_ratios.append(loop[-1] / mean)
            native_ratios.append(native[-1] / mean)
    return {"engine_ratio": statistics.median(loop_ratios) if loop_ratios else None,
            "engine_us": statistics.median(loop) * 1e6,
            "playouts_ratio": statistics.median(native_ratios) if native_ratios else None,
            "playouts_ns": statistics.median(native) * 1e9}


def strict_ratio(game: Game, players: int, games: int, slices: int, clock: Clock = time.perf_counter,
                 *, hearts: bool = True) -> dict[str, Any]:
    """The strict measure for one game and player count.

    ``games`` playouts (seeds 0 ..) in ``slices`` slices, each right after
    :data:`HEARTS_GAMES` hearts games (seeds ``k*50`` ..). ``ratio``: the median of
    the slice ratios of the means (None without hearts); ``mean_us``: the
    median of our slice means; ``games_per_s`` over all the playouts.
    """
    per = max(1, games // slices)
    ratios: list[float] = []
    means: list[float] = []
    spent = 0.0
    for k in range(slices):
        ref = hearts_slice(range(k * HEARTS_GAMES, (k + 1) * HEARTS_GAMES), clock) if hearts else None
        seconds, decisions = ours_slice(game, players, range(k * per, (k + 1) * per), clock)
        spent += seconds
        mine = seconds / max(1, decisions)
        means.append(mine * 1e6)
        if ref is not None:
            ratios.append(mine / (ref[0] / ref[1]))
    return {"ratio": statistics.median(ratios) if ratios else None, "slice_ratios": ratios,
            "mean_us": statistics.median(means), "games_per_s": per * slices / spent if spent else math.nan,
            "games": per * slices}


def _label(state: Any, action: Any, last: bool) -> str:
    """What kind of decision: the action's class, the phase it was taken in, and whether it ended the game."""
    phase = getattr(state, "phase", None)
    phase = getattr(phase, "name", phase)
    text = type(action).__name__ + ("" if phase is None else f" in {str(phase).lower()}")
    return text + " (last)" if last else text


def decision_spread(game: Game, players: int, seeds: range, clock: Clock = time.perf_counter
                    ) -> dict[str, Any]:
    """Each decision timed on its own over playouts of ``seeds``: the median, the 99th percentile,
    what makes the slowest 1%, and ``new_game``; plus mid-game states for the probes."""
    legal_f, apply_f, terminal_f = game.legal_actions, game.apply, game.is_terminal
    timed: list[tuple[float, str]] = []
    setups: list[float] = []
    probes: list[Any] = []
    for seed in seeds:
        rnd = random.Random(seed)
        t0 = clock()
        state = game.new_game(players, seed)
        setups.append(clock() - t0)
        states = []
        while not terminal_f(state):
            t0 = clock()
            legal = legal_f(state)
            action = legal[rnd.randrange(len(legal))]
            after = apply_f(state, action)
            spent = clock() - t0
            timed.append((spent, _label(state, action, terminal_f(after))))
            states.append(state)
            state = after
        if len(states) >= 4 and len(probes) < 12:
            probes.extend(states[len(states) * q // 4] for q in (1, 2, 3))
    times = sorted(t for t, _ in timed)
    rank = max(0, math.ceil(0.99 * len(times)) - 1)
    p99 = times[rank] if times else math.nan
    top = Counter(label for t, label in timed if t >= p99)
    every = Counter(label for _, label in timed)
    n_top = sum(top.values())
    slowest = [(label, count / n_top, every[label] / len(timed)) for label, count in top.most_common(3)]
    return {"median_us": statistics.median(times) * 1e6 if times else math.nan, "p99_us": p99 * 1e6,
            "slowest": slowest, "new_game_us": statistics.median(setups) * 1e6,
            "decisions_per_game": len(timed) / max(1, len(seeds)), "probes": probes}


def _best_of_3(task: Callable[[], Any], clock: Clock) -> float:
    """The quickest of three runs: noise only ever adds time (as ``timeit`` reports)."""
    best = math.inf
    for _ in range(3):
        t0 = clock()
        task()
        best = min(best, clock() - t0)
    return best


def probe_costs(game: Game, states: Sequence[Any], clock: Clock = time.perf_counter) -> dict[str, float]:
    """``observe`` (by the seat to move) and the JSON round trip of each state, best of three;
    the medians over the states, and the slowest round trip, in microseconds."""
    observe, json_rt = [], []
    for state in states:
        seat = game.current_player(state)
        seat = 0 if seat is None else seat
        observe.append(_best_of_3(lambda: game.observe(state, seat), clock))  # noqa: B023  (called at once)
        json_rt.append(_best_of_3(lambda: game.from_json(game.to_json(state), game.State), clock))  # noqa: B023
    if not states:
        return {"observe_us": math.nan, "json_us": math.nan, "json_max_us": math.nan}
    return {"observe_us": statistics.median(observe) * 1e6, "json_us": statistics.median(json_rt) * 1e6,
            "json_max_us": max(json_rt) * 1e6}


def mcts_ms_per_move(game_id: str, players: int, clock: Clock = time.perf_counter,
                     moves: tuple[tuple[int, int], ...] = MCTS_MOVES,
                     simulations: int = MCTS_SIMULATIONS) -> float | None:
    """Milliseconds per move of OpenSpiel's ``MCTSBot`` (random rollouts) through our adapter: the
    mean over ``moves`` ((deal, moves from it) pairs); None without OpenSpiel."""
    try:
        import numpy as np
        from open_spiel.python.algorithms import mcts

        from gremlinrules.adapters.openspiel import load_game
    except ImportError:
        return None
    game = load_game(game_id, players=players, deals=max(d for d, _ in moves) + 1)
    spent: list[float] = []
    for deal, count in moves:
        state = game.new_initial_state()
        state.apply_action(deal)
        rng = np.random.RandomState(deal)
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                           evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
        for _ in range(count):
            if state.is_terminal():
                break
            t0 = clock()
            action = bot.step(state)
            spent.append(clock() - t0)
            state.apply_action(action)
    return statistics.fmean(spent) * 1e3 if spent else None


ADAPTER_MCTS_MOVES = ((0, 2), (1, 2))
"""The MCTS moves :func:`adapter_engine_figures` times both ways: (deal, how many moves from it)."""

ADAPTER_STEP_GAMES = 6
"""Whole random games per way in the adapter's random-step loop."""


def _adapter_games(game_id: str, players: int, deals: int) -> tuple[Any, Any]:
    """The OpenSpiel game loaded with ``GREMLINRULES_ENGINE=off`` and as the environment has it (the
    second is None where the engine does not step the table); the switch is left as it was."""
    from gremlinrules import engine
    from gremlinrules.adapters.openspiel import load_game

    was = os.environ.get(engine.ENV)
    os.environ[engine.ENV] = "off"
    try:
        typed = load_game(game_id, players=players, deals=deals)
    finally:
        if was is None:
            del os.environ[engine.ENV]
        else:
            os.environ[engine.ENV] = was
    native = load_game(game_id, players=players, deals=deals)  # reads the switch again
    return typed, (native if native.table.native is not None else None)


def _step_game(game: Any, deal: int, clock: Clock) -> tuple[float, int]:
    """Seconds and decisions of one random game through the adapter from ``deal``: ``legal_actions``
    and ``apply_action`` with a ``random.Random(deal)`` pick; the clock read twice a game."""
    rnd = random.Random(deal)
    state = game.new_initial_state()
    state.apply_action(deal)
    steps = 0
    t0 = clock()
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rnd.randrange(len(legal))])
        steps += 1
    return clock() - t0, steps


def adapter_engine_figures(game_id: str, players: int, clock: Clock = time.perf_counter,
                           moves: tuple[tuple[int, int], ...] = ADAPTER_MCTS_MOVES,
                           simulations: int = MCTS_SIMULATIONS,
                           step_games: int = ADAPTER_STEP_GAMES) -> dict[str, Any]:
    """The OpenSpiel adapter with the engine and without it (``GREMLINRULES_ENGINE=off``), in one
    process, interleaved: milliseconds per move of ``MCTSBot`` (``simulations`` simulations, UCT
    constant 2, ``RandomRolloutEvaluator`` with one random rollout) over ``moves``, each move timed
    both ways in turn (the two bots are seeded alike, so they search the same tree and choose the
    same move: ``same_moves``); and microseconds per decision of a random-step loop
    (``legal_actions`` + ``apply_action``, whole games from deals 100 ..), game by game in turn. One
    untimed move and game each way first (the tables and caches both ways build once). The engine's
    figures and the ratios (typed / engine) are None where the engine does not step the table; every
    figure is None without OpenSpiel."""
    empty: dict[str, Any] = {"mcts_typed_ms": None, "mcts_engine_ms": None, "mcts_x": None,
                             "same_moves": None, "step_typed_us": None, "step_engine_us": None,
                             "step_x": None}
    try:
        import numpy as np
        from open_spiel.python.algorithms import mcts
    except ImportError:
        return empty
    deals = max([d for d, _ in moves] + [0]) + 2
    typed, native = _adapter_games(game_id, players, 100 + step_games + 1)
    ways = [typed] if native is None else [typed, native]

    def bot(game: Any, seed: int) -> Any:
        rng = np.random.RandomState(seed)
        return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                            evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)

    for game in ways:  # warm-up: one move and one game each way, untimed
        warm = game.new_initial_state()
        warm.apply_action(deals)
        bot(game, deals).step(warm)
        _step_game(game, 100 + step_games, clock)
    spent: list[list[float]] = [[] for _ in ways]
    same = True
    for deal, count in moves:
        states = [game.new_initial_state() for game in ways]
        bots = [bot(game, deal) for game in ways]
        for state in states:
            state.apply_action(deal)
        for _ in range(count):
            if states[0].is_terminal():
                break
            chosen = []
            for k, (b, state) in enumerate(zip(bots, states, strict=True)):
                t0 = clock()
                chosen.append(b.step(state))
                spent[k].append(clock() - t0)
            same = same and len(set(chosen)) == 1
            for state in states:
                state.apply_action(chosen[0])
    seconds = [0.0] * len(ways)
    decisions = [0] * len(ways)
    for g in range(step_games):
        for k, game in enumerate(ways):
            took, steps = _step_game(game, 100 + g, clock)
            seconds[k] += took
            decisions[k] += steps
    mcts_ms = [statistics.fmean(t) * 1e3 if t else None for t in spent]
    step_us = [s / max(1, d) * 1e6 for s, d in zip(seconds, decisions, strict=True)]
    out = dict(empty, mcts_typed_ms=mcts_ms[0], step_typed_us=step_us[0])
    if native is not None:
        out.update(mcts_engine_ms=mcts_ms[1], step_engine_us=step_us[1], same_moves=same,
                   mcts_x=(mcts_ms[0] / mcts_ms[1] if mcts_ms[0] and mcts_ms[1] else None),
                   step_x=step_us[0] / step_us[1] if step_us[1] else None)
    return out


def adapter_row(game_id: str, players: int, *, cpu: bool = False) -> dict[str, Any]:
    """:func:`adapter_engine_figures` of one game and player count (run it in a fresh process)."""
    row: dict[str, Any] = {"game": game_id, "players": players}
    row.update(adapter_engine_figures(game_id, players, clock_for(cpu)))
    return row


ADAPTER_HEAD = (f"{'game':26s} {'mcts ms':>8s} {'engine':>8s} {'x':>6s} {'step us':>8s} {'engine':>8s} "
                f"{'x':>6s}  same moves")
"""The header of ``bench --adapters`` (the columns of docs/performance.rst's adapter table)."""


def format_adapter_row(row: dict[str, Any]) -> str:
    """One row of ``bench --adapters``."""
    name = f"{row['game']} ({row['players']}p)"
    same = {None: "-", True: "yes", False: "NO"}[row["same_moves"]]
    return (f"{name:26s} {_num(row['mcts_typed_ms'], 8, 0)} {_num(row['mcts_engine_ms'], 8, 0)} "
            f"{_num(row['mcts_x'], 6, 2)} {_num(row['step_typed_us'], 8, 1)} "
            f"{_num(row['step_engine_us'], 8, 1)} {_num(row['step_x'], 6, 2)}  {same}")


def run_adapter_bench(out: TextIO, only: Sequence[str] | None = None, players: int | None = None, *,
                      cpu: bool = False, as_json: bool = False) -> int:
    """``bench --adapters``: the machine, then per game (at its smallest player count, or
    ``players``) OpenSpiel MCTS per move at 50 simulations and the random-step loop through the
    OpenSpiel adapter, without the engine and with it, and the ratios; the rows printed."""
    about = machine(cpu)
    if not hearts_available():
        out.write("(open_spiel not installed: pip install 'gremlinrules[bench]')\n")
        return 0
    if as_json:
        out.write(json.dumps({"machine": about}) + "\n")
    else:
        out.write(_machine_line(about))
        out.write(f"OpenSpiel adapter: MCTSBot ({MCTS_SIMULATIONS} simulations, random rollouts) ms per "
                  "move and a random-step loop's us per decision, typed API (GREMLINRULES_ENGINE=off) "
                  "then engine, and typed / engine\n")
        out.write(ADAPTER_HEAD + "\n")
    out.flush()
    done = 0
    spawn = multiprocessing.get_context("spawn")
    for gid in game_ids():
        if only and gid not in only:
            continue
        counts = get_game(gid).player_counts
        count = counts[0] if players is None else players
        if count not in counts:
            continue
        with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
            row = pool.submit(adapter_row, gid, count, cpu=cpu).result()
        out.write((json.dumps(_plain(row)) if as_json else format_adapter_row(row)) + "\n")
        out.flush()
        done += 1
    return done


ISMCTS_ITERATIONS = 200
"""Simulations per IS-MCTS decision in the bench (the bot's default)."""

ISMCTS_DECISIONS = 6
"""IS-MCTS decisions timed per game and player count."""


def ismcts_states(game: Game, players: int, count: int = ISMCTS_DECISIONS) -> list[Any]:
    """``count`` decisions with a choice (two legal actions or more) from random games of seeds 0,
    1, ...: every seventh such decision, so early, middle and late states all count."""
    states: list[Any] = []
    seed = 0
    while len(states) < count:
        picks = random.Random(seed)
        state = game.new_game(players, seed)
        k = 0
        while not game.is_terminal(state) and len(states) < count:
            legal = game.legal_actions(state)
            if len(legal) > 1:
                if k % 7 == 3:
                    states.append(state)
                k += 1
            state = game.apply(state, legal[picks.randrange(len(legal))])
        seed += 1
    return states


def ismcts_figures(game_id: str, players: int, clock: Clock = time.perf_counter,
                   iterations: int = ISMCTS_ITERATIONS, count: int = ISMCTS_DECISIONS) -> dict[str, Any]:
    """IS-MCTS's milliseconds per decision on the engine (``ismcts_engine_ms``; None when the
    engine cannot search this game here) and on the typed API (``ismcts_ms``), over the same
    states and seeds, the clock read once per batch; their ratio is ``ismcts_speedup``."""
    from gremlinrules import engine
    from gremlinrules.bots import ISMCTSBot

    game = get_game(game_id)
    states = ismcts_states(game, players, count)

    def batch(native: bool) -> tuple[float, list[Any]]:
        seats: list[int] = [game.current_player(s) for s in states]  # type: ignore[misc]  # decisions
        bots = [ISMCTSBot(game, seat, k, iterations=iterations, native=native)
                for k, seat in enumerate(seats)]
        t0 = clock()
        moves = [bot.choose(s) for bot, s in zip(bots, states, strict=True)]
        return (clock() - t0) * 1e3 / len(states), moves

    slow, slow_moves = batch(False)
    searchable = game_id in engine.games()
    fast, fast_moves = batch(True) if searchable else (math.nan, slow_moves)
    if fast_moves != slow_moves:  # the tests hold them equal; a bench that disagrees says so
        raise RuntimeError(f"{game_id}: IS-MCTS chose differently with the engine")
    return {"ismcts_ms": slow, "ismcts_engine_ms": None if math.isnan(fast) else fast,
            "ismcts_speedup": None if math.isnan(fast) else slow / fast}


def format_ismcts(row: dict[str, Any]) -> str:
    """The row's IS-MCTS line (empty when it was not measured)."""
    if "ismcts_ms" not in row:
        return ""
    engine_ms, speedup = row.get("ismcts_engine_ms"), row.get("ismcts_speedup")
    native = "-" if engine_ms is None else f"{engine_ms:.1f} ms with the engine ({speedup:.1f}x)"
    return (f"{'':4s}IS-MCTS ({ISMCTS_ITERATIONS} simulations): {row['ismcts_ms']:.1f} ms a decision on the "
            f"typed API, {native}")


def measure_row(game_id: str, players: int, games: int, rounds: int, *, cpu: bool = False,
                openspiel: bool = True, mcts: bool = True) -> dict[str, Any]:
    """Every figure of one game and player count (run it in a fresh process)."""
    clock = clock_for(cpu)
    game = get_game(game_id)
    hearts = openspiel and hearts_available()
    row: dict[str, Any] = {"game": game_id, "players": players}
    row.update(strict_ratio(game, players, games, rounds, clock, hearts=hearts))
    row.update(engine_ratios(game_id, players, games, rounds, clock, hearts=hearts))
    spread = decision_spread(game, players, range(max(1, row["games"] // 2)), clock)
    probes = spread.pop("probes")
    row.update(spread)
    row.update(probe_costs(game, probes, clock))
    row["mcts_ms"] = mcts_ms_per_move(game_id, players, clock) if openspiel and mcts else None
    if mcts:
        row.update(ismcts_figures(game_id, players, clock))
    return row


def _machine_line(about: dict[str, Any]) -> str:
    """The first line of a bench table: the machine of :func:`machine` and its clock."""
    spiel = f", open_spiel {about['open_spiel']}" if about["open_spiel"] else ""
    return (f"machine: {about['cpu']}, {about['cores']} cores, {about['implementation']} "
            f"{about['python']} on {about['platform']}{spiel}; {about['clock']} clock\n")


def machine(cpu: bool = False) -> dict[str, Any]:
    """The machine and the clock: CPU model, cores, Python, OpenSpiel."""
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            model = next((ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")), model)
    except OSError:
        pass
    try:
        from importlib.metadata import version

        spiel = version("open-spiel")
    except Exception:  # not installed (or no metadata): the ratios are left out
        spiel = None
    return {"cpu": model, "cores": os.cpu_count(), "python": platform.python_version(),
            "implementation": platform.python_implementation(), "platform": platform.platform(terse=True),
            "open_spiel": spiel, "clock": "process CPU" if cpu else "wall"}


def _plain(row: dict[str, Any]) -> dict[str, Any]:
    """The row as strict JSON data: NaN (nothing measured) becomes null."""
    return {k: None if isinstance(v, float) and math.isnan(v) else v for k, v in row.items()}


HEAD = (f"{'game':26s} {'x hearts':>8s} {'mean us':>8s} {'med us':>7s} {'p99 us':>8s} {'games/s':>8s} "
        f"{'obs us':>7s} {'json us':>8s} {'mcts ms':>8s} {'engine x':>8s} {'play x':>7s}")
"""The table's header (the columns of docs/performance.rst)."""


def _num(value: Any, width: int, digits: int) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return f"{'-':>{width}s}"
    return f"{value:{width}.{digits}f}"


def format_row(row: dict[str, Any]) -> str:
    """One row of the table, and a line naming what makes its slowest 1%."""
    name = f"{row['game']} ({row['players']}p)"
    line = (f"{name:26s} {_num(row['ratio'], 8, 2)} {_num(row['mean_us'], 8, 2)} "
            f"{_num(row['median_us'], 7, 2)} "
            f"{_num(row['p99_us'], 8, 1)} {_num(row['games_per_s'], 8, 1)} {_num(row['observe_us'], 7, 1)} "
            f"{_num(row['json_us'], 8, 1)} {_num(row['mcts_ms'], 8, 0)} "
            f"{_num(row.get('engine_ratio'), 8, 2)} {_num(row.get('playouts_ratio'), 7, 3)}")
    kinds = ", ".join(f"{label} {share:.0%} (of all {every:.0%})" for label, share, every in row["slowest"])
    return f"{line}\n{'':4s}slowest 1% (>= {row['p99_us']:.1f} us): {kinds}"


def run_bench(out: TextIO, games: int = 60, only: Sequence[str] | None = None, openspiel: bool = True,
              rounds: int = 4, players: int | None = None, *, cpu: bool = False, mcts: bool = True,
              as_json: bool = False) -> int:
    """Print the machine, then one row per game and player count (JSON lines when ``as_json``);
    the rows printed."""
    about = machine(cpu)
    if openspiel and not hearts_available():
        openspiel = False
        if not as_json:
            out.write("(open_spiel not installed: pip install 'gremlinrules[bench]' for the ratio "
                      "and MCTS)\n")
    if as_json:
        out.write(json.dumps({"machine": about}) + "\n")
    else:
        out.write(_machine_line(about))
        out.write(f"strict: our mean per decision over whole playouts (new_game included) / C++ hearts' mean "
                  f"per decision step, median of {rounds} interleaved slices; {games} playouts\n")
        out.write(HEAD + "\n")
    out.flush()
    done = 0
    # Each game and player count runs in a fresh process, as it would for a user: one game's memo
    # tables and heap do not slow the next (in one process the games measured last read up to 5% slower).
    spawn = multiprocessing.get_context("spawn")
    for gid in game_ids():
        if only and gid not in only:
            continue
        for count in get_game(gid).player_counts:
            if players is not None and count != players:
                continue
            with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
                row = pool.submit(measure_row, gid, count, games, rounds, cpu=cpu, openspiel=openspiel,
                                  mcts=mcts).result()
            text = json.dumps(_plain(row)) if as_json else format_row(row)
            searched = "" if as_json else format_ismcts(row)
            out.write(text + "\n" + (searched + "\n" if searched else ""))
            out.flush()
            done += 1
    return done


if __name__ == "__main__":  # pragma: no cover  (python -m gremlinrules.bench: the CLI's bench)
    from gremlinrules.cli import main

    sys.exit(main(["bench", *sys.argv[1:]]))
