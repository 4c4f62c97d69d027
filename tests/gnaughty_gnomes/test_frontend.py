"""Gnaughty Gnomes' side of the frontend contract: the readable view, the spectator, the events'
content, the labels' wording and the text notation's examples."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules import IllegalActionError
from gremlinrules import SerializationError
from gremlinrules import get_game
from gremlinrules.core import serial
from gremlinrules.gnaughty_gnomes import ACTIONS
from gremlinrules.gnaughty_gnomes import REFERENCE_RULES
from gremlinrules.gnaughty_gnomes import Card
from gremlinrules.gnaughty_gnomes import CardFlipped
from gremlinrules.gnaughty_gnomes import CardPlayed
from gremlinrules.gnaughty_gnomes import Colour
from gremlinrules.gnaughty_gnomes import Dealt
from gremlinrules.gnaughty_gnomes import Flip
from gremlinrules.gnaughty_gnomes import GameEnded
from gremlinrules.gnaughty_gnomes import GnomePlaced
from gremlinrules.gnaughty_gnomes import Phase
from gremlinrules.gnaughty_gnomes import Place
from gremlinrules.gnaughty_gnomes import Play
from gremlinrules.gnaughty_gnomes import PlayX
from gremlinrules.gnaughty_gnomes import Revealed
from gremlinrules.gnaughty_gnomes import State
from gremlinrules.gnaughty_gnomes import TrickCleared
from gremlinrules.gnaughty_gnomes import TrickWon
from gremlinrules.gnaughty_gnomes import action_label
from gremlinrules.gnaughty_gnomes import apply
from gremlinrules.gnaughty_gnomes import apply_with_events
from gremlinrules.gnaughty_gnomes import dealt
from gremlinrules.gnaughty_gnomes import legal_actions
from gremlinrules.gnaughty_gnomes import new_game
from gremlinrules.gnaughty_gnomes import observe
from gremlinrules.gnaughty_gnomes import observe_event
from gremlinrules.gnaughty_gnomes import parse_action
from gremlinrules.gnaughty_gnomes import sample_hidden
from gremlinrules.gnaughty_gnomes import scores
from gremlinrules.gnaughty_gnomes import winners
from gremlinrules.gnaughty_gnomes.flow import position_to_act
from tests.gnaughty_gnomes.strategies import play_until
from tests.gnaughty_gnomes.strategies import states

RED = Colour.RED


# --- The view --------------------------------------------------------------------------------

@pytest.mark.clause("GG-VIEW-1")
@given(state=states(), k=st.integers(0, 2**32))
def test_the_spectator_sees_the_table_and_no_hand(state: State, k: int) -> None:
    """Property: the spectator's view holds no hand, the public table as every seat sees it, and
    is unchanged when any seat's hidden cards are redealt."""
    spectator = observe(state, None)
    assert spectator.seat is None
    assert spectator.hand is None
    assert get_game("gnaughty-gnomes").to_data(spectator)["hand"] is None
    seat_view = observe(state, 0)
    for name in ("face_up", "face_down", "hand_sizes", "gnomes", "plays", "history", "scores", "pending"):
        assert getattr(spectator, name) == getattr(seat_view, name)
    for p in range(state.players):
        assert observe(sample_hidden(state, p, k), None) == spectator


@pytest.mark.clause("GG-VIEW-1", "GG-SCORE-1")
@given(state=states())
def test_the_views_top_level_is_readable(state: State) -> None:
    """Property: the view's uniform fields say who decides, the pending placement frame, the
    per-seat scores and the winners; an open spot is null in the JSON, never a negative number."""
    view = observe(state, 0)
    assert view.scores == scores(state)
    assert view.winners == winners(state)
    assert view.options == state.options
    assert view.pending == (state.stack[-1] if state.stack else None)
    assert view.position_to_act == (None if state.phase is Phase.OVER else position_to_act(state))
    data = get_game("gnaughty-gnomes").to_data(view)
    assert data["phase"] in ("play", "over")
    assert [g is None for g in data["gnomes"]] == [g is None for g in state.gnomes]
    assert all(g in (None, 0, 1) for g in data["gnomes"])


def test_a_new_garden_is_all_null_in_json() -> None:
    """Every spot of a new game's garden is open: null in the state's JSON text."""
    text = get_game("gnaughty-gnomes").to_json(new_game(4, 3))
    gnomes = serial.loads(text)["gnomes"]
    assert gnomes == [None] * 92


# --- Events ----------------------------------------------------------------------------------

def _events_of_game(players: int, seed: int) -> tuple[list[Any], State, State]:
    start = new_game(players, seed)
    state, rnd = start, random.Random(seed)
    events: list[Any] = []
    while state.phase is not Phase.OVER:
        legal = legal_actions(state)
        state, new = apply_with_events(state, legal[rnd.randrange(len(legal))])
        events.extend(new)
    return events, start, state


