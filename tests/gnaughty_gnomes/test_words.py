"""Gnaughty Gnomes in words (issue 31): exact sentences for a few hand-made events and views, and
no seat's text names a card another seat holds."""

from __future__ import annotations

import pytest

from gremlinrules.gnaughty_gnomes import Card
from gremlinrules.gnaughty_gnomes import CardPlayed
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Dealt
from gremlinrules.gnaughty_gnomes import GnomePlaced
from gremlinrules.gnaughty_gnomes import TrickWon
from gremlinrules.gnaughty_gnomes import event_sentence
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes import observe
from gremlinrules.gnaughty_gnomes import observe_event
from gremlinrules.gnaughty_gnomes import view_lines
from gremlinrules.gnaughty_gnomes.words import X_TEXT

RED = Colour.RED


def test_plays_and_placements_read_as_sentences_for_the_player_and_the_others() -> None:
    """A card played (an X with its declared rank, a dummy's card by its partner), a trick won and a
    gnome placed, as the acting seat and another seat read them."""
    assert event_sentence(CardPlayed(seat=1, position=1, card=Card(RED, 0), rank=3, high=True), 0) == (
        "Seat 1 played the red X as a high 3.")
    assert event_sentence(CardPlayed(seat=0, position=2, card=Card(RED, 5), rank=5, high=False), 0) == (
        "You played red 5 for your dummy.")
    assert event_sentence(CardPlayed(seat=0, position=2, card=Card(RED, 5), rank=5, high=False), 1) == (
        "Seat 0 played red 5 for seat 0's dummy.")
    assert event_sentence(TrickWon(trick=3, winner=2, team=0, points=1, turn_order=(2, 1, 0, 3)), 0) == (
        "Position 2 won trick 3: team 0 scores 1 point. The turn order is position 2, position 1, "
        "position 0 (you) and position 3.")
    placed = GnomePlaced(seat=1, position=1, place=2, suit=RED, spot=14, team=1, points=3)
    assert event_sentence(placed, 0) == (
        "Seat 1 placed a gnome on spot 14 with the red card (second place): team 1 scores 3 points.")


@pytest.mark.clause("GG-VIEW-1")
def test_a_deal_names_the_cards_to_their_holder_only() -> None:
    """The holder reads its dealt cards; another seat reads how many."""
    dealt = Dealt(position=1, held=(Card(RED, 2), Card(RED, 0)), held_count=2, face_up=(), face_down=0)
    assert event_sentence(observe_event(dealt, 1), 1) == "You were dealt 2 cards: red 2 and the red X."
    assert event_sentence(observe_event(dealt, 0), 0) == "Seat 1 was dealt 2 cards."


@pytest.mark.clause("GG-VIEW-1")
def test_a_seats_view_in_words_names_its_own_hand_and_no_card_of_another_hand() -> None:
    """At the deal of a four-seat game each seat's text names its own cards (with the X card's rule
    where it holds one) and none of the cards only another seat holds."""
    state = new_game(4, 5)
    for seat in range(4):
        lines = view_lines(observe(state, seat))
        own = [str(c).replace(f"{c.suit.value} X", f"the {c.suit.value} X") for c in state.hands[seat]]
        hand = next(line for line in lines if line.startswith("Your hand"))
        assert all(name in hand for name in own)
        assert (f"  {X_TEXT}" in lines) == any(c.is_x for c in state.hands[seat])
        text = " ".join(lines) + " "
        for other in range(4):
            if other != seat:
                for card in state.hands[other]:
                    assert f"{card} " not in text.replace(",", " ").replace(".", " ")
    assert view_lines(observe(state, 0))[:2] == (
        "You are seat 0 of 4, on team 0 with seat 2 opposite.",
        "Partners sit opposite: team 0 is seats 0 and 2, team 1 seats 1 and 3.")
