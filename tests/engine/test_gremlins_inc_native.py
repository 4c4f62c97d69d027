"""Gremlins, Inc.'s native engine beyond the shared differential tests.

The rules as written (no round limit, GI-BOUND-1) are played natively to their end by reshuffles
(GI-END-3); ``from_state`` takes every kind of pending frame (a redraw, a payment and each choice of
a card's script, with its effect mid-way) and states rebuilt from JSON; and the native deal is
``new_game``'s for every reading that changes it.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import engine
from gremlinrules.gremlins_inc import FRAME_TYPES
from gremlinrules.gremlins_inc import REFERENCE
from gremlinrules.gremlins_inc import Components
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Payment
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import Project
from gremlinrules.gremlins_inc import Setup
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import legal_actions
from gremlinrules.gremlins_inc import new_game
from gremlinrules.gremlins_inc import parse_components
from tests.engine.support import needs_engine
from tests.engine.support import play_both
from tests.engine.support import play_on
from tests.gremlins_inc import strategies as gi_cards
from tests.gremlins_inc.helpers import TEST_SET
from tests.gremlins_inc.helpers import table
from tests.gremlins_inc.test_raised_costs import dear_deck
from tests.gremlins_inc.test_raised_costs import two_gold_projects

pytestmark = needs_engine

GAME = "gremlins-inc"


@pytest.mark.clause("GI-BOUND-1")
@pytest.mark.clause("GI-END-3")
@pytest.mark.parametrize("reshuffles", [0, 1])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_rules_as_written_play_natively_to_their_end(players: int, reshuffles: int) -> None:
    """With the house rule off (``Options.as_written``) and the end by reshuffles, random games
    through the engine and the rule book agree at every decision to the end, which is the
    reshuffles' (GI-END-3), however many rounds it takes."""
    options = Options.as_written(end="reshuffles", reshuffles=reshuffles)
    picks = random.Random(players * 10 + reshuffles)
    for seed in range(3):
        assert play_both(GAME, players, options, seed, picks) > 0
        native = engine.new(GAME, players, seed, options)
        while not native.is_terminal():
            native.apply(native.legal_actions()[0])
        assert native.end_reason() == "GI-END-3"


def _frames_met(state: State, picks: random.Random, met: set[str]) -> None:
    """Random play from ``state`` to the end; at every pending frame, ``from_state`` of the state is
    an engine in the same state with the same legal indices (the frame's class recorded in ``met``)."""
    game = gremlinrules.get_game(GAME)
    while True:
        legal = legal_actions(state)
        if not legal:
            return
        if state.stack:
            met.add(type(state.stack[-1]).__name__)
            native = engine.from_state(GAME, state)
            assert native.to_state() == state
            space = game.all_actions(state.players, state.options)
            assert native.legal_actions() == [space.index(a) for a in legal]
        state = apply(state, legal[picks.randrange(len(legal))])


@pytest.mark.clause("GI-EFFECT-1")
@pytest.mark.clause("GI-SETUP-3")
def test_from_state_takes_every_kind_of_pending_frame() -> None:
    """Over games of the reference deck, the familiar-players start among them, ``from_state`` of
    every state with a pending frame agrees with the rule book, and every frame class of the game
    (the redraw, the payment and each choice of a script) is met."""
    met: set[str] = set()
    picks = random.Random(30)
    for seed in range(40):
        players = 2 + seed % 5
        _frames_met(new_game(players, seed, options=Options(familiar=seed % 2 == 0)), picks, met)
        if met == {cls.__name__ for cls in FRAME_TYPES}:
            break
    assert met == {cls.__name__ for cls in FRAME_TYPES}


