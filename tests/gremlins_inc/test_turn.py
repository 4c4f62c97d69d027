"""The turn: projects, assigning, playing, completing, cancelling, ending (GI-TURN-*, GI-PROJ-*,
GI-RES-*, GI-PLAY-*, GI-DONE-*)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gremlinrules import IllegalActionError
from gremlinrules.gremlins_inc import Assign
from gremlinrules.gremlins_inc import Cancel
from gremlinrules.gremlins_inc import ChoosePlayer
from gremlinrules.gremlins_inc import ChooseProject
from gremlinrules.gremlins_inc import Complete
from gremlinrules.gremlins_inc import Done
from gremlinrules.gremlins_inc import EndTurn
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Phase
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import Setup
from gremlinrules.gremlins_inc import Start
from gremlinrules.gremlins_inc import all_actions
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import apply_with_events
from gremlinrules.gremlins_inc import check_state
from gremlinrules.gremlins_inc import events
from gremlinrules.gremlins_inc import is_legal
from gremlinrules.gremlins_inc import legal_actions
from gremlinrules.gremlins_inc import new_game
from gremlinrules.gremlins_inc.frames import Payment
from gremlinrules.gremlins_inc.frames import PlayerChoice
from tests.gremlins_inc.helpers import OPTIONS
from tests.gremlins_inc.helpers import TEST_SET
from tests.gremlins_inc.helpers import P
from tests.gremlins_inc.helpers import play
from tests.gremlins_inc.helpers import table

TURN_ACTIONS: dict[str, Callable[[int], Any]] = {
    "start": lambda k: Start(("coin", "rich")[k]),
    "assign": lambda k: Assign(("coin", "rich")[k], 1),
    "play": lambda k: Play(("coin", "rich")[k]),
    "complete": lambda k: Complete(1),
    "cancel": lambda k: Cancel(1),
}
"""Each kind of turn action on :func:`two_of_each`'s table, ``k`` hand cards having been used
already this turn (0 or 1): nothing it does asks a choice."""
HAND_ACTIONS = frozenset({"start", "assign", "play"})

PAIRS = [(a, b) for a in sorted(TURN_ACTIONS) for b in sorted(TURN_ACTIONS) if (a, b) != ("start", "start")]
"""Every two kinds in a row, but two starts (a fourth project; see the test above)."""


def two_of_each() -> Any:
    """Seat 0 holds a coin and a rich (both plain to start, assign or play); its two projects,
    a watch and a clock, are ready to complete."""
    row = (P("watch", "coin", "coin", up=True), P("clock", "coin", "coin", "spite", up=True))
    return table(hands=[("coin", "rich"), (), ()], projects=[row, (), ()], deck=["spite", "grab", "gift"])


@pytest.mark.clause("GI-TURN-1", "GI-TURN-2")
def test_a_turn_is_two_actions_then_it_ends_by_itself() -> None:
    """Two starts use the turn up: the next seat is to play; one action and EndTurn ends it early."""
    s = table(hands=[("coin", "rich"), (), ()])
    s = play(s, Start("coin"))
    assert s.turn == 0
    assert s.actions_used == 1
    s = play(s, Start("rich"))
    assert s.turn == 1
    assert s.actions_used == 0
    early = play(table(hands=[("coin",), (), ()]), Start("coin"), EndTurn())
    assert early.turn == 1
    none = play(table(), EndTurn())
    assert none.turn == 1


@pytest.mark.clause("GI-TURN-1")
def test_only_the_turn_owners_cards_can_be_used() -> None:
    """Seat 0 cannot start a card held by seat 1; the refusal names the rule."""
    s = table(hands=[("coin",), ("spite",), ()])
    with pytest.raises(IllegalActionError) as info:
        apply(s, Start("spite"))
    assert info.value.clause == "GI-TURN-1"


@pytest.mark.clause("GI-TURN-3")
def test_every_hand_refills_to_six_from_the_player_who_just_played() -> None:
    """After seat 1's turn, seat 1 draws first, then seat 2, then seat 0, from the top of the deck."""
    top = ["gift", "spite", "grab", "rich", "purge", "overtime", "shift", "juggle"]
    s = table(hands=[("coin",) * 5, ("coin",) * 3, ("coin",) * 4], deck=top, turn=1)
    s = play(s, EndTurn())
    assert [len(h) for h in s.hands] == [6, 6, 6]
    assert sorted(s.hands[1]) == sorted(["coin"] * 3 + top[:3])
    assert sorted(s.hands[2]) == sorted(["coin"] * 4 + top[3:5])
    assert sorted(s.hands[0]) == sorted(["coin"] * 5 + top[5:6])


