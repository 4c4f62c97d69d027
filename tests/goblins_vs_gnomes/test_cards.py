"""Map, Explosion, Potion and Ale Mug."""

from __future__ import annotations

import attrs
import pytest

from gremlinrules import IllegalActionError
from gremlinrules import InvalidArgumentError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import NameSkip
from gremlinrules.goblins_vs_gnomes import Phase
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import PlayExplosion
from gremlinrules.goblins_vs_gnomes import PlayMap
from gremlinrules.goblins_vs_gnomes import PlayPotion
from gremlinrules.goblins_vs_gnomes import Slot
from gremlinrules.goblins_vs_gnomes import Swap
from gremlinrules.goblins_vs_gnomes.view import known_roles
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import with_field
from tests.goblins_vs_gnomes.strategies import with_hand


@pytest.mark.clause("GVG-CARD-1", "GVG-VIEW-3")
def test_a_map_shows_one_target_to_its_player_only() -> None:
    """After seat 0 peeks at the top target, seat 0's view shows it for the rest of the round; the
    others' views show only that seat 0 looked."""
    state = new(3, [(0, "map")], targets=("dragon", "gold", "dynamite"))
    after = gvg.apply(state, PlayMap(Slot.TOP))
    mine = gvg.observe(after, 0).targets
    assert (mine.top.card, mine.middle.card, mine.bottom.card) == ("dragon", None, None)
    for p in (1, 2):
        theirs = gvg.observe(after, p).targets
        assert (theirs.top.card, theirs.middle.card, theirs.bottom.card) == (None, None, None)
        assert gvg.observe(after, p).peeks == (gvg.Peek(0, gvg.Slot.TOP),)
    later = gvg.apply(after, Swap(after.hands[1][0]))
    assert gvg.observe(later, 0).targets.top.card == "dragon"


@pytest.mark.clause("GVG-CARD-1")
def test_a_map_needs_a_face_down_target() -> None:
    """A Map on a face-up target is refused; a Map action with a non-slot target cannot be built."""
    state = new(3, [(0, "map")])
    opened = attrs.evolve(state, opened=(True, False, False), targets=("dynamite", "gold", "dragon"))
    with pytest.raises(IllegalActionError):
        gvg.apply(opened, PlayMap(Slot.TOP))
    with pytest.raises(InvalidArgumentError):
        PlayMap(0)  # type: ignore[arg-type]


@pytest.mark.clause("GVG-CARD-2", "GVG-CARD-5")
def test_an_explosion_removes_one_field_card_from_the_round() -> None:
    """The card on the cell and the Explosion both go to the discards and the cell is empty; the
    start and the target cells, and empty cells, cannot be blown up."""
    state = with_field(new(3), [(1, 0, "passage-ew", False)])
    state = with_hand(state, 0, ["explosion", "map", "map"])
    after = gvg.apply(state, PlayExplosion("passage-ew", 1, 0))
    assert after.field == ()
    assert after.discard == ("explosion", "passage-ew")
    for cell in ((0, 0), (8, 0), (2, 0)):
        assert not gvg.is_legal(state, PlayExplosion("passage-ew", *cell))


@pytest.mark.clause("GVG-CARD-3", "GVG-VIEW-2", "GVG-CARD-5")
def test_a_potion_swaps_roles_and_both_players_know_the_other() -> None:
    """Seat 0 swaps with seat 2: roles exchange; seat 0 knows seat 2 now holds its old card and seat
    2 knows seat 0's; seat 1 learns nothing; the Potion is discarded."""
    state = new(3, [(0, "potion")], roles=("jeweller", "king", "greedy-one"))
    after = gvg.apply(state, PlayPotion(2))
    assert after.roles == ("greedy-one", "king", "jeweller")
    assert after.discard == ("potion",)
    assert known_roles(after, 0) == ((2, "jeweller"),)
    assert known_roles(after, 2) == ((0, "greedy-one"),)
    assert known_roles(after, 1) == ()
    assert gvg.observe(after, 0).role == "greedy-one"


@pytest.mark.clause("GVG-CARD-3", "GVG-VIEW-2")
def test_role_knowledge_follows_a_card_through_later_swaps() -> None:
    """Seat 0 knows seat 2's card after swapping with it; when seat 1 then swaps with seat 2, seat 0
    knows seat 1 holds that card; seat 2 still knows seat 0's card and learns seat 1's."""
    state = new(3, [(0, "potion"), (1, "potion")], roles=("jeweller", "king", "greedy-one"))
    state = gvg.apply(state, PlayPotion(2))
    state = gvg.apply(state, PlayPotion(1))  # seat 1 swaps with seat 2
    assert state.roles == ("greedy-one", "jeweller", "king")
    assert known_roles(state, 0) == ((1, "jeweller"),)
    assert known_roles(state, 1) == ((2, "king"),)
    assert known_roles(state, 2) == ((0, "greedy-one"), (1, "jeweller"))


@pytest.mark.clause("GVG-CARD-4")
def test_an_ale_mug_makes_a_named_player_skip_their_next_turn() -> None:
    """After laying an Ale Mug the placer names another seat (not itself); that seat's next turn is
    skipped; two mugs on one seat skip two turns."""
    state = new(4, [(0, "ale-mug-ew")])
    state = gvg.apply(state, Place("ale-mug-ew", 1, 0))
    assert state.phase is Phase.PLAY
    assert [type(f) for f in state.stack] == [gvg.SkipNaming]
    assert gvg.current_player(state) == 0
    assert gvg.legal_actions(state) == (NameSkip(1), NameSkip(2), NameSkip(3))
    assert not gvg.is_legal(state, NameSkip(0))
    assert not gvg.is_legal(state, Swap(state.hands[0][0]))
    state = gvg.apply(state, NameSkip(1))
    assert gvg.current_player(state) == 2
    assert state.skips == (0, 0, 0, 0)
    stacked = attrs.evolve(state, skips=(0, 0, 0, 2))
    state = gvg.apply(stacked, Swap(stacked.hands[2][0]))
    assert gvg.current_player(state) == 0
    assert state.skips == (0, 0, 0, 1)


@pytest.mark.clause("GVG-CARD-4")
def test_the_name_skip_decision_names_the_ale_mug_that_asked() -> None:
    """The pending decision after an Ale Mug, in the state and in every seat's view, is the
    placer's SkipNaming frame, naming the Ale Mug laid."""
    state = gvg.apply(new(4, [(0, "ale-mug-ew")]), Place("ale-mug-ew", 1, 0))
    frame = gvg.SkipNaming(0, "ale-mug-ew")
    assert state.stack == (frame,)
    assert all(gvg.observe(state, p).pending == frame for p in range(4))
