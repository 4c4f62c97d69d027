"""Set up, in the rulebook's order (GTG-SETUP-*), and the turn order (GTG-TURN-1)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from gremlinrules.core.errors import SetupError
from gremlinrules.gremlins_the_game import REFERENCE_MAP
from gremlinrules.gremlins_the_game import Move
from gremlinrules.gremlins_the_game import Options
from gremlinrules.gremlins_the_game import Phase
from gremlinrules.gremlins_the_game import Setup
from gremlinrules.gremlins_the_game import apply
from gremlinrules.gremlins_the_game import legal_actions
from gremlinrules.gremlins_the_game import new_game
from gremlinrules.gremlins_the_game.components import REFERENCE
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.flow import EVENT_SPACES
from gremlinrules.gremlins_the_game.flow import WEAPON_SPACES
from tests.gremlins_the_game.helpers import GREMLIN_SPACES
from tests.gremlins_the_game.helpers import scaled
from tests.gremlins_the_game.helpers import table


@pytest.mark.clause("GTG-SETUP-1", "GTG-SETUP-2", "GTG-SETUP-4")
@settings(max_examples=scaled(10), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_the_board_players_and_tokens(seed: int, players: int) -> None:
    """Property: every player is on the Start of their colour (red, blue, green, yellow by
    seat); every Event and Weapon space holds its token; every Gremlin space a face-down
    gremlin."""
    s = new_game(players, seed)
    starts = [REFERENCE_MAP.spaces[i].name for i in REFERENCE_MAP.starts]
    assert s.positions == tuple(starts[:players])
    assert [REFERENCE_MAP.spaces[REFERENCE_MAP.starts[i]].colour for i in range(players)] == [
        "red", "blue", "green", "yellow"][:players]
    assert s.event_tokens == EVENT_SPACES
    assert s.weapon_tokens == WEAPON_SPACES
    assert [p.space for p in s.board] == list(GREMLIN_SPACES)
    assert not any(p.face_up for p in s.board)


@pytest.mark.clause("GTG-SETUP-5", "GTG-SETUP-6")
@settings(max_examples=scaled(10), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_the_decks_are_shuffled_and_three_weapons_dealt(seed: int, players: int) -> None:
    """Property: the event deck holds all 30 event cards, the weapon deck the 30 weapons less
    three dealt to each player; different seeds give different orders."""
    s = new_game(players, seed)
    t = tables(REFERENCE)
    assert Counter(s.event_deck) == Counter(t.event_deck)
    assert all(len(h) == 3 for h in s.hands)
    assert Counter(s.weapon_deck) + sum((Counter(h) for h in s.hands), Counter()) == Counter(t.weapon_deck)
    other = new_game(players, seed + 1)
    assert (other.event_deck, other.weapon_deck, other.pool) != (s.event_deck, s.weapon_deck, s.pool)


@pytest.mark.clause("GTG-SETUP-7", "GTG-TURN-1")
def test_the_chosen_player_begins_and_play_goes_clockwise() -> None:
    """Seat 2 chosen: seat 2 moves first, then 3, 0, 1; each turn is one move; a bad first
    player is refused."""
    s = table(4, first_player=2)
    assert s.turn == 2
    assert s.phase is Phase.MOVE
    order = []
    for _ in range(4):
        order.append(s.turn)
        tokens = {*s.event_tokens, *s.weapon_tokens, *(p.space for p in s.board)}
        s = apply(s, next(a for a in legal_actions(s) if a.to not in tokens))
    assert order == [2, 3, 0, 1]
    with pytest.raises(SetupError):
        new_game(2, setup=Setup(first_player=2))


@pytest.mark.clause("GTG-SETUP-3")
def test_a_stacked_setup_places_what_it_names_and_refuses_stripe_on_the_board() -> None:
    """Named gremlins go on the Gremlin spaces in map order; Stripe is refused there (he is set
    aside while they are filled); the named pool top comes first."""
    names = tuple(f"gremlin-{i:02d}" for i in range(1, 13))
    s = table(2, gremlins=names, pool=("stripe", "gremlin-20"))
    assert [p.gremlin for p in s.board] == list(names)
    assert s.pool[:2] == ("stripe", "gremlin-20")
    with pytest.raises(SetupError):
        table(2, gremlins=("stripe", *names[1:]))
    with pytest.raises(SetupError):
        table(2, positions=("n6", "g6"))
    with pytest.raises(SetupError):
        table(3, options=Options(turn_limit=3), first_round_done=True)
    assert Move("a1") not in legal_actions(s)


@pytest.mark.clause("GTG-SETUP-3")
def test_a_pool_top_leaving_too_few_gremlins_for_the_spaces_is_refused() -> None:
    """A stacked pool top that leaves fewer gremlins than Gremlin spaces is a SetupError (it was a
    ValueError from the deal); one that leaves exactly enough still sets up."""
    others = tuple(g.id for g in REFERENCE.gremlins if not g.stripe)
    spaces = len(GREMLIN_SPACES)
    with pytest.raises(SetupError, match="Gremlin spaces"):
        table(2, pool=others[: len(others) - spaces + 1])
    with pytest.raises(SetupError, match="Gremlin spaces"):
        table(2, pool=others)
    s = table(2, pool=others[: len(others) - spaces])
    assert {p.gremlin for p in s.board} == set(others[len(others) - spaces:])
    assert s.pool[0] == others[0]
