"""The external-chance model of Gremlins, Inc. (GI-CHANCE-1 to GI-CHANCE-4), tested directly:
its ``deal`` and ``step`` fed with what seeded games drew, random external games, and the
canonical form. Games are played with the reference deck and with the 46-card engine-test set,
whose deck runs out often (reshuffles, several in one move, and empty deck and discard pile)."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_inc import Drawn
from gremlinrules.gremlins_inc import EndTurn
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import apply_with_events
from gremlinrules.gremlins_inc import chance as model
from gremlinrules.gremlins_inc import check_state
from gremlinrules.gremlins_inc import decision_bound
from gremlinrules.gremlins_inc import is_terminal
from gremlinrules.gremlins_inc import legal_actions
from gremlinrules.gremlins_inc import new_game
from gremlinrules.gremlins_inc import observe
from gremlinrules.gremlins_inc.kit import kit_for
from tests.gremlins_inc.helpers import TEST_SET

LAYOUTS = [(2, "none"), (3, "none"), (4, "none"), (4, "2v2"), (5, "none"), (5, "2v3"), (6, "none"),
           (6, "3v3")]


@st.composite
def tables(draw: Any) -> tuple[int, Options, int]:
    """A player count (every count), options (either card set, the familiar-players start, an
    end by score or by reshuffles, a round limit) and a seed."""
    players, teams = draw(st.sampled_from(LAYOUTS))
    opts = Options(teams=teams, familiar=draw(st.booleans()),
                   end=draw(st.sampled_from(("score", "reshuffles"))), reshuffles=draw(st.integers(0, 3)),
                   round_limit=draw(st.integers(4, 40)),
                   components=draw(st.sampled_from((None, TEST_SET))))
    return players, opts, draw(st.integers(0, 2**32))


def _feed(ask: Callable[[tuple[Outcome, ...]], Need | State], outcomes: tuple[Outcome, ...],
          check: Callable[[int, Need], None] | None = None) -> State:
    """Enter ``outcomes`` one by one, each one offered by the Need before it; the state at the end."""
    entered: tuple[Outcome, ...] = ()
    for k, outcome in enumerate(outcomes):
        need = ask(entered)
        assert type(need) is Need, f"the model wants no more after {k} of {len(outcomes)}"
        assert need.pool == outcome.pool
        assert outcome.item in dict(need.weights)
        assert all(w >= 1 for _, w in need.weights)
        assert [i for i, _ in need.weights] == sorted(dict(need.weights))
        if check is not None:
            check(k, need)
        entered += (outcome,)
    done = ask(entered)
    assert type(done) is State, f"the model asks for more than the {len(outcomes)} drawn"
    return done


def _seeded(players: int, opts: Options, seed: int, limit: int = 400
            ) -> Iterator[tuple[State, Any, State]]:
    """The steps (before, action, after) of a random seeded game, at most ``limit`` of them."""
    s = new_game(players, seed, options=opts)
    rnd = random.Random(seed)
    for _ in range(limit):
        if is_terminal(s):
            return
        legal = legal_actions(s)
        action = legal[rnd.randrange(len(legal))]
        after = apply(s, action)
        yield s, action, after
        s = after


@pytest.mark.clause("GI-CHANCE-1")
@pytest.mark.clause("GI-CHANCE-2")
@pytest.mark.clause("GI-CHANCE-3")
@given(table=tables())
def test_outcomes_a_seeded_game_drew_entered_into_deal_and_step_reproduce_its_canonical_states(
        table: tuple[int, Options, int]) -> None:
    """Consistency: the opening deal and every move of a seeded game, its draws (``reveals``)
    entered one by one, each among the Need's items, give the seeded state in canonical form;
    the model's events of each move, its draws entered, are the seeded move's events."""
    players, opts, seed = table
    first = new_game(players, seed, options=opts)
    t = _feed(functools.partial(model.deal, players, opts), model.reveals(None, None, first))
    assert t == model.canonical(first)
    for before, action, after in _seeded(players, opts, seed):
        assert t == model.canonical(before)
        drawn = model.reveals(before, action, after)
        assert model.events(t, action, drawn) == apply_with_events(before, action)[1]
        t = _feed(functools.partial(model.step, t, action), drawn)
    assert t == model.canonical(after)


@pytest.mark.clause("GI-CHANCE-1")
@pytest.mark.clause("GI-CHANCE-2")
@pytest.mark.clause("GI-CHANCE-4")
@given(table=tables())
def test_each_need_weighs_the_cards_left_in_the_seeded_pile_and_names_the_seat_that_draws(
        table: tuple[int, Options, int]) -> None:
    """Every Need's weights are the multiset of cards that could come next, read from the seeded
    states' own piles: before a reshuffle, the seeded deck below the cards drawn; after the move's
    one reshuffle, the cards still to be drawn plus the seeded deck left after the move (the
    rebuilt deck's rest). Its seen_by is the seat the seeded draw event names (for the deal,
    the seat dealt to). A move with two reshuffles has the first check only."""
    players, opts, seed = table
    first = new_game(players, seed, options=opts)
    dealt = model.reveals(None, None, first)
    size = kit_for(opts.components, players).components.hand_size
    assert [o.item for o in dealt] == [c for hand in first.hands for c in hand]

    def check_deal(k: int, need: Need) -> None:
        rest = Counter(first.deck) + Counter(o.item for o in dealt[k:])
        assert need.weights == tuple(sorted(rest.items()))
        assert need.seen_by == (k // size,)

    _feed(functools.partial(model.deal, players, opts), dealt, check_deal)
    for before, action, after in _seeded(players, opts, seed):
        drawn = [o.item for o in model.reveals(before, action, after)]
        _, events = apply_with_events(before, action)
        seats = [e.seat for e in events if type(e) is Drawn for _ in range(e.count)]
        assert len(seats) == len(drawn)
        assert Counter(drawn) == sum((Counter(e.cards) for e in events if type(e) is Drawn), Counter())
        assert drawn[:len(before.deck)] == list(before.deck[:len(drawn)])
        reshuffles = after.reshuffles - before.reshuffles
        t = model.canonical(before)

        def check(k: int, need: Need, before: State = before, after: State = after, drawn: list[str] = drawn,
                  seats: list[int] = seats, reshuffles: int = reshuffles) -> None:
            assert need.seen_by == (seats[k],)
            if k < len(before.deck):
                left = Counter(before.deck[k:])
            elif reshuffles == 1:
                left = Counter(drawn[k:]) + Counter(after.deck)
            else:
                return
            assert need.weights == tuple(sorted(left.items()))

        _feed(functools.partial(model.step, t, action), tuple(Outcome("deck", c) for c in drawn), check)


def _pick(rnd: random.Random, need: Need) -> Outcome:
    items = [item for item, _ in need.weights]
    return Outcome(need.pool, rnd.choices(items, [w for _, w in need.weights])[0])


@pytest.mark.clause("GI-CHANCE-1")
@pytest.mark.clause("GI-CHANCE-2")
@pytest.mark.clause("GI-CHANCE-3")
@given(table=tables())
def test_random_external_games_stay_consistent_and_canonical_to_the_end(
        table: tuple[int, Options, int]) -> None:
    """A game whose every draw is picked at random by the Need's weights and every move at random
    plays to its end within the decision bound; every state passes check_state and is canonical,
    and the cards in play are always exactly the set's."""
    players, opts, seed = table
    rnd = random.Random(seed)
    deck = Counter(kit_for(opts.components, players).deck)
    entered: tuple[Outcome, ...] = ()
    result = model.deal(players, opts, entered)
    while type(result) is Need:
        entered += (_pick(rnd, result),)
        result = model.deal(players, opts, entered)
    assert type(result) is State
    s = result
    for _ in range(decision_bound(players, opts)):
        check_state(s)
        assert model.canonical(s) == s
        assert Counter(s.deck) + Counter(s.discard) <= deck
        if is_terminal(s):
            return
        legal = legal_actions(s)
        action = legal[rnd.randrange(len(legal))]
        entered = ()
        result = model.step(s, action, entered)
        while type(result) is Need:
            entered += (_pick(rnd, result),)
            result = model.step(s, action, entered)
        assert type(result) is State
        s = result
    raise AssertionError("the game outlived its decision bound")