@settings(max_examples=max(5, settings().max_examples // 10))
@given(components=gi_cards.user_components(), seed=st.integers(0, 2**64 - 1), pick=st.integers(0, 2**32 - 1))
def test_user_card_sets_play_natively_from_any_decision(components: Components, seed: int, pick: int) -> None:
    """For a random user card set (scripts, passives, costs and copies redrawn through the
    validator), from ``from_state`` of a random decision of a random game the engine and the rule
    book agree at every decision to the end."""
    options = Options(components=components)
    picks = random.Random(pick)
    state = new_game(4, seed, options=options)
    for _ in range(picks.randrange(200)):
        legal = legal_actions(state)
        if not legal:
            break
        state = apply(state, legal[picks.randrange(len(legal))])
    assert play_on(GAME, 4, options, state, engine.from_state(GAME, state), picks) >= 0


@pytest.mark.parametrize("seed", range(6))
def test_states_rebuilt_from_json_play_on_natively(seed: int) -> None:
    """A mid-game state written to JSON and read back (fresh objects, the test set's cards) is
    taken by ``from_state`` and played on to the end in agreement with the rule book."""
    game = gremlinrules.get_game(GAME)
    options = Options(components=TEST_SET, familiar=True)
    picks = random.Random(seed)
    state = new_game(3, seed, options=options)
    for _ in range(1 + seed * 7):
        legal = legal_actions(state)
        state = apply(state, legal[picks.randrange(len(legal))])
    again = game.from_json(game.to_json(state), State)
    assert again == state
    native = engine.from_state(GAME, again)
    assert native.to_state() == state
    assert play_on(GAME, 3, options, again, native, picks) > 0


@pytest.mark.parametrize("options", [
    Options(), Options(familiar=True), Options(teams="2v2v2"), Options(teams="2v3", seating="grouped"),
    Options(components=TEST_SET),
], ids=repr)
def test_the_native_deal_is_new_games(options: Options) -> None:
    """``engine.new`` deals exactly ``new_game``'s table (shuffle, hands, redraw frames, teams) for
    every reading that changes the deal, over many seeds."""
    players = 6 if options.teams == "2v2v2" else 5 if options.teams == "2v3" else 4
    for seed in (0, 1, 2**63, 2**64 - 1, *range(3, 30)):
        assert engine.new(GAME, players, seed, options).to_state() == new_game(players, seed, options=options)


@settings(max_examples=max(5, settings().max_examples // 10))
@given(components=st.one_of(st.none(), st.just(TEST_SET), gi_cards.user_components()),
       players=st.integers(2, 6), seed=st.integers(0, 2**64 - 1))
def test_is_legal_agrees_with_the_legal_indices_at_every_decision(components: Components | None, players: int,
                                                                 seed: int) -> None:
    """At every decision of a random game (the reference deck, the test set or a user's set, whose
    permanents change costs and actions), ``is_legal(i)`` holds for exactly the listed legal
    indices: the turn's actions are checked without listing them, and must agree."""
    native = engine.new(GAME, players, seed, Options(components=components))
    size = len(gremlinrules.get_game(GAME).all_actions(players, Options(components=components)))
    picks = random.Random(seed)
    while not native.is_terminal():
        legal = native.legal_actions()
        assert [i for i in range(size) if native.is_legal(i)] == legal
        native.apply(legal[picks.randrange(len(legal))])


@pytest.mark.clause("GI-SETUP-4")
@pytest.mark.parametrize("first", [0, 2, 3])
def test_stacked_setups_with_any_first_player_play_natively(first: int) -> None:
    """``from_state`` of a stacked deal (the set's deck in a given order, a first player other than
    seat 0, the familiar-players redraw from that seat on) plays in agreement with the rule book
    to the end."""
    options = Options(familiar=True)
    deck = tuple(sorted(REFERENCE.deck, reverse=True))
    state = new_game(4, 0, options=options, setup=Setup(deck=deck, first_player=first))
    native = engine.from_state(GAME, state)
    assert native.current_player() == first
    assert play_on(GAME, 4, options, state, native, random.Random(first)) > 0


@pytest.mark.clause("GI-PASSIVE-1")
@pytest.mark.clause("GI-PLAY-2")
def test_a_cost_raised_past_forty_units_is_paid_in_full_natively() -> None:
    """A user set whose permanents raise action costs by 10 gold each: with four active, a card of
    2 gold costs 42, more than a payment frame can hold (40); paid from the one project holding
    gold it asks nothing, and the engine pays every unit as the rule book does."""
    data = REFERENCE.to_data()
    data["name"] = "dear-deck"
    raise_gold = [{"effect": "cost", "kind": "action", "resource": "gold", "change": 10}]
    perms = ("clockwork-bank", "assembly-line", "drafting-table")
    for card in data["card"]:
        if card["id"] in perms:
            card["passive"] = raise_gold
    options = Options(components=parse_components(data))
    golds = [c.id for c in options.components.cards  # type: ignore[union-attr]
             if c.resource == "gold" and c.id not in (*perms, "charity-drive") for _ in range(c.copies)]
    others = [c.id for c in options.components.cards  # type: ignore[union-attr]
              if c.resource != "gold" and c.id not in perms for _ in range(c.copies)]
    project = Project(-1, "vanity-monument", True, tuple(golds[:42]))
    state = table(2, hands=[("charity-drive", *others[:5]), tuple(others[5:11])], projects=[[project], []],
                  permanents=[("clockwork-bank", "clockwork-bank", "assembly-line", "drafting-table"), ()],
                  options=options)
    space = gremlinrules.get_game(GAME).all_actions(2, options)
    native = engine.from_state(GAME, state)
    play = space.index(Play("charity-drive"))
    assert play in native.legal_actions()
    after = apply(state, space[play])
    native.apply(play)
    assert native.to_state() == after
    assert len(after.projects[0][0].resources) == 0


@pytest.mark.clause("GI-PLAY-2", "GI-PLAY-4")
def test_a_payment_owing_past_forty_units_reads_and_plays_natively() -> None:
    """The dear deck's 42-gold payment asked between two projects: the engine reads the pending
    Payment frame (``from_state``), gives it back unchanged, offers the same project choices and
    reaches the rule book's state after each one until the card is paid."""
    options = Options(components=dear_deck())
    state = apply(two_gold_projects(options), Play("charity-drive"))
    assert len(state.stack[-1].owed) == 42  # type: ignore[union-attr]
    space = gremlinrules.get_game(GAME).all_actions(2, options)
    native = engine.from_state(GAME, state)
    assert native.to_state() == state
    while state.stack and type(state.stack[-1]) is Payment:
        legal = legal_actions(state)
        assert native.legal_actions() == [space.index(a) for a in legal]
        state = apply(state, legal[-1])
        native.apply(space.index(legal[-1]))
        assert native.to_state() == state
    assert [len(p.resources) for p in state.projects[0]] == [0, 0]
