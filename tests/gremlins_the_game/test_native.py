"""Gremlins: The Game on the compiled engine, beyond the engine's shared tests (tests/engine): a
native game from a state with every kind of pending frame (reached by play or edited by hand),
the rules as written (no turn limit), the largest maps, and the tables it refuses."""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from typing import Any

import pytest

import gremlinrules
from gremlinrules import engine
from gremlinrules.core.actionspace import action_space
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import UnsupportedError
from gremlinrules.core.playout import random_playout
from gremlinrules.gremlins_the_game import Components
from gremlinrules.gremlins_the_game import GremlinToken
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import Symbol
from gremlinrules.gremlins_the_game import WeaponCard
from gremlinrules.gremlins_the_game import check_state
from gremlinrules.gremlins_the_game import flow
from gremlinrules.gremlins_the_game import new_game
from gremlinrules.gremlins_the_game import read_map
from gremlinrules.gremlins_the_game import validate_components
from gremlinrules.gremlins_the_game.components import REFERENCE
from gremlinrules.gremlins_the_game.frames import EscapeToTheater
from gremlinrules.gremlins_the_game.frames import EventDiscard
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import GangToTheater
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.frames import MoveGremlin
from gremlinrules.gremlins_the_game.frames import Next
from gremlinrules.gremlins_the_game.frames import PickGremlin
from gremlinrules.gremlins_the_game.frames import PlaceGremlin
from tests.engine.support import needs_engine
from tests.gremlins_the_game.helpers import edited
from tests.gremlins_the_game.helpers import random_states
from tests.gremlins_the_game.helpers import table
from tests.gremlins_the_game.strategies import random_map
from tests.gremlins_the_game.test_board import SMALL

pytestmark = needs_engine

GAME = gremlinrules.get_game("gremlins-the-game")
GID = "gremlins-the-game"


def play_on(state: State, rnd: random.Random, limit: int = 400) -> int:
    """From ``state``, the rule book and ``engine.from_state(state)`` side by side for up to ``limit``
    random decisions: the same legal indices and ``to_state() ==`` at every one; the decisions."""
    space = action_space(GAME, state.players, state.options)
    native = engine.from_state(GID, state)
    for decision in range(limit):
        assert native.to_state() == state, f"state differs after {decision} decisions"
        legal = GAME.legal_actions(state)
        indices = [space.index_of(a) for a in legal]
        assert native.legal_actions() == indices, f"legal actions differ after {decision} decisions"
        assert native.current_player() == GAME.current_player(state)
        if not legal:
            assert native.scores() == GAME.scores(state)
            assert native.winners() == GAME.winners(state)
            assert native.end_reason() == GAME.end_reason(state)
            return decision
        pick = rnd.randrange(len(legal))
        state = GAME.apply(state, legal[pick])
        native.apply(indices[pick])
    return limit


_CLASS_OF = {Fight: "fight", EscapeToTheater: "theater:escape", GangToTheater: "theater:stripe",
             HandLimit: "discard:hand-limit", EventDiscard: "discard:event", PlaceGremlin: "place",
             PickGremlin: "move-from", MoveGremlin: "move-to"}


def frame_class(s: State) -> str | None:
    """The kind of the pending frame, with its source where the kind has several."""
    if not s.stack:
        return None
    return _CLASS_OF[type(s.stack[0])]


CLASSES = ("fight", "theater:escape", "theater:stripe", "discard:hand-limit", "discard:event", "place",
           "move-from", "move-to")


def states_with_every_frame() -> dict[str, State]:
    """One state of random seeded games for each kind of pending frame (and source)."""
    found: dict[str, State] = {}
    for seed in range(200):
        for s in random_states(seed, 2 + seed % 3, options=Options(turn_limit=600)):
            kind = frame_class(s)
            if kind is not None and kind not in found:
                found[kind] = s
        if len(found) == len(CLASSES):
            break
    return found


