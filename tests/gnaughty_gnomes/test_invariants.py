"""Corrupt states are refused, naming the field (GG-INV-1, issue 13); accepted ones play on.

Each corrupt state is a real state's JSON (reached by legal play) with one edit no
legal play can make; ``from_data`` must refuse it with the library's error, and
the message must name the field. The edits are the ones issue 13 found accepted
(a card moved between hands, a hand with two X cards, a reversed or edited
finished trick) and their neighbours.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import GremlinRulesError
from gremlinrules import InvalidArgumentError
from gremlinrules import SerializationError
from gremlinrules.gnaughty_gnomes import CARDS
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import check_state
from gremlinrules.gnaughty_gnomes import is_terminal
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes import sample_hidden

GAME = gremlinrules.get_game("gnaughty-gnomes")
Data = dict[str, Any]


def _data(players: int, decisions: int, seed: int = 4) -> Data:
    """The JSON data of a state reached by ``decisions`` random legal actions."""
    rnd = random.Random(seed)
    state = new_game(players, seed)
    for _ in range(decisions):
        legal = legal_actions(state)
        state = apply(state, legal[rnd.randrange(len(legal))])
    data: Data = json.loads(GAME.to_json(state))
    return data


def _deck_index(card: Data) -> int:
    return next(i for i, c in enumerate(CARDS) if (c.rank if not c.is_x else "X") == card["rank"]
                and c.suit.value == card["suit"])


def _moved_card(data: Data) -> Data:
    hands = [list(h) for h in data["hands"]]
    hands[1].append(hands[0].pop())
    hands[1].sort(key=_deck_index)
    return {**data, "hands": hands}


def _two_x_cards(data: Data) -> Data:
    """Position 0 swaps a numbered card for position 1's X card: every card still there once."""
    hands = [list(h) for h in data["hands"]]
    plain = next(i for i, c in enumerate(hands[0]) if c["rank"] != "X")
    x_card = next(i for i, c in enumerate(hands[1]) if c["rank"] == "X")
    hands[0][plain], hands[1][x_card] = hands[1][x_card], hands[0][plain]
    return {**data, "hands": [sorted(h, key=_deck_index) for h in hands]}


def _reversed_trick(data: Data) -> Data:
    return {**data, "history": [list(reversed(t)) for t in data["history"]]}


def _swapped_tricks(data: Data) -> Data:
    """The first two finished tricks in the other order: each is still clockwise."""
    history = list(data["history"])
    history[0], history[1] = history[1], history[0]
    return {**data, "history": history}


def _other_leader(data: Data) -> Data:
    return {**data, "leader": (data["leader"] + 1) % 4}


def _score_too_high(data: Data) -> Data:
    return {**data, "team_scores": [data["team_scores"][0] + 500, data["team_scores"][1]]}


def _score_below_tricks_won(data: Data) -> Data:
    return {**data, "team_scores": [0, 0]}


def _one_position_placed_twice(data: Data) -> Data:
    """Position 0 has placed two gnomes more and position 2 two fewer: team totals unchanged."""
    supply = list(data["supply"])
    supply[0] -= 2
    supply[2] += 2
    return {**data, "supply": supply}


def _x_card_under_a_dummy_pile(data: Data) -> Data:
    """Dummy 2's face-up X card swapped with a face-down card of its piles."""
    hands, piles = [list(h) for h in data["hands"]], [[list(p) for p in row] for row in data["piles"]]
    pile = next(p for p in piles[2] if p[0] is not None)
    hands[2][0], pile[0] = pile[0], hands[2][0]
    return {**data, "hands": hands, "piles": piles}


def _uncovered_card_kept_down(data: Data) -> Data:
    """A dummy pile whose top was played in an earlier trick still shows its card face down."""
    piles = [[list(p) for p in row] for row in data["piles"]]
    for row in piles[2:]:
        for pile in row:
            if pile[0] is None and pile[1] is not None:
                pile[0], pile[1] = pile[1], None
                return {**data, "piles": piles}
    raise AssertionError("no uncovered dummy card in this state")


def _six_frames(data: Data) -> Data:
    return {**data, "stack": [*data["stack"], *data["stack"]]}


