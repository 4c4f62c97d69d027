"""The progress bar of a simulation: tqdm on standard error, games per second and time left.

Quiet (no output at all) when standard error is not a terminal. On a terminal
without tqdm (the ``sim`` extra), one line says which extra draws the bar, and
the run goes on without it.
"""

from __future__ import annotations

import sys
from typing import Any
from typing import TextIO

from gremlinrules.core.errors import MissingExtraError

__all__ = ["Progress"]


class Progress:
    """Counts finished games; draws a bar on ``stream`` when it is a terminal and ``enabled``."""

    def __init__(self, total: int, *, initial: int = 0, description: str = "", enabled: bool = True,
                 stream: TextIO | None = None) -> None:
        out = sys.stderr if stream is None else stream
        self._bar: Any = None
        if enabled and _is_terminal(out):
            try:
                from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]  # the sim extra
            except ModuleNotFoundError as exc:  # a bar was asked for: say once why there is none
                out.write(f"({MissingExtraError('sim', 'the progress bar', exc.name)})\n")
                return
            self._bar = tqdm(total=total, initial=initial, desc=description, unit="game", file=out,
                             dynamic_ncols=True, smoothing=0.05)

    @property
    def shown(self) -> bool:
        """True when a bar is drawn."""
        return self._bar is not None

    def update(self, games: int) -> None:
        """Count ``games`` more finished games."""
        if self._bar is not None and games:
            self._bar.update(games)

    def close(self) -> None:
        """Finish the bar (a last line with the totals)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def _is_terminal(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
