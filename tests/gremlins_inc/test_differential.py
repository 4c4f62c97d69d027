"""The fast paths against the rule book: random games with random options give identical legal
actions, states and refusals (GI-CARD-1), and an independent oracle for what can be completed and
played (GI-DONE-1, GI-PLAY-2)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import settings

from gremlinrules import IllegalActionError
from gremlinrules.gremlins_inc import Complete
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import all_actions
from gremlinrules.gremlins_inc import fast
from gremlinrules.gremlins_inc import new_game
from gremlinrules.gremlins_inc import rules
from gremlinrules.gremlins_inc.components import REFERENCE
from tests.strategies import Table
from tests.strategies import gi_tables
from tests.strategies import seeds


def refusal(f: object, s: State, a: object) -> str | None:
    try:
        f(s, a)  # type: ignore[operator]
    except IllegalActionError as exc:
        return f"{exc.clause}: {exc}"
    return None


def agree_to_the_end(s: State, rnd: random.Random, options: Options | None = None, samples: int = 3) -> int:
    """Play ``s`` out with random choices, demanding identical legal actions, states and refusals
    (of ``samples`` actions sampled per step) from both paths; the number of decisions."""
    space = all_actions(s.players, options or s.options)
    steps = 0
    while not rules.is_terminal(s):
        legal = fast.legal_actions(s)
        assert legal == rules.legal_actions(s)
        for a in rnd.sample(space, samples):
            assert fast.is_legal(s, a) == rules.is_legal(s, a)
            if a not in legal:
                assert refusal(fast.apply, s, a) == refusal(rules.apply, s, a)
        a = legal[rnd.randrange(len(legal))]
        t = fast.apply(s, a)
        assert t == rules.apply(s, a)
        s = t
        steps += 1
    return steps


@pytest.mark.clause("GI-CARD-1")
@settings(max_examples=max(6, settings().max_examples // 10))
@given(table=gi_tables(), seed=seeds)
def test_fast_and_reference_rules_agree_on_every_step(table: Table, seed: int) -> None:
    """Property: at every step of a random game (a table drawn from the option choices: team
    layouts, seating, end, targets, reshuffles, familiar start, open resources) both paths list
    the same legal actions, reach the same state, and refuse sampled illegal actions with the
    same clause and message."""
    players, opts = table
    assert agree_to_the_end(new_game(players, seed, options=opts), random.Random(seed), opts, samples=5) > 0


def _oracle_completable(s: State) -> set[int]:
    """GI-DONE-1 from the rulebook's words: a blueprint (or permanent) whose assigned resources
    count at least its needs per type, with no cost passive in play."""
    cards = {c.id: c for c in REFERENCE.cards}
    out = set()
    for i, p in enumerate(s.projects[s.turn]):
        card = cards[p.card]
        if card.kind == "action":
            continue
        got = Counter(cards[r].resource for r in p.resources)
        if all(got[r] >= n for r, n in card.needs):
            out.add(i + 1)
    return out


def _oracle_playable(s: State) -> set[str]:
    """GI-PLAY-2 from the rulebook's words: an action card in hand whose cost the resources on all
    of the player's projects cover, type by type."""
    cards = {c.id: c for c in REFERENCE.cards}
    got = Counter(cards[r].resource for p in s.projects[s.turn] for r in p.resources)
    return {c for c in s.hands[s.turn]
            if cards[c].kind == "action" and all(got[r] >= n for r, n in cards[c].cost)}


@pytest.mark.clause("GI-DONE-1", "GI-PLAY-2")
@settings(max_examples=max(6, settings().max_examples // 10))
@given(seed=seeds)
def test_completions_and_plays_match_an_oracle_from_the_rulebook(seed: int) -> None:
    """Property: in random games (no permanent active yet) the Complete and Play actions offered are
    exactly the oracle's."""
    s = new_game(3, seed)
    rnd = random.Random(seed)
    checked = 0
    while not rules.is_terminal(s) and not any(s.permanents):
        legal = fast.legal_actions(s)
        if not s.stack:
            assert {a.project for a in legal if isinstance(a, Complete)} == _oracle_completable(s)
            assert {a.card for a in legal if isinstance(a, Play)} == _oracle_playable(s)
            checked += 1
        s = fast.apply(s, legal[rnd.randrange(len(legal))])
    assert checked