CORRUPT: dict[str, tuple[Callable[[Data], Data], int, int, str]] = {
    # name: (the edit, players, decisions of legal play before it, the field the refusal names)
    "card moved between hands": (_moved_card, 4, 0, "hands"),
    "card moved mid-game": (_moved_card, 4, 21, "hands"),
    "two X cards in a hand": (_two_x_cards, 4, 0, "hands"),
    "reversed finished tricks": (_reversed_trick, 4, 17, "history"),
    "finished tricks swapped": (_swapped_tricks, 4, 16, "history"),
    "another leader": (_other_leader, 4, 16, "history"),
    "score beyond what gnomes score": (_score_too_high, 4, 24, "team_scores"),
    "score below the tricks won": (_score_below_tricks_won, 4, 24, "team_scores"),
    "a position placed twice a trick": (_one_position_placed_twice, 4, 24, "supply"),
    "X card in a dummy pile": (_x_card_under_a_dummy_pile, 2, 0, "piles"),
    "uncovered dummy card kept face down": (_uncovered_card_kept_down, 2, 33, "piles"),
    "more placement frames than places": (_six_frames, 4, 5, "stack"),
}


@pytest.mark.clause("GG-INV-1", "GG-SETUP-3", "GG-CLEAN-3", "GG-2P-2", "GG-2P-4")
@pytest.mark.parametrize("name", sorted(CORRUPT))
def test_a_state_no_legal_play_reaches_is_refused_naming_its_field(name: str) -> None:
    """Each edit of a real state that no sequence of legal moves can produce is refused by
    from_data with a SerializationError whose message names the edited field; the unedited
    state is accepted."""
    edit, players, decisions, field = CORRUPT[name]
    data = _data(players, decisions)
    assert GAME.from_data(data, GAME.State) is not None
    with pytest.raises(SerializationError) as refused:
        GAME.from_data(edit(data), GAME.State)
    assert f"{field}:" in str(refused.value)


@pytest.mark.clause("GG-INV-1")
def test_check_state_refuses_wrongly_typed_fields_with_the_librarys_error() -> None:
    """A state built by hand with values of the wrong type (a list for a tuple, a string for a
    number, an Options built without __init__) is refused by check_state with
    InvalidArgumentError, never a TypeError or AttributeError."""
    state = new_game(4, 1)
    bare = object.__new__(Options)
    wrong: list[dict[str, Any]] = [
        {"hands": [list(h) for h in state.hands]}, {"trick": "3"}, {"team_gnomes": (True, False)},
        {"options": bare}, {"history": ((1, 2, 3, 4),)}, {"plays": (None,)}, {"rng": None},
        {"track": tuple(state.track[:3])}, {"supply": (8, 8, 8, 9)}, {"players": 3},
    ]
    for fields in wrong:
        bad = attrs.evolve(state, **fields)
        with pytest.raises(InvalidArgumentError):
            check_state(bad)


def _mutants(state: State) -> list[State]:
    """A few edits of a state; some break an invariant, some do not."""
    out = [attrs.evolve(state, leader=(state.leader + k) % 4) for k in (1, 2)]
    out += [attrs.evolve(state, team_scores=(a, b)) for a, b in ((0, 0), (state.team_scores[1],
                                                                          state.team_scores[0]))]
    if state.history:
        out.append(attrs.evolve(state, history=state.history[::-1]))
    hands = list(state.hands)
    if hands[0] and hands[1]:
        hands[0], hands[1] = hands[1], hands[0]
        out.append(attrs.evolve(state, hands=tuple(hands)))
    return out


@pytest.mark.playout
@pytest.mark.clause("GG-INV-1")
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), players=st.sampled_from([2, 4]),
       stop=st.integers(0, 63))
def test_every_state_check_state_accepts_samples_and_plays_to_the_end(seed: int, walk: int, players: int,
                                                                       stop: int) -> None:
    """Every state reached by legal play passes check_state; of a few edits of it, each one that
    check_state accepts can have its hidden cards sampled for every seat (never a StopIteration or
    RuntimeError) and plays on to the end with check_state passing at every step."""
    rnd = random.Random(walk)
    state = new_game(players, seed)
    for _ in range(stop):
        check_state(state)
        legal = legal_actions(state)
        state = apply(state, legal[rnd.randrange(len(legal))])
    for candidate in [state, *_mutants(state)]:
        try:
            check_state(candidate)
        except GremlinRulesError:
            continue
        for seat in range(players):
            check_state(sample_hidden(candidate, seat, walk))
        while not is_terminal(candidate):
            legal = legal_actions(candidate)
            candidate = apply(candidate, legal[rnd.randrange(len(legal))])
            check_state(candidate)
        assert candidate.phase is Phase.OVER
