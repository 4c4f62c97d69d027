"""Playing the games of a simulation: one game to a record, and a batch of games in a worker.

Everything here runs in the worker (a local process or a Ray task) and depends
only on its arguments, so any worker plays a game the same way.

A game with the random bot in every seat is one random playout: the documented random policy of
:mod:`gremlinrules.core.playout` (one generator for the table, started from the game's seed), played
by the compiled engine's :func:`gremlinrules.engine.playouts` where the engine plays the game and by
:func:`~gremlinrules.core.playout.random_playout` over the typed API otherwise. The two are the same
games decision for decision (the engine's differential tests), so the records are identical with
and without the engine (``GREMLINRULES_ENGINE=off``), ``ended_by`` included. A line-up with any
other bot plays the bots, each seat its own generator (``bot_seed``).
"""

from __future__ import annotations

import functools
import time
from collections.abc import Mapping
from collections.abc import Sequence

from gremlinrules import engine
from gremlinrules.bots.registry import BotFactory
from gremlinrules.bots.registry import bot_from_spec
from gremlinrules.bots.registry import register_bot
from gremlinrules.bots.registry import registered_bots
from gremlinrules.core.errors import UnsupportedError
from gremlinrules.core.playout import Playout
from gremlinrules.core.playout import random_playout
from gremlinrules.core.protocol import Game
from gremlinrules.core.records import components_version
from gremlinrules.core.records import rules_version
from gremlinrules.registry import get_game
from gremlinrules.sim.records import FORMAT
from gremlinrules.sim.records import Record
from gremlinrules.sim.records import SimulationError
from gremlinrules.sim.seeds import bot_seed

__all__ = ["RANDOM", "GameTask", "play_batch", "play_game", "random_game", "versions"]

GameTask = tuple[int, int, int, tuple[str, ...]]
"""One game to play: (index, seed, players, canonical bot spec per seat)."""

RANDOM = "random"
"""The random bot's spec: a line-up of it alone is played as a random playout."""


def random_game(game: Game, players: int, seed: int) -> Playout:
    """The random playout of ``seed`` (:mod:`gremlinrules.core.playout`'s policy): natively when the
    engine plays the game, else through the typed API; the same result either way."""
    try:
        return engine.playouts(game.id, players, (seed,))[0]
    except UnsupportedError:  # no engine here, switched off, or not for this game
        return random_playout(game, players, seed)


def play_game(game: Game, task: GameTask) -> Record:
    """Play one game between the task's bots; its record.

    With the random bot in every seat, the game is the random playout of ``seed`` (the module's
    docstring). Otherwise the bot at seat ``s`` gets the seed ``bot_seed(seed, s)``, and a game
    still going after the game's documented bound of decisions (``game.decision_bound``) raises
    RuntimeError rather than running for ever.
    """
    index, seed, players, bots = task
    start = time.perf_counter()
    result = random_game(game, players, seed) if all(b == RANDOM for b in bots) else _bots_game(
        game, players, seed, bots)
    seconds = round(time.perf_counter() - start, 6)
    made = _versions(game.id)
    scores, winners, decisions, ended_by = result
    return {
        "format": FORMAT, "game": game.id, "index": index, "seed": seed, "players": players,
        "bots": list(bots), "scores": list(scores), "winners": list(winners),
        "decisions": decisions, "ended_by": "" if ended_by is None else str(ended_by), "seconds": seconds,
        "library": made["library"], "rules": made["rules"], "components": made["components"],
    }


def _bots_game(game: Game, players: int, seed: int, bots: tuple[str, ...]) -> Playout:
    """The game of ``seed`` played by the bots, seat ``s`` seeded ``bot_seed(seed, s)``."""
    state = game.new_game(players, seed=seed)
    seats = [bot_from_spec(spec, game, seat, bot_seed(seed, seat)) for seat, spec in enumerate(bots)]
    bound = game.decision_bound(players)
    decisions = 0
    while not game.is_terminal(state):
        if decisions >= bound:
            raise RuntimeError(f"the game did not end within its bound of {bound} decisions")
        seat: int = game.current_player(state)  # type: ignore[assignment]  # not terminal
        state = game.apply(state, seats[seat].choose(state))
        decisions += 1
    return Playout(game.scores(state), game.winners(state), decisions, game.end_reason(state))


@functools.cache
def _versions(game_id: str) -> dict[str, str]:
    from gremlinrules import __version__

    game = get_game(game_id)
    return {"library": __version__, "rules": rules_version(game), "components": components_version(game)}


def versions(game: Game) -> dict[str, str]:
    """The ``library``, ``rules`` and ``components`` fields of the game's records (computed once)."""
    return dict(_versions(game.id))


def play_batch(game_id: str, tasks: Sequence[GameTask], plugins: Mapping[str, BotFactory]) -> list[Record]:
    """Play the tasks' games of ``game_id`` in order; their records.

    ``plugins`` are the registered bots the tasks use (a fresh worker process has none
    registered). A game that raises stops the batch with :class:`SimulationError` naming
    the game's index and seed, so it can be replayed alone.
    """
    have = registered_bots()
    for name, factory in plugins.items():
        if have.get(name) is not factory:
            register_bot(name, factory, replace=True)
    game = get_game(game_id)
    records: list[Record] = []
    for task in tasks:
        try:
            records.append(play_game(game, task))
        except Exception as exc:  # any failure of a game is reported with its seed
            raise SimulationError(_failure(game_id, task, exc)) from None
    return records


def _failure(game_id: str, task: GameTask, exc: BaseException) -> str:
    index, seed, players, bots = task
    return (f"{game_id} game {index} (seed {seed}, {players} players, bots {','.join(bots)}) failed: "
            f"{type(exc).__name__}: {exc}")

