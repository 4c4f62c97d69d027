"""Setup, teams, the deck and the end of the game (GI-SETUP-*, GI-TEAM-1 to GI-TEAM-3, GI-DRAW-*,
GI-END-*, GI-BOUND-1, GI-CARD-2)."""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from gremlinrules import SetupError
from gremlinrules.gremlins_inc import REFERENCE
from gremlinrules.gremlins_inc import Discard
from gremlinrules.gremlins_inc import Done
from gremlinrules.gremlins_inc import EndTurn
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Phase
from gremlinrules.gremlins_inc import Setup
from gremlinrules.gremlins_inc import current_player
from gremlinrules.gremlins_inc import decision_bound
from gremlinrules.gremlins_inc import new_game
from gremlinrules.gremlins_inc import parse_components
from gremlinrules.gremlins_inc import seat_teams
from gremlinrules.gremlins_inc import winners
from tests.gremlins_inc.helpers import OPTIONS
from tests.gremlins_inc.helpers import TEST_SET
from tests.gremlins_inc.helpers import play
from tests.gremlins_inc.helpers import table


@pytest.mark.clause("GI-SETUP-1", "GI-SETUP-2")
def test_the_deal_gives_six_cards_each_from_the_shuffled_deck() -> None:
    """Every seat holds 6; the rest is the deck; seeds shuffle differently; a stacked deck deals
    seat i the cards after the first 6i."""
    s = new_game(4, 3)
    assert [len(h) for h in s.hands] == [6] * 4
    assert len(s.deck) == REFERENCE.deck_size - 24
    assert s.discard == ()
    assert new_game(4, 4).hands != s.hands
    deck = tuple(sorted(TEST_SET.deck, reverse=True))
    s = new_game(2, 0, options=OPTIONS, setup=Setup(deck=deck))
    assert s.hands == (tuple(sorted(deck[:6])), tuple(sorted(deck[6:12])))
    assert s.deck == deck[12:]


@pytest.mark.clause("GI-SETUP-1", "GI-SETUP-2")
def test_a_stacked_deck_must_be_the_whole_set() -> None:
    """A stacked deck missing a card, or a first player off the table, is refused."""
    with pytest.raises(SetupError):
        new_game(2, 0, options=OPTIONS, setup=Setup(deck=tuple(TEST_SET.deck[1:])))
    with pytest.raises(SetupError):
        new_game(2, 0, options=OPTIONS, setup=Setup(first_player=2))


@pytest.mark.clause("GI-SETUP-3")
def test_the_familiar_start_lets_each_seat_discard_and_redraw_once_in_turn() -> None:
    """From the first player on, each seat discards any number of cards one by one and draws back
    to 6; then the first player's turn begins."""
    opts = Options(components=TEST_SET, familiar=True)
    s = new_game(3, 5, options=opts, setup=Setup(first_player=1))
    assert s.phase is Phase.REDRAW
    assert current_player(s) == 1
    card = s.hands[1][0]
    s = play(s, Discard(card), Done())
    assert len(s.hands[1]) == 6
    assert s.discard == (card,)
    assert current_player(s) == 2
    s = play(s, Done(), Done())
    assert s.phase is Phase.PLAY
    assert current_player(s) == 1
    assert s.turn == 1


@pytest.mark.clause("GI-SETUP-4")
def test_the_first_player_starts_and_turns_go_clockwise() -> None:
    """Seat 2 starts when the setup says so; then seat 0 follows it in a three-seat game."""
    s = new_game(3, 1, options=OPTIONS, setup=Setup(first_player=2))
    assert current_player(s) == 2
    assert new_game(3, 1).turn == 0
    s = play(s, EndTurn())
    assert s.turn == 0


@pytest.mark.clause("GI-TEAM-1", "GI-TEAM-2")
def test_team_layouts_and_seating() -> None:
    """Each layout needs its number of players; alternate seating keeps teammates apart where it
    can, grouped seating puts them side by side."""
    def teams(n: int, layout: str, seating: str = "alternate") -> tuple[int, ...]:
        return seat_teams(n, Options(teams=layout, seating=seating))

    assert teams(4, "2v2") == (0, 1, 0, 1)
    assert teams(6, "3v3") == (0, 1, 0, 1, 0, 1)
    assert teams(6, "2v2v2") == (0, 1, 2, 0, 1, 2)
    assert teams(5, "2v3") == (1, 0, 1, 0, 1)
    assert teams(5, "2v3", "grouped") == (0, 0, 1, 1, 1)
    assert teams(3, "none") == (0, 1, 2)
    with pytest.raises(SetupError):
        new_game(5, 0, options=Options(teams="2v2"))


@pytest.mark.clause("GI-TEAM-3", "GI-END-5", "GI-END-2")
def test_a_team_wins_by_the_sum_of_its_members_scores() -> None:
    """At the end of a round, team 0 (seats 0 and 2: 8 + 13 = 21) reaches 20 and wins although seat
    1 has the highest single score."""
    opts = Options(components=TEST_SET, teams="2v2", target=20)
    s = table(4, scores=[8, 15, 13, 0], options=opts, turn=3)
    s = play(s, EndTurn())
    assert s.phase is Phase.OVER
    assert winners(s) == (0, 2)