@pytest.mark.clause("GI-PROJ-1", "GI-PROJ-3")
def test_a_project_starts_face_down_unless_the_card_allows_face_up() -> None:
    """Any card may start a project face down; only a card that says so may start face up."""
    s = table(hands=[("watch", "spite"), (), ()])
    assert is_legal(s, Start("watch", True))
    assert not is_legal(s, Start("spite", True))
    with pytest.raises(IllegalActionError) as info:
        apply(s, Start("spite", True))
    assert info.value.clause == "GI-PROJ-3"
    s = play(s, Start("watch", True), Start("spite"))
    assert [(p.card, p.face_up) for p in s.projects[0]] == [("watch", True), ("spite", False)]


@pytest.mark.clause("GI-PROJ-2", "GI-ZONE-2")
def test_at_most_three_projects_and_permanents_do_not_count() -> None:
    """A fourth project is refused; active permanents beside three projects do not matter."""
    s = table(hands=[("coin",), (), ()], projects=[(P("spite"), P("rich"), P("gift")), (), ()],
              permanents=[("bank", "trophy"), (), ()])
    assert not is_legal(s, Start("coin"))
    with pytest.raises(IllegalActionError) as info:
        apply(s, Start("coin"))
    assert info.value.clause == "GI-PROJ-2"
    s = play(s, Cancel(2), Start("coin"))
    assert len(s.projects[0]) == 3


@pytest.mark.clause("GI-PROJ-4")
def test_cancelling_discards_the_project_and_its_resources_for_nothing() -> None:
    """The card and all its resources go to the discard pile; no score."""
    s = table(projects=[(P("watch", "coin", "spite"), P("rich")), (), ()])
    s = play(s, Cancel(1))
    assert [p.card for p in s.projects[0]] == ["rich"]
    assert sorted(s.discard) == ["coin", "spite", "watch"]
    assert s.scores[0] == 0


@pytest.mark.clause("GI-PROJ-5")
def test_projects_are_numbered_from_one_and_close_up() -> None:
    """Project numbers count from 1 in the owner's row; after a cancel the later ones move up,
    keeping their public uid; a number past the row is refused with the clause."""
    s = table(projects=[(P("watch"), P("rich"), P("gift")), (), ()])
    uids = [p.uid for p in s.projects[0]]
    assert not is_legal(s, Cancel(0))
    assert not is_legal(s, Cancel(4))
    with pytest.raises(IllegalActionError) as info:
        apply(s, Cancel(4))
    assert info.value.clause == "GI-PROJ-5"
    s = play(s, Cancel(1))
    assert [p.card for p in s.projects[0]] == ["rich", "gift"]
    assert [p.uid for p in s.projects[0]] == uids[1:]


@pytest.mark.clause("GI-RES-1")
def test_assigning_puts_a_hand_card_behind_a_project_as_one_resource_of_its_type() -> None:
    """Any card goes behind any project, whatever it needs; the rulebook's example turn: assign,
    then complete."""
    s = table(hands=[("coin", "spite"), (), ()], projects=[(P("watch", "gift", up=True), P("rich")), (), ()])
    s = play(s, Assign("spite", 2))
    assert s.projects[0][1].resources == ("spite",)
    s = table(hands=[("coin",), (), ()], projects=[(P("watch", "gift", up=True),), (), ()])
    assert not is_legal(s, Complete(1))
    s = play(s, Assign("coin", 1), Complete(1))
    assert s.scores[0] == 2
    assert s.turn == 1


@pytest.mark.clause("GI-RES-2", "GI-PLAY-2")
def test_paying_asks_which_project_and_takes_its_latest_resource_of_the_type() -> None:
    """A malice cost with malice on two projects asks which; the chosen project loses its most
    recently assigned malice card; never a hand card."""
    s = table(hands=[("spite", "spite"), (), ()],
              projects=[(P("clock", "purge", "coin", "grab"), P("rich", "spite")), (), ()], scores=[0, 4, 0])
    s = play(s, Play("spite"))
    assert type(s.stack[-1]) is Payment
    assert legal_actions(s) == (ChooseProject(0, 1), ChooseProject(0, 2))
    s = play(s, ChooseProject(0, 1))
    assert s.projects[0][0].resources == ("purge", "coin")
    assert "grab" in s.discard
    assert s.hands[0] == ("spite",)


