"""Game records: what PGN is to chess, for every game of the library.

A record is one JSON document::

    {
      "format": "gremlinrules-record",
      "format_version": 1,
      "library": "0.1.0",                     the gremlinrules version that wrote it
      "game": "no-good-gremlins",
      "rules": "1",                           the game's RULES_VERSION
      "components": "3f0c9a1e2b7d4c55",       digest of the game's reference component file
      "players": 3,
      "options": {...},                       the game's Options, JSON form
      "seed": 7,                              or null when "setup" stacks the deal
      "setup": null,                          the game's Setup, JSON form, or null
      "actions": [{"action": {...}, "text": "..."}, ...],
      "result": {"terminal": true, "scores": [...], "winners": [...]}
    }

``text`` is the action's readable notation beside its JSON form, for a person
reading the file; only ``action`` is replayed. Loading checks the format, its
version, the game, and that the rules and component versions are the ones this
library plays: a record made under other rules is refused with a message
saying so, never silently replayed. Records of an older format version are
upgraded by :data:`UPGRADES` (none yet: version 1 is the first).
"""

from __future__ import annotations

import hashlib
import importlib.resources
import json
import tomllib
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

import attrs

from gremlinrules.core import serial
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import shown
from gremlinrules.core.protocol import Game
from gremlinrules.core.registry import find_game
from gremlinrules.core.registry import library_version

__all__ = ["FORMAT", "FORMAT_VERSION", "UPGRADES", "LoadedRecord", "components_version", "load_record",
           "make_record", "record_json", "replay", "rules_version"]

FORMAT = "gremlinrules-record"
"""The value of a record's ``format`` key."""
FORMAT_VERSION = 1
"""The record format this library writes."""
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""From an older format version to the next: ``UPGRADES[v](record_v) -> record_v+1``."""


def rules_version(game: Game) -> str:
    """The game's rules version: raised whenever a rule's behaviour changes."""
    return str(getattr(game.module, "RULES_VERSION", "1"))  # type: ignore[attr-defined]


def components_version(game: Game) -> str:
    """A digest (16 hex digits) of the data in the game's reference component files, or "none".

    The files are ``components.toml`` and, where the game has one, its reference map
    ``board.toml`` (the map's data is part of the reference set too: moving a Start space
    changes the games). The digest is of the parsed data written as canonical JSON, so a
    comment or a layout change in a file keeps it; any changed number changes it.
    """
    package = game.module  # type: ignore[attr-defined]  # the module itself: no import by name
    try:
        text = importlib.resources.files(package).joinpath("components.toml").read_bytes()
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        return "none"
    data: Any = tomllib.loads(text.decode("utf-8"))
    try:
        board = importlib.resources.files(package).joinpath("board.toml").read_bytes()
    except (FileNotFoundError, OSError):
        pass
    else:
        data = {"components": data, "board": tomllib.loads(board.decode("utf-8"))}
    canonical = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:16]


def make_record(game: Game, players: int, actions: Sequence[Any], *, seed: int | None = 0,
                options: Any = None, setup: Any = None) -> dict[str, Any]:
    """The record of a game: set up, ``actions`` replayed (each must be legal), the result.

    Raises the game's own errors for a bad setup or an illegal action.
    """
    state = game.new_game(players, 0 if seed is None else seed, options=options, setup=setup)
    options_obj = options if options is not None else game.Options()
    for action in actions:
        state = game.apply(state, action)
    terminal = game.is_terminal(state)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "library": library_version(),
        "game": game.id,
        "rules": rules_version(game),
        "components": components_version(game),
        "players": players,
        "options": game.to_data(options_obj),
        "seed": None if setup is not None and seed is None else seed,
        "setup": None if setup is None else game.to_data(setup),
        "actions": [{"action": game.to_data(a), "text": str(a)} for a in actions],
        "result": {"terminal": terminal, "scores": list(game.scores(state)),
                   "winners": list(game.winners(state))},
    }


def record_json(record: dict[str, Any]) -> str:
    """A record as JSON text for people and diffs: one key per line, one action per line."""
    lines = []
    for key, value in record.items():
        if key == "actions" and isinstance(value, list) and value:
            steps = ",\n".join("  " + json.dumps(step, ensure_ascii=False, sort_keys=True) for step in value)
            lines.append(f' "actions": [\n{steps}\n ]')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


@attrs.frozen
class LoadedRecord:
    """A record read back: the game and everything needed to replay it, as objects."""

    game: Game
    players: int
    seed: int
    options: Any
    setup: Any
    actions: tuple[Any, ...]
    result: dict[str, Any]
    library: str
    """The gremlinrules version that wrote the record."""


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise SerializationError(f"record field {key!r} is missing or not valid: {shown(value)}", f"$.{key}")
    return value


def load_record(data: Any) -> LoadedRecord:
    """A record (JSON text or its parsed data) checked and turned into objects.

    Refused with :class:`SerializationError`: another format, a newer format
    version, an unknown game, other rules or component versions, or malformed
    fields (the path says which).
    """
    if isinstance(data, (str, bytes, bytearray)):
        data = serial.loads(data)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SerializationError(f"not a gremlinrules game record (no \"format\": \"{FORMAT}\")")
    version = _need(data, "format_version", int)
    if version > FORMAT_VERSION:
        raise SerializationError(f"record format version {version} is newer than this library's "
                                 f"({FORMAT_VERSION}): upgrade gremlinrules to read it", "$.format_version")
    while version < FORMAT_VERSION:
        if version not in UPGRADES:
            raise SerializationError(f"record format version {version} can no longer be read",
                                     "$.format_version")
        data = UPGRADES[version](data)
        version += 1
    try:
        game = find_game(_need(data, "game", str))
    except GremlinRulesError as exc:
        raise SerializationError(f"record of an unknown game: {exc}", "$.game") from exc
    for key, ours in (("rules", rules_version(game)), ("components", components_version(game))):
        theirs = _need(data, key, str)
        if theirs != ours:
            raise SerializationError(
                f"record made under {game.id} {key} version {shown(theirs)}; this library plays "
                f"version {ours}, so replaying it could change the game", f"$.{key}")
    actions = []
    for i, step in enumerate(_need(data, "actions", list)):
        if not isinstance(step, dict) or "action" not in step:
            raise SerializationError("each record step is {\"action\": ...}", f"$.actions[{i}]")
        try:
            actions.append(game.from_data(step["action"], game.Action))
        except SerializationError as exc:
            raise SerializationError(f"record step {i}: {exc}", f"$.actions[{i}]") from exc
    seed = data.get("seed")
    setup_data = data.get("setup")
    return LoadedRecord(
        game=game,
        players=_need(data, "players", int),
        seed=0 if seed is None else _need(data, "seed", int),
        options=game.from_data(_need(data, "options", dict), game.Options),
        setup=None if setup_data is None else game.from_data(setup_data, game.Setup),
        actions=tuple(actions),
        result=data.get("result") if isinstance(data.get("result"), dict) else {},
        library=str(data.get("library", "")),
    )


def replay(record: LoadedRecord) -> list[Any]:
    """Every state of the recorded game, the first before any action and the last after all.

    Raises the game's error if an action is illegal (a record edited by hand).
    """
    game = record.game
    state = game.new_game(record.players, record.seed, options=record.options, setup=record.setup)
    states = [state]
    for action in record.actions:
        state = game.apply(state, action)
        states.append(state)
    return states