@pytest.mark.clause("GI-CHANCE-3")
@given(table=tables(), every=st.integers(1, 7))
def test_canonical_is_idempotent_and_keeps_every_view_and_legal_action(
        table: tuple[int, Options, int], every: int) -> None:
    """canonical sorts the deck and fixes the generator, and nothing else: applied twice it gives
    the same state; every seat's view, the spectator's and the legal actions are unchanged, and
    the canonical state passes check_state."""
    players, opts, seed = table
    for i, (before, _, _) in enumerate(_seeded(players, opts, seed, 200)):
        if i % every:
            continue
        c = model.canonical(before)
        assert model.canonical(c) == c
        assert sorted(before.deck) == list(c.deck)
        assert c.rng == Rng(0)
        check_state(c)
        assert legal_actions(c) == legal_actions(before)
        for seat in (*range(players), None):
            assert observe(c, seat) == observe(before, seat)


@pytest.mark.clause("GI-CHANCE-2")
def test_a_reshuffle_in_the_middle_of_a_refill_offers_the_discard_pile_with_the_card_just_played() -> None:
    """A refill that empties the deck goes on from the rebuilt deck: its Need weighs the discard
    pile, the action card played by the same move included, and the outcome entered for it lands
    in the drawer's hand."""
    cards = sorted(TEST_SET.deck)
    cards.remove("coin")
    hand, other = ("coin", *cards[:3]), tuple(cards[3:9])
    pile, discard = tuple(cards[9:11]), tuple(cards[11:])
    s = attrs.evolve(model.canonical(new_game(2, 5, options=Options(components=TEST_SET))),
                     hands=(tuple(sorted(hand)), other), deck=pile, discard=discard, actions_used=1)
    play = Play("coin")
    assert play in legal_actions(s)
    first = model.step(s, play, ())
    assert type(first) is Need
    assert first.seen_by == (0,)
    assert first.weights == tuple(sorted(Counter(pile).items()))
    two = (Outcome("deck", pile[1]), Outcome("deck", pile[0]))
    rebuilt = model.step(s, play, two)
    assert type(rebuilt) is Need
    assert rebuilt.seen_by == (0,)
    assert rebuilt.weights == tuple(sorted((Counter(discard) + Counter(["coin"])).items()))
    after = model.step(s, play, (*two, Outcome("deck", "coin")))
    assert type(after) is State
    assert (after.reshuffles, after.discard, after.turn) == (1, (), 1)
    assert Counter(after.hands[0]) == Counter(hand[1:]) + Counter(pile) + Counter(["coin"])
    assert Counter(after.deck) == Counter(discard)


