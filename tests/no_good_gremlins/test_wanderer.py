"""The Wandering Gremlin (NGG-WANDER-1..6)."""

from __future__ import annotations

import attrs
import pytest

from gremlinrules.no_good_gremlins import (
    AWAY,
    Bribe,
    EndTurn,
    Launch,
    apply,
    validate_components,
)
from tests.no_good_gremlins.strategies import CH, CHROME, IRON, ST, WO, main_phase, row, table


@pytest.mark.clause("NGG-WANDER-1")
def test_first_launcher_takes_it() -> None:
    """It starts set aside; the first launch puts it in front of the launcher."""
    s = main_phase(table(3, hands=((), (), ()), pads=((), ("chrome",) * 3, ())), turn=1)
    assert s.wanderer == AWAY
    s = apply(s, Launch(CH))
    assert s.wanderer == 1


@pytest.mark.clause("NGG-WANDER-2")
def test_later_launcher_takes_it() -> None:
    """A launch by anyone moves it from its holder to the launcher."""
    s = main_phase(table(3, hands=((), (), ()), pads=((), (), ("steel",) * 4), wanderer=0),
                   turn=2)
    assert apply(s, Launch(ST)).wanderer == 2


@pytest.mark.clause("NGG-WANDER-3")
def test_it_eats_the_highest_medal_value() -> None:
    """At the end of the holder's turn the highest-value pad card leaves the game."""
    s = main_phase(table(hands=(("rust",), ()), pads=(("rust", "chrome", "chrome", "iron"), ()),
                         wanderer=0))
    s = apply(s, EndTurn())
    assert s.pads[0] == row(rust=1, iron=1, chrome=1)
    assert s.removed == row(chrome=1)
    assert s.wanderer == 0


@pytest.mark.clause("NGG-WANDER-3")
def test_it_eats_only_its_holder() -> None:
    """Another seat's turn ending does not feed it."""
    s = main_phase(table(hands=(("rust",), ("rust",)), pads=(("iron",), ("iron",)), wanderer=0),
                   turn=1)
    s = apply(s, EndTurn())
    assert s.pads == (row(iron=1), row(iron=1))


@pytest.mark.clause("NGG-WANDER-4")
def test_eating_the_last_card_moves_it_on() -> None:
    """Eating the pad's last card sends it to the next seat."""
    s = main_phase(table(3, hands=(("rust",), (), ()), pads=(("iron",), (), ()), wanderer=0))
    s = apply(s, EndTurn())
    assert s.pads[0] == row()
    assert s.wanderer == 1


@pytest.mark.clause("NGG-WANDER-4")
def test_empty_pad_moves_it_on_from_the_last_seat() -> None:
    """With nothing in play it moves clockwise, wrapping from the last seat to seat 0."""
    s = main_phase(table(3, hands=(("rust",), ("rust",), ("rust",)), wanderer=2), turn=2)
    s = apply(s, EndTurn())
    assert s.wanderer == 0


@pytest.mark.clause("NGG-WANDER-5")
def test_tie_goes_to_larger_rocket_then_later_type() -> None:
    """Among equal medal values it eats from the larger rocket, then the later type."""
    flat = validate_components(attrs.evolve(
        table().components, medal_values=(2, 2, 2, 2, 2, 2)))
    s = main_phase(table(hands=(("rust",), ()), pads=(("rust", "iron", "iron"), ()), wanderer=0,
                         components=flat))
    assert apply(s, EndTurn()).pads[0] == row(rust=1, iron=1)
    s = main_phase(table(hands=(("rust",), ()), pads=(("rust", "chrome", "iron"), ()), wanderer=0,
                         components=flat))
    assert apply(s, EndTurn()).removed[CHROME] == 1


@pytest.mark.clause("NGG-WANDER-6")
def test_hand_is_not_in_play_and_wood_keeps_the_move() -> None:
    """A full hand with an empty pad still sends it on, even after a wood bribe."""
    s = main_phase(table(hands=(("wood", "iron", "iron"), ()), wanderer=0))
    s = apply(s, Bribe(WO))
    s = apply(s, EndTurn())
    assert s.wanderer == 1
    assert s.hands[0][IRON] == 2
