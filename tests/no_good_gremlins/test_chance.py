"""The external-chance model of No Good Gremlins (NGG-CHANCE-1 to NGG-CHANCE-4), tested directly.

The model is four functions (``deal``, ``step``, ``reveals``, ``canonical``); the core's
tracked game (:mod:`gremlinrules.core.chance`) is tested over every game in
``tests/conformance/test_chance.py``. Here: seeded games replayed outcome by outcome, every
Need's weights against the piles of the seeded game, random external games, the canonical
form, and the rebuilt piles on tables set up to rebuild.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.no_good_gremlins import Bribe
from gremlinrules.no_good_gremlins import DrawTwo
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import GremlinCard
from gremlinrules.no_good_gremlins import GremlinsRevealed
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import Phase
from gremlinrules.no_good_gremlins import State
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import apply_with_events
from gremlinrules.no_good_gremlins import check_state
from gremlinrules.no_good_gremlins import decision_bound
from gremlinrules.no_good_gremlins import is_terminal
from gremlinrules.no_good_gremlins import legal_actions
from gremlinrules.no_good_gremlins import new_game
from gremlinrules.no_good_gremlins import observe
from gremlinrules.no_good_gremlins.chance import POOLS
from gremlinrules.no_good_gremlins.chance import arranged
from gremlinrules.no_good_gremlins.chance import canonical
from gremlinrules.no_good_gremlins.chance import deal
from gremlinrules.no_good_gremlins.chance import outcome_bound
from gremlinrules.no_good_gremlins.chance import reveals
from gremlinrules.no_good_gremlins.chance import step
from gremlinrules.no_good_gremlins.components import GREMLIN_CARDS
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.components import THUNDERSTORM
from gremlinrules.no_good_gremlins.setup import table_components
from tests.no_good_gremlins import strategies as nst

PLAYER_COUNTS = [2, 3, 4, 5]
"""Every player count, each tested (the 4-5 player rebuild only happens at four or five)."""
_MATERIAL = {m.value: i for i, m in enumerate(MATERIALS)}
_GREMLIN = {g.value: i for i, g in enumerate(GREMLIN_CARDS)}
_INDEX = {"materials": _MATERIAL, "gremlins": _GREMLIN}


def _weights(need: Need) -> Counter[int]:
    """A Need's weights as a multiset of card indices."""
    return Counter({_INDEX[need.pool][item]: k for item, k in need.weights})


def _well_formed(need: Need) -> None:
    assert need.pool in POOLS
    items = [item for item, _ in need.weights]
    assert items == sorted(items)
    assert len(set(items)) == len(items)
    assert all(k >= 1 for _, k in need.weights)
    assert len(items) <= outcome_bound(2)