@pytest.mark.playout
@pytest.mark.clause("GG-PLACE-1", "GG-SCORE-1", "GG-CLEAN-1", "GG-CLEAN-3", "GG-END-1")
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 4]))
def test_a_games_events_account_for_every_card_point_and_trick(seed: int, players: int) -> None:
    """Property: over a whole game, the events hold 32 cards played, 8 tricks won and cleared
    (the winner first in the turn order), one placement or flip per turn-order card, points
    that add up to the final team scores, and one GameEnded at the very end with the scores
    and winners."""
    events, _, end = _events_of_game(players, seed)
    kinds = [type(e) for e in events]
    assert kinds.count(CardPlayed) == 32
    assert kinds.count(TrickWon) == kinds.count(TrickCleared) == 8
    assert kinds.count(GnomePlaced) + kinds.count(CardFlipped) == 32
    assert kinds[-1] is GameEnded
    assert kinds.count(GameEnded) == 1
    won = [e for e in events if isinstance(e, TrickWon)]
    assert [e.trick for e in won] == list(range(1, 9))
    assert all(e.winner == e.turn_order[0] and e.team == e.winner % 2 for e in won)
    totals = [0, 0]
    for e in events:
        if isinstance(e, TrickWon | GnomePlaced):
            totals[e.team] += e.points
    assert tuple(totals) == end.team_scores
    cleared = [e for e in events if isinstance(e, TrickCleared)]
    assert cleared[-1].team_scores == end.team_scores
    assert cleared[-1].track == end.track
    last = events[-1]
    assert isinstance(last, GameEnded)
    assert last.scores == scores(end)
    assert last.winners == winners(end)
    assert sum(map(len, last.left)) == 4


@pytest.mark.playout
@pytest.mark.clause("GG-2P-4")
@given(seed=st.integers(0, 2**32))
def test_every_revealed_card_was_face_down_under_a_played_one(seed: int) -> None:
    """Property: with two players, each Revealed event names a dummy's pile whose face-down
    card it shows, and the cards revealed plus those still face down at the end are the eight
    dealt face down."""
    events, start, end = _events_of_game(2, seed)
    downs = {(pos, i): d for pos in (2, 3) for i, (d, _) in enumerate(start.piles[pos])}
    revealed = [e for e in events if isinstance(e, Revealed)]
    assert all(downs[e.position, e.pile] is e.card for e in revealed)
    still_down = sum(d is not None for pos in (2, 3) for d, _ in end.piles[pos])
    assert len(revealed) + still_down == 8


def test_one_play_gives_the_card_played_with_its_declared_rank() -> None:
    """Playing an X card gives a CardPlayed with the declared rank and high/low, for the
    position to act and its seat."""
    state = new_game(4, 5)
    pos = position_to_act(state)
    x_play = next(a for a in legal_actions(state) if isinstance(a, PlayX) and a.rank == 3 and a.high)
    after, events = apply_with_events(state, x_play)
    assert after == apply(state, x_play)
    assert events == (CardPlayed(pos, pos, Card(x_play.suit, 0), 3, True),)


@pytest.mark.clause("GG-VIEW-1", "GG-2P-2")
@pytest.mark.parametrize("players", [2, 4])
def test_a_seat_sees_its_own_dealt_hand_and_counts_of_the_others(players: int) -> None:
    """The deal as events: each seat sees its own hand; of another position only the count; a
    dummy's face-up cards are public and its face-down cards only counted; the spectator sees
    no hand."""
    state = new_game(players, 11)
    deal = dealt(state)
    assert [d.position for d in deal] == [0, 1, 2, 3]
    for seat in (*range(players), None):
        for d in deal:
            seen = observe_event(d, seat)
            assert isinstance(seen, Dealt)
            if players == 2 and d.position >= 2:
                assert seen == d
                assert seen.held == ()
                assert len(seen.face_up) == 5
                assert seen.face_down == 4
            elif d.position == seat:
                assert seen.held == state.hands[seat]
            else:
                assert seen.held is None
                assert seen.held_count == 9


def test_placement_events_name_the_placer_and_the_points() -> None:
    """A placement's event names the seat, position and turn-order place of the frame, the card's
    colour, the spot, and the points the team's score rose by."""
    state = play_until(new_game(4, 8), random.Random(1), lambda s: bool(s.stack))
    frame = state.stack[-1]
    action = next(a for a in legal_actions(state) if isinstance(a, Place))
    after, events = apply_with_events(state, action)
    placed = events[0]
    assert isinstance(placed, GnomePlaced)
    assert (placed.seat, placed.suit, placed.spot) == (frame.seat, action.suit, action.spot)
    assert placed.position == frame.position
    assert placed.place == frame.place == 1
    assert placed.points == after.team_scores[placed.team] - state.team_scores[placed.team]


