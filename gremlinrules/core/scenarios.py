"""Run a scenario vector against a game.

A scenario (``spec/<game>/scenarios/*.json``) is::

    {
      "name": "worked example: trick order",
      "description": "...",
      "clauses": ["GG-TRICK-1"],
      "setup": {"players": 4, "seed": 0, "options": {...}, "setup": {...}},
      "steps": [
        {"action": {"type": "Play", ...}},
        {"illegal": {"type": "Play", ...}},
        {"expect": {"scores": [0, 0, 0, 0], "fields": {"track": ["red", ...]}}}
      ]
    }

``setup.options`` and ``setup.setup`` are the game's ``Options`` and ``Setup``
in their JSON form. An ``expect`` may hold ``scores``, ``winners``,
``terminal``, ``current_player``, ``legal`` and ``not_legal`` (lists of
actions), ``legal_count``, and ``fields``: dotted paths into the state's JSON
form (``"gnomes.14"``, ``"trick.plays.0.card"``) mapped to the expected value.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.errors import GremlinRulesError, IllegalActionError
from gremlinrules.core.protocol import Game
from gremlinrules.core.spec import Scenario

__all__ = ["field_at", "run_scenario"]


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


def run_scenario(game: Game, scenario: Scenario) -> list[str]:
    """Play a scenario; return the list of failures (empty when it passes exactly)."""
    setup = scenario.setup
    options = game.from_data(setup["options"], game.Options) if "options" in setup else None
    stacked = game.from_data(setup["setup"], game.Setup) if "setup" in setup else None
    state = game.new_game(setup["players"], setup.get("seed", 0), options=options, setup=stacked)
    failures: list[str] = []
    for i, step in enumerate(scenario.steps):
        where = f"{scenario.path} step {i}"
        if "action" in step:
            action = game.from_data(step["action"], game.Action)
            try:
                state = game.apply(state, action)
            except GremlinRulesError as exc:
                failures.append(f"{where}: {action!r} was refused: {exc}")
                return failures
        elif "illegal" in step:
            action = game.from_data(step["illegal"], game.Action)
            if game.is_legal(state, action):
                failures.append(f"{where}: {action!r} should be illegal")
            try:
                game.apply(state, action)
                failures.append(f"{where}: apply accepted illegal {action!r}")
            except IllegalActionError:
                pass
        else:
            failures.extend(_check_expect(game, state, step["expect"], where))
    return failures
