"""What each seat sees."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import DeckCard
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Pass
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import SeatCard
from gremlinrules.goblins_vs_gnomes import Swap
from tests.goblins_vs_gnomes.strategies import final
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import player_counts
from tests.goblins_vs_gnomes.strategies import seeds
from tests.goblins_vs_gnomes.strategies import with_field
from tests.goblins_vs_gnomes.strategies import with_hand
from tests.goblins_vs_gnomes.test_turn import WALL


@pytest.mark.clause("GVG-VIEW-1")
def test_a_view_shows_own_hand_and_role_and_only_sizes_of_the_rest() -> None:
    """Seat 1 sees its hand and role card, the hand sizes, the deck size, and no other role or hand."""
    state = new(4)
    view = gvg.observe(state, 1)
    assert view.hand == state.hands[1]
    assert view.role == state.roles[1]
    assert view.hand_sizes == (3, 3, 3, 3)
    assert view.deck_size == 38
    assert view.known_roles == ()
    assert view.known_cards == ()
    assert view.targets == gvg.Targets(*[gvg.Target(None, False)] * 3)
    text = gvg.CONVERTER.unstructure(view)
    assert state.roles[0] not in str(text)
    assert state.roles[2] not in str(text)


@pytest.mark.playout
@pytest.mark.clause("GVG-VIEW-1", "GVG-VIEW-2", "GVG-VIEW-3", "GVG-VIEW-4")
@given(n=player_counts, seed=seeds, stop=st.integers(0, 400), resample=seeds,
       advanced=st.booleans())
@settings(max_examples=15)
def test_states_differing_only_in_what_a_seat_cannot_know_look_the_same_to_it(
        n: int, seed: int, stop: int, resample: int, advanced: bool) -> None:
    """For every seat p: redealing everything p cannot know (other hands and the deck but known cards,
    unlearned roles, unpeeked targets, the generator) leaves observe(..., p) unchanged; and the
    resampled state is a consistent one."""
    state = final(n, seed, Options(advanced_roles=advanced), limit=stop)
    for p in range(n):
        other = gvg.sample_hidden(state, p, resample)
        gvg.check_state(other)
        assert gvg.observe(other, p) == gvg.observe(state, p)


@pytest.mark.clause("GVG-VIEW-1")
def test_views_differ_when_something_visible_differs() -> None:
    """The leak test is not vacuous: a different own hand, or an extra peek, changes the view."""
    state = new(3)
    swapped = gvg.apply(state, Swap(state.hands[0][0]))
    assert gvg.observe(swapped, 0).hand != gvg.observe(state, 0).hand
    peeked = attrs.evolve(state, peeks=((2, 1),))
    assert gvg.observe(peeked, 2) != gvg.observe(state, 2)
    assert gvg.observe(peeked, 2).targets.middle.card == state.targets[1]


@pytest.mark.clause("GVG-VIEW-4")
def test_a_card_put_under_the_deck_is_remembered_by_its_owner() -> None:
    """Seat 0 puts a card under the deck: seat 0's view lists it at the bottom, the others see only
    that seat 0 put a card there; when another seat draws it, seat 0 knows that seat holds it."""
    state = new(3)
    card = state.hands[0][0]
    state = gvg.apply(state, Swap(card))
    bottom = len(state.deck) - 1
    assert gvg.observe(state, 0).deck_placed == (DeckCard(bottom, 0, card),)
    assert gvg.observe(state, 1).deck_placed == (DeckCard(bottom, 0, None),)
    # seat 1 draws it: move it to the top for the test
    deck = (card, *state.deck[:-1])
    owner = (0, *state.deck_owner[:-1])
    state = attrs.evolve(state, deck=deck, deck_owner=owner)
    drew = gvg.apply(state, Swap(state.hands[1][0]))
    assert SeatCard(1, card) in gvg.observe(drew, 0).known_cards
    assert SeatCard(1, card) not in gvg.observe(drew, 2).known_cards


@pytest.mark.clause("GVG-VIEW-4", "GVG-TURN-3")
def test_a_shown_hand_stays_known_until_its_cards_may_have_left() -> None:
    """Seat 0 shows two Bombs and a Passage by passing. A swap hides which card went, so one copy of
    each known design is forgotten: one Bomb stays known. A public play forgets one copy of that card."""
    state = with_hand(with_field(new(3), WALL), 0, ["bomb-cross", "bomb-cross", "passage-ew"])
    state = gvg.apply(state, Pass())
    assert gvg.observe(state, 1).known_cards == (
        SeatCard(0, "bomb-cross"), SeatCard(0, "bomb-cross"), SeatCard(0, "passage-ew"))
    back = attrs.evolve(state, turn=0)
    after = gvg.apply(back, Swap("passage-ew"))
    assert gvg.observe(after, 1).known_cards == (SeatCard(0, "bomb-cross"),)
    opened = attrs.evolve(back, field=tuple(t for t in back.field if (t.x, t.y) != (1, 0)),
                          discard=tuple(sorted((*back.discard, "cave-in-ew"))))
    played = gvg.apply(opened, Place("bomb-cross", 1, 0))
    assert gvg.observe(played, 2).known_cards == (SeatCard(0, "bomb-cross"), SeatCard(0, "passage-ew"))


@pytest.mark.clause("GVG-VIEW-4", "GVG-VIEW-1")
def test_which_card_was_swapped_is_hidden_from_the_others() -> None:
    """Seat 0, whose hand everyone saw, swaps either of two different cards under the deck: seats 1 and
    2 see the same view either way."""
    state = with_hand(with_field(new(3), WALL), 0, ["bomb-cross", "ale-mug-ns", "passage-ew"])
    state = attrs.evolve(gvg.apply(state, Pass()), turn=0)
    one = gvg.apply(state, Swap("bomb-cross"))
    two = gvg.apply(state, Swap("passage-ew"))
    assert one != two
    for p in (1, 2):
        assert gvg.observe(one, p) == gvg.observe(two, p)
    assert gvg.observe(one, 0) != gvg.observe(two, 0)


@pytest.mark.clause("GVG-VIEW-1")
@given(n=player_counts, seed=seeds)
@settings(max_examples=5)
def test_views_round_trip_through_json(n: int, seed: int) -> None:
    """Every view of a random state survives a JSON round trip."""
    state = final(n, seed, limit=60)
    for p in range(n):
        view = gvg.observe(state, p)
        data = gvg.CONVERTER.unstructure(view)
        assert gvg.CONVERTER.structure(data, gvg.View) == view


@pytest.mark.clause("GVG-VIEW-1", "GVG-SETUP-3")
def test_a_redraw_of_hidden_roles_hides_races_too_but_keeps_the_goblin_count() -> None:
    """sample_hidden for seat 0 gives seat 1 a Goblin in some redraws and a Gnome in others (a
    seat's race is as hidden as its role), always with as many Goblins dealt as the rules say."""
    state = new(4)
    race = {r.name: r.race for r in gvg.REFERENCE.roles}
    seen = set()
    for k in range(40):
        other = gvg.sample_hidden(state, 0, k)
        gvg.check_state(other)
        assert other.roles[0] == state.roles[0]
        assert sum(race[r] == "goblin" for r in other.roles) == 2
        seen.add(race[other.roles[1]])
    assert seen == {"goblin", "gnome"}
