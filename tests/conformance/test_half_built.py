"""Objects built around their constructor (``cls.__new__(cls)``, fields missing, or fields set by
``object.__setattr__`` past their validators) get the library's error from every public call that
takes them (issue 28), never an AttributeError, KeyError or TypeError."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import gremlinrules
from gremlinrules import Game, SetupError
from gremlinrules.adapters.encoding import view_encoder
from gremlinrules.core.actionspace import action_space
from tests.conformance.support import GAME_IDS

REFERENCE = [False, True]


def _games() -> list[Any]:
    return [pytest.param(gid, ref, id=f"{gid}{'-reference' if ref else ''}") for gid in GAME_IDS
            for ref in REFERENCE]


def half_built(cls: type, **fields: Any) -> Any:
    """An instance of ``cls`` made without ``__init__``: only ``fields`` set (none by default)."""
    obj: Any = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(obj, name, value)
    return obj


def _bad_options(game: Game) -> list[tuple[str, Any]]:
    """Options with no field, with every field None, and the defaults with one field set to None
    or to an object of no kind (each field in turn)."""
    names = [f.name for f in attrs.fields(game.Options)]
    out: list[tuple[str, Any]] = [("no field", half_built(game.Options)),
                                  ("every field None", half_built(game.Options, **dict.fromkeys(names)))]
    for name in names:
        for value in (None, object()):
            edited = game.Options()
            object.__setattr__(edited, name, value)
            if value is None and attrs.fields_dict(game.Options)[name].default is None:
                continue  # None is this field's default: a valid value
            out.append((f"{name}={value!r}", edited))
    return out


def _options_calls(game: Game, players: int, options: Any) -> list[tuple[str, Callable[[], Any]]]:
    calls: list[tuple[str, Callable[[], Any]]] = [
        ("new_game", lambda: game.new_game(players, 1, options=options)),
        ("new_game(chance='external')", lambda: game.new_game(players, options=options, chance="external")),
        ("all_actions", lambda: game.all_actions(players, options)),
        ("decision_bound", lambda: game.decision_bound(players, options)),
        ("action_space", lambda: action_space(game, players, options)),
        ("view_encoder", lambda: view_encoder(game, players, options)),
    ]
    try:
        from gremlinrules.adapters.pettingzoo import env
    except ImportError:  # the adapter's extra is not installed
        return calls
    calls.append(("pettingzoo.env", lambda: env(game.id, players, options=options)))
    return calls


@pytest.mark.parametrize(("game_id", "reference"), _games())
def test_options_built_around_their_validators_are_refused_with_setup_error(game_id: str,
                                                                             reference: bool) -> None:
    """Options made by ``object.__new__`` (no field, or every field None) or with one field set to
    None or to a foreign object past its validator are refused with SetupError by new_game (both
    chance modes), all_actions, decision_bound, the action space, the view encoder and the
    PettingZoo environment: the guard checks the values, not only that the fields exist."""
    game = gremlinrules.get_game(game_id, reference=reference)
    players = game.min_players
    for what, options in _bad_options(game):
        for call, run in _options_calls(game, players, options):
            try:
                run()
            except SetupError:
                continue
            pytest.fail(f"{call} accepted Options with {what}")


@pytest.mark.parametrize(("game_id", "reference"), _games())
def test_a_setup_built_around_its_constructor_is_refused_with_setup_error(game_id: str,
                                                                          reference: bool) -> None:
    """A Setup made by ``object.__new__`` (no field), or with one field set to a foreign object, is
    refused by new_game with SetupError."""
    game = gremlinrules.get_game(game_id, reference=reference)
    with pytest.raises(SetupError):
        game.new_game(game.min_players, 1, setup=half_built(game.Setup))
    for f in attrs.fields(game.Setup):
        edited = game.Setup()
        object.__setattr__(edited, f.name, object())
        with pytest.raises(SetupError):
            game.new_game(game.min_players, 1, setup=edited)


def test_the_gremlins_inc_reproducer_gives_setup_error_not_key_error() -> None:
    """Issue 28's reproducer: ``new_game(players=3, options=o)`` and ``decision_bound`` with an
    Options whose fields are all None raised ``KeyError: None`` (the team layout looked up)."""
    game = gremlinrules.get_game("gremlins-inc")
    options = half_built(game.Options, **dict.fromkeys(f.name for f in attrs.fields(game.Options)))
    with pytest.raises(SetupError):
        game.new_game(players=3, options=options)
    with pytest.raises(SetupError):
        game.decision_bound(3, options)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_option_field_has_a_validator(game_id: str) -> None:
    """Every field of every game's Options has a validator, so the one guard
    (``core.checks.instance_or_default``, running them) checks every value."""
    game = gremlinrules.get_game(game_id)
    assert [f.name for f in attrs.fields(game.Options) if f.validator is None] == []
