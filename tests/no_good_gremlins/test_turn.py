"""The turn: opening, building, launching, free actions, the hand."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.no_good_gremlins import REFERENCE
from gremlinrules.no_good_gremlins import Bribe
from gremlinrules.no_good_gremlins import Build
from gremlinrules.no_good_gremlins import Discard
from gremlinrules.no_good_gremlins import DrawTwo
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import Launch
from gremlinrules.no_good_gremlins import Material
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import Phase
from gremlinrules.no_good_gremlins import Scrap
from gremlinrules.no_good_gremlins import TakeScrap
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import decision_bound
from gremlinrules.no_good_gremlins import is_legal
from gremlinrules.no_good_gremlins import is_terminal
from gremlinrules.no_good_gremlins import legal_actions
from gremlinrules.no_good_gremlins import scores
from tests.no_good_gremlins.strategies import CH
from tests.no_good_gremlins.strategies import CHROME
from tests.no_good_gremlins.strategies import CO
from tests.no_good_gremlins.strategies import IR
from tests.no_good_gremlins.strategies import IRON
from tests.no_good_gremlins.strategies import RU
from tests.no_good_gremlins.strategies import RUST
from tests.no_good_gremlins.strategies import ST
from tests.no_good_gremlins.strategies import STEEL
from tests.no_good_gremlins.strategies import WO
from tests.no_good_gremlins.strategies import main_phase
from tests.no_good_gremlins.strategies import row
from tests.no_good_gremlins.strategies import table


def _clause(action: object, state: object) -> str:
    with pytest.raises(IllegalActionError) as info:
        apply(state, action)  # type: ignore[arg-type]
    return info.value.clause


@pytest.mark.clause("NGG-TURN-1")
def test_opening_offers_draw_or_take_only() -> None:
    """A turn opens with DrawTwo or TakeScrap; nothing else until then."""
    s = table(hands=(("iron",) * 3, ("rust",)), heap=("wood",))
    assert legal_actions(s) == (DrawTwo(), TakeScrap())
    assert _clause(Build(IR), s) == "NGG-TURN-1"
    assert _clause(EndTurn(), s) == "NGG-TURN-1"
    empty_heap = table(hands=(("iron",), ("rust",)))
    assert legal_actions(empty_heap) == (DrawTwo(),)


@pytest.mark.clause("NGG-TURN-1", "NGG-TURN-2")
def test_draw_two_then_discard_one() -> None:
    """DrawTwo takes the deck's top two cards; then one hand card goes on top of the heap."""
    s = table(hands=(("iron",), ("rust",)), deck=("chrome", "steel"), heap=("wood",))
    s = apply(s, DrawTwo())
    assert s.phase is Phase.DISCARD
    assert s.hands[0] == row(iron=1, steel=1, chrome=1)
    assert legal_actions(s) == (Discard(IR), Discard(ST), Discard(CH))
    assert _clause(Discard(RU), s) == "NGG-TURN-2"
    s = apply(s, Discard(CH))
    assert s.scrapheap == (1, CHROME)
    assert s.hands[0] == row(iron=1, steel=1)
    assert s.phase is Phase.MAIN
    assert _clause(DrawTwo(), s) == "NGG-TURN-1"


@pytest.mark.clause("NGG-TURN-3")
def test_take_needs_a_scrapheap() -> None:
    """TakeScrap moves the top card and its matches into the hand; an empty heap refuses it."""
    s = table(hands=(("iron",), ("rust",)), heap=("rust", "iron", "iron"))
    s = apply(s, TakeScrap())
    assert s.hands[0] == row(iron=3)
    assert s.scrapheap == (RUST,)
    assert _clause(TakeScrap(), table(hands=(("iron",), ("rust",)))) == "NGG-TURN-3"


@pytest.mark.clause("NGG-TURN-4")
@pytest.mark.parametrize(("take", "hand", "rest"), [
    ("all", 3, (RUST, STEEL)),
    ("run", 2, (IRON, RUST, STEEL)),
])
def test_take_all_matches_or_run(take: str, hand: int, rest: tuple[int, ...]) -> None:
    """Default takes every card matching the top; scrap_take="run" only the unbroken run."""
    s = table(hands=((), ("rust",)), heap=("iron", "rust", "steel", "iron", "iron"),
              options=Options(scrap_take=take))
    s = apply(s, TakeScrap())
    assert s.hands[0][IRON] == hand
    assert s.scrapheap == rest


