"""GVG-TARGET-3's option second_target: after the Dynamite, the other reached target opens
("opens", the default) or its placer may leave it face down ("may_open", DeclineTarget)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import gremlinrules
from gremlinrules import IllegalActionError
from gremlinrules import InvalidArgumentError
from gremlinrules import SetupError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.core.actionspace import action_space
from gremlinrules.goblins_vs_gnomes import DeclineTarget
from gremlinrules.goblins_vs_gnomes import OpenTarget
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import Slot
from gremlinrules.goblins_vs_gnomes import State
from gremlinrules.goblins_vs_gnomes import TargetDeclined
from gremlinrules.goblins_vs_gnomes import TargetOpened
from gremlinrules.goblins_vs_gnomes import rules
from tests.goblins_vs_gnomes.strategies import new

TARGETS = ("dragon", "dynamite", "gold")
"""Top Dragon, middle Dynamite, bottom Gold."""
ROUTE = [  # (seat, card, x, y, rotated): seats 0, 1, 2 in turn; a Bomb on (4, 2) beside the route
    (0, "passage-bend-sw", 0, 1, True), (1, "passage-ew", 1, 1, False), (2, "passage-ew", 2, 1, False),
    (0, "passage-ew", 3, 1, False), (1, "passage-cross", 4, 1, False), (2, "passage-cross", 5, 1, False),
    (0, "passage-cross", 6, 1, False), (1, "lantern-ew", 7, 1, False), (2, "bomb-cross", 4, 2, False),
]
T_CARD = (0, "passage-t-ns", 8, 1, True)
"""Seat 0's T-junction on (8, 1), between the middle (Dynamite) and bottom (Gold) targets."""

Apply = Callable[[State, Any], State]
PATHS = [pytest.param(gvg.apply, id="fast"), pytest.param(rules.apply, id="reference")]


def _reaching_two(second_target: str, apply: Apply) -> State:
    """Legal play from a stacked deal up to seat 0's T-junction reaching both the Dynamite and
    the Gold, then seat 0 opens the Dynamite first (the Bomb on (4, 2) leaves the field)."""
    plays = [*ROUTE, T_CARD]
    s = new(3, [(seat, card) for seat, card, *_ in plays], targets=TARGETS,
            options=Options(second_target=second_target))
    for seat, card, x, y, rotated in plays:
        assert s.turn == seat
        s = apply(s, Place(card, x, y, rotated))
    assert s.stack == (gvg.TargetChoice(0, False, (Slot.MIDDLE, Slot.BOTTOM)),)
    assert DeclineTarget() not in gvg.legal_actions(s)  # the first order choice is not optional
    return apply(s, OpenTarget(Slot.MIDDLE))


@pytest.mark.clause("GVG-TARGET-3", "GVG-TARGET-2")
@pytest.mark.parametrize("apply", PATHS)
def test_may_open_lets_the_placer_leave_the_gold_face_down_after_the_dynamite(apply: Apply) -> None:
    """Under "may_open", once the Dynamite opened the placer is asked: open the Gold the route
    still reaches or decline; DeclineTarget leaves it face down, no round ends, the turn passes
    and the Bombs are gone."""
    s = _reaching_two("may_open", apply)
    assert s.opened == (False, True, False)
    assert s.round == 1
    assert "bomb-cross" not in {t.card for t in s.field}  # GVG-TARGET-2
    assert s.stack == (gvg.TargetChoice(0, True, (Slot.BOTTOM,)),)
    assert gvg.legal_actions(s) == rules.legal_actions(s) == (OpenTarget(Slot.BOTTOM), DeclineTarget())
    gvg.check_state(s)
    after = apply(s, DeclineTarget())
    assert after.opened == (False, True, False)  # the Gold stays face down
    assert (after.round, after.stack, after.turn, after.points) == (1, (), 1, (0, 0, 0))
    gvg.check_state(after)
    opened = apply(s, OpenTarget(Slot.BOTTOM))  # the other answer opens it: the round ends
    assert (opened.round, opened.last_result) == (2, "gold")


