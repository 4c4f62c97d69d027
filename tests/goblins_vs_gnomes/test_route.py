"""The route through tunnels, doors and keys; opening targets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings

from gremlinrules import IllegalActionError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import OpenTarget
from gremlinrules.goblins_vs_gnomes import Phase
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import PlayExplosion
from gremlinrules.goblins_vs_gnomes import Slot
from gremlinrules.goblins_vs_gnomes import rules as reference
from gremlinrules.goblins_vs_gnomes.route import Analysis
from gremlinrules.goblins_vs_gnomes.route import analyse
from tests.goblins_vs_gnomes.strategies import lay
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import player_counts
from tests.goblins_vs_gnomes.strategies import playout
from tests.goblins_vs_gnomes.strategies import seeds
from tests.goblins_vs_gnomes.strategies import with_field
from tests.goblins_vs_gnomes.strategies import with_hand

EW6 = ["passage-ew"] * 3 + ["passage-cross"] * 3


def _frontier(state: gvg.State) -> set[tuple[int, int]]:
    return set(analyse(state.field, state.opened).frontier)


@pytest.mark.clause("GVG-ROUTE-1")
@pytest.mark.parametrize("card", ["passage-ew", "key-blue-ew", "lantern-ew", "bomb-ew", "ale-mug-ew"])
def test_the_route_passes_through_every_open_tunnel_card(card: str) -> None:
    """A Passage, Key, Lantern, Bomb or Ale Mug east of the start lets the route on to (2, 0)."""
    state = with_field(new(3), [(1, 0, card, False)])
    assert (2, 0) in _frontier(state)


@pytest.mark.playout
@pytest.mark.clause("GVG-ROUTE-1")
@given(n=player_counts, seed=seeds)
@settings(max_examples=10)
def test_the_incremental_route_equals_a_fresh_analysis(n: int, seed: int) -> None:
    """Along random play the memoised, incrementally extended analysis of every field equals one
    computed from scratch (frontier, reached targets, removable cards)."""
    for state, _ in playout(n, seed, limit=250):
        got = analyse(state.field, state.opened)
        fresh = Analysis(state.field, state.opened)
        assert got.frontier == fresh.frontier
        assert got.reached == fresh.reached
        assert got.removable == fresh.removable


@pytest.mark.clause("GVG-ROUTE-2")
def test_a_cave_in_is_a_dead_end() -> None:
    """The route reaches a Cave-in but not the cells beyond its open sides."""
    state = with_field(new(3), [(1, 0, "cave-in-cross", False)])
    assert not {(2, 0), (1, 1), (1, -1)} & _frontier(state)


@pytest.mark.clause("GVG-ROUTE-3")
def test_a_door_opens_only_for_a_key_of_its_colour_in_front_of_it() -> None:
    """A red door blocks; a blue key does not open it; a red key beyond the door does not either;
    a red key on a side branch before it does."""
    door = [(1, 0, "passage-ew", False), (2, 0, "door-red-ew", False)]
    state = with_field(new(3), door)
    assert (3, 0) not in _frontier(state)
    assert (3, 0) not in _frontier(with_field(state, [(0, -1, "key-blue-cross", False)]))
    beyond = with_field(state, [(3, 0, "key-red-ew", False)])
    assert (4, 0) not in _frontier(beyond)
    branch = with_field(state, [(0, -1, "key-red-cross", False)])
    assert (3, 0) in _frontier(branch)


@pytest.mark.clause("GVG-ROUTE-4", "GVG-INV-3")
def test_a_lantern_cannot_be_blown_up() -> None:
    """An Explosion on a Lantern is refused; on a Bomb beside it, allowed."""
    state = with_field(new(3), [(1, 0, "lantern-ew", False), (2, 0, "bomb-ew", False)])
    state = with_hand(state, 0, ["explosion", "map", "map"])
    with pytest.raises(IllegalActionError) as err:
        gvg.apply(state, PlayExplosion("lantern-ew", 1, 0))
    assert err.value.clause == "GVG-CARD-2"
    assert gvg.is_legal(state, PlayExplosion("bomb-ew", 2, 0))
    assert PlayExplosion("lantern-ew", 1, 0) not in gvg.legal_actions(state)


@pytest.mark.clause("GVG-TARGET-1")
def test_a_target_opens_as_soon_as_the_route_reaches_it() -> None:
    """Laying the card beside the middle target opens it in the same action (here the Dynamite,
    so the round goes on)."""
    state = with_field(new(3, targets=("gold", "dynamite", "dragon")),
                       [(x, 0, c, False) for x, c in zip(range(1, 7), EW6, strict=True)])
    state = with_hand(state, 0, ["lantern-ew", "map", "map"])
    after = lay(state, "lantern-ew", 7, 0)
    assert after.opened == (False, True, False)
    assert gvg.observe(after, 1).targets.middle.card == "dynamite"


@pytest.mark.clause("GVG-TARGET-2", "GVG-COMP-6")
def test_the_dynamite_removes_every_bomb_and_play_goes_on() -> None:
    """Both Bombs (one on the route) go to the discards; it is the next seat's turn in the same
    round; the face-up Dynamite is part of the route (cells beyond it become reachable)."""
    tiles = [(x, 0, c, False) for x, c in zip(range(1, 7), ["passage-ew", "bomb-ew", "passage-ew",
                                                             "passage-cross", "passage-cross",
                                                             "passage-cross"], strict=True)]
    state = with_field(new(3, targets=("gold", "dynamite", "dragon")),
                       [*tiles, (0, -1, "bomb-cross", False)])
    state = with_hand(state, 0, ["passage-ew", "map", "map"])
    after = lay(state, "passage-ew", 7, 0)
    assert after.round == 1
    assert after.phase is Phase.PLAY
    assert gvg.current_player(after) == 1
    assert [t.card for t in after.field if "bomb" in t.card] == []
    assert {"bomb-ew", "bomb-cross"} <= set(after.discard)
    # the route now ends at (1, 0): the bomb on (2, 0) is gone; a fresh route past the Dynamite is
    # possible only through it, so check the Dynamite cell is passable with the route restored
    restored = with_field(after, [(2, 0, "key-blue-ew", False)])
    assert (9, 0) in _frontier(restored)


@pytest.mark.clause("GVG-TARGET-3")
def test_the_placer_chooses_which_of_two_reached_targets_opens_first() -> None:
    """A T-junction on (8, 1) reaches the middle and bottom targets: the placer must choose. Opening
    the Gold first ends the round with the Dynamite still face down; a Bomb on the route makes the
    Dynamite-first choice stop there (the route breaks, the Gold stays shut)."""
    row = [(0, 1, "passage-bend-sw", True)] + [
        (x, 1, c, False) for x, c in zip(range(1, 8), EW6 + ["lantern-ew"], strict=True)]
    state = with_field(new(3, targets=("dragon", "dynamite", "gold")), row)
    state = with_hand(state, 0, ["passage-t-ns", "map", "map"])
    choosing = gvg.apply(state, Place("passage-t-ns", 8, 1, True))
    assert choosing.stack == (gvg.TargetChoice(0, False, (Slot.MIDDLE, Slot.BOTTOM)),)
    assert gvg.current_player(choosing) == 0
    assert gvg.legal_actions(choosing) == (OpenTarget(Slot.MIDDLE), OpenTarget(Slot.BOTTOM))
    gold_first = gvg.apply(choosing, OpenTarget(Slot.BOTTOM))
    assert gold_first.last_result == "gold"
    assert gold_first.round == 2
    bombed = [r if r[0] != 3 else (3, 1, "bomb-ew", False) for r in row]
    state = with_field(new(3, targets=("dragon", "dynamite", "gold")), bombed)
    state = with_hand(state, 0, ["passage-t-ns", "map", "map"])
    choosing = gvg.apply(state, Place("passage-t-ns", 8, 1, True))
    after = gvg.apply(choosing, OpenTarget(Slot.MIDDLE))
    assert after.round == 1
    assert after.opened == (False, True, False)
    assert after.phase is Phase.PLAY


@pytest.mark.clause("GVG-ROUTE-3")
def test_a_key_opens_no_door_of_another_colour_for_a_card_laid_beyond() -> None:
    """As the rules play it: behind a red door with a blue key on the route, a card beyond the door
    is refused (it would not extend the route); with a red key there instead, it is legal. The
    reference's route lists the colour of the keys it found."""
    door = [(1, 0, "passage-ew", False), (2, 0, "door-red-ew", False)]
    blue = with_hand(with_field(new(3), [*door, (0, -1, "key-blue-cross", False)]), 0,
                     ["passage-ew", "map", "map"])
    assert not gvg.is_legal(blue, Place("passage-ew", 3, 0))
    assert reference.route(blue).keys == frozenset({"blue"})
    red = with_hand(with_field(new(3), [*door, (0, -1, "key-red-cross", False)]), 0,
                    ["passage-ew", "map", "map"])
    assert gvg.is_legal(red, Place("passage-ew", 3, 0))
    assert reference.route(red).keys == frozenset({"red"})