@pytest.mark.clause("NGG-TURN-5")
def test_end_turn_passes_left() -> None:
    """EndTurn is explicit, and the next seat opens its turn."""
    s = table(3, hands=(("iron",), ("rust",), ("wood",)), heap=("wood",))
    s = apply(s, TakeScrap())
    assert EndTurn() in legal_actions(s)
    s = apply(s, EndTurn())
    assert (s.turn, s.phase) == (1, Phase.OPENING)


@pytest.mark.clause("NGG-TURN-6")
def test_one_main_action_build_two_cards() -> None:
    """A build action is two Build decisions; then no main action is left."""
    s = main_phase(table(hands=(("iron",) * 2 + ("rust",) * 2, ()), pads=(("iron",) * 6, ())))
    s = apply(s, Build(IR))
    assert (s.mains, s.open_build) == (0, 1)
    s = apply(s, Build(RU))
    assert s.pads[0] == row(iron=7, rust=1)
    assert _clause(Build(IR), s) == "NGG-TURN-6"
    assert _clause(Launch(IR), s) == "NGG-TURN-6"
    assert legal_actions(s) == (Scrap(RU), Scrap(IR), EndTurn())


@pytest.mark.clause("NGG-TURN-6")
def test_launch_is_the_main_action_and_closes_a_build() -> None:
    """Launching uses the main action; after a launch no build action is open."""
    s = main_phase(table(hands=(("iron",) * 2, ()), pads=(("iron",) * 6, ())))
    s = apply(s, Launch(IR))
    assert s.mains == 0
    assert _clause(Build(IR), s) == "NGG-TURN-6"
    built = apply(main_phase(table(hands=(("iron",) * 2, ()), pads=(("iron",) * 5, ()))), Build(IR))
    assert built.open_build == 1
    launched = apply(attrs.evolve(built, mains=1), Launch(IR))  # a second main (steel bribe)
    assert launched.open_build == 0
    assert _clause(Build(IR), launched) == "NGG-TURN-6"


@pytest.mark.clause("NGG-TURN-6")
def test_free_actions_keep_a_build_open() -> None:
    """A scrap between the two cards of a build leaves the second card available."""
    s = main_phase(table(hands=(("iron", "rust"), ()), pads=(("wood",), ())))
    s = apply(s, Build(IR))
    s = apply(s, Scrap(Material.WOOD))
    assert s.open_build == 1
    s = apply(s, Build(RU))
    assert s.pads[0] == row(rust=1, iron=1)


@pytest.mark.clause("NGG-BUILD-1")
def test_build_stacks_by_type() -> None:
    """Each card goes onto its type's rocket; a second build adds to it."""
    s = main_phase(table(hands=(("iron",) * 3, ()), pads=(("iron",), ())))
    s = apply(apply(s, Build(IR)), Build(IR))
    assert s.pads[0] == row(iron=3)
    assert s.hands[0] == row(iron=1)
    assert _clause(Build(CO), main_phase(s, mains=1)) == "NGG-BUILD-1"


@pytest.mark.clause("NGG-BUILD-2")
def test_three_rockets_at_most() -> None:
    """With three rockets on the pad a fourth type is refused; existing ones may grow."""
    s = main_phase(table(hands=(("chrome", "iron"), ()), pads=(("iron", "rust", "wood"), ())))
    assert _clause(Build(CH), s) == "NGG-BUILD-2"
    assert Build(CH) not in legal_actions(s)
    assert is_legal(s, Build(IR))
    freed = apply(s, Scrap(RU))
    assert is_legal(freed, Build(CH))


@pytest.mark.clause("NGG-LAUNCH-1")
def test_only_complete_rockets_launch() -> None:
    """A rocket below its launch cost cannot launch; at the cost it can."""
    s = main_phase(table(hands=((), ()), pads=(("iron",) * 4 + ("steel",) * 4, ())))
    with pytest.raises(IllegalActionError, match="Iron rocket needs 6 cards to launch; it has 4"):
        apply(s, Launch(IR))
    assert legal_actions(s) == (Launch(ST), Scrap(IR), Scrap(ST), EndTurn())


