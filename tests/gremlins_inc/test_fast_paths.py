"""The fast paths against the rule book where random reference games seldom go: active
blueprint-permanents (cost passives, protection, bonuses, extra actions), the small test card set,
frames the rules would not make, and events (GI-CARD-1, GI-PASSIVE-1 to GI-PASSIVE-5)."""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import assume
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.gremlins_inc import ChooseProject
from gremlinrules.gremlins_inc import Effect
from gremlinrules.gremlins_inc import Payment
from gremlinrules.gremlins_inc import PendingFrame
from gremlinrules.gremlins_inc import PlayerChoice
from gremlinrules.gremlins_inc import Stage
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import apply_with_events
from gremlinrules.gremlins_inc import fast
from gremlinrules.gremlins_inc import new_game
from gremlinrules.gremlins_inc import rules
from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.state import evolve
from tests.gremlins_inc.helpers import OPTIONS as TEST_OPTIONS
from tests.gremlins_inc.test_differential import agree_to_the_end
from tests.gremlins_inc.test_differential import refusal

PERMANENTS = sorted(c.id for c in REFERENCE.cards if c.kind == "permanent")


def _with_permanent(s: State, seat: int, card: str) -> State | None:
    """``s`` with ``card`` taken from the deck and active for ``seat`` (None when the deck has none)."""
    if card not in s.deck:
        return None
    deck = list(s.deck)
    deck.remove(card)
    perms = list(s.permanents)
    perms[seat] = tuple(sorted((*perms[seat], card)))
    return evolve(s, deck=tuple(deck), permanents=tuple(perms))


@pytest.mark.clause("GI-CARD-1", "GI-PASSIVE-1", "GI-PASSIVE-2", "GI-PASSIVE-3", "GI-PASSIVE-4",
                    "GI-PASSIVE-5")
