"""The balance report's statistics (gremlinrules.sim.stats): hand-computed values and properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.sim.stats import Z95
from gremlinrules.sim.stats import chi_square_sf
from gremlinrules.sim.stats import chi_square_uniform
from gremlinrules.sim.stats import quantile
from gremlinrules.sim.stats import rate
from gremlinrules.sim.stats import summarise
from gremlinrules.sim.stats import wilson_interval
from gremlinrules.sim.stats import win_credits

trials = st.integers(1, 10**6)


@st.composite
def successes_of(draw: st.DrawFn) -> tuple[float, int]:
    """A number of trials and a (possibly fractional, as shared wins are) count of successes."""
    n = draw(trials)
    whole = draw(st.integers(0, n))
    if whole < n and draw(st.booleans()):
        return whole + draw(st.sampled_from([0.5, 1 / 3, 0.25])), n
    return float(whole), n


def test_wilson_interval_matches_hand_computed_values() -> None:
    """5 of 10: centre 0.5, half-width z/(1+z^2/10)*sqrt(0.025+z^2/400) = 0.2634; 0 of n and n of n
    have the closed forms [0, z^2/(n+z^2)] and [n/(n+z^2), 1]."""
    low, high = wilson_interval(5, 10)
    assert low == pytest.approx(0.236593090512564, abs=1e-12)
    assert high == pytest.approx(0.763406909487436, abs=1e-12)
    z2 = Z95 * Z95
    assert wilson_interval(0, 10) == pytest.approx((0.0, z2 / (10 + z2)), abs=1e-12)
    assert wilson_interval(10, 10) == pytest.approx((10 / (10 + z2), 1.0), abs=1e-12)
    # 81 of 263 at 95%: the worked example in Newcombe (1998), interval 0.2553 to 0.3662.
    assert wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=5e-5)


@given(successes_of())
def test_wilson_interval_holds_the_estimate_and_stays_in_the_unit_interval(case: tuple[float, int]) -> None:
    """0 <= low <= successes/n <= high <= 1, and the interval has positive width."""
    s, n = case
    low, high = wilson_interval(s, n)
    assert 0.0 <= low <= s / n <= high <= 1.0
    assert high > low


@given(successes_of(), st.integers(2, 50))
def test_wilson_interval_shrinks_as_the_games_grow(case: tuple[float, int], factor: int) -> None:
    """The same rate over ``factor`` times the games gives a strictly narrower interval."""
    s, n = case
    low, high = wilson_interval(s, n)
    low2, high2 = wilson_interval(s * factor, n * factor)
    assert high2 - low2 < high - low


@given(successes_of())
def test_wilson_interval_is_symmetric_between_wins_and_losses(case: tuple[float, int]) -> None:
    """The interval of the losses is the mirror image of the interval of the wins."""
    s, n = case
    low, high = wilson_interval(s, n)
    low_l, high_l = wilson_interval(n - s, n)
    assert low_l == pytest.approx(1 - high, abs=1e-9)
    assert high_l == pytest.approx(1 - low, abs=1e-9)


@pytest.mark.parametrize(("successes", "n"), [(1, 0), (-1, 10), (11, 10), (1, 2.0), (float("nan"), 3),
                                              ("1", 3), (1, True)])
def test_wilson_interval_refuses_impossible_counts(successes: object, n: object) -> None:
    """Zero or fractional trials, or successes outside 0..n, raise InvalidArgumentError."""
    with pytest.raises(InvalidArgumentError):
        wilson_interval(successes, n)  # type: ignore[arg-type]


def test_rate_compares_its_interval_with_a_fair_rate() -> None:
    """600 of 1000 lies above 1/2 beyond chance, 400 below, 510 within."""
    assert rate(600, 1000).compare(0.5) == 1
    assert rate(400, 1000).compare(0.5) == -1
    assert rate(510, 1000).compare(0.5) == 0
    assert rate(510, 1000).value == 0.51


def test_chi_square_sf_gives_the_tabled_critical_values() -> None:
    """The 5% critical values of the chi-square table for 1 to 5 degrees of freedom give p = 0.05,
    the 1% ones p = 0.01."""
    for df, x05, x01 in [(1, 3.841458820694124, 6.634896601021214),
                         (2, 5.991464547107979, 9.210340371976182),
                         (3, 7.814727903251178, 11.344866730144373),
                         (4, 9.487729036781154, 13.276704135987622),
                         (5, 11.070497693516351, 15.086272469388987)]:
        assert chi_square_sf(x05, df) == pytest.approx(0.05, abs=1e-12)
        assert chi_square_sf(x01, df) == pytest.approx(0.01, abs=1e-12)
    assert chi_square_sf(0.0, 3) == 1.0


@given(st.floats(0, 200), st.floats(0, 200), st.integers(1, 12))
def test_chi_square_sf_is_a_decreasing_probability(a: float, b: float, df: int) -> None:
    """The survival function stays in [0, 1] and never rises as x grows."""
    lo, hi = sorted((a, b))
    assert 0.0 <= chi_square_sf(hi, df) <= chi_square_sf(lo, df) <= 1.0


def test_chi_square_uniform_matches_a_hand_computation() -> None:
    """30 wins against 10: expected 20 each, statistic (10^2 + 10^2)/20 = 10, 1 degree of freedom,
    p = erfc(sqrt(5)); equal counts give statistic 0 and p 1."""
    chi = chi_square_uniform([30, 10])
    assert chi.statistic == pytest.approx(10.0)
    assert chi.df == 1
    assert chi.p_value == pytest.approx(math.erfc(math.sqrt(5)))
    same = chi_square_uniform([7.5, 7.5, 7.5])
    assert (same.statistic, same.df, same.p_value) == (0.0, 2, 1.0)
    with pytest.raises(InvalidArgumentError):
        chi_square_uniform([0, 0])


def test_win_credits_share_a_tie() -> None:
    """k tied winners get 1/k each; no winner gives nobody anything."""
    assert win_credits([1], 3) == (0.0, 1.0, 0.0)
    assert win_credits([0, 2], 4) == (0.5, 0.0, 0.5, 0.0)
    assert win_credits([], 2) == (0.0, 0.0)
    for bad in ([3], [0, 0], [-1]):
        with pytest.raises(InvalidArgumentError):
            win_credits(bad, 3)


@given(st.integers(1, 8).flatmap(lambda p: st.tuples(st.just(p), st.sets(st.integers(0, p - 1)))))
def test_win_credits_add_up_to_one_game(case: tuple[int, set[int]]) -> None:
    """A game with winners hands out exactly one win in all, only to the winners; without, none."""
    players, winners = case
    credit = win_credits(sorted(winners), players)
    assert math.fsum(credit) == pytest.approx(1.0 if winners else 0.0)
    assert {s for s, c in enumerate(credit) if c} == winners


def test_quantiles_interpolate_between_order_statistics() -> None:
    """Type 7: the median of 1, 2, 3, 4 is 2.5; the 5% point of 1, 2, 3, 4, 10 is 1 + 0.2 * 1 = 1.2,
    its 95% point 4 + 0.8 * 6 = 8.8; the summary lists min, 5%, 25%, median, 75%, 95%, max."""
    assert quantile([4, 1, 3, 2], 0.5) == 2.5
    s = summarise([10, 1, 2, 3, 4])
    assert (s.n, s.mean) == (5, 4.0)
    assert s.quantiles == pytest.approx((1, 1.2, 2, 3, 4, 8.8, 10))
    with pytest.raises(InvalidArgumentError):
        quantile([], 0.5)
    with pytest.raises(InvalidArgumentError):
        quantile([1], 1.5)


@given(st.lists(st.integers(-1000, 1000), min_size=1, max_size=50), st.floats(0, 1), st.floats(0, 1))
def test_quantiles_are_ordered_and_within_the_sample(values: list[int], a: float, b: float) -> None:
    """A quantile lies between the smallest and largest value and never falls as its level rises."""
    lo, hi = sorted((a, b))
    assert min(values) <= quantile(values, lo) <= quantile(values, hi) <= max(values)
