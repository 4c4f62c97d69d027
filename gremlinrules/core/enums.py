"""Enum helpers shared by the games."""

from __future__ import annotations

__all__ = ["CodeRepr"]


class CodeRepr:
    """Mix into an enum so ``repr`` is the code naming the member (``Colour.RED``).

    Actions and states then print as code that can be pasted back, which also
    makes Hypothesis failure reports read like a program.
    """

    __slots__ = ()
    name: str

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"