@pytest.mark.clause("GI-CHANCE-2")
def test_a_move_that_rebuilds_the_deck_twice_asks_for_each_rebuilt_decks_card_in_turn() -> None:
    """Playing a draw-two card with the deck empty and one card discarded rebuilds the deck from
    that card, draws it and finds both piles empty (GI-DRAW-3); the played card then goes to the
    discard pile, and the refill rebuilds the deck again from it. Each draw is a Need of its
    rebuilt deck, seen by the player. (A hand-made table: only the cards the move touches.)"""
    hand = ("rich", "coin", "coin", "spite", "spite")
    s = attrs.evolve(model.canonical(new_game(2, 5, options=Options(components=TEST_SET))),
                     hands=(hand, ("coin",) * 6), deck=(), discard=("gift",), actions_used=1)
    play = Play("rich")
    first = model.step(s, play, ())
    assert first == Need("deck", (("gift", 1),), (0,), 0)
    second = model.step(s, play, (Outcome("deck", "gift"),))
    assert second == Need("deck", (("rich", 1),), (0,), 0)
    after = model.step(s, play, (Outcome("deck", "gift"), Outcome("deck", "rich")))
    assert type(after) is State
    assert (after.reshuffles, after.deck, after.discard, after.turn) == (2, (), (), 1)
    assert after.hands[0] == tuple(sorted(("coin", "coin", "spite", "spite", "gift", "rich")))


@pytest.mark.clause("GI-CHANCE-1")
def test_outcomes_the_deck_cannot_give_are_refused_with_the_librarys_error() -> None:
    """An outcome of another pool, a design with no copy left, or more outcomes than the move
    draws raise InvalidArgumentError, never an internal error; so does a reveals whose states
    the action does not join."""
    s = model.canonical(new_game(3, 1))
    first = model.deal(3, Options(), ())
    assert type(first) is Need
    assert first.seen_by == (0,)
    with pytest.raises(InvalidArgumentError):
        model.deal(3, Options(), (Outcome("gremlins", first.weights[0][0]),))
    with pytest.raises(InvalidArgumentError):
        model.deal(3, Options(), (Outcome("deck", "no-such-card"),))
    with pytest.raises(InvalidArgumentError):
        model.step(s, legal_actions(s)[0], (Outcome("deck", s.deck[0]),) * 200)
    with pytest.raises(InvalidArgumentError):
        model.reveals(s, legal_actions(s)[0], s)
    started = model.step(s, legal_actions(s)[0], ())  # a project started: the hand is short
    assert type(started) is State
    with pytest.raises(InvalidArgumentError):
        model.events(started, EndTurn(), ())  # the refill draws a card not entered
