"""The simulation run: which games to play, on which backend, and where the records go.

Game ``i`` of a run has the seed ``game_seed(seed, i)``; with ``players="all"``
it plays the game's player counts in turn (``player_counts[i % len(player_counts)]``:
for counts 2 to 5, games 0, 4, 8... have 2 players, games 1, 5, 9... have 3);
its bots are the one spec at every seat, or the specs by seat; with ``rotate``,
the specs turn one seat a game (game ``i`` seats the first spec at seat
``i % players``, the others after it in their order), so over any ``players``
games in a row each bot sits in each seat once. So every game is fixed by the
run's settings and its index alone, whoever plays it.
"""

from __future__ import annotations

import os
from collections.abc import Generator
from collections.abc import Iterator
from collections.abc import Sequence
from typing import Literal

from gremlinrules.bots.registry import canonical_spec
from gremlinrules.bots.registry import registered_bots
from gremlinrules.core.checks import check_seed
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.protocol import Game
from gremlinrules.registry import get_game
from gremlinrules.sim.play import GameTask
from gremlinrules.sim.play import versions
from gremlinrules.sim.progress import Progress
from gremlinrules.sim.records import Record
from gremlinrules.sim.records import RecordFile
from gremlinrules.sim.records import read_records
from gremlinrules.sim.seeds import game_seed

__all__ = ["MAX_GAMES", "Plan", "default_workers", "iter_simulate", "simulate"]

Players = int | Literal["all"]

MAX_GAMES = 2_000_000
"""The most games one run plays: its pending games are listed up front (about 150 bytes each)."""


def default_workers() -> int:
    """The cores this process may run on (all of the machine's, unless restricted)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # no sched_getaffinity (macOS, Windows)
        return max(1, os.cpu_count() or 1)


class Plan:
    """A run's settings, checked: for every game index, its seed, player count and bots."""

    def __init__(self, game: Game | str, *, players: Players, bots: str | Sequence[str], seed: int,
                 rotate: bool = False) -> None:
        # by id: the workers find the game in their own registry
        self.game: Game = get_game(game if isinstance(game, str) else str(getattr(game, "id", game)))
        self.seed = check_seed(seed, InvalidArgumentError)
        counts = self.game.player_counts
        if players == "all":
            self.counts: tuple[int, ...] = tuple(counts)
        elif is_int(players) and players in counts:
            self.counts = (int(players),)
        else:
            raise InvalidArgumentError(f"{self.game.title} takes {', '.join(map(str, counts))} players "
                                       f"(or 'all'), not {shown(players)}")
        specs = bots.split(",") if isinstance(bots, str) else list(bots)
        if not specs:
            raise InvalidArgumentError("give at least one bot spec")
        self.specs = tuple(canonical_spec(s) for s in specs)
        if len(self.specs) > 1 and self.counts != (len(self.specs),):
            raise InvalidArgumentError(f"{len(self.specs)} bot specs (one per seat) need --players "
                                       f"{len(self.specs)}; one spec plays every seat")
        if not isinstance(rotate, bool):
            raise InvalidArgumentError(f"rotate must be True or False, not {shown(rotate)}")
        self.rotate = rotate

    def players_for(self, index: int) -> int:
        """The player count of game ``index``."""
        return self.counts[index % len(self.counts)]

    def bots_for(self, index: int) -> tuple[str, ...]:
        """The bot spec of each seat of game ``index`` (turned ``index`` seats on when rotating)."""
        if len(self.specs) == 1:
            return self.specs * self.players_for(index)
        turn = index % len(self.specs) if self.rotate else 0
        return self.specs[len(self.specs) - turn:] + self.specs[:len(self.specs) - turn]

    def task(self, index: int) -> GameTask:
        """Game ``index`` as a worker plays it."""
        return index, game_seed(self.seed, index), self.players_for(index), self.bots_for(index)

    def expected(self, index: int) -> tuple[int, int, list[str]]:
        """The seed, players and bots a record of game ``index`` must have (for resuming)."""
        return game_seed(self.seed, index), self.players_for(index), list(self.bots_for(index))


