"""Ending a round, scoring it, the match end and the advanced roles."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from gremlinrules import IllegalActionError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Phase
from gremlinrules.goblins_vs_gnomes import State
from gremlinrules.goblins_vs_gnomes import Steal
from gremlinrules.goblins_vs_gnomes.flow import end_round
from gremlinrules.goblins_vs_gnomes.route import route_tags
from tests.goblins_vs_gnomes.strategies import lay
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import with_field

TARGETS = ("dragon", "gold", "dynamite")  # top, middle, bottom
ADV = Options(advanced_roles=True)
EW7 = ["passage-ew"] * 3 + ["passage-cross"] * 3 + ["lantern-ew"]


def finish(state: State, result: str, opener: int = -1, *, dynamite: bool = False,
           last: int = 0) -> State:
    """``state``'s round ended with ``result`` ("gold", "dragon" or "none") opened by ``opener``."""
    opened = [state.targets[i] == result or (dynamite and state.targets[i] == "dynamite")
              for i in range(3)]
    return end_round(attrs.evolve(state, opened=tuple(opened), opener=opener), last).state


@pytest.mark.clause("GVG-SCORE-1")
def test_gold_scores_the_gnomes_and_the_gnome_opener_twice() -> None:
    """Four players, seats 0 and 3 Gnomes: seat 3 opens the Gold: 1 for seat 0, 2 for seat 3."""
    state = new(4, targets=TARGETS)
    assert finish(state, "gold", 3).points == (1, 0, 0, 2)


@pytest.mark.clause("GVG-SCORE-1", "GVG-SCORE-4")
def test_gold_by_a_goblin_costs_every_goblin_a_point_but_not_below_zero() -> None:
    """Seat 1 (Goblin) opens the Gold: Gnomes +1, Goblins -1: 3 -> 2, and 0 stays 0."""
    state = attrs.evolve(new(4, targets=TARGETS), points=(0, 3, 0, 0))
    assert finish(state, "gold", 1).points == (1, 2, 0, 1)


@pytest.mark.clause("GVG-SCORE-2", "GVG-END-3")
def test_the_dragon_gives_every_goblin_two_and_ends_the_round() -> None:
    """Whoever reaches the Dragon (here seat 2, laying the seventh card) ends the round and
    every Goblin scores 2."""
    plays = [(i % 4, c) for i, c in enumerate(EW7)]
    state = new(4, plays, targets=("gold", "dragon", "dynamite"))
    for i, card in enumerate(EW7):
        state = lay(state, card, i + 1, 0)
    assert state.points == (0, 2, 2, 0)
    assert state.last_result == "dragon"
    assert state.round == 2


@pytest.mark.clause("GVG-SCORE-3")
def test_no_target_gives_every_goblin_one() -> None:
    """With no target opened each Goblin scores 1, the Gnomes nothing."""
    assert finish(new(5, roles=("king", "driver", "jeweller", "greedy-one", "pedant")), "none").points == \
        (0, 1, 0, 1, 0)


@pytest.mark.clause("GVG-SCORE-5", "GVG-SCORE-6", "GVG-END-4")
def test_the_first_seat_to_reach_nine_wins_and_later_seats_are_not_scored() -> None:
    """Seats 0 and 3 (Gnomes) have 8; seat 3 opens the Gold: scoring starts at seat 3, which reaches
    10 and wins at once; seat 0 is never scored and keeps 8. The match is over."""
    state = attrs.evolve(new(4, targets=TARGETS), points=(8, 0, 0, 8))
    over = finish(state, "gold", 3)
    assert over.points == (8, 0, 0, 10)
    assert gvg.winners(over) == (3,)
    assert gvg.is_terminal(over)
    assert gvg.legal_actions(over) == ()
    assert gvg.current_player(over) is None
    with pytest.raises(IllegalActionError) as err:
        gvg.apply(over, gvg.Pass())
    assert err.value.clause == "GVG-END-4"


