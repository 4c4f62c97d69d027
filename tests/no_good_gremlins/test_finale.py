"""Deck exhaustion, the finale and the end of the game (NGG-DECK-*, NGG-FINALE-*, NGG-END-*)."""

from __future__ import annotations

import attrs
import pytest

from gremlinrules.core.errors import IllegalActionError
from gremlinrules.no_good_gremlins import GONE
from gremlinrules.no_good_gremlins import Bribe
from gremlinrules.no_good_gremlins import Build
from gremlinrules.no_good_gremlins import Discard
from gremlinrules.no_good_gremlins import DrawTwo
from gremlinrules.no_good_gremlins import EndTurn
from gremlinrules.no_good_gremlins import Launch
from gremlinrules.no_good_gremlins import Options
from gremlinrules.no_good_gremlins import Phase
from gremlinrules.no_good_gremlins import Scrap
from gremlinrules.no_good_gremlins import TakeScrap
from gremlinrules.no_good_gremlins import apply
from gremlinrules.no_good_gremlins import check_state
from gremlinrules.no_good_gremlins import is_legal
from gremlinrules.no_good_gremlins import legal_actions
from gremlinrules.no_good_gremlins import winners
from gremlinrules.no_good_gremlins.flow import begin_turn
from gremlinrules.no_good_gremlins.state import State
from tests.no_good_gremlins.strategies import CHROME
from tests.no_good_gremlins.strategies import IR
from tests.no_good_gremlins.strategies import IRON
from tests.no_good_gremlins.strategies import RU
from tests.no_good_gremlins.strategies import RUST
from tests.no_good_gremlins.strategies import ST
from tests.no_good_gremlins.strategies import WO
from tests.no_good_gremlins.strategies import main_phase
from tests.no_good_gremlins.strategies import row
from tests.no_good_gremlins.strategies import table


def short_deck(s: State, n: int) -> State:
    """``s`` with only the top ``n`` deck cards left; the others counted as removed."""
    gone = s.deck[n:]
    removed = tuple(k + gone.count(t) for t, k in enumerate(s.removed))
    return attrs.evolve(s, deck=s.deck[:n], removed=removed)


def _two_player_exhaustion() -> State:
    s = table(hands=(("iron", "iron"), ("rust",)), heap=("wood",), deck=("steel", "chrome"))
    return apply(short_deck(s, 2), DrawTwo())


@pytest.mark.clause("NGG-FINALE-1", "NGG-DECK-1")
def test_two_players_finale_begins_at_exhaustion() -> None:
    """Drawing the last card starts the finale; the current turn carries on."""
    s = _two_player_exhaustion()
    assert s.deck == ()
    assert s.finale
    assert s.final_turns == 2
    s = apply(s, Discard(ST))
    assert is_legal(s, Build(IR))
    check_state(s)


@pytest.mark.clause("NGG-DECK-1")
def test_exhaustion_by_a_bribe_draw() -> None:
    """An iron bribe that draws the last card also exhausts the deck."""
    s = main_phase(short_deck(table(hands=(("iron",), ("rust",)), wanderer=0, heap=("wood",)), 1))
    s = apply(s, Bribe(IR))
    assert s.finale
    assert s.deck == ()


@pytest.mark.clause("NGG-DECK-2")
def test_four_players_first_exhaustion_rebuilds_and_draw_continues() -> None:
    """With four players the last card rebuilds the deck from the scrapheap and the second
    card of DrawTwo comes from the new deck."""
    s = table(4, hands=(("iron",),) * 4, heap=("rust", "rust", "wood"), deck=("chrome",))
    s = apply(short_deck(s, 1), DrawTwo())
    assert s.rebuilt
    assert not s.finale
    assert s.scrapheap == ()
    assert sum(s.hands[0]) == 3
    assert len(s.deck) == 2
    assert sorted(s.deck + tuple(t for t in range(6) for _ in range(s.hands[0][t]))) == sorted(
        (RUST, RUST, 1, CHROME, IRON))


@pytest.mark.clause("NGG-DECK-2", "NGG-FINALE-1")
def test_four_players_second_exhaustion_starts_finale() -> None:
    """After the rebuild, the next exhaustion begins the finale; an empty rebuild does at once."""
    s = table(4, hands=(("iron",),) * 4, deck=("chrome",))
    s = attrs.evolve(short_deck(s, 1), rebuilt=True)
    assert apply(s, DrawTwo()).finale
    empty = apply(short_deck(table(5, hands=(("iron",),) * 5, deck=("chrome",)), 1), DrawTwo())
    assert empty.rebuilt
    assert empty.finale


@pytest.mark.clause("NGG-DECK-3")
@pytest.mark.parametrize(("source", "size"), [("scrapheap", 1), ("scrapheap_and_removed", 1 + 5)])
def test_rebuild_source(source: str, size: int) -> None:
    """The rebuilt deck is the scrapheap, or with the option also the removed cards."""
    s = table(4, hands=(("iron",),) * 4, heap=("wood",), deck=("chrome",),
              options=Options(rebuild_from=source))
    s = attrs.evolve(s, deck=s.deck[:1] + s.deck[1:][:5], removed=tuple(
        k + s.deck[6:].count(t) for t, k in enumerate(s.removed)))
    s = attrs.evolve(s, deck=s.deck[:1], removed=tuple(
        k + s.deck[1:].count(t) for t, k in enumerate(s.removed)))
    removed_before = sum(s.removed)
    out = apply(s, DrawTwo())
    total_new = size if source == "scrapheap" else 1 + removed_before
    assert len(out.deck) + 1 == total_new
    assert sum(out.removed) == (removed_before if source == "scrapheap" else 0)


