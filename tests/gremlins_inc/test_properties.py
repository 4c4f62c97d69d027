"""Invariants over random games with random options (GI-ZONE-1 to GI-ZONE-4, GI-DONE-3, GI-DONE-4,
GI-BOUND-1)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.gremlins_inc import REFERENCE
from gremlinrules.gremlins_inc import Assign
from gremlinrules.gremlins_inc import Complete
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Phase
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import check_state
from gremlinrules.gremlins_inc import decision_bound
from gremlinrules.gremlins_inc import is_terminal
from gremlinrules.gremlins_inc import legal_actions
from gremlinrules.gremlins_inc import new_game

LAYOUTS = [(2, "none"), (3, "none"), (4, "2v2"), (5, "2v3"), (6, "3v3"), (6, "2v2v2"), (6, "none")]


@st.composite
def tables(draw: Any) -> tuple[int, Options, int]:
    """A player count, options (team layout, seating, start, end, reveal, a short round limit)
    and a seed."""
    players, teams = draw(st.sampled_from(LAYOUTS))
    opts = Options(teams=teams, seating=draw(st.sampled_from(("alternate", "grouped"))),
                   familiar=draw(st.booleans()), end=draw(st.sampled_from(("score", "reshuffles"))),
                   target=draw(st.sampled_from((10, 20, 30))), reshuffles=draw(st.integers(0, 2)),
                   reveal_resources=draw(st.booleans()), round_limit=draw(st.integers(1, 12)))
    return players, opts, draw(st.integers(0, 2**32))


def _cards(s: State) -> Counter[str]:
    zones = [*s.deck, *s.discard, *(c for h in s.hands for c in h), *(c for p in s.permanents for c in p)]
    zones += [c for row in s.projects for p in row for c in (p.card, *p.resources)]
    if s.resolving and s.completing < 0:  # a completed card stays in its project while it resolves
        zones.append(s.resolving)
    return Counter(zones)


def _playout(players: int, opts: Options, seed: int, visit: Any) -> int:
    s = new_game(players, seed, options=opts)
    rnd = random.Random(seed)
    steps = 0
    while not is_terminal(s):
        visit(s)
        legal = legal_actions(s)
        s = apply(s, legal[rnd.randrange(len(legal))])
        steps += 1
    visit(s)
    return steps


@pytest.mark.clause("GI-ZONE-1")
@settings(max_examples=max(8, settings().max_examples // 10))
@given(tables())
def test_every_card_is_in_exactly_one_zone_at_every_step(case: tuple[int, Options, int]) -> None:
    """Property: the deck, discard pile, hands, projects, resources, permanents and the card being
    resolved hold the 128 cards of the set, each once, at every step."""
    deck = Counter(REFERENCE.deck)
    assert sum(deck.values()) == 128

    def visit(s: State) -> None:
        assert _cards(s) == deck

    _playout(*case, visit)


@pytest.mark.clause("GI-ZONE-2", "GI-ZONE-3")
@settings(max_examples=max(8, settings().max_examples // 10))
@given(tables())
def test_projects_never_exceed_three_and_scores_never_go_negative(case: tuple[int, Options, int]) -> None:
    """Property: at every step every row has at most 3 projects and every score is at least 0; the
    state passes its own consistency check."""
    def visit(s: State) -> None:
        assert all(len(row) <= 3 for row in s.projects)
        assert min(s.scores) >= 0
        check_state(s)

    _playout(*case, visit)


@pytest.mark.clause("GI-ZONE-4", "GI-TURN-3")
@settings(max_examples=max(8, settings().max_examples // 10))
@given(tables())
def test_every_turn_starts_with_full_hands_unless_no_card_is_left_to_draw(case: tuple[int, Options, int]
                                                                          ) -> None:
    """Property: whenever a turn begins (play phase, no action taken, nothing pending) every hand
    holds at least 6 cards, or the deck and the discard pile are both empty."""
    def visit(s: State) -> None:
        if s.phase is Phase.PLAY and s.actions_used == 0 and not s.stack:
            assert all(len(h) >= 6 for h in s.hands) or (not s.deck and not s.discard)

    _playout(*case, visit)


@pytest.mark.clause("GI-BOUND-1", "GI-END-4")
@settings(max_examples=max(8, settings().max_examples // 10))
@given(tables())
def test_every_game_ends_within_the_bound_after_a_whole_round(case: tuple[int, Options, int]) -> None:
    """Property: a random game ends within decision_bound decisions, at the end of a round (the
    seat before the first player had the last turn) and within the round limit."""
    players, opts, seed = case
    last: list[State] = []
    steps = _playout(players, opts, seed, last.append)
    final = last[-1]
    assert steps <= decision_bound(players, opts)
    assert (final.turn + 1) % players == final.first_player
    assert final.round <= opts.round_limit
    assert final.winners


def _builder_playout(players: int, opts: Options, seed: int) -> list[tuple[State, State]]:
    """A game whose turn owner completes a project whenever it can and else prefers assigning:
    for every Complete, the state before it and the state once its instructions are done."""
    s = new_game(players, seed, options=attrs.evolve(opts, round_limit=max(opts.round_limit, 10)))
    rnd = random.Random(seed)
    done: list[tuple[State, State]] = []
    started: State | None = None
    while not is_terminal(s):
        legal = legal_actions(s)
        wanted: list[Any] = []
        if not s.stack:
            wanted = [a for a in legal if type(a) is Complete] or [a for a in legal if type(a) is Assign]
        action = wanted[0] if wanted else legal[rnd.randrange(len(legal))]
        after = apply(s, action)
        if type(action) is Complete:
            started = s
        if started is not None and after.completing < 0:
            done.append((started, after))
            started = None
        s = after
    return done


def _check_completion(before: State, after: State) -> None:
    me = before.turn
    project = before.projects[me][_completed_index(before, after)]
    design = {c.id: c for c in before.components.cards}[project.card]
    assert all(p.uid != project.uid for row in after.projects for p in row)
    if after.reshuffles != before.reshuffles:
        return  # the card's own draw shuffled the discard pile away
    gained = Counter(after.discard) - Counter(before.discard)
    # its instructions may add resources to it (all discarded too); only a move can take some off
    moves = any(step.op == "move_resource" for step in design.effect)
    expected = Counter(() if moves else project.resources)
    if design.kind == "permanent":
        assert project.card in after.permanents[me]
    else:
        expected[project.card] += 1
    assert not expected - gained, (project, gained)


def _completed_index(before: State, after: State) -> int:
    gone = {p.uid for p in before.projects[before.turn]} - {p.uid for row in after.projects for p in row}
    return next(i for i, p in enumerate(before.projects[before.turn]) if p.uid in gone)


@pytest.mark.clause("GI-DONE-3", "GI-DONE-4")
@settings(max_examples=max(8, settings().max_examples // 10))
@given(tables())
def test_a_completed_project_and_all_its_resources_go_to_the_discard_pile(case: tuple[int, Options, int]
                                                                           ) -> None:
    """Property: once a completed project's instructions are done it has left the table; all its
    resources (needed or not, and any its instructions added) went to the discard pile, and the
    card too, unless it is a blueprint-permanent, which became its owner's active permanent."""
    for before, after in _builder_playout(*case):
        _check_completion(before, after)


@pytest.mark.clause("GI-DONE-4")
def test_the_completion_property_is_exercised() -> None:
    """The builder playouts of the property above do complete projects, permanents among them."""
    done = [pair for seed in range(6) for pair in _builder_playout(3, Options(), seed)]
    assert len(done) >= 5
    kinds = {c.id: c.kind for c in REFERENCE.cards}
    completed = {kinds[b.projects[b.turn][_completed_index(b, a)].card] for b, a in done}
    assert completed == {"blueprint", "permanent"}
    for before, after in done:
        _check_completion(before, after)