def _enter_deal(players: int, options: Options, outcomes: tuple[Outcome, ...]) -> Any:
    """The opening deal with ``outcomes`` entered, checking each was offered."""
    for k in range(len(outcomes)):
        need = deal(players, options, outcomes[:k])
        assert type(need) is Need
        assert need.seen_by == (k // 6,)
        assert outcomes[k].pool == need.pool
        assert outcomes[k].item in dict(need.weights)
    return deal(players, options, outcomes)


def _needs(state: State, action: Any, outcomes: tuple[Outcome, ...]) -> tuple[list[Need], Any]:
    """The Needs ``step`` asks while ``outcomes`` are entered for ``action`` one by one (each
    checked to be offered), and its final answer."""
    needs = []
    for k, outcome in enumerate(outcomes):
        need = step(state, action, outcomes[:k])
        assert type(need) is Need, f"{action} asked for {k} outcomes, not {len(outcomes)}"
        _well_formed(need)
        assert outcome.pool == need.pool
        assert outcome.item in dict(need.weights)
        needs.append(need)
    return needs, step(state, action, outcomes)


@pytest.mark.clause("NGG-CHANCE-2", "NGG-CHANCE-3", "NGG-CHANCE-4")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@given(seed=nst.seeds, options=nst.any_options)
def test_seeded_outcomes_entered_one_by_one_reproduce_the_canonical_game(
        players: int, seed: int, options: Options) -> None:
    """Consistency: the outcomes ``reveals`` lists for each step of a seeded game (any reading,
    any component set, every player count), entered one by one, are each offered by the Need
    they answer, and give the seeded state in canonical form after the deal and every move."""
    game = nst.playout(players, seed, options)
    state = _enter_deal(players, options, reveals(None, None, game[0][0]))
    assert state == canonical(game[0][0])
    for (before, action), (after, _) in pairwise(game):
        _, state = _needs(state, action, reveals(before, action, after))
        assert type(state) is State
        assert state == canonical(after)


def _material_piles(before: State, after: State, items: list[int]) -> list[Counter[int]]:
    """The materials pile each drawn card came from, at the moment it was drawn, from the seeded
    states alone: ``before``'s deck, and once it is gone (the 4-5 player rebuild, which happens
    at most once) what the rebuilt deck still holds at the end plus the cards drawn from it."""
    return [Counter(before.deck[k:]) if k < len(before.deck)
            else Counter(after.deck) + Counter(items[k:]) for k in range(len(items))]


def _gremlin_piles(before: State, items: list[int]) -> list[Counter[int]]:
    """The gremlin pile each revealed card came from, at the moment it was revealed, replaying
    the round's reveals by hand: warnings join the threat, an attack discards two cards, and
    an empty deck becomes the discards (NGG-ROUND-5)."""
    pile, discard, threat = Counter(before.gremlin_deck), list(before.gremlin_discard), set(before.threat)
    out = []
    for card in items:
        if not pile.total():
            pile, discard = Counter(discard), []
        out.append(+pile)
        pile[card] -= 1
        if card == THUNDERSTORM:
            continue
        if card in threat:
            threat.remove(card)
            discard += [card, card]
        else:
            threat.add(card)
    return out


@pytest.mark.clause("NGG-CHANCE-1", "NGG-CHANCE-4")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@given(seed=nst.seeds, options=nst.any_options)
def test_every_need_weighs_the_unseen_cards_of_the_pile_the_next_card_comes_from(
        players: int, seed: int, options: Options) -> None:
    """Every outcome offered is possible and every possible one offered: along a seeded game,
    each Need's weights are the multiset of the cards in the pile the seeded rules took the card
    from (computed from the seeded states, not by the model), a draw is seen by the drawer alone
    and a gremlin by everyone; the opening deal's Needs weigh the component set less the cards
    dealt."""
    game = nst.playout(players, seed, options)
    first = game[0][0]
    dealt = reveals(None, None, first)
    full = Counter(t for t, k in enumerate(table_components(options).counts) for _ in range(k))
    for k in range(len(dealt)):
        need = deal(players, options, dealt[:k])
        assert type(need) is Need
        assert _weights(need) == full - Counter(_MATERIAL[o.item] for o in dealt[:k])
    state = canonical(first)
    for (before, action), (after, _) in pairwise(game):
        outcomes = reveals(before, action, after)
        needs, result = _needs(state, action, outcomes)
        mats = [_MATERIAL[o.item] for o in outcomes if o.pool == "materials"]
        grems = [_GREMLIN[o.item] for o in outcomes if o.pool == "gremlins"]
        assert [o.pool for o in outcomes] == ["materials"] * len(mats) + ["gremlins"] * len(grems)
        expected = _material_piles(before, after, mats) + _gremlin_piles(before, grems)
        assert [_weights(n) for n in needs] == expected
        assert [n.seen_by for n in needs] == [(before.turn,)] * len(mats) + [None] * len(grems)
        state = result


def _pools(outcomes: tuple[Outcome, ...]) -> set[str]:
    return {o.pool for o in outcomes}


@pytest.mark.clause("NGG-CHANCE-1", "NGG-CHANCE-3")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@given(seed=nst.seeds, options=nst.any_options)
def test_random_external_games_play_to_the_end_with_consistent_states(
        players: int, seed: int, options: Options) -> None:
    """Random external games (each outcome drawn by its weight, each move at random) pass
    check_state in canonical form after the deal and every move, offer only cards their piles
    hold (a move's first draw weighs the deck, its first reveal the gremlin deck or, empty, the
    discards), and end within the decision bound."""
    rnd = random.Random(seed)

    def pick(need: Need) -> Outcome:
        items, weights = zip(*need.weights, strict=True)
        return Outcome(need.pool, rnd.choices(items, weights)[0])

    entered: tuple[Outcome, ...] = ()
    result = deal(players, options, entered)
    while type(result) is Need:
        entered += (pick(result),)
        result = deal(players, options, entered)
    assert type(result) is State
    state = result
    moves = 0
    while not is_terminal(state):
        check_state(state)
        assert canonical(state) == state
        action = rnd.choice(legal_actions(state))
        entered = ()
        result = step(state, action, entered)
        while type(result) is Need:
            _well_formed(result)
            if not entered and result.pool == "materials":
                assert _weights(result) == Counter(state.deck)
            if result.pool == "gremlins" and not _pools(entered) & {"gremlins"}:
                assert _weights(result) == Counter(state.gremlin_deck or state.gremlin_discard)
            entered += (pick(result),)
            result = step(state, action, entered)
        assert type(result) is State
        state = result
        moves += 1
        assert moves <= decision_bound(players, options)
    check_state(state)


@pytest.mark.clause("NGG-CHANCE-4")
@pytest.mark.parametrize("players", PLAYER_COUNTS)
@given(seed=nst.seeds, options=nst.any_options)
def test_the_arranged_table_gives_each_move_the_events_of_the_seeded_game(
        players: int, seed: int, options: Options) -> None:
    """For every move of a seeded game, ``arranged`` (the tracked state with the move's entered
    outcomes made what the plain rules take) leads the seeded rules to the move's own events
    (the cards drawn, the gremlins revealed, the rebuilds) and to the same canonical state."""
    game = nst.playout(players, seed, options)
    for (before, action), (after, _) in pairwise(game):
        table = arranged(canonical(before), action, reveals(before, action, after))
        moved, events = apply_with_events(table, action)
        assert events == apply_with_events(before, action)[1]
        assert canonical(moved) == canonical(after)


@pytest.mark.clause("NGG-CHANCE-1")
@given(players=nst.player_counts, seed=nst.seeds, options=nst.any_options, where=st.floats(0, 1))
def test_canonical_is_idempotent_and_keeps_every_view(
        players: int, seed: int, options: Options, where: float) -> None:
    """canonical(state) (both decks sorted, the generator fixed) is idempotent, passes
    check_state and leaves every seat's view and the spectator's unchanged, and differs from the
    state only in the decks' order and the generator."""
    game = nst.playout(players, seed, options)
    state = game[int(where * (len(game) - 1))][0]
    fixed = canonical(state)
    assert canonical(fixed) == fixed
    check_state(fixed)
    for seat in (*range(players), None):
        assert observe(fixed, seat) == observe(state, seat)
    assert sorted(fixed.deck) == list(fixed.deck)
    assert Counter(fixed.deck) == Counter(state.deck)
    assert sorted(fixed.gremlin_deck) == list(fixed.gremlin_deck)
    assert attrs.evolve(fixed, deck=state.deck, gremlin_deck=state.gremlin_deck, rng=state.rng) == state


# -- tables set up to rebuild ------------------------------------------------------------------

def _cut(state: State, keep: int, gremlins_kept: int) -> State:
    """``state`` with only the top ``keep`` cards left in the materials deck (the rest put on the
    scrapheap) and ``gremlins_kept`` in the gremlin deck (the rest on the discards): a table whose
    piles run out in the next draw or reveal."""
    deck, gdeck = state.deck, state.gremlin_deck
    return attrs.evolve(state, deck=deck[:keep], scrapheap=state.scrapheap + deck[keep:],
                        gremlin_deck=gdeck[:gremlins_kept],
                        gremlin_discard=state.gremlin_discard + gdeck[gremlins_kept:])


def _draws_or_reveals(action: Any, state: State) -> bool:
    """Whether ``action`` may draw (an opening draw, an iron or steel bribe, a refill) or reveal
    (the dealer's EndTurn) on ``state``, whose deck is not empty."""
    kind = type(action)
    bribe_draws = kind is Bribe and action.material.value in ("iron", "steel")
    drawing = kind is DrawTwo or kind is EndTurn or bribe_draws
    return drawing and bool(state.deck)


@pytest.mark.clause("NGG-CHANCE-4")
@given(players=st.sampled_from([4, 5]), seed=nst.seeds, options=nst.options, keep=st.integers(1, 2),
       gremlins_kept=st.integers(0, 2), which=st.integers(0, 2**16), hand_left=st.booleans())
def test_moves_that_run_a_pile_out_continue_from_the_rebuilt_pile_as_the_seeded_rules_do(
        players: int, seed: int, options: Options, keep: int, gremlins_kept: int, which: int,
        hand_left: bool) -> None:
    """On a seeded 4-5 player table cut so that the next draw runs the materials deck out and the
    next reveal runs the gremlin deck out (random play reaches these rarely), a move that draws or
    reveals, entered with the seeded game's outcomes, gives the seeded state in canonical form,
    and each Need weighs the pile the seeded rules took its card from: the deck's last cards,
    then the deck rebuilt from the scrapheap (NGG-DECK-2, NGG-DECK-3); the gremlin deck's last
    cards, then the discards (NGG-ROUND-5)."""
    game = nst.playout(players, seed, options)
    moves = [(s, a) for s, a in game if a is not None and not s.rebuilt and not s.finale
             and _draws_or_reveals(a, s)]
    if not moves:
        return
    before, action = moves[which % len(moves)]
    before = _cut(before, keep, gremlins_kept)
    if type(action) is EndTurn and not hand_left:  # an empty hand, refilled from the cut deck
        gone = tuple(t for t, k in enumerate(before.hands[before.turn]) for _ in range(k))
        before = attrs.evolve(before, hands=tuple(row if p != before.turn else (0,) * 6
                                                  for p, row in enumerate(before.hands)),
                              scrapheap=before.scrapheap + gone,
                              hand_emptied=before.options.hand_refill == "ever_empty")  # NGG-HAND-2
    check_state(before)
    after = apply(before, action)
    outcomes = reveals(before, action, after)
    needs, result = _needs(canonical(before), action, outcomes)
    assert type(result) is State
    assert result == canonical(after)
    mats = [_MATERIAL[o.item] for o in outcomes if o.pool == "materials"]
    grems = [_GREMLIN[o.item] for o in outcomes if o.pool == "gremlins"]
    assert [_weights(n) for n in needs] == (_material_piles(before, after, mats)
                                           + _gremlin_piles(before, grems))
    table = arranged(canonical(before), action, outcomes)
    assert apply_with_events(table, action)[1] == apply_with_events(before, action)[1]
    assert canonical(apply(table, action)) == canonical(after)

@pytest.mark.clause("NGG-CHANCE-4")
def test_a_draw_that_runs_the_deck_out_continues_from_the_rebuilt_scrapheap() -> None:
    """NGG-DECK-2 at four players: DrawTwo with one card left takes it (weights: that card),
    then a card of the deck rebuilt from the scrapheap (weights: the scrapheap's cards); both
    seen by the drawer; the move then gives the rebuilt deck less the card drawn."""
    base = nst.table(4, seed=3)
    deck = base.deck
    heap, rest = deck[:5], deck[5:]  # the last card of the deck is rest[-1]
    state = canonical(attrs.evolve(base, deck=(rest[-1],), scrapheap=heap,
                                   hands=(*base.hands[:3], _plus(base.hands[3], rest[:-1]))))
    check_state(state)
    first = step(state, DrawTwo(), ())
    assert first == Need("materials", ((MATERIALS[rest[-1]].value, 1),), (0,), 0)
    card = Outcome("materials", MATERIALS[rest[-1]].value)
    second = step(state, DrawTwo(), (card,))
    assert type(second) is Need
    assert second.seen_by == (0,)
    assert _weights(second) == Counter(heap)
    drawn = Outcome("materials", MATERIALS[heap[2]].value)
    after = step(state, DrawTwo(), (card, drawn))
    assert type(after) is State
    assert after.rebuilt
    assert after.scrapheap == ()
    assert Counter(after.deck) == Counter(heap) - Counter([heap[2]])
    assert after.hands[0] == _plus(state.hands[0], (rest[-1], heap[2]))
    check_state(after)


@pytest.mark.clause("NGG-CHANCE-4")
def test_the_rebuild_under_rebuild_from_removed_weighs_the_bribe_just_paid() -> None:
    """NGG-DECK-3 with rebuild_from="scrapheap_and_removed": a steel bribe that runs the deck
    out draws its second card from the scrapheap and every removed card, the steel card it
    was paid with included."""
    base = nst.table(4, seed=5, options=Options(rebuild_from="scrapheap_and_removed"), wanderer=0)
    deck = base.deck
    heap, gone, last, rest = deck[:3], deck[3:7], deck[7], deck[8:]
    removed = tuple(Counter(gone)[t] for t in range(6))
    hand = _plus(base.hands[0], (4,))  # a steel card to pay with
    steel_spare = _without(rest, 4)
    state = attrs.evolve(base, deck=(last,), scrapheap=heap, removed=removed, phase=Phase.MAIN,
                         hands=(hand, base.hands[1], base.hands[2], _plus(base.hands[3], steel_spare)))
    state = canonical(state)
    check_state(state)
    action = Bribe(MATERIALS[4])
    first = step(state, action, ())
    assert type(first) is Need
    assert _weights(first) == Counter([last])
    second = step(state, action, (Outcome("materials", MATERIALS[last].value),))
    assert type(second) is Need
    assert _weights(second) == Counter(heap) + Counter(gone) + Counter([4])


@pytest.mark.clause("NGG-DECK-3")
def test_a_rebuild_that_takes_back_the_bribes_of_its_turn_leaves_a_consistent_state() -> None:
    """NGG-DECK-3 with rebuild_from="scrapheap_and_removed": a wood bribe, then a steel bribe
    whose draw runs the deck out, shuffle both paid cards back into the deck; the turn keeps
    their abilities (no eating, a second main action) and check_state accepts the state (it
    bounded the turn's budget by the removed cards, which the rebuild empties). Found by the
    random external games."""
    base = nst.table(4, seed=5, options=Options(rebuild_from="scrapheap_and_removed"), wanderer=0)
    deck = base.deck
    heap, last, rest = deck[:3], deck[3], deck[4:]
    spare = _without(_without(rest, 4), 1)  # the steel and wood cards seat 0 pays with
    state = attrs.evolve(base, deck=(last,), scrapheap=heap, phase=Phase.MAIN,
                         hands=(_plus(base.hands[0], (4, 1)), base.hands[1], base.hands[2],
                                _plus(base.hands[3], spare)))
    check_state(state)
    after = apply(apply(state, Bribe(MATERIALS[1])), Bribe(MATERIALS[4]))
    assert (after.rebuilt, after.removed, after.no_eat, after.mains) == (True, (0,) * 6, True, 2)
    check_state(after)


@pytest.mark.clause("NGG-CHANCE-4", "NGG-CHANCE-1")
def test_a_thunderstorm_chain_that_empties_the_gremlin_deck_reveals_from_the_rebuilt_discards() -> None:
    """NGG-ROUND-5: the dealer reveals a thunderstorm, then the deck's last card, a gremlin of a
    type in the threat area (an attack: both cards onto the discards), then a card of the deck
    rebuilt from the discards, those two included (weights: the discards); everyone sees each.
    The round then ends with the deck and the discards shuffled together (NGG-ROUND-4): sorted,
    canonical. ``arranged`` makes a table on which the seeded rules reveal those three cards."""
    base = nst.table(2, seed=1)
    cards = list(base.gremlin_deck)
    attacker = next(c for c in cards if c != THUNDERSTORM)
    for card in (THUNDERSTORM, attacker, attacker):
        cards.remove(card)
    state = canonical(attrs.evolve(base, gremlin_deck=(THUNDERSTORM, attacker), threat=(attacker,),
                                   gremlin_discard=tuple(cards), turn=1, phase=Phase.MAIN))
    check_state(state)
    name = GREMLIN_CARDS[attacker].value
    assert step(state, EndTurn(), ()) == Need("gremlins", tuple(sorted(((name, 1), ("thunderstorm", 1)))))
    storm, attack = Outcome("gremlins", "thunderstorm"), Outcome("gremlins", name)
    assert step(state, EndTurn(), (storm,)) == Need("gremlins", ((name, 1),))
    third = step(state, EndTurn(), (storm, attack))
    assert type(third) is Need
    assert _weights(third) == Counter(cards) + Counter([attacker, attacker])
    for card in sorted({attacker, *(c for c in cards if c != THUNDERSTORM)}):
        entered = (storm, attack, Outcome("gremlins", GREMLIN_CARDS[card].value))
        after = step(state, EndTurn(), entered)
        assert type(after) is State
        assert (after.round, after.turn, after.gremlin_discard) == (state.round + 1, 0, (THUNDERSTORM,))
        assert list(after.gremlin_deck) == sorted(after.gremlin_deck)
        check_state(after)
        moved, events = apply_with_events(arranged(state, EndTurn(), entered), EndTurn())
        assert canonical(moved) == after
        revealed = [e.cards for e in events if type(e) is GremlinsRevealed]
        assert revealed == [tuple(sorted((GremlinCard.THUNDERSTORM, GREMLIN_CARDS[attacker],
                                          GREMLIN_CARDS[card]), key=GREMLIN_CARDS.index))]


def _plus(hand: tuple[int, ...], cards: Any) -> tuple[int, ...]:
    out = list(hand)
    for t in cards:
        out[t] += 1
    return tuple(out)


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


@pytest.mark.clause("NGG-CHANCE-3")
def test_outcomes_that_are_not_what_the_move_takes_are_refused() -> None:
    """An outcome naming no pool, no design, the wrong pool, a card the pile lacks or one
    too many is refused with InvalidArgumentError; so is a seeded step given the wrong state."""
    state = canonical(new_game(2, 7))
    mat = MATERIALS[state.deck[0]].value
    bad = [(Outcome("dice", "six"),), (Outcome("materials", "gold"),), (Outcome("gremlins", "rust"),),
           (Outcome("materials", mat),) * 3]
    absent = [m.value for t, m in enumerate(MATERIALS) if t not in state.deck]
    bad += [(Outcome("materials", name),) for name in absent]
    for entered in bad:
        with pytest.raises(InvalidArgumentError):
            step(state, DrawTwo(), entered)
    with pytest.raises(InvalidArgumentError):
        deal(2, Options(), (Outcome("materials", "gold"),))
    seeded = new_game(2, 7)
    with pytest.raises(InvalidArgumentError):
        reveals(seeded, DrawTwo(), seeded)
    assert apply(seeded, DrawTwo()) != seeded
