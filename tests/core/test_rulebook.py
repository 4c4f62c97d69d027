"""The rule book and the decision stack on a toy game, independent of the five games.

The toy: two seats each own two projects holding counters. ``Tax(n)`` (the
turn's only action) asks the turn owner to choose a player, then one of that
player's projects, and moves ``n`` counters from it (as many as it holds) to
the taxer's first project: two typed frames, the second pushed by the answer to
the first (carrying what the first bound), then the effect resumes and the turn
passes.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.frames import Frame
from gremlinrules.core.rulebook import Decision
from gremlinrules.core.rulebook import Reason
from gremlinrules.core.rulebook import Rule
from gremlinrules.core.rulebook import RuleBook
from gremlinrules.core.step import Step


@attrs.frozen(slots=True)
class PickPlayer(Frame):
    """TOY-TAX-2: the taxer chooses whom to tax ``n`` counters from."""

    n: int


@attrs.frozen(slots=True)
class PickProject(Frame):
    """TOY-TAX-3: the taxer chooses one of ``target``'s projects."""

    n: int
    target: int


@attrs.frozen
class Toy:
    turn: int
    projects: tuple[tuple[int, int], tuple[int, int]]
    stack: tuple[PickPlayer | PickProject, ...] = ()
    over: bool = False


@attrs.frozen
class Tax:
    n: int


@attrs.frozen
class ChoosePlayer:
    seat: int


@attrs.frozen
class ChooseProject:
    index: int


def _check_tax(s: Toy, a: Tax) -> Reason | None:
    return None if a.n in (1, 2) else ("Tax one or two counters", "TOY-TAX-1")


def _effect_tax(s: Toy, a: Tax) -> Step[Toy]:
    return Step(attrs.evolve(s, stack=(*s.stack, PickPlayer(s.turn, a.n))))


def _players(s: Toy, f: PickPlayer) -> tuple[ChoosePlayer, ...]:
    return (ChoosePlayer(0), ChoosePlayer(1))


def _resume_player(s: Toy, f: PickPlayer, a: ChoosePlayer) -> Step[Toy]:
    return Step(attrs.evolve(s, stack=(*s.stack, PickProject(f.seat, f.n, a.seat))))


def _projects(s: Toy, f: PickProject) -> tuple[ChooseProject, ...]:
    return (ChooseProject(0), ChooseProject(1))


def _resume_project(s: Toy, f: PickProject, a: ChooseProject) -> Step[Toy]:
    rows = [list(p) for p in s.projects]
    moved = min(f.n, rows[f.target][a.index])
    rows[f.target][a.index] -= moved
    rows[f.seat][0] += moved
    return Step(attrs.evolve(s, projects=(tuple(rows[0]), tuple(rows[1])), turn=1 - s.turn))  # type: ignore[arg-type]


BOOK: RuleBook[Toy] = RuleBook(
    title="Toy",
    state_type=Toy,
    rules=[Rule(Tax, _check_tax, _effect_tax)],
    decisions=[
        Decision(PickPlayer, ChoosePlayer, "TOY-TAX-2", "Choose a player", _players, _resume_player),
        Decision(PickProject, ChooseProject, "TOY-TAX-3", "Choose one of their projects", _projects,
                 _resume_project),
    ],
    stack=lambda s: s.stack,
    set_stack=lambda s, stack: attrs.evolve(s, stack=stack),
    over=lambda s: ("The game is over", "TOY-END-1") if s.over else None,
    generate=lambda s: (Tax(1), Tax(2)),
    malformed=lambda a: (f"{shown(a)} is not a Toy action", "TOY-TURN-1"),
)

START = Toy(turn=0, projects=((0, 0), (3, 1)))
CANDIDATES: tuple[Any, ...] = (
    Tax(0), Tax(1), Tax(2), ChoosePlayer(0), ChoosePlayer(1), ChoosePlayer(5), ChooseProject(0),
    ChooseProject(1), ChooseProject(2), "junk", None,
)


@given(st.lists(st.integers(0, 10), max_size=12))
def test_is_legal_agrees_with_legal_actions_through_nested_frames(picks: list[int]) -> None:
    """Property: in every state reached (frames pending or not), an action is legal exactly when
    it is listed, apply of a listed action succeeds and apply of any other raises
    IllegalActionError with a clause id, and the input state is never changed."""
    s = START
    for pick in picks:
        legal = BOOK.legal_actions(s)
        for candidate in CANDIDATES:
            assert BOOK.is_legal(s, candidate) == (candidate in legal)
            if candidate not in legal:
                with pytest.raises(IllegalActionError) as info:
                    BOOK.apply(s, candidate)
                assert info.value.clause
        before = s
        s = BOOK.apply(s, legal[pick % len(legal)])
        assert before == attrs.evolve(before)


def test_a_two_frame_effect_resumes_in_order() -> None:
    """Tax pushes 'choose a player'; the answer pushes 'choose a project'; the last answer resumes
    the effect with both bindings, pops the stack empty and passes the turn."""
    s = BOOK.apply(START, Tax(2))
    assert BOOK.pending(s) == PickPlayer(0, 2)
    assert BOOK.legal_actions(s) == (ChoosePlayer(0), ChoosePlayer(1))
    s = BOOK.apply(s, ChoosePlayer(1))
    assert BOOK.pending(s) == PickProject(0, 2, 1)
    s = BOOK.apply(s, ChooseProject(0))
    assert s == Toy(turn=1, projects=((2, 0), (1, 1)))


def test_the_pending_frame_names_its_clause_for_any_other_action() -> None:
    """While a frame is pending, a rule action is refused with the frame's clause and prompt."""
    s = BOOK.apply(START, Tax(1))
    assert BOOK.check(s, Tax(1)) == ("Choose a player", "TOY-TAX-2")
    assert BOOK.check(s, ChooseProject(0)) == ("Choose a player", "TOY-TAX-2")
    assert BOOK.check(START, ChoosePlayer(0)) == ("Nothing asks for that choice now", "TOY-TAX-2")
    assert BOOK.check(START, "junk") == ("'junk' is not a Toy action", "TOY-TURN-1")


def test_game_over_has_no_legal_actions_and_a_reason() -> None:
    """A finished game lists nothing and refuses everything with the end clause."""
    s = attrs.evolve(START, over=True)
    assert BOOK.legal_actions(s) == ()
    assert BOOK.check(s, Tax(1)) == ("The game is over", "TOY-END-1")


def test_a_foreign_state_is_refused() -> None:
    """Passing anything but the game's state raises InvalidArgumentError, never a TypeError."""
    with pytest.raises(InvalidArgumentError):
        BOOK.legal_actions("not a state")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        BOOK.apply(object(), Tax(1))  # type: ignore[arg-type]


def test_a_hostile_answer_to_a_pending_frame_is_refused_briefly() -> None:
    """An answer of the right class whose field cannot even be printed (a 5,000-digit seat) is
    refused with IllegalActionError and a short message, never the ValueError of its repr."""
    s = BOOK.apply(START, Tax(1))
    with pytest.raises(IllegalActionError) as info:
        BOOK.apply(s, ChoosePlayer(10**5000))
    assert info.value.clause == "TOY-TAX-2"
    assert len(str(info.value)) < 200
