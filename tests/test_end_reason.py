"""``Game.end_reason``: the clause that ended a game, checked against the final state's own evidence.

Each test plays random games to the end under options that make each way of ending reachable,
and checks the reported clause against what the final state shows (the scores, the round count,
the deck, the pool), not against the code that computes it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules.core.spec import load_spec

seeds = st.integers(min_value=0, max_value=2**32)


def _play_out(game_id: str, players: int, seed: int, options: Any) -> tuple[Any, Any]:
    """The game, and the final state of a random playout, checking that the reason is None until then."""
    game = gremlinrules.get_game(game_id)
    state = game.new_game(players, seed=seed, options=options)
    rnd = random.Random(seed)
    while not game.is_terminal(state):
        assert game.end_reason(state) is None, "a game that goes on has no end reason"
        state = game.apply(state, rnd.choice(game.legal_actions(state)))
    reason = game.end_reason(state)
    assert reason is not None, "a finished game names the clause that ended it"
    clause = load_spec(game_id).clause(reason)  # SpecError if the id is no clause of the game
    assert clause.kind in ("rule", "interpretation")
    return game, state


@pytest.mark.parametrize("game_id", gremlinrules.game_ids())
def test_end_reason_is_none_before_the_end_and_a_clause_of_the_game_after(game_id: str) -> None:
    """Over a seeded playout at the smallest player count, end_reason is None until the game is
    over, then the id of one of the game's rule or interpretation clauses."""
    game = gremlinrules.get_game(game_id)
    _play_out(game_id, game.player_counts[0], 7, None)


@pytest.mark.clause("NGG-FINALE-1")
@pytest.mark.clause("NGG-DECK-2")
@pytest.mark.clause("NGG-END-3")
@given(seed=seeds, limit=st.sampled_from([1, 2, 100]), players=st.integers(2, 5))
def test_ngg_end_reason_is_the_round_limit_exactly_when_the_deck_was_not_exhausted(
        seed: int, limit: int, players: int) -> None:
    """No Good Gremlins: NGG-END-3 (the round limit began the finale) exactly when the round
    count passed the limit; otherwise the deck ran out, the first time with two or three players
    (NGG-FINALE-1), the second time (after a rebuild) with four or five (NGG-DECK-2)."""
    game = gremlinrules.get_game("no-good-gremlins")
    _, final = _play_out("no-good-gremlins", players, seed, game.Options(round_limit=limit))
    reason = game.end_reason(final)
    if final.round > limit:
        assert reason == "NGG-END-3"
    else:
        assert not final.deck
        assert reason == ("NGG-FINALE-1" if players <= 3 else "NGG-DECK-2")
        assert final.rebuilt == (players > 3)


@pytest.mark.clause("GVG-END-4")
@pytest.mark.clause("GVG-BOUND-1")
@given(seed=seeds, limit=st.sampled_from([1, 3, 30]))
def test_gvg_end_reason_is_nine_points_or_else_the_round_limit(seed: int, limit: int) -> None:
    """Goblins vs Gnomes: GVG-END-4 exactly when a seat has 9 points at the end; otherwise the
    match stopped at the house rule's round limit (GVG-BOUND-1), in that round."""
    game = gremlinrules.get_game("goblins-vs-gnomes")
    _, final = _play_out("goblins-vs-gnomes", 3, seed, game.Options(round_limit=limit))
    if max(final.points) >= 9:
        assert game.end_reason(final) == "GVG-END-4"
    else:
        assert game.end_reason(final) == "GVG-BOUND-1"
        assert final.round == limit


@pytest.mark.clause("GI-END-2")
@pytest.mark.clause("GI-END-3")
@pytest.mark.clause("GI-BOUND-1")
@given(seed=seeds, end=st.sampled_from(["score", "reshuffles"]))
def test_gi_end_reason_names_the_target_the_reshuffles_or_the_round_limit(seed: int, end: str) -> None:
    """Gremlins, Inc.: GI-END-2 when a seat reached the target score (5 here), GI-END-3 when,
    playing for reshuffles (none here), the deck was reshuffled or ran out; otherwise the round
    limit (GI-BOUND-1) in its last round."""
    game = gremlinrules.get_game("gremlins-inc")
    options = game.Options(target=5) if end == "score" else game.Options(end="reshuffles", reshuffles=0)
    _, final = _play_out("gremlins-inc", 2, seed, options)
    reason = game.end_reason(final)
    if end == "score" and max(game.scores(final)) >= 5:
        assert reason == "GI-END-2"
    elif end == "reshuffles" and (final.reshuffles > 0 or not final.deck):
        assert reason == "GI-END-3"
    else:
        assert reason == "GI-BOUND-1"
        assert final.round == options.round_limit


@pytest.mark.clause("GTG-STRIPE-2")
@pytest.mark.clause("GTG-STRIPE-4")
@pytest.mark.clause("GTG-END-4")
@given(seed=seeds, bounded=st.booleans())
def test_gtg_end_reason_is_stripe_defeated_the_pool_empty_or_the_turn_limit(seed: int, bounded: bool) -> None:
    """Gremlins: The Game: GTG-STRIPE-2 exactly when some seat holds Stripe among its defeated
    gremlins; GTG-STRIPE-4 only with the pool empty; else the turn limit (GTG-END-4), which the
    rules as written (no house rule) never give, and only once the turns are used up."""
    game = gremlinrules.get_game("gremlins-the-game")
    options = game.Options() if bounded else game.Options.as_written()
    _, final = _play_out("gremlins-the-game", 2, seed, options)
    reason = game.end_reason(final)
    if any("stripe" in row for row in final.defeated):
        assert reason == "GTG-STRIPE-2"
    elif reason == "GTG-STRIPE-4":
        assert not final.pool
    else:
        assert reason == "GTG-END-4"
        assert bounded
        assert final.turn_number + 1 >= options.turn_limit


@pytest.mark.clause("GG-END-1")
@given(seed=seeds, players=st.sampled_from([2, 4]))
def test_gg_end_reason_is_the_eighth_trick(seed: int, players: int) -> None:
    """Gnaughty Gnomes: every game ends after the eighth trick (GG-END-1), 64 decisions in."""
    game = gremlinrules.get_game("gnaughty-gnomes")
    _, final = _play_out("gnaughty-gnomes", players, seed, None)
    assert game.end_reason(final) == "GG-END-1"
