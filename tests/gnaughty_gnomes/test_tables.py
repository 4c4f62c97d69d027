"""The hot path's lookup tables agree with the plain reading of the rules.

``legal_actions`` and ``apply`` read precomputed tables and per-team bitmasks
(:mod:`gremlinrules.gnaughty_gnomes.tables`); these properties compare them
with direct, obviously-correct enumerations written from the clauses.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.gnaughty_gnomes import Flip
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Place
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import fast
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes.board import HEX_SPOTS
from gremlinrules.gnaughty_gnomes.board import LOSER
from gremlinrules.gnaughty_gnomes.board import MIDDLE
from gremlinrules.gnaughty_gnomes.board import N_SPOTS
from gremlinrules.gnaughty_gnomes.board import SPOT_HEXES
from gremlinrules.gnaughty_gnomes.board import WINNER
from gremlinrules.gnaughty_gnomes.board import candidate_spots
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.state import gnomes_per_spot
from gremlinrules.gnaughty_gnomes.state import team_masks
from gremlinrules.gnaughty_gnomes.tables import FLIP_AFTER
from gremlinrules.gnaughty_gnomes.tables import PLAYED
from gremlinrules.gnaughty_gnomes.tables import SUPPLIES
from gremlinrules.gnaughty_gnomes.tables import SUPPLY_STEP
from gremlinrules.gnaughty_gnomes.tables import supply_code
from gremlinrules.gnaughty_gnomes.tables import trick_code
from gremlinrules.gnaughty_gnomes.trick import rank_trick
from gremlinrules.gnaughty_gnomes.trick import score_placement
from gremlinrules.gnaughty_gnomes.trick import value_of
from tests.gnaughty_gnomes.strategies import states
from tests.gnaughty_gnomes.strategies import step

_OPTIONS = st.builds(Options, loser_vertex=st.sampled_from(["touching", "any"]),
                     no_space=st.sampled_from(["skip", "widen"]))


def _reference_placements(state: State) -> tuple[Place | Flip, ...]:
    """GG-PLACE-1..8 read directly: for the place's category, every open candidate spot of
    every unflipped suit (suit order, then spot order); else the wider reading; else flips."""
    suits = [s for s in SUITS
             if any(p.card.suit is s and not f for p, f in zip(state.plays, state.flipped, strict=True))]
    pos = state.plays[state.order[step(state)]].position
    any_vertex = state.options.loser_vertex == "any"
    categories = [(WINNER, MIDDLE, MIDDLE, LOSER)[step(state)]]
    if state.options.no_space == "widen":
        categories.append(LOSER)
    if state.supply[pos] > 0:
        for category in categories:
            found = [Place(s, spot) for s in suits
                     for spot in candidate_spots(state.layout, s, category, any_vertex)
                     if state.gnomes[spot] is None]
            if found:
                return tuple(found)
    return tuple(Flip(s) for s in suits)


@pytest.mark.clause("GG-PLACE-2", "GG-PLACE-4", "GG-PLACE-5", "GG-PLACE-6", "GG-PLACE-8")
@given(data=st.data())
def test_placements_from_the_tables_equal_the_direct_enumeration(data: st.DataObject) -> None:
    """In every placement state, under both readings of GG-PLACE-6 and GG-PLACE-8, the legal
    actions equal the clauses' direct enumeration, in the same order."""
    state = data.draw(states(placing=True, options=data.draw(_OPTIONS)))
    if state.stack:
        assert legal_actions(state) == _reference_placements(state)


@pytest.mark.clause("GG-SCORE-1")
@given(state=states())
def test_gnomes_per_spot_and_the_team_bitmasks_hold_the_same_gnomes(state: State) -> None:
    """A state keeps its gnomes as one bitmask of spots per team: ``State.gnomes`` lists, per
    spot, the team whose bit is set there (None for neither), no spot is in both masks,
    ``team_masks`` turns the list back into the masks, and an equal copy of the masks gives the
    same list."""
    team0, team1 = state.team_gnomes
    assert not team0 & team1
    assert [s for s, t in enumerate(state.gnomes) if t == 0] == [s for s in range(N_SPOTS) if team0 >> s & 1]
    assert [s for s, t in enumerate(state.gnomes) if t == 1] == [s for s in range(N_SPOTS) if team1 >> s & 1]
    assert len(state.gnomes) == N_SPOTS
    assert team_masks(state.gnomes) == state.team_gnomes
    team0_copy, team1_copy = list(state.team_gnomes)
    assert gnomes_per_spot((team0_copy, team1_copy)) == state.gnomes  # a new tuple: not the kept answer


