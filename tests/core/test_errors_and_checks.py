"""``shown`` and the shared argument checks: short, safe messages whatever the caller passes."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules import GremlinRulesError
from gremlinrules import InvalidArgumentError
from gremlinrules import SetupError
from gremlinrules.core import checks
from gremlinrules.core.errors import shown

HUGE = 10**5000


def _deep(depth: int) -> Any:
    nested: Any = []
    for _ in range(depth):
        nested = [nested]
    return nested


def _instance_of_class_named(name: str) -> object:
    cls: type[object] = type(name, (), {})
    return cls()


class _BrokenRepr:
    """An object whose ``repr`` raises."""

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


HOSTILE: list[Any] = [HUGE, -HUGE, 10**4000, "x" * 10_000_000, b"y" * 10_000_000, _deep(100_000),
                      list(range(1_000_000)), {i: i for i in range(1_000_000)}, set(range(1_000_000)),
                      frozenset(range(10)), (_deep(3),), _BrokenRepr(),
                      _instance_of_class_named("N" * 100_000)]


@pytest.mark.parametrize("value", HOSTILE, ids=[f"hostile{i}" for i in range(len(HOSTILE))])
def test_shown_is_short_fast_and_never_raises_on_hostile_values(value: Any) -> None:
    """shown() of a huge int, a 10 MB string, a structure nested 100,000 deep, a million-item
    collection or an object with a broken repr returns at most `limit` characters within
    50 ms."""
    for limit in (60, 20):
        start = time.perf_counter()
        text = shown(value, limit)
        assert time.perf_counter() - start < 0.05
        assert 0 < len(text) <= limit


def test_shown_describes_a_huge_int_by_its_digits() -> None:
    """An int too long to print is described by its approximate number of digits."""
    assert shown(HUGE) == "<an integer of about 5001 digits>"
    assert shown(_BrokenRepr()) == "<a _BrokenRepr>"
    assert shown(_deep(10)) == "[[[[...]]]]"
    assert shown(list(range(20))) == "[0, 1, 2, 3, 4, 5, 6, 7, ...]"


SMALL = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=5) | st.binary(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=3), inner, max_size=3) | st.frozensets(st.integers(), max_size=3),
    max_leaves=6,
)


@given(value=SMALL)
def test_shown_equals_repr_for_small_values(value: Any) -> None:
    """For a value whose repr fits in the limit (and whose collections have at most 8 items and
    nest at most 3 deep), shown() is exactly repr()."""
    assert shown(value, 1000) == repr(value)


@pytest.mark.parametrize("bad", [HUGE, -HUGE, "x" * 10_000_000, _deep(2_000), _BrokenRepr(), 2.0],
                         ids=["huge", "-huge", "10MB", "deep", "broken-repr", "float"])
def test_argument_checks_raise_short_library_errors(bad: Any) -> None:
    """check_players, check_seat and check_seed refuse any non-integer or out-of-range value,
    huge ints and hostile objects included, with a short library error."""
    calls: list[Callable[[], int]] = [lambda: checks.check_players(bad, 2, 5, "Game"),
                                      lambda: checks.check_seat(bad, 4)]
    if not checks.is_int(bad):
        calls.append(lambda: checks.check_seed(bad))
    for call in calls:
        with pytest.raises((SetupError, InvalidArgumentError)) as info:
            call()
        assert len(str(info.value)) <= 200


@attrs.frozen
class _Options:
    """Options validated by the shared attrs validators."""

    mode: str = attrs.field(default="a", validator=checks.one_of("a", "b"))
    limit: int = attrs.field(default=3, validator=checks.int_between(1, 10))
    flag: bool = attrs.field(default=False, validator=checks.boolean)


@pytest.mark.parametrize("field", ["mode", "limit", "flag"])
@pytest.mark.parametrize("bad", [HUGE, "x" * 10_000_000, _deep(2_000), _BrokenRepr(), None],
                         ids=["huge", "10MB", "deep", "broken-repr", "none"])
def test_option_validators_raise_short_setup_errors(field: str, bad: Any) -> None:
    """one_of, int_between and boolean refuse a wrong value, however hostile, with a short
    SetupError that names the option."""
    with pytest.raises(SetupError) as info:
        _Options(**{field: bad})
    assert field in str(info.value)
    assert len(str(info.value)) <= 200


def test_type_checks_name_the_class_briefly() -> None:
    """check_type and instance_or_default name the wrong class, cut short when its name is long."""
    odd = _instance_of_class_named("Q" * 10_000)
    with pytest.raises(InvalidArgumentError) as info:
        checks.check_type(odd, _Options, "test State")
    assert len(str(info.value)) <= 100
    with pytest.raises(SetupError) as setup_info:
        checks.instance_or_default(odd, _Options, "test")
    assert len(str(setup_info.value)) <= 100
    assert checks.instance_or_default(None, _Options, "test") == _Options()
    assert isinstance(setup_info.value, GremlinRulesError)
