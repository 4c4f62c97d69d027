"""Gremlin tokens: the fight, the covering sets, the escape to the Movie Theater (GTG-FIGHT-*,
GTG-THEATER-*)."""

from __future__ import annotations

import pytest

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.gremlins_the_game import (
    Choose,
    Defeat,
    LetEscape,
    Move,
    Placed,
    State,
    apply,
    legal_actions,
    scores,
)
from gremlinrules.gremlins_the_game.flow import INDEX, start_of
from tests.gremlins_the_game.helpers import GREMLIN_SPACES, THEATER_SPACES, edited, play, table

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
    assert s.stack[-1].kind == "fight"
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
    assert s.stack[-1].kind == "theater"
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
    assert s.stack[-1].kind == "fight"
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
