"""Goblins vs Gnomes' external-chance model (GVG-CHANCE-*), tested on the model's own functions.

The seeded games are the truth: the outcomes ``reveals`` reads from each seeded step, entered
through ``deal`` and ``step``, must give the seeded state in canonical form; every Need must
offer exactly what an independent count of the seeded state's unseen cards and targets (or, for
role cards, an enumeration of the possible deals) says could come next. Matches are kept short
with a small round limit, so that every example plays to the end, rounds redealt included.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.goblins_vs_gnomes import OpenTarget
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Phase
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import State
from gremlinrules.goblins_vs_gnomes import apply
from gremlinrules.goblins_vs_gnomes import apply_with_events
from gremlinrules.goblins_vs_gnomes import chance as model
from gremlinrules.goblins_vs_gnomes import check_state
from gremlinrules.goblins_vs_gnomes import legal_actions
from gremlinrules.goblins_vs_gnomes import new_game
from gremlinrules.goblins_vs_gnomes import observe
from gremlinrules.goblins_vs_gnomes.actions import SLOTS
from gremlinrules.goblins_vs_gnomes.events import CardDrawn
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.setup import goblin_count
from gremlinrules.goblins_vs_gnomes.state import TARGETS
from gremlinrules.goblins_vs_gnomes.state import Tile

options_st = st.builds(
    Options, round_limit=st.integers(1, 3), advanced_roles=st.booleans(), rotation=st.booleans(),
    second_target=st.sampled_from(["opens", "may_open"]), name_self=st.booleans(),
    no_target=st.sampled_from(["none-opened", "no-gold-or-dragon"]),
)
players_st = st.integers(3, 8)


def _unseen_deck(state: State) -> Counter[str]:
    """The deck's cards nobody has seen (no seat put them under the deck)."""
    return Counter(c for c, who in zip(state.deck, state.deck_owner, strict=True) if who < 0)


def _unseen_targets(state: State) -> Counter[str]:
    """The targets nobody has seen: face down and looked at by no Map."""
    peeked = {slot for _, slot in state.peeks}
    return Counter(t for i, t in enumerate(state.targets) if not state.opened[i] and i not in peeked)


def _expected(before: State | None, options: Options, entered: tuple[Outcome, ...],
              pool: str) -> Counter[str]:
    """What could come next from ``pool``, counted from the seeded state ``before`` the move:
    its unseen cards or targets less those already entered for the move; in a deal (``before``
    None, or once the move's outcomes reach the next round's role cards) every path card less
    the hand cards already entered (role cards are checked by enumeration elsewhere)."""
    pools = [o.pool for o in entered]
    if before is None or "roles" in pools:
        start = pools.index("roles") if "roles" in pools else 0
        dealt = Counter(o.item for o in entered[start:] if o.pool == "deck")
        return Counter(options_kit(options).deck) - dealt
    taken = Counter(o.item for o in entered if o.pool == pool)
    return (_unseen_deck(before) if pool == "deck" else _unseen_targets(before)) - taken


def _walk(players: int, seed: int, walk: int, options: Options, check_weights: bool) -> int:
    """Play a seeded match to the end while entering what each step reveals into the model,
    checking each outcome is offered (and, with ``check_weights``, each Need's weights against
    the seeded state) and that the model's state is the canonical seeded one after every move.
    Returns the number of outcomes entered."""
    state = new_game(players, seed, options=options)
    deal = model.reveals(None, None, state)
    for k, outcome in enumerate(deal):
        need = model.deal(players, options, deal[:k])
        assert isinstance(need, Need)
        assert need.pool == outcome.pool
        assert outcome.item in dict(need.weights)
        assert need.seen_by is not None
        if check_weights and need.pool == "deck":
            assert dict(need.weights) == _expected(None, options, deal[:k], "deck")
    tracked = model.deal(players, options, deal)
    assert tracked == model.canonical(state)
    count = len(deal)
    rnd = random.Random(walk)
    while state.phase is not Phase.OVER:
        actions = legal_actions(state)
        action = actions[rnd.randrange(len(actions))]
        after = apply(state, action)
        entered = model.reveals(state, action, after)
        for k, outcome in enumerate(entered):
            need = model.step(tracked, action, entered[:k])
            assert isinstance(need, Need)
            assert need.pool == outcome.pool
            assert outcome.item in dict(need.weights)
            if check_weights and need.pool != "roles":
                assert dict(need.weights) == _expected(state, options, entered[:k], need.pool)
        stepped = model.step(tracked, action, entered)
        assert isinstance(stepped, State)
        assert stepped == model.canonical(after)
        tracked, state = stepped, after
        count += len(entered)
    return count