@pytest.mark.clause("NGG-LAUNCH-2")
@pytest.mark.parametrize(("size", "medals"), [(4, 1), (5, 2), (7, 4)])
def test_launch_medals_and_removed(size: int, medals: int) -> None:
    """One medal plus one per card over the cost; the other cards leave the game."""
    s = main_phase(table(hands=((), ()), pads=(("steel",) * size, ())))
    s = apply(s, Launch(ST))
    assert s.medals[0] == row(steel=medals)
    assert s.removed == row(steel=size - medals)
    assert s.pads[0] == row()


@pytest.mark.clause("NGG-LAUNCH-3")
def test_launch_example() -> None:
    """The rulebook's example: eight iron cards launch for three medals, five removed."""
    s = main_phase(table(hands=((), ()), pads=(("iron",) * 8, ())))
    s = apply(s, Launch(IR))
    assert s.medals[0][IRON] == 3
    assert s.removed[IRON] == 5


@pytest.mark.clause("NGG-LAUNCH-4")
def test_score_is_medal_value_sum() -> None:
    """The score adds the medal values of the cards in the collection."""
    s = table(hands=((), ()))
    s = attrs.evolve(s, medals=(row(iron=2, chrome=1), row(rust=3)),
                     deck=s.deck[6:], removed=row(rust=3, iron=2, chrome=1))
    assert scores(s) == (2 * 3 + 6, 3)


@pytest.mark.clause("NGG-FREE-1")
def test_free_actions_after_the_opening_only() -> None:
    """By default scrap and bribe wait for the opening and for the discard choice."""
    s = table(hands=(("iron",), ()), pads=(("rust",), ()), wanderer=0, heap=("wood",))
    assert _clause(Scrap(RU), s) == "NGG-FREE-1"
    assert _clause(Bribe(IR), s) == "NGG-FREE-1"
    drawn = apply(s, DrawTwo())
    assert _clause(Scrap(RU), drawn) == "NGG-FREE-1"
    assert Scrap(RU) in legal_actions(apply(s, TakeScrap()))


@pytest.mark.clause("NGG-FREE-1")
def test_option_free_actions_before_opening() -> None:
    """free_actions_before_opening=True offers scrap and bribe before DrawTwo/TakeScrap."""
    s = table(hands=(("iron",), ()), pads=(("rust",), ()), wanderer=0, heap=("wood",),
              options=Options(free_actions_before_opening=True))
    assert legal_actions(s) == (DrawTwo(), TakeScrap(), Scrap(RU), Bribe(IR))
    s = apply(s, Scrap(RU))
    assert s.phase is Phase.OPENING
    assert apply(s, TakeScrap()).hands[0] == row(iron=1, rust=1)


@pytest.mark.clause("NGG-FREE-2")
def test_scrap_moves_rocket_to_scrapheap() -> None:
    """Scrapping puts every card of the rocket on top of the heap and earns nothing."""
    s = main_phase(table(hands=((), ()), pads=(("iron",) * 7, ()), heap=("wood",)))
    s = apply(s, Scrap(IR))
    assert s.scrapheap == (1,) + (IRON,) * 7
    assert s.pads[0] == row()
    assert scores(s) == (0, 0)
    assert _clause(Scrap(IR), s) == "NGG-FREE-2"


@pytest.mark.clause("NGG-FREE-3")
def test_bribe_needs_the_wandering_gremlin() -> None:
    """Only the holder may bribe, with a card from hand, which leaves the game."""
    s = main_phase(table(hands=(("wood",), ("wood",)), wanderer=1))
    assert _clause(Bribe(WO), s) == "NGG-FREE-3"
    s = main_phase(table(hands=(("wood",), ("wood",)), wanderer=0))
    assert _clause(Bribe(IR), s) == "NGG-FREE-3"
    s = apply(s, Bribe(WO))
    assert s.hands[0] == row()
    assert s.removed == row(wood=1)