def _middle_target_opened() -> gvg.State:
    """Row 0 laid up to the face-up middle target (the Dynamite, so the round goes on), with a
    branch from (6, 0) down and east (a bend turned north-east) to (7, 1), beside the cell (8, 1)
    under the target; seat 1 to play."""
    row = ["lantern-ew", "ale-mug-ew", "key-red-ew"] + ["passage-cross"] * 3  # no Bomb: the Dynamite takes it
    tiles = [(x, 0, c, False) for x, c in zip(range(1, 7), row, strict=True)]
    state = with_field(new(3, targets=("dragon", "dynamite", "gold")),
                       [*tiles, (6, 1, "passage-bend-sw", True), (7, 1, "key-blue-ew", False)])
    state = gvg.apply(with_hand(state, 0, ["passage-ew", "map", "map"]), Place("passage-ew", 7, 0))
    assert state.opened == (False, True, False)
    assert state.turn == 1
    assert not state.stack
    return with_hand(state, 1, ["passage-ew", "passage-ns", "map"])


@pytest.mark.clause("GVG-ROUTE-1")
def test_the_route_passes_through_a_face_up_target() -> None:
    """A straight laid east of the face-up middle target touches no other card: it extends the
    route through the target, so it is legal."""
    state = _middle_target_opened()
    assert gvg.is_legal(state, Place("passage-ew", 9, 0))
    assert (9, 0) in {(a.x, a.y) for a in gvg.legal_actions(state) if isinstance(a, Place)}


