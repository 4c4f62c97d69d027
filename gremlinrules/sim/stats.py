"""The statistics of a balance report: pure functions on plain numbers, no plotting, no I/O.

* :func:`wilson_interval`: the Wilson score interval of a rate (95% by default). It stays
  inside [0, 1], is never empty, and behaves at rates of 0 and 1, where the textbook
  ``p +- z*sqrt(p(1-p)/n)`` collapses to a point.
* :func:`win_credits`: a game's win, shared: each of ``k`` tied winners gets ``1/k``.
  A seat's win rate is its credit over the games; the seats' rates add up to the share of
  games that have a winner (1 when every game has one). Fractional successes make the
  Wilson interval a little wider than it needs to be (a shared win varies less than a
  whole one), never narrower: a seat flagged as beyond chance is flagged safely.
* :func:`chi_square_uniform`: Pearson's goodness-of-fit test of "every seat wins equally
  often", with an exact survival function for whole degrees of freedom (no SciPy).
* :func:`quantile` and :func:`summarise`: quantiles by linear interpolation between order
  statistics (Hyndman and Fan's type 7, the default of NumPy and R).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown

__all__ = [
    "SUMMARY_LEVELS", "Z95", "ChiSquare", "Rate", "Summary", "chi_square_sf", "chi_square_uniform",
    "quantile", "rate", "summarise", "wilson_interval", "win_credits",
]

Z95 = 1.959963984540054
"""The standard normal quantile at 0.975: a two-sided 95% interval."""


def wilson_interval(successes: float, n: int, *, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)`` of ``successes`` out of ``n`` trials.

    ``successes`` may be fractional (shared wins, see :func:`win_credits`), between 0 and
    ``n``; ``n`` is at least 1; ``z`` is the normal quantile of the confidence level.

    >>> low, high = wilson_interval(5, 10)
    >>> round(low, 4), round(high, 4)
    (0.2366, 0.7634)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise InvalidArgumentError(f"the number of trials must be a positive integer, not {shown(n)}")
    if not (isinstance(successes, int | float) and 0 <= successes <= n):
        raise InvalidArgumentError(f"successes must be a number from 0 to {n}, not {shown(successes)}")
    if not (isinstance(z, int | float) and z > 0 and math.isfinite(z)):
        raise InvalidArgumentError(f"z must be a positive number, not {shown(z)}")
    p = successes / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # Rounding can put an end a hair outside [0, 1] or past the point estimate at p = 0 or 1.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


@attrs.frozen
class Rate:
    """A rate with its 95% Wilson interval."""

    successes: float
    """Successes (wins, possibly shared: fractional)."""
    n: int
    """Trials (games)."""
    low: float
    """Lower end of the 95% interval."""
    high: float
    """Upper end of the 95% interval."""

    @property
    def value(self) -> float:
        """The point estimate, ``successes / n``."""
        return self.successes / self.n

    def compare(self, fair: float) -> int:
        """+1 when the whole interval lies above ``fair``, -1 when below, 0 when it contains it."""
        if self.low > fair:
            return 1
        if self.high < fair:
            return -1
        return 0


def rate(successes: float, n: int) -> Rate:
    """``successes`` out of ``n`` with its 95% Wilson interval."""
    low, high = wilson_interval(successes, n)
    return Rate(successes, n, low, high)


def win_credits(winners: Sequence[int], players: int) -> tuple[float, ...]:
    """Each seat's share of one game's win: ``1/k`` to each of ``k`` winners, 0 to the others.

    >>> win_credits([0, 2], 4)
    (0.5, 0.0, 0.5, 0.0)
    """
    if len(set(winners)) != len(winners) or any(not 0 <= w < players for w in winners):
        raise InvalidArgumentError(f"winners must be distinct seats below {players}, not {shown(winners)}")
    credit = [0.0] * players
    for w in winners:
        credit[w] = 1 / len(winners)
    return tuple(credit)


def chi_square_sf(x: float, df: int) -> float:
    """P(X >= x) for X chi-square distributed with ``df`` (a positive integer) degrees of freedom.

    Exact closed forms: for even ``df = 2k``, ``exp(-x/2) * sum(i < k) (x/2)**i / i!``; for odd
    ``df``, ``erfc(sqrt(x/2))`` plus the half-integer terms of the same series.
    """
    if isinstance(df, bool) or not isinstance(df, int) or df < 1:
        raise InvalidArgumentError(f"degrees of freedom must be a positive integer, not {shown(df)}")
    if x <= 0:
        return 1.0
    h = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= h / i
            total += term
        return min(1.0, math.exp(-h) * total)
    total = math.erfc(math.sqrt(h))
    term = math.sqrt(h) / math.gamma(1.5)  # the i = 1 term: h**(1/2) / Gamma(3/2)
    for i in range(1, (df - 1) // 2 + 1):
        if i > 1:
            term *= h / (i - 0.5)
        total += math.exp(-h) * term
    return min(1.0, total)


@attrs.frozen
class ChiSquare:
    """Pearson's chi-square goodness-of-fit test of equal counts."""

    statistic: float
    """Sum of (observed - expected)**2 / expected."""
    df: int
    """Degrees of freedom: the number of categories minus one."""
    p_value: float
    """The chance of a statistic at least this large if every category were equally likely."""


def chi_square_uniform(counts: Sequence[float]) -> ChiSquare:
    """Test ``counts`` (at least two categories, a positive total) against equal expected counts."""
    if len(counts) < 2 or any(c < 0 for c in counts) or sum(counts) <= 0:
        raise InvalidArgumentError(
            f"counts must be two or more non-negative numbers with a positive total, not {shown(counts)}")
    expected = sum(counts) / len(counts)
    statistic = sum((c - expected) ** 2 for c in counts) / expected
    df = len(counts) - 1
    return ChiSquare(statistic, df, chi_square_sf(statistic, df))


def quantile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 <= q <= 1) of ``values`` (not empty), interpolating linearly (type 7).

    >>> quantile([1, 2, 3, 4], 0.5)
    2.5
    """
    if not values:
        raise InvalidArgumentError("the quantile of no values is undefined")
    if not 0 <= q <= 1:
        raise InvalidArgumentError(f"a quantile's level is between 0 and 1, not {shown(q)}")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    fraction = position - below
    return ordered[below] + (ordered[above] - ordered[below]) * fraction


SUMMARY_LEVELS: tuple[float, ...] = (0.0, 0.05, 0.25, 0.5, 0.75, 0.95, 1.0)
"""The quantile levels of a :class:`Summary`: min, 5%, quartiles, median, 95%, max."""


@attrs.frozen
class Summary:
    """Count, mean and the quantiles at :data:`SUMMARY_LEVELS` of a sample."""

    n: int
    """Sample size."""
    mean: float
    """Arithmetic mean."""
    quantiles: tuple[float, ...]
    """One per level of :data:`SUMMARY_LEVELS`, in that order."""


def summarise(values: Sequence[float]) -> Summary:
    """The :class:`Summary` of ``values`` (not empty)."""
    if not values:
        raise InvalidArgumentError("cannot summarise no values")
    ordered = sorted(values)
    return Summary(len(ordered), math.fsum(ordered) / len(ordered),
                   tuple(quantile(ordered, q) for q in SUMMARY_LEVELS))