@pytest.mark.clause("GI-END-4", "GI-END-2")
def test_the_game_ends_only_at_the_end_of_the_round() -> None:
    """Seat 0 reaching 20 does not end the game before seats 1 and 2 have played; a tie is shared."""
    s = table(scores=[20, 3, 20])
    s = play(s, EndTurn())
    assert s.phase is Phase.PLAY
    assert s.turn == 1
    s = play(s, EndTurn(), EndTurn())
    assert s.phase is Phase.OVER
    assert winners(s) == (0, 2)
    assert current_player(s) is None
    s = table(scores=[20, 3, 19], first_player=1, turn=0)
    s = play(s, EndTurn())
    assert s.phase is Phase.OVER
    assert winners(s) == (0,)


@pytest.mark.clause("GI-DRAW-1", "GI-DRAW-2")
def test_an_empty_deck_is_replaced_by_the_shuffled_discard_pile() -> None:
    """The refill draws the last card, then the whole discard pile becomes the deck (counted)."""
    pile = [c for c in TEST_SET.deck if c != "watch"][:40]
    rest = list((Counter(TEST_SET.deck) - Counter(pile) - Counter(["watch"])).elements())
    s = table(hands=[(), tuple(rest[:6]), tuple(rest[6:])], deck=["watch"], discard=pile)
    assert len(s.deck) == 1
    s = play(s, EndTurn())
    assert s.reshuffles == 1
    assert "watch" in s.hands[0]
    assert [len(h) for h in s.hands] == [6, 6, 6]
    assert len(s.deck) == 40 - 5 - 1 - 6
    assert s.discard == ()


@pytest.mark.clause("GI-DRAW-3", "GI-ZONE-4")
def test_with_deck_and_discard_empty_a_hand_stays_short() -> None:
    """Every card is held or on the table: the refill draws nothing and the turn still begins."""
    cards = list(TEST_SET.deck)
    s = table(hands=[(), tuple(cards[:30]), tuple(cards[30:])])
    assert s.deck == ()
    s = play(s, EndTurn())
    assert s.hands[0] == ()
    assert s.turn == 1
    assert s.reshuffles == 0


@pytest.mark.clause("GI-END-1", "GI-END-3")
def test_playing_for_reshuffles_ends_after_the_deck_runs_out_once_more() -> None:
    """With reshuffles=1 the game goes on after the first reshuffle and ends at the end of the round
    of the second."""
    opts = Options(components=TEST_SET, end="reshuffles", reshuffles=1)
    assert play(table(options=opts, reshuffles=1), EndTurn(), EndTurn(), EndTurn()).phase is not Phase.OVER
    over = play(table(options=opts, reshuffles=2, turn=2), EndTurn())
    assert over.phase is Phase.OVER
    assert winners(over) == (0, 1, 2)


@pytest.mark.clause("GI-END-3")
def test_a_deck_run_out_by_the_last_refill_of_the_round_ends_the_game() -> None:
    """After the last reshuffle played for, a deck emptied by the refill that closes the round
    has run out: the game ends then, not a round later when someone next draws."""
    opts = Options(components=TEST_SET, end="reshuffles", reshuffles=1)
    base = table(2, options=opts, reshuffles=1, turn=1)
    rest = base.deck[12:]  # the refill after seat 1's turn draws 6 + 6 from an empty-handed table
    s = attrs.evolve(base, deck=base.deck[:12], discard=tuple(sorted(rest)))
    over = play(s, EndTurn())
    assert over.deck == ()
    assert over.reshuffles == 1
    assert over.phase is Phase.OVER
    short = attrs.evolve(base, deck=base.deck[:13], discard=tuple(sorted(base.deck[13:])))
    assert play(short, EndTurn()).phase is Phase.PLAY


@pytest.mark.clause("GI-BOUND-1")
def test_the_house_rule_ends_the_game_after_the_round_limit() -> None:
    """The bound stops the game at the end of the last round; as written there is no bound."""
    opts = Options(components=TEST_SET, round_limit=2)
    s = table(options=opts)
    for _ in range(5):
        s = play(s, EndTurn())
    assert s.phase is Phase.PLAY
    assert s.round == 2
    s = play(s, EndTurn())
    assert s.phase is Phase.OVER
    with pytest.raises(SetupError):
        decision_bound(3, Options.as_written())
    assert decision_bound(3, opts) < decision_bound(3, Options(components=TEST_SET))


@pytest.mark.clause("GI-CARD-2")
def test_a_card_set_must_pass_the_validator_however_it_was_made() -> None:
    """A valid own set plays; a set edited past the validator (a card with no copies) is refused."""
    import attrs

    own = parse_components(TEST_SET.to_data())
    assert new_game(2, 0, options=Options(components=own)).hands
    broken = attrs.evolve(TEST_SET, cards=(attrs.evolve(TEST_SET.cards[0], copies=0), *TEST_SET.cards[1:]))
    with pytest.raises(SetupError):
        Options(components=broken)
