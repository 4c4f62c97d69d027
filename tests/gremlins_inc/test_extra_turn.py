"""Extra turns: the ``extra_turn`` op, the refill before an extra turn and the round's end
(GI-OP-10, GI-TURN-4, GI-TURN-5, GI-BOUND-1)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules import SetupError
from gremlinrules.gremlins_inc import Drawn
from gremlinrules.gremlins_inc import EndTurn
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Phase
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import TurnBegan
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import apply_with_events
from gremlinrules.gremlins_inc import check_state
from gremlinrules.gremlins_inc import decision_bound
from gremlinrules.gremlins_inc import is_terminal
from gremlinrules.gremlins_inc import legal_actions
from gremlinrules.gremlins_inc import new_game
from gremlinrules.gremlins_inc import observe
from gremlinrules.gremlins_inc import parse_components
from tests.gremlins_inc.helpers import CARDS
from tests.gremlins_inc.helpers import consistent
from tests.gremlins_inc.helpers import play

AGAIN = {"id": "again", "name": "Again", "kind": "action", "resource": "gold", "copies": 6,
         "text": "Take another turn after this one.", "effect": [{"op": "extra_turn"}]}
TWICE = {"id": "twice", "name": "Twice", "kind": "action", "resource": "gold", "copies": 3,
         "text": "Take 2 more turns after this one.", "effect": [{"op": "extra_turn", "amount": 2}]}
EXTRA_SET = parse_components({"name": "extra-turn-tests", "version": "1", "card": [*CARDS, AGAIN, TWICE]})


def _table(players: int, hands: list[tuple[str, ...]], top: list[str], *, turn: int = 0,
           **options: Any) -> State:
    """A table of the extra-turn set: the named hands, ``top`` on top of the deck, every other card
    under it."""
    base = new_game(players, 0, options=Options(components=EXTRA_SET, **options))
    rest = sorted(base.deck + tuple(c for h in base.hands for c in h))
    for c in [*top, *(c for h in hands for c in h)]:
        rest.remove(c)
    s = attrs.evolve(base, hands=tuple(tuple(sorted(h)) for h in hands), deck=(*top, *rest), turn=turn)
    consistent(s)
    return s


@pytest.mark.clause("GI-OP-10", "GI-TURN-4")
def test_everyone_refills_before_the_extra_turn_and_the_same_player_plays_again() -> None:
    """Seat 0 plays Again and ends its turn: every hand is refilled, seat 0 (who just played)
    drawing first from the top, before seat 0's next turn begins with a fresh set of actions."""
    top = ["gift", "spite", "grab", "rich", "purge", "overtime"]
    s = _table(3, [("again", "coin"), ("coin",) * 3, ("coin",) * 5], top)
    s = play(s, Play("again"))
    assert s.extra_turns == 1
    assert observe(s, 1).extra_turns == 1  # public
    s, events = apply_with_events(s, EndTurn())
    consistent(s)
    assert (s.turn, s.round, s.actions_used, s.extra_turns) == (0, 1, 0, 0)
    assert [len(h) for h in s.hands] == [6, 6, 6]
    assert sorted(s.hands[0]) == sorted(["coin", *top[:5]])
    assert top[5] in s.hands[1]  # seat 1 draws next, from what seat 0 left on top
    drawn = [e.seat for e in events if type(e) is Drawn]
    began = [i for i, e in enumerate(events) if type(e) is TurnBegan]
    assert drawn == [0, 1, 2]
    assert began
    assert all(type(e) is not Drawn for e in events[began[0]:])
    assert events[began[0]] == TurnBegan(0, 1)
    s = play(s, EndTurn())
    assert s.turn == 1  # the extra turn was used: play passes on


@pytest.mark.clause("GI-TURN-5")
def test_extra_turns_stack_and_the_round_ends_after_the_last_seats_extra_turns() -> None:
    """Seat 1 (before the first player) plays Twice: it takes two more turns, still in round 1,
    and only then does the round end; with a one-round limit the game ends only after them."""
    for limit, over in ((5, False), (1, True)):
        s = _table(2, [(), ("twice",)], [], turn=1, round_limit=limit)
        s = play(s, Play("twice"), EndTurn())
        assert (s.turn, s.round, s.extra_turns, s.phase) == (1, 1, 1, Phase.PLAY)
        s = play(s, EndTurn())
        assert (s.turn, s.round, s.extra_turns, s.phase) == (1, 1, 0, Phase.PLAY)
        s = play(s, EndTurn())
        assert s.phase is (Phase.OVER if over else Phase.PLAY)
        if not over:
            assert (s.turn, s.round) == (0, 2)


@pytest.mark.clause("GI-TURN-5")
def test_an_extra_turn_earned_in_an_extra_turn_comes_after_those_due() -> None:
    """Twice, then Again played in the first extra turn: three extra turns in all, then seat 1."""
    s = _table(3, [("again", "twice"), (), ()], [])
    s = play(s, Play("twice"), EndTurn())
    s = play(s, Play("again"))
    assert s.extra_turns == 2
    turns = []
    for _ in range(3):
        s = play(s, EndTurn())
        turns.append(s.turn)
    assert turns == [0, 0, 1]


@pytest.mark.clause("GI-BOUND-1")
def test_the_house_rule_gives_at_most_as_many_extra_turns_as_normal_turns() -> None:
    """With a one-round limit and two seats a game gives at most two extra turns; as written
    (bounded=False) every step gives its turns."""
    s = _table(2, [("again", "twice"), ()], [], round_limit=1)
    s = play(s, Play("twice"), Play("again"))  # the turn ends: the first extra turn begins
    assert (s.turn, s.extra_given, s.extra_turns) == (0, 2, 1)
    free = _table(2, [("again", "twice"), ()], [], bounded=False)
    free = play(free, Play("twice"), Play("again"))
    assert (free.turn, free.extra_given, free.extra_turns) == (0, 3, 2)


def test_an_extra_turn_step_names_no_target() -> None:
    """The validator refuses a target on extra_turn: it is always the card's player's."""
    bad = dict(AGAIN, effect=[{"op": "extra_turn", "target": "any_opponent"}])
    with pytest.raises(SetupError, match="means nothing to extra_turn"):
        parse_components({"name": "bad", "version": "1", "card": [*CARDS, bad]})


@pytest.mark.clause("GI-TURN-4", "GI-BOUND-1")
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_every_turn_extra_or_not_starts_with_full_hands_and_the_game_ends_within_the_bound(
        seed: int, players: int) -> None:
    """Random games with a deck rich in extra turns: whenever a turn begins every hand holds 6
    cards (unless the deck and discard pile are empty), the state stays consistent, and the game
    ends within the decision bound."""
    opts = Options(components=EXTRA_SET, round_limit=3)
    rng = random.Random(seed)
    s = new_game(players, seed, options=opts)
    bound = decision_bound(players, opts)
    steps = 0
    while not is_terminal(s):
        if s.phase is Phase.PLAY and not s.stack and s.actions_used == 0 and (s.deck or s.discard):
            assert all(len(h) >= 6 for h in s.hands)
        s = apply(s, rng.choice(legal_actions(s)))
        check_state(s)
        steps += 1
        assert steps <= bound
    assert s.extra_turns == 0
