"""Gnaughty Gnomes' native engine beyond the shared differential tests.

Random play never fills every spot a placement may use, so the no-space reading (GG-PLACE-8) is
reached here from crowded gardens: reachable states whose gnomes are moved onto the pending
placement's spots (each team keeps its count, so ``check_state`` accepts them). Also: ``from_state``
of stacked deals (any start, a dummy's piles in the order stacked), of states rebuilt from fresh
objects or JSON, of finished games with tied scores under both tie-break readings, and the native
deal against ``new_game`` for every reading that changes it.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import engine
from gremlinrules.gnaughty_gnomes import CARDS
from gremlinrules.gnaughty_gnomes import Flip
from gremlinrules.gnaughty_gnomes import Options
from gremlinrules.gnaughty_gnomes import Placement
from gremlinrules.gnaughty_gnomes import Played
from gremlinrules.gnaughty_gnomes import PlayX
from gremlinrules.gnaughty_gnomes import Setup
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import check_state
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes import rules
from gremlinrules.gnaughty_gnomes import winners
from gremlinrules.gnaughty_gnomes.board import N_SPOTS
from gremlinrules.gnaughty_gnomes.flow import position_to_act
from tests.engine.support import needs_engine
from tests.engine.support import play_on
from tests.engine.tables import gg_options

pytestmark = needs_engine

GAME = "gnaughty-gnomes"
SPACE = gremlinrules.get_game(GAME).all_actions(4)
"""The action space (the same for both player counts and every option, GG-ACT-1)."""


def _walk(state: State, rnd: random.Random, trick: int, step: int) -> State:
    """Random legal play until turn-order step ``step`` (0 winner ... 3 loser) of trick ``trick``
    is pending."""
    while not (state.trick == trick and len(state.stack) == 4 - step):
        legal = legal_actions(state)
        state = apply(state, legal[rnd.randrange(len(legal))])
    return state


def _candidates(state: State) -> list[int]:
    """Every spot, open or not, the pending placement may use for an unflipped colour under its own
    place's reading (GG-PLACE-2, GG-PLACE-4, GG-PLACE-5, GG-PLACE-6)."""
    place = state.stack[-1].place
    suits = rules.unflipped_suits(state)
    return sorted({spot for suit in suits for spot in range(N_SPOTS)
                   if rules.spot_allowed(state.layout, spot, suit, place, state.options.loser_vertex)})


def crowd(state: State, rnd: random.Random) -> State:
    """``state`` with its gnomes moved, each team keeping its count: the pending placement's spots
    are filled first, in a random order, then random others."""
    counts = [mask.bit_count() for mask in state.team_gnomes]
    wanted = _candidates(state)
    rnd.shuffle(wanted)
    others = [spot for spot in range(N_SPOTS) if spot not in wanted]
    rnd.shuffle(others)
    teams = [0] * counts[0] + [1] * counts[1]
    rnd.shuffle(teams)
    masks = [0, 0]
    for spot, team in zip(wanted + others, teams, strict=False):
        masks[team] |= 1 << spot
    return attrs.evolve(state, team_gnomes=(masks[0], masks[1]))


def _play_from(state: State, picks: random.Random) -> int:
    """The differential loop from ``state`` through ``engine.from_state``; the decisions played."""
    return play_on(GAME, state.players, state.options, state, engine.from_state(GAME, state), picks)


@pytest.mark.clause("GG-PLACE-8")
@given(players=st.sampled_from([2, 4]), options=gg_options, seed=st.integers(0, 2**64 - 1),
       walk=st.integers(0, 2**32), trick=st.integers(4, 7), step=st.integers(0, 3))
def test_crowded_gardens_play_as_the_rule_book(players: int, options: Options, seed: int, walk: int,
                                               trick: int, step: int) -> None:
    """From a late placement whose spots are all (or nearly) taken, the native game offers the rule
    book's choices (a narrower set, the widened spots, or a flip) and stays equal to it to the end."""
    rnd = random.Random(walk)
    state = crowd(_walk(new_game(players, seed, options=options), rnd, trick, step), rnd)
    check_state(state)
    assert _play_from(state, rnd) == 8 * (8 - trick) - 4 - step


