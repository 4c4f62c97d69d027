"""The Wandering Gremlin (NGG-WANDER-1..6)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gremlinrules import InvalidArgumentError
from gremlinrules import get_game
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.rng import Rng
from gremlinrules.no_good_gremlins import ALL_ACTIONS
from gremlinrules.no_good_gremlins import AWAY
from gremlinrules.no_good_gremlins import GAME_ID as NGG
from gremlinrules.no_good_gremlins import Bribe
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import Feed
from gremlinrules.no_good_gremlins import Launch
from gremlinrules.no_good_gremlins import Material
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import Phase
from gremlinrules.no_good_gremlins import Setup
from gremlinrules.no_good_gremlins import State
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import check_state
from gremlinrules.no_good_gremlins import current_player
from gremlinrules.no_good_gremlins import decision_bound
from gremlinrules.no_good_gremlins import is_legal
from gremlinrules.no_good_gremlins import is_terminal
from gremlinrules.no_good_gremlins import legal_actions
from gremlinrules.no_good_gremlins import new_game
from gremlinrules.no_good_gremlins import observe
from gremlinrules.no_good_gremlins import validate_components
from gremlinrules.no_good_gremlins.frames import MealChoice
from tests.no_good_gremlins.strategies import CH
from tests.no_good_gremlins.strategies import CHROME
from tests.no_good_gremlins.strategies import IRON
from tests.no_good_gremlins.strategies import ST
from tests.no_good_gremlins.strategies import WO
from tests.no_good_gremlins.strategies import main_phase
from tests.no_good_gremlins.strategies import player_counts
from tests.no_good_gremlins.strategies import playout
from tests.no_good_gremlins.strategies import row
from tests.no_good_gremlins.strategies import seeds
from tests.no_good_gremlins.strategies import table

CHOOSE = Options(wanderer_tie="holder_chooses")
FLAT = validate_components(attrs.evolve(table().components, medal_values=(2, 2, 2, 2, 2, 2)))
"""Every type worth the same: any two rockets on a pad tie for the highest medal value."""


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


def _ending(pad: tuple[str, ...], options: Options = CHOOSE) -> State:
    """Seat 0 of two holds the Wandering Gremlin and ``pad`` under FLAT values, about to end its turn."""
    return main_phase(table(hands=(("rust",), ("rust",)), pads=(pad, ()), wanderer=0, components=FLAT,
                            options=options))


@pytest.mark.clause("NGG-WANDER-5")
def test_the_holder_chooses_among_tied_rockets_under_the_option() -> None:
    """With wanderer_tie="holder_chooses", ending the turn with rockets tied for the highest
    value stops at a Feed decision, one per tied type; EndTurn and free actions are over; the
    fed card leaves the game and the turn passes as usual."""
    s = apply(_ending(("rust", "iron", "iron")), EndTurn())
    assert s.phase is Phase.MAIN
    feed = MealChoice(0, among=(Material.RUST, Material.IRON))
    assert s.stack == (feed,)
    assert (s.turn, current_player(s)) == (0, 0)
    assert legal_actions(s) == (Feed(Material.RUST), Feed(Material.IRON))
    for refused in (EndTurn(), Bribe(Material.RUST), Feed(Material.CHROME)):
        with pytest.raises(IllegalActionError, match="NGG-WANDER-5"):
            apply(s, refused)
    fed = apply(s, Feed(Material.RUST))  # the smaller rocket, which the default would spare
    assert fed.pads[0] == row(iron=2)
    assert fed.removed == row(rust=1)
    assert (fed.turn, fed.phase, fed.wanderer, fed.stack) == (1, Phase.OPENING, 0, ())


@pytest.mark.clause("NGG-WANDER-5", "NGG-WANDER-3", "NGG-WANDER-4")
@given(sizes=st.lists(st.integers(0, 3), min_size=6, max_size=6).filter(lambda r: 6 - r.count(0) <= 3),
       values=st.lists(st.integers(1, 3), min_size=6, max_size=6))
def test_each_feed_eats_one_card_of_a_tied_type_and_no_tie_means_no_choice(sizes: list[int],
                                                                         values: list[int]) -> None:
    """For any pad of at most three rockets and any medal values: under holder_chooses, ending the
    turn asks for a Feed exactly when two or more rockets tie for the highest value, offering
    exactly those types; each Feed removes one card of its type and nothing else, sending the
    gremlin on only when the pad is then empty. Without a tie the option changes nothing."""
    comps = validate_components(attrs.evolve(FLAT, medal_values=tuple(values)))
    base = main_phase(table(hands=(("rust",), ("rust",)), wanderer=0, components=comps))
    pad = tuple(sizes)
    chooser = attrs.evolve(base, pads=(pad, base.pads[1]), options=CHOOSE)
    default = attrs.evolve(chooser, options=Options())
    held = [t for t in range(6) if pad[t]]
    top = max((values[t] for t in held), default=0)
    tied = [t for t in held if values[t] == top]
    ended = apply(chooser, EndTurn())
    if len(tied) < 2:
        assert attrs.evolve(ended, options=Options()) == apply(default, EndTurn())
        return
    assert type(ended.stack[-1]) is MealChoice
    assert ended.stack[-1].among == tuple(list(Material)[t] for t in tied)
    assert [a.material for a in legal_actions(ended)] == [list(Material)[t] for t in tied]
    for t in tied:
        fed = apply(ended, Feed(list(Material)[t]))
        assert fed.pads[0] == tuple(k - (i == t) for i, k in enumerate(pad))
        assert fed.removed == tuple(int(i == t) for i in range(6))
        assert fed.wanderer == (1 if not any(fed.pads[0]) else 0)
        assert fed.turn == 1


@pytest.mark.playout
@pytest.mark.clause("NGG-WANDER-5")
@given(players=player_counts, seed=seeds)
def test_with_the_reference_cards_the_option_never_asks(players: int, seed: int) -> None:
    """The reference medal values all differ, so no two rockets ever tie: a random game under
    holder_chooses never reaches the Feed decision and plays exactly like the default."""
    game = playout(players, seed, CHOOSE)
    replay = attrs.evolve(game[0][0], options=Options())
    for state, action in game[:-1]:
        assert not state.stack
        assert attrs.evolve(state, options=Options()) == replay
        replay = apply(replay, action)
    assert attrs.evolve(game[-1][0], options=Options()) == replay


@pytest.mark.clause("NGG-WANDER-5", "NGG-TURN-1")
def test_a_pending_feed_is_a_whole_state() -> None:
    """A state waiting for the holder's Feed passes the consistency check, round-trips through
    JSON (state, actions, every seat's view), and agrees is_legal with legal_actions for all
    45 actions; each legal one applies to a consistent state, each other one is refused citing
    the clause; the same frame without a tie is refused as inconsistent."""
    game = get_game(NGG)
    s = apply(_ending(("rust", "iron", "iron")), EndTurn())
    check_state(s)
    assert game.from_json(game.to_json(s), State) == s
    for action in ALL_ACTIONS:
        assert is_legal(s, action) == (action in legal_actions(s))
        assert game.from_json(game.to_json(action), game.Action) == action
        if is_legal(s, action):
            check_state(apply(s, action))
        else:
            with pytest.raises(IllegalActionError, match="NGG-WANDER-5"):
                apply(s, action)
    for seat in range(2):
        view = observe(s, seat)
        assert game.from_json(game.to_json(view), game.View) == view
        assert view.phase is Phase.MAIN
        assert view.pending == s.stack[-1]
    untied = attrs.evolve(FLAT, medal_values=(1, 2, 3, 4, 5, 6))
    with pytest.raises(InvalidArgumentError, match="pending decision the rules cannot ask"):
        check_state(attrs.evolve(s, components=untied, options=attrs.evolve(s.options, components=untied)))


def _choosing_game(players: int, seed: int) -> int:
    """Play a random game where every type is worth the same, the Wandering Gremlin starts with
    seat 0 and its holder chooses, checking the contract at every step; return the Feed count."""
    game = get_game(NGG)
    s = new_game(players, seed, options=attrs.evolve(CHOOSE, components=FLAT), setup=Setup(wanderer=0))
    rng = Rng.from_seed(seed)
    steps = feeds = 0
    while not is_terminal(s):
        legal = legal_actions(s)
        assert [a for a in ALL_ACTIONS if is_legal(s, a)] == list(legal)
        if s.stack or steps % 16 == 0:
            check_state(s)
            assert game.from_json(game.to_json(s), State) == s
        feeds += bool(s.stack)
        action, rng = rng.choice(legal)
        s = apply(s, action)
        steps += 1
        assert steps <= decision_bound(players, s.options)
    return feeds


@pytest.mark.playout
@pytest.mark.clause("NGG-WANDER-5", "NGG-END-2")
@given(players=player_counts, seed=seeds)
def test_random_games_with_the_holders_choice_keep_the_contract(players: int, seed: int) -> None:
    """Random games where every type is worth the same, the Wandering Gremlin starts with seat 0
    and its holder chooses: in every state legal_actions agrees with is_legal over all 45
    actions, the states checked (every Feed decision, every 16th step) are consistent and
    round-trip through JSON, and the game ends within its decision bound."""
    _choosing_game(players, seed)


@pytest.mark.playout
@pytest.mark.clause("NGG-WANDER-5")
def test_the_holders_choice_comes_up_in_random_games() -> None:
    """The property above is not vacuous: in random 2-player games from seeds 0-4 under those
    conditions, the holder is asked to Feed the Wandering Gremlin."""
    assert sum(_choosing_game(2, seed) for seed in range(5)) > 0