@pytest.mark.clause("GI-PLAY-1", "GI-PLAY-2")
def test_only_affordable_action_cards_are_played() -> None:
    """A blueprint is never played; an action whose cost the projects cannot pay is refused."""
    s = table(hands=[("watch", "spite", "coin"), (), ()], projects=[(P("rich", "coin"),), (), ()])
    assert is_legal(s, Play("coin"))
    assert not is_legal(s, Play("spite"))
    for bad, clause in ((Play("watch"), "GI-PLAY-1"), (Play("spite"), "GI-PLAY-2")):
        with pytest.raises(IllegalActionError) as info:
            apply(s, bad)
        assert info.value.clause == clause


@pytest.mark.clause("GI-PLAY-3")
def test_a_played_card_resolves_then_is_discarded() -> None:
    """The rulebook's example turn: play an action card, then assign; the card lies on the discard
    pile once resolved."""
    s = table(hands=[("coin", "rich"), (), ()], projects=[(P("watch"),), (), ()])
    s = play(s, Play("coin"))
    assert s.scores[0] == 1
    assert s.discard == ("coin",)
    assert s.resolving == ""
    s = play(s, Assign("rich", 1))
    assert s.turn == 1


@pytest.mark.clause("GI-DONE-1", "GI-DONE-4")
def test_completing_scores_then_discards_card_and_every_resource() -> None:
    """Extra resources beyond the cost are discarded too; the card is revealed (its effect runs)."""
    s = table(projects=[(P("lab", "engine", "spite", "coin"),), (), ()])
    s = play(s, Complete(1))
    assert s.scores[0] == 2
    assert not s.projects[0]
    assert sorted(s.discard) == ["coin", "engine", "lab", "spite"]
    assert len(s.hands[0]) == 1  # the lab's effect drew one (the turn goes on: no refill yet)


@pytest.mark.clause("GI-DONE-2")
def test_a_bluff_project_made_of_an_action_card_can_never_complete() -> None:
    """An action card project with plenty of resources is still refused, naming the clause."""
    s = table(projects=[(P("spite", "coin", "coin", "coin"),), (), ()])
    assert Complete(1) not in legal_actions(s)
    with pytest.raises(IllegalActionError) as info:
        apply(s, Complete(1))
    assert info.value.clause == "GI-DONE-2"


@pytest.mark.clause("GI-DONE-3", "GI-PASSIVE-1")
def test_a_permanent_stays_active_and_acts_from_the_next_action() -> None:
    """Completing the bank makes it active (no longer a project); the same turn's next action plays
    a card costing gold and malice with the malice alone (without the bank it cannot)."""
    s = table(hands=[("grab",), (), ()], projects=[(P("bank", "coin"), P("rich", "spite")), (), ()],
              scores=[0, 5, 0])
    s = play(s, Complete(1))
    assert s.permanents[0] == ("bank",)
    assert [p.card for p in s.projects[0]] == ["rich"]
    assert is_legal(s, Play("grab"))
    without = table(hands=[("grab",), (), ()], projects=[(P("rich", "spite"),), (), ()], scores=[0, 5, 0])
    assert not is_legal(without, Play("grab"))
    s = play(s, Play("grab"), ChoosePlayer(1))
    assert s.scores == (6, 2, 0)
    assert s.projects[0][0].resources == ()




@pytest.mark.clause("GI-CARD-1")
def test_actions_name_designs_not_copies_and_come_in_the_space_order() -> None:
    """Twelve copies of a card give one Start; legal actions are a subsequence of the space."""
    s = table(hands=[("coin",) * 6, (), ()])
    starts = [a for a in legal_actions(s) if isinstance(a, Start)]
    assert starts == [Start("coin")]
    space = all_actions(3, OPTIONS)
    assert len(set(space)) == len(space)
    index = [space.index(a) for a in legal_actions(s)]
    assert index == sorted(index)
    assert s.phase is Phase.PLAY


@pytest.mark.clause("GI-TURN-1")
@pytest.mark.parametrize(("first", "second"), PAIRS)
def test_every_kind_of_turn_action_uses_one_of_the_two(first: str, second: str) -> None:
    """Any turn action (a start, an assign, a play, a complete or a cancel) counts as one of the
    turn's two: after the first the same seat is still to act with one used, after the second
    the turn has passed to the next seat."""
    s = play(two_of_each(), TURN_ACTIONS[first](0))
    assert (s.turn, s.actions_used) == (0, 1)
    s = play(s, TURN_ACTIONS[second](1 if first in HAND_ACTIONS else 0))
    assert s.turn == 1
    assert s.actions_used == 0


