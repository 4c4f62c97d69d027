"""The typed API: ``get_game`` with a literal id gives a ``Game`` typed with that game's classes.

This module is checked by ``mypy --strict`` with the rest of tests/ (CI runs it):
each ``assert_type`` fails the type check if the type were ``Any`` or another
game's class, so the static half of the test cannot pass by accident. At run
time the same code plays a few moves, so the names used here exist.
"""

from __future__ import annotations

from typing import Any
from typing import assert_type

import gremlinrules
from gremlinrules import Game
from gremlinrules import gnaughty_gnomes as gg
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules import gremlins_inc as gi
from gremlinrules import no_good_gremlins as ngg


def _first_moves_of_gnaughty_gnomes() -> gg.View:
    game = gremlinrules.get_game("gnaughty-gnomes")
    assert_type(game, Game[gg.State, gg.Action, gg.View, gg.Options, gg.Setup, gg.Event])
    state = game.new_game(4, seed=7, options=gg.Options())
    assert_type(state, gg.State)
    actions = game.legal_actions(state)
    assert_type(actions, tuple[gg.Action, ...])
    state = game.apply(state, actions[0])
    assert_type(state, gg.State)
    back = game.from_json(game.to_json(actions[0]), type(actions[0]))
    assert back == actions[0]
    view = game.observe(state, 0)
    assert_type(view, gg.View)
    return view


def _first_moves_of_goblins_vs_gnomes() -> gvg.View:
    game = gremlinrules.get_game("goblins-vs-gnomes")
    state = game.new_game(5, seed=3)
    assert_type(state, gvg.State)
    state = game.apply(state, game.legal_actions(state)[0])
    options = game.Options()
    assert_type(options, gvg.Options)
    assert_type(game.from_json(game.to_json(state), game.State), gvg.State)
    return game.observe(state, 1)


def _first_moves_of_no_good_gremlins() -> ngg.View:
    game = gremlinrules.get_game("no-good-gremlins")
    state = game.new_game(3, seed=1, setup=game.Setup())
    assert_type(state, ngg.State)
    action = game.legal_actions(state)[0]
    assert_type(action, ngg.Action)
    assert_type(game.all_actions(3), tuple[ngg.Action, ...])
    return game.observe(game.apply(state, action), 2)


def _first_moves_of_gremlins_inc() -> gi.View:
    game = gremlinrules.get_game("gremlins-inc")
    state = game.new_game(4, seed=2, options=game.Options(teams="2v2"))
    assert_type(state, gi.State)
    action = game.legal_actions(state)[0]
    assert_type(action, gi.Action)
    return game.observe(game.apply(state, action), 1)


def _any_game(game_id: str) -> Game:
    """A game chosen at run time is a plain ``Game`` (its classes typed as ``Any``)."""
    game = gremlinrules.get_game(game_id)
    assert_type(game, Game[Any, Any, Any, Any, Any, Any])
    return game


def test_typed_usage_runs() -> None:
    """The typed example plays: each game's first moves give a view of its own View class, and a
    game chosen by a runtime string is still a Game."""
    assert isinstance(_first_moves_of_gnaughty_gnomes(), gg.View)
    assert isinstance(_first_moves_of_goblins_vs_gnomes(), gvg.View)
    assert isinstance(_first_moves_of_no_good_gremlins(), ngg.View)
    assert isinstance(_first_moves_of_gremlins_inc(), gi.View)
    for game_id in gremlinrules.game_ids():
        assert isinstance(_any_game(game_id), Game)
