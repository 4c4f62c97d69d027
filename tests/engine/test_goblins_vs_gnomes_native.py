"""Goblins vs Gnomes' native engine beyond the shared differential tests.

The shared tables are bounded (playouts need a decision bound), so the rules as written
(``bounded=False``, GVG-BOUND-1) are compared here for a stretch of each game. Also: ``from_state``
of stacked first-round deals, the rarer frames reached and played natively (a target choice after
the Dynamite and its decline, the Greedy One's steal), and the component sets the engine refuses.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import engine
from gremlinrules.core.actionspace import action_space
from gremlinrules.goblins_vs_gnomes import REFERENCE
from gremlinrules.goblins_vs_gnomes import DeclineTarget
from gremlinrules.goblins_vs_gnomes import OpenTarget
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import Setup
from gremlinrules.goblins_vs_gnomes import Slot
from gremlinrules.goblins_vs_gnomes import StealChoice
from gremlinrules.goblins_vs_gnomes import TargetChoice
from gremlinrules.goblins_vs_gnomes import apply
from gremlinrules.goblins_vs_gnomes import legal_actions
from gremlinrules.goblins_vs_gnomes import new_game
from gremlinrules.goblins_vs_gnomes.components import _as_data
from gremlinrules.goblins_vs_gnomes.components import parse_components
from tests.engine.support import needs_engine
from tests.engine.support import play_on
from tests.goblins_vs_gnomes import strategies as gvg
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.test_second_target import ROUTE
from tests.goblins_vs_gnomes.test_second_target import T_CARD
from tests.goblins_vs_gnomes.test_second_target import TARGETS

pytestmark = needs_engine

GAME = "goblins-vs-gnomes"


def _compare(players: int, options: Options | None, seed: int, rnd: random.Random, limit: int) -> int:
    """Random play through the typed API and the engine for at most ``limit`` decisions, the same
    legal indices and states at each; the decisions played."""
    game = gremlinrules.get_game(GAME)
    space = action_space(game, players, options)
    state = new_game(players, seed, options=options)
    native = engine.new(GAME, players, seed, options)
    for decisions in range(limit):
        assert native.to_state() == state
        legal = game.legal_actions(state)
        indices = [space.index_of(a) for a in legal]
        assert native.legal_actions() == indices
        if not legal:
            return decisions
        pick = rnd.randrange(len(legal))
        state = game.apply(state, legal[pick])
        native.apply(indices[pick])
    return limit


@pytest.mark.clause("GVG-BOUND-1")
@settings(max_examples=10, deadline=None)
@given(players=gvg.player_counts, options=gvg.any_options, seed=gvg.seeds)
def test_the_rules_as_written_play_natively_as_the_rule_book(players: int, options: Options,
                                                             seed: int) -> None:
    """With ``bounded=False`` (unlimited swaps and rounds) every decision of a stretch of random play
    has the same legal indices and the same state natively as in the rule book."""
    unbounded = attrs.evolve(options, bounded=False)
    assert _compare(players, unbounded, seed, random.Random(seed), 600) > 0


@st.composite
def stacked(draw: st.DrawFn) -> tuple[int, Setup]:
    """A player count and a stacked first round: the deck, the targets, the roles, the starter."""
    players = draw(gvg.player_counts)
    deck = tuple(draw(st.permutations(REFERENCE.deck)))
    targets = tuple(draw(st.permutations(("gold", "dynamite", "dragon"))))
    goblins = [r.name for r in REFERENCE.roles if r.race == "goblin"]
    gnomes = [r.name for r in REFERENCE.roles if r.race == "gnome"]
    roles = draw(st.permutations(goblins[: players // 2] + gnomes[: players - players // 2]))
    first = draw(st.integers(0, players - 1))
    return players, Setup(roles=tuple(roles), targets=targets, deck=deck, first_player=first)


@pytest.mark.clause("GVG-SETUP-4")
@settings(max_examples=20, deadline=None)
@given(table=stacked(), seed=gvg.seeds)
def test_stacked_deals_play_natively_as_the_rule_book(table: tuple[int, Setup], seed: int) -> None:
    """``from_state`` of a stacked deal (any starter) plays the whole match as the rule book."""
    players, setup = table
    state = new_game(players, seed, setup=setup)
    native = engine.from_state(GAME, state)
    assert native.to_state() == state
    assert play_on(GAME, players, None, state, native, random.Random(seed)) > 0


def _frames_met(options: Options, kinds: tuple[type, ...], seeds: range) -> set[tuple[type, bool]]:
    """Play random matches through both and note each frame on top met (its class, and for a target
    choice whether it follows the Dynamite), checking the engine at every decision."""
    game = gremlinrules.get_game(GAME)
    met: set[tuple[type, bool]] = set()
    for seed in seeds:
        players = 3 + seed % 6
        space = action_space(game, players, options)
        state = new_game(players, seed, options=options)
        native = engine.new(GAME, players, seed, options)
        rnd = random.Random(seed)
        while not game.is_terminal(state):
            assert native.to_state() == state
            if state.stack and type(state.stack[-1]) in kinds:
                top = state.stack[-1]
                met.add((type(top), type(top) is TargetChoice and top.after_dynamite))
            legal = game.legal_actions(state)
            assert native.legal_actions() == [space.index_of(a) for a in legal]
            action = legal[rnd.randrange(len(legal))]
            state = game.apply(state, action)
            native.apply(space.index_of(action))
        assert native.to_state() == state
    return met


@pytest.mark.clause("GVG-ADV-3")
def test_the_greedy_ones_steal_is_reached_and_played_natively() -> None:
    """The Greedy One's steal after the Dragon (advanced roles) is met in random matches and played
    natively as the rule book plays it."""
    options = Options(advanced_roles=True, second_target="may_open")
    assert (StealChoice, False) in _frames_met(options, (TargetChoice, StealChoice), range(40))


@pytest.mark.clause("GVG-TARGET-3")
@pytest.mark.parametrize("answer", ["decline", "open"])
def test_the_choice_after_the_dynamite_plays_natively(answer: str) -> None:
    """Under ``second_target="may_open"``: the T-junction that reaches the Dynamite and the Gold,
    the Dynamite opened first, then the choice after it (declined, or the Gold opened), and after a
    decline the cards laid away from the Gold and the one beside it that opens it: the engine offers
    the rule book's indices and reaches its states at every step."""
    options = Options(second_target="may_open")
    plays = [*ROUTE, T_CARD]
    state = new(3, [(seat, card) for seat, card, *_ in plays], targets=TARGETS, options=options)
    native = engine.from_state(GAME, state)
    space = action_space(gremlinrules.get_game(GAME), 3, options)
    actions: list[object] = [Place(card, x, y, rotated) for _, card, x, y, rotated in plays]
    actions.append(OpenTarget(Slot.MIDDLE))
    if answer == "decline":
        actions += [DeclineTarget(), Place("bomb-ns", 5, 0, False), Place("bomb-cross", 6, 2, False),
                    Place("cave-in-ew", 7, 2, False)]
    else:
        actions.append(OpenTarget(Slot.BOTTOM))
    seen_after = False
    for action in actions:
        assert native.legal_actions() == [space.index_of(a) for a in legal_actions(state)]
        seen_after |= bool(state.stack) and getattr(state.stack[-1], "after_dynamite", False)
        state = apply(state, action)
        native.apply(space.index_of(action))
        assert native.to_state() == state
    assert seen_after
    assert (state.round, state.last_result) == (2, "gold")