@pytest.mark.clause("GVG-CHANCE-1", "GVG-CHANCE-2", "GVG-CHANCE-3", "GVG-CHANCE-4")
@given(players=players_st, seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), options=options_st)
def test_entering_what_a_seeded_game_reveals_reproduces_it_move_by_move(
        players: int, seed: int, walk: int, options: Options) -> None:
    """Consistency: the deal and each move's reveals of a seeded match, entered one by one (each
    offered by the pending Need, from the right pool), give the seeded state in canonical form
    after every move, rounds redealt included, to the end of the match."""
    assert _walk(players, seed, walk, options, check_weights=False) > 3 * players


@pytest.mark.clause("GVG-CHANCE-2", "GVG-CHANCE-3", "GVG-CHANCE-4", "GVG-VIEW-4")
@given(players=players_st, seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), options=options_st)
def test_every_need_weighs_exactly_what_nobody_has_seen(
        players: int, seed: int, walk: int, options: Options) -> None:
    """Each deck or target Need weighs every design by its copies among what nobody has seen, as
    counted from the seeded state: the deck's cards no seat put under it, the targets neither
    opened nor looked at (less what the move already revealed), and at a deal every path card not
    yet dealt."""
    assert _walk(players, seed, walk, options, check_weights=True) > 3 * players


@pytest.mark.clause("GVG-CHANCE-2", "GVG-SETUP-3")
@given(players=players_st, seed=st.integers(0, 2**32), cut=st.integers(0, 7), advanced=st.booleans())
def test_role_weights_are_the_chances_of_a_uniform_deal(
        players: int, seed: int, cut: int, advanced: bool) -> None:
    """After the role cards of the first seats of a seeded deal, each free role card's weight over
    the total is the share of the valid deals (distinct cards, goblin_count Goblins) going on
    with it, enumerated here; cards no valid deal gives next are not offered."""
    options = Options(advanced_roles=advanced)
    state = new_game(players, seed, options=options)
    dealt = state.roles[:min(cut, players - 1)]
    race = options_kit(options).race
    goblins = goblin_count(players)
    going_on = Counter(rest[0] for rest in permutations(sorted(set(race) - set(dealt)), players - len(dealt))
                       if sum(race[r] == "goblin" for r in (*dealt, *rest)) == goblins)
    weights = dict(model.role_weights(players, options, dealt))
    assert set(weights) == set(going_on)
    total, count = sum(weights.values()), sum(going_on.values())
    assert all(Fraction(weights[r], total) == Fraction(going_on[r], count) for r in going_on)


def _draw(need: Need, rnd: random.Random) -> Outcome:
    """An outcome of ``need`` drawn by its weights."""
    items = [item for item, _ in need.weights]
    return Outcome(need.pool, rnd.choices(items, weights=[w for _, w in need.weights])[0])


@pytest.mark.clause("GVG-CHANCE-1")
@given(players=players_st, seed=st.integers(0, 2**32), options=options_st)
def test_random_external_games_play_to_the_end_with_consistent_states(
        players: int, seed: int, options: Options) -> None:
    """Random external matches (each outcome drawn by its weight, each move at random) reach
    the end, every state passing check_state and canonical; every Need offers at least two
    designs, each weighing at least 1, and is seen by the seat the rules show it to."""
    rnd = random.Random(seed)
    entered: tuple[Outcome, ...] = ()
    while isinstance(got := model.deal(players, options, entered), Need):
        assert len(got.weights) > 1
        assert all(w >= 1 for _, w in got.weights)
        entered += (_draw(got, rnd),)
    state = got
    while True:
        check_state(state)
        assert model.canonical(state) == state
        if state.phase is Phase.OVER:
            break
        actions = legal_actions(state)
        action = actions[rnd.randrange(len(actions))]
        entered = ()
        while isinstance(got := model.step(state, action, entered), Need):
            assert len(got.weights) > 1
            if got.pool == "targets" and got.seen_by is not None:
                assert got.seen_by == (state.turn,)
            entered += (_draw(got, rnd),)
        state = got
    assert state.winners


