"""Play a whole game with bots and print it turn by turn (the CLI's ``demo``)."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any
from typing import TextIO

from gremlinrules.core.checks import SEED_LIMIT
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.protocol import Game
from gremlinrules.core.records import make_record
from gremlinrules.core.records import record_json
from gremlinrules.textview import end_words

__all__ = ["play_demo"]

Chooser = Callable[[Any], Any]


def _random_chooser(game: Game, seed: int) -> Chooser:
    rnd = random.Random(seed)

    def choose(state: Any) -> Any:
        legal = game.legal_actions(state)
        return legal[rnd.randrange(len(legal))]

    return choose


def seat_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in the demo or terminal game of ``seed``: ``seed * 1000 +
    seat``, kept to the seeds 0 to 2**64-1 (the same for every seed below about 1.8e16)."""
    return (seed * 1000 + seat) % SEED_LIMIT


def _choosers(game: Game, players: int, seed: int, bot: str) -> list[Chooser]:
    if bot == "random":
        return [_random_chooser(game, seat_seed(seed, seat)) for seat in range(players)]
    from gremlinrules.bots import make_bot  # optional: the bots package may grow heavier

    return [make_bot(bot, game, seat, seat_seed(seed, seat)).choose for seat in range(players)]


def _svg_writer(game: Game, svg_dir: str | os.PathLike[str]) -> Callable[[int, Any], None]:
    """A function writing picture ``n`` (``0001.svg``...) of a view into ``svg_dir``, created if need be."""
    from gremlinrules.svg import drawer_ids  # only for --svg
    from gremlinrules.svg import svg  # only for --svg

    if game.id not in drawer_ids():
        raise InvalidArgumentError(f"{game.id} has no SVG drawer yet")
    folder = os.fspath(svg_dir)
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise InvalidArgumentError(f"cannot make the folder {folder}: {exc.strerror or exc}") from exc

    def write(n: int, view: Any) -> None:
        path = os.path.join(folder, f"{n:04d}.svg")
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(svg(game.id, view, labels=True))  # the spot numbers, names and cells actions name
        except OSError as exc:
            raise InvalidArgumentError(f"cannot write {path}: {exc.strerror or exc}") from exc

    return write


def play_demo(game: Game, players: int, seed: int, out: TextIO, bot: str = "random",
              max_lines: int | None = None, record: str | os.PathLike[str] | None = None,
              svg_dir: str | os.PathLike[str] | None = None) -> Any:
    """Play ``game`` from ``seed`` with one bot per seat, writing one line per decision.

    Returns the final state. The bots choose among ``legal_actions`` only, so
    the printout is a legal game under the rules. ``record``: a file to write
    the game record to (:mod:`gremlinrules.core.records`). ``svg_dir``: a folder
    to write one SVG picture per decision into, the acting seat's view before it
    decides (``0001.svg``, ``0002.svg``...), then the final position as the
    spectator sees it (numbered one past the last decision).
    """
    picture = None if svg_dir is None else _svg_writer(game, svg_dir)
    state = game.new_game(players, seed)
    choosers = _choosers(game, players, seed, bot)
    out.write(f"{game.title}: {players} players, seed {seed}, {bot} bots\n")
    turn = 0
    actions: list[Any] = []
    while not game.is_terminal(state):
        seat = game.current_player(state)
        if seat is None:  # a game whose current_player disagrees with is_terminal
            raise GremlinRulesError(f"{game.id}: no current player in a state that is not terminal")
        action = choosers[seat](state)
        turn += 1
        if picture is not None:
            picture(turn, game.observe(state, seat))
        line = f"Seat {seat}: {game.action_label(game.observe(state, seat), action)}"
        before = game.scores(state)
        state = game.apply(state, action)
        actions.append(action)
        after = game.scores(state)
        if after != before:
            line += "  [scores " + " ".join(str(x) for x in after) + "]"
        if max_lines is None or turn <= max_lines:
            out.write(f"{turn:4d}. {line}\n")
    if max_lines is not None and turn > max_lines:
        out.write(f"      ... {turn - max_lines} more decisions\n")
    scores = game.scores(state)
    out.write(f"Game over after {turn} decisions.\n")
    out.write("Scores: " + ", ".join(f"seat {i}: {s}" for i, s in enumerate(scores)) + "\n")
    winners = game.winners(state)
    out.write("Winner" + ("s" if len(winners) > 1 else "") + ": "
              + (", ".join(f"seat {w}" for w in winners) or "nobody") + "\n")
    why = end_words(game, state)
    if why is not None:
        out.write(f"Why it ended: {why}\n")
    if picture is not None and svg_dir is not None:
        picture(turn + 1, game.observe(state, None))
        out.write(f"{turn + 1} pictures written to {os.fspath(svg_dir)}\n")
    if record is not None:
        text = record_json(make_record(game, players, actions, seed=seed))
        try:
            with open(record, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as exc:
            raise InvalidArgumentError(f"cannot write {os.fspath(record)}: {exc.strerror or exc}") from exc
        out.write(f"Record written to {os.fspath(record)}\n")
    return state
