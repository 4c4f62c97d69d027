"""No Good Gremlins in words (issue 31): exact sentences for a few hand-made events and views."""

from __future__ import annotations

import pytest

from gremlinrules.no_good_gremlins import Acted
from gremlinrules.no_good_gremlins import Build
from gremlinrules.no_good_gremlins import Drawn
from gremlinrules.no_good_gremlins import Launched
from gremlinrules.no_good_gremlins import Material
from gremlinrules.no_good_gremlins import RocketEaten
from gremlinrules.no_good_gremlins import WandererMoved
from gremlinrules.no_good_gremlins import WandererStatus
from gremlinrules.no_good_gremlins import event_sentence
from gremlinrules.no_good_gremlins import new_game
from gremlinrules.no_good_gremlins import observe
from gremlinrules.no_good_gremlins import observe_event
from gremlinrules.no_good_gremlins import view_lines

IRON = Material.IRON
RUST = Material.RUST


@pytest.mark.clause("NGG-VIEW-1")
def test_a_draw_names_its_cards_to_the_drawer_only() -> None:
    """The drawer reads the cards it drew; another seat and a spectator read only how many."""
    drawn = Drawn(seat=1, count=2, cards=(RUST, IRON))
    assert event_sentence(observe_event(drawn, 1), 1) == "You drew 2 cards: rust and iron."
    assert event_sentence(observe_event(drawn, 0), 0) == "Seat 1 drew 2 cards."
    assert event_sentence(observe_event(drawn, None), None) == "Seat 1 drew 2 cards."


def test_actions_launches_and_meals_read_as_sentences() -> None:
    """An action, a launch, the Wandering Gremlin's meal and its move, for the actor and another seat."""
    assert event_sentence(Acted(seat=2, action=Build(material=IRON)), 0) == (
        "Seat 2 built an iron card onto their iron rocket.")
    assert event_sentence(Acted(seat=2, action=Build(material=IRON)), 2) == (
        "You built an iron card onto your iron rocket.")
    assert event_sentence(Launched(seat=0, material=IRON, size=6, medals=3), 1) == (
        "Seat 0's iron rocket of 6 cards took off: 3 medals; 3 cards left the game.")
    assert event_sentence(RocketEaten(seat=1, material=RUST, cards=1, by="wandering_gremlin"), 1) == (
        "The Wandering Gremlin ate 1 card of your rust rocket.")
    assert event_sentence(RocketEaten(seat=1, material=RUST, cards=4, by="gremlin_attack"), 0) == (
        "A gremlin attack ate seat 1's whole rust rocket (4 cards).")
    assert event_sentence(WandererMoved(seat=2, status=WandererStatus.HELD), 2) == (
        "The Wandering Gremlin moved to you.")


def test_a_new_game_view_names_the_hand_with_its_rules_text() -> None:
    """The first view of seat 0 says who it is, that it must open the turn, its hand with each
    material's rules text (launch cost, medal value, bribe), and every seat's launch pad."""
    state = new_game(3, 7)
    lines = view_lines(observe(state, 0))
    assert lines[:3] == ("You are seat 0 of 3.", "Round 1: it is your turn.",
                         "You must begin the turn: draw two cards, or take from the scrapheap.")
    assert lines[3] == "Your hand (6 cards): 1 wood, 1 iron, 2 copper, 1 steel and 1 chrome."
    iron = ("  Iron: a rocket launches with 6 cards; a medal is worth 3 points; as a bribe, draw one card, "
            "then the Wandering Gremlin moves on to the next seat.")
    assert iron in lines
    assert not any(line.startswith("  Rust:") for line in lines)  # no rust in this hand
    assert "Seat 1: 6 cards in hand; launch pad: no rocket; no medals; 0 points." in lines
    assert view_lines(observe(state, None))[0] == "You are watching as a spectator."
    assert not any(line.startswith("Your hand") for line in view_lines(observe(state, None)))