def test_from_state_takes_a_state_with_every_kind_of_pending_frame() -> None:
    """A state reached by play with each kind of frame on the stack (a fight, an escape's and the
    start-of-turn theater space, a hand-limit and an event's discard, an event's new gremlin and
    moved gremlin, from and to) becomes a native game equal to it, which plays on as the rule
    book does."""
    found = states_with_every_frame()
    assert set(found) == set(CLASSES)
    for kind, state in sorted(found.items()):
        assert play_on(state, random.Random(kind)) > 0


def _sample_frames() -> list[State]:
    """States edited by hand that check_state accepts: frames whose remaining steps no card makes
    (a hand-limit discard, an event's discard, a new gremlin and a moved one)."""
    s = table(2, positions=("c6", "n6"), hands=(("flashlight", "flashlight", "camera-flash", "kitchen-knife",
                                                 "blender", "microwave", "sword"), ()),
              first_round_done=True)
    full = flow.replace(s, stack=(HandLimit(
        0, (Next.DRAW, Next.REPLENISH_GREMLIN, Next.HOME, Next.DRAW, Next.END)),))
    out = [edited(full)]
    top = s.event_deck[0]
    drawn = flow.replace(s, event_deck=s.event_deck[1:], event_discard=(top,))
    out.append(edited(drawn, stack=(EventDiscard(0, top, (Next.DISCARD, Next.ADD, Next.MOVE,
                                                          Next.REPLENISH_EVENT, Next.END)),)))
    lifted = drawn.board[0]
    moved = flow.replace(drawn, board=drawn.board[1:], pool=(lifted.gremlin, *drawn.pool))
    out.append(edited(moved, stack=(PlaceGremlin(0, top, (Next.ADD, Next.ADD, Next.DRAW, Next.END)),)))
    moving = MoveGremlin(0, top, drawn.board[1].space, (Next.MOVE, Next.HOME, Next.END))
    out.append(edited(moved, stack=(moving,)))
    return out


def test_from_state_takes_frames_edited_by_hand() -> None:
    """Frames whose remaining steps no event card makes (check_state allows any steps the flow
    knows, ending the turn) play natively as in the rule book."""
    for k, state in enumerate(_sample_frames()):
        check_state(state)
        assert play_on(state, random.Random(k)) > 0


def test_the_rules_as_written_play_natively() -> None:
    """Without the turn limit (Options.as_written(), GTG-END-4), a native game equals the rule book
    for as long as both are played; engine.playouts refuses the table, as decision_bound does,
    since such a game need not end."""
    options = Options.as_written(map=read_map(SMALL))
    for seed in range(3):
        state = new_game(3, seed, options=options)
        assert play_on(state, random.Random(seed), limit=1500) > 0
        assert engine.new(GID, 3, seed, options).to_state() == state
    with pytest.raises(SetupError):
        engine.playouts(GID, 3, [0], options=options)


def test_the_largest_maps_play_natively() -> None:
    """Maps 26 spaces wide or high (a move's search then spans eleven 64-bit words) play as the rule
    book does."""
    rnd = random.Random(26)
    played = 0
    while played < 2:
        m = random_map(rnd, width=26, height=rnd.choice([5, 17, 26]))
        if m is None:
            continue
        state = new_game(4, played, options=Options(map=m, turn_limit=30))
        assert play_on(state, random.Random(played)) > 0
        played += 1


def _crowded() -> Components:
    """A component set with more than 4096 actions: 30 weapon kinds of one symbol each over five
    symbols, and three gremlins each needing four of those symbols (6 ** 4 minimal covering sets
    each)."""
    symbols = [("red", "square"), ("blue", "circle"), ("green", "triangle"), ("yellow", "square"),
               ("red", "circle")]
    weapons = tuple(WeaponCard(f"w{k}", 1, (Symbol(*symbols[k % 5]),)) for k in range(30))
    needs = [symbols[:4], symbols[1:], [symbols[0], *symbols[2:]]]
    gremlins = tuple(GremlinToken(g.id, g.points, tuple(Symbol(*sym) for sym in needs[k])
                                  if k < 3 else (Symbol(*symbols[k % 5]),), stripe=g.stripe)
                     for k, g in enumerate(REFERENCE.gremlins))
    return validate_components(Components(gremlins=gremlins, weapons=weapons, events=REFERENCE.events))


