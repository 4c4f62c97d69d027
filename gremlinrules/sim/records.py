"""The simulation record: one game per line of JSON (JSON Lines), and the file a run appends to.

A record (format 1)::

    {"format": 1, "game": "no-good-gremlins", "index": 17, "seed": 8422931144, "players": 3,
     "bots": ["random", "ismcts:100", "random"], "scores": [3, 0, 5], "winners": [2],
     "decisions": 812, "ended_by": "NGG-END-1", "seconds": 0.0123,
     "library": "0.1.0", "rules": "1", "components": "64c54e5bc143df44"}

``index`` is the game's place in its run (0 to N-1) and ``seed`` its own seed
(:func:`gremlinrules.sim.seeds.game_seed` of the master seed and the index);
``bots`` the canonical bot spec of each seat (in a run with ``--rotate``, the
seat each bot sat in that game); ``winners`` as ``game.winners``;
``decisions`` the actions applied; ``ended_by`` the clause id that ended the game
(``game.end_reason``); ``seconds`` the wall time of that game, rounded to 6
digits, the only field that differs between two runs of the same command.
``library``, ``rules`` and ``components`` are the versions that played it (the
gremlinrules version, the game's rules version and its reference component
set's digest: :func:`gremlinrules.core.records.rules_version` and
:func:`~gremlinrules.core.records.components_version`).

A run's file holds its records **in the order the games finished**, not by
index. Resuming (:class:`RecordFile`) reads the indices already there, checks
that every record belongs to the same run (game, seed for its index, player
count and bots by seat, rules version and component set: a run is never finished under
other rules or data than it began with; another library version may finish it),
drops a truncated last line (a writer killed mid-line), and the run then plays
only the missing indices. No header line: every line is a record.
"""

from __future__ import annotations

import gzip
import json
import os
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from typing import Any
from typing import TypedDict

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown

__all__ = ["FORMAT", "Record", "RecordFile", "SimulationError", "read_records", "record_line"]

FORMAT = 1
"""The record format version (the ``format`` field)."""


class SimulationError(GremlinRulesError, ValueError):
    """A simulation cannot go on: a results file of another run, a game that raised, workers that
    keep dying."""


class Record(TypedDict):
    """One simulated game (see the module docstring for the fields)."""

    format: int
    game: str
    index: int
    seed: int
    players: int
    bots: list[str]
    scores: list[int]
    winners: list[int]
    decisions: int
    ended_by: str
    seconds: float
    library: str
    rules: str
    components: str


def record_line(record: Record) -> str:
    """The record as one line of JSON, with its newline."""
    return json.dumps(record) + "\n"


def _open_text(path: str) -> Any:
    if path.endswith(".gz"):
        return gzip.open(path, "rt", encoding="utf-8")
    return open(path, encoding="utf-8")


def read_records(path: str | os.PathLike[str]) -> Iterator[Record]:
    """The records of a results file (``.jsonl``, or ``.jsonl.gz`` gzipped), in file order.

    A truncated last line (no newline: a writer killed mid-line) is skipped; any other line
    that is not a JSON object raises :class:`SimulationError` naming the line.
    """
    name = os.fspath(path)
    try:
        with _open_text(name) as f:
            pending: str | None = None
            for number, line in enumerate(f, 1):
                if pending is not None:
                    yield _parse(pending, name, number - 1)
                pending = line
            if pending is not None and pending.endswith("\n"):
                yield _parse(pending, name, number)
    except (OSError, EOFError, UnicodeDecodeError) as exc:
        raise SimulationError(f"cannot read {name}: {exc}") from exc


def _parse(line: str, name: str, number: int) -> Record:
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
        data = None
    if not isinstance(data, dict):
        raise SimulationError(f"{name}, line {number}: not a simulation record: {shown(line.rstrip())}")
    return data  # type: ignore[return-value]  # fields are checked where they matter (RecordFile)


Expected = Callable[[int], tuple[int, int, list[str]]]
"""For a game index: the (seed, players, bots) a record of the run must have."""

_HINTS = {
    "rules": "the game's rules changed since this file was begun",
    "components": "the game's reference component set changed since this file was begun",
}


class RecordFile:
    """A results file opened to append a run's records; it keeps the set of indices written.

    On opening, an existing file is checked against the run (``fixed``: fields every record of
    the run has, its game and versions; ``expected``: the seed, player count and bots the run
    gives an index; a difference is a :class:`SimulationError`, and the file is left as it was),
    a truncated
    last line is cut off, and :attr:`done` holds the indices already there. :meth:`write`
    skips a record whose index is written already, so a retried batch is never counted twice.
    """

    def __init__(self, path: str | os.PathLike[str], fixed: Mapping[str, Any], expected: Expected) -> None:
        self.path = os.fspath(path)
        if self.path.endswith(".gz"):
            raise InvalidArgumentError(f"{self.path}: write plain JSON Lines and gzip the file when the run "
                                       "is over (a gzipped file cannot be resumed)")
        self.done: set[int] = set()
        keep = self._scan(fixed, expected)
        try:
            self._file = open(self.path, "ab")  # noqa: SIM115  (closed by close() / the with block)
            if keep is not None:
                self._file.truncate(keep)
        except OSError as exc:
            raise SimulationError(f"cannot write {self.path}: {exc.strerror or exc}") from exc

    def _scan(self, fixed: Mapping[str, Any], expected: Expected) -> int | None:
        """Check the existing records; the length to cut the file to when its last line is truncated."""
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise SimulationError(f"cannot read {self.path}: {exc.strerror or exc}") from exc
        end = data.rfind(b"\n") + 1
        for number, raw in enumerate(data[:end].splitlines(), 1):
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                line = repr(raw)
            record = _parse(line, self.path, number)
            self._check(record, number, fixed, expected)
        return end if end < len(data) else None

    def _check(self, record: Record, number: int, fixed: Mapping[str, Any], expected: Expected) -> None:
        where = f"{self.path}, line {number}"
        index = record.get("index")
        if record.get("format") != FORMAT:
            raise SimulationError(f"{where}: record format {shown(record.get('format'))}, expected {FORMAT}")
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise SimulationError(f"{where}: bad game index {shown(index)}")
        if index in self.done:
            raise SimulationError(f"{where}: game {index} is recorded twice")
        seed, players, bots = expected(index)
        want = {**fixed, "seed": seed, "players": players, "bots": bots}
        for key, value in want.items():
            if record.get(key) != value:
                hint = _HINTS.get(key, "give the same game, --seed, --players, --bots and --rotate")
                raise SimulationError(
                    f"{self.path} holds another run's games: line {number} (game {index}) has {key} "
                    f"{shown(record.get(key))}, this run expects {shown(value)} ({hint}); use another "
                    "--out file")
        self.done.add(index)

    def write(self, records: Iterable[Record]) -> list[Record]:
        """Append the records whose index is not written yet (then flush); returns those written."""
        new = [r for r in records if r["index"] not in self.done]
        if new:
            try:
                self._file.write("".join(record_line(r) for r in new).encode("utf-8"))
                self._file.flush()
            except OSError as exc:
                raise SimulationError(f"cannot write {self.path}: {exc.strerror or exc}") from exc
            self.done.update(r["index"] for r in new)
        return new

    def close(self) -> None:
        """Close the file."""
        self._file.close()

    def __enter__(self) -> RecordFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