@settings(max_examples=max(4, settings().max_examples // 10), deadline=None)
@given(pick=st.integers(0, len(PERMANENTS) - 1), other=st.integers(0, len(PERMANENTS) - 1),
       players=st.integers(2, 6), seed=st.integers(0, 2**32))
def test_fast_and_reference_agree_with_active_permanents(pick: int, other: int, players: int,
                                                         seed: int) -> None:
    """Property: with blueprint-permanents active from the start (one for the first player, one for
    the next seat), both paths list the same legal actions, reach the same states and refuse
    sampled illegal actions alike, to the end of the game."""
    s: State | None = _with_permanent(new_game(players, seed), 0, PERMANENTS[pick])
    if s is not None:
        s = _with_permanent(s, 1, PERMANENTS[other])
    assume(s is not None)  # the deck held them (it nearly always does)
    assert s is not None
    assert agree_to_the_end(s, random.Random(seed)) > 0


@pytest.mark.clause("GI-CARD-1", "GI-CARD-2")
@settings(max_examples=max(4, settings().max_examples // 10), deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_fast_and_reference_agree_on_the_test_card_set(players: int, seed: int) -> None:
    """Property: with the small test card set (one card per kind of effect, every passive) both
    paths agree at every step of a random game."""
    s = new_game(players, seed, options=TEST_OPTIONS)
    assert agree_to_the_end(s, random.Random(seed), TEST_OPTIONS) > 0


@pytest.mark.clause("GI-EFFECT-3", "GI-PLAY-2")
@pytest.mark.parametrize("frame", [
    PlayerChoice(0, Effect(0, "petty-theft", 6)),
    PlayerChoice(9, Effect(9, "petty-theft", 0)),
    PlayerChoice(0, Effect(0, "no-such-card", 0)),
    Payment(5, "petty-theft", ("gold",)),
], ids=["step-out-of-script", "player-out-of-range", "unknown-card", "seat-out-of-range"])
def test_frames_the_rules_would_not_make_get_the_rule_books_answer(frame: PendingFrame) -> None:
    """A frame built by hand that the rules would never push: the fast path lists what the rule book
    lists (nothing) and refuses an answer with the rule book's reason."""
    s = evolve(new_game(3, 5), stack=(frame,))
    assert fast.legal_actions(s) == rules.legal_actions(s) == ()
    answer = ChooseProject(0, 1)
    assert refusal(fast.apply, s, answer) == refusal(rules.apply, s, answer)


@pytest.mark.clause("GI-EFFECT-3", "GI-PLAY-2")
@pytest.mark.parametrize(("make", "field"), [
    (lambda: PlayerChoice(0, Effect(0, "petty-theft", 0, Stage.UNITS)), "effect"),
    (lambda: PlayerChoice(1, Effect(0, "petty-theft")), "effect"),
    (lambda: PlayerChoice(0, Effect(False, "petty-theft")), "effect"),
    (lambda: PlayerChoice(0, Effect(0, "petty-theft", True)), "effect"),
    (lambda: PlayerChoice(0, Effect(0, "petty-theft", 0, "who")), "effect"),  # type: ignore[arg-type]
    (lambda: PlayerChoice(0, Effect(0, "petty-theft", queue=[0])), "effect"),  # type: ignore[arg-type]
    (lambda: Payment(0, "petty-theft", ("rubies",)), "owed"),
    (lambda: Payment(0, "petty-theft", ()), "owed"),
    (lambda: Payment(0, "", ("gold",)), "card"),
], ids=["stage-of-another-frame", "decided-by-another-seat", "boolean-seat", "boolean-step", "stage-as-text",
        "queue-as-list", "unknown-resource", "nothing-owed", "no-card"])
def test_frames_the_rules_could_never_make_are_refused_when_built(make: Any, field: str) -> None:
    """A frame that is not of the shape the rules write (a stage its class never asks, another
    seat deciding, ``True`` for a number, text for a stage, a resource that does not exist) cannot
    be built: its field validator names the field (an effect's own fields are checked by the frame
    that carries it)."""
    with pytest.raises(InvalidArgumentError, match=rf"\.{field} must be"):
        make()


@pytest.mark.clause("GI-CARD-1")
@settings(max_examples=max(4, settings().max_examples // 10), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_events_come_with_the_same_states_as_apply(seed: int) -> None:
    """Property: ``apply_with_events`` (which the rule book answers) reaches exactly the state the fast
    ``apply`` reaches, at every step of a random game."""
    s = new_game(4, seed)
    rnd = random.Random(seed)
    while not rules.is_terminal(s):
        legal = fast.legal_actions(s)
        a = legal[rnd.randrange(len(legal))]
        t = fast.apply(s, a)
        assert apply_with_events(s, a)[0] == t
        s = t


@pytest.mark.clause("GI-CARD-1")
def test_an_answer_equal_to_a_listed_choice_but_not_it_is_applied_alike() -> None:
    """An answer built by the caller (equal to a listed choice, not the same object) and an answer
    to a state whose choices were not just listed both reach the rule book's state."""
    rnd = random.Random(3)
    s = new_game(3, 3)
    seen = 0
    while not rules.is_terminal(s) and seen < 20:
        legal = fast.legal_actions(s)
        a = legal[rnd.randrange(len(legal))]
        if s.stack:
            copy = attrs.evolve(a)
            assert copy == a
            assert copy is not a
            assert fast.apply(s, copy) == rules.apply(s, a)
            fast.legal_actions(new_game(3, 4))  # another state listed last
            assert fast.apply(s, a) == rules.apply(s, a)
            seen += 1
        s = fast.apply(s, a)
    assert seen


@pytest.mark.clause("GI-EFFECT-1")
@given(player=st.integers(0, 5), card=st.sampled_from([c.id for c in REFERENCE.cards]),
       step=st.integers(0, 9))
def test_contexts_made_without_the_constructor_equal_the_constructors(player: int, card: str,
                                                                       step: int) -> None:
    """Property: the fast path's constructor-free effect contexts are exactly ``Effect(player, card)``
    and ``Effect(player, card, step)`` (every default in place; a completion's uid kept)."""
    from gremlinrules.gremlins_inc.fast_effects import _next_step
    from gremlinrules.gremlins_inc.fast_effects import first_step

    assert first_step(player, card) == Effect(player, card)
    assert first_step(player, card, 7) == Effect(player, card, completing=7)
    busy = Effect(5, "x", 3, Stage.UNITS, (1,), True, 1, 2, 0, 4)
    assert _next_step(busy, player, card, step) == Effect(player, card, step)
    assert _next_step(attrs.evolve(busy, completing=2), player, card, step) == Effect(player, card, step,
                                                                                       completing=2)


@pytest.mark.clause("GI-TURN-3", "GI-DRAW-2", "GI-DRAW-3")
@settings(max_examples=max(10, settings().max_examples // 4), deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), deck=st.integers(0, 4), pile=st.integers(0, 6),
       turn=st.integers(0, 5), short=st.lists(st.integers(0, 6), min_size=6, max_size=6))
def test_a_refill_that_runs_the_deck_out_ends_the_turn_as_the_rule_book(
        players: int, seed: int, deck: int, pile: int, turn: int, short: list[int]) -> None:
    """Property: when the end of a turn's refill runs the deck out, the fast path reshuffles the
    discard pile (or, both empty, draws what there is) and passes the turn to the same state as the
    rule book, for any seat (the last of the round too) and any hands short of cards."""
    s = new_game(players, seed)
    cards = list(s.deck)
    hands = tuple(h[:max(0, len(h) - k)] for h, k in zip(s.hands, short, strict=False))
    s = evolve(s, turn=turn % players, deck=tuple(cards[:deck]),
               discard=tuple(sorted(cards[deck:deck + pile])), hands=hands)
    end = fast.legal_actions(s)[-1]
    assert fast.apply(s, end) == rules.apply(s, end)