@pytest.mark.clause("GI-TURN-1")
def test_two_cancels_use_the_whole_turn() -> None:
    """A cancel uses an action like any other: after two cancels seat 0 may not act again (its
    third project stays), the turn has passed."""
    s = table(projects=[(P("watch"), P("rich"), P("gift")), (), ()])
    s = play(s, Cancel(1))
    assert s.actions_used == 1
    assert s.turn == 0
    s = play(s, Cancel(1))
    assert s.turn == 1
    assert [p.card for p in s.projects[0]] == ["gift"]


def emitted(s: Any, action: Any) -> tuple[Any, list[Any]]:
    """The state after ``action`` (the rule book's) and the events the rules reported on the way
    (after the action's own ``Acted``)."""
    after, log = apply_with_events(s, action)
    assert after == apply(s, action)
    return after, list(log[1:])


@pytest.mark.clause("GI-PLAY-2")
def test_a_cost_of_two_resources_asks_for_each_in_turn() -> None:
    """Grab costs a gold and a malice; with both on two projects, the payer is asked for the gold's
    project, then for the malice's, and each chosen project loses that one resource."""
    row = (P("clock", "coin", "spite"), P("watch", "coin", "purge"))
    s = play(table(hands=[("grab",), (), ()], projects=[row, (), ()], scores=[0, 3, 0]), Play("grab"))
    assert type(s.stack[-1]) is Payment
    s = play(s, ChooseProject(0, 1))
    assert type(s.stack[-1]) is Payment
    assert legal_actions(s) == (ChooseProject(0, 1), ChooseProject(0, 2))
    s = play(s, ChooseProject(0, 2))
    assert [p.resources for p in s.projects[0]] == [("spite",), ("coin",)]
    assert sorted(s.discard) == ["coin", "purge"]


@pytest.mark.clause("GI-PLAY-2")
def test_a_cost_of_two_resources_from_one_source_each_is_paid_without_asking() -> None:
    """Grab's gold and malice both on one project: nothing is asked, both units are paid (the
    latest of each type leaves the project) and the card resolves."""
    row = (P("clock", "coin", "spite", "coin"), P("watch"))
    s = play(table(hands=[("grab",), (), ()], projects=[row, (), ()], scores=[0, 3, 0]), Play("grab"))
    assert type(s.stack[-1]) is PlayerChoice
    assert s.projects[0][0].resources == ("coin",)
    assert sorted(s.discard) == ["coin", "spite"]


@pytest.mark.clause("GI-DONE-1", "GI-VIEW-3")
def test_completing_reports_the_points_and_forgets_the_peeks() -> None:
    """Completing a face-down watch another seat had seen: the rules report the seat, the card,
    its points and the project's uid, and no seat remembers the project afterwards (it is face
    up, then gone)."""
    s = table(hands=[(), (), ()], projects=[(P("watch", "coin", "coin"),), (), ()], seen=[(), (0,), ()])
    s, log = emitted(s, Complete(1))
    assert events.Completed(0, "watch", 2, 0) in log
    assert s.seen == ((), (), ())


@pytest.mark.clause("GI-DONE-1", "GI-VIEW-3")
def test_a_project_completed_is_forgotten_while_its_effect_asks_a_choice() -> None:
    """Completing a face-down engine another seat had seen: while its effect (an opponent's project
    is discarded) asks which opponent, the engine is face up and no seat remembers it, a state the
    consistency check accepts."""
    rows = [(P("engine", "coin", "lab", "shield"),), (P("watch"),), (P("rich"),)]
    s = play(table(projects=rows, seen=[(), (0,), ()]), Complete(1))
    assert type(s.stack[-1]) is PlayerChoice
    assert s.projects[0][0].face_up
    assert s.seen == ((), (), ())
    check_state(s)


@pytest.mark.clause("GI-SETUP-3")
def test_the_first_turn_begins_when_the_last_seat_has_redrawn() -> None:
    """After the familiar start's last redraw the rules report the first player's turn beginning
    in round 1."""
    s = new_game(3, 5, options=Options(components=TEST_SET, familiar=True), setup=Setup(first_player=1))
    s = play(s, Done(), Done())
    s, log = emitted(s, Done())
    assert events.TurnBegan(1, 1) in log
    assert s.phase is Phase.PLAY
