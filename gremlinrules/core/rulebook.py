"""One check per action kind: the table that binds each action to its check and effect.

Each game's ``rules.py`` declares a :class:`RuleBook`:

* a :class:`Rule` per action class: ``check(state, action)`` returns None when
  the action is legal, else a :data:`Reason` (a sentence a player understands and
  the clause id that forbids it); ``effect(state, action)`` returns the next
  :class:`~gremlinrules.core.step.Step` (the state and the events the action
  caused) and is only ever called on a legal action;
* a :class:`Decision` per frame class (see :mod:`gremlinrules.core.frames`): the
  action class that answers it, the choices of a frame, and
  ``resume(state, frame, action)``, called with the frame already popped, which
  carries the interrupted effect on (a Step too);
* hooks: ``screen`` refuses what is not one of the game's actions before any rule
  or frame is asked (a field out of range), ``announce`` gives the events that
  record the action itself (put before the effect's).

``check``, ``is_legal``, ``legal_actions``, ``apply``, ``apply_with_events`` and
the :class:`IllegalActionError` all come from this one table, so legality is
written once, and applying an action checks it once. While a frame is pending,
the only legal actions are its choices; a frame's choices are the whole of its
legality (the action is legal exactly when it is one of them).

The rule book is the readable reference. A game's ``fast`` module may answer
the same questions faster (tables, inline paths); the differential tests hold
it to the rule book.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from typing import Any
from typing import Generic
from typing import TypeVar

import attrs

from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import incomplete
from gremlinrules.core.checks import missing_fields
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import shown
from gremlinrules.core.step import Step

__all__ = ["Decision", "Reason", "Rule", "RuleBook"]

Reason = tuple[str, str]
"""Why an action is illegal: a sentence (no clause id in it) and the clause id."""

_S = TypeVar("_S")


@attrs.frozen(slots=True)
class Rule(Generic[_S]):
    """The check and the effect of one action class."""

    action: type
    """The action class this rule governs."""
    check: Callable[[_S, Any], Reason | None]
    """None when the action is legal in the state, else why not."""
    effect: Callable[[_S, Any], Step[_S]]
    """The next :class:`Step` (state and events); called only for a legal action."""


@attrs.frozen(slots=True)
class Decision(Generic[_S]):
    """A kind of pending frame: how it is answered and how the effect resumes."""

    kind: type
    """The frame class (a subclass of :class:`gremlinrules.core.frames.Frame`)."""
    action: type | tuple[type, ...]
    """The action class that answers it (or the classes, when several kinds of answer are possible)."""
    clause: str
    """The clause that asks for the decision."""
    prompt: str
    """What the deciding seat is asked, as a sentence ("Name the player who skips ...")."""
    choices: Callable[[_S, Any], tuple[Any, ...]]
    """The legal answers to the frame in the state, in canonical order."""
    resume: Callable[[_S, Any, Any], Step[_S]]
    """The next :class:`Step`, from the state with the frame popped, the frame and the answer."""
    refuse: Callable[[_S, Any, Any], Reason] | None = None
    """Why an answer of the right class that is not among the choices is refused (the rule it
    breaks); None: the prompt and :attr:`clause`."""

    @property
    def answers(self) -> tuple[type, ...]:
        """The action classes that answer the frame."""
        return self.action if isinstance(self.action, tuple) else (self.action,)


def _stack_field(state: Any) -> tuple[Any, ...]:
    """The state's field ``stack`` (the default of ``RuleBook(stack=)``)."""
    stack: tuple[Any, ...] = state.stack
    return stack


def _with_stack(state: _S, stack: tuple[Any, ...]) -> _S:
    """The state with its field ``stack`` replaced (the default of ``RuleBook(set_stack=)``)."""
    return attrs.evolve(state, stack=stack)  # type: ignore[misc]  # any attrs state


def _no_malformed(action: Any) -> Reason:
    return f"{type(action).__name__} is not an action of this game", ""


