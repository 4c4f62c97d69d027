"""The direct state codec gives exactly what cattrs' generic path gives, and never accepts
data the generic path would refuse."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import attrs
from cattrs.gen import make_dict_unstructure_fn
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules import get_game
from gremlinrules.core import serial
from gremlinrules.gnaughty_gnomes import FORMAT_VERSION
from gremlinrules.gnaughty_gnomes import Played
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes.notation import _JSON_STATE
from gremlinrules.gnaughty_gnomes.notation import CONVERTER
from gremlinrules.gnaughty_gnomes.notation import _fast_state
from gremlinrules.gnaughty_gnomes.notation import _from_layout
from gremlinrules.gnaughty_gnomes.notation import _generic_state
from gremlinrules.gnaughty_gnomes.notation import _state_data
from gremlinrules.gnaughty_gnomes.notation import state_json
from tests.gnaughty_gnomes.strategies import states

_generic_layout: Callable[[Any], Any] = make_dict_unstructure_fn(_JSON_STATE, CONVERTER)


def _generic_data(state: State) -> Any:
    """cattrs' generic data for the state's JSON layout: its fields, the gnomes per spot."""
    return _generic_layout(_JSON_STATE(**{f.name: getattr(state, f.name) for f in attrs.fields(_JSON_STATE)}))


def _generic_decoded(data: Any) -> State:
    """cattrs' generic decoding of the JSON layout, then the state it describes."""
    return _from_layout(_generic_state(data, _JSON_STATE))

_SCALARS = st.none() | st.booleans() | st.integers(-3, 100) | st.sampled_from(["red", "white", "x"])
_JSON = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=5)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in nested JSON data, the root excluded."""
    out = []
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        out.append((*path, key))
        out += _paths(value, (*path, key))
    return out


@given(state=states())
def test_the_direct_encoding_and_decoding_equal_the_generic_ones(state: State) -> None:
    """For every reachable state, the direct encoder gives the generic encoder's data and the
    direct decoder gives back the same state as the generic decoder."""
    data = _state_data(state)
    assert data == _generic_data(state)
    assert _fast_state(data) == state
    assert _generic_decoded(data) == state


@given(state=states(), data=st.data())
def test_the_direct_decoder_accepts_only_what_the_generic_one_accepts(state: State,
                                                                      data: st.DataObject) -> None:
    """With any one value of a state's data replaced by other JSON, the direct decoder either
    declines (and the generic path explains) or returns what the generic decoder returns."""
    encoded = copy.deepcopy(_state_data(state))
    path = data.draw(st.sampled_from(_paths(encoded)))
    target = encoded
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = data.draw(_JSON)
    fast = _fast_state(encoded)
    if fast is not None:
        assert fast == _generic_decoded(encoded)


@given(state=states())
def test_the_state_text_is_exactly_the_generic_json(state: State) -> None:
    """The direct text encoder gives byte for byte what ``serial.dumps`` of the generic data
    gives, so ``to_json`` is the same whichever path makes it."""
    game = get_game("gnaughty-gnomes")
    assert state_json(state) == serial.dumps({**_generic_data(state), "format_version": FORMAT_VERSION})
    assert state_json(state) == serial.dumps(game.to_data(state))
    assert game.to_json(state) == state_json(state)


def test_hand_built_values_take_the_generic_path_to_the_same_text() -> None:
    """A state built by hand with a copied played-card record, or a boolean where an integer
    belongs, still gets exactly the generic JSON text."""
    s = new_game(4, 2)
    s = apply(s, legal_actions(s)[0])
    copied = Played(s.plays[0].position, s.plays[0].card, s.plays[0].rank, s.plays[0].high)
    odd = attrs.evolve(s, plays=(copied,), supply=(True, *s.supply[1:]))
    assert state_json(odd) == serial.dumps({**_generic_data(odd), "format_version": FORMAT_VERSION})
