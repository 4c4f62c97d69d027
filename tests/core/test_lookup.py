"""ActionLookup: a game's own action objects by identity, equal ones by value."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.lookup import ActionLookup


@attrs.frozen
class Go:
    """A tiny action."""

    n: object


_OWN = [Go(i) for i in range(5)]
_LOOKUP = ActionLookup({a: (a, a.n) for a in _OWN})


def test_own_objects_are_found_by_identity() -> None:
    """Every object given is found through its id, with its own data."""
    for a in _OWN:
        assert _LOOKUP.by_id[id(a)] == (a, a.n)
        assert _LOOKUP.get(a) == (a, a.n)


@given(n=st.integers(-10, 10) | st.lists(st.integers()) | st.text(max_size=3))
def test_equal_objects_are_found_by_value_and_others_give_none(n: object) -> None:
    """An equal action built elsewhere finds the same data; an unknown or unhashable one gives None."""
    action = Go(n)
    expected = (_OWN[n], n) if isinstance(n, int) and 0 <= n < 5 else None
    assert _LOOKUP.get(action) == expected
    assert _LOOKUP.by_value(action) == expected
    assert _LOOKUP.by_id.get(id(action)) is None
