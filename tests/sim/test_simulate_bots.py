"""The bots a simulation names: bot specs, the registry of plugin bots, IS-MCTS with a time budget."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

import gremlinrules
from gremlinrules.bots import BOT_NAMES
from gremlinrules.bots import ISMCTSBot
from gremlinrules.bots import RandomBot
from gremlinrules.bots import bot_from_spec
from gremlinrules.bots import canonical_spec
from gremlinrules.bots import make_bot
from gremlinrules.bots import register_bot
from gremlinrules.bots import registered_bots
from gremlinrules.bots import unregister_bot
from gremlinrules.bots.registry import ENTRY_POINT_GROUP
from gremlinrules.bots.registry import is_timed
from gremlinrules.cli import main
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.protocol import Game
from gremlinrules.sim import simulate


@pytest.mark.parametrize(("spec", "canonical"), [
    ("random", "random"), (" random ", "random"), ("ismcts", "ismcts:200"), ("ismcts:0100", "ismcts:100"),
    ("ismcts:7", "ismcts:7"), ("ismcts:.50s", "ismcts:0.5s"), ("ismcts:2s", "ismcts:2s"),
    ("ismcts:1.25s", "ismcts:1.25s"), ("ismcts:careful", "ismcts:200:careful"),
    ("ismcts:050:careful", "ismcts:50:careful"), ("ismcts:.5s:careful", "ismcts:0.5s:careful"),
])
def test_a_spec_has_one_canonical_form(spec: str, canonical: str) -> None:
    """Specs naming the same bot and budget are written one way, and that form is its own canonical form."""
    assert canonical_spec(spec) == canonical
    assert canonical_spec(canonical) == canonical


@pytest.mark.parametrize("spec", ["", "minimax", "ismcts:0", "ismcts:0s", "ismcts:s", "ismcts:-3",
                                  "ismcts:1e3", "ismcts:1.5", "ismcts:x", "Random", "random:3", 5, None,
                                  "ismcts:careful:7", "ismcts:7:carefull", "ismcts::careful",
                                  "random:careful"])
def test_malformed_specs_raise_library_errors(spec: Any) -> None:
    """A spec that names no bot or a budget that is not positive is an InvalidArgumentError."""
    with pytest.raises(InvalidArgumentError):
        canonical_spec(spec)


def test_specs_make_the_bots_they_name() -> None:
    """random is a RandomBot; ismcts:N searches N simulations; ismcts:Xs searches X seconds (timed)."""
    game = gremlinrules.get_game("gnaughty-gnomes")
    assert isinstance(bot_from_spec("random", game, 1, 3), RandomBot)
    counted = bot_from_spec("ismcts:12", game, 0)
    assert isinstance(counted, ISMCTSBot)
    assert (counted.iterations, counted.seconds) == (12, None)
    timed = bot_from_spec("ismcts:0.25s", "gnaughty-gnomes", 0)
    assert isinstance(timed, ISMCTSBot)
    assert timed.seconds == 0.25
    careful = bot_from_spec("ismcts:12:careful", game, 0)
    assert isinstance(careful, ISMCTSBot)
    assert (counted.rollout, careful.rollout) == ("uniform", "careful")
    assert is_timed("ismcts:0.25s")
    assert not is_timed("ismcts:12")
    assert not is_timed("random")


def test_a_timed_search_uses_its_time_and_plays_a_legal_action() -> None:
    """ismcts with seconds=X searches for at least X seconds (and not much longer) before playing a legal
    action; a counted search of the same seed is reproducible."""
    game = gremlinrules.get_game("no-good-gremlins")
    state = game.new_game(3, seed=2)
    seat = game.current_player(state)
    assert seat is not None
    while len(game.legal_actions(state)) < 2:
        state = game.apply(state, game.legal_actions(state)[0])
        seat = game.current_player(state)
        assert seat is not None
    bot = ISMCTSBot(game, seat, 5, seconds=0.05, rollout_depth=10)
    start = time.perf_counter()
    action = bot.choose(state)
    elapsed = time.perf_counter() - start
    assert action in game.legal_actions(state)
    assert 0.05 <= elapsed < 2.0
    assert "seconds=0.05" in repr(bot)
    counted = [ISMCTSBot(game, seat, 5, iterations=20).choose(state) for _ in range(2)]
    assert counted[0] == counted[1]


@pytest.mark.parametrize("seconds", [0, -1.0, float("inf"), float("nan"), True, "1"])
def test_a_bad_time_budget_is_refused(seconds: Any) -> None:
    """seconds must be a positive finite number."""
    game = gremlinrules.get_game("gnaughty-gnomes")
    with pytest.raises(InvalidArgumentError):
        ISMCTSBot(game, 0, seconds=seconds)


class _First:
    """A bot that always plays the first legal action."""

    def __init__(self, game: Game, seat: int, seed: int = 0, *, offset: int = 0) -> None:
        self.game = game
        self.offset = offset

    def choose(self, state: Any) -> Any:
        legal = self.game.legal_actions(state)
        return legal[self.offset % len(legal)]


def test_a_registered_bot_is_made_by_name_and_by_spec() -> None:
    """register_bot makes a name known to make_bot and bot specs, with its settings; unregister_bot
    forgets it; the built-in names stay BOT_NAMES."""
    register_bot("first", _First)
    try:
        assert registered_bots() == {"first": _First}
        game = gremlinrules.get_game("gnaughty-gnomes")
        state = game.new_game(2, seed=1)
        assert bot_from_spec("first", game, 0).choose(state) == game.legal_actions(state)[0]
        bot = make_bot("first", game, 0, offset=1)
        assert bot.choose(state) == game.legal_actions(state)[1 % len(game.legal_actions(state))]
        assert canonical_spec("first") == "first"
        assert BOT_NAMES == ("random", "ismcts", "plain")
        register_bot("first", _First)  # the same factory again is harmless
        with pytest.raises(InvalidArgumentError, match="registered already"):
            register_bot("first", RandomBot)
        register_bot("first", RandomBot, replace=True)
        assert isinstance(make_bot("first", game, 0), RandomBot)
    finally:
        unregister_bot("first")
    assert "first" not in registered_bots()
    with pytest.raises(InvalidArgumentError):
        make_bot("first", "gnaughty-gnomes", 0)


@pytest.mark.parametrize("name", ["random", "ismcts", "Big", "a,b", "a:b", "", "x" * 41, 3, "1st"])
def test_bad_bot_names_are_refused(name: Any) -> None:
    """A registered name is short, lower-case, starts with a letter, has no ',' or ':' and is not built in."""
    with pytest.raises(InvalidArgumentError):
        register_bot(name, _First)
    assert registered_bots() == {}


def test_a_factory_must_be_callable() -> None:
    """register_bot refuses a factory it cannot call."""
    with pytest.raises(InvalidArgumentError):
        register_bot("broken", "not a function")  # type: ignore[arg-type]


def _plugin_package(root: Path, entries: dict[str, str]) -> None:
    """An installed package (its dist-info) declaring ``entries`` in the gremlinrules.bots group."""
    info = root / "greedy_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: greedy-plugin\nVersion: 1.0\n")
    lines = "".join(f"{name} = {value}\n" for name, value in entries.items())
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINT_GROUP}]\n{lines}")


def test_a_bot_an_installed_package_declares_is_known_by_name(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot declared in the gremlinrules.bots entry-point group is found by name (the command line
    plays it too); one whose object cannot be loaded is an InvalidArgumentError naming it."""
    _plugin_package(tmp_path, {"first-plugin": "tests.sim.test_simulate_bots:_First",
                               "missing-plugin": "tests.sim.no_such_module:Bot"})
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert canonical_spec("first-plugin") == "first-plugin"
        assert registered_bots() == {"first-plugin": _First}
        records = simulate("gnaughty-gnomes", games=2, players=2, bots="first-plugin", workers=1)
        assert [r["bots"] for r in records] == [["first-plugin"] * 2] * 2
        assert main(["simulate", "gnaughty-gnomes", "--games", "1", "--players", "2", "--bots",
                     "random,first-plugin", "--workers", "1", "--out", str(tmp_path / "r.jsonl")]) == 0
        with pytest.raises(InvalidArgumentError, match=r"missing-plugin declared by tests\.sim\.no_such"):
            canonical_spec("missing-plugin")
    finally:
        unregister_bot("first-plugin")