@pytest.mark.clause("GVG-COMP-7", "GVG-COMP-8")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_component_set_whose_action_cards_are_renamed_plays_natively(seed: int) -> None:
    """The rule book finds the Map, the Explosion and the Potion by kind, so does the engine: a set
    that names them otherwise plays natively with the same legal indices and states at every
    decision of random play, the renamed cards played along the way."""
    data = _as_data(REFERENCE)
    renamed = {"map": "chart", "explosion": "blasting-powder", "potion": "shape-potion"}
    for d in data["design"]:
        d["name"] = renamed.get(d["name"], d["name"])
    options = Options(components=parse_components(data))
    game = gremlinrules.get_game(GAME)
    space = action_space(game, 4, options)
    state = new_game(4, seed, options=options)
    native = engine.new(GAME, 4, seed, options)
    rnd = random.Random(seed)
    played: set[str] = set()
    for _ in range(400):
        legal = game.legal_actions(state)
        assert native.legal_actions() == [space.index_of(a) for a in legal]
        if not legal:
            break
        action = legal[rnd.randrange(len(legal))]
        state = game.apply(state, action)
        native.apply(space.index_of(action))
        assert native.to_state() == state
        played |= set(state.discard) & set(renamed.values())
    assert played, "random play discarded none of the renamed action cards"
