"""The six bribe abilities (NGG-BRIBE-1..7)."""

from __future__ import annotations

import pytest

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.no_good_gremlins import Bribe
from gremlinrules.no_good_gremlins import Build
from gremlinrules.no_good_gremlins import ChromeLaunch
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import Launch
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import is_legal
from gremlinrules.no_good_gremlins import legal_actions
from gremlinrules.no_good_gremlins.state import State
from tests.no_good_gremlins.strategies import CH
from tests.no_good_gremlins.strategies import CHROME
from tests.no_good_gremlins.strategies import CO
from tests.no_good_gremlins.strategies import IR
from tests.no_good_gremlins.strategies import IRON
from tests.no_good_gremlins.strategies import RU
from tests.no_good_gremlins.strategies import ST
from tests.no_good_gremlins.strategies import WO
from tests.no_good_gremlins.strategies import WOOD
from tests.no_good_gremlins.strategies import main_phase
from tests.no_good_gremlins.strategies import row
from tests.no_good_gremlins.strategies import table


def _holder(hand: tuple[str, ...], pad: tuple[str, ...] = (), players: int = 3) -> State:
    return main_phase(table(players, hands=(hand,) + ((),) * (players - 1),
                            pads=(pad,) + ((),) * (players - 1), wanderer=0))


@pytest.mark.clause("NGG-BRIBE-1")
def test_rust_moves_it_on() -> None:
    """Rust sends the Wandering Gremlin to the next seat; no more bribes this turn."""
    s = apply(_holder(("rust", "wood"), ("iron",)), Bribe(RU))
    assert s.wanderer == 1
    assert not is_legal(s, Bribe(WO))
    after = apply(s, EndTurn())
    assert after.pads[0] == row(iron=1)  # nothing eaten: it had left


@pytest.mark.clause("NGG-BRIBE-2")
def test_wood_stops_the_eating() -> None:
    """Wood: the pad keeps its cards at the end of the turn and the gremlin stays."""
    s = apply(_holder(("wood",), ("chrome", "iron")), Bribe(WO))
    assert s.no_eat
    after = apply(s, EndTurn())
    assert after.pads[0] == row(iron=1, chrome=1)
    assert after.wanderer == 0
    plain = apply(_holder(("rust",), ("chrome", "iron")), EndTurn())
    assert plain.pads[0] == row(iron=1)


@pytest.mark.clause("NGG-BRIBE-3")
def test_iron_draws_one_and_moves_it_on() -> None:
    """Iron: the top card of the deck joins the hand, then the gremlin moves on."""
    s = _holder(("iron",))
    top = s.deck[0]
    s = apply(s, Bribe(IR))
    assert s.hands[0] == tuple(int(t == top) for t in range(6))
    assert s.wanderer == 1


@pytest.mark.clause("NGG-BRIBE-4")
def test_copper_gives_an_extra_build_action() -> None:
    """Copper: after the main build, another build action of up to two cards."""
    s = _holder(("copper", "rust", "rust", "wood", "wood"))
    s = apply(s, Bribe(CO))
    for m in (RU, RU, WO, WO):
        s = apply(s, Build(m))
    assert s.pads[0] == row(rust=2, wood=2)
    assert not any(isinstance(a, Build) for a in legal_actions(s))


@pytest.mark.clause("NGG-BRIBE-5")
def test_steel_draws_two_and_gives_a_main_action() -> None:
    """Steel: two cards drawn and a second main action (a launch after a build)."""
    s = _holder(("steel", "iron", "iron"), ("iron",) * 5)
    top2 = s.deck[:2]
    s = apply(s, Bribe(ST))
    assert sum(s.hands[0]) == 4
    assert all(s.hands[0][t] >= 1 for t in top2)
    assert s.mains == 2
    s = apply(apply(s, Build(IR)), Launch(IR))
    assert s.medals[0] == row(iron=1)
    assert s.mains == 0


@pytest.mark.clause("NGG-BRIBE-6")
def test_chrome_launches_an_incomplete_rocket_for_one_medal() -> None:
    """Chrome: any one rocket launches, even incomplete, for exactly one medal."""
    s = _holder(("chrome",), ("iron", "iron", "copper"))
    assert not is_legal(s, ChromeLaunch(IR))
    with pytest.raises(IllegalActionError, match="chrome bribe"):
        apply(s, ChromeLaunch(IR))
    s = apply(s, Bribe(CH))
    assert legal_actions(s)[:2] == (ChromeLaunch(IR), ChromeLaunch(CO))
    s = apply(s, ChromeLaunch(IR))
    assert s.medals[0] == row(iron=1)
    assert s.removed == row(iron=1, chrome=1)
    assert s.mains == 1  # not a main action
    assert not is_legal(s, ChromeLaunch(CO))


@pytest.mark.clause("NGG-BRIBE-6")
def test_chrome_launch_of_a_complete_rocket_earns_one() -> None:
    """A complete rocket launched by the chrome bribe still earns only one medal."""
    s = apply(_holder(("chrome",), ("chrome",) * 5), Bribe(CH))
    s = apply(s, ChromeLaunch(CH))
    assert s.medals[0][CHROME] == 1
    assert s.removed[CHROME] == 5


@pytest.mark.clause("NGG-BRIBE-7")
def test_bribes_add_up_and_lapse() -> None:
    """Two coppers give two extra build actions; unused ones are gone next turn."""
    s = _holder(("copper", "copper", "wood"), (), players=2)
    s = apply(apply(s, Bribe(CO)), Bribe(CO))
    assert s.builds == 2
    s = apply(s, EndTurn())
    assert (s.builds, s.mains, s.chrome, s.no_eat) == (0, 1, 0, False)


@pytest.mark.clause("NGG-BRIBE-7")
def test_useless_bribe_is_allowed_and_chrome_keeps_build_open() -> None:
    """Chrome with an empty pad is allowed; a chrome launch does not close a build."""
    s = _holder(("chrome", "chrome", "wood", "wood"))
    assert is_legal(s, Bribe(CH))
    s = apply(s, Build(WO))
    s = apply(s, Bribe(CH))
    s = apply(s, ChromeLaunch(WO))
    assert s.open_build == 1
    assert s.wanderer == 0
    s = apply(s, Build(WO))
    assert s.pads[0][WOOD] == 1
    assert s.hands[0][IRON] == 0