@pytest.mark.clause("NGG-HAND-1")
def test_no_hand_limit() -> None:
    """Taking a large scrapheap gives a hand of any size, and the turn goes on."""
    s = table(hands=(("rust",) * 6, ()), heap=("rust",) * 14)
    s = apply(s, TakeScrap())
    assert sum(s.hands[0]) == 20
    assert apply(s, EndTurn()).hands[0] == row(rust=20)


@pytest.mark.clause("NGG-HAND-2")
def test_empty_hand_draws_six_at_end_of_turn() -> None:
    """A hand empty at the end of the turn draws six; a non-empty one draws nothing."""
    s = main_phase(table(hands=(("iron", "iron"), ("rust",)), pads=(("iron",) * 4, ())))
    s = apply(apply(s, Build(IR)), Build(IR))
    top = s.deck[:6]
    after = apply(s, EndTurn())
    assert sum(after.hands[0]) == 6
    assert after.deck == s.deck[6:]
    assert after.hands[0] == tuple(top.count(t) for t in range(6))
    kept = apply(main_phase(table(hands=(("iron",), ("rust",)))), EndTurn())
    assert kept.hands[0] == row(iron=1)


def short_deck(hand: tuple[str, ...], deck: tuple[str, ...], **kw: Any) -> Any:
    """A 2-player table, built by Setup, whose materials deck is exactly ``deck``: seat 0 holds
    ``hand`` and seat 1 every other card."""
    counts = dict(zip((m.value for m in Material), REFERENCE.counts, strict=True))
    for name in hand + deck:
        counts[name] -= 1
    rest = tuple(name for name, k in counts.items() for _ in range(k))
    return table(hands=(hand, rest), deck=deck, **kw)


@pytest.mark.clause("NGG-HAND-3")
def test_draw_from_empty_deck_is_skipped() -> None:
    """With one card left, drawing two gives one and the deck is empty (the finale begins)."""
    s = short_deck(("iron",), ("wood",))
    assert len(s.deck) == 1
    s = apply(s, DrawTwo())
    assert s.hands[0] == row(iron=1, wood=1)
    assert s.deck == ()
    assert s.finale
    assert s.phase is Phase.DISCARD


@pytest.mark.clause("NGG-HAND-3", "NGG-END-2")
def test_draw_two_from_an_empty_deck_is_an_opening() -> None:
    """Issue 12's deadlock: with free actions before the opening, an iron bribe draws the last
    card and passes the gremlin on; with an empty scrapheap and an empty pad, DrawTwo (its draw
    skipped) is still legal, so the turn and the game go on to their end."""
    s = short_deck(("iron",), ("rust",), wanderer=0,
                   options=Options(free_actions_before_opening=True))
    s = apply(s, Bribe(IR))
    assert (s.deck, s.wanderer, s.phase, s.hands[0]) == ((), 1, Phase.OPENING, row(rust=1))
    assert legal_actions(s) == (DrawTwo(),)
    s = apply(s, DrawTwo())
    assert (s.phase, s.hands[0]) == (Phase.DISCARD, row(rust=1))
    s = apply(apply(s, Discard(RU)), EndTurn())
    for _ in range(decision_bound(2, s.options)):
        if is_terminal(s):
            break
        assert legal_actions(s), "no legal action in a game that is not over"
        s = apply(s, legal_actions(s)[-1])
    assert is_terminal(s)


@pytest.mark.clause("NGG-HAND-4")
def test_draw_two_into_an_empty_hand_skips_the_discard() -> None:
    """A steel bribe draws the deck's last two cards, bribes pay every card away: DrawTwo from the
    empty deck leaves the hand empty, so there is nothing to discard and the main part begins."""
    s = short_deck(("steel", "wood"), ("copper", "chrome"), wanderer=0,
                   options=Options(free_actions_before_opening=True))
    for card in (ST, WO, CO, CH):
        s = apply(s, Bribe(card))
    assert (s.deck, s.hands[0], s.phase) == ((), row(), Phase.OPENING)
    s = apply(s, DrawTwo())
    assert s.phase is Phase.MAIN
    assert EndTurn() in legal_actions(s)
