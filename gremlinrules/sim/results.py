"""Results files read for a report: each record of ``gremlinrules simulate`` checked and typed.

Lines come from :func:`gremlinrules.sim.records.read_records`, the reader of the format
``simulate`` writes (JSON Lines, gzipped when the name ends in ``.gz``); this module checks
every field a report uses, so a hand-edited or foreign file fails with the file, the line
and the field, not with a ``KeyError`` deep in the statistics.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import attrs

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import shown
from gremlinrules.registry import game_ids
from gremlinrules.sim.records import FORMAT
from gremlinrules.sim.records import read_records

__all__ = ["GameResult", "Results", "load_results", "parse_result"]


@attrs.frozen
class GameResult:
    """One simulated game, as one line of a results file records it."""

    game: str
    """The game's id."""
    index: int
    """The game's index in its run."""
    seed: int
    """The game's own seed."""
    players: int
    """Seats."""
    bots: tuple[str, ...]
    """The bot spec in each seat."""
    scores: tuple[int, ...]
    """Final score per seat."""
    winners: tuple[int, ...]
    """Winning seats (a shared win: several; none where the rules let everyone lose)."""
    decisions: int
    """Actions applied."""
    ended_by: str
    """The clause that ended the game (``Game.end_reason``)."""
    seconds: float
    """Wall time of the game."""
    library: str = ""
    """The gremlinrules version that played it ("" in a record that does not say)."""
    rules: str = ""
    """The game's rules version it was played under ("" when not recorded)."""
    components: str = ""
    """The digest of the component set it was played with ("" when not recorded)."""


def _field(obj: dict[str, Any], key: str, kind: type, where: str) -> Any:
    value = obj.get(key)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise SerializationError(f"{where}: '{key}' must be {kind.__name__}, not {shown(value)}", f"$.{key}")
    return value


_LIMIT = 2**53
"""Integers in a record stay below this in size (a float holds them exactly, and no game comes near)."""


def _int(obj: dict[str, Any], key: str, where: str) -> int:
    value: int = _field(obj, key, int, where)
    low, high = (0, 2**64) if key == "seed" else (-_LIMIT + 1, _LIMIT)  # a seed is a 64-bit state
    if not low <= value < high:
        raise SerializationError(f"{where}: '{key}' is out of range: {shown(value)}", f"$.{key}")
    return value


def _int_list(obj: dict[str, Any], key: str, where: str) -> tuple[int, ...]:
    values = _field(obj, key, list, where)
    if any(isinstance(v, bool) or not isinstance(v, int) or not -_LIMIT < v < _LIMIT for v in values):
        raise SerializationError(f"{where}: '{key}' must be a list of integers, not {shown(values)}",
                                 f"$.{key}")
    return tuple(values)


def parse_result(obj: Any, where: str = "record") -> GameResult:
    """A :class:`GameResult` from one decoded record; a malformed one raises SerializationError."""
    if not isinstance(obj, dict):
        raise SerializationError(f"{where}: a record is a JSON object, not {shown(obj)}")
    if obj.get("format") != FORMAT:
        raise SerializationError(f"{where}: record format {shown(obj.get('format'))} is not one this "
                                 f"library reads ({FORMAT})", "$.format")
    game = _field(obj, "game", str, where)
    if game not in game_ids():
        raise SerializationError(f"{where}: no game {shown(game)} is registered", "$.game")
    players = _int(obj, "players", where)
    bots = _field(obj, "bots", list, where)
    scores = _int_list(obj, "scores", where)
    winners = _int_list(obj, "winners", where)
    if not 1 <= players <= 64 or len(bots) != players or len(scores) != players:
        raise SerializationError(f"{where}: {players} players need one bot and one score per seat", "$")
    if not all(isinstance(b, str) and b for b in bots):
        raise SerializationError(f"{where}: 'bots' must be names, not {shown(bots)}", "$.bots")
    if len(set(winners)) != len(winners) or not all(0 <= w < players for w in winners):
        raise SerializationError(f"{where}: winners {shown(winners)} are not distinct seats", "$.winners")
    seconds = obj.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not math.isfinite(seconds):
        raise SerializationError(f"{where}: 'seconds' must be a number, not {shown(seconds)}", "$.seconds")
    index, decisions = _int(obj, "index", where), _int(obj, "decisions", where)
    if index < 0 or decisions < 0:
        raise SerializationError(f"{where}: 'index' and 'decisions' cannot be negative", "$")
    versions = {}
    for key in ("library", "rules", "components"):
        if key in obj:
            versions[key] = _field(obj, key, str, where)
    return GameResult(
        game=game, index=index, seed=_int(obj, "seed", where),
        players=players, bots=tuple(bots), scores=scores, winners=winners, decisions=decisions,
        ended_by=_field(obj, "ended_by", str, where), seconds=float(seconds), **versions)


@attrs.frozen
class Results:
    """The records read from some results files."""

    games: tuple[GameResult, ...]
    """Every distinct game, in the order first read."""
    sources: tuple[str, ...]
    """The files' names (without their directories)."""
    duplicates: int
    """Records seen before (the same game, index, seed, players and bots: a file given twice),
    counted once."""


def load_results(paths: Iterable[str | os.PathLike[str]]) -> Results:
    """Read results files (JSON Lines; gzipped when the name ends in ``.gz``).

    Lines are read by :func:`gremlinrules.sim.records.read_records` (a truncated last line, a
    killed writer's, is dropped; a line that is not a JSON object raises its
    :class:`~gremlinrules.sim.records.SimulationError`); each record's fields are checked here
    (:class:`~gremlinrules.core.errors.SerializationError` naming the file and line). A game
    read twice counts once.
    """
    games: list[GameResult] = []
    seen: set[tuple[str, int, int, int, tuple[str, ...], str, str]] = set()
    sources: list[str] = []
    duplicates = 0
    for p in paths:
        path = Path(p)
        sources.append(path.name)
        for number, record in enumerate(read_records(path), 1):
            result = parse_result(record, f"{path.name}:{number}")
            key = (result.game, result.index, result.seed, result.players, result.bots, result.rules,
                   result.components)
            if key in seen:
                duplicates += 1
                continue
            seen.add(key)
            games.append(result)
    if not games:
        raise InvalidArgumentError("no game records in " + ", ".join(sources or ["no files"]))
    return Results(tuple(games), tuple(sources), duplicates)
