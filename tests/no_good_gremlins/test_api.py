"""The module contract beyond the rules: action space, descriptions, state checks, errors."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import gremlinrules
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import SetupError
from gremlinrules.no_good_gremlins import ALL_ACTIONS
from gremlinrules.no_good_gremlins import Bribe
from gremlinrules.no_good_gremlins import Build
from gremlinrules.no_good_gremlins import DrawTwo
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import Feed
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import TakeScrap
from gremlinrules.no_good_gremlins import all_actions
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import check_state
from gremlinrules.no_good_gremlins import decision_bound
from gremlinrules.no_good_gremlins import describe
from gremlinrules.no_good_gremlins import is_legal
from gremlinrules.no_good_gremlins import legal_actions
from gremlinrules.no_good_gremlins import new_game
from gremlinrules.no_good_gremlins import observe
from tests.no_good_gremlins.strategies import IR
from tests.no_good_gremlins.strategies import RU
from tests.no_good_gremlins.strategies import main_phase
from tests.no_good_gremlins.strategies import table


@pytest.mark.clause("NGG-TURN-1")
def test_action_space_is_fixed() -> None:
    """all_actions is the same 45 distinct actions for every player count."""
    spaces = {all_actions(n) for n in range(2, 6)}
    assert spaces == {ALL_ACTIONS}
    assert len(set(ALL_ACTIONS)) == 45
    with pytest.raises(SetupError):
        all_actions(6)


@pytest.mark.clause("NGG-END-2")
def test_decision_bound_formula() -> None:
    """The bound grows with the round limit and the players as the clause derives."""
    assert decision_bound(2) == 101 * 2 * (4 * 84 + 4) + 4 * 84
    assert decision_bound(5, Options(round_limit=10)) == 11 * 5 * 340 + 336
    with pytest.raises(SetupError):
        decision_bound(3, "fast")


@pytest.mark.clause("NGG-TURN-1")
@pytest.mark.parametrize("junk", [
    None, 0, "Build", Build(42), Build([]), Build, object(), (1,),  # type: ignore[arg-type]
])
def test_junk_actions_are_illegal(junk: Any) -> None:
    """Anything that is not one of the 45 actions is refused with IllegalActionError."""
    s = main_phase(new_game(2, 3))
    assert not is_legal(s, junk)
    with pytest.raises(IllegalActionError):
        apply(s, junk)


@pytest.mark.clause("NGG-TURN-1")
def test_non_state_arguments() -> None:
    """Passing something that is not a state gives InvalidArgumentError."""
    for fn in (legal_actions, check_state):
        with pytest.raises(InvalidArgumentError):
            fn("state")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        apply({}, DrawTwo())  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError):
        observe(new_game(2), 2)


@pytest.mark.clause("NGG-ZONE-1")
@pytest.mark.parametrize("change", [
    {"deck": ()},
    {"removed": (1, 0, 0, 0, 0, 0)},
    {"pads": ((1, 1, 1, 1, 0, 0), (0,) * 6)},
    {"threat": (2,)},
    {"wanderer": 7},
    {"mains": -1},
    {"hands": ((6, 0, 0, 0, 0, 0),)},
])
def test_check_state_rejects_inconsistent_states(change: dict[str, Any]) -> None:
    """Lost or duplicated cards, four rockets, a bad seat or budget: the state is refused."""
    s = new_game(2, 9)
    check_state(s)
    with pytest.raises(GremlinRulesError):
        check_state(attrs.evolve(s, **change))


@pytest.mark.clause("NGG-ZONE-1")
def test_json_round_trip_and_corrupt_data() -> None:
    """A state survives JSON exactly; a state with a card missing is a SerializationError."""
    game = gremlinrules.get_game("no-good-gremlins")
    s = new_game(4, 12)
    assert game.from_json(game.to_json(s), game.State) == s
    data = game.to_data(s)
    data["deck"] = data["deck"][1:]
    with pytest.raises(SerializationError):
        game.from_data(data, game.State)


@pytest.mark.clause("NGG-BUILD-1")
def test_describe_reads_like_the_rules() -> None:
    """describe gives one readable line naming the seat and the material."""
    s = main_phase(table(hands=(("iron",), ()), heap=("wood",)))
    assert describe(s, Build(IR)) == "Seat 0 builds an iron card onto their iron rocket"
    assert describe(s, Bribe(RU)) == "Seat 0 bribes the Wandering Gremlin with a rust card"
    assert describe(s, EndTurn()) == "Seat 0 ends the turn"
    assert describe(s, TakeScrap()) == "Seat 0 takes wood cards from the scrapheap"
    assert describe(s, Feed(IR)) == "Seat 0 feeds the Wandering Gremlin an iron card from their launch pad"
