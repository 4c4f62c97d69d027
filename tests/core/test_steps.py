"""Steps and the rule book with typed frames, on a toy game independent of the five games.

The toy is the one of ``test_rulebook.py`` written the converted way: ``Tax(n)`` pushes a
typed ``PickPlayer`` frame; its answer pushes a ``PickProject`` bound to the target seat and
the amount; the answer to that moves the counters and passes the turn. Every effect and
resume returns a :class:`Step` with its events, and the rule book puts the announced
``Acted`` event first.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core import serial
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.frames import Frame
from gremlinrules.core.frames import field_check
from gremlinrules.core.frames import frame_types_of
from gremlinrules.core.rulebook import Decision
from gremlinrules.core.rulebook import Reason
from gremlinrules.core.rulebook import Rule
from gremlinrules.core.rulebook import RuleBook
from gremlinrules.core.schema import build_schema
from gremlinrules.core.step import Step
from gremlinrules.core.step import chain
from gremlinrules.core.step import emit
from tests.core.test_rulebook import ChoosePlayer  # the toy's actions
from tests.core.test_rulebook import ChooseProject  # the toy's actions
from tests.core.test_rulebook import Tax  # the toy's actions


class Then(enum.Enum):
    """What the tax does after the counters moved (a typed remaining step, not a string)."""

    PASS = "pass"
    KEEP = "keep"


@attrs.frozen(slots=True)
class PickPlayer(Frame):
    n: int = attrs.field(validator=field_check("1 or 2", lambda _, v: v in (1, 2)))


@attrs.frozen(slots=True)
class PickProject(Frame):
    target: int
    n: int
    then: Then = Then.PASS


TOY_FRAMES = frame_types_of(PickPlayer, PickProject)


@attrs.frozen
class Toy:
    turn: int
    projects: tuple[tuple[int, int], tuple[int, int]]
    stack: tuple[PickPlayer | PickProject, ...] = ()
    over: bool = False


@attrs.frozen
class Acted:
    seat: int
    action: Any


@attrs.frozen
class Moved:
    source: int
    index: int
    counters: int


@attrs.frozen
class TurnPassed:
    seat: int


CALLS: dict[str, int] = {"check": 0, "screen": 0}


def _check_tax(s: Toy, a: Tax) -> Reason | None:
    CALLS["check"] += 1
    return None if a.n in (1, 2) else ("Tax one or two counters", "TOY-TAX-1")


def _tax(s: Toy, a: Tax) -> Step[Toy]:
    return Step.to(attrs.evolve(s, stack=(*s.stack, PickPlayer(s.turn, a.n))))


def _resume_player(s: Toy, f: PickPlayer, a: ChoosePlayer) -> Step[Toy]:
    return Step.to(attrs.evolve(s, stack=(*s.stack, PickProject(f.seat, a.seat, f.n))))


def _move(s: Toy, f: PickProject, index: int) -> Step[Toy]:
    projects = [list(p) for p in s.projects]
    moved = min(f.n, projects[f.target][index])
    projects[f.target][index] -= moved
    projects[f.seat][0] += moved
    after = attrs.evolve(s, projects=tuple(tuple(p) for p in projects))  # type: ignore[arg-type]
    return emit(after, Moved(f.target, index, moved))


def _pass(s: Toy) -> Step[Toy]:
    return emit(attrs.evolve(s, turn=1 - s.turn), TurnPassed(1 - s.turn))


def _resume_project(s: Toy, f: PickProject, a: ChooseProject) -> Step[Toy]:
    step = _move(s, f, a.index)
    return step.then(_pass) if f.then is Then.PASS else step


def _screen(s: Toy, a: Any) -> Reason | None:
    CALLS["screen"] += 1
    fields = attrs.asdict(a) if attrs.has(type(a)) else {}
    return ("not a toy action", "TOY-DATA-1") if any(type(v) is not int for v in fields.values()) else None


def _book() -> RuleBook[Toy]:
    return RuleBook(
        title="Toy", state_type=Toy,
        rules=[Rule(Tax, _check_tax, _tax)],
        decisions=[
            Decision(PickPlayer, ChoosePlayer, "TOY-TAX-2", "Choose the player to tax",
                     lambda s, f: (ChoosePlayer(0), ChoosePlayer(1)), _resume_player),
            Decision(PickProject, ChooseProject, "TOY-TAX-3", "Choose the project to tax",
                     lambda s, f: (ChooseProject(0), ChooseProject(1)), _resume_project),
        ],
        stack=lambda s: s.stack, set_stack=lambda s, st: attrs.evolve(s, stack=st),
        over=lambda s: ("The game is over", "TOY-END-1") if s.over else None,
        generate=lambda s: (Tax(1), Tax(2)),
        screen=_screen,
        announce=lambda s, a: (Acted(s.stack[-1].seat if s.stack else s.turn, a),),
    )


BOOK = _book()
START = Toy(0, ((3, 1), (2, 5)))


# --- Step --------------------------------------------------------------------------------------


def test_a_step_chains_its_events_in_order_and_is_immutable() -> None:
    """``then`` runs the next step on the state and puts its events after; ``emit`` adds events;
    ``map`` changes the state alone; ``chain`` runs a list; a step unpacks as (state, events)."""
    first = emit(1, "a")
    second = first.then(lambda n: emit(n + 1, "b", "c")).emit("d").map(lambda n: n * 10)
    assert (second.state, second.events) == (20, ("a", "b", "c", "d"))
    assert first == Step(1, ("a",))  # unchanged
    assert Step.to(5).then(lambda n: Step.to(n + 1)) == Step(6)
    assert Step.to(5).emit() == Step(5)
    assert chain(0, [lambda n: emit(n + 1, n), lambda n: emit(n * 3, n)]) == Step(3, (0, 1))
    state, events = second
    assert (state, events) == (20, ("a", "b", "c", "d"))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        second.state = 0  # type: ignore[misc]


@given(st.lists(st.lists(st.integers(), max_size=3), max_size=6))
def test_then_concatenates_the_events_of_every_step(batches: list[list[int]]) -> None:
    """Property (the Step contract): chained steps give every step's events, in order, and the
    last state."""
    step: Step[int] = Step.to(0)
    for batch in batches:
        step = step.then(lambda n, b=tuple(batch): Step(n + 1, b))  # type: ignore[misc]
    assert step.state == len(batches)
    assert step.events == tuple(e for batch in batches for e in batch)


# --- the rule book with typed frames ------------------------------------------------------------


def test_typed_frames_are_resolved_by_their_class_and_resumes_give_the_events() -> None:
    """Tax pushes a PickPlayer, its answer a PickProject; each frame's choices are the legal
    actions; the last answer moves the counters and passes the turn, and apply_with_events
    gives the announced action first, then the events of the resumed steps."""
    s, events = BOOK.apply_with_events(START, Tax(2))
    assert s.stack == (PickPlayer(0, 2),)
    assert events == (Acted(0, Tax(2)),)
    assert BOOK.legal_actions(s) == (ChoosePlayer(0), ChoosePlayer(1))
    assert BOOK.check(s, Tax(1)) == ("Choose the player to tax", "TOY-TAX-2")
    s = BOOK.apply(s, ChoosePlayer(1))
    assert s.stack == (PickProject(0, 1, 2),)
    assert BOOK.decision(s.stack[-1]).clause == "TOY-TAX-3"
    after, events = BOOK.apply_with_events(s, ChooseProject(1))
    assert after == Toy(1, ((5, 1), (2, 3)))
    assert events == (Acted(0, ChooseProject(1)), Moved(1, 1, 2), TurnPassed(1))
    assert BOOK.step(s, ChooseProject(1)) == Step(after, events)
    assert BOOK.apply(s, ChooseProject(1)) == after


def test_a_typed_remaining_step_changes_how_the_effect_goes_on() -> None:
    """A frame's ``then`` (an enum) decides the rest: KEEP moves the counters and keeps the turn."""
    s = attrs.evolve(START, stack=(PickProject(0, 1, 1, Then.KEEP),))
    after, events = BOOK.apply_with_events(s, ChooseProject(0))
    assert after == Toy(0, ((4, 1), (1, 5)))
    assert events == (Acted(0, ChooseProject(0)), Moved(1, 0, 1))