@pytest.mark.clause("GVG-CHANCE-1", "GVG-VIEW-1")
@given(players=players_st, seed=st.integers(0, 2**32), walk=st.integers(0, 2**32),
       moves=st.integers(0, 80), options=options_st)
def test_canonical_is_idempotent_and_keeps_every_view(
        players: int, seed: int, walk: int, moves: int, options: Options) -> None:
    """canonical() of a reached state is canonical again, passes check_state, keeps every seat's
    view and the spectator's, and only reorders what nobody has seen."""
    state = new_game(players, seed, options=options)
    rnd = random.Random(walk)
    for _ in range(moves):
        if state.phase is Phase.OVER:
            break
        actions = legal_actions(state)
        state = apply(state, actions[rnd.randrange(len(actions))])
    canon = model.canonical(state)
    assert model.canonical(canon) == canon
    check_state(canon)
    for seat in (*range(players), None):
        assert observe(canon, seat) == observe(state, seat)
    assert _unseen_deck(canon) == _unseen_deck(state)
    assert _unseen_targets(canon) == _unseen_targets(state)
    known = [(c, who) for c, who in zip(state.deck, state.deck_owner, strict=True) if who >= 0]
    assert [(c, who) for c, who in zip(canon.deck, canon.deck_owner, strict=True) if who >= 0] == known
    assert attrs.evolve(canon, deck=state.deck, targets=state.targets, rng=state.rng) == state


@pytest.mark.clause("GVG-CHANCE-2")
@given(players=players_st, seed=st.integers(0, 2**32), shuffle=st.integers(0, 2**32))
def test_a_hand_may_be_entered_in_any_order(players: int, seed: int, shuffle: int) -> None:
    """A seat's three cards are a set: entering each hand's cards in another order gives the same
    initial state."""
    state = new_game(players, seed)
    outcomes = list(model.reveals(None, None, state))
    rnd = random.Random(shuffle)
    start = len(outcomes) - 3 * players  # the hands come last, three per seat
    for seat in range(players):
        block = outcomes[start + 3 * seat:start + 3 * seat + 3]
        rnd.shuffle(block)
        outcomes[start + 3 * seat:start + 3 * seat + 3] = block
    assert model.deal(players, Options(), tuple(outcomes)) == model.canonical(state)


def _two_targets_reached(seed: int, targets: tuple[str, ...], peeked: bool) -> State:
    """A seeded first round with a tunnel laid up to (7, -1) (passage crosses, by hand) and seat 0
    holding a cross, so that a cross on (8, -1) reaches the top and middle targets at once."""
    state = new_game(4, seed)
    cells = [(x, 0) for x in range(1, 7)] + [(6, -1), (7, -1)]
    field = tuple(sorted((Tile(x, y, "passage-cross", False) for x, y in cells), key=lambda t: (t.y, t.x)))
    hands = (("map", "passage-cross", "passage-t-ns"), *state.hands[1:])
    return attrs.evolve(state, field=field, hands=hands, targets=targets,
                        peeks=((2, 0),) if peeked else ())


@pytest.mark.clause("GVG-CHANCE-4", "GVG-TARGET-3")
@given(seed=st.integers(0, 2**32), other=st.sampled_from(["gold", "dragon"]),
       dynamite=st.sampled_from([0, 1]), peeked=st.booleans())
