"""A turn: play, swap or pass; laying tunnel cards; drawing; ending a round by passes."""

from __future__ import annotations

import attrs
import pytest

from gremlinrules import IllegalActionError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import NameSkip
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Pass
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import PlayExplosion
from gremlinrules.goblins_vs_gnomes import PlayMap
from gremlinrules.goblins_vs_gnomes import PlayPotion
from gremlinrules.goblins_vs_gnomes import Swap
from tests.goblins_vs_gnomes.strategies import lay
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import with_field
from tests.goblins_vs_gnomes.strategies import with_hand

WALL = [(1, 0, "cave-in-ew", False), (-1, 0, "cave-in-cross", False), (0, -1, "cave-in-ns", False),
        (0, 1, "cave-in-t-ns", False)]


def _refused(state: gvg.State, action: object, clause: str) -> None:
    assert not gvg.is_legal(state, action)
    with pytest.raises(IllegalActionError) as err:
        gvg.apply(state, action)
    assert err.value.clause == clause


@pytest.mark.clause("GVG-TURN-1")
def test_a_turn_offers_plays_swaps_and_nothing_else() -> None:
    """At the start only Place / PlayMap / PlayExplosion / PlayPotion / Swap / Pass are offered,
    and a NameSkip outside its phase is refused."""
    state = new(3, extra={0: ["map", "potion", "passage-ew"]})
    kinds = {type(a) for a in gvg.legal_actions(state)}
    assert kinds == {Place, PlayMap, PlayPotion, Swap}
    _refused(state, NameSkip(1), "GVG-TURN-1")
    _refused(state, PlayExplosion("cave-in-ew", 1, 0), "GVG-TURN-1")


@pytest.mark.clause("GVG-TURN-2")
def test_swap_puts_the_card_under_the_deck_and_draws_the_top() -> None:
    """The swapped card goes to the bottom, the top card into the hand; the deck size is unchanged.
    With an empty deck a swap is refused."""
    state = new(3, extra={0: ["map"]})
    top = state.deck[0]
    after = gvg.apply(state, Swap("map"))
    assert after.deck[-1] == "map"
    assert after.deck_owner[-1] == 0
    assert top in after.hands[0]
    assert "map" not in after.hands[0]
    assert len(after.deck) == len(state.deck)
    empty = attrs.evolve(state, deck=(), deck_owner=(), discard=tuple(sorted(state.deck)))
    _refused(empty, Swap("map"), "GVG-TURN-2")


@pytest.mark.clause("GVG-TURN-2", "GVG-VIEW-4")
@pytest.mark.parametrize("owner", [-1, 0, 1, 2])
def test_a_swap_tells_the_drawn_card_only_to_the_seat_that_put_it_under_the_deck(owner: int) -> None:
    """Seat 0 swaps and draws the top card: a card dealt into the deck (owner -1) or one seat 0 put
    under it itself becomes known to nobody; one another seat put under the deck becomes known to
    that seat alone, as seat 0's. Nothing else anyone knows changes, and the table keeps one
    record of knowledge per seat."""
    state = new(3, extra={0: ["map"]})
    state = attrs.evolve(state, deck_owner=(owner, *state.deck_owner[1:]))
    top = state.deck[0]
    after = gvg.apply(state, Swap("map"))
    assert len(after.known_cards) == 3
    for seat in range(3):
        gained = set(after.known_cards[seat]) - set(state.known_cards[seat])
        assert gained == ({(0, top)} if seat == owner and owner != 0 else set())


@pytest.mark.clause("GVG-TURN-3")
def test_pass_only_without_a_playable_card_and_it_shows_the_hand() -> None:
    """Pass is refused while a card can be played; once the start is walled in, a hand of tunnel
    cards cannot be played, Pass is legal, and the others then know that hand."""
    state = new(3)
    _refused(state, Pass(), "GVG-TURN-3")
    walled = with_field(state, WALL)
    walled = with_hand(walled, 0, ["passage-ew", "bomb-cross", "ale-mug-ns"])
    assert set(gvg.legal_actions(walled)) == {Pass(), Swap("ale-mug-ns"), Swap("bomb-cross"),
                                              Swap("passage-ew")}
    after = gvg.apply(walled, Pass())
    for p in (1, 2):
        assert sorted(c for s, c in after.known_cards[p] if s == 0) == sorted(walled.hands[0])
        assert (gvg.SeatCard(0, "bomb-cross") in gvg.observe(after, p).known_cards)
    assert after.known_cards[0] == ()


@pytest.mark.clause("GVG-TURN-3")
def test_with_an_empty_deck_a_player_who_can_play_must_play() -> None:
    """No deck: no Swap is offered, no Pass while a card fits; only plays."""
    state = new(3, extra={0: ["passage-ew"]})
    state = attrs.evolve(state, deck=(), deck_owner=(), discard=tuple(sorted(state.deck)))
    legal = gvg.legal_actions(state)
    assert legal
    assert all(isinstance(a, (Place, PlayMap, PlayPotion, PlayExplosion)) for a in legal)


@pytest.mark.clause("GVG-TURN-4")
def test_a_player_draws_after_playing_while_the_deck_lasts() -> None:
    """After laying a card the hand is back to three and the deck one smaller; with an empty deck the
    hand shrinks."""
    state = new(3, [(0, "passage-ew")])
    top = state.deck[0]
    after = lay(state, "passage-ew", 1, 0)
    assert len(after.hands[0]) == 3
    assert top in after.hands[0]
    assert len(after.deck) == len(state.deck) - 1
    empty = attrs.evolve(state, deck=(), deck_owner=(), discard=tuple(sorted(state.deck)))
    assert len(lay(empty, "passage-ew", 1, 0).hands[0]) == 2


