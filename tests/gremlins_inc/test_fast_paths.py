"""The fast paths against the rule book where random reference games seldom go: active
blueprint-permanents (cost passives, protection, bonuses, extra actions), the small test card set,
frames the rules would not make, and events (GI-CARD-1, GI-PASSIVE-1 to GI-PASSIVE-5)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gremlinrules.core.decisions import Frame
from gremlinrules.gremlins_inc import (
    ChooseProject,
    State,
    apply_with_events,
    fast,
    new_game,
    rules,
)
from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.state import CHOOSE_PLAYER, PAY, evolve
from tests.gremlins_inc.helpers import OPTIONS as TEST_OPTIONS
from tests.gremlins_inc.test_differential import agree_to_the_end, refusal

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
    Frame(CHOOSE_PLAYER, 0, source="petty-theft", bound=(("player", 0), ("step", 7), ("stage", "who"))),
    Frame(CHOOSE_PLAYER, 0, source="petty-theft", bound=(("player", 9), ("step", 1), ("stage", "who"))),
    Frame(CHOOSE_PLAYER, 0, source="no-such-card", bound=(("player", 0), ("step", 1), ("stage", "who"))),
    Frame(CHOOSE_PLAYER, 0, source="petty-theft", bound=(("stage", "who"),)),
    Frame(PAY, 0, source="petty-theft", bound=(("owed", "rubies"),)),
    Frame(PAY, 0, source="petty-theft", bound=(("owed", ""),)),
    Frame(PAY, 5, source="petty-theft", bound=(("owed", "gold"),)),
    Frame(CHOOSE_PLAYER, 0, source="petty-theft", bound=(("player", [0]), ("step", 1), ("stage", "who"))),  # type: ignore[arg-type]
], ids=["step-out-of-script", "player-out-of-range", "unknown-card", "bound-incomplete", "unknown-resource",
        "nothing-owed", "seat-out-of-range", "unhashable-value"])
def test_frames_the_rules_would_not_make_get_the_rule_books_answer(frame: Frame) -> None:
    """A frame built by hand that the rules would never push: the fast path lists what the rule book
    lists (nothing) and refuses an answer with the rule book's reason."""
    s = evolve(new_game(3, 5), stack=(frame,))
    assert fast.legal_actions(s) == rules.legal_actions(s)
    answer = ChooseProject(0, 1)
    assert refusal(fast.apply, s, answer) == refusal(rules.apply, s, answer)


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


@pytest.mark.clause("GI-EFFECT-3")
def test_a_frame_equal_to_one_already_read_but_holding_booleans_is_still_refused() -> None:
    """A frame is read once and remembered, but a frame equal to it that holds ``True``/``False``
    for its numbers (equal in Python, not what the rules write) is still refused: both paths list
    no choices for it."""
    good = Frame(CHOOSE_PLAYER, 0, source="petty-theft", bound=(("player", 0), ("step", 1), ("stage", "who")))
    odd = Frame(CHOOSE_PLAYER, 0, source="petty-theft",
                bound=(("player", False), ("step", True), ("stage", "who")))
    assert good == odd
    s = new_game(3, 5)
    assert fast.legal_actions(evolve(s, stack=(good,)))  # read and remembered: petty theft has targets
    bad = evolve(s, stack=(odd,))
    assert fast.legal_actions(bad) == rules.legal_actions(bad) == ()


@pytest.mark.clause("GI-EFFECT-1")
@given(player=st.integers(0, 5), card=st.sampled_from([c.id for c in REFERENCE.cards]),
       step=st.integers(0, 9))
def test_contexts_made_without_the_constructor_equal_the_constructors(player: int, card: str,
                                                                       step: int) -> None:
    """Property: the fast path's constructor-free effect contexts are exactly ``Ctx(player, card)`` and
    ``Ctx(player, card, step)`` (every default in place)."""
    from gremlinrules.gremlins_inc.effects import Ctx
    from gremlinrules.gremlins_inc.fast_effects import _next_step, first_step

    assert first_step(player, card) == Ctx(player, card)
    busy = Ctx(5, "x", 3, "units", (1,), True, 1, 2, 0, 4)
    assert _next_step(busy, player, card, step) == Ctx(player, card, step)


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
