"""The direct state codec gives exactly what cattrs' generic path gives, and never accepts
data the generic path would refuse."""

from __future__ import annotations

import copy
from typing import Any

from cattrs.gen import make_dict_unstructure_fn
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes.codec import CONVERTER, _fast_state, _generic_state, _state_data
from tests.gnaughty_gnomes.strategies import states

_generic_data = make_dict_unstructure_fn(State, CONVERTER)
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
    assert _generic_state(data, State) == state


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
        assert fast == _generic_state(encoded, State)