def iter_simulate(game: Game | str, *, games: int, players: Players = "all",
                  bots: str | Sequence[str] = "random", seed: int = 0,
                  workers: int | None = None, ray: bool | str = False,
                  out: str | os.PathLike[str] | None = None,
                  progress: bool = False, rotate: bool = False) -> Generator[Record, None, None]:
    """Play games ``0 .. games-1`` of a run; yields each game's record as it is recorded, in the order
    games finish (not by index).

    ``seed``: the master seed, an integer from 0 to 2**64-1 (each game's seed is derived from
    it and the game's index, in the same range).
    ``players``: a player count of the game, or ``"all"`` (the counts in turn, by index).
    ``bots``: one bot spec for every seat, or one per seat (a list, or comma-separated):
    ``random``, ``ismcts:<simulations>``, ``ismcts:<seconds>s`` (not reproducible), or a name
    given to :func:`gremlinrules.bots.register_bot`. ``rotate``: with one spec per seat, turn
    the specs one seat a game (game ``i`` seats the first spec at seat ``i % players``), so each
    bot sits in each seat equally often; each record's ``bots`` names the bot of each of its
    seats. ``workers``: local processes (default:
    every core; 1 plays in this process), or with ``ray`` the CPUs of a local Ray started for
    the run. ``ray``: True to use the Ray this process is connected to or start a local one,
    or a cluster address to connect to (``"auto"``, ``"ray://host:10001"``). ``out``: a JSON
    Lines file to append the records to; the games it holds already are not played again
    (and not yielded); a file of another run raises :class:`~gremlinrules.sim.records.SimulationError`
    at the first step. ``progress``: a bar on standard error when it is a terminal.

    Bad arguments raise :class:`~gremlinrules.core.errors.InvalidArgumentError` at once (not at
    the first step). Closing the iterator early stops the workers; the records yielded so far
    are in ``out``, and the same call resumes the run.
    """
    plan = Plan(game, players=players, bots=bots, seed=seed, rotate=rotate)
    if not is_int(games) or games < 0:
        raise InvalidArgumentError(f"games must be a whole number, not {shown(games)}")
    if games > MAX_GAMES:
        raise InvalidArgumentError(f"at most {MAX_GAMES:,} games a run (the pending games are listed up "
                                   f"front), not {shown(games)}: split a larger run over master seeds")
    if workers is None:
        workers = default_workers()
    elif not is_int(workers) or workers < 1:
        raise InvalidArgumentError(f"workers must be at least 1, not {shown(workers)}")
    if not isinstance(ray, bool | str) or ray == "":
        raise InvalidArgumentError(f"ray must be True, False or a cluster address, not {shown(ray)}")
    if ray is not False:
        from gremlinrules.sim.ray_backend import ray_module

        ray_module()  # not installed: say so now
    return _run(plan, games, workers, ray, out, progress)


def _run(plan: Plan, games: int, workers: int, ray: bool | str, out: str | os.PathLike[str] | None,
         progress: bool) -> Generator[Record, None, None]:
    plugins = {name: f for name, f in registered_bots().items() if name in plan.specs}
    # a resumed run keeps its game, rules and component set (a new library version may finish it)
    fixed = {"game": plan.game.id, **versions(plan.game)}
    del fixed["library"]
    file = None if out is None else RecordFile(out, fixed, plan.expected)
    done: set[int] = set() if file is None else file.done
    pending = [plan.task(i) for i in range(games) if i not in done]
    bar = Progress(games, initial=games - len(pending), description=plan.game.id, enabled=progress)
    batches: Iterator[list[Record]] = iter(())
    try:
        if not pending:
            return
        if ray is False:
            from gremlinrules.sim.local import run_local

            batches = run_local(plan.game.id, pending, workers, plugins)
        else:
            from gremlinrules.sim.ray_backend import run_ray

            batches = run_ray(plan.game.id, pending, workers, plugins, address=None if ray is True else ray)
        for batch in batches:
            if file is not None:
                new = file.write(batch)
            else:
                new = [r for r in batch if r["index"] not in done]
                done.update(r["index"] for r in new)
            bar.update(len(new))
            yield from new
    finally:
        if isinstance(batches, Generator):
            batches.close()  # stops the workers now, not when garbage is collected
        bar.close()
        if file is not None:
            file.close()


def simulate(game: Game | str, *, games: int, players: Players = "all",
             bots: str | Sequence[str] = "random", seed: int = 0,
             workers: int | None = None, ray: bool | str = False,
             out: str | os.PathLike[str] | None = None, progress: bool = False,
             rotate: bool = False) -> list[Record]:
    """Play a run (the arguments of :func:`iter_simulate`); the records of games ``0 .. games-1``
    sorted by index, those ``out`` held already included."""
    records = {r["index"]: r for r in iter_simulate(game, games=games, players=players, bots=bots, seed=seed,
                                                    workers=workers, ray=ray, out=out, progress=progress,
                                                    rotate=rotate)}
    if out is not None:
        for r in read_records(out):
            if r["index"] < games:
                records.setdefault(r["index"], r)
    return [records[i] for i in sorted(records)]