@pytest.mark.clause("GG-SCORE-1", "GG-SCORE-2", "GG-SCORE-3", "GG-SCORE-4")
@given(state=states(), data=st.data())
def test_placement_points_equal_a_direct_count(state: State, data: st.DataObject) -> None:
    """For a gnome standing on a spot, the points equal a count of both teams' gnomes around
    each coloured hex it touches: a new majority scores the value, a new tie half of it."""
    taken = [s for s, t in enumerate(state.gnomes) if t is not None]
    if not taken:
        return
    spot = data.draw(st.sampled_from(taken))
    team = state.gnomes[spot]
    assert team is not None
    expected = 0
    for h in SPOT_HEXES[spot]:
        mine = sum(1 for s in HEX_SPOTS[h] if state.gnomes[s] == team)
        theirs = sum(1 for s in HEX_SPOTS[h] if state.gnomes[s] == 1 - team)
        if theirs and mine == theirs + 1:
            expected += value_of(state.track, state.layout[h])
        elif theirs and mine == theirs:
            expected += value_of(state.track, state.layout[h]) // 2
    assert score_placement(state.layout, state.track, state.gnomes, spot, team) == expected


@pytest.mark.clause("GG-PLACE-9")
def test_the_flip_table_flips_the_first_unflipped_card_of_the_suit() -> None:
    """For every trick of four suits, every set of flipped cards and every suit, ``FLIP_AFTER``
    flips exactly the first unflipped card of that suit (GG-PLACE-9), clears the suit from the
    unflipped suits only when it was the suit's last unflipped card, and has no entry when none
    of the suit is left."""
    for trick in range(256):
        suits = [trick >> 2 * (3 - i) & 3 for i in range(4)]
        for done in range(16):
            for suit in range(4):
                unflipped = [i for i in range(4) if suits[i] == suit and not done >> i & 1]
                entry = FLIP_AFTER[(trick << 4 | done) << 2 | suit]
                if not unflipped:
                    assert entry is None
                    continue
                assert entry is not None
                flipped, clear, code = entry
                assert flipped == tuple(bool(done >> i & 1) or i == unflipped[0] for i in range(4))
                assert clear == (1 << suit if len(unflipped) == 1 else 0)
                assert code == trick << 4 | done | 1 << unflipped[0]


@pytest.mark.clause("GG-SETUP-4")
@given(supply=st.tuples(*[st.integers(0, 8)] * 4), pos=st.integers(0, 3))
def test_a_supply_code_steps_to_the_supply_less_one_gnome(supply: tuple[int, ...], pos: int) -> None:
    """A supply's code finds the supply's own counts in ``SUPPLIES``; taking ``SUPPLY_STEP[pos]``
    off it gives the supply with one gnome fewer at ``pos``; a supply that is not four plain
    integers 0 to 8 (a bool, a float, a count of 9) has no code."""
    code = supply_code(supply)
    assert SUPPLIES[code] == supply
    if supply[pos]:
        assert SUPPLIES[code - SUPPLY_STEP[pos]] == tuple(n - (p == pos) for p, n in enumerate(supply))
    assert supply_code((True, *supply[1:])) == -1
    floats: tuple[Any, ...] = (float(supply[0]), *supply[1:])
    assert supply_code(floats) == -1
    assert supply_code((9, *supply[1:])) == -1


@pytest.mark.clause("GG-TRICK-1", "GG-TRICK-2", "GG-X-2")
@given(data=st.data())
def test_the_fast_ranking_of_four_records_is_the_plain_ranking(data: st.DataObject) -> None:
    """For any track and any four of the game's own trick records of distinct cards, the fast
    path's ranking (one sort of integer keys) is :func:`trick.rank_trick`'s, and its trick code
    is :func:`tables.trick_code`'s."""
    track = tuple(data.draw(st.permutations(SUITS)))
    actions = data.draw(st.lists(st.sampled_from(sorted(PLAYED, key=repr)), min_size=4, max_size=4,
                                 unique_by=lambda a: (PLAYED[a][0].card.suit, PLAYED[a][0].card.rank)))
    plays = tuple(PLAYED[a][data.draw(st.integers(0, 3))] for a in actions)
    ranked = fast._ranked(track, plays)
    assert ranked is not None
    assert ranked == (rank_trick(track, plays), trick_code(plays))
