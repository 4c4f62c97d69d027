"""What a refused action says (issue 28): each refusal of the rule book names its clause and says
why in the sentence a player reads, with the message id and parameters a frontend translates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import gremlinrules
from gremlinrules.core.chance import CHANCE
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.no_good_gremlins import Build
from gremlinrules.no_good_gremlins import ChromeLaunch
from gremlinrules.no_good_gremlins import Discard
from gremlinrules.no_good_gremlins import DrawTwo
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import Launch
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import Phase
from gremlinrules.no_good_gremlins import Scrap
from gremlinrules.no_good_gremlins import State
from gremlinrules.no_good_gremlins import TakeScrap
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import current_player
from gremlinrules.no_good_gremlins import is_legal
from gremlinrules.no_good_gremlins import is_terminal
from gremlinrules.no_good_gremlins import legal_actions
from gremlinrules.no_good_gremlins import players
from gremlinrules.no_good_gremlins import rules
from gremlinrules.no_good_gremlins.actions import Bribe
from tests.no_good_gremlins.strategies import CH
from tests.no_good_gremlins.strategies import IR
from tests.no_good_gremlins.strategies import RU
from tests.no_good_gremlins.strategies import WO
from tests.no_good_gremlins.strategies import main_phase
from tests.no_good_gremlins.strategies import table
from tests.refusals import assert_refused


def opening(options: Options | None = None) -> State:
    """Seat 0 to open its turn holding a rust and an iron, a wood rocket of two cards on its pad,
    the scrapheap empty, the Wandering Gremlin with nobody."""
    return table(2, hands=(("rust", "iron"), ("wood",)), pads=(("wood", "wood"), ()), options=options)


def main(**changes: Any) -> State:
    """The same seat in the main part of its turn (a main action left unless changed)."""
    return main_phase(opening(), **changes)


def at(phase: Phase, options: Options | None = None, **changes: Any) -> Callable[[], State]:
    """A builder of the table in ``phase``, with fields changed."""
    return lambda: attrs.evolve(opening(options), phase=phase, **changes)


def three_rockets() -> State:
    """In the main part of the turn with wood, rust and copper rockets on the pad and an iron in hand."""
    s = table(2, hands=(("iron",), ("wood",)), pads=(("wood", "rust", "copper"), ()))
    return main_phase(s)


def chrome_as_main() -> State:
    """In the main part of the turn with a chrome bribe paid and no main action left, the chrome
    launch being a main action (``chrome_launch="main"``)."""
    return main_phase(opening(Options(chrome_launch="main")), chrome=1, mains=0)


def _said(text: str, key: str, **params: Any) -> tuple[str, str, dict[str, Any]]:
    return text, key, params


@attrs.frozen
class Lookalike:
    """Not an action of the game, though it has a material."""

    material: Any = IR


FINISH = "Finish the start of your turn first"
REFUSALS: list[tuple[str, Callable[[], State], Any, str, tuple[str, str, dict[str, Any]]]] = [
    ("not an action", opening, "build iron", "NGG-TURN-1",
     _said("'build iron' is not a No Good Gremlins action", "ngg.illegal.not-an-action",
           value="'build iron'")),
    ("a lookalike", main, Lookalike(), "NGG-TURN-1",
     _said(f"{shown(Lookalike())} is not a No Good Gremlins action", "ngg.illegal.not-an-action",
           value=shown(Lookalike()))),
    ("not a material", main, Build("gold"), "NGG-DATA-1",  # type: ignore[arg-type]
     _said("'gold' is not a material type", "ngg.illegal.not-a-material", value="'gold'")),
    ("a draw in a final turn", at(Phase.FINAL_OPENING), DrawTwo(), "NGG-FINALE-3",
     _said("No drawing in a final turn: take from the scrapheap", "NGG-FINALE-3")),
    ("a second draw", main, DrawTwo(), "NGG-TURN-1",
     _said("You draw only at the start of your turn", "NGG-TURN-1")),
    ("a late take", main, TakeScrap(), "NGG-TURN-1",
     _said("You take from the scrapheap only at the start of your turn", "NGG-TURN-1")),
    ("an empty scrapheap", opening, TakeScrap(), "NGG-TURN-3", _said("The scrapheap is empty", "NGG-TURN-3")),
    ("a discard without a draw", main, Discard(IR), "NGG-TURN-2",
     _said("You put a card on the scrapheap only after drawing two", "NGG-TURN-2")),
    ("a discard not held", at(Phase.DISCARD), Discard(CH), "NGG-TURN-2",
     _said("You have no chrome card", "ngg.illegal.no-card", material="chrome")),
    ("a build before the opening", opening, Build(IR), "NGG-TURN-1", _said(FINISH, "NGG-TURN-1")),
    ("no build left", lambda: main(mains=0, builds=0, open_build=0), Build(IR), "NGG-TURN-6",
     _said("You have no build action left this turn", "NGG-TURN-6")),
    ("a build not held", main, Build(CH), "NGG-BUILD-1",
     _said("You have no chrome card", "ngg.illegal.no-card", material="chrome")),
    ("a fourth rocket", three_rockets, Build(IR), "NGG-BUILD-2",
     _said("Your launch pad already holds three rockets", "NGG-BUILD-2")),
    ("a launch before the opening", opening, Launch(WO), "NGG-TURN-1", _said(FINISH, "NGG-TURN-1")),
    ("no main action left", lambda: main(mains=0), Launch(WO), "NGG-TURN-6",
     _said("You have no main action left this turn", "NGG-TURN-6")),
    ("an incomplete rocket", main, Launch(WO), "NGG-LAUNCH-1",
     _said("Wood rocket needs 7 cards to launch; it has 2", "ngg.illegal.rocket-incomplete", material="wood",
           cost=7, size=2)),
    ("a chrome launch before the opening", opening, ChromeLaunch(WO), "NGG-TURN-1",
     _said(FINISH, "NGG-TURN-1")),
    ("a chrome launch without a bribe", main, ChromeLaunch(WO), "NGG-BRIBE-6",
     _said("Only a chrome bribe lets you launch an incomplete rocket", "NGG-BRIBE-6")),
    ("a chrome launch with no main action", chrome_as_main, ChromeLaunch(WO), "NGG-BRIBE-8",
     _said("The chrome launch uses your main action, and none is left", "NGG-BRIBE-8")),
    ("a chrome launch of no rocket", lambda: main(chrome=1), ChromeLaunch(IR), "NGG-BRIBE-6",
     _said("You have no iron rocket", "ngg.illegal.no-rocket", material="iron")),
    ("a free action before the discard", at(Phase.DISCARD), Scrap(WO), "NGG-FREE-1",
     _said("First put one of your cards on the scrapheap", "NGG-FREE-1")),
    ("a free action before the opening", opening, Scrap(WO), "NGG-FREE-1",
     _said("Free actions come after you draw or take from the scrapheap", "NGG-FREE-1")),
    ("a free action in a final turn", lambda: main_phase(opening(Options(finale_free_actions=False)),
                                                         final_turn=True),
     Scrap(WO), "NGG-FINALE-5", _said("No free actions in a final turn", "NGG-FINALE-5")),
    ("a scrap of no rocket", main, Scrap(IR), "NGG-FREE-2",
     _said("You have no iron rocket to scrap", "ngg.illegal.no-rocket-to-scrap", material="iron")),
    ("a bribe without the gremlin", main, Bribe(RU), "NGG-FREE-3",
     _said("The Wandering Gremlin is not in front of you", "NGG-FREE-3")),
    ("a bribe not held", lambda: main(wanderer=0), Bribe(CH), "NGG-FREE-3",
     _said("You have no chrome card", "ngg.illegal.no-card", material="chrome")),
    ("an end before the opening", opening, EndTurn(), "NGG-TURN-1", _said(FINISH, "NGG-TURN-1")),
    ("after the end", at(Phase.OVER), EndTurn(), "NGG-FINALE-6", _said("The game is over", "NGG-FINALE-6")),
]


@pytest.mark.clause("NGG-TURN-1", "NGG-TURN-2", "NGG-TURN-3", "NGG-TURN-6", "NGG-DATA-1", "NGG-BUILD-1",
                    "NGG-BUILD-2", "NGG-LAUNCH-1", "NGG-BRIBE-6", "NGG-BRIBE-8", "NGG-FREE-1", "NGG-FREE-2",
                    "NGG-FREE-3", "NGG-FINALE-3", "NGG-FINALE-5", "NGG-FINALE-6")
@pytest.mark.parametrize(("build", "action", "clause", "said"), [r[1:] for r in REFUSALS],
                         ids=[r[0] for r in REFUSALS])
def test_a_refusal_names_its_clause_and_says_why(build: Callable[[], State], action: Any, clause: str,
                                                  said: tuple[str, str, dict[str, Any]]) -> None:
    """Each way the rule book refuses an action (not an action or a material of the game, an
    opening, build, launch or free action at the wrong time, a card or rocket not there, no
    action left, the game over) raises IllegalActionError with its clause, the English sentence,
    and the message id and parameters of that sentence (the clause id for a fixed sentence); the
    state is left as it was."""
    s = build()
    assert_refused(apply, s, action, clause, said)


@pytest.mark.clause("NGG-FREE-1")
def test_free_actions_before_the_opening_only_where_the_option_allows_them() -> None:
    """With ``free_actions_before_opening`` a free action may come before the turn's opening
    draw (and in a final turn's opening), never while a discard is due; without it, never before
    the opening."""
    early = Options(free_actions_before_opening=True)
    assert is_legal(opening(early), Scrap(WO))
    assert is_legal(at(Phase.FINAL_OPENING, early)(), Scrap(WO))
    assert not is_legal(at(Phase.DISCARD, early)(), Scrap(WO))
    assert not is_legal(opening(), Scrap(WO))
    assert not is_legal(at(Phase.FINAL_OPENING)(), Scrap(WO))


@pytest.mark.clause("NGG-BRIBE-7", "NGG-BRIBE-8")
def test_a_chrome_launch_closes_an_open_build_only_when_it_is_the_main_action() -> None:
    """Half-way through a build (its second card still to come), a chrome bribe's launch leaves the
    build open and the main action unspent by default (an extra launch); under
    ``chrome_launch="main"`` it spends the main action and closes the build, like a Launch."""
    for option, left in (("extra", (1, 1)), ("main", (0, 0))):
        s = main_phase(opening(Options(chrome_launch=option)), open_build=1, chrome=1, mains=1, builds=0)
        s = apply(s, ChromeLaunch(WO))
        assert (s.open_build, s.mains) == left
        assert s.chrome == 0


@pytest.mark.clause("NGG-FINALE-6", "NGG-TURN-1")
@pytest.mark.parametrize("seats", [2, 5])
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
                                            lambda x: is_legal(x, DrawTwo()), lambda x: apply(x, DrawTwo())]
    for call in calls:
        with pytest.raises(InvalidArgumentError) as info:
            call("a state")
        assert str(info.value) == "expected a No Good Gremlins State, got str"


@pytest.mark.clause("NGG-FINALE-6", "NGG-TURN-1")
@pytest.mark.parametrize("query", [is_terminal, current_player, legal_actions, players])
def test_a_state_built_without_its_fields_is_refused_by_each_query_under_its_own_name(
        query: Callable[[Any], object]) -> None:
    """A State made around its constructor (``State.__new__(State)``, no field set) is refused by
    ``is_terminal``, ``current_player``, ``legal_actions`` and ``players`` with InvalidArgumentError
    naming the query and the missing fields, never the AttributeError it trips over (issue 28)."""
    hollow = object.__new__(State)
    with pytest.raises(InvalidArgumentError) as info:
        query(hollow)
    assert str(info.value).startswith(f"{query.__name__}: the State was built without its fields (players, ")


@pytest.mark.clause("NGG-TURN-1")
@pytest.mark.parametrize("kind", [Discard, Build, Launch, Scrap])
def test_an_action_built_without_its_fields_is_refused_as_not_an_action_naming_it(kind: type) -> None:
    """An action made around its constructor (no field set) is not one of the game's actions:
    the rule book's ``check`` says so naming it (``<a Discard>``) under NGG-TURN-1, and ``apply``
    refuses it with IllegalActionError, never the AttributeError it trips over; the state is
    untouched. ``check`` given a State built without its fields raises InvalidArgumentError under
    its own name."""
    s = table(3)
    before = s
    action: Any = object.__new__(kind)
    want = (f"<a {kind.__name__}> is not a No Good Gremlins action", "NGG-TURN-1")
    why = rules.check(s, action)
    assert why is not None
    assert (str(why[0]), why[1]) == want
    with pytest.raises(IllegalActionError) as info:
        apply(s, action)
    assert (str(info.value.reason), info.value.clause) == want
    assert s == before
    with pytest.raises(InvalidArgumentError) as hollow:
        rules.check(object.__new__(State), DrawTwo())
    assert str(hollow.value).startswith("check: the State was built without its fields (players, ")


@pytest.mark.clause("NGG-CHANCE-1")
def test_a_tracked_table_is_answered_by_the_games_own_functions() -> None:
    """The game module's current_player and is_terminal answer a table tracked in the
    external-chance mode too: at the opening deal the chance seat is to decide, and the game
    is not over."""
    tracked = gremlinrules.get_game("no-good-gremlins").new_game(3, chance="external")
    assert current_player(tracked) == CHANCE
    assert not is_terminal(tracked)