def test_observe_event_refuses_what_is_not_an_event() -> None:
    """Anything but an event of the game, or a seat that is no seat, is refused clearly."""
    with pytest.raises(ValueError, match="not a Gnaughty Gnomes event"):
        observe_event("dealt", 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        observe_event(dealt(new_game(4, 1))[0], -1)


# --- Labels ----------------------------------------------------------------------------------

def test_labels_read_as_a_player_says_them() -> None:
    """The labels of each kind of action, with their message keys and parameters."""
    view = observe(new_game(4, 2), 0)
    play = action_label(view, Play(Card(RED, 6)))
    assert (play, play.key) == ("Play the red 6", "gg.action.play")
    assert dict(play.params) == {"suit": "red", "rank": 6}
    x = action_label(view, PlayX(RED, 3, True))
    assert (x, x.key, x.params["declared"]) == ("Play the red X as a high 3", "gg.action.play-x", "high")
    assert action_label(view, PlayX(RED, 8, False)) == "Play the red X as a low 8"
    place = action_label(view, Place(Colour.BLACK, 14))
    assert (place, place.key) == ("Place a gnome on spot 14 with the black card", "gg.action.place")
    assert action_label(view, Flip(Colour.ORANGE)) == "Flip the orange card without placing a gnome"


def test_a_dummys_play_says_so() -> None:
    """With two players, a card played for the dummy is labelled as played from the dummy."""
    state = play_until(new_game(2, 4), random.Random(0), lambda s: position_to_act(s) >= 2 and not s.stack)
    label = action_label(observe(state, position_to_act(state) % 2), legal_actions(state)[0])
    assert label.endswith("from the dummy")
    assert label.key.startswith("gg.action.play")


def test_labels_refuse_what_is_not_an_action() -> None:
    """A label of something that is none of the game's actions is refused with a short message."""
    with pytest.raises(ValueError, match="not a Gnaughty Gnomes action"):
        action_label(observe(new_game(4, 2), 0), "x" * 10_000)


# --- Notation --------------------------------------------------------------------------------

@pytest.mark.clause("GG-ACT-1")
@pytest.mark.parametrize(("action", "text"), [
    (Play(Card(RED, 6)), "play red 6"),
    (PlayX(Colour.PURPLE, 3, True), "play purple X 3 high"),
    (PlayX(Colour.BLACK, 8, False), "play black X 8 low"),
    (Place(Colour.ORANGE, 14), "place orange 14"),
    (Flip(RED), "flip red"),
])
def test_the_notation_examples(action: Any, text: str) -> None:
    """The documented notation of each kind of action, read back to the same action."""
    assert str(action) == text
    assert parse_action(text) == action
    assert any(parse_action(text) is a for a in ACTIONS)  # the interned action


def test_the_notation_is_read_in_any_case_and_spacing() -> None:
    """Words may be separated by any whitespace and written in any case."""
    assert parse_action("  PLAY  Red x 3\thigh ") == PlayX(RED, 3, True)
    assert parse_action("Place Black 91") == Place(Colour.BLACK, 91)


@pytest.mark.parametrize("text", ["play red 9", "play red X 9 high", "play red 0", "place red 92",
                                  "flip white", "play white 3", "play red X 3", "pass", "place red -1"])
def test_text_naming_no_action_is_refused(text: str) -> None:
    """Notation for no action of the game (a rank, spot or colour out of range, missing words)
    raises SerializationError."""
    with pytest.raises(SerializationError):
        parse_action(text)


def test_every_action_has_its_own_notation() -> None:
    """All 468 actions have distinct notations."""
    assert len({str(a) for a in ACTIONS}) == len(ACTIONS) == 468


# --- Error messages --------------------------------------------------------------------------

@pytest.mark.clause("GG-PLACE-7", "GG-PLAY-1")
def test_refusals_that_name_a_value_carry_a_message_key_and_params() -> None:
    """A refusal naming a spot or a card carries a gg.illegal.* key and the values it names, by
    the fast path and the reference rules alike."""
    state = play_until(new_game(4, 8), random.Random(1), lambda s: bool(s.stack))
    first = next(a for a in legal_actions(state) if isinstance(a, Place))
    state = apply(state, first)
    again = next((a for a in ACTIONS if isinstance(a, Place) and a.spot == first.spot
                  and a.suit in {p.card.suit for p, used in zip(state.plays, state.flipped, strict=True)
                                 if not used}), None)
    assert again is not None
    for rules_apply in (apply, REFERENCE_RULES.apply):
        with pytest.raises(IllegalActionError) as info:
            rules_apply(state, again)
        assert (info.value.key, info.value.clause) == ("gg.illegal.spot-taken", "GG-PLACE-7")
        assert info.value.params == {"spot": first.spot}
    fresh = new_game(4, 8)
    held = set(fresh.hands[position_to_act(fresh)])
    other = next(a for a in ACTIONS if isinstance(a, Play) and a.card not in held)
    with pytest.raises(IllegalActionError) as info:
        apply(fresh, other)
    assert info.value.key == "gg.illegal.not-held"
    assert info.value.params == {"position": position_to_act(fresh), "card": str(other.card)}