@pytest.mark.clause("GVG-SCORE-5", "GVG-SCORE-7")
def test_with_nobody_out_of_cards_scoring_starts_at_the_seat_that_ended_the_round() -> None:
    """No target, nobody out of cards: scoring starts at the seat whose pass ended the round, so of two
    Goblins on 8 the one first from there wins."""
    roles = ("king", "driver", "jeweller", "greedy-one", "pedant")
    state = attrs.evolve(new(5, roles=roles), points=(0, 8, 0, 8, 0))
    assert finish(state, "none", last=2).winners == (3,)
    assert finish(state, "none", last=0).winners == (1,)
    out_first = attrs.evolve(state, first_out=2)
    assert finish(out_first, "none", last=0).winners == (3,)


@pytest.mark.clause("GVG-SCORE-8")
def test_a_dynamite_only_round_scores_by_the_no_target_option() -> None:
    """Only the Dynamite opened: by default nobody scores; with no_target = no-gold-or-dragon the
    Goblins score 1."""
    state = new(4, targets=TARGETS)
    assert finish(state, "none", dynamite=True).points == (0, 0, 0, 0)
    other = new(4, targets=TARGETS, options=Options(no_target="no-gold-or-dragon"))
    assert finish(other, "none", dynamite=True).points == (0, 1, 1, 0)
    assert finish(state, "none", dynamite=True).points == (0, 0, 0, 0)


@pytest.mark.clause("GVG-SCORE-9")
def test_races_are_read_after_potion_swaps() -> None:
    """Seat 0 (Gnome) swapped with seat 1 (Goblin) by Potion before the Gold opened by seat 3: seat 1
    now scores as a Gnome, seat 0 as a Goblin; the roles are shown (last_roles)."""
    state = new(4, [(0, "potion")], targets=TARGETS)
    state = gvg.apply(state, gvg.PlayPotion(1))
    after = finish(state, "gold", 3)
    assert after.points == (0, 1, 0, 2)
    assert after.last_roles == ("demolitionist", "pedant", "greedy-one", "jeweller")


@pytest.mark.clause("GVG-ADV-1", "GVG-ADV-10")
def test_abilities_count_only_with_advanced_roles() -> None:
    """The Jeweller (seat 3) scores its +1 for the Gold only with advanced roles."""
    assert finish(new(4, targets=TARGETS), "gold", 0).points == (2, 0, 0, 1)
    assert finish(new(4, targets=TARGETS, options=ADV), "gold", 0).points == (2, 0, 0, 2)


@pytest.mark.clause("GVG-ADV-2")
def test_master_of_transformations_scores_for_taking_part_in_a_swap() -> None:
    """The holder gets +1 when its seat took part in a Potion swap this round, else nothing."""
    roles = ("master-of-transformations", "king", "jeweller")
    state = new(3, [(1, "potion")], roles=roles, targets=TARGETS, options=ADV)
    assert finish(state, "none").points == (1, 0, 0)
    swapped = attrs.evolve(state, potions=((1, 0),))
    assert finish(swapped, "none").points == (2, 0, 0)


@pytest.mark.clause("GVG-ADV-3")
def test_the_greedy_one_chooses_a_victim_and_takes_only_an_existing_point() -> None:
    """Dragon opened, advanced roles: the Greedy One's seat decides Steal; a victim with 0 points
    loses nothing and gives nothing; one with points gives 1."""
    state = new(4, targets=TARGETS, options=ADV)  # seat 2 is the Greedy One, seat 1 a Goblin
    asking = finish(state, "dragon", 0)
    assert asking.stack == (gvg.StealChoice(2),)
    assert gvg.observe(asking, 1).pending == asking.stack[-1]
    assert gvg.current_player(asking) == 2
    assert gvg.observe(asking, 0).shown_roles == state.roles
    assert gvg.apply(asking, Steal(2)).points == (0, 2, 2, 0)  # seat 0 had nothing
    rich = finish(attrs.evolve(state, points=(3, 0, 0, 0)), "dragon", 0)
    assert gvg.apply(rich, Steal(2)).points == (2, 2, 3, 0)
    assert not gvg.is_legal(rich, Steal(0))
    basic = finish(new(4, targets=TARGETS), "dragon", 0)
    assert basic.phase is Phase.PLAY
    assert basic.round == 2


@pytest.mark.clause("GVG-ADV-4")
def test_demolitionist_scores_when_the_dynamite_opened() -> None:
    """Seat 1 (Demolitionist) gets +1 in a round where the Dynamite opened, not otherwise."""
    state = new(4, targets=TARGETS, options=ADV)
    assert finish(state, "none", dynamite=True).points == (0, 1, 0, 0)
    assert finish(state, "none").points == (0, 1, 1, 0)


