"""The shared zone helpers of gremlinrules.core.zones."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.zones import replace_at


@given(items=st.lists(st.integers(), min_size=1, max_size=8).map(tuple), data=st.data())
def test_replace_at_changes_one_entry_and_leaves_the_input(items: tuple[int, ...],
                                                           data: st.DataObject) -> None:
    """Property: replace_at gives a tuple equal to the input but at index i, where it holds the
    new value; the input tuple is untouched."""
    i = data.draw(st.integers(0, len(items) - 1))
    value = data.draw(st.integers())
    before = tuple(items)
    out = replace_at(items, i, value)
    assert type(out) is tuple
    assert out[i] == value
    assert out[:i] + out[i + 1:] == items[:i] + items[i + 1:]
    assert items == before
