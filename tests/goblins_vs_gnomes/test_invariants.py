"""The game's invariants, as properties over random play, and check_state refusing broken states."""

from __future__ import annotations

import itertools
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules import InvalidArgumentError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Tile
from gremlinrules.goblins_vs_gnomes.geometry import KIND
from gremlinrules.goblins_vs_gnomes.setup import RACE
from tests.goblins_vs_gnomes.strategies import REFERENCE_DECK
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import player_counts
from tests.goblins_vs_gnomes.strategies import playout
from tests.goblins_vs_gnomes.strategies import seeds

FULL = Counter(REFERENCE_DECK)


def _walk(n: int, seed: int, advanced: bool) -> list[gvg.State]:
    return [s for s, _ in playout(n, seed, Options(advanced_roles=advanced), limit=400)]


@pytest.mark.playout
@pytest.mark.clause("GVG-INV-1")
@given(n=player_counts, seed=seeds, advanced=st.booleans())
@settings(max_examples=8)
def test_every_card_is_in_exactly_one_zone(n: int, seed: int, advanced: bool) -> None:
    """Deck + hands + field + discards is always exactly the 50 path cards."""
    for s in _walk(n, seed, advanced):
        zones = Counter(s.deck) + Counter(c for h in s.hands for c in h) + \
            Counter(t.card for t in s.field) + Counter(s.discard)
        assert zones == FULL


@pytest.mark.playout
@pytest.mark.clause("GVG-INV-2")
@given(n=player_counts, seed=seeds, advanced=st.booleans())
@settings(max_examples=8)
def test_never_two_cards_on_one_cell(n: int, seed: int, advanced: bool) -> None:
    """Field cells are distinct and never the start or a target cell."""
    for s in _walk(n, seed, advanced):
        cells = [(t.x, t.y) for t in s.field]
        assert len(cells) == len(set(cells))
        assert not {(0, 0), (8, -2), (8, 0), (8, 2)} & set(cells)


@pytest.mark.playout
@pytest.mark.clause("GVG-INV-3")
@given(n=player_counts, seed=seeds)
@settings(max_examples=8)
def test_lanterns_and_opened_targets_stay_for_the_round(n: int, seed: int) -> None:
    """Within a round, a Lantern once on the field stays there and an opened target stays open."""
    states = _walk(n, seed, False)
    for before, after in itertools.pairwise(states):
        if before.round != after.round:
            continue
        lanterns = {t for t in before.field if KIND[t.card] == "lantern"}
        assert lanterns <= set(after.field)
        assert all(a or not b for a, b in zip(after.opened, before.opened, strict=True))


@pytest.mark.playout
@pytest.mark.clause("GVG-INV-4")
@given(n=player_counts, seed=seeds, advanced=st.booleans())
@settings(max_examples=8)
def test_roles_are_a_permutation_of_the_dealt_role_cards(n: int, seed: int, advanced: bool) -> None:
    """Within a round the multiset of seats' roles never changes (Potions only permute it), with
    n // 2 Goblins."""
    states = _walk(n, seed, advanced)
    for before, after in itertools.pairwise(states):
        if before.round == after.round:
            assert sorted(before.roles) == sorted(after.roles)
        assert sum(RACE[r] == "goblin" for r in after.roles) == n // 2


@pytest.mark.playout
@pytest.mark.clause("GVG-INV-5")
@given(n=player_counts, seed=seeds, advanced=st.booleans())
@settings(max_examples=6)
def test_no_score_below_zero(n: int, seed: int, advanced: bool) -> None:
    """Across whole random matches every counter stays at 0 or more."""
    for s, _ in playout(n, seed, Options(advanced_roles=advanced)):
        assert min(s.points) >= 0


@pytest.mark.clause("GVG-INV-1", "GVG-INV-2", "GVG-INV-3", "GVG-INV-4", "GVG-INV-5")
def test_check_state_refuses_broken_states() -> None:
    """A lost card, two cards on a cell, a Lantern in the discards, a duplicated role, a negative
    score: each raises InvalidArgumentError."""
    good = new(3)
    gvg.check_state(good)
    deck = list(good.deck)
    lantern = deck.pop(deck.index("lantern-ew"))
    broken = [
        attrs.evolve(good, deck=good.deck[1:], deck_owner=good.deck_owner[1:]),
        attrs.evolve(good, deck=good.deck[2:], deck_owner=good.deck_owner[2:],
                     field=(Tile(1, 0, good.deck[0], False), Tile(1, 0, good.deck[1], False))),
        attrs.evolve(good, deck=tuple(deck), deck_owner=good.deck_owner[1:],
                     discard=(lantern,)),
        attrs.evolve(good, roles=(good.roles[0], good.roles[0], good.roles[2])),
        attrs.evolve(good, points=(-1, 0, 0)),
    ]
    for state in broken:
        with pytest.raises(InvalidArgumentError):
            gvg.check_state(state)