def test_a_table_with_more_actions_than_the_engine_takes_is_refused() -> None:
    """Over 4096 actions (a component set with thousands of minimal covering sets): new and
    from_state raise UnsupportedError naming the components, and the typed API plays the table."""
    options = Options(components=_crowded())
    assert len(GAME.all_actions(2, options)) > 4096
    with pytest.raises(UnsupportedError, match="components"):
        engine.new(GID, 2, 0, options)
    state = new_game(2, 0, options=options)
    with pytest.raises(UnsupportedError, match="components"):
        engine.from_state(GID, state)
    assert GAME.legal_actions(state)


@pytest.fixture
def remember_every_search() -> Iterator[None]:
    """Game objects remember their searches from the first one (not after 1024)."""
    native: Any = importlib.import_module("gremlinrules.gremlins_the_game.native")  # compiled: no stub
    before = native.remember_searches_after(0)
    yield
    native.remember_searches_after(before)


@pytest.mark.usefixtures("remember_every_search")
def test_remembered_searches_give_the_rule_books_moves() -> None:
    """A game object remembers its moves' searches (by the mover's space, a closed Town Square and
    the spaces within five steps that end a move): from the first search on, random games on the
    reference map, the small one and random maps, with either reading of GTG-SQUARE-6, equal the
    rule book at every decision, and so do playouts (one object plays every seed, so a later game
    finds the searches of the earlier ones)."""
    rnd = random.Random(5)
    maps: list[Any] = [None, read_map(SMALL)]
    while len(maps) < 4:
        made = random_map(rnd)
        if made is not None:
            maps.append(made)
    for k, m in enumerate(maps):
        for reenter in (False, True):
            options = Options(map=m, reenter_square=reenter, turn_limit=120)
            for seed in range(2):
                assert play_on(new_game(2 + k % 3, seed, options=options), random.Random(seed)) > 0
    seeds = range(6)
    assert engine.playouts(GID, 2, seeds) == [random_playout(GAME, 2, seed) for seed in seeds]


def test_a_clone_and_a_restored_game_are_independent_mid_turn() -> None:
    """Mid-turn (a frame pending), a clone's answer leaves its original unchanged, and a pickled
    native game restores to the same state."""
    import pickle

    found = states_with_every_frame()
    for state in found.values():
        native = engine.from_state(GID, state)
        copy = native.clone()
        copy.apply(copy.legal_actions()[-1])
        assert native.to_state() == state
        restored: Any = pickle.loads(pickle.dumps(native))
        assert restored.to_state() == state


def test_the_random_policys_pick_within_a_word_is_the_kth_member() -> None:
    """The k-th member of a 64-bit set, found without a loop (gr_select), is the k-th lowest set
    bit: every member of every single byte at every byte position, and of random sets of every
    density; a k outside the set is refused."""
    native: Any = importlib.import_module("gremlinrules.gremlins_the_game.native")  # compiled: no stub
    rnd = random.Random(27)
    words = [v << (8 * at) for v in range(256) for at in range(8)]
    words += [rnd.getrandbits(64) & rnd.getrandbits(64) for _ in range(300)]
    words += [rnd.getrandbits(64) | rnd.getrandbits(64) for _ in range(300)]
    words += [(1 << 64) - 1, 1 << 63, 1]
    for bits in words:
        members = [i for i in range(64) if bits >> i & 1]
        assert [native._select_member(bits, k) for k in range(len(members))] == members
    for bits, k in ((0, 0), (1, 1), (5, -1)):
        with pytest.raises(ValueError, match="below the number of members"):
            native._select_member(bits, k)
