"""What mypy tells a user of ``get_game`` (issue 29): the game's own classes, never ``Any``.

One mypy run (:mod:`mypy.api`, ``--strict``, the project's configuration and cache) checks a
small program that calls every typed part of each of the five games (``apply_with_events``,
``observe_event``, ``parse_action``, ``game.Action`` and ``game.Event`` through ``from_data``,
a bot's ``choose``) under ``reveal_type``, and makes one wrong call: a Gnaughty Gnomes action
given to No Good Gremlins' ``apply``. The test reads mypy's notes and demands that each
revealed type names that game's own classes (and no ``Any``), and that the wrong call, and
only it, is an error. The run takes a few seconds with the project's mypy cache warm and
under 20 s cold, so it is part of the normal suite.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from mypy import api

import gremlinrules

ROOT = Path(__file__).resolve().parents[2]

GAMES = {  # game id -> the module alias the program uses
    "gnaughty-gnomes": "gg",
    "goblins-vs-gnomes": "gvg",
    "gremlins-inc": "gi",
    "gremlins-the-game": "gtg",
    "no-good-gremlins": "ngg",
}

_PER_GAME = """
{a}_game = gremlinrules.get_game("{gid}")
{a}_state = {a}_game.new_game({a}_game.min_players)
{a}_action = {a}_game.legal_actions({a}_state)[0]
{a}_after, {a}_events = {a}_game.apply_with_events({a}_state, {a}_action)
reveal_type({a}_game.apply_with_events({a}_state, {a}_action))  # reveal {a}:apply_with_events
reveal_type({a}_game.observe_event({a}_events[0], 0))  # reveal {a}:observe_event
reveal_type({a}_game.parse_action(str({a}_action)))  # reveal {a}:parse_action
reveal_type({a}_game.from_data({{}}, {a}_game.Action))  # reveal {a}:Action
reveal_type({a}_game.from_data({{}}, {a}_game.Event))  # reveal {a}:Event
reveal_type(make_bot("random", {a}_game, 0).choose)  # reveal {a}:choose
"""

# each check's revealed type, with the union of the game's own classes in it ({m}: its module)
_EXPECT = {
    "apply_with_events": r"tuple\[{m}\.state\.State, tuple\[(?P<union>.+), \.\.\.\]\]",
    "observe_event": r"(?P<union>.+) \| None",
    "parse_action": r"(?P<union>.+)",
    "Action": r"(?P<union>.+)",
    "Event": r"(?P<union>.+)",
    "choose": r"def \(state: {m}\.state\.State\) -> (?P<union>.+)",
}

_REVEALED = re.compile(r'^<string>:(?P<line>\d+): note: Revealed type is "(?P<type>.*)"$')
_ERROR = re.compile(r"^<string>:(?P<line>\d+): error: (?P<message>.*)$")


def _program() -> tuple[str, dict[int, tuple[str, str]]]:
    lines = ["import gremlinrules", "from gremlinrules.bots import make_bot"]
    for gid, alias in GAMES.items():
        lines += _PER_GAME.format(a=alias, gid=gid).strip("\n").split("\n")
    lines.append("ngg_game.apply(ngg_state, gg_action)  # wrong: a Gnaughty Gnomes action")
    where = {}
    for number, line in enumerate(lines, 1):
        if "  # reveal " in line:
            alias, _, check = line.rpartition("  # reveal ")[2].partition(":")
            where[number] = (alias, check)
    return "\n".join(lines) + "\n", where


def _config(tmp_path: Path) -> Path:
    """The project's mypy configuration without its ``files`` (mypy checks the program alone)."""
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    kept = {key: value for key, value in mypy.items() if key not in ("files", "overrides")}
    lines = ["[mypy]"] + [f"{key} = {value}" for key, value in kept.items()]
    for override in mypy.get("overrides", []):
        lines.append(f"[mypy-{','.join(override.pop('module'))}]")
        lines += [f"{key} = {value}" for key, value in override.items()]
    path = tmp_path / "mypy.ini"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _event_and_action_names(game_id: str) -> tuple[set[str], set[str]]:
    game = gremlinrules.get_game(game_id)
    return ({t.__qualname__ for t in game.event_types}, {t.__qualname__ for t in game.action_types})


def test_get_game_types_every_part_with_the_games_own_classes(monkeypatch: pytest.MonkeyPatch,
                                                              tmp_path: Path) -> None:
    """For each of the five games, mypy reveals apply_with_events as (its State, tuple of its
    Event union), observe_event as its Event or None, parse_action and from_data(game.Action)
    as its Action union, from_data(game.Event) as its Event union, a bot's choose as taking its
    State and giving its Action; no revealed type is Any; giving No Good Gremlins' apply a
    Gnaughty Gnomes action is a mypy error (the only one)."""
    monkeypatch.chdir(ROOT)  # the package and pyproject.toml's [tool.mypy] are found from here
    program, where = _program()
    out, err, _status = api.run(["--strict", "--config-file", str(_config(tmp_path)),
                                 "--cache-dir", str(ROOT / ".mypy_cache"),  # warm after a mypy run
                                 "--no-error-summary", "--no-pretty", "-c", program])
    assert not err.strip(), err
    revealed: dict[int, str] = {}
    errors: dict[int, str] = {}
    for line in out.splitlines():
        if (m := _REVEALED.match(line)) is not None:
            revealed[int(m["line"])] = m["type"]
        elif (m := _ERROR.match(line)) is not None:
            errors[int(m["line"])] = m["message"]
    assert set(revealed) == set(where), out
    modules = {alias: gremlinrules.registry.module_name(gid) for gid, alias in GAMES.items()}
    for number, (alias, check) in where.items():
        module = modules[alias]
        shown = revealed[number]
        assert "Any" not in shown, (alias, check, shown)
        match = re.fullmatch(_EXPECT[check].format(m=re.escape(module)), shown)
        assert match is not None, (alias, check, shown)
        members = {part.strip().rpartition(".")[2] for part in match["union"].split("|")}
        homes = {part.strip().rpartition(".")[0] for part in match["union"].split("|")}
        events, actions = _event_and_action_names(next(g for g, a in GAMES.items() if a == alias))
        expected = events if check in ("apply_with_events", "observe_event", "Event") else actions
        assert members == expected, (alias, check, shown)
        assert all(home.startswith(module + ".") for home in homes), (alias, check, shown)
    last = len(program.splitlines())
    assert list(errors) == [last], out
    gg_actions = " | ".join(t.__name__ for t in gremlinrules.get_game("gnaughty-gnomes").action_types)
    assert errors[last].startswith(f'Argument 2 to "apply" of "Game" has incompatible type "{gg_actions}"')
