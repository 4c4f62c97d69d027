"""An independent oracle of the scrapheap take, written from the rulebook, against the engine.

The rulebook ("How to Play"): at the start of the turn a player may "take the top card, and
all cards below that match it, from the scrapheap"; players may inspect the scrapheap at any
time. Our spec reads "match" as the same material type, and "below" in two ways (NGG-TURN-4):
``scrap_take="all"`` takes every card of the top card's type anywhere in the heap,
``scrap_take="run"`` only the unbroken run of that type directly under the top card.

The oracle below picks the heap up the way a player would, top card first, and shares no code
with the engine (no index arithmetic on the engine's bottom-first tuple, no tables).
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.no_good_gremlins import REFERENCE
from gremlinrules.no_good_gremlins import Material
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import Phase
from gremlinrules.no_good_gremlins import State
from gremlinrules.no_good_gremlins import TakeScrap
from gremlinrules.no_good_gremlins import fast
from gremlinrules.no_good_gremlins import rules
from tests.no_good_gremlins.strategies import any_options
from tests.no_good_gremlins.strategies import player_counts
from tests.no_good_gremlins.strategies import playout
from tests.no_good_gremlins.strategies import seeds
from tests.no_good_gremlins.strategies import table

READINGS = ("all", "run")


def oracle_take(heap_bottom_first: list[str], reading: str) -> tuple[list[str], list[str]]:
    """The cards a take lifts into the hand and the heap left behind (bottom first), by material
    name, read straight from the rulebook sentence under ``reading``."""
    from_the_top = list(reversed(heap_bottom_first))
    top_card = from_the_top[0]
    taken = [top_card]
    left: list[str] = []
    still_in_the_run = True
    for card in from_the_top[1:]:
        matches = card == top_card
        if reading == "all":
            (taken if matches else left).append(card)
        else:  # "run": the matching cards directly below the top card, up to the first other card
            still_in_the_run = still_in_the_run and matches
            (taken if still_in_the_run else left).append(card)
    return taken, list(reversed(left))


def _names(heap: tuple[int, ...]) -> list[str]:
    return [list(Material)[card].value for card in heap]


def _agrees_with_the_oracle(s: State, apply_f: Any, legal_f: Any) -> bool:
    """Compare one engine path with the oracle in ``s``; True when a take was compared."""
    may_take = s.phase in (Phase.OPENING, Phase.FINAL_OPENING) and bool(s.scrapheap) and not s.stack
    assert (TakeScrap() in legal_f(s)) == may_take  # NGG-TURN-1, NGG-TURN-3, NGG-FINALE-3
    if not may_take:
        return False
    taken, left = oracle_take(_names(s.scrapheap), s.options.scrap_take)
    after = apply_f(s, TakeScrap())
    assert _names(after.scrapheap) == left
    gained = Counter({m.value: after.hands[s.turn][i] - s.hands[s.turn][i] for i, m in enumerate(Material)})
    assert +gained == Counter(taken)
    assert after.phase is Phase.MAIN
    return True


@pytest.mark.clause("NGG-TURN-3", "NGG-TURN-4")
@pytest.mark.parametrize("reading", READINGS)
def test_every_small_heap_is_taken_as_the_rulebook_says(reading: str) -> None:
    """For every scrapheap of one to seven cards over three types (3,279 heaps), under each
    reading of scrap_take, both the fast and the reference take lift exactly the oracle's cards
    into the hand and leave exactly the oracle's heap, in order."""
    kinds = ("rust", "wood", "chrome")
    for size in range(1, 8):
        for heap in product(kinds, repeat=size):
            s = table(2, hands=((), ()), heap=heap, options=Options(scrap_take=reading))
            for apply_f, legal_f in ((fast.apply, fast.legal_actions), (rules.apply, rules.legal_actions)):
                assert _agrees_with_the_oracle(s, apply_f, legal_f)


def _within_the_deck(cards: list[str]) -> list[str]:
    """``cards`` without the cards of a type beyond the reference deck's count of it."""
    room = {m.value: n for m, n in zip(Material, REFERENCE.counts, strict=True)}
    kept = []
    for card in cards:
        if room[card]:
            room[card] -= 1
            kept.append(card)
    return kept


@pytest.mark.clause("NGG-TURN-3", "NGG-TURN-4")
@given(reading=st.sampled_from(READINGS),
       heap=st.lists(st.sampled_from([m.value for m in Material]), min_size=1, max_size=40).map(
           _within_the_deck))
def test_any_drawn_heap_is_taken_as_the_rulebook_says(reading: str, heap: list[str]) -> None:
    """For a drawn scrapheap of up to 40 cards of any types (no more of a type than the deck
    has), under each reading, both engine paths take what the oracle takes and leave what it
    leaves."""
    s = table(2, hands=((), ()), heap=tuple(heap), options=Options(scrap_take=reading))
    for apply_f, legal_f in ((fast.apply, fast.legal_actions), (rules.apply, rules.legal_actions)):
        assert _agrees_with_the_oracle(s, apply_f, legal_f)


@pytest.mark.playout
@pytest.mark.clause("NGG-TURN-3", "NGG-TURN-4", "NGG-FINALE-3")
@given(players=player_counts, seed=seeds, options=any_options, reading=st.sampled_from(READINGS))
def test_takes_in_random_games_follow_the_rulebook_under_both_readings(
        players: int, seed: int, options: Options, reading: str) -> None:
    """In every state of a random game (every option drawn, under each reading of scrap_take),
    TakeScrap is legal exactly at a normal or final opening with a non-empty scrapheap, and where
    it is, both engine paths take what the oracle takes and leave what it leaves."""
    compared = 0
    for s, _ in playout(players, seed, attrs.evolve(options, scrap_take=reading)):
        compared += _agrees_with_the_oracle(s, fast.apply, fast.legal_actions)
        compared += _agrees_with_the_oracle(s, rules.apply, rules.legal_actions)
    assert compared > 0  # every game opens its second turn, at the latest, on a non-empty heap
