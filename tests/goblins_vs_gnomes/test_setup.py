"""Setting up a match and a round; seat order."""

from __future__ import annotations

import pytest
from hypothesis import given

from gremlinrules import SetupError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import Phase
from gremlinrules.goblins_vs_gnomes import Setup
from gremlinrules.goblins_vs_gnomes import Swap
from gremlinrules.goblins_vs_gnomes.setup import RACE
from tests.goblins_vs_gnomes.strategies import REFERENCE_DECK
from tests.goblins_vs_gnomes.strategies import lay
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import player_counts
from tests.goblins_vs_gnomes.strategies import seeds

EW = ["passage-ew"] * 3 + ["passage-cross"] * 3 + ["lantern-ew"]


@pytest.mark.clause("GVG-SETUP-1")
def test_three_to_eight_players() -> None:
    """3 to 8 seats; 2 or 9 is a SetupError."""
    assert (gvg.MIN_PLAYERS, gvg.MAX_PLAYERS) == (3, 8)
    for n in (3, 8):
        assert gvg.players(gvg.new_game(n)) == n
    for bad in (2, 9):
        with pytest.raises(SetupError):
            gvg.new_game(bad)


@pytest.mark.clause("GVG-SETUP-2")
@given(n=player_counts, seed=seeds)
def test_counters_start_at_zero_and_the_field_holds_only_the_start(n: int, seed: int) -> None:
    """Every counter is 0, no card is on the field, every target is face down."""
    state = gvg.new_game(n, seed)
    assert gvg.scores(state) == (0,) * n
    assert state.field == ()
    assert state.opened == (False, False, False)
    assert state.round == 1


@pytest.mark.clause("GVG-SETUP-3", "GVG-INV-4")
@given(n=player_counts, seed=seeds)
def test_role_deal_is_half_goblins_rounded_down(n: int, seed: int) -> None:
    """n // 2 Goblins and the rest Gnomes, distinct role cards; the others stay in the box."""
    state = gvg.new_game(n, seed)
    races = [RACE[r] for r in state.roles]
    assert races.count("goblin") == n // 2
    assert races.count("gnome") == n - n // 2
    assert len(set(state.roles)) == n
    assert sorted(state.roles + state.boxed) == sorted(RACE)


@pytest.mark.clause("GVG-SETUP-3")
def test_a_stacked_deal_with_the_wrong_race_split_is_refused() -> None:
    """Setup roles with two Goblins for three players raise SetupError."""
    with pytest.raises(SetupError):
        gvg.new_game(3, setup=Setup(roles=("driver", "greedy-one", "king")))
    with pytest.raises(SetupError):
        gvg.new_game(3, setup=Setup(roles=("king", "king", "driver")))
    with pytest.raises(SetupError):
        gvg.new_game(3, setup=Setup(targets=("gold", "gold", "dragon")))
    with pytest.raises(SetupError):
        gvg.new_game(3, setup=Setup(deck=REFERENCE_DECK[1:]))
    with pytest.raises(SetupError):
        gvg.new_game(3, setup=Setup(first_player=3))


@pytest.mark.clause("GVG-SETUP-4")
@given(n=player_counts, seed=seeds)
def test_hands_of_three_and_the_rest_in_the_deck(n: int, seed: int) -> None:
    """Every seat holds 3 path cards; the deck holds the other 50 - 3n."""
    state = gvg.new_game(n, seed)
    assert all(len(h) == 3 for h in state.hands)
    assert len(state.deck) == 50 - 3 * n


@pytest.mark.clause("GVG-SETUP-4")
def test_a_stacked_deck_deals_from_the_top() -> None:
    """With a stacked deck seat i gets cards 3i..3i+2 and the draw pile is the rest in order."""
    deck = tuple(sorted(REFERENCE_DECK, reverse=True))
    state = gvg.new_game(3, setup=Setup(deck=deck))
    for i in range(3):
        assert state.hands[i] == tuple(sorted(deck[3 * i:3 * i + 3]))
    assert state.deck == deck[9:]


@pytest.mark.clause("GVG-SETUP-5", "GVG-TURN-5")
def test_seat_zero_starts_and_play_passes_upward() -> None:
    """Seat 0 starts by default, a Setup may name another first player, and after a turn the next
    higher seat (wrapping) is to play."""
    state = gvg.new_game(4, 3)
    assert gvg.current_player(state) == 0
    state = gvg.new_game(4, 3, setup=Setup(first_player=3))
    assert gvg.current_player(state) == 3
    state = gvg.apply(state, Swap(state.hands[3][0]))
    assert gvg.current_player(state) == 0


@pytest.mark.clause("GVG-SETUP-5", "GVG-ROUND-1")
def test_the_next_round_is_a_fresh_deal_started_by_the_next_seat() -> None:
    """After Gold opens: a new round 2 begins from seat first+1, with an empty field, face-down
    reshuffled targets, new hands of three, a full deck and the counters kept."""
    plays = [((2 + i) % 3, EW[i]) for i in range(7)]
    state = new(3, plays, first=2)
    for i, (_, card) in enumerate(plays):
        state = lay(state, card, i + 1, 0)
    assert state.round == 2
    assert state.round_starter == 0
    assert gvg.current_player(state) == 0
    assert state.field == ()
    assert state.discard == ()
    assert state.opened == (False, False, False)
    assert all(len(h) == 3 for h in state.hands)
    assert len(state.deck) == 41
    assert state.points == (1, 1, 0)  # seat 2, the Goblin, opened the Gold
    assert state.peeks == ()
    assert state.potions == ()
    assert state.phase is Phase.PLAY


@pytest.mark.clause("GVG-SETUP-6")
def test_which_characters_are_dealt_varies() -> None:
    """With three players the one Goblin card is drawn from all four Goblin characters over seeds."""
    goblins = {next(r for r in gvg.new_game(3, seed).roles if RACE[r] == "goblin") for seed in range(60)}
    assert len(goblins) == 4
