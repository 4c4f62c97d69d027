"""The events of playing a card, read off the position to act and the action (issue 28: the
reference rule book's events, checked field by field)."""

from __future__ import annotations

import random

import attrs
import pytest

from gremlinrules.gnaughty_gnomes import Card
from gremlinrules.gnaughty_gnomes import CardPlayed
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import PlayX
from gremlinrules.gnaughty_gnomes import TrickWon
from gremlinrules.gnaughty_gnomes import is_terminal
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes import rules
from gremlinrules.gnaughty_gnomes.components import X_RANK
from gremlinrules.gnaughty_gnomes.flow import position_to_act
from gremlinrules.gnaughty_gnomes.flow import seat_of


@pytest.mark.clause("GG-PLAY-1", "GG-X-1", "GG-2P-3", "GG-TRICK-2")
@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2), (4, 3)])
def test_a_played_card_is_reported_with_its_seat_position_card_and_rank(players: int, seed: int) -> None:
    """GG-PLAY-1: each card played is a ``CardPlayed`` first: the seat that decided (a dummy's
    partner for a dummy, GG-2P-3), the position, the card, the rank it counts as (an X card its
    declared rank and high or low, GG-X-1; a numbered card its own, never high); the trick's fourth
    card is followed by ``TrickWon`` (GG-TRICK-2), the others by nothing. A whole game of random
    play, every X declaration among them."""
    s = new_game(players, seed)
    picks = random.Random(seed)
    seen_x = 0
    while not is_terminal(s):
        legal = rules.legal_actions(s)
        action = legal[picks.randrange(len(legal))]
        if s.stack:
            s = rules.apply(s, action)
            continue
        pos = position_to_act(s)
        after, events = rules.apply_with_events(s, action)
        if isinstance(action, PlayX):
            seen_x += 1
            card, rank, high = Card(action.suit, X_RANK), action.rank, action.high
        else:
            card, rank, high = action.card, action.card.rank, False
        assert events[0] == CardPlayed(seat_of(players, pos), pos, card, rank, high)
        assert [type(e) for e in events[1:]] == ([TrickWon] if len(s.plays) == 3 else [])
        s = after
    assert seen_x > 0


@pytest.mark.clause("GG-END-1")
def test_not_an_action_at_the_end_of_the_game_says_the_game_is_over() -> None:
    """The public ``not_an_action`` gives the end of the game's reason for anything once eight
    tricks are played (the rule book's own check says so before it asks)."""
    over = attrs.evolve(new_game(4, 1), phase=Phase.OVER)
    for action in ("junk", PlayX(Colour.RED, 9, True)):
        assert rules.not_an_action(over, action) == ("the game is over: eight tricks have been played",
                                                     "GG-END-1")
