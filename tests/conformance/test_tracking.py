"""Tracking a physical table (issue 28), over every game's public API: a refusal never tells what
a pool may still give; a hand-edited tracked state gets the library's errors and nothing else; a
deal is entered round the table in any order; entries are taken back exactly; and, where a
game's rules make it sound, a card the tracker cannot see is entered unseen and named once it
shows.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections import Counter
from collections.abc import Callable
from functools import partial
from typing import Any
from typing import cast

import attrs
import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

import gremlinrules
from gremlinrules import Game
from gremlinrules import GremlinRulesError
from gremlinrules import IllegalActionError
from gremlinrules import InvalidArgumentError
from gremlinrules.core.chance import CHANCE
from gremlinrules.core.chance import UNSEEN
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance import Tracked
from gremlinrules.core.chance import chance_model
from gremlinrules.core.chance_memory import unseen
from gremlinrules.core.game import ModuleGame
from tests.conformance.support import PLAIN_CASES

CASES = PLAIN_CASES
pytestmark = pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{gid}-{n}p" for gid, n in CASES])


_SHORT: dict[str, Any] = {
    "goblins-vs-gnomes": gremlinrules.get_game("goblins-vs-gnomes").Options(round_limit=2),
    "gremlins-inc": gremlinrules.get_game("gremlins-inc").Options(round_limit=6)}
"""Options that keep a random game short where the default is long (as in test_chance)."""


def _model(game: Game) -> Any:
    return chance_model(cast(ModuleGame, game))


def _pick(game: Game, t: Any, rnd: random.Random) -> Any:
    """A random next entry: an outcome by its probability, or a move at random."""
    if game.current_player(t) == CHANCE:
        outcomes = game.chance_outcomes(t)
        return rnd.choices([o for o, _ in outcomes], [float(p) for _, p in outcomes])[0]
    actions = game.legal_actions(t)
    return actions[rnd.randrange(len(actions))]


def _walk(game: Game, players: int, seed: int, stop: int) -> list[Any]:
    """The tracked states of a random external game, up to ``stop`` entries or its end."""
    rnd = random.Random(seed)
    t = game.new_game(players, chance="external", options=_SHORT.get(game.id))
    states = [t]
    for _ in range(stop):
        if game.is_terminal(t):
            break
        t = game.apply(t, _pick(game, t, rnd))
        states.append(t)
    return states


def _options(t: Tracked) -> Any:
    return t.pending.options if t.state is None else t.state.options


def _words(text: str) -> set[str]:
    return set(re.split(r"[^A-Za-z0-9+\-?@]+", text))


# -- the refusal does not leak the offer --------------------------------------------------------

@pytest.mark.clause("NGG-CHANCE-1", "GI-CHANCE-1", "GTG-CHANCE-1", "GG-CHANCE-1", "GVG-CHANCE-1")
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 120))
def test_a_refusal_names_the_pool_and_the_item_entered_never_the_offer(
        game_id: str, players: int, seed: int, stop: int) -> None:
    """At every chance decision of a random external game, an item that is no design, a design that
    cannot come now, an item of another pool, an outcome of an unknown pool and one for a seat
    outside the table are refused (IllegalActionError, is_legal False), and the refusal names no
    item the decision offers other than the one entered: the offer tells what the other hands
    hold, and a server passes refusals on to the seats."""
    game = gremlinrules.get_game(game_id)
    for t in _walk(game, players, seed, stop)[-12:]:
        if game.current_player(t) != CHANCE:
            continue
        offered = {o.item for o in game.legal_actions(t)}
        pool = t.need.pool
        designs = _model(game).designs(players, _options(t))
        tries = [Outcome(pool, "no-such-card"), Outcome("no-such-pool", min(offered)),
                 Outcome(pool, min(offered), seat=99)]
        tries += [Outcome(pool, d) for d in sorted(designs[pool] - offered)[:3]]
        tries += [Outcome(other, min(items)) for other, items in designs.items() if other != pool and items]
        for outcome in tries:
            assert not game.is_legal(t, outcome)
            with pytest.raises(IllegalActionError) as refused:
                game.apply(t, outcome)
            leaked = (offered - {outcome.item}) & _words(str(refused.value))
            assert not leaked, f"{refused.value} names {sorted(leaked)}"


# -- hand-edited tracked states -----------------------------------------------------------------

def _edits(game: Game, players: int, t: Tracked) -> list[tuple[Outcome, ...]]:
    """Hand edits of ``t.entered``: unknown items, items of another pool, too many, duplicates of a
    card, a seat outside the table."""
    designs = _model(game).designs(players, _options(t))
    pool = t.need.pool if t.need is not None else min(designs)
    other = next((p for p in sorted(designs) if p != pool and designs[p]), pool)
    entered = t.entered
    edits = [(Outcome(pool, "no-such-card"),), (*entered, Outcome(pool, "no-such-card")),
             (*entered, Outcome(other, min(designs[other]))), (*entered, Outcome("no-such-pool", "x")),
             (*entered, Outcome(pool, min(designs[pool]), seat=40)),
             (*entered, *(Outcome(pool, item) for item in sorted(designs[pool]) * 20))]
    if entered:
        edits.append((*entered, *(entered[-1],) * 12))
    return edits


@pytest.mark.clause("NGG-CHANCE-1", "GI-CHANCE-1", "GTG-CHANCE-1", "GG-CHANCE-1", "GVG-CHANCE-1")
@given(seed=st.integers(0, 2**32), stop=st.integers(0, 120))
def test_a_hand_edited_tracked_state_gets_library_errors_only(
        game_id: str, players: int, seed: int, stop: int) -> None:
    """A tracked state whose entered outcomes were edited by hand (unknown items, items of another
    pool, too many, duplicates of a single-copy card, a seat outside the table) is refused by
    check_state, and every function given it answers or raises the library's errors, never a
    KeyError, ValueError or StopIteration from inside a model."""
    game = gremlinrules.get_game(game_id)
    t = _walk(game, players, seed, stop)[-1]
    for entered in _edits(game, players, t):
        bad = attrs.evolve(t, entered=entered)
        with pytest.raises(GremlinRulesError):
            game.check_state(bad)
        calls: list[Callable[[Any], object]] = [
            game.legal_actions, game.chance_outcomes, game.current_player,
            lambda b: game.from_json(game.to_json(b), Tracked)]
        if t.need is not None:
            for o in game.legal_actions(t)[:2]:
                calls += [partial(_apply, game, o), partial(_is_legal, game, o), partial(_describe, game, o)]
            calls.append(partial(_is_legal, game, Outcome(t.need.pool, UNSEEN, seat=1)))
        for call in calls:
            with contextlib.suppress(GremlinRulesError):  # anything else fails the test
                call(bad)


def _apply(game: Game, action: Any, state: Any) -> object:
    return game.apply(state, action)


def _is_legal(game: Game, action: Any, state: Any) -> object:
    return game.is_legal(state, action)


def _describe(game: Game, action: Any, state: Any) -> object:
    return game.describe(state, action)


# -- a deal round the table ----------------------------------------------------------------------

def _seated_deal(game: Game, players: int, seed: int) -> tuple[Any, list[Outcome], Any]:
    """The seeded game of ``seed``, its deal's outcomes in the order the deal offers them, each
    with the seat it goes to (None for a part that goes to no seat), and the tracked state after."""
    state = game.new_game(players, seed)
    t = game.new_game(players, chance="external")
    seated = []
    for outcome in _model(game).reveals(None, None, state):
        seated.append(Outcome(outcome.pool, outcome.item, t.need.seat))
        t = game.apply(t, outcome)
    return state, seated, t


def _round_the_table(seated: list[Outcome], rnd: random.Random) -> list[Outcome]:
    """``seated`` in a random order round the table: each seat's cards in their order, the seats
    interleaved at random, what goes to no seat before them (a garden, a track) or after them
    (the first leader) where it was."""
    first = next((i for i, o in enumerate(seated) if o.seat is not None), len(seated))
    last = max((i for i, o in enumerate(seated) if o.seat is not None), default=first - 1)
    middle = seated[first:last + 1]
    assert all(o.seat is not None for o in middle)
    queues = {seat: [o for o in middle if o.seat == seat] for seat in {o.seat for o in middle}}
    turns = [seat for seat, q in queues.items() for _ in q]
    rnd.shuffle(turns)
    cursor = dict.fromkeys(queues, 0)
    mixed = []
    for seat in turns:
        mixed.append(queues[seat][cursor[seat]])
        cursor[seat] += 1
    return [*seated[:first], *mixed, *seated[last + 1:]]


@pytest.mark.clause("NGG-CHANCE-2", "GI-CHANCE-1", "GTG-CHANCE-1", "GG-CHANCE-2", "GVG-CHANCE-2")
@given(seed=st.integers(0, 2**32), order=st.integers(0, 2**32))
def test_a_deal_entered_round_the_table_in_any_order_gives_the_seeded_game(
        game_id: str, players: int, seed: int, order: int) -> None:
    """The cards of a seeded game's deal, entered in a random order round the table (each naming
    its seat), are each accepted though the offer names the next seat in seat-by-seat order
    (except a card the deal filled in by itself, the only one its pile could still take, which is
    refused as a full pile), and give the seeded game's canonical state and every view; the
    offer's probabilities sum to one at each step."""
    game = gremlinrules.get_game(game_id)
    state, seated, expected = _seated_deal(game, players, seed)
    t = game.new_game(players, chance="external")
    for outcome in _round_the_table(seated, random.Random(order)):
        assert game.current_player(t) == CHANCE
        assert sum(p for _, p in game.chance_outcomes(t)) == 1
        if not game.is_legal(t, outcome):  # filled in without asking once nothing else could come
            with pytest.raises(IllegalActionError, match=f"seat {outcome.seat} has all its cards"):
                game.apply(t, outcome)
            continue
        t = game.apply(t, outcome)
    assert t == expected
    assert t.state == _model(game).canonical(state)
    for seat in (*range(players), None):
        assert game.observe(t, seat) == game.observe(state, seat)


