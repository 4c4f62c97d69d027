"""Objects built around their constructor (``cls.__new__(cls)``, fields missing, or fields set by
``object.__setattr__`` past their validators) get the library's error from every public call that
takes them (issue 28), never an AttributeError, KeyError or TypeError."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import gremlinrules
from gremlinrules import Game
from gremlinrules import IllegalActionError
from gremlinrules import InvalidArgumentError
from gremlinrules import SerializationError
from gremlinrules import SetupError
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

        calls.append(("pettingzoo.env", lambda: env(game.id, players, options=options)))
    except ImportError:  # the adapter's extra is not installed
        pass
    try:
        from gremlinrules.adapters.openspiel import load_game

        calls.append(("openspiel.load_game", lambda: load_game(game.id, players, options=options)))
    except ImportError:
        pass
    return calls


@pytest.mark.parametrize(("game_id", "reference"), _games())
def test_options_built_around_their_validators_are_refused_with_setup_error(game_id: str,
                                                                             reference: bool) -> None:
    """Options made by ``object.__new__`` (no field, or every field None) or with one field set to
    None or to a foreign object past its validator are refused with SetupError by new_game (both
    chance modes), all_actions, decision_bound, the action space, the view encoder, the
    PettingZoo environment and the OpenSpiel loader: the guard checks the values, not only that
    the fields exist."""
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


def _states(game: Game) -> list[Any]:
    """A state at the start of a game and one 12 decisions in (a pending decision or a turn)."""
    state = game.new_game(game.max_players, 4)
    out = [state]
    rnd = random.Random(4)
    for _ in range(12):
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rnd.randrange(len(legal))])
    return [*out, state]


def _partial(cls: type, sample: Any) -> list[Any]:
    """``cls`` built without ``__init__``: no field set, each field of ``sample`` alone set, and
    (last) every field set, which is complete."""
    names = [f.name for f in attrs.fields(cls)]
    out = [half_built(cls)]
    out += [half_built(cls, **{name: getattr(sample, name)}) for name in names[:-1] if len(names) > 1]
    out.append(half_built(cls, **{name: getattr(sample, name) for name in names}))
    return out


def _refused_with(kind: type[Exception], call: Callable[..., Any], *args: Any) -> None:
    """``call(*args)`` raises ``kind`` (any other exception propagates)."""
    try:
        call(*args)
    except kind:
        return
    pytest.fail(f"{getattr(call, '__name__', call)}{tuple(type(a).__name__ for a in args)} was not refused "
                f"with {kind.__name__}")


@pytest.mark.parametrize(("game_id", "reference"), _games())
def test_a_half_built_action_is_illegal_and_its_texts_are_the_librarys(game_id: str, reference: bool) -> None:
    """Every action class with fields built without them (none set, or one of a real action's), in
    a state at the start and one in play: is_legal is False, apply and apply_with_events raise
    IllegalActionError, action_label raises InvalidArgumentError and describe gives a text or
    InvalidArgumentError (issue 28: a ``Start.__new__(Start)`` raised AttributeError from
    apply). A class without fields has no half-built instance (``EndTurn.__new__(EndTurn)`` is
    ``EndTurn()``)."""
    game = gremlinrules.get_game(game_id, reference=reference)
    samples = {type(a): a for a in game.all_actions(game.max_players) if attrs.fields(type(a))}
    assert samples
    for state in _states(game):
        view = game.observe(state, game.current_player(state))
        for cls, sample in samples.items():
            for action in _partial(cls, sample)[:-1]:  # the last one has every field
                what = f"{cls.__name__} with {[f for f in attrs.fields_dict(cls) if hasattr(action, f)]}"
                assert game.is_legal(state, action) is False, what
                _refused_with(IllegalActionError, game.apply, state, action)
                _refused_with(IllegalActionError, game.apply_with_events, state, action)
                _refused_with(InvalidArgumentError, game.action_label, view, action)
                with contextlib.suppress(InvalidArgumentError):
                    assert isinstance(game.describe(state, action), str)


@pytest.mark.parametrize(("game_id", "reference"), _games())
def test_half_built_events_views_and_states_get_the_librarys_error(game_id: str, reference: bool) -> None:
    """An event, a view or a state built without its fields (none, or one field of a real one):
    observe_event of such an event and action_label of such a view raise InvalidArgumentError,
    every function of a state with no field too (check_state included; one with a field set may
    answer what needs only that field, else the same error), to_data of any of them
    SerializationError, never AttributeError; chance_outcomes (which reads nothing of a seeded
    state) gives ()."""
    game = gremlinrules.get_game(game_id, reference=reference)
    state = _states(game)[1]
    legal = game.legal_actions(state)
    _, events = game.apply_with_events(state, legal[0])
    for event in {type(e): e for e in events if attrs.fields(type(e))}.values():
        for made in _partial(type(event), event)[:-1]:
            for seat in (None, 0):
                _refused_with(InvalidArgumentError, game.observe_event, made, seat)
            _refused_with(SerializationError, game.to_data, made)
    view = game.observe(state, 0)
    for made in _partial(game.View, view)[:4]:
        _refused_with(InvalidArgumentError, game.action_label, made, legal[0])
        _refused_with(SerializationError, game.to_data, made)
    calls: list[tuple[Callable[..., Any], tuple[Any, ...]]] = [
        (getattr(game, name), ()) for name in ("legal_actions", "current_player", "is_terminal", "scores",
                                               "winners", "end_reason", "players", "check_state")]
    calls += [(game.observe, (0,)), (game.apply, (legal[0],)), (game.is_legal, (legal[0],)),
              (game.apply_with_events, (legal[0],)), (game.describe, (legal[0],)),
              (game.sample_hidden, (0, 1))]
    for i, made in enumerate(_partial(game.State, state)[:4]):
        for call, rest in calls:
            if i == 0:  # no field at all: every function needs one
                _refused_with(InvalidArgumentError, call, made, *rest)
                continue
            with contextlib.suppress(InvalidArgumentError):  # one field set: what reads only it may answer
                call(made, *rest)
        _refused_with(SerializationError, game.to_data, made)
        assert game.chance_outcomes(made) == ()