@pytest.mark.clause("GVG-PLACE-3", "GVG-PLACE-2")
def test_a_face_up_target_imposes_no_edge() -> None:
    """Under the face-up middle target, a straight whose closed north side faces the target is
    legal (it extends the route from the west); one whose west side is closed against the open
    card there is refused."""
    state = _middle_target_opened()
    assert gvg.is_legal(state, Place("passage-ew", 8, 1))
    assert not gvg.is_legal(state, Place("passage-ns", 8, 1))


@pytest.mark.clause("GVG-PLACE-2")
def test_a_card_that_extends_the_route_must_still_match_every_neighbour() -> None:
    """South-east of the start, below a cross the route passes: a cross opens onto it but its open
    west side meets the closed east side of the straight south of the start, so it is refused; a
    north-south straight (closed west) fits both."""
    state = with_field(new(3), [(1, 0, "passage-cross", False), (0, 1, "passage-ns", False)])
    state = with_hand(state, 0, ["passage-cross", "passage-ns", "map"])
    assert not gvg.is_legal(state, Place("passage-cross", 1, 1))
    assert gvg.is_legal(state, Place("passage-ns", 1, 1))


@pytest.mark.clause("GVG-TARGET-1", "GVG-TARGET-3")
def test_a_reached_face_down_target_opens_with_the_next_card_wherever_it_lies() -> None:
    """A field (accepted by check_state) whose route reaches the face-down middle target: with the
    default second_target option, the next card laid opens it although it lies far from it (only
    under second_target="may_open" may a reached target stay face down)."""
    row = [(x, 0, c, False) for x, c in zip(range(1, 8), [*EW6, "lantern-ew"], strict=True)]
    state = with_field(new(3, targets=("dragon", "dynamite", "gold")), row)
    assert state.opened == (False, False, False)
    state = with_hand(state, 0, ["passage-ns", "map", "map"])
    assert gvg.apply(state, Place("passage-ns", 0, 1)).opened == (False, True, False)