@pytest.mark.clause("GVG-TARGET-3", "GVG-TARGET-1")
@pytest.mark.parametrize("apply", PATHS)
def test_a_declined_target_is_not_opened_by_a_card_laid_elsewhere(apply: Apply) -> None:
    """Under "may_open", after the Gold was left face down, the next player's card laid far
    from it (beside the start) does not open it: a target opens right after the card adjoining
    it is laid, so nobody is credited with a Gold they did not reach."""
    s = apply(_reaching_two("may_open", apply), DeclineTarget())
    after = apply(s, Place("bomb-ns", 0, -1, False))
    assert after.opened == (False, True, False)
    assert (after.round, after.points, after.last_result) == (1, (0, 0, 0), "")
    gvg.check_state(after)


@pytest.mark.clause("GVG-TARGET-3", "GVG-TARGET-2")
@pytest.mark.parametrize("apply", PATHS)
def test_opens_by_default_opens_the_gold_after_the_dynamite_without_asking(apply: Apply) -> None:
    """Under "opens" (the default) the same play opens the Gold at once: the round is over and
    scored (the Gnome seat 0 opened it), with nothing asked."""
    s = _reaching_two("opens", apply)
    assert (s.round, s.last_result, s.points) == (2, "gold", (2, 1, 0))
    assert not gvg.is_legal(s, DeclineTarget())


@pytest.mark.clause("GVG-TARGET-3")
def test_decline_is_refused_unless_the_choice_after_the_dynamite_is_pending() -> None:
    """DeclineTarget answers only the frame after the Dynamite: refused on a turn and on the
    first order choice (GVG-TURN-1, GVG-TARGET-3), under either option."""
    for mode in ("opens", "may_open"):
        s = new(3, [], targets=TARGETS, options=Options(second_target=mode))
        with pytest.raises(IllegalActionError) as err:
            gvg.apply(s, DeclineTarget())
        assert err.value.clause == "GVG-TURN-1"
        order = attrs.evolve(s, stack=(gvg.TargetChoice(s.turn, False, (Slot.MIDDLE, Slot.BOTTOM)),))
        for apply in (gvg.apply, rules.apply):
            with pytest.raises(IllegalActionError) as err:
                apply(order, DeclineTarget())
            assert err.value.clause == "GVG-TARGET-3"


@pytest.mark.clause("GVG-TARGET-3")
def test_check_state_accepts_the_decline_frame_only_under_may_open() -> None:
    """A pending choice after the Dynamite is consistent only under "may_open" with the Dynamite
    face up and a face-down target among its slots."""
    s = _reaching_two("may_open", gvg.apply)
    gvg.check_state(s)
    with pytest.raises(InvalidArgumentError, match="second_target"):
        gvg.check_state(attrs.evolve(s, options=Options(second_target="opens")))
    with pytest.raises(InvalidArgumentError, match="after the Dynamite"):
        gvg.check_state(attrs.evolve(s, opened=(False, False, False)))
    with pytest.raises(InvalidArgumentError, match="face-down"):
        gvg.check_state(attrs.evolve(s, stack=(gvg.TargetChoice(0, True, (Slot.MIDDLE,)),)))


@pytest.mark.clause("GVG-TARGET-3", "GVG-ACT-1")
@pytest.mark.parametrize("players", [3, 8])
def test_decline_is_the_last_action_only_under_may_open_and_keeps_every_other_index(players: int) -> None:
    """all_actions holds DeclineTarget only under "may_open", as its last action, so every other
    action keeps its index; the core action space follows."""
    opens = gvg.all_actions(players)
    may = gvg.all_actions(players, Options(second_target="may_open"))
    assert DeclineTarget() not in opens
    assert may == (*opens, DeclineTarget())
    game = gremlinrules.get_game("goblins-vs-gnomes")
    space = action_space(game, players, Options(second_target="may_open"))
    assert space.index_of(DeclineTarget()) == len(opens)