def _route_state(door: bool, mugs: int) -> State:
    fill = ["passage-ew", "passage-ew", "passage-ew", "passage-cross", "passage-cross", "passage-cross",
            "lantern-ew"]
    cards = ["ale-mug-ew", "ale-mug-cross", "ale-mug-cross"][:mugs] + fill[: 7 - mugs]
    if door:
        cards[3] = "door-red-ew"
    tiles = [(x, 0, c, False) for x, c in zip(range(1, 8), cards, strict=False)]
    if door:
        tiles.append((0, -1, "key-red-cross", False))
    return with_field(new(4, targets=TARGETS, options=ADV), tiles)


@pytest.mark.clause("GVG-ADV-5", "GVG-ADV-6", "GVG-ADV-9")
def test_route_conditions_through_doors() -> None:
    """A straight route with an open red door: some route passes an open door, none avoids doors;
    without the door, the reverse."""
    with_door = _route_state(True, 0)
    assert route_tags(with_door.field, (False, True, False), 1)[:2] == (False, True)
    plain = _route_state(False, 0)
    assert route_tags(plain.field, (False, True, False), 1)[:2] == (True, False)


@pytest.mark.clause("GVG-ADV-6", "GVG-ADV-9")
def test_driver_and_keymaster_scores() -> None:
    """Driver (+1 with a door-free route to the Gold) and Keymaster (+1 with a route through an open
    door): each scores on its route only."""
    roles = ("driver", "keymaster", "pedant")
    for door, want in ((False, (1, 1, 2)), (True, (0, 2, 2))):
        state = new(3, roles=roles, targets=TARGETS, options=ADV)
        tiles = [(t.x, t.y, t.card, t.rotated) for t in _route_state(door, 0).field]
        state = with_field(state, tiles)
        # the Gnomes score 1 for the Gold opened by seat 2, a Gnome, who scores 1 more
        assert finish(state, "gold", 2).points == want


@pytest.mark.clause("GVG-ADV-7")
def test_pedant_scores_when_the_deck_is_empty() -> None:
    """Seat 0 (Pedant) gets +1 when the round ends with an empty deck."""
    state = new(4, targets=TARGETS, options=ADV)
    empty = attrs.evolve(state, deck=(), deck_owner=(), discard=tuple(sorted(state.deck)))
    assert finish(empty, "none").points == (1, 1, 1, 0)
    assert finish(state, "none").points == (0, 1, 1, 0)


@pytest.mark.clause("GVG-ADV-8", "GVG-ADV-5")
def test_king_scores_with_three_ale_mugs_on_the_route_to_the_gold() -> None:
    """Three distinct Ale Mugs on the route: the King (seat 1) gets +1; two are not enough."""
    roles = ("jeweller", "king", "greedy-one")
    for mugs, bonus in ((3, 1), (2, 0)):
        base = _route_state(False, mugs)
        assert route_tags(base.field, (False, False, False), 1)[2] == mugs
        state = new(3, roles=roles, targets=TARGETS, options=ADV)
        state = with_field(state, [(t.x, t.y, t.card, t.rotated) for t in base.field])
        assert finish(state, "gold", 0).points == (3, 1 + bonus, 0)


@pytest.mark.clause("GVG-SCORE-6")
@pytest.mark.parametrize("seat_0_out", [False, True])
def test_the_first_seat_out_of_cards_stays_first(seat_0_out: bool) -> None:
    """With the deck gone, seat 1 plays its last card: it becomes the first seat out of cards,
    unless seat 0 already ran out, which stays the first (scoring starts there)."""
    state = new(3, first=1, extra={1: ["map"]})
    kept = (state.hands[0] if not seat_0_out else (), ("map",), state.hands[2])
    gone = Counter([*state.deck, *(c for h in state.hands for c in h)]) - Counter(c for h in kept for c in h)
    state = attrs.evolve(state, hands=kept, deck=(), deck_owner=(), discard=tuple(sorted(gone.elements())),
                         first_out=0 if seat_0_out else -1)
    after = gvg.apply(state, gvg.PlayMap(gvg.Slot.TOP))
    assert after.hands[1] == ()
    assert after.first_out == (0 if seat_0_out else 1)
