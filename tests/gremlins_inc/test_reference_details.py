"""Details of the reference rules that only their wording shows: the refusal of a malformed Start
names the action, a seat that keeps the rest of a familiar-start hand draws as an event, and a
State built without its fields is refused by name (found by mutation testing, issue 28)."""

from __future__ import annotations

import pytest

from gremlinrules import IllegalActionError
from gremlinrules import InvalidArgumentError
from gremlinrules.gremlins_inc import Discard
from gremlinrules.gremlins_inc import Done
from gremlinrules.gremlins_inc import Drawn
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Setup
from gremlinrules.gremlins_inc import Start
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import apply_with_events
from gremlinrules.gremlins_inc import current_player
from gremlinrules.gremlins_inc import is_terminal
from gremlinrules.gremlins_inc import new_game
from tests.gremlins_inc.helpers import TEST_SET


@pytest.mark.clause("GI-CARD-1")
def test_a_start_whose_face_is_not_a_boolean_is_refused_naming_the_action() -> None:
    """A Start whose ``face_up`` was set to 1 past its validator (1 is not True) is not an action
    of the game: the refusal names the action it was given."""
    s = new_game(3, 1)
    action = Start(s.hands[0][0])
    object.__setattr__(action, "face_up", 1)  # past the validator, as a hand-made object may be
    with pytest.raises(IllegalActionError) as caught:
        apply(s, action)
    assert caught.value.clause == "GI-CARD-1"
    assert "face_up=1" in str(caught.value)


@pytest.mark.clause("GI-SETUP-3", "GI-DRAW-1")
def test_keeping_the_rest_of_a_familiar_hand_draws_back_as_an_event() -> None:
    """After a discard in the familiar-players start, Done draws the seat back to a full hand;
    the draw is a ``Drawn`` event of that seat even while the next seat still redraws."""
    s = new_game(3, 5, options=Options(components=TEST_SET, familiar=True), setup=Setup(first_player=1))
    s = apply(s, Discard(s.hands[1][0]))
    after, events = apply_with_events(s, Done())
    assert current_player(after) == 2
    drawn = [e for e in events if type(e) is Drawn]
    assert [(e.seat, e.count) for e in drawn] == [(1, 1)]
    assert len(after.hands[1]) == len(s.hands[1]) + 1


@pytest.mark.clause("GI-CARD-1")
@pytest.mark.parametrize("ask", [current_player, is_terminal])
def test_a_state_built_without_its_fields_is_refused_by_name(ask: object) -> None:
    """``current_player`` and ``is_terminal`` of ``State.__new__(State)`` raise the library's
    InvalidArgumentError naming the function and the state, never an AttributeError."""
    with pytest.raises(InvalidArgumentError) as caught:
        ask(State.__new__(State))  # type: ignore[operator]
    assert str(caught.value).startswith(f"{ask.__name__}: the ")  # type: ignore[attr-defined]
    assert "built without its fields" in str(caught.value)
