"""The external-chance model of Gremlins: The Game (GTG-CHANCE-1 to GTG-CHANCE-4), tested through
its four functions directly: the outcomes a seeded game reveals, entered one by one, reproduce
it; every chance decision's weights are the exact chances of what can come next, computed here
from the seeded state's hidden piles; random external games play to the end; the canonical form
keeps every view. The Game API's side is the conformance suite's (tests/conformance)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from math import factorial
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import Game
from gremlinrules.core.chance import CHANCE
from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance import Tracked
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_the_game import REFERENCE_MAP
from gremlinrules.gremlins_the_game import Discard
from gremlinrules.gremlins_the_game import Move
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import Placed
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import WeaponsDrawn
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import chance as model
from gremlinrules.gremlins_the_game import check_state
from gremlinrules.gremlins_the_game import current_player
from gremlinrules.gremlins_the_game import decision_bound
from gremlinrules.gremlins_the_game import is_terminal
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game import new_game
from gremlinrules.gremlins_the_game import observe
from gremlinrules.gremlins_the_game import rules
from gremlinrules.gremlins_the_game.components import HAND_LIMIT
from gremlinrules.gremlins_the_game.components import REFERENCE
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.events import EventDrawn
from gremlinrules.gremlins_the_game.flow import replace
from gremlinrules.gremlins_the_game.frames import EventDiscard
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.rules import apply_with_events
from tests.gremlins_the_game.helpers import THEATER_SPACES
from tests.gremlins_the_game.helpers import edited
from tests.gremlins_the_game.helpers import random_states
from tests.gremlins_the_game.helpers import scaled

T = tables(REFERENCE)
MAP_ORDER = {space.name: i for i, space in enumerate(REFERENCE_MAP.spaces)}
STRIPE = T.stripe


def thinned(s: State, weapons: int, events: int, seed: int) -> State:
    """``s`` with the top ``weapons`` and ``events`` cards of its decks already in their discard
    piles (a table further on, so that draws soon rebuild a deck), checked by ``check_state``."""
    weapons = min(weapons, len(s.weapon_deck))
    events = min(events, len(s.event_deck))
    out = replace(s, weapon_deck=s.weapon_deck[weapons:], weapon_discard=s.weapon_deck[:weapons],
                  event_deck=s.event_deck[events:], event_discard=s.event_deck[:events],
                  rng=Rng.from_seed(seed))
    check_state(out)
    return out


def stripe_shown(s: State) -> State:
    """``s`` with Stripe taken from the pool and put face up in the Movie Theater, so that every
    turn begins with a token from the pool turned face up (GTG-STRIPE-3)."""
    theater = Placed(THEATER_SPACES[0], STRIPE, True)
    board = tuple(sorted((*s.board, theater), key=lambda p: MAP_ORDER[p.space]))
    return edited(s, board=board, pool=tuple(g for g in s.pool if g != STRIPE))


def seeded_walk(players: int, seed: int, thin: tuple[int, int] | None, stripe: bool,
                limit: int) -> Iterator[tuple[State, Any, State]]:
    """The steps ``(before, action, after)`` of a random seeded game (from a thinned table when
    ``thin`` is given, with Stripe already in the theater when ``stripe``), at most ``limit``."""
    rnd = random.Random(seed)
    s = new_game(players, seed)
    if thin is not None:
        s = thinned(s, *thin, seed)
    if stripe:
        s = stripe_shown(s)
    for _ in range(limit):
        if is_terminal(s):
            return
        actions = legal_actions(s)
        action = actions[rnd.randrange(len(actions))]
        after = apply(s, action)
        yield s, action, after
        s = after


def feed(state: State, action: Any, outcomes: tuple[Outcome, ...]) -> tuple[list[Need], State]:
    """The chance decisions ``step`` asks for while ``outcomes`` are entered one by one, and the
    state it gives once they are all in."""
    needs: list[Need] = []
    for k in range(len(outcomes)):
        need = model.step(state, action, outcomes[:k])
        assert type(need) is Need, f"{action}: a state after {k} of {len(outcomes)} outcomes"
        needs.append(need)
    after = model.step(state, action, outcomes)
    assert type(after) is State, f"{action}: still asks {after} after every outcome"
    return needs, after


def chances(need: Need) -> dict[str, Fraction]:
    total = sum(w for _, w in need.weights)
    return {item: Fraction(w, total) for item, w in need.weights}


def by_counting(before: State, place: int) -> dict[str, Fraction]:
    """GTG-CHANCE-2 by counting arrangements: the chance of each unseen token to be the one on
    ``place`` (an index into the face-down tokens in map order, then the pool from the top), when
    every arrangement with Stripe on a token from the pool is equally likely (GTG-SETUP-3)."""
    unseen = [p.gremlin for p in before.board if not p.face_up] + list(before.pool)
    open_ = [p.from_pool for p in before.board if not p.face_up] + [True] * len(before.pool)
    u = len(unseen)
    if STRIPE not in unseen:
        return {g: Fraction(1, u) for g in unseen}
    k = sum(open_)
    total = k * factorial(u - 1)
    out: dict[str, Fraction] = {}
    for g in unseen:
        ways = factorial(u - 1) * open_[place] if g == STRIPE else (k - open_[place]) * factorial(u - 2)
        if ways:
            out[g] = Fraction(ways, total)
    return out


def expected_chances(before: State, action: Any, after: State, revealed: tuple[Outcome, ...],
                     k: int) -> dict[str, Fraction]:
    """The exact chances of the ``k``-th outcome of a seeded step, from the seeded state's hidden
    piles (not the model's arrangement): the deck's cards below those drawn, or the rebuilt deck
    (the discard pile, with a card discarded by this very action) less what was drawn from it;
    for a gremlin, :func:`by_counting` on the place the seeded token lay."""
    o = revealed[k]
    if o.pool == model.EVENTS:
        pile = Counter(before.event_deck or before.event_discard)
    elif o.pool == model.WEAPONS:
        drawn = [x.item for x in revealed[:k] if x.pool == model.WEAPONS]
        d = len(before.weapon_deck)
        if len(drawn) < d:
            pile = Counter(before.weapon_deck[len(drawn):])
        else:
            spent = (action.weapon,) if type(action) is Discard else ()
            pile = Counter((*before.weapon_discard, *spent)) - Counter(drawn[d:])
    else:  # GTG-CHANCE-2: a design's chance is the sum of its unseen tokens' chances
        unseen = [p.gremlin for p in before.board if not p.face_up] + list(before.pool)
        turned = next(g for g in unseen if g in seen_gremlins(after))
        assert T.design[turned] == o.item
        out: dict[str, Fraction] = {}
        for gid, chance in by_counting(before, unseen.index(turned)).items():
            out[T.design[gid]] = out.get(T.design[gid], Fraction(0)) + chance
        return out
    total = sum(pile.values())
    return {item: Fraction(n, total) for item, n in pile.items()}


walks = st.tuples(st.integers(2, 4), st.integers(0, 2**32),
                  st.none() | st.tuples(st.integers(0, 30), st.integers(0, 30)), st.booleans())
Walk = tuple[int, int, tuple[int, int] | None, bool]


@pytest.mark.clause("GTG-CHANCE-1", "GTG-CHANCE-3")
@settings(max_examples=scaled(10), deadline=None)
@given(walk=walks)
def test_entering_what_a_seeded_game_revealed_reproduces_it_after_every_move(walk: Walk) -> None:
    """Consistency: the opening deal's cards, then each step's ``reveals``, entered one by one,
    are each offered from the pool asked (a weapon card seen by the seat that draws it, an event
    card and a gremlin by everyone) and give after every move the seeded state in canonical form;
    from thinned tables too, where decks are rebuilt mid-move, and with Stripe in the theater,
    where the pool's top is turned face up."""
    players, seed, thin, stripe = walk
    start = new_game(players, seed)
    deal = model.reveals(None, None, start)
    assert len(deal) == 3 * players
    entered: tuple[Outcome, ...] = ()
    for k, o in enumerate(deal):
        need = model.deal(players, Options(), entered)
        assert type(need) is Need
        assert need.pool == o.pool
        assert o.item in dict(need.weights)
        assert need.seen_by == (k // 3,)
        entered = (*entered, o)
    assert model.deal(players, Options(), deal) == model.canonical(start)
    for before, action, after in seeded_walk(players, seed, thin, stripe, 160):
        revealed = model.reveals(before, action, after)
        needs, t = feed(model.canonical(before), action, revealed)
        for need, o in zip(needs, revealed, strict=True):
            assert need.pool == o.pool
            assert o.item in dict(need.weights)
            assert need.seen_by == ((current_player(before),) if o.pool == model.WEAPONS else None)
        assert t == model.canonical(after)


@pytest.mark.clause("GTG-CHANCE-2")
@settings(max_examples=scaled(10), deadline=None)
@given(walk=walks)
def test_every_chance_decisions_weights_are_the_exact_chances_of_what_can_come_next(
        walk: Walk) -> None:
    """Every outcome offered is possible and every possible one offered, with its exact chance:
    for a card, the copies in the seeded deck below the cards drawn (or in the rebuilt deck, a
    card discarded by the same action included); for a gremlin, the share of the arrangements of
    the unseen tokens (Stripe never on one placed at set-up) that put it on the place turned
    over. At most one gremlin is turned over by one action."""
    players, seed, thin, stripe = walk
    for before, action, after in seeded_walk(players, seed, thin, stripe, 160):
        revealed = model.reveals(before, action, after)
        assert sum(1 for o in revealed if o.pool == model.GREMLINS) <= 1
        needs, _ = feed(model.canonical(before), action, revealed)
        for k, need in enumerate(needs):
            assert all(w >= 1 for _, w in need.weights)
            assert [item for item, _ in need.weights] == sorted(item for item, _ in need.weights)
            assert chances(need) == expected_chances(before, action, after, revealed, k)


@pytest.mark.clause("GTG-CHANCE-2")
def test_the_weights_are_checked_on_rebuilt_decks_and_every_pool() -> None:
    """The walks above reach every kind of chance decision (so the weights property is not vacuous
    there): a fixed sample of tables draws events and weapons after a reshuffle and turns over
    gremlins placed at set-up, placed from the pool while Stripe is unseen, and from the pool."""
    kinds = Counter[str]()
    for seed in range(6):
        for before, action, after in seeded_walk(2 + seed % 3, seed, (28, 29), seed % 2 == 1, 200):
            revealed = model.reveals(before, action, after)
            for k, o in enumerate(revealed):
                if o.pool == model.GREMLINS:
                    turned = seen_gremlins(after) - seen_gremlins(before)
                    on = next((p for p in before.board if p.gremlin in turned), None)
                    kinds["pool gremlin" if on is None else "from the pool, Stripe unseen"
                          if on.from_pool and STRIPE not in seen_gremlins(before) else "board gremlin"] += 1
                elif o.pool == model.EVENTS and not before.event_deck:
                    kinds["rebuilt events"] += 1
                elif o.pool == model.WEAPONS and sum(x.pool == o.pool for x in revealed[:k]) >= len(
                        before.weapon_deck):
                    kinds["rebuilt weapons"] += 1
            needs, _ = feed(model.canonical(before), action, revealed)
            for k, need in enumerate(needs):
                assert chances(need) == expected_chances(before, action, after, revealed, k)
    assert set(kinds) == {"pool gremlin", "board gremlin", "from the pool, Stripe unseen", "rebuilt events",
                          "rebuilt weapons"}, kinds


@pytest.mark.clause("GTG-CHANCE-4")
@settings(max_examples=scaled(6), deadline=None)
@given(walk=walks)
def test_a_tracker_that_guesses_another_seats_draws_keeps_the_public_and_its_own_view_exact(
        walk: Walk) -> None:
    """A tracker at seat 0 that cannot see seat 1's draws enters the first outcome offered for
    each of them: until a guess shows (seat 1 plays a card its tracked hand lacks, or a later draw
    is not offered because a guess used it up), the spectator's view and seat 0's view of the
    tracked game are those of the seeded one, and its state passes ``check_state``."""
    players, seed, thin, stripe = walk
    t = model.canonical(next(iter(seeded_walk(players, seed, thin, stripe, 1)))[0])
    for before, action, after in seeded_walk(players, seed, thin, stripe, 160):
        if not rules.is_legal(t, action):
            return  # a guess shows: seat 1 plays a card its tracked hand lacks
        entered: tuple[Outcome, ...] = ()
        for o in model.reveals(before, action, after):
            need = model.step(t, action, entered)
            assert type(need) is Need
            guess = need.seen_by is not None and need.seen_by != (0,)
            if not guess and o.item not in dict(need.weights):
                return  # a guess used up the card drawn
            entered = (*entered, Outcome(o.pool, need.weights[0][0]) if guess else o)
        result = model.step(t, action, entered)
        assert type(result) is State
        t = result
        check_state(t)
        assert observe(t, None) == observe(after, None)
        assert observe(t, 0) == observe(after, 0)


def seen_gremlins(s: State) -> set[str]:
    """The gremlin tokens face up or defeated."""
    return {p.gremlin for p in s.board if p.face_up} | set(s.crowd) | {g for row in s.defeated for g in row}


def sample(need: Need, rnd: random.Random) -> Outcome:
    """An outcome drawn by its weight."""
    items = [item for item, _ in need.weights]
    return Outcome(need.pool, rnd.choices(items, [w for _, w in need.weights])[0])


@pytest.mark.clause("GTG-CHANCE-1", "GTG-CHANCE-3")
@settings(max_examples=scaled(8), deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32), thin=st.booleans())
def test_random_external_games_play_to_the_end_with_every_state_consistent(
        players: int, seed: int, thin: bool) -> None:
    """Random external games (each outcome drawn by its weight, each move at random) pass
    ``check_state`` and stay canonical after every move, and end within the decision bound; from
    a thinned table too, so decks are rebuilt from outcomes entered."""
    rnd = random.Random(seed)
    entered: tuple[Outcome, ...] = ()
    result = model.deal(players, Options(), entered)
    while type(result) is Need:
        assert result.weights
        entered = (*entered, sample(result, rnd))
        result = model.deal(players, Options(), entered)
    assert type(result) is State
    s = result
    if thin:
        s = model.canonical(thinned(s, 28, 29, seed))
    moves = 0
    while not is_terminal(s):
        check_state(s)
        assert model.canonical(s) == s
        actions = legal_actions(s)
        action = actions[rnd.randrange(len(actions))]
        entered = ()
        result = model.step(s, action, entered)
        while type(result) is Need:
            assert result.weights
            entered = (*entered, sample(result, rnd))
            result = model.step(s, action, entered)
        assert type(result) is State
        s = result
        moves += 1
        assert moves <= decision_bound(players)
    check_state(s)


@pytest.mark.clause("GTG-CHANCE-3")
@settings(max_examples=scaled(6), deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_canonical_is_idempotent_and_keeps_every_view(players: int, seed: int) -> None:
    """``canonical`` changes only what nobody has seen: applied twice it gives the same state,
    every seat's view and the spectator's are unchanged, the state passes ``check_state``, its
    generator is Rng(0), and the legal actions and seat to act are the same."""
    for s in random_states(seed, players, limit=120)[::3]:
        c = model.canonical(s)
        assert model.canonical(c) == c
        assert c.rng == Rng(0)
        check_state(c)
        for seat in (*range(players), None):
            assert observe(c, seat) == observe(s, seat)
        assert legal_actions(c) == legal_actions(s)
        assert current_player(c) == current_player(s)
        assert c.hands == s.hands
        assert c.weapon_discard == s.weapon_discard


# --- examples ------------------------------------------------------------------------------------


def first_reveal(s: State) -> Move:
    """A Move of ``s`` onto a face-down gremlin token."""
    down = {p.space for p in s.board if not p.face_up}
    return next(a for a in legal_actions(s) if type(a) is Move and a.to in down)


@pytest.mark.clause("GTG-CHANCE-2")
def test_a_token_placed_at_setup_is_never_stripe_and_a_last_open_place_always_is() -> None:
    """GTG-SETUP-3: turning over a token placed at set-up offers every unseen token but Stripe,
    each once; on the only place left that may hold Stripe, only Stripe is offered; on one of
    several such places, Stripe is likelier than each other token."""
    s = model.canonical(new_game(2, 3))
    need = model.step(s, first_reveal(s), ())
    assert type(need) is Need
    assert need.pool == model.GREMLINS
    assert need.seen_by is None
    assert STRIPE not in dict(need.weights)
    unseen = [p.gremlin for p in s.board if not p.face_up] + list(s.pool)
    copies = Counter(T.design[g] for g in unseen if g != STRIPE)
    assert dict(need.weights) == dict(copies)  # one outcome per design, weighed by its tokens unseen
    assert model.gremlin_weights(("gremlin-01", "stripe"), STRIPE, 1, False) == (("stripe", 1),)
    assert model.gremlin_weights(("gremlin-01", "stripe"), STRIPE, 1, True) == (("gremlin-01", 1),)
    assert model.gremlin_weights(("gremlin-01", "gremlin-02", "stripe"), STRIPE, 0, False) == (
        ("gremlin-01", 1), ("gremlin-02", 1), ("stripe", 1))
    # u = 4 unseen, k = 2 open places: Stripe 1/2, each other (k - 1)/(k (u - 1)) = 1/6
    assert model.gremlin_weights(("gremlin-01", "gremlin-02", "gremlin-03", "stripe"), STRIPE, 2,
                                 False) == (("gremlin-01", 1), ("gremlin-02", 1), ("gremlin-03", 1),
                                            ("stripe", 3))


@pytest.mark.clause("GTG-CHANCE-2")
def test_a_card_discarded_earlier_in_the_same_move_is_in_the_rebuilt_deck() -> None:
    """A hand-limit discard just before a draw from an empty weapon deck: the rebuilt deck is the
    discard pile with the card just discarded, so that card is offered (seen by the drawer) though
    the pile held none of its kind, and entering it puts it back in the hand."""
    s = new_game(2, 5)
    flashlights = ("flashlight",) * 3
    others = [w for w in T.weapon_deck if w != "flashlight"]
    mine = tuple(sorted((*flashlights, *others[:HAND_LIMIT - 3]), key=T.weapon_index.__getitem__))
    theirs = tuple(others[HAND_LIMIT - 3:2 * HAND_LIMIT - 3])
    pile = tuple(others[2 * HAND_LIMIT - 3:])
    s = replace(s, hands=(mine, theirs), weapon_deck=(), weapon_discard=pile)
    check_state(s)
    assert "flashlight" not in pile
    t = model.canonical(s)
    move = next(a for a in legal_actions(t) if type(a) is Move and a.to in t.weapon_tokens)
    moved = model.step(t, move, ())  # a full hand: the discard comes first, nothing is drawn yet
    assert type(moved) is State
    t = moved
    assert type(t) is State
    assert type(t.stack[-1]) in (HandLimit, EventDiscard)
    need = model.step(t, Discard("flashlight"), ())
    assert need == Need(model.WEAPONS, tuple(sorted(Counter((*pile, "flashlight")).items())), (0,), 0)
    after = model.step(t, Discard("flashlight"), (Outcome(model.WEAPONS, "flashlight"),))
    assert type(after) is State
    assert after.hands[0] == mine
    assert after.weapon_discard == ()
    assert Counter(after.weapon_deck) == Counter(pile)


@pytest.mark.clause("GTG-CHANCE-1")
def test_an_outcome_the_move_does_not_reveal_is_refused() -> None:
    """The model refuses outcomes its decision did not ask for: a gremlin for a move that turns
    nothing over, a card that is not in the pile, a pool the game does not have, and more cards
    in the opening deal than three a seat."""
    s = model.canonical(new_game(2, 1))
    stay = next(a for a in legal_actions(s) if type(a) is Move and a.to not in
                {p.space for p in s.board} | set(s.event_tokens) | set(s.weapon_tokens))
    with pytest.raises(InvalidArgumentError):
        model.step(s, stay, (Outcome(model.GREMLINS, "gremlin-01"),))
    with pytest.raises(InvalidArgumentError):
        model.step(s, first_reveal(s), (Outcome("dice", "6"),))
    deal = model.reveals(None, None, new_game(2, 1))
    with pytest.raises(InvalidArgumentError):
        model.deal(2, Options(), (*deal, deal[0]))
    four_flashlights = (Outcome(model.WEAPONS, "flashlight"),) * 4
    with pytest.raises(InvalidArgumentError):
        model.deal(2, Options(), four_flashlights)


@pytest.mark.clause("GTG-CHANCE-1", "GTG-CHANCE-3")
def test_a_table_tracked_through_the_game_api() -> None:
    """The worked example of the docs: the opening deal entered hand by hand, a move onto an Event
    space waiting for its card (the views show the table before the move), then taking effect
    with the card entered, and reporting it among its events."""
    game: Game = gremlinrules.get_game("gremlins-the-game")
    t: Any = game.new_game(2, chance="external")
    assert type(t) is Tracked
    assert game.current_player(t) == CHANCE
    hands = (("flashlight", "flashlight", "sword"), ("blender", "shotgun", "sunlamp"))
    for hand in hands:
        for card in hand:
            t = game.apply(t, game.parse_action(f"chance:weapons:{card}"))
    assert game.current_player(t) == 0
    assert game.observe(t, 0).hand == hands[0]
    to_event = next(a for a in game.legal_actions(t) if type(a) is Move and a.to in t.state.event_tokens)
    before = game.observe(t, None)
    waiting = game.apply(t, to_event)
    assert game.current_player(waiting) == CHANCE
    assert waiting.need is not None
    assert waiting.need.pool == "events"
    assert waiting.need.seen_by is None
    assert game.observe(waiting, None) == before
    card = waiting.need.weights[0][0]
    after, events = game.apply_with_events(waiting, Outcome("events", card))
    assert after.state.event_discard == (card,)
    assert after.state.positions[0] == to_event.to
    assert any(type(e) is EventDrawn and e.card == card for e in events)


@pytest.mark.clause("GTG-CHANCE-3")
def test_the_arranged_state_reports_the_outcomes_entered_as_the_moves_events() -> None:
    """``arranged`` gives a state in which the plain rules (with their events) draw exactly the
    outcomes entered: a weapon card after a reshuffle included."""
    s = model.canonical(thinned(new_game(3, 8), 30, 0, 8))
    move = next(a for a in legal_actions(s) if type(a) is Move and a.to in s.weapon_tokens)
    need = model.step(s, move, ())
    assert type(need) is Need
    assert need.pool == model.WEAPONS
    card = need.weights[-1][0]
    _, events = apply_with_events(model.arranged(s, move, (Outcome(model.WEAPONS, card),)), move)
    assert WeaponsDrawn(0, 1, (card,)) in events


def test_the_largest_chance_decision_is_the_gremlin_designs() -> None:
    """``outcome_bound`` (OpenSpiel's max_chance_outcomes): the 32 gremlin designs of the reference
    set (36 tokens, four designs twice) outnumber the weapon and event kinds."""
    assert model.outcome_bound(2, Options()) == len(T.design_ids) == 32
    assert model.POOLS == ("weapons", "events", "gremlins")


# --- identical tokens (GTG-CHANCE-2) -------------------------------------------------------------


def _identical() -> list[tuple[str, str]]:
    """The pairs of gremlin ids with the same symbols and points: physically identical tokens."""
    groups: dict[tuple[int, str], list[str]] = {}
    for gid, token in T.gremlin.items():
        groups.setdefault((token.points, repr(token.symbols)), []).append(gid)
    pairs = [tuple(ids) for ids in groups.values() if len(ids) > 1]
    assert all(len(p) == 2 for p in pairs)
    return [(p[0], p[1]) for p in pairs]


IDENTICAL = _identical()
GAME = gremlinrules.get_game("gremlins-the-game")


def swapped(s: State, pair: tuple[str, str]) -> State:
    """``s`` with the ids of the two identical tokens ``pair`` swapped everywhere in it."""
    a, b = pair
    text = GAME.to_json(s).replace(f'"{a}"', '"swap-placeholder"').replace(f'"{b}"', f'"{a}"')
    out = GAME.from_json(text.replace('"swap-placeholder"', f'"{b}"'), State)
    assert type(out) is State
    return out


@pytest.mark.clause("GTG-CHANCE-2")
def test_the_identical_tokens_are_the_four_pairs_the_spec_names() -> None:
    """GTG-CHANCE-2 names gremlin-01/13, 02/14, 15/27 and 16/28 as identical; no other two tokens
    of the reference set share symbols and points."""
    assert IDENTICAL == [("gremlin-01", "gremlin-13"), ("gremlin-02", "gremlin-14"),
                         ("gremlin-15", "gremlin-27"), ("gremlin-16", "gremlin-28")]


@pytest.mark.clause("GTG-CHANCE-2", "GTG-CHANCE-3")
@settings(max_examples=scaled(6), deadline=None)
@given(walk=walks)
def test_identical_tokens_are_one_outcome_and_their_ids_one_canonical_state(walk: Walk) -> None:
    """GTG-CHANCE-2: swapping the ids of two identical tokens everywhere in a state is a symmetry
    of the rules: at every step of a seeded game the swapped state passes check_state, has the
    same seat to act, legal actions, scores, winners and views, and the move gives the swapped
    state after it. The canonical form cannot tell the two apart (GTG-CHANCE-3), and a tracked
    move that turns one of them over, entered by its design, gives the canonical state after the
    move whichever of the two ids the seeded game turned over."""
    players, seed, thin, stripe = walk
    for before, action, after in seeded_walk(players, seed, thin, stripe, limit=150):
        tracked = model.canonical(before)
        entered = model.reveals(before, action, after)
        for pair in IDENTICAL:
            s = swapped(before, pair)
            check_state(s)
            assert current_player(s) == current_player(before)
            assert legal_actions(s) == legal_actions(before)
            assert GAME.scores(s) == GAME.scores(before)
            assert GAME.winners(s) == GAME.winners(before)
            assert all(observe(s, seat) == observe(before, seat) for seat in (*range(players), None))
            assert apply(s, action) == swapped(after, pair)
            assert model.canonical(s) == tracked
            assert model.reveals(s, action, swapped(after, pair)) == entered
        assert feed(tracked, action, entered)[1] == model.canonical(after)


@pytest.mark.clause("GTG-CHANCE-2")
def test_two_identical_tokens_are_one_outcome_that_weighs_both() -> None:
    """Turning over a token placed at set-up while gremlin-01 and gremlin-13 (identical) are both
    unseen offers their design once, with twice the weight of a design with one unseen token;
    entering it gives one state, the one a seeded game gives whichever of the two it turned."""
    pair = ("gremlin-01", "gremlin-13")
    name = T.design[pair[0]]
    assert name == T.design[pair[1]] == "red-square-1pt"
    tracked = model.canonical(new_game(2, 3))
    move = first_reveal(tracked)
    unseen = {p.gremlin for p in tracked.board if not p.face_up} | set(tracked.pool)
    assert set(pair) <= unseen
    need = model.step(tracked, move, ())
    assert type(need) is Need
    weights = dict(need.weights)
    assert weights[name] == 2 * weights[T.design["gremlin-03"]]
    assert not set(pair) & set(weights)
    after = model.step(tracked, move, (Outcome(model.GREMLINS, name),))
    assert type(after) is State
    for gid in pair:  # the seeded table with either token on the place turned over
        place = next(p.space for p in tracked.board if p.space == move.to)
        ids = [p.gremlin for p in tracked.board if not p.face_up] + list(tracked.pool)
        other = next(p.gremlin for p in tracked.board if p.space == place)
        a, b = ids.index(gid), ids.index(other)
        ids[a], ids[b] = ids[b], ids[a]
        seeded = model._with_gremlins(tracked, ids)
        assert model.canonical(apply(seeded, move)) == after