def test_applying_an_action_checks_it_once() -> None:
    """The check (and the screen) run once per applied action, not once in a wrapper and again
    in the rule book."""
    CALLS.update(check=0, screen=0)
    BOOK.apply(START, Tax(1))
    assert CALLS == {"check": 1, "screen": 1}
    BOOK.apply_with_events(START, Tax(2))
    assert CALLS == {"check": 2, "screen": 2}
    with pytest.raises(IllegalActionError, match="TOY-TAX-1"):
        BOOK.apply(START, Tax(3))
    assert CALLS == {"check": 3, "screen": 3}


def test_the_screen_refuses_a_malformed_action_before_any_rule_or_frame() -> None:
    """A malformed action (a field of the wrong kind) is refused by the screen with its clause,
    while a frame is pending too; the game's over-reason comes first."""
    assert BOOK.check(START, Tax("2")) == ("not a toy action", "TOY-DATA-1")  # type: ignore[arg-type]
    pending = BOOK.apply(START, Tax(1))
    assert BOOK.check(pending, ChoosePlayer("x")) == ("not a toy action", "TOY-DATA-1")  # type: ignore[arg-type]
    assert BOOK.check(attrs.evolve(START, over=True), Tax("2")) == (  # type: ignore[arg-type]
        "The game is over", "TOY-END-1")
    with pytest.raises(IllegalActionError, match="TOY-DATA-1"):
        BOOK.apply(START, Tax("2"))  # type: ignore[arg-type]