@pytest.mark.clause("GG-PLACE-8")
def test_both_no_space_readings_are_reached_natively() -> None:
    """Crowded gardens reach a flip with nothing to place (``no_space="skip"``) and a placement
    widened to the loser's spots (``"widen"``), each played natively as the rule book plays it."""
    reached = {"skip": 0, "widen": 0}
    for seed in range(200):
        rnd = random.Random(seed)
        reading = ("skip", "widen")[seed % 2]
        state = new_game(4, seed, options=Options(no_space=reading))
        state = crowd(_walk(state, rnd, rnd.randint(5, 7), rnd.randint(0, 2)), rnd)
        legal = legal_actions(state)
        if reading == "skip" and type(legal[0]) is Flip:
            reached["skip"] += 1
        elif reading == "widen" and all(a.spot not in _candidates(state) for a in legal):
            reached["widen"] += 1
        else:
            continue
        native = engine.from_state(GAME, state)
        assert native.legal_actions() == [SPACE.index(a) for a in legal]
        _play_from(state, rnd)
    assert reached["skip"] >= 5
    assert reached["widen"] >= 5


@st.composite
def stacked(draw: st.DrawFn) -> State:
    """A game from a stacked Setup: every card in a random place (one X card a position, a dummy's
    piles in the order stacked), another deal's garden, a random track and any start."""
    players = draw(st.sampled_from([2, 4]))
    options = draw(gg_options)
    rnd = random.Random(draw(st.integers(0, 2**32)))
    numbered = [c for c in CARDS if not c.is_x]
    xs = [c for c in CARDS if c.is_x]
    rnd.shuffle(numbered)
    rnd.shuffle(xs)
    hands = []
    for pos in range(4):
        mine = numbered[8 * pos:8 * pos + 8]
        mine.insert(rnd.randrange(9), xs[pos])
        hands.append(tuple(mine))
    layout = new_game(4, draw(st.integers(0, 2**32)), options=options).layout
    track = tuple(rnd.sample(new_game(4, 0).track, 4))
    setup = Setup(layout=layout, track=track, start=draw(st.integers(0, 3)), hands=tuple(hands))
    return new_game(players, draw(st.integers(0, 2**64 - 1)), options=options, setup=setup)


@pytest.mark.clause("GG-SETUP-7")
@pytest.mark.clause("GG-2P-2")
@given(state=stacked(), walk=st.integers(0, 2**32))
def test_stacked_deals_play_natively_as_the_rule_book(state: State, walk: int) -> None:
    """A stacked deal (any start, a dummy leading included; a dummy's piles as stacked) is taken by
    from_state and played to the end as the rule book plays it."""
    assert _play_from(state, random.Random(walk)) == 64


def _fresh(state: State) -> State:
    """``state`` rebuilt from new objects: trick records, frames and tuples equal to the game's own
    but none of them its interned ones."""
    def copy(record: Played) -> Played:
        return Played(int(record.position), record.card, int(record.rank), bool(record.high))

    return attrs.evolve(
        state,
        plays=tuple(map(copy, state.plays)),
        history=tuple(tuple(map(copy, trick)) for trick in state.history),
        stack=tuple(Placement(int(f.seat), int(f.position), int(f.place)) for f in state.stack),
        supply=(*state.supply,), order=(*state.order,), flipped=(*state.flipped,),
    )


@pytest.mark.clause("GG-INV-1")
@given(players=st.sampled_from([2, 4]), options=st.one_of(st.none(), gg_options),
       seed=st.integers(0, 2**64 - 1), walk=st.integers(0, 2**32), decisions=st.integers(0, 64))
