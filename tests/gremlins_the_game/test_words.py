"""Gremlins: The Game in words (issue 31): exact sentences for a few hand-made events and views."""

from __future__ import annotations

import pytest

from gremlinrules.gremlins_the_game import GremlinDefeated
from gremlinrules.gremlins_the_game import GremlinPlaced
from gremlinrules.gremlins_the_game import WeaponsDrawn
from gremlinrules.gremlins_the_game import event_sentence
from gremlinrules.gremlins_the_game import new_game
from gremlinrules.gremlins_the_game import observe
from gremlinrules.gremlins_the_game import observe_event
from gremlinrules.gremlins_the_game import view_lines
from gremlinrules.gremlins_the_game.words import gremlin_words


def test_a_gremlin_is_named_by_what_its_token_shows() -> None:
    """A design name reads as the token's symbols and points; Stripe by name (GTG-VIEW-2)."""
    assert gremlin_words("red-square-1pt") == "a gremlin with a red square (1 point)"
    assert gremlin_words("2-red-square+yellow-circle-3pt") == (
        "a gremlin with 2 red squares and a yellow circle (3 points)")
    assert gremlin_words("stripe") == "Stripe"


@pytest.mark.clause("GTG-VIEW-1")
def test_a_weapon_draw_names_its_cards_to_the_drawer_only() -> None:
    """The drawer reads the weapon cards it drew, by their names as on the cards; another seat
    reads how many."""
    drawn = WeaponsDrawn(seat=1, count=2, cards=("kitchen-knife", "sword"))
    assert event_sentence(observe_event(drawn, 1), 1) == "You drew 2 weapon cards: kitchen knife and sword."
    assert event_sentence(observe_event(drawn, 0), 0) == "Seat 1 drew 2 weapon cards."


def test_placements_and_defeats_read_as_sentences() -> None:
    """A face-down placement never names the gremlin; a defeat names it and its points."""
    assert event_sentence(GremlinPlaced(space="s6", gremlin=None, face_up=False), 0) == (
        "A face-down gremlin was put on s6.")
    assert event_sentence(GremlinDefeated(seat=0, gremlin="red-square-1pt", points=1), 0) == (
        "You defeated a gremlin with a red square (1 point) and score 1 point.")
    assert event_sentence(GremlinDefeated(seat=0, gremlin="stripe", points=5), 1) == (
        "Seat 0 defeated Stripe and scores 5 points.")


def test_a_new_game_view_names_the_hand_with_what_each_weapon_covers() -> None:
    """The first view says who the seat is (its colour), that it must move, its weapon cards with
    the symbols each covers, and where every seat stands (a Start by its colour)."""
    state = new_game(2, 1)
    lines = view_lines(observe(state, 0))
    assert lines[0] == "You are seat 0 of 2, red."
    assert "You must move." in lines
    assert "Your weapon cards (3): camera flash, sword and snowplow." in lines
    assert "  Camera flash: covers a blue square and a yellow circle." in lines
    assert "Seat 1 (blue): on n6 (the blue Start); 3 weapon cards; no gremlin defeated; 0 points." in lines
    assert not any("weapon cards (" in line for line in view_lines(observe(state, None)))
