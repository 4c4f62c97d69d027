"""The balance report's figures, drawn with matplotlib (the ``sim`` extra) on its Agg canvas.

Each function writes one file and never touches pyplot's global state (figures are made
with ``matplotlib.figure.Figure`` directly, so nothing stays open and nothing is shown).
SVG output is reproducible: a fixed hash salt and no date, so a committed figure changes
only when its data does.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gremlinrules.core.errors import MissingExtraError

__all__ = ["FORMATS", "available", "bot_rates", "histogram", "seat_rates", "stacked_histogram"]

FORMATS: tuple[str, ...] = ("svg", "png")
"""The image formats a report can draw."""


def available() -> bool:
    """True when matplotlib (the ``sim`` extra) can be imported."""
    try:
        import matplotlib  # noqa: F401  (optional: the sim extra)
    except ImportError:
        return False
    return True


def _figure(width: float = 6.4, height: float = 3.6) -> Any:
    try:
        from matplotlib.figure import Figure
    except ModuleNotFoundError as exc:
        raise MissingExtraError("sim", "the report's plots", exc.name,
                                alternative="write the report without plots") from exc
    return Figure(figsize=(width, height), layout="constrained")


def _save(fig: Any, path: Path) -> None:
    import matplotlib

    fmt = path.suffix.lstrip(".")
    metadata: dict[str, Any] = {"Date": None} if fmt == "svg" else {"Software": None}
    with matplotlib.rc_context({"svg.hashsalt": "gremlinrules", "svg.fonttype": "path"}):
        fig.savefig(path, format=fmt, metadata=metadata, dpi=110)


def seat_rates(path: Path, labels: Sequence[str], rates: Sequence[float],
               intervals: Sequence[tuple[float, float]], fair: float, *, title: str) -> None:
    """Bars of each seat's win rate with its 95% interval as error bars and the fair rate as a line."""
    fig = _figure(max(4.0, 1.0 + 0.9 * len(labels)), 3.4)
    ax = fig.subplots()
    xs = range(len(labels))
    below = [r - lo for r, (lo, _) in zip(rates, intervals, strict=True)]
    above = [hi - r for r, (_, hi) in zip(rates, intervals, strict=True)]
    ax.bar(xs, rates, color="#4c78a8", yerr=[below, above], capsize=4, ecolor="#222")
    ax.axhline(fair, color="#e45756", linestyle="--", linewidth=1, label=f"fair rate {fair:.1%}")
    ax.set_xticks(list(xs), list(labels))
    ax.set_ylim(0, min(1.0, max(max(hi for _, hi in intervals), fair) * 1.15 + 0.02))
    ax.yaxis.set_major_formatter(_percent())
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title)
    ax.legend(loc="upper right", frameon=False)
    _save(fig, path)


def bot_rates(path: Path, groups: Sequence[str], bots: Sequence[str],
              rates: Sequence[Sequence[tuple[float, float, float] | None]], fair: float, *,
              title: str) -> None:
    """Grouped bars: for each group (a seat, or all seats), each bot's win rate with its 95% interval;
    ``rates[b][g]`` is (rate, low, high) of bot ``b`` in group ``g``, or None where it never sat."""
    fig = _figure(max(6.0, 2.8 + 0.45 * len(groups) * len(bots)), 3.6)
    ax = fig.subplots()
    width = 0.8 / len(bots)
    for b, (bot, row) in enumerate(zip(bots, rates, strict=True)):
        xs = [g + (b - (len(bots) - 1) / 2) * width for g, r in enumerate(row) if r is not None]
        present = [r for r in row if r is not None]
        errors = [[r[0] - r[1] for r in present], [r[2] - r[0] for r in present]]
        ax.bar(xs, [r[0] for r in present], width, label=bot, yerr=errors, capsize=3, ecolor="#222")
    ax.axhline(fair, color="#e45756", linestyle="--", linewidth=1, label=f"fair rate {fair:.1%}")
    ax.set_xticks(list(range(len(groups))), list(groups))
    tops = [r[2] for row in rates for r in row if r is not None]
    ax.set_ylim(0, min(1.0, max(*tops, fair) * 1.15 + 0.02))
    ax.yaxis.set_major_formatter(_percent())
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(title)
    fig.legend(loc="outside right upper", frameon=False, fontsize="small")  # beside the bars, not on them
    _save(fig, path)


def _percent() -> Any:
    from matplotlib.ticker import PercentFormatter

    return PercentFormatter(xmax=1.0, decimals=0)


def _integer_bins(low: float, high: float, most: int = 60) -> list[float]:
    """Bin edges centred on whole numbers from low to high, widened so there are at most ``most``."""
    width = max(1, math.ceil((high - low + 1) / most))
    edges = [low - 0.5 + width * i for i in range(math.ceil((high - low + 1) / width) + 1)]
    return edges if len(edges) > 1 else [low - 0.5, low + 0.5]


def _whole_ticks(ax: Any) -> None:
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def histogram(path: Path, values: Sequence[int], *, title: str, xlabel: str) -> None:
    """A histogram of whole numbers (game lengths), one bar per value or per range of values."""
    fig = _figure()
    ax = fig.subplots()
    ax.hist(values, bins=_integer_bins(min(values), max(values)), color="#4c78a8")
    _whole_ticks(ax)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("games")
    ax.set_title(title)
    _save(fig, path)


def stacked_histogram(path: Path, series: Sequence[Sequence[int]], labels: Sequence[str], *,
                      title: str, xlabel: str) -> None:
    """One outlined histogram per series (each seat's scores) on shared whole-number bins."""
    fig = _figure()
    ax = fig.subplots()
    flat = [v for s in series for v in s]
    bins = _integer_bins(min(flat), max(flat))
    for values, label in zip(series, labels, strict=True):
        ax.hist(values, bins=bins, histtype="step", linewidth=1.5, label=label)
    _whole_ticks(ax)
    ax.set_xlabel(xlabel)
    if Counter(flat).most_common(1)[0][1] > 0.8 * len(flat) and len(set(flat)) > 1:
        # One value (a score of 0, typically) dwarfs the rest: a log scale keeps the rest visible.
        ax.set_yscale("log")
        ax.set_ylabel("games (log scale)")
    else:
        ax.set_ylabel("games")
    ax.set_title(title)
    ax.legend(frameon=False, fontsize="small")
    _save(fig, path)
