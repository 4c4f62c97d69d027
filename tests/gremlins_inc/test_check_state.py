"""``check_state`` (and so ``from_data``) enforces each GI-ZONE clause it names (issue 28): a state
sent as JSON with one zone edited to break a clause is refused, naming the clause's rule."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import gremlinrules
from gremlinrules import InvalidArgumentError
from gremlinrules import SerializationError
from gremlinrules.gremlins_inc.frames import Payment

GAME = gremlinrules.get_game("gremlins-inc")


def _start() -> dict[str, Any]:
    """``to_data(new_game(players=3, seed=1))``: seat 0's first turn, every hand full."""
    data: dict[str, Any] = GAME.to_data(GAME.new_game(players=3, seed=1))
    return data


def _refused(data: dict[str, Any]) -> str:
    with pytest.raises(SerializationError) as info:
        GAME.from_data(data, GAME.State)
    return str(info.value)


@pytest.mark.clause("GI-ZONE-4")
def test_a_hand_short_of_six_at_the_start_of_a_turn_is_refused() -> None:
    """One card moved from seat 1's hand to the top of the deck (hands of 6, 5, 6 as seat 0's turn
    begins, every card still there once) is refused: every hand is full when a turn begins while
    cards are left to draw."""
    data = _start()
    hand = list(data["hands"][1])
    card = hand.pop()
    data["hands"][1] = hand
    data["deck"] = [card, *data["deck"]]
    assert "GI-ZONE-4" in _refused(data)


@pytest.mark.clause("GI-ZONE-4", "GI-DRAW-3")
def test_a_short_hand_is_accepted_when_nothing_is_left_to_draw() -> None:
    """The same short hand with the deck and the discard pile both empty (their cards given to a
    project of seat 2, so every card is still in one place) is a state the rules reach: accepted."""
    data = _start()
    hand = list(data["hands"][1])
    card = hand.pop()
    data["hands"][1] = hand
    rest = sorted([card, *data["deck"]])
    data["projects"][2] = [{"uid": 0, "card": rest[0], "face_up": False, "resources": rest[1:]}]
    data["deck"], data["next_uid"] = [], 1
    state = GAME.from_data(data, GAME.State)
    assert [len(h) for h in state.hands] == [6, 5, 6]


@pytest.mark.clause("GI-ZONE-1")
def test_a_card_added_or_lost_is_refused() -> None:
    """A hand holding one card more than the set has (a copy of the deck's top card), or the deck
    short of its top card: refused, every card of the set is in exactly one place."""
    added = _start()
    added["hands"][0] = sorted([*added["hands"][0], added["deck"][0]])
    assert "once each" in _refused(added)
    lost = _start()
    lost["deck"] = lost["deck"][1:]
    assert "once each" in _refused(lost)


@pytest.mark.clause("GI-ZONE-2")
def test_a_fourth_project_is_refused() -> None:
    """Seat 0 with four projects (four cards of the deck, face down): refused."""
    data = _start()
    data["projects"][0] = [{"uid": i, "card": c, "face_up": False, "resources": []}
                           for i, c in enumerate(data["deck"][:4])]
    data["deck"], data["next_uid"] = data["deck"][4:], 4
    assert "more than 3 projects" in _refused(data)


@pytest.mark.clause("GI-ZONE-3")
def test_a_negative_score_is_refused() -> None:
    """A score of -1: refused, no score is ever negative."""
    data = _start()
    data["scores"] = [0, -1, 0]
    assert "a score -1" in _refused(data)


def test_a_pending_card_that_is_no_text_is_refused() -> None:
    """The card being resolved is the pending frame's (a state has no ``resolving`` field of its
    own since format version 2): a frame edited in memory with no card text (``None``, as the fuzz of
    hand-edited states once found for ``resolving``) is refused when built, and a payment for a card
    that is not in the set, or not an action card, by check_state."""
    state = GAME.new_game(players=3, seed=1)
    with pytest.raises(InvalidArgumentError, match="card"):
        Payment(0, None, ("gold",))  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="card design ids of the card set"):
        GAME.check_state(attrs.evolve(state, stack=(Payment(0, "no-such-card", ("gold",)),)))
    deck = list(state.deck)
    deck.remove("airship")  # the blueprint out of the deck and on the stack: every card still once
    with pytest.raises(InvalidArgumentError, match="a payment the rules cannot ask"):
        GAME.check_state(attrs.evolve(state, deck=tuple(deck), stack=(Payment(0, "airship", ("gold",)),)))