class RuleBook(Generic[_S]):
    """The rules of one game as a table, and the functions made from it.

    ``stack`` and ``set_stack`` read and replace the state's decision stack (by
    default its field ``stack``, replaced with ``attrs.evolve``);
    ``over`` gives the reason no action is legal once the game is over (None
    while it goes on); ``generate`` lists the legal actions when no frame is
    pending (the reference generates them from the checks); ``malformed``
    explains anything that is not one of the game's actions (a wrong class, a
    field out of range); ``screen``, run after ``over`` and before the frames and
    rules, refuses an action the game's own pre-check finds malformed (None: let
    it through); ``announce`` gives the events recording the action itself, put
    before the effect's in ``step`` (e.g. ``(Acted(seat, action),)``).
    """

    __slots__ = ("_announce", "_answer_clauses", "_decisions", "_generate", "_malformed", "_over",
                 "_rules", "_screen", "_set_stack", "_stack", "state_type", "title")

    def __init__(
        self,
        *,
        title: str,
        state_type: type[_S],
        rules: Iterable[Rule[_S]],
        decisions: Iterable[Decision[_S]] = (),
        stack: Callable[[_S], tuple[Any, ...]] = _stack_field,
        set_stack: Callable[[_S, tuple[Any, ...]], _S] = _with_stack,
        over: Callable[[_S], Reason | None],
        generate: Callable[[_S], tuple[Any, ...]],
        malformed: Callable[[Any], Reason] = _no_malformed,
        screen: Callable[[_S, Any], Reason | None] | None = None,
        announce: Callable[[_S, Any], tuple[Any, ...]] | None = None,
    ) -> None:
        self.title = title
        self.state_type = state_type
        self._rules: Mapping[type, Rule[_S]] = {r.action: r for r in rules}
        self._decisions: Mapping[type, Decision[_S]] = {d.kind: d for d in decisions}
        answer_clauses: dict[type, str] = {}
        for d in self._decisions.values():
            for cls in d.answers:
                answer_clauses.setdefault(cls, d.clause)
        self._answer_clauses: Mapping[type, str] = answer_clauses
        """Each class that answers a frame, with the clause of the first decision it answers."""
        self._stack = stack
        self._set_stack = set_stack
        self._over = over
        self._generate = generate
        self._malformed = malformed
        self._screen = screen
        self._announce = announce

    @property
    def rules(self) -> Mapping[type, Rule[_S]]:
        """The rule of each action class."""
        return self._rules

    @property
    def decisions(self) -> Mapping[type, Decision[_S]]:
        """The decision of each frame class."""
        return self._decisions

    def decision(self, frame: Any) -> Decision[_S]:
        """The decision that answers ``frame``."""
        return self._decisions[type(frame)]

    def pending(self, state: _S) -> Any:
        """The frame on top of the state's decision stack, or None."""
        stack = self._stack(state)
        return stack[-1] if stack else None

    def check(self, state: _S, action: Any) -> Reason | None:
        """None when ``action`` is legal in ``state``, else why not (sentence, clause id).

        An action built without its fields (``cls.__new__(cls)``) is malformed; a state built so
        is refused with InvalidArgumentError (:func:`~.checks.incomplete`).
        """
        try:
            return self._check(state, action)
        except AttributeError:
            if missing_fields(state):
                raise incomplete("check", state) from None
            if missing_fields(action):
                return self._malformed(action)
            raise

    def _check(self, state: _S, action: Any) -> Reason | None:
        check_type(state, self.state_type, f"{self.title} State")
        why = self._over(state)
        if why is not None:
            return why
        if self._screen is not None:
            why = self._screen(state, action)
            if why is not None:
                return why
        frame = self.pending(state)
        if frame is not None:
            decision = self._decisions[type(frame)]
            if type(action) not in decision.answers:
                if type(action) not in self._rules and type(action) not in self._answer_clauses:
                    return self._malformed(action)
                return decision.prompt, decision.clause
            if _member(action, decision.choices(state, frame)):
                return None
            if decision.refuse is not None:
                return decision.refuse(state, frame, action)
            return f"{shown(action)} is not one of the choices: {decision.prompt}", decision.clause
        rule = self._rules.get(type(action))
        if rule is None:
            clause = self._answer_clauses.get(type(action))
            if clause is not None:
                return "Nothing asks for that choice now", clause
            return self._malformed(action)
        return rule.check(state, action)

    def is_legal(self, state: _S, action: Any) -> bool:
        """True exactly when ``action`` is among ``legal_actions(state)``."""
        return self.check(state, action) is None

    def apply(self, state: _S, action: Any) -> _S:
        """The next state (``step``'s); :class:`IllegalActionError` (with the clause) when illegal."""
        return self.step(state, action).state

    def apply_with_events(self, state: _S, action: Any) -> tuple[_S, tuple[Any, ...]]:
        """The next state and the events the action caused, in order (``step`` as a pair)."""
        step = self.step(state, action)
        return step.state, step.events

    def step(self, state: _S, action: Any) -> Step[_S]:
        """The :class:`Step` of a legal action: the announced events, then those of its effect
        (or of the resumed frame's effect). The action is checked once:
        :class:`IllegalActionError` (with the clause) when illegal."""
        why = self.check(state, action)
        if why is not None:
            raise IllegalActionError(why[0], why[1])
        stack = self._stack(state)
        if stack:
            frame = stack[-1]
            step = self._decisions[type(frame)].resume(self._set_stack(state, stack[:-1]), frame, action)
        else:
            step = self._rules[type(action)].effect(state, action)
        if self._announce is None:
            return step
        return Step(step.state, self._announce(state, action) + step.events)

    def legal_actions(self, state: _S) -> tuple[Any, ...]:
        """Every legal action in canonical order; empty exactly when the game is over."""
        check_type(state, self.state_type, f"{self.title} State")
        try:
            if self._over(state) is not None:
                return ()
            frame = self.pending(state)
            if frame is not None:
                return self._decisions[type(frame)].choices(state, frame)
            return self._generate(state)
        except AttributeError:
            if missing_fields(state):
                raise incomplete("legal_actions", state) from None
            raise


def _member(action: Any, choices: tuple[Any, ...]) -> bool:
    """``action in choices`` that a malformed action (an unhashable or odd field) cannot break."""
    try:
        return any(action == c for c in choices)
    except Exception:  # a hostile __eq__ on a field: not one of ours
        return False
