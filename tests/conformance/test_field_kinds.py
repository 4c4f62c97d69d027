"""An action's int and bool fields hold exactly an int and a bool (issue 28): ``True`` is never the
project number 1, ``1`` never ``True`` and ``1.0`` never a seat, in any game, on the fast path as in
the rule book, inside a pending decision as on a normal turn."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import Game
from gremlinrules import IllegalActionError
from gremlinrules.gremlins_inc import Assign
from gremlinrules.gremlins_inc.frames import AssignChoice
from tests.conformance.support import GAME_IDS


def _games() -> list[Any]:
    return [pytest.param(gid, ref, id=f"{gid}{'-reference' if ref else ''}") for gid in GAME_IDS
            for ref in (False, True)]


def look_alikes(action: Any) -> Iterator[Any]:
    """``action`` with one int field given as a bool or a float, or one bool field as an int; built
    around the constructor (``object.__setattr__``), since the constructors refuse most of them."""
    for f in attrs.fields(type(action)):
        value = getattr(action, f.name)
        others: list[Any] = []
        if type(value) is int:
            others = [float(value), *([bool(value)] if value in (0, 1) else [])]
        elif type(value) is bool:
            others = [int(value)]
        for other in others:
            made = attrs.evolve(action)
            object.__setattr__(made, f.name, other)
            yield made


@pytest.mark.parametrize(("game_id", "reference"), _games())
@settings(max_examples=max(5, settings().max_examples // 3))
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150))
def test_an_int_field_given_as_a_bool_or_float_is_never_legal(game_id: str, reference: bool, seed: int,
                                                                steps: int) -> None:
    """For every legal action of a random state (a pending decision or a turn), the same action
    with an int field as a bool or a float, or a bool field as an int, is not among the legal
    actions, is_legal says False and apply raises IllegalActionError."""
    game: Game = gremlinrules.get_game(game_id, reference=reference)
    rnd = random.Random(seed)
    state = game.new_game(game.player_counts[seed % len(game.player_counts)], seed)
    for _ in range(steps):
        if game.is_terminal(state):
            return
        legal = game.legal_actions(state)
        for action in legal:
            for other in look_alikes(action):
                assert other not in legal
                assert not game.is_legal(state, other), f"{other!r} is legal"
                with pytest.raises(IllegalActionError):
                    game.apply(state, other)
        state = game.apply(state, legal[rnd.randrange(len(legal))])


def _assign_decision() -> Any:
    """A Gremlins, Inc. state whose pending decision is an assign step (a card's effect)."""
    game = gremlinrules.get_game("gremlins-inc")
    for seed in range(300):
        rnd = random.Random(seed)
        state = game.new_game(3, seed)
        for _ in range(400):
            if game.is_terminal(state):
                break
            if state.stack and type(state.stack[-1]) is AssignChoice and any(
                    isinstance(a, Assign) and a.project == 1 for a in game.legal_actions(state)):
                return state
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rnd.randrange(len(legal))])
    raise AssertionError("no assign decision in 300 games")


@pytest.mark.parametrize("reference", [False, True], ids=["fast", "reference"])
def test_the_gremlins_inc_reproducer_assign_with_project_true_is_refused(reference: bool) -> None:
    """Issue 28's reproducer: inside an assign decision, ``Assign(card, True)`` (built around its
    validator) was accepted as project 1, although a normal turn refused it."""
    game = gremlinrules.get_game("gremlins-inc", reference=reference)
    state = _assign_decision()
    legal = next(a for a in game.legal_actions(state) if isinstance(a, Assign) and a.project == 1)
    forged = attrs.evolve(legal)
    object.__setattr__(forged, "project", True)
    assert not game.is_legal(state, forged)
    with pytest.raises(IllegalActionError):
        game.apply(state, forged)