def test_from_state_takes_rebuilt_and_decoded_states(players: int, options: Options | None, seed: int,
                                                      walk: int, decisions: int) -> None:
    """Any reachable state, rebuilt from fresh objects or decoded from its JSON, gives a native game
    whose to_state() equals it and which plays on as the rule book does; and the rule book plays on
    from the native game's own to_state() (its objects, not the rule book's) as the engine does."""
    game = gremlinrules.get_game(GAME)
    rnd = random.Random(walk)
    state = new_game(players, seed, options=options)
    for _ in range(decisions):
        legal = legal_actions(state)
        state = apply(state, legal[rnd.randrange(len(legal))])
    for again in (_fresh(state), game.from_json(game.to_json(state), State)):
        assert again == state
        assert engine.from_state(GAME, again).to_state() == state
    _play_from(_fresh(state), rnd)
    _play_from(engine.from_state(GAME, state).to_state(), rnd)


def _tied(state: State) -> State | None:
    """A finished ``state`` with both teams' scores made equal where check_state allows it (each
    team's score lies between its tricks won and that plus 15 a gnome), else None."""
    for score in range(max(state.team_scores) + 1):
        tied = attrs.evolve(state, team_scores=(score, score))
        try:
            check_state(tied)
        except gremlinrules.InvalidArgumentError:
            continue
        return tied
    return None


def _hoarding(state: State, rnd: random.Random, hoarders: set[int]) -> State:
    """Random legal play to the end, except that the ``hoarders`` positions play a numbered card
    whenever they have one: they end holding their X card. (The uniform policy plays an X card
    almost at once, one of its 16 declarations against one action a numbered card, so it never
    reaches the end with one.)"""
    legal = legal_actions(state)
    while legal:
        if not state.stack and position_to_act(state) in hoarders:
            legal = tuple(a for a in legal if type(a) is not PlayX) or legal
        state = apply(state, legal[rnd.randrange(len(legal))])
        legal = legal_actions(state)
    return state


@pytest.mark.clause("GG-END-2")
@pytest.mark.clause("GG-END-3")
def test_tied_scores_are_broken_natively_as_the_rule_book_breaks_them() -> None:
    """Finished games with tied scores and X cards left in hand: under both readings of an unplayed
    X card the native winners are the rule book's (the strongest card left by the final track),
    and the readings decide some games differently."""
    differ = 0
    checked = 0
    for seed in range(80):
        rnd = random.Random(seed)
        hoarders = set(rnd.sample(range(4), rnd.randint(1, 3)))
        state = _tied(_hoarding(new_game((2, 4)[seed % 2], seed), rnd, hoarders))
        if state is None:
            continue
        found: dict[str, Any] = {}
        for reading in ("wild_high", "lowest"):
            tied = attrs.evolve(state, options=Options(x_tiebreak=reading))
            native = engine.from_state(GAME, tied)
            assert native.is_terminal()
            assert native.winners() == winners(tied)
            found[reading] = native.winners()
            checked += 1
        differ += found["wild_high"] != found["lowest"]
    assert checked >= 100
    assert differ >= 5


@pytest.mark.clause("GG-SETUP-6")
@pytest.mark.clause("GG-SETUP-7")
@pytest.mark.clause("GG-SETUP-2")
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("clump", ["connected", "triangle"])
@pytest.mark.parametrize("leader", ["player", "any_position"])
def test_the_native_deal_is_new_games(players: int, clump: str, leader: str) -> None:
    """For every reading that changes the deal (the clump correction, the first leader), the native
    deal of a seed is new_game's, rng included, for a few hundred seeds (every garden corrected
    the same way, the generator's draws in the same order)."""
    options = Options(setup_clump=clump, first_leader=leader)
    rnd = random.Random(players)
    for seed in [*range(150), *(rnd.getrandbits(64) for _ in range(150))]:
        assert engine.new(GAME, players, seed, options).to_state() == new_game(players, seed, options=options)
