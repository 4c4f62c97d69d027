"""Readings offered as options (issue 12): the chrome bribe's launch, the empty-hand refill, the
round limit as a house rule; and corrupt states refused by check_state (issue 13)."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import gremlinrules
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import SetupError
from gremlinrules.no_good_gremlins import Bribe
from gremlinrules.no_good_gremlins import Build
from gremlinrules.no_good_gremlins import ChromeLaunch
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import Launch
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import State
from gremlinrules.no_good_gremlins import TakeScrap
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import check_state
from gremlinrules.no_good_gremlins import decision_bound
from gremlinrules.no_good_gremlins import fast
from gremlinrules.no_good_gremlins import is_terminal
from gremlinrules.no_good_gremlins import legal_actions
from gremlinrules.no_good_gremlins import new_game
from gremlinrules.no_good_gremlins import observe
from gremlinrules.no_good_gremlins import rules
from tests.no_good_gremlins.strategies import CH
from tests.no_good_gremlins.strategies import CO
from tests.no_good_gremlins.strategies import IR
from tests.no_good_gremlins.strategies import ST
from tests.no_good_gremlins.strategies import WO
from tests.no_good_gremlins.strategies import row
from tests.no_good_gremlins.strategies import table


@pytest.fixture(params=["fast", "reference"])
def book(request: pytest.FixtureRequest) -> Any:
    """The rules to play by: the fast path (the package's default) and the reference rule book,
    so each reading is tested on both."""
    return fast if request.param == "fast" else rules


def _clause(book: Any, action: object, state: State) -> str:
    with pytest.raises(IllegalActionError) as info:
        book.apply(state, action)
    return info.value.clause


def _opened(book: Any, hand: tuple[str, ...], pad: tuple[str, ...], options: Options | None = None) -> State:
    """Seat 0 holds the Wandering Gremlin and ``hand``; its turn opened by taking the scrapheap's
    one wood card (legal play from a stacked Setup)."""
    s = table(hands=(hand, ()), pads=(pad, ()), heap=("wood",), wanderer=0, options=options)
    opened: State = book.apply(s, TakeScrap())
    return opened


# --- NGG-BRIBE-8: the chrome launch, extra or the main action --------------------------------


@pytest.mark.clause("NGG-BRIBE-8", "NGG-BRIBE-7")
def test_chrome_launch_is_extra_by_default(book: Any) -> None:
    """By default a chrome launch leaves the main action: after launching a complete rocket the
    chrome launch is still offered, and the main action can still build afterwards."""
    s = _opened(book, ("chrome", "iron"), ("steel",) * 4 + ("copper",))
    s = book.apply(book.apply(s, Bribe(CH)), Launch(ST))
    assert s.mains == 0
    assert ChromeLaunch(CO) in book.legal_actions(s)
    s = book.apply(s, ChromeLaunch(CO))
    assert (s.chrome, s.medals[0]) == (0, row(steel=1, copper=1))


@pytest.mark.clause("NGG-BRIBE-8")
def test_chrome_launch_uses_the_main_action_under_the_option(book: Any) -> None:
    """Under chrome_launch="main" the chrome launch needs the main action and spends it: after a
    Launch or a build's first card it is refused (NGG-BRIBE-8); made first, it leaves no build."""
    main = Options(chrome_launch="main")
    s = book.apply(_opened(book, ("chrome",), ("steel",) * 4 + ("copper",), main), Bribe(CH))
    s = book.apply(s, Launch(ST))
    assert ChromeLaunch(CO) not in book.legal_actions(s)
    assert _clause(book, ChromeLaunch(CO), s) == "NGG-BRIBE-8"
    built = book.apply(book.apply(_opened(book, ("chrome", "iron"), ("copper",), main), Build(IR)), Bribe(CH))
    assert _clause(book, ChromeLaunch(CO), built) == "NGG-BRIBE-8"  # the build's first card spent it
    s = book.apply(_opened(book, ("chrome", "iron"), ("copper",), main), Bribe(CH))
    s = book.apply(s, ChromeLaunch(CO))
    assert (s.mains, s.open_build, s.chrome, s.medals[0]) == (0, 0, 0, row(copper=1))
    assert Build(IR) not in book.legal_actions(s)


# --- NGG-HAND-2: the empty-hand refill --------------------------------------------------------


@pytest.mark.clause("NGG-HAND-2")
def test_a_hand_refilled_by_a_bribe_draws_nothing_more_by_default(book: Any) -> None:
    """Paying the last card to an iron bribe empties the hand, and the bribe's draw refills it: by
    default the end of the turn finds cards in hand and draws nothing."""
    s = _opened(book, ("iron",), ())
    s = book.apply(book.apply(s, Build(WO)), Bribe(IR))
    assert sum(s.hands[0]) == 1
    after = book.apply(s, EndTurn())
    assert sum(after.hands[0]) == 1


@pytest.mark.clause("NGG-HAND-2")
def test_ever_empty_hand_draws_six_at_the_end_under_the_option(book: Any) -> None:
    """Under hand_refill="ever_empty" the same turn (the hand emptied by paying the iron bribe,
    refilled by its draw) ends with six more cards; a turn whose hand never empties draws none."""
    ever = Options(hand_refill="ever_empty")
    s = _opened(book, ("iron",), (), ever)
    s = book.apply(book.apply(s, Build(WO)), Bribe(IR))
    assert s.hand_emptied
    assert observe(s, 1).hand_emptied  # public, as hand sizes are
    deck = s.deck
    after = book.apply(s, EndTurn())
    assert sum(after.hands[0]) == 1 + 6
    assert after.deck == deck[6:]
    assert after.hands[1] == row()
    assert after.hand_emptied  # seat 1's turn begins with the empty hand its Setup gave it
    kept = book.apply(_opened(book, ("iron", "rust"), (), ever), EndTurn())
    assert kept.hands[0] == row(iron=1, rust=1, wood=1)
    s = table(hands=(("iron",), ("rust",)), heap=("wood",), wanderer=0, options=ever)
    s = book.apply(book.apply(book.apply(book.apply(s, TakeScrap()), Build(WO)), Bribe(IR)), EndTurn())
    assert sum(s.hands[0]) == 1 + 6
    assert not s.hand_emptied  # seat 1's turn begins with a card in hand: a fresh flag


@pytest.mark.clause("NGG-HAND-2")
def test_ever_empty_counts_a_hand_emptied_before_the_opening(book: Any) -> None:
    """With free actions before the opening, a wood bribe pays the last card, the take refills
    the hand; under hand_refill="ever_empty" the turn still ends with six drawn, by default not."""
    def turn(options: Options) -> int:
        s = table(hands=(("wood",), ()), heap=("rust",), wanderer=0, options=options)
        s = book.apply(book.apply(book.apply(s, Bribe(WO)), TakeScrap()), EndTurn())
        return sum(s.hands[0])

    assert turn(Options(free_actions_before_opening=True)) == 1
    assert turn(Options(free_actions_before_opening=True, hand_refill="ever_empty")) == 7


# --- NGG-END-3: the round limit is a house rule -----------------------------------------------


@pytest.mark.clause("NGG-END-3")
def test_as_written_has_no_round_limit(book: Any) -> None:
    """Options.as_written() turns the house rule off: past round_limit rounds no finale begins,
    and decision_bound refuses (there is none); the default stops at the limit."""
    written = Options.as_written(round_limit=1)
    assert (written.bounded, Options().bounded) == (False, True)
    with pytest.raises(SetupError):
        decision_bound(2, written)

    def one_round(options: Options) -> State:
        s = table(hands=(("rust",), ("rust",)), heap=("wood", "iron"), options=options)
        for _ in range(2):  # each seat takes and ends: one round
            s = book.apply(book.apply(s, TakeScrap()), EndTurn())
        return s

    bounded = one_round(Options(round_limit=1))
    assert bounded.finale
    assert bounded.final_turn
    unbounded = one_round(written)
    assert not unbounded.finale
    assert unbounded.round == 2
    check_state(unbounded)


# --- issue 13: corrupt states refused, naming the field ---------------------------------------


@pytest.mark.clause("NGG-ZONE-1", "NGG-END-3")
@pytest.mark.parametrize(("field", "value"), [
    ("mains", 10**6), ("builds", 10**6), ("chrome", 10**6), ("round", 150), ("round", 10**18),
    ("open_build", 2), ("final_turns", 9), ("chrome", 1), ("no_eat", True), ("hand_emptied", True),
])
def test_check_state_names_a_counter_out_of_reach(field: str, value: Any) -> None:
    """A counter no play can reach (issue 13: mains, builds or chrome of a million, round 150
    under round limit 100; a chrome launch or wood bribe never paid for) is refused, and the
    message names the field; through JSON too."""
    s = new_game(2, 4)
    check_state(s)
    bad = attrs.evolve(s, **{field: value})
    with pytest.raises(GremlinRulesError, match=field):
        check_state(bad)
    game = gremlinrules.get_game("no-good-gremlins")
    data = game.to_data(s)
    data[field] = value
    with pytest.raises(GremlinRulesError):
        game.from_data(data, game.State)


@pytest.mark.clause("NGG-END-3")
def test_options_without_a_constructor_are_refused() -> None:
    """decision_bound, all_actions and new_game refuse an Options made without __init__."""
    hollow = object.__new__(Options)
    for call in (lambda: decision_bound(2, hollow), lambda: new_game(2, options=hollow),
                 lambda: gremlinrules.get_game("no-good-gremlins").all_actions(2, hollow)):
        with pytest.raises(SetupError):
            call()


@pytest.mark.clause("NGG-END-2")
def test_random_games_under_as_written_options_reach_their_end() -> None:
    """Without the round limit random games still end (the deck runs out), never stuck."""
    for seed in range(6):
        s = new_game(2 + seed % 4, seed, options=Options.as_written(free_actions_before_opening=True))
        for step in range(20_000):
            if is_terminal(s):
                break
            legal = legal_actions(s)
            assert legal
            s = apply(s, legal[(seed * 7919 + step * 31) % len(legal)])
        assert is_terminal(s)


@pytest.mark.clause("NGG-ZONE-1")
def test_check_state_refuses_a_hollow_or_mistyped_state() -> None:
    """A State made without its constructor, or with a field of the wrong kind, is refused with
    the library's error, never an AttributeError or TypeError."""
    with pytest.raises(GremlinRulesError, match="malformed"):
        check_state(object.__new__(State))
    s = new_game(3, 1)
    for change in ({"removed": 5}, {"deck": None}, {"round": "7"}, {"threat": (None,)}):
        with pytest.raises(GremlinRulesError):
            check_state(attrs.evolve(s, **change))