@pytest.mark.clause("GVG-PLACE-1")
def test_a_card_goes_on_an_empty_cell_beside_the_field_from_the_hand() -> None:
    """A card not in hand, an occupied cell, or a cell touching nothing is refused."""
    state = new(3, [(0, "passage-ew"), (1, "passage-ew")])
    _refused(state, Place("door-red-ew", 1, 0), "GVG-TURN-1")
    _refused(state, Place("passage-ew", 3, 0), "GVG-PLACE-2")
    _refused(state, Place("map", 1, 0), "GVG-PLACE-1")
    state = lay(state, "passage-ew", 1, 0)
    _refused(state, Place("passage-ew", 1, 0), "GVG-PLACE-2")
    assert gvg.is_legal(state, Place("passage-ew", 2, 0))


@pytest.mark.clause("GVG-PLACE-2")
def test_edges_must_match_every_neighbour_and_extend_the_route() -> None:
    """A north-south straight east of the start leaves its west side closed against the start's open
    side: refused. A card beside a dead end of the route does not extend it: refused."""
    state = new(3, [(0, "passage-ns"), (1, "cave-in-ew"), (2, "passage-ew")])
    _refused(state, Place("passage-ns", 1, 0), "GVG-PLACE-2")
    assert gvg.is_legal(state, Place("passage-ns", 0, 1))
    state = lay(state, "passage-ns", 0, 1)
    state = lay(state, "cave-in-ew", 1, 0)
    _refused(state, Place("passage-ew", 2, 0), "GVG-PLACE-2")
    # (1, 1) touches the straight's closed east side and the cave-in's closed south side
    _refused(state, Place("passage-ew", 1, 1), "GVG-PLACE-2")


@pytest.mark.clause("GVG-PLACE-3")
def test_targets_set_no_edge_for_their_neighbours() -> None:
    """Beside the middle target a bend whose closed side faces the target may be laid; it opens
    nothing."""
    state = new(3)
    tiles = [(x, 0, c, False) for x, c in zip(range(1, 7), ["passage-ew"] * 3 + ["passage-cross"] * 3,
                                              strict=True)]
    state = with_field(state, tiles)
    state = with_hand(state, 0, ["passage-bend-sw", "map", "map"])
    assert gvg.is_legal(state, Place("passage-bend-sw", 7, 0))
    after = gvg.apply(state, Place("passage-bend-sw", 7, 0))
    assert after.opened == (False, False, False)
    assert after.round == 1


@pytest.mark.clause("GVG-PLACE-4")
def test_half_turns_follow_the_rotation_option() -> None:
    """A bend may be laid turned by default and not with rotation off (nor in the action space); a
    symmetric card is never offered turned."""
    state = new(3, extra={0: ["passage-bend-sw", "passage-ew"]})
    assert gvg.is_legal(state, Place("passage-bend-sw", 0, 1, True))  # a N-E bend below the start
    assert not gvg.is_legal(state, Place("passage-bend-sw", 0, 1, False))
    _refused(state, Place("passage-ew", 1, 0, True), "GVG-PLACE-4")
    off = new(3, extra={0: ["passage-bend-sw", "passage-ew"]}, options=Options(rotation=False))
    _refused(off, Place("passage-bend-sw", 0, 1, True), "GVG-PLACE-4")
    assert not any(isinstance(a, Place) and a.rotated for a in gvg.all_actions(3, Options(rotation=False)))
    assert any(isinstance(a, Place) and a.rotated for a in gvg.all_actions(3))


@pytest.mark.clause("GVG-END-1")
def test_the_round_ends_after_a_pass_by_every_player_in_a_row() -> None:
    """Passes count in a row; a swap in between resets the run; the third pass in a row of three
    players ends the round."""
    state = with_field(new(3), WALL)
    state = gvg.apply(state, Pass())
    assert state.passes == 1
    state = gvg.apply(state, Swap(state.hands[1][0]))
    assert state.passes == 0
    for _ in range(2):
        state = gvg.apply(state, Pass())
    assert state.round == 1
    assert state.passes == 2
    state = gvg.apply(state, Pass())
    assert state.round == 2
    assert state.last_result == "none"


@pytest.mark.clause("GVG-TURN-4", "GVG-VIEW-4")
@pytest.mark.parametrize("drawer", [0, 1])
@pytest.mark.parametrize("owner", [-1, 0, 1, 2])
def test_a_play_tells_the_drawn_card_only_to_the_seat_that_put_it_under_the_deck(drawer: int,
                                                                                  owner: int) -> None:
    """The turn owner plays a Map and draws the top card: a card dealt into the deck (owner -1) or
    one the drawer put under it itself becomes known to nobody; one another seat put under the
    deck becomes known to that seat alone, as the drawer's."""
    state = new(3, first=drawer, extra={drawer: ["map"]})
    state = attrs.evolve(state, deck_owner=(owner, *state.deck_owner[1:]))
    top = state.deck[0]
    after = gvg.apply(state, PlayMap(gvg.Slot.TOP))
    assert top in after.hands[drawer]
    for seat in range(3):
        gained = set(after.known_cards[seat]) - set(state.known_cards[seat])
        assert gained == ({(drawer, top)} if seat == owner and owner != drawer else set())