def test_the_dynamite_then_a_second_target_are_entered_in_turn(
        seed: int, other: str, dynamite: int, peeked: bool) -> None:
    """A move that opens the Dynamite and then, the route still reaching it, a second target
    asks for both in turn (the second weighed without the first) unless a Map showed the second
    to a seat; the round then ends and the next deal is asked for; entering what the seeded move
    revealed gives the seeded state in canonical form."""
    top_middle = ["dynamite", other] if dynamite == 0 else [other, "dynamite"]
    last = next(t for t in ("gold", "dragon") if t != other)
    state = _two_targets_reached(seed, (*top_middle, last), peeked)
    tracked = model.canonical(state)
    first = Place("passage-cross", 8, -1)
    state, tracked = _same_step(state, tracked, first)
    assert [a for a in legal_actions(state) if type(a) is OpenTarget]
    opening = OpenTarget(SLOTS[dynamite])
    after = apply(state, opening)
    assert after.round == 2
    entered = model.reveals(state, opening, after)
    other_slot = 1 - dynamite
    wanted = [item for item, slot in (("dynamite", dynamite), (other, other_slot))
              if not (peeked and slot == 0)]  # a target a Map showed is known: not asked
    assert [o.item for o in entered if o.pool == "targets"] == wanted
    k = [o.item for o in entered].index(other) if not (peeked and other_slot == 0) else None
    if k is not None:  # the second target: either identity nobody has seen, the Dynamite excluded
        need = model.step(tracked, opening, entered[:k])
        assert need == Need("targets", tuple(sorted(((last, 1), (other, 1)))))
    _same_step(state, tracked, opening)


def _same_step(state: State, tracked: State, action: Place | OpenTarget) -> tuple[State, State]:
    """The seeded step and the model's, fed the seeded step's reveals; they agree."""
    after = apply(state, action)
    stepped = model.step(tracked, action, model.reveals(state, action, after))
    assert stepped == model.canonical(after)
    return after, stepped


@pytest.mark.clause("GVG-CHANCE-1", "GVG-ROUND-1")
@given(players=players_st, seed=st.integers(0, 2**32), walk=st.integers(0, 2**32), options=options_st)
def test_a_moves_events_are_the_seeded_moves(players: int, seed: int, walk: int, options: Options) -> None:
    """For every move of a seeded match, the model's events, given the move's reveals, are the
    events the seeded move gives: the card drawn, the targets opened and a new round's deal
    included, except the card drawn by a move that ends the round and deals the next (the table
    draws none, GVG-CHANCE-1)."""
    state = new_game(players, seed, options=options)
    tracked = model.canonical(state)
    rnd = random.Random(walk)
    while state.phase is not Phase.OVER:
        actions = legal_actions(state)
        action = actions[rnd.randrange(len(actions))]
        after, seeded = apply_with_events(state, action)
        entered = model.reveals(state, action, after)
        if after.round != state.round and after.phase is Phase.PLAY:  # nobody draws: the round is over
            seeded = tuple(e for e in seeded if type(e) is not CardDrawn)
        assert model.events(tracked, action, entered) == seeded
        stepped = model.step(tracked, action, entered)
        assert isinstance(stepped, State)
        tracked, state = stepped, after


def _top_target_reached(seed: int, top: str, greedy: bool) -> State:
    """A seeded first round of four with a tunnel laid up to (6, -2) (passage crosses, by hand),
    ``top`` the top target and seat 0 holding a cross, so that a cross on (7, -2) reaches the top
    target alone; with ``greedy``, advanced roles with the Greedy One dealt (in place of the
    first Goblin if the deal left it out)."""
    state = new_game(4, seed, options=Options(advanced_roles=greedy))
    if greedy and "greedy-one" not in state.roles:
        race = options_kit(state.options).race
        goblin = next(i for i, r in enumerate(state.roles) if race[r] == "goblin")
        state = attrs.evolve(state, roles=tuple("greedy-one" if i == goblin else r
                                                for i, r in enumerate(state.roles)))
    cells = [(x, 0) for x in range(1, 7)] + [(6, -1), (6, -2)]
    field = tuple(sorted((Tile(x, y, "passage-cross", False) for x, y in cells), key=lambda t: (t.y, t.x)))
    hands = (("map", "passage-cross", "passage-t-ns"), *state.hands[1:])
    rest = sorted(t for t in TARGETS if t != top)
    return attrs.evolve(state, field=field, hands=hands, targets=(top, *rest))


