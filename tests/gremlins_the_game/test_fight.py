"""Gremlin tokens: the fight, the covering sets, the escape to the Movie Theater (GTG-FIGHT-*,
GTG-THEATER-*)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.gremlins_the_game import REFERENCE
from gremlinrules.gremlins_the_game import Choose
from gremlinrules.gremlins_the_game import Defeat
from gremlinrules.gremlins_the_game import LetEscape
from gremlinrules.gremlins_the_game import Move
from gremlinrules.gremlins_the_game import Placed
from gremlinrules.gremlins_the_game import State
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game import scores
from gremlinrules.gremlins_the_game.components import HAND_LIMIT
from gremlinrules.gremlins_the_game.flow import INDEX
from gremlinrules.gremlins_the_game.flow import start_of
from gremlinrules.gremlins_the_game.frames import EscapeToTheater
from gremlinrules.gremlins_the_game.frames import Fight
from tests.gremlins_the_game.helpers import GREMLIN_SPACES
from tests.gremlins_the_game.helpers import THEATER_SPACES
from tests.gremlins_the_game.helpers import edited
from tests.gremlins_the_game.helpers import play
from tests.gremlins_the_game.helpers import table

# gremlin-17 needs a red circle and a red triangle; it lies on e6, two moves from red's Start.
STACK = tuple(f"gremlin-{n:02}" for n in (1, 2, 17, 3, 4, 5, 6, 7, 8, 9, 10, 11))
HANDS = (("kitchen-knife", "blender", "fireplace-poker"), ("flashlight", "sword", "shotgun"))


def fight() -> State:
    """Red moves onto gremlin-17 on e6 holding a knife, a blender and a poker."""
    s = table(2, gremlins=STACK, hands=HANDS)
    assert GREMLIN_SPACES[2] == "e6"
    return apply(s, Move("e6"))


@pytest.mark.clause("GTG-FIGHT-1", "GTG-FIGHT-2")
def test_entering_a_gremlin_flips_it_and_offers_the_minimal_covering_sets() -> None:
    """The gremlin is face up on the fighter's space; the choices are the two minimal sets from
    the hand that match red circle + red triangle (knife + blender, blender + poker; not all
    three, a superset), then letting it escape."""
    s = fight()
    assert Placed("e6", "gremlin-17", True) in s.board
    assert type(s.stack[-1]) is Fight
    assert legal_actions(s) == (Defeat(("kitchen-knife", "blender")), Defeat(("blender", "fireplace-poker")),
                                LetEscape())
    with pytest.raises(IllegalActionError) as info:
        apply(s, Defeat(("kitchen-knife", "blender", "fireplace-poker")))
    assert info.value.clause == "GTG-FIGHT-2"
    with pytest.raises(IllegalActionError):
        apply(s, Defeat(("kitchen-knife",)))


@pytest.mark.clause("GTG-FIGHT-3")
def test_a_defeat_discards_the_cards_and_keeps_the_gremlin_for_its_points() -> None:
    """Defeating gremlin-17 with two weapons: both go to the weapon discard pile, gremlin-17 lies beside the
    player (2 points), the space is empty and the turn passes."""
    s = apply(fight(), Defeat(("kitchen-knife", "blender")))
    assert s.defeated[0] == ("gremlin-17",)
    assert s.hands[0] == ("fireplace-poker",)
    assert s.weapon_discard == ("kitchen-knife", "blender")
    assert not any(p.space == "e6" for p in s.board)
    assert scores(s) == (2, 0)
    assert s.turn == 1
    assert not s.stack


@pytest.mark.clause("GTG-FIGHT-4", "GTG-FIGHT-5", "GTG-THEATER-1")
def test_an_escape_goes_face_up_to_a_theater_space_the_player_chooses_and_the_player_goes_home() -> None:
    """Letting gremlin-17 escape (even though it could be beaten): the player chooses among every empty
    theater space; the gremlin lies there face up and the player is back on their Start."""
    s = apply(fight(), LetEscape())
    assert type(s.stack[-1]) is EscapeToTheater
    assert s.stack[-1].seat == 0
    assert legal_actions(s) == tuple(Choose(t) for t in THEATER_SPACES)
    s = apply(s, Choose(THEATER_SPACES[5]))
    assert Placed(THEATER_SPACES[5], "gremlin-17", True) in s.board
    assert s.positions[0] == start_of(0)
    assert s.hands[0] == HANDS[0]
    assert s.turn == 1


@pytest.mark.clause("GTG-THEATER-2")
def test_a_face_up_gremlin_in_the_theater_can_be_fought_and_stays_if_let_go() -> None:
    """A face-up gremlin on a theater space stops a move there and is fought like any other; let
    go again, it stays on its space and the player returns to Start."""
    s = table(2, gremlins=STACK, hands=HANDS, first_round_done=True)
    spot = THEATER_SPACES[0]
    pool = tuple(g for g in s.pool if g != "gremlin-22")
    board = tuple(sorted((*s.board, Placed(spot, "gremlin-22", True)), key=lambda p: INDEX[p.space]))
    s = edited(s, board=board, pool=pool, free_move=(True, False))
    s = apply(s, Move(spot))
    assert type(s.stack[-1]) is Fight
    assert Defeat(("kitchen-knife", "blender")) in legal_actions(s)
    s = apply(s, LetEscape())
    assert Placed(spot, "gremlin-22", True) in s.board
    assert s.positions[0] == start_of(0)
    assert s.turn == 1


@pytest.mark.clause("GTG-THEATER-3")
def test_a_full_theater_takes_the_escaping_gremlin_into_its_crowd() -> None:
    """With every theater space taken, the escaping gremlin joins the theater's crowd (face up,
    no space), with no choice to make, and the player returns to Start."""
    s = table(2, gremlins=STACK, hands=HANDS)
    filler = [g for g in s.pool if g != "stripe"][: len(THEATER_SPACES)]
    placed = (Placed(t, g, True) for t, g in zip(THEATER_SPACES, filler, strict=True))
    board = tuple(sorted((*s.board, *placed), key=lambda p: INDEX[p.space]))
    s = edited(s, board=board, pool=tuple(g for g in s.pool if g not in filler))
    s = play(s, Move("e6"), LetEscape())
    assert s.crowd == ("gremlin-17",)
    assert not any(p.gremlin == "gremlin-17" for p in s.board)
    assert s.positions[0] == start_of(0)
    assert s.turn == 1


# --- GTG-FIGHT-2: symbol counts (issue 28) -------------------------------------------------------

SYMBOLS = {w.name: Counter({(x.colour, x.shape): x.count for x in w.symbols}) for w in REFERENCE.weapons}
"""What each weapon kind shows, read straight from the component set: (colour, shape) -> count."""
NEEDS = {g.id: Counter({(x.colour, x.shape): x.count for x in g.symbols}) for g in REFERENCE.gremlins}
"""What each gremlin needs, the same way."""
SETUP_GREMLINS = tuple(g.id for g in REFERENCE.gremlins if not g.stripe)


def fight_with(gremlin: str, hand: tuple[str, ...]) -> State:
    """Red moves onto ``gremlin``, lying face down on e6, holding ``hand``."""
    others = [g for g in SETUP_GREMLINS if g != gremlin][: len(GREMLIN_SPACES) - 1]
    return apply(table(2, gremlins=(*others[:2], gremlin, *others[2:]), hands=(hand, ())), Move("e6"))


def beats(cards: tuple[str, ...], gremlin: str) -> bool:
    """The cards together show every symbol the gremlin needs, at least as many times."""
    shown = sum((SYMBOLS[c] for c in cards), Counter())
    return all(shown[sym] >= k for sym, k in NEEDS[gremlin].items())


@pytest.mark.clause("GTG-FIGHT-2")
def test_a_symbol_needed_twice_takes_two_of_it() -> None:
    """gremlin-15 needs two red squares: a kitchen knife shows one, so one knife does not beat it
    (only the escape is offered), two knives do, and a shotgun (two red squares) does alone."""
    assert NEEDS["gremlin-15"] == Counter({("red", "square"): 2})
    assert SYMBOLS["kitchen-knife"][("red", "square")] == 1
    assert SYMBOLS["shotgun"][("red", "square")] == 2
    assert legal_actions(fight_with("gremlin-15", ("kitchen-knife", "blender", "sword"))) == (LetEscape(),)
    with pytest.raises(IllegalActionError) as info:
        apply(fight_with("gremlin-15", ("kitchen-knife", "blender", "sword")), Defeat(("kitchen-knife",)))
    assert info.value.clause == "GTG-FIGHT-2"
    assert legal_actions(fight_with("gremlin-15", ("kitchen-knife", "kitchen-knife", "blender"))) == (
        Defeat(("kitchen-knife", "kitchen-knife")), LetEscape())
    assert legal_actions(fight_with("gremlin-15", ("kitchen-knife", "shotgun", "blender"))) == (
        Defeat(("shotgun",)), LetEscape())


def _hands() -> st.SearchStrategy[tuple[str, ...]]:
    copies = {w.name: w.copies for w in REFERENCE.weapons}
    hands = st.lists(st.sampled_from(tuple(SYMBOLS)), max_size=HAND_LIMIT)
    return hands.filter(lambda h: all(h.count(w) <= copies[w] for w in h)).map(lambda h: tuple(sorted(h)))


@pytest.mark.clause("GTG-FIGHT-2")
@given(gremlin=st.sampled_from(SETUP_GREMLINS), hand=_hands())
def test_the_defeats_offered_are_exactly_the_minimal_matching_sets_of_the_hand(
        gremlin: str, hand: tuple[str, ...]) -> None:
    """Property: for any gremlin of the reference set and any hand, the Defeats offered are
    exactly the sub-multisets of the hand whose symbols, counts summed, reach every symbol the
    gremlin needs with at least its count, and from which no single card can be left out; each
    once, and the escape last."""
    found = legal_actions(fight_with(gremlin, hand))
    assert found[-1] == LetEscape()
    offered = [tuple(sorted(a.weapons)) for a in found[:-1]]
    assert len(offered) == len(set(offered))
    expected = {sub for k in range(1, len(hand) + 1) for sub in itertools.combinations(hand, k)
                if beats(sub, gremlin) and not any(beats(sub[:j] + sub[j + 1:], gremlin) for j in range(k))}
    assert set(offered) == expected


# --- GTG-FIGHT-4: the escape's theater space (issue 28) -------------------------------------------


@pytest.mark.clause("GTG-FIGHT-4")
@given(stand=st.sampled_from(THEATER_SPACES), taken=st.sets(st.sampled_from(THEATER_SPACES), max_size=4))
def test_an_escaping_gremlin_never_goes_where_a_player_or_a_gremlin_is(stand: str, taken: set[str]) -> None:
    """Property: when red lets a gremlin escape, the theater spaces offered are exactly those with
    no player on them (blue stands on one) and no gremlin (some hold face-up ones already), in
    map order; a space with blue on it is refused."""
    taken.discard(stand)
    s = table(2, gremlins=STACK, hands=HANDS, positions=(start_of(0), stand))
    filler = [g for g in s.pool if g != "stripe"][: len(taken)]
    placed = (Placed(t, g, True) for t, g in zip(sorted(taken), filler, strict=True))
    board = tuple(sorted((*s.board, *placed), key=lambda p: INDEX[p.space]))
    s = edited(s, board=board, pool=tuple(g for g in s.pool if g not in filler))
    s = play(s, Move("e6"), LetEscape())
    assert type(s.stack[-1]) is EscapeToTheater
    assert legal_actions(s) == tuple(Choose(t) for t in THEATER_SPACES if t != stand and t not in taken)
    with pytest.raises(IllegalActionError):
        apply(s, Choose(stand))
