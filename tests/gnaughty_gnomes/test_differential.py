"""The fast path against the reference rules: same legal actions, states and errors.

The package's ``legal_actions``, ``is_legal`` and ``apply`` come from
:mod:`gremlinrules.gnaughty_gnomes.fast` (tables, inline paths, caches); the
reference is :mod:`gremlinrules.gnaughty_gnomes.rules` (the rule book). Random
playouts with random options and player counts run through both side by side.
The actions are drawn by index, so a failure shrinks to a short game.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.gnaughty_gnomes import ACTIONS
from gremlinrules.gnaughty_gnomes import CardFlipped
from gremlinrules.gnaughty_gnomes import CardPlayed
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Flip
from gremlinrules.gnaughty_gnomes import GameEnded
from gremlinrules.gnaughty_gnomes import GnomePlaced
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Place
from gremlinrules.gnaughty_gnomes import Play
from gremlinrules.gnaughty_gnomes import PlayX
from gremlinrules.gnaughty_gnomes import Revealed
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import TrickCleared
from gremlinrules.gnaughty_gnomes import TrickWon
from gremlinrules.gnaughty_gnomes import fast
from gremlinrules.gnaughty_gnomes import is_terminal
from gremlinrules.gnaughty_gnomes import rules
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.setup import new_game

OPTIONS = st.builds(
    Options,
    loser_vertex=st.sampled_from(["touching", "any"]),
    no_space=st.sampled_from(["skip", "widen"]),
    x_tiebreak=st.sampled_from(["wild_high", "lowest"]),
    setup_clump=st.sampled_from(["connected", "triangle"]),
    first_leader=st.sampled_from(["player", "any_position"]),
    past_tricks=st.sampled_from(["shown", "hidden"]),
)
"""Every field of Options, each over every value it accepts."""

MALFORMED: tuple[Any, ...] = (
    Place(Colour.RED, 92), Place(Colour.WHITE, 3), Place("red", 3), PlayX(Colour.RED, 9, True),  # type: ignore[arg-type]
    Play(Card(Colour.RED, 0)), Play(Card(Colour.WHITE, 3)), Flip(Colour.WHITE), Flip("black"),  # type: ignore[arg-type]
    "Play red 3", None, Place(Colour.RED, [1]),  # type: ignore[arg-type]
)
"""Actions no legal list holds, or equal ones built from plain values."""


def _outcome(fn: Any, state: State, action: Any) -> tuple[str, Any]:
    try:
        return ("state", fn(state, action))
    except IllegalActionError as exc:
        return ("illegal", exc.clause)


@pytest.mark.clause("GG-ACT-1", "GG-PLACE-1", "GG-PLACE-8", "GG-2P-3", "GG-CLEAN-3")
@given(options=OPTIONS, players=st.sampled_from([2, 4]), seed=st.integers(0, 2**32), data=st.data())
def test_fast_and_reference_rules_agree_on_random_playouts(options: Options, players: int, seed: int,
                                                           data: st.DataObject) -> None:
    """At every step of a random game (random options and player count): identical legal actions
    in the same order, identical is_legal and identical errors (the same clause) for a drawn
    action of the whole action space or a malformed one, and identical states after apply."""
    state = new_game(players, seed, options=options)
    while True:
        legal = fast.legal_actions(state)
        assert legal == rules.legal_actions(state)
        if not legal:
            break
        probe = data.draw(st.sampled_from(ACTIONS + MALFORMED), label="probe")
        assert fast.is_legal(state, probe) == rules.is_legal(state, probe)
        assert _outcome(fast.apply, state, probe) == _outcome(rules.apply, state, probe)
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        after = fast.apply(state, action)
        assert after == rules.apply(state, action)
        state = after
    assert fast.is_legal(state, ACTIONS[0]) is rules.is_legal(state, ACTIONS[0]) is False


@pytest.mark.clause("GG-ACT-1", "GG-X-1", "GG-BOARD-2")
@given(options=OPTIONS, players=st.sampled_from([2, 4]), seed=st.integers(0, 2**32),
       decisions=st.integers(0, 63))
def test_a_malformed_action_is_refused_for_what_it_is_in_every_phase(options: Options, players: int,
                                                                     seed: int, decisions: int) -> None:
    """Whether cards are being played or gnomes placed, an action that is none of the game's
    468 names its own clause: an X card without a rank 1-8 or played with Play (GG-X-1), a Place
    off the garden or of no suit (GG-BOARD-2), anything else (GG-ACT-1); by both paths."""
    state = new_game(players, seed, options=options)
    for _ in range(decisions):
        legal = fast.legal_actions(state)
        state = fast.apply(state, legal[len(legal) // 2])
    expected = {Place(Colour.RED, 92): "GG-BOARD-2", Place(Colour.WHITE, 3): "GG-BOARD-2",
                PlayX(Colour.RED, 9, True): "GG-X-1", Play(Card(Colour.RED, 0)): "GG-X-1",
                Play(Card(Colour.WHITE, 3)): "GG-ACT-1", Flip(Colour.WHITE): "GG-ACT-1"}
    for action, clause in expected.items():
        for apply_fn in (fast.apply, rules.apply):
            with pytest.raises(IllegalActionError) as err:
                apply_fn(state, action)
            assert err.value.clause == clause


@pytest.mark.clause("GG-PLAY-1", "GG-TRICK-2", "GG-PLACE-1", "GG-2P-4", "GG-CLEAN-1", "GG-END-1")
@given(options=OPTIONS, players=st.sampled_from([2, 4]), seed=st.integers(0, 2**32), data=st.data())
def test_the_rule_books_steps_give_the_fast_paths_states_and_events_in_order(
        options: Options, players: int, seed: int, data: st.DataObject) -> None:
    """Property: the events come from the rule book's steps alone (the fast path returns the state
    only); at every decision of a random game, under random options, ``apply_with_events`` is the
    step's state and events, its state is the fast path's, and the events follow the rules: a
    card's ``CardPlayed`` (the fourth card's then ``TrickWon``), a placement's ``GnomePlaced`` or
    ``CardFlipped`` (the fourth's then the clean-up's ``Revealed`` cards, ``TrickCleared`` and,
    after the eighth trick, ``GameEnded``)."""
    state = new_game(players, seed, options=options)
    while not is_terminal(state):
        legal = fast.legal_actions(state)
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="action")]
        step = rules.BOOK.step(state, action)
        assert rules.apply_with_events(state, action) == (step.state, step.events)
        assert step.state == fast.apply(state, action)
        kinds = [type(e) for e in step.events]
        if not state.stack:
            assert kinds == ([CardPlayed, TrickWon] if len(state.plays) == 3 else [CardPlayed])
        else:
            first = GnomePlaced if isinstance(action, Place) else CardFlipped
            if len(state.stack) > 1:
                assert kinds == [first]
            else:
                tail = [TrickCleared, GameEnded] if step.state.trick == 8 else [TrickCleared]
                assert kinds == [first] + [Revealed] * (len(kinds) - 1 - len(tail)) + tail
        state = step.state