@pytest.mark.clause("GVG-CHANCE-1", "GVG-CHANCE-3", "GVG-TARGET-1")
@given(seed=st.integers(0, 2**32), top=st.sampled_from(["gold", "dragon"]), greedy=st.booleans())
def test_a_card_laid_that_ends_the_round_asks_for_no_card_drawn(seed: int, top: str, greedy: bool) -> None:
    """A card laid that opens a target nobody has seen asks for the target first (it opens at
    once, GVG-TARGET-1). When that ends the round and the next is dealt (gold, or the Dragon
    with no Greedy One), the card drawn is not asked for: the next outcome is the deal's first
    role card, and the seeded rules give the same state whichever unseen card they draw. When
    the round waits for the Greedy One's steal (GVG-ADV-3), the drawer keeps the card, and it is
    asked for (seen by the drawer) after the target. Entering the seeded move's reveals gives
    the seeded state in canonical form."""
    state = _top_target_reached(seed, top, greedy)
    tracked = model.canonical(state)
    action = Place("passage-cross", 7, -2)
    after = apply(state, action)
    entered = model.reveals(state, action, after)
    assert entered[0] == Outcome("targets", top)
    assert model.step(tracked, action, ()) == Need("targets", tuple((t, 1) for t in sorted(TARGETS)))
    need = model.step(tracked, action, entered[:1])
    assert isinstance(need, Need)
    if top == "gold" or not greedy:
        assert after.round == state.round + 1
        assert after.phase is Phase.PLAY
        assert need.pool == "roles"
        assert [o.pool for o in entered[1:]] == ["roles"] * 4 + ["deck"] * 12
        for i in {c: i for i, c in enumerate(state.deck) if state.deck_owner[i] < 0}.values():
            deck = list(state.deck)
            deck[0], deck[i] = deck[i], deck[0]
            assert apply(attrs.evolve(state, deck=tuple(deck)), action) == after
    else:
        assert after.round == state.round
        assert need == Need("deck", need.weights, (0,), 0)
        assert entered[1:] == (Outcome("deck", state.deck[0]),)
    assert model.step(tracked, action, entered) == model.canonical(after)


@pytest.mark.clause("GVG-CHANCE-2")
@given(seed=st.integers(0, 2**32), order=st.integers(0, 2**32))
def test_a_later_rounds_deal_is_taken_round_the_table_in_any_order(seed: int, order: int) -> None:
    """The deal of the round a move starts (the card laid reaches the gold) takes its role cards
    and path cards for any seat, in any order, each naming its seat: entered so, after the move's
    own outcome, it gives the seeded state in canonical form, as in the order the deal offers."""
    state = _top_target_reached(seed, "gold", False)
    tracked = model.canonical(state)
    action = Place("passage-cross", 7, -2)
    after = apply(state, action)
    entered = model.reveals(state, action, after)
    head, deal = entered[:1], list(entered[1:])
    seated = []
    for k, outcome in enumerate(deal):
        need = model.step(tracked, action, (*head, *deal[:k]))
        assert isinstance(need, Need)
        assert need.seat is not None
        seated.append(Outcome(outcome.pool, outcome.item, need.seat))
    rnd = random.Random(order)
    roles = [o for o in seated if o.pool == "roles"]
    cards = [o for o in seated if o.pool == "deck"]
    rnd.shuffle(roles)
    by_seat = {seat: [o for o in cards if o.seat == seat] for seat in {o.seat for o in cards}}
    turns = [seat for seat, hand in by_seat.items() for _ in hand]
    rnd.shuffle(turns)
    mixed = [by_seat[seat].pop(0) for seat in turns]
    shuffled = [*roles, *mixed]
    rnd.shuffle(shuffled)  # role cards and path cards are two piles: any interleaving
    done: tuple[Outcome, ...] = ()
    for outcome in shuffled:
        pile = Counter(o.pool for o in done if o.seat == outcome.seat)[outcome.pool]
        if outcome.pool == "roles" and pile == 0 and _filled(tracked, action, (*head, *done), outcome):
            with pytest.raises(InvalidArgumentError, match=f"seat {outcome.seat} has all its cards"):
                model.step(tracked, action, (*head, *done, outcome))
            continue  # filled in without asking: the only role card left
        done = (*done, outcome)
    assert model.step(tracked, action, (*head, *done)) == model.canonical(after)


def _filled(state: State, action: Place, entered: tuple[Outcome, ...], outcome: Outcome) -> bool:
    """The deal after ``entered`` has filled ``outcome``'s pile by itself (its only card)."""
    try:
        model.step(state, action, (*entered, outcome))
    except InvalidArgumentError:
        return True
    return False