@pytest.mark.clause("NGG-CHANCE-2", "GI-CHANCE-1", "GTG-CHANCE-1", "GG-CHANCE-2", "GVG-CHANCE-2")
@settings(max_examples=max(4, settings().max_examples // 3), deadline=None)  # a whole deal, then play
@given(seed=st.integers(0, 2**32))
def test_a_card_for_a_seat_whose_pile_is_full_or_outside_a_deal_is_refused(
        game_id: str, players: int, seed: int) -> None:
    """A card of the deal naming the offered seat is the same entry as one naming none; one naming
    a seat whose pile of that pool is full, or a seat the table does not have, is refused (is_legal
    False, IllegalActionError); so is one naming another seat than the drawer during play (no game
    but Goblins vs Gnomes deals during play). The state's JSON keeps the seats entered and reads
    back equal."""
    game = gremlinrules.get_game(game_id)
    _, seated, _ = _seated_deal(game, players, seed)
    total = Counter((o.pool, o.seat) for o in seated)
    done: Counter[tuple[str, int | None]] = Counter()
    t = game.new_game(players, chance="external")
    for outcome in seated:
        if outcome.seat is not None:
            assert game.apply(t, outcome) == game.apply(t, Outcome(outcome.pool, outcome.item))
            item = t.need.weights[0][0]
            full = [seat for (pool, seat), k in total.items() if pool == t.need.pool and seat is not None
                    and done[pool, seat] == k and seat != t.need.seat]
            for bad in (Outcome(t.need.pool, item, seat=players + 5),
                        *(Outcome(t.need.pool, item, seat=seat) for seat in full)):
                assert not game.is_legal(t, bad), bad
                with pytest.raises(IllegalActionError):
                    game.apply(t, bad)
        done[outcome.pool, outcome.seat] += 1
        t = game.apply(t, outcome)
        if len(t.entered) == len(seated) // 2:
            assert game.from_json(game.to_json(t), Tracked) == t
    rnd = random.Random(seed)
    for _ in range(80):
        if game.is_terminal(t):
            break
        need = t.need
        if need is not None and need.seat is not None and game_id != "goblins-vs-gnomes":
            aside = Outcome(need.pool, need.weights[0][0], seat=(need.seat + 1) % players)
            assert not game.is_legal(t, aside)
            with pytest.raises(IllegalActionError):
                game.apply(t, aside)
        t = game.apply(t, _pick(game, t, rnd))


# -- undo -----------------------------------------------------------------------------------------

@pytest.mark.clause("NGG-CHANCE-1", "GI-CHANCE-1", "GTG-CHANCE-1", "GG-CHANCE-1", "GVG-CHANCE-1")
@given(seed=st.integers(0, 2**32), stop=st.integers(1, 150), back=st.integers(1, 6))
def test_undo_takes_back_the_last_entries_and_changes_nothing_else(
        game_id: str, players: int, seed: int, stop: int, back: int) -> None:
    """At a random point of a random external game, undo of the last n entries (outcomes and
    moves alike) gives the very state before them: equal, the same object, the same pending move,
    outcomes and offer; a state decoded from JSON takes back its pending outcomes and move, and no
    more; undo past the start of the memory is InvalidArgumentError."""
    game = gremlinrules.get_game(game_id)
    states = _walk(game, players, seed, stop)
    n = min(back, len(states) - 1)
    before, after = states[-1 - n], states[-1]
    taken = game.undo(after, n)
    assert taken == before
    assert taken is before
    assert (taken.pending, taken.entered, taken.need) == (before.pending, before.entered, before.need)
    assert game.legal_actions(taken) == game.legal_actions(before)
    with pytest.raises(InvalidArgumentError):
        game.undo(after, len(states))
    decoded = game.from_json(game.to_json(after), Tracked)
    assert decoded == after
    if decoded.pending is None:
        reach, start = 0, decoded
    elif decoded.state is None:
        reach, start = len(decoded.entered), game.new_game(players, chance="external",
                                                             options=_SHORT.get(game_id))
    else:
        reach, start = len(decoded.entered) + 1, Tracked(decoded.state)
    if reach:
        assert game.undo(decoded, reach) == start
    with pytest.raises(InvalidArgumentError):
        game.undo(decoded, reach + 1)


def test_undo_refuses_what_is_not_a_tracked_table(game_id: str, players: int) -> None:
    """undo of a seeded state, of something that is not a state, of 0, -1 or True entries, and
    reveal of a seeded state or of something that is not an outcome: InvalidArgumentError."""
    game = gremlinrules.get_game(game_id)
    seeded = game.new_game(players, 1)
    t = game.apply(game.new_game(players, chance="external"), game.legal_actions(
        game.new_game(players, chance="external"))[0])
    calls: list[Callable[[], object]] = [
        lambda: game.undo(seeded), lambda: game.undo("a state"), lambda: game.undo(t, 0),
        lambda: game.undo(t, -1), lambda: game.undo(t, True),
        lambda: game.reveal(seeded, Outcome("p", "i", seat=0)),
        lambda: game.reveal(t, "rust"),  # type: ignore[arg-type]  # not an outcome, on purpose
        lambda: game.reveal(t, Outcome("p", "i"))]
    for call in calls:
        with pytest.raises(InvalidArgumentError):
            call()
    assert game.undo(t) == game.new_game(players, chance="external")


# -- cards the tracker cannot see ----------------------------------------------------------------

def _unseen_pools(game: Game) -> frozenset[str]:
    return frozenset(getattr(_model(game), "UNSEEN_POOLS", ()))


def _hand(game: Game, state: Any, seat: int) -> Counter[str]:
    """The cards of ``seat``'s hand by design, from its own view."""
    hand = game.to_data(game.observe(state, seat))["hand"]
    return Counter(hand) if isinstance(hand, list) else Counter({k: v for k, v in hand.items() if v})


def _shown(action: Any) -> list[str]:
    """The cards of its own hand a move shows: No Good Gremlins' material built, discarded or paid
    as a bribe; Gremlins: The Game's weapons spent on a defeat or discarded."""
    kind = type(action).__name__
    if kind in ("Build", "Discard", "Bribe") and hasattr(action, "material"):
        return [action.material.value]
    if kind == "Defeat":
        return list(action.weapons)
    return [action.weapon] if kind == "Discard" else []


def _enter(game: Game, t: Any, outcomes: tuple[Outcome, ...], me: int,
           drawn: Counter[tuple[int, str]]) -> Any:
    """``outcomes`` entered by a tracker at seat ``me``: another seat's private cards unseen, where
    the game allows it (counted in ``drawn`` by seat and card); None when a card is refused
    because a placeholder holds its last copy."""
    pools = _unseen_pools(game)
    for outcome in outcomes:
        need = t.need
        assert need is not None
        if need.seen_by is None:  # everyone sees it: no unseen entry
            assert not game.is_legal(t, Outcome(need.pool, UNSEEN))
        if need.seen_by is not None and me not in need.seen_by and outcome.pool in pools:
            drawn[need.seen_by[0], outcome.item] += 1
            t = game.apply(t, Outcome(outcome.pool, UNSEEN))
        elif game.is_legal(t, outcome):
            t = game.apply(t, outcome)
        else:  # a placeholder took the last copy of a design this card turns out to be
            assert unseen(t), f"{outcome} refused with no card held unseen"
            return None
    return t


@pytest.mark.clause("NGG-CHANCE-5", "GI-CHANCE-5", "GTG-CHANCE-5", "GG-CHANCE-4", "GVG-CHANCE-5")
@settings(max_examples=max(4, settings().max_examples // 3), deadline=None)  # each reveal replays the table
@given(seed=st.integers(0, 2**32), walk=st.integers(0, 2**32))
def test_a_tracker_enters_the_cards_it_cannot_see_unseen_and_names_them_as_they_show(
        game_id: str, players: int, seed: int, walk: int) -> None:
    """Where a game allows it (its model's UNSEEN_POOLS), a tracker at seat 0 follows a seeded game
    entering every other seat's private cards unseen; before a seat's move that shows cards the
    tracker did not know the seat held, it names them (reveal, with the seat), and the move is
    then legal. After
    every move the spectator's view and seat 0's view are the seeded game's, and check_state
    passes. Where the game does not allow it, an unseen outcome is refused at every private
    decision with a reason, and so is one at a decision everyone sees."""
    game = gremlinrules.get_game(game_id)
    model = _model(game)
    state = game.new_game(players, seed)
    t = game.new_game(players, chance="external")
    if not _unseen_pools(game):
        with pytest.raises(IllegalActionError, match=game.title.split(":")[0]):
            game.apply(t, Outcome(t.need.pool, UNSEEN))
        assert not game.is_legal(t, Outcome(t.need.pool, UNSEEN))
        return
    drawn: Counter[tuple[int, str]] = Counter()
    t = _enter(game, t, model.reveals(None, None, state), 0, drawn)
    assert t is not None
    rnd = random.Random(walk)
    known: dict[int, Counter[str]] = {seat: Counter() for seat in range(players)}
    pool = min(_unseen_pools(game))
    for _ in range(150):
        if game.is_terminal(state):
            break
        action = game.legal_actions(state)[rnd.randrange(len(game.legal_actions(state)))]
        actor = game.current_player(state)
        assert actor is not None
        shown = Counter(_shown(action))
        if actor != 0:  # the tracker names each card shown that it did not know the seat held
            for card in sorted(shown.elements()):
                if known[actor][card]:
                    known[actor][card] -= 1
                else:
                    t = game.reveal(t, Outcome(pool, card, seat=actor))
        assert game.is_legal(t, action), f"{action} refused after its cards were named"
        after = game.apply(state, action)
        drawn.clear()
        t = _enter(game, game.apply(t, action), model.reveals(state, action, after), 0, drawn)
        if t is None:
            return
        if actor != 0:  # what the seat took in the open (the scrapheap) the tracker knows it holds
            change = _hand(game, after, actor)
            change.subtract(_hand(game, state, actor))
            change.update(shown)
            change.subtract({card: k for (seat, card), k in drawn.items() if seat == actor})
            known[actor].update(+change)
        state = after
        assert t.need is None
        game.check_state(t)
        assert game.observe(t, None) == game.observe(state, None)
        assert game.observe(t, 0) == game.observe(state, 0)
