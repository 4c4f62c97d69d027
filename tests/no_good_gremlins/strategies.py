"""Helpers and Hypothesis strategies for the No Good Gremlins tests."""

from __future__ import annotations

from typing import Any

import attrs
from hypothesis import strategies as st

from gremlinrules.core.rng import Rng
from gremlinrules.no_good_gremlins import REFERENCE
from gremlinrules.no_good_gremlins import Components
from gremlinrules.no_good_gremlins import GremlinCard
from gremlinrules.no_good_gremlins import Material
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import Phase
from gremlinrules.no_good_gremlins import Setup
from gremlinrules.no_good_gremlins import State
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import is_terminal
from gremlinrules.no_good_gremlins import legal_actions
from gremlinrules.no_good_gremlins import new_game
from gremlinrules.no_good_gremlins import validate_components

RUST, WOOD, IRON, COPPER, STEEL, CHROME = range(6)
"""Material indices as the state uses them."""
RU, WO, IR, CO, ST, CH = tuple(Material)
"""The Material enum members, as actions use them."""
M = {m.value: m for m in Material}


def mats(*names: str) -> tuple[Material, ...]:
    """Materials by name: mats("iron", "iron", "rust")."""
    return tuple(M[n] for n in names)


def gremlins(*names: str) -> tuple[GremlinCard, ...]:
    """Gremlin-deck cards by name."""
    return tuple(GremlinCard(n) for n in names)


def table(players: int = 2, *, hands: Any = None, pads: Any = None, heap: tuple[str, ...] = (),
          deck: tuple[str, ...] = (), gdeck: tuple[str, ...] = (), wanderer: int | None = None,
          options: Options | None = None, seed: int = 0, components: Components | None = None,
          **setup: Any) -> State:
    """A new game on a known table; hands/pads are tuples of material-name tuples; ``components``
    (a user's own set) goes into the options."""
    if components is not None:
        options = attrs.evolve(options or Options(), components=components)
    return new_game(players, seed, options=options, setup=Setup(
        hands=None if hands is None else tuple(mats(*h) for h in hands),
        pads=None if pads is None else tuple(mats(*p) for p in pads),
        scrapheap=mats(*heap), deck=mats(*deck), gremlin_deck=gremlins(*gdeck),
        wanderer=wanderer, **setup))


def main_phase(s: State, **changes: Any) -> State:
    """``s`` moved straight to the main part of the turn (the opening done)."""
    return attrs.evolve(s, phase=Phase.MAIN, **changes)


def row(**counts: int) -> tuple[int, ...]:
    """A per-material count row: row(iron=2) == (0, 0, 2, 0, 0, 0)."""
    return tuple(counts.get(m.value, 0) for m in Material)


def playout(players: int, seed: int, options: Options | None = None,
            max_steps: int = 100_000) -> list[tuple[State, Any]]:
    """A uniformly random game: the list of (state, action) pairs, then (final, None)."""
    s = new_game(players, seed, options=options)
    rng = Rng.from_seed(seed ^ 0x5EED)
    out: list[tuple[State, Any]] = []
    while not is_terminal(s) and len(out) < max_steps:
        action, rng = rng.choice(legal_actions(s))
        out.append((s, action))
        s = apply(s, action)
    out.append((s, None))
    return out


player_counts = st.integers(min_value=2, max_value=5)
seeds = st.integers(min_value=0, max_value=2**32)
options = st.builds(
    Options,
    scrap_take=st.sampled_from(["all", "run"]),
    rebuild_from=st.sampled_from(["scrapheap", "scrapheap_and_removed"]),
    free_actions_before_opening=st.booleans(),
    finale_builds=st.sampled_from([1, 2]),
    finale_free_actions=st.booleans(),
    round_limit=st.sampled_from([3, 10, 100]),
    wanderer_tie=st.sampled_from(["larger_rocket", "holder_chooses"]),
    chrome_launch=st.sampled_from(["extra", "main"]),
    hand_refill=st.sampled_from(["end_of_turn", "ever_empty"]),
)
"""Options over every reading (the reference component set)."""


@st.composite
def user_components(draw: st.DrawFn) -> Components:
    """A valid component set a user might own: other counts, launch costs (iron's stays 6) and
    medal values (ties included, so the holder's Feed decision comes up), other gremlin decks."""
    counts = draw(st.sampled_from([REFERENCE.counts, (19, 18, 16, 12, 10, 9), (14,) * 6,
                                   (24, 18, 16, 12, 8, 6)]))
    costs = tuple(6 if t == IRON else draw(st.integers(1, min(n, 9))) for t, n in enumerate(counts))
    values = tuple(draw(st.lists(st.integers(1, 6), min_size=6, max_size=6)))
    gremlin_deck, storms = draw(st.sampled_from([
        (REFERENCE.gremlins, REFERENCE.thunderstorms), ((3,) * 6, 3), ((4, 4, 3, 3, 2, 2), 3),
        ((3, 3, 3, 3, 3, 6), 0)]))
    return validate_components(Components(counts=counts, launch_costs=costs, medal_values=values,
                                          gremlins=gremlin_deck, thunderstorms=storms))


any_options = st.builds(
    Options,
    scrap_take=st.sampled_from(["all", "run"]),
    rebuild_from=st.sampled_from(["scrapheap", "scrapheap_and_removed"]),
    free_actions_before_opening=st.booleans(),
    finale_builds=st.sampled_from([1, 2]),
    finale_free_actions=st.booleans(),
    round_limit=st.sampled_from([1, 3, 10, 100]),
    wanderer_tie=st.sampled_from(["larger_rocket", "holder_chooses"]),
    chrome_launch=st.sampled_from(["extra", "main"]),
    hand_refill=st.sampled_from(["end_of_turn", "ever_empty"]),
    components=st.one_of(st.none(), user_components()),
)
"""Options over every field: every reading, and a user's own component set or the reference one."""