def test_frames_validate_their_fields_and_only_frame_classes_are_frame_types() -> None:
    """The base validates the seat, a subclass its own fields; ``frame_types_of`` refuses what
    is not a frame class."""
    with pytest.raises(InvalidArgumentError, match="seat from 0 to 63"):
        PickPlayer(-1, 1)
    with pytest.raises(InvalidArgumentError, match=r"PickPlayer\.n must be 1 or 2, not 3"):
        PickPlayer(0, 3)
    for bad in (Frame, Toy, int, "PickPlayer"):
        with pytest.raises(TypeError, match="not a frame class"):
            frame_types_of(bad)


def test_frames_are_tagged_in_json_and_listed_in_the_schema() -> None:
    """The converter tags each frame with its class name and reads a stack back, a field
    typed with the base class by the tag; the schema lists the frames under ``Frame``."""
    conv = serial.make_converter((Tax, ChoosePlayer, ChooseProject), frame_types=TOY_FRAMES)
    s = attrs.evolve(START, stack=(PickPlayer(0, 2), PickProject(1, 0, 1, Then.KEEP)))
    data = serial.unstructure(conv, s)
    assert data["stack"] == [{"type": "PickPlayer", "seat": 0, "n": 2},
                             {"type": "PickProject", "seat": 1, "target": 0, "n": 1, "then": "keep"}]
    assert serial.structure(conv, data, Toy) == s
    assert serial.structure(conv, data["stack"][1], Frame) == PickProject(1, 0, 1, Then.KEEP)
    schema = build_schema(title="Toy", state=Toy, view=Toy, actions=(Tax, ChoosePlayer, ChooseProject),
                          options=Tax, setup=Tax, frames=TOY_FRAMES)
    defs = schema["$defs"]
    assert defs["Frame"] == {"oneOf": [{"$ref": "#/$defs/PickPlayer"}, {"$ref": "#/$defs/PickProject"}]}
    assert defs["PickProject"]["properties"]["type"] == {"const": "PickProject"}
    assert defs["PickProject"]["properties"]["then"] == {"enum": ["pass", "keep"]}