def test_second_target_is_validated_like_the_other_options() -> None:
    """Only "opens" and "may_open" are accepted."""
    assert Options().second_target == "opens"
    with pytest.raises(SetupError):
        gvg.new_game(3, 0, options=Options(second_target="maybe"))


@pytest.mark.clause("GVG-TARGET-3")
def test_decline_has_its_notation_label_event_and_description() -> None:
    """``decline`` parses back; the label is gvg.action.decline; the event TargetDeclined names
    the slots left face down and is public."""
    assert str(DeclineTarget()) == "decline"
    assert gvg.parse_action(" Decline ") == DeclineTarget()
    s = _reaching_two("may_open", gvg.apply)
    label = gvg.action_label(gvg.observe(s, 0), DeclineTarget())
    assert (label.key, str(label)) == ("gvg.action.decline", "Leave the other target face down")
    assert "face down" in gvg.describe(s, DeclineTarget())
    after, events = gvg.apply_with_events(s, DeclineTarget())
    assert after == gvg.apply(s, DeclineTarget())
    assert events == (TargetDeclined(0, (Slot.BOTTOM,)),)
    assert all(gvg.observe_event(events[0], seat) == events[0] for seat in (None, 0, 1, 2))
    _, opening = gvg.apply_with_events(s, OpenTarget(Slot.BOTTOM))
    assert any(isinstance(e, TargetOpened) and e.card == "gold" for e in opening)


def test_the_decision_bound_makes_room_for_the_decline() -> None:
    """The bound grows by the one order choice a declined target may need later, so it stays an
    upper bound under "may_open"."""
    for players in (3, 8):
        assert (gvg.decision_bound(players, Options(second_target="may_open"))
                > gvg.decision_bound(players))


@pytest.mark.clause("GVG-TARGET-3")
def test_a_playout_that_declines_after_the_dynamite_keeps_fast_and_reference_equal() -> None:
    """A playout under "may_open" (digging east, declining whenever asked) reaches the choice
    after the Dynamite and declines it; at every step the fast and the reference legal actions
    and next states are equal and the state is consistent."""
    s = gvg.new_game(5, 11, options=Options(round_limit=3, second_target="may_open"))
    declined = 0
    step = 0
    while s.phase is not gvg.Phase.OVER:
        legal = gvg.legal_actions(s)
        assert legal == rules.legal_actions(s)
        east = max((a for a in legal if isinstance(a, Place)), default=None, key=lambda a: a.x)
        if s.stack and isinstance(s.stack[-1], gvg.TargetChoice) and s.stack[-1].after_dynamite:
            assert legal[-1] == DeclineTarget()
            action: Any = legal[-1]
            declined += 1
        elif east is not None and step % 4:
            action = east
        else:
            action = legal[(11 * 7 + step) % len(legal)]
        after = gvg.apply(s, action)
        assert after == rules.apply(s, action)
        gvg.check_state(after)
        s = after
        step += 1
    assert declined >= 1


@pytest.mark.clause("GVG-TARGET-3", "GVG-TARGET-1")
@pytest.mark.parametrize("apply", PATHS)
def test_a_declined_target_opens_once_a_card_is_laid_beside_it_and_only_then(apply: Apply) -> None:
    """Under "may_open", after the Gold on (8, 2) was left face down: a card laid two columns and
    a row away (seat 1's Bomb on (5, 0)) and one laid two columns away (seat 2's Bomb on (6, 2))
    leave it face down; seat 0's Cave-in on (7, 2), beside it, opens it: the round ends with the
    Gold found."""
    s = apply(_reaching_two("may_open", apply), DeclineTarget())
    for action in (Place("bomb-ns", 5, 0, False), Place("bomb-cross", 6, 2, False)):
        s = apply(s, action)
        assert (s.opened, s.round, s.last_result) == ((False, True, False), 1, "")
        gvg.check_state(s)
    after = apply(s, Place("cave-in-ew", 7, 2, False))
    assert (after.round, after.last_result) == (2, "gold")