@pytest.mark.clause("NGG-FINALE-2")
def test_no_reveal_in_the_finale() -> None:
    """When the dealer exhausts the deck, the round's gremlin card is not revealed."""
    s = table(hands=(("iron",), ("rust",)), deck=(), gdeck=("iron",))
    s = main_phase(short_deck(s, 1), turn=1)
    s = attrs.evolve(s, hands=(s.hands[0], row()), removed=tuple(
        k + (t == RUST) for t, k in enumerate(s.removed)))
    s = apply(s, EndTurn())  # empty hand draws the last card
    assert s.finale
    assert s.threat == ()
    assert len(s.gremlin_deck) == 21


@pytest.mark.clause("NGG-FINALE-3")
def test_final_turns_order_and_opening() -> None:
    """After the exhausting turn every seat gets one final turn, the exhauster last; a final
    turn opens with TakeScrap only, skipped when the scrapheap is empty."""
    s = table(3, hands=(("iron",), ("rust",), ("wood",)), deck=("steel",))
    s = apply(short_deck(s, 1), DrawTwo())
    s = apply(s, Discard(ST))
    s = apply(s, EndTurn())
    assert (s.turn, s.phase, s.final_turn) == (1, Phase.FINAL_OPENING, True)
    assert legal_actions(s) == (TakeScrap(),)
    with pytest.raises(IllegalActionError) as info:
        apply(s, DrawTwo())
    assert info.value.clause == "NGG-FINALE-3"
    s = apply(apply(s, TakeScrap()), EndTurn())
    assert (s.turn, s.phase) == (2, Phase.MAIN)  # the heap is empty now: opening skipped
    s = apply(s, EndTurn())
    assert (s.turn, s.final_turn) == (0, True)
    s = apply(s, EndTurn())
    assert s.phase is Phase.OVER


@pytest.mark.clause("NGG-FINALE-4")
@pytest.mark.parametrize(("builds", "cards"), [(2, 4), (1, 2)])
def test_final_turn_builds(builds: int, cards: int) -> None:
    """A final turn has two build actions (four cards) or, with the option, one; no launch."""
    s = table(hands=(("iron",) * 6, ()), pads=(("iron",) * 6, ()),
              options=Options(finale_builds=builds))
    s = begin_turn(attrs.evolve(short_deck(s, 0), finale=True, final_turns=1), 0, final=True).state
    assert not is_legal(s, Launch(IR))
    placed = 0
    while is_legal(s, Build(IR)):
        s = apply(s, Build(IR))
        placed += 1
    assert placed == cards


@pytest.mark.clause("NGG-FINALE-5")
@pytest.mark.parametrize("free", [True, False])
def test_final_turn_free_actions_and_eating(free: bool) -> None:
    """Free actions in a final turn follow the option; the gremlin still eats at its end."""
    s = table(hands=(("wood",), ()), pads=(("iron", "rust"), ()), wanderer=0,
              options=Options(finale_free_actions=free))
    s = begin_turn(attrs.evolve(s, finale=True, final_turns=1), 0, final=True).state
    assert is_legal(s, Bribe(WO)) is free
    assert is_legal(s, Scrap(RU)) is free
    s = apply(s, EndTurn())
    assert s.pads[0] == row(rust=1)


@pytest.mark.clause("NGG-FINALE-6")
def test_finish_launches_complete_rockets() -> None:
    """After the last final turn the gremlin leaves and complete rockets launch."""
    s = table(hands=(("wood",), ("wood",)), pads=(("iron",) * 7 + ("rust",) * 3, ("steel",) * 4),
              wanderer=1)
    s = begin_turn(attrs.evolve(s, finale=True, final_turns=0), 1, final=True).state
    s = apply(s, EndTurn())  # eats the last seat's steel first
    assert s.phase is Phase.OVER
    assert s.wanderer == GONE
    assert s.medals == (row(iron=2), row())
    assert s.pads == (row(rust=3), row(steel=3))  # eaten below its cost: no launch
    assert legal_actions(s) == ()


@pytest.mark.clause("NGG-END-1")
def test_winner_by_value_then_variety_then_shared() -> None:
    """Highest value wins; equal values go to more medal types; still equal is shared."""
    s = attrs.evolve(table(3), phase=Phase.OVER, wanderer=GONE, finale=True)
    assert winners(table(3)) == ()
    by_value = attrs.evolve(s, medals=(row(chrome=1), row(steel=1), row(rust=5)))
    assert winners(by_value) == (0,)
    by_variety = attrs.evolve(s, medals=(row(chrome=1), row(rust=1, steel=1), row(iron=2)))
    assert winners(by_variety) == (1,)
    shared = attrs.evolve(s, medals=(row(chrome=1), row(iron=2), row(rust=1, steel=1)))
    assert winners(shared) == (2,)
    tie = attrs.evolve(s, medals=(row(rust=1, steel=1), row(wood=1, copper=1), row()))
    assert winners(tie) == (0, 1)


@pytest.mark.clause("NGG-END-3")
def test_round_limit_starts_the_finale() -> None:
    """Reaching the round limit begins the finale at seat 0 with the deck unfinished."""
    s = table(hands=(("iron",), ("rust",)), heap=("wood",), options=Options(round_limit=1))
    s = apply(apply(s, TakeScrap()), EndTurn())
    s = apply(main_phase(s), EndTurn())
    assert s.finale
    assert s.deck
    assert (s.turn, s.final_turn, s.round) == (0, True, 2)
