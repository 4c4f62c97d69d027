"""What a refused action says (issue 28): each refusal of the rule book names its clause and says
why in the sentence a player reads, with the message id and parameters a frontend translates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import gremlinrules
from gremlinrules import InvalidArgumentError
from gremlinrules.core.chance import CHANCE
from gremlinrules.gremlins_inc import Assign
from gremlinrules.gremlins_inc import Cancel
from gremlinrules.gremlins_inc import Complete
from gremlinrules.gremlins_inc import Phase
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import Start
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import current_player
from gremlinrules.gremlins_inc import is_legal
from gremlinrules.gremlins_inc import is_terminal
from gremlinrules.gremlins_inc import legal_actions
from gremlinrules.gremlins_inc import players
from gremlinrules.gremlins_inc.frames import Payment
from tests.gremlins_inc.helpers import P
from tests.gremlins_inc.helpers import table
from tests.refusals import assert_refused

LONG = "y" * 41
EXACT = "y" * 40


def hand() -> State:
    """Seat 0 holds a coin, a spite and a rich and has two projects: an empty watch and a spite
    started as a project."""
    return table(hands=[("coin", "spite", "rich"), (), ()], projects=[(P("watch"), P("spite")), (), ()])


def full() -> State:
    """Seat 0 has three projects and a coin in hand."""
    return table(hands=[("coin",), (), ()], projects=[(P("watch"), P("rich"), P("gift")), (), ()])


def blueprint() -> State:
    """Seat 0 holds a watch, a blueprint."""
    return table(hands=[("watch",), (), ()])


def used_up() -> State:
    """A state made by hand: seat 0 has used both actions and its turn has not ended."""
    return attrs.evolve(table(hands=[("coin",), (), ()]), actions_used=2)


def over() -> State:
    """A state made by hand whose game is over."""
    return attrs.evolve(table(hands=[("coin",), (), ()]), phase=Phase.OVER)


def _said(text: str, key: str, **params: Any) -> tuple[str, str, dict[str, Any]]:
    return text, key, params


REFUSALS: list[tuple[str, Callable[[], State], Any, str, tuple[str, str, dict[str, Any]]]] = [
    ("not an action", hand, "start coin", "GI-CARD-1",
     _said("'start coin' is not a Gremlins, Inc. action", "gi.illegal.not-an-action", action="'start coin'")),
    ("no such card", hand, Start("laser"), "GI-CARD-1",
     _said("laser is not a card of this deck", "gi.illegal.no-such-card", card="laser")),
    ("a long name", hand, Start(LONG), "GI-CARD-1",
     _said(f"'{LONG}' is not a card of this deck", "gi.illegal.no-such-card", card=f"'{LONG}'")),
    ("a name at the limit", hand, Start(EXACT), "GI-CARD-1",
     _said(f"{EXACT} is not a card of this deck", "gi.illegal.no-such-card", card=EXACT)),
    ("a card not held", hand, Play("gift"), "GI-TURN-1",
     _said("you hold no gift", "gi.illegal.not-held", card="gift")),
    ("an assign of a card not held", hand, Assign("gift", 1), "GI-TURN-1",
     _said("you hold no gift", "gi.illegal.not-held", card="gift")),
    ("no such project", hand, Cancel(3), "GI-PROJ-5",
     _said("you have no project number 3", "gi.illegal.no-project", index=3)),
    ("project 0", hand, Assign("coin", 0), "GI-PROJ-5",
     _said("you have no project number 0", "gi.illegal.no-project", index=0)),
    ("project 99", hand, Complete(99), "GI-PROJ-5",
     _said("you have no project number 99", "gi.illegal.no-project", index=99)),
    ("project 100", hand, Complete(100), "GI-PROJ-5",
     _said("you have no project number 100", "gi.illegal.no-project", index="100")),
    ("project -99", hand, Complete(-99), "GI-PROJ-5",
     _said("you have no project number -99", "gi.illegal.no-project", index=-99)),
    ("project -100", hand, Complete(-100), "GI-PROJ-5",
     _said("you have no project number -100", "gi.illegal.no-project", index="-100")),
    ("a fourth project", full, Start("coin"), "GI-PROJ-2",
     _said("you already have 3 projects: complete or cancel one first", "GI-PROJ-2")),
    ("face up when it may not", hand, Start("spite", True), "GI-PROJ-3",
     _said("this card may only be started face down", "GI-PROJ-3")),
    ("a blueprint played", blueprint, Play("watch"), "GI-PLAY-1",
     _said("only an action card can be played; start a blueprint as a project", "GI-PLAY-1")),
    ("a cost not held", hand, Play("spite"), "GI-PLAY-2",
     _said("your projects do not hold the resources this card costs", "GI-PLAY-2")),
    ("an action card completed", hand, Complete(2), "GI-DONE-2",
     _said("an action card started as a project can never be completed", "GI-DONE-2")),
    ("a cost not met", hand, Complete(1), "GI-DONE-1",
     _said("the resources assigned to this project do not meet its cost", "GI-DONE-1")),
    ("no action left", used_up, Start("coin"), "GI-TURN-1",
     _said("you have used this turn's actions: end the turn", "GI-TURN-1")),
    ("after the end", over, Start("coin"), "GI-END-4", _said("the game is over", "GI-END-4")),
]


@pytest.mark.clause("GI-CARD-1", "GI-TURN-1", "GI-PROJ-2", "GI-PROJ-3", "GI-PROJ-5", "GI-PLAY-1", "GI-PLAY-2",
                    "GI-DONE-1", "GI-DONE-2", "GI-END-4")
@pytest.mark.parametrize(("build", "action", "clause", "said"), [r[1:] for r in REFUSALS],
                         ids=[r[0] for r in REFUSALS])
def test_a_refusal_names_its_clause_and_says_why(build: Callable[[], State], action: Any, clause: str,
                                                  said: tuple[str, str, dict[str, Any]]) -> None:
    """Each way the rule book refuses a turn action (not an action of the game, a card not of the
    deck or not held, a project number out of the row, a rule of starting, playing or completing,
    no action left, the game over) raises IllegalActionError with its clause, the English
    sentence, and the message id and parameters of that sentence (the clause id for a fixed
    sentence); the state is left as it was."""
    s = build()
    assert_refused(apply, s, action, clause, said)


@pytest.mark.clause("GI-CHANCE-1")
def test_a_tracked_table_is_answered_by_the_games_own_current_player() -> None:
    """The game module's current_player answers a table tracked in the external-chance mode too:
    at the opening deal the chance seat is to decide."""
    tracked = gremlinrules.get_game("gremlins-inc").new_game(3, chance="external")
    assert current_player(tracked) == CHANCE


@pytest.mark.clause("GI-END-4", "GI-TURN-1")
@pytest.mark.parametrize("seats", [2, 3, 6])
def test_the_state_queries_answer_the_state_and_refuse_anything_else(seats: int) -> None:
    """``players`` is the table's seat count and ``is_terminal`` is true exactly once the game is
    over; these and ``legal_actions``, ``is_legal``, ``apply`` and ``current_player`` refuse
    anything that is not a state of this game with InvalidArgumentError naming the state they
    expected."""
    s = table(seats)
    assert players(s) == seats
    assert not is_terminal(s)
    assert is_terminal(attrs.evolve(s, phase=Phase.OVER))
    calls: list[Callable[[Any], object]] = [players, is_terminal, legal_actions, current_player,
                                            lambda x: is_legal(x, Start("coin")),
                                            lambda x: apply(x, Start("coin"))]
    for call in calls:
        with pytest.raises(InvalidArgumentError) as info:
            call("a state")
        assert str(info.value) == "expected a Gremlins, Inc. State, got str"


@pytest.mark.clause("GI-PLAY-2")
@pytest.mark.parametrize("seat", [3, 7])
def test_a_payment_naming_no_seat_of_the_table_offers_nothing(seat: int) -> None:
    """A payment frame made by hand for a seat the table does not have offers no choice (and raises
    nothing); one that owes nothing or what is no resource cannot be built (its field validator)."""
    row = (P("clock", "coin", "spite"), P("watch", "coin", "purge"))
    s = table(hands=[(), (), ()], projects=[row, (), ()])
    s = attrs.evolve(s, stack=(Payment(seat, "grab", ("gold",)),))
    assert legal_actions(s) == ()
    for owed in [(), ("copper",)]:
        with pytest.raises(InvalidArgumentError, match="owed"):
            Payment(0, "grab", owed)
    with pytest.raises(InvalidArgumentError, match="seat"):
        Payment(-1, "grab", ("gold",))
