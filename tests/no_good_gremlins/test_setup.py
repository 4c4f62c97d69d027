"""Setting up: seeds, stacked tables, bad arguments (NGG-SETUP-1..3)."""

from __future__ import annotations

from typing import Any

import pytest

from gremlinrules.core.errors import SetupError
from gremlinrules.no_good_gremlins import AWAY
from gremlinrules.no_good_gremlins import GremlinCard
from gremlinrules.no_good_gremlins import Material
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import Phase
from gremlinrules.no_good_gremlins import Setup
from gremlinrules.no_good_gremlins import new_game
from tests.no_good_gremlins.strategies import IRON
from tests.no_good_gremlins.strategies import mats
from tests.no_good_gremlins.strategies import row
from tests.no_good_gremlins.strategies import table


@pytest.mark.clause("NGG-SETUP-1")
@pytest.mark.parametrize("bad", [1, 6, "3", None, True, 2.0])
def test_two_to_five_players(bad: Any) -> None:
    """Only 2 to 5 players; the first turn belongs to seat 0."""
    with pytest.raises(SetupError):
        new_game(bad)
    for n in range(2, 6):
        s = new_game(n, 3)
        assert (s.players, s.turn, s.phase) == (n, 0, Phase.OPENING)


@pytest.mark.clause("NGG-SETUP-2")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_deal_six_each_and_empty_areas(players: int) -> None:
    """Six cards each, the rest in the deck; gremlin deck full; nothing else in play."""
    s = new_game(players, 42)
    assert all(sum(h) == 6 for h in s.hands)
    assert len(s.deck) == 84 - 6 * players
    assert len(s.gremlin_deck) == 21
    assert s.scrapheap == ()
    assert s.threat == ()
    assert s.gremlin_discard == ()
    assert s.wanderer == AWAY
    assert all(p == row() for p in s.pads)


@pytest.mark.clause("NGG-SETUP-2")
def test_decks_shuffled_by_seed() -> None:
    """Different seeds shuffle both decks differently; the same seed reproduces them."""
    a, b = new_game(3, 1), new_game(3, 2)
    assert a == new_game(3, 1)
    assert a.deck != b.deck
    assert a.gremlin_deck != b.gremlin_deck


@pytest.mark.clause("NGG-SETUP-3")
def test_stacked_table() -> None:
    """Listed hands, pads, heap and deck tops are placed; the remaining cards fill the deck."""
    s = table(3, hands=(("iron",) * 2, ("rust",), ()), pads=((), ("chrome",) * 2, ()),
              heap=("wood",), deck=("steel", "copper"), gdeck=("thunderstorm", "iron"),
              wanderer=1)
    assert s.hands == (row(iron=2), row(rust=1), row())
    assert s.pads[1] == row(chrome=2)
    assert s.scrapheap == (1,)
    assert s.deck[:2] == (4, 3)
    assert len(s.deck) == 84 - 6
    assert s.gremlin_deck[:2] == (6, IRON)
    assert s.wanderer == 1


@pytest.mark.clause("NGG-SETUP-3")
def test_stacked_deck_is_dealt_from_when_no_hands() -> None:
    """Without hands the stacked deck top is dealt: the first six to seat 0."""
    s = new_game(2, setup=Setup(deck=mats(*["chrome"] * 6 + ["rust"] * 6)))
    assert s.hands == (row(chrome=6), row(rust=6))


@pytest.mark.clause("NGG-SETUP-3")
@pytest.mark.parametrize("setup", [
    Setup(hands=(mats("chrome") * 9, ())),
    Setup(hands=(mats("iron"),)),
    Setup(pads=(mats("iron", "rust", "wood", "steel"), ())),
    Setup(gremlin_deck=(GremlinCard.THUNDERSTORM,) * 4),
    Setup(wanderer=2),
    Setup(scrapheap=("iron",)),  # type: ignore[arg-type]
    Setup(deck=(Material.RUST,) * 21),
    Setup(gremlin_deck=("iron",)),  # type: ignore[arg-type]
])
def test_bad_setups_refused(setup: Setup) -> None:
    """Too many cards of a type, wrong seat counts, four rockets, a bad seat: SetupError."""
    with pytest.raises(SetupError):
        new_game(2, setup=setup)


@pytest.mark.clause("NGG-SETUP-3")
def test_bad_options_and_setup_types() -> None:
    """Options and Setup must be this game's classes; option values are validated."""
    with pytest.raises(SetupError):
        new_game(2, options="x")
    with pytest.raises(SetupError):
        new_game(2, setup={})
    with pytest.raises(SetupError):
        Options(scrap_take="some")
    with pytest.raises(SetupError):
        Options(round_limit=0)
