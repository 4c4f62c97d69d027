"""Scenario vectors: a game record plus expectations, and the runner that plays them.

A scenario (``spec/<game>/scenarios/*.json``) is::

    {
      "format": "gremlinrules-scenario", "format_version": 1,
      "name": "worked example: trick order",
      "description": "...",
      "clauses": ["GG-TRICK-1"],
      "record": { a game record: see gremlinrules.core.records },
      "expect": [
        {"after": 0, "current_player": 0},
        {"after": 4, "illegal": {"type": "Play", ...}},
        {"after": 4, "scores": [1, 0, 1, 0], "fields": {"track": ["red", ...]}}
      ]
    }

The record says the game, the rules and component versions it was made under,
the players, options, seed or stacked setup, and every action (with its text
notation); it is loaded with :func:`gremlinrules.core.records.load_record`, so
a vector made under other rules is refused, never silently replayed. Each
expectation is checked ``after`` that many actions. It may hold ``scores``,
``winners``, ``terminal``, ``current_player``, ``legal`` and ``not_legal``
(lists of actions), ``legal_count``, ``illegal`` (an action that must be
refused with ``IllegalActionError``), ``fields``: dotted paths into the
state's JSON form (``"gnomes.14"``, ``"trick.plays.0.card"``) mapped to the
expected value, and a ``note``.
"""

from __future__ import annotations

import json
from typing import Any

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.protocol import Game
from gremlinrules.core.records import load_record
from gremlinrules.core.records import make_record
from gremlinrules.core.spec import SCENARIO_FORMAT
from gremlinrules.core.spec import SCENARIO_FORMAT_VERSION
from gremlinrules.core.spec import Scenario

__all__ = ["field_at", "run_scenario", "scenario_document", "scenario_json"]


def field_at(data: Any, path: str) -> Any:
    """The value at a dotted path (``"a.0.b"``) in JSON data; KeyError if absent."""
    node = data
    for part in path.split("."):
        if isinstance(node, list):
            node = node[int(part)]
        elif isinstance(node, dict):
            node = node[part]
        else:
            raise KeyError(path)
    return node


def _check_expect(game: Game, state: Any, expect: dict[str, Any], where: str) -> list[str]:
    failures: list[str] = []

    def differ(name: str, got: Any, want: Any) -> None:
        if got != want:
            failures.append(f"{where}: {name} is {got!r}, expected {want!r}")

    if "scores" in expect:
        differ("scores", list(game.scores(state)), expect["scores"])
    if "winners" in expect:
        differ("winners", list(game.winners(state)), expect["winners"])
    if "terminal" in expect:
        differ("terminal", game.is_terminal(state), expect["terminal"])
    if "current_player" in expect:
        differ("current_player", game.current_player(state), expect["current_player"])
    if "legal_count" in expect:
        differ("number of legal actions", len(game.legal_actions(state)), expect["legal_count"])
    for key, want in (("legal", True), ("not_legal", False)):
        for data in expect.get(key, ()):
            action = game.from_data(data, game.Action)
            differ(f"is_legal({action!r})", game.is_legal(state, action), want)
    if "fields" in expect:
        snapshot = game.to_data(state)
        for path, want in expect["fields"].items():
            try:
                differ(path, field_at(snapshot, path), want)
            except (KeyError, IndexError, ValueError):
                failures.append(f"{where}: state has no field {path!r}")
    return failures


def _probe(game: Game, state: Any, data: Any, where: str) -> list[str]:
    action = game.from_data(data, game.Action)
    failures = []
    if game.is_legal(state, action):
        failures.append(f"{where}: {action!r} should be illegal")
    try:
        game.apply(state, action)
        failures.append(f"{where}: apply accepted illegal {action!r}")
    except IllegalActionError:
        pass
    return failures


def run_scenario(game: Game, scenario: Scenario) -> list[str]:
    """Play a scenario; return the list of failures (empty when it passes exactly)."""
    try:
        record = load_record(scenario.record)
    except GremlinRulesError as exc:
        return [f"{scenario.path}: its record is refused: {exc}"]
    if record.game.id != game.id:
        return [f"{scenario.path}: a record of {record.game.id}, not {game.id}"]
    state = game.new_game(record.players, record.seed, options=record.options, setup=record.setup)
    failures: list[str] = []
    for done in range(len(record.actions) + 1):
        for k, entry in enumerate(scenario.expect):
            if entry["after"] != done:
                continue
            where = f"{scenario.path} expect {k} (after {done} actions)"
            if "illegal" in entry:
                failures.extend(_probe(game, state, entry["illegal"], where))
            failures.extend(_check_expect(game, state, entry, where))
        if done == len(record.actions):
            break
        action = record.actions[done]
        try:
            state = game.apply(state, action)
        except GremlinRulesError as exc:
            failures.append(f"{scenario.path} action {done}: {action!r} was refused: {exc}")
            return failures
    return failures


def scenario_document(game: Game, *, name: str, description: str, clauses: list[str],
                      players: int, steps: list[dict[str, Any]], seed: int = 0,
                      options: Any = None, setup: Any = None) -> dict[str, Any]:
    """A scenario vector from a list of steps (``{"action": ...}``, ``{"illegal": ...}`` or
    ``{"expect": {...}}``, each with an optional ``"note"``): the actions become the
    record, every other step an expectation checked after the actions before it."""
    options_obj = None if options is None else game.from_data(options, game.Options)
    setup_obj = None if setup is None else game.from_data(setup, game.Setup)
    actions: list[Any] = []
    notes: dict[int, str] = {}
    expect: list[dict[str, Any]] = []
    for step in steps:
        if "action" in step:
            if "note" in step:
                notes[len(actions)] = step["note"]
            actions.append(game.from_data(step["action"], game.Action))
        elif "illegal" in step:
            expect.append({"after": len(actions), "illegal": step["illegal"],
                           **({"note": step["note"]} if "note" in step else {})})
        else:
            expect.append({"after": len(actions), **step["expect"],
                           **({"note": step["note"]} if "note" in step else {})})
    record = make_record(game, players, actions, seed=seed, options=options_obj, setup=setup_obj)
    for index, note in notes.items():
        record["actions"][index]["note"] = note
    return {"format": SCENARIO_FORMAT, "format_version": SCENARIO_FORMAT_VERSION, "name": name,
            "description": description, "clauses": clauses, "record": record, "expect": expect}


def scenario_json(document: dict[str, Any]) -> str:
    """A scenario vector as JSON text for people and diffs: one action or expectation per line."""
    record = document["record"]
    head = {k: v for k, v in record.items() if k != "actions"}
    lines = [f"    {json.dumps(k)}: {json.dumps(v, sort_keys=True)}" for k, v in head.items()]
    actions = ",\n".join("      " + json.dumps(a, sort_keys=True) for a in record["actions"])
    lines.append(f'    "actions": [\n{actions}\n    ]' if record["actions"] else '    "actions": []')
    expect = ",\n".join("    " + json.dumps(e, sort_keys=True) for e in document["expect"])
    top = [f"  {json.dumps(k)}: {json.dumps(document[k])}"
           for k in ("format", "format_version", "name", "description", "clauses")]
    return ("{\n" + ",\n".join(top) + ',\n  "record": {\n' + ",\n".join(lines) + "\n  },\n"
            + f'  "expect": [\n{expect}\n  ]\n}}\n')
