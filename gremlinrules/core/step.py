"""One transition output: the next state and the events it caused, in order.

Every effect, resume and flow step of a converted game returns a :class:`Step`;
the :class:`~gremlinrules.core.rulebook.RuleBook` assembles them, so a game's
``apply_with_events`` is the one source of its events and ``apply`` is that
step's state. A step is built where the rule acts, never by comparing the
states before and after, nor by running the flow a second time::

    def bribe_rust(s: State, seat: int) -> Step[State]:
        onward = next_seat(seat, s.players)
        return Step.to(replace(s, wanderer=onward)).emit(WandererMoved(onward, HELD))

    def end_turn(s: State) -> Step[State]:
        return eat(s).then(lambda t: close_turn(t, seat))   # the events of both, in order

A step is immutable; ``then``, ``emit`` and ``map`` give new ones.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from typing import Any
from typing import Generic
from typing import TypeVar

import attrs

__all__ = ["Step", "chain", "emit"]

_S = TypeVar("_S")


@attrs.frozen(slots=True)
class Step(Generic[_S]):
    """The state after a transition and the events it caused, oldest first."""

    state: _S
    """The next state."""
    events: tuple[Any, ...] = ()
    """What happened, in order (the game's event objects)."""

    @classmethod
    def to(cls, state: _S) -> Step[_S]:
        """A step to ``state`` with no event."""
        return cls(state)

    def then(self, fn: Callable[[_S], Step[_S]]) -> Step[_S]:
        """The step ``fn`` makes from this step's state, after this step's events."""
        nxt = fn(self.state)
        if not self.events:
            return nxt
        if not nxt.events:
            return Step(nxt.state, self.events)
        return Step(nxt.state, self.events + nxt.events)

    def emit(self, *events: Any) -> Step[_S]:
        """This step with ``events`` added after its own."""
        return Step(self.state, self.events + events) if events else self

    def map(self, fn: Callable[[_S], _S]) -> Step[_S]:
        """This step with its state changed by ``fn`` (a change that causes no event)."""
        return Step(fn(self.state), self.events)

    def __iter__(self) -> Any:
        """``state, events = step``: the pair :func:`apply_with_events` returns."""
        yield self.state
        yield self.events


def emit(state: _S, *events: Any) -> Step[_S]:
    """A step to ``state`` that caused ``events``."""
    return Step(state, events)


def chain(state: _S, steps: Iterable[Callable[[_S], Step[_S]]]) -> Step[_S]:
    """The steps run one after another from ``state``, their events in order."""
    step: Step[_S] = Step(state)
    for fn in steps:
        step = step.then(fn)
    return step
