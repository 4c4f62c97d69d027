"""What a refused action says (issue 28): each refusal of the rule book names its clause and says
why in the sentence a player reads, with the message id and parameters a frontend translates."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

import gremlinrules
from gremlinrules import InvalidArgumentError
from gremlinrules.core.chance import CHANCE
from gremlinrules.goblins_vs_gnomes import NameSkip
from gremlinrules.goblins_vs_gnomes import OpenTarget
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import Pass
from gremlinrules.goblins_vs_gnomes import Phase
from gremlinrules.goblins_vs_gnomes import Place
from gremlinrules.goblins_vs_gnomes import PlayExplosion
from gremlinrules.goblins_vs_gnomes import PlayMap
from gremlinrules.goblins_vs_gnomes import PlayPotion
from gremlinrules.goblins_vs_gnomes import Slot
from gremlinrules.goblins_vs_gnomes import State
from gremlinrules.goblins_vs_gnomes import Swap
from gremlinrules.goblins_vs_gnomes import apply
from gremlinrules.goblins_vs_gnomes import current_player
from gremlinrules.goblins_vs_gnomes.components import NAME_LIMIT
from gremlinrules.goblins_vs_gnomes.flow import end_round
from tests.goblins_vs_gnomes.strategies import new
from tests.goblins_vs_gnomes.strategies import with_field
from tests.goblins_vs_gnomes.strategies import with_hand
from tests.refusals import assert_refused

LONG = "y" * (NAME_LIMIT + 1)
EXACT = "y" * NAME_LIMIT


def built(cls: type[Any], **fields: Any) -> Any:
    """An action made without its class's validators (as a hand-built or decoded one can be)."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def start(options: Options | None = None) -> State:
    """Three players; seat 0 holds a straight passage, a bend and a Map, the field is the start."""
    return with_hand(new(3, options=options), 0, ["passage-ew", "passage-bend-sw", "map"])


def specials() -> State:
    """Seat 0 holds an Explosion, a Potion and a Map."""
    return with_hand(new(3), 0, ["explosion", "potion", "map"])


def _said(text: str, key: str, **params: Any) -> tuple[str, str, dict[str, Any]]:
    return text, key, params


REFUSALS: list[tuple[str, Callable[[], State], Any, str, tuple[str, str, dict[str, Any]]]] = [
    ("not an action", start, "pass", "GVG-ACT-1",
     _said("'pass' is not a Goblins vs Gnomes action", "gvg.illegal.not-an-action", action="'pass'")),
    ("not a tunnel card", start, Place("map", 1, 0), "GVG-PLACE-1",
     _said("'map' is not a tunnel card", "gvg.illegal.not-a-tunnel-card", card="'map'")),
    ("a tunnel card not held", start, Place("door-red-ew", 1, 0), "GVG-TURN-1",
     _said("you hold no door-red-ew card", "gvg.illegal.not-held", card="door-red-ew")),
    ("a cell that is no cell", start, built(Place, card="passage-ew", x="1", y=0, rotated=False),
     "GVG-PLACE-1",
     _said("a cell is two integers and rotated is true or false", "GVG-PLACE-1")),
    ("a row that is no integer", start, built(Place, card="passage-ew", x=1, y="0", rotated=False),
     "GVG-PLACE-1", _said("a cell is two integers and rotated is true or false", "GVG-PLACE-1")),
    ("a turn that is no bool", start, built(Place, card="passage-ew", x=1, y=0, rotated=1),
     "GVG-PLACE-1", _said("a cell is two integers and rotated is true or false", "GVG-PLACE-1")),
    ("a turn with rotation off", lambda: start(Options(rotation=False)), Place("passage-bend-sw", 0, 1, True),
     "GVG-PLACE-4", _said("cards may not be turned (rotation option is off)", "GVG-PLACE-4")),
    ("a turn that changes nothing", start, Place("passage-ew", 1, 0, True), "GVG-PLACE-4",
     _said("turning this card changes nothing: lay it unrotated", "GVG-PLACE-4")),
    ("the start", start, Place("passage-ew", 0, 0), "GVG-FIELD-2",
     _said("(0, 0) is the start, a target or off the table", "gvg.illegal.off-table", x=0, y=0)),
    ("far off", start, Place("passage-ew", 10**9 - 1, -(10**9) + 1), "GVG-FIELD-2",
     _said("(999999999, -999999999) is the start, a target or off the table", "gvg.illegal.off-table",
           x=10**9 - 1, y=-(10**9) + 1)),
    ("farther off", start, Place("passage-ew", 10**9, -(10**9)), "GVG-FIELD-2",
     _said("(1000000000, -1000000000) is the start, a target or off the table", "gvg.illegal.off-table",
           x="1000000000", y="-1000000000")),
    ("no fit", start, Place("passage-ew", 3, 0), "GVG-PLACE-2",
     _said("passage-ew on (3, 0) must touch the route, match every neighbour's edges and extend the route "
           "from the start", "gvg.illegal.no-fit", card="passage-ew", x=3, y=0)),
    ("no Map", lambda: with_hand(new(3), 0, ["passage-ew", "potion", "explosion"]), PlayMap(Slot.TOP),
     "GVG-TURN-1", _said("you hold no Map", "GVG-TURN-1")),
    ("no such target", start, built(PlayMap, target="top"), "GVG-CARD-1",
     _said("a target is Slot.TOP, Slot.MIDDLE or Slot.BOTTOM", "GVG-CARD-1")),
    ("a target face up", lambda: attrs.evolve(start(), opened=(True, False, False)), PlayMap(Slot.TOP),
     "GVG-CARD-1", _said("that target is already face up", "GVG-CARD-1")),
    ("no Explosion", start, PlayExplosion("passage-ew", 1, 0), "GVG-TURN-1",
     _said("you hold no Explosion", "GVG-TURN-1")),
    ("an Explosion on nothing", specials, PlayExplosion("passage-ew", 1, 0), "GVG-CARD-2",
     _said("an Explosion removes the named field card on its cell, never the start, a Lantern or a target",
           "GVG-CARD-2")),
    ("no Potion", start, PlayPotion(1), "GVG-TURN-1", _said("you hold no Potion", "GVG-TURN-1")),
    ("a Potion on oneself", specials, PlayPotion(0), "GVG-CARD-3",
     _said("swap with another player: an offset from 1 to 2", "gvg.illegal.no-other-seat", high=2)),
    ("a Potion past the table", specials, PlayPotion(3), "GVG-CARD-3",
     _said("swap with another player: an offset from 1 to 2", "gvg.illegal.no-other-seat", high=2)),
    ("a swap not held", start, Swap("explosion"), "GVG-TURN-2",
     _said("you hold no explosion card", "gvg.illegal.not-held", card="explosion")),
    ("a swap of a long name", start, Swap(LONG), "GVG-TURN-2",
     _said(f"you hold no '{LONG}' card", "gvg.illegal.not-held", card=f"'{LONG}'")),
    ("a swap of a name at the limit", start, Swap(EXACT), "GVG-TURN-2",
     _said(f"you hold no {EXACT} card", "gvg.illegal.not-held", card=EXACT)),
    ("a swap from an empty deck", lambda: attrs.evolve(start(), deck=(), deck_owner=(),
                                                        discard=tuple(sorted(start().deck))),
     Swap("map"), "GVG-TURN-2", _said("the deck is empty, so no card can be swapped", "GVG-TURN-2")),
    ("a swap past the limit", lambda: attrs.evolve(start(), swaps_used=(3, 0, 0)), Swap("map"), "GVG-BOUND-1",
     _said("each seat may swap only 3 times in a round (bounded option)", "gvg.illegal.swap-limit", limit=3)),
    ("a pass with a play", start, Pass(), "GVG-TURN-3",
     _said("you may pass only when no card in your hand can be played", "GVG-TURN-3")),
    ("an answer nothing asks", start, NameSkip(1), "GVG-TURN-1",
     _said("that decision is not pending", "GVG-TURN-1")),
    ("after the end", lambda: attrs.evolve(start(), phase=Phase.OVER), Pass(), "GVG-END-4",
     _said("the match is over", "GVG-END-4")),
]


@pytest.mark.clause("GVG-ACT-1", "GVG-PLACE-1", "GVG-PLACE-2", "GVG-PLACE-4", "GVG-FIELD-2", "GVG-TURN-1",
                    "GVG-TURN-2", "GVG-TURN-3", "GVG-CARD-1", "GVG-CARD-2", "GVG-CARD-3", "GVG-BOUND-1",
                    "GVG-END-4")
@pytest.mark.parametrize(("build", "action", "clause", "said"), [r[1:] for r in REFUSALS],
                         ids=[r[0] for r in REFUSALS])
def test_a_refusal_names_its_clause_and_says_why(build: Callable[[], State], action: Any, clause: str,
                                                  said: tuple[str, str, dict[str, Any]]) -> None:
    """Each way the rule book refuses an action (not an action of the game, a card that is not a
    tunnel card or not held, a cell or turn the placement rules forbid, a special card without
    its card or target, a swap or pass the turn rules forbid, an answer nothing asks, the match
    over) raises IllegalActionError with its clause, the English sentence, and the message id and
    parameters of that sentence (the clause id for a fixed sentence); the state is left as it
    was."""
    s = build()
    assert_refused(apply, s, action, clause, said)


@pytest.mark.clause("GVG-CHANCE-1")
def test_the_current_player_answers_a_tracked_table_and_refuses_anything_else() -> None:
    """The game module's current_player answers a table tracked in the external-chance mode (at
    the opening deal the chance seat decides), None once the match is over, and refuses anything
    that is not a state with InvalidArgumentError naming the state it expected."""
    tracked = gremlinrules.get_game("goblins-vs-gnomes").new_game(3, chance="external")
    assert current_player(tracked) == CHANCE
    assert current_player(attrs.evolve(start(), phase=Phase.OVER)) is None
    with pytest.raises(InvalidArgumentError) as info:
        current_player("a state")  # type: ignore[arg-type]
    assert str(info.value) == "expected a Goblins vs Gnomes State, got str"


def name_skip() -> State:
    """Seat 0 of four laid an Ale Mug and must name the seat that skips."""
    return apply(new(4, [(0, "ale-mug-ew")]), Place("ale-mug-ew", 1, 0))


def open_target() -> State:
    """Seat 0 laid a T-junction that reaches the middle and bottom targets and must choose."""
    row = [(0, 1, "passage-bend-sw", True)] + [
        (x, 1, c, False) for x, c in
        zip(range(1, 8), ["passage-ew"] * 3 + ["passage-cross"] * 3 + ["lantern-ew"], strict=True)]
    state = with_hand(with_field(new(3, targets=("dragon", "dynamite", "gold")), row), 0,
                      ["passage-t-ns", "map", "map"])
    return apply(state, Place("passage-t-ns", 8, 1, True))


def steal() -> State:
    """The Dragon opened with the advanced roles: the Greedy One (seat 2 of four) must choose."""
    state = new(4, targets=("dragon", "gold", "dynamite"), options=Options(advanced_roles=True))
    return end_round(attrs.evolve(state, opened=(True, False, False), opener=0), 0).state


SKIP = "name the player who skips their next turn first"
ORDER = "choose which reached target opens first (or, when offered, leave it face down)"
VICTIM = "the Greedy One must choose whom to steal from"
DECISION_REFUSALS: list[tuple[str, Callable[[], State], Any, str, tuple[str, str, dict[str, Any]]]] = [
    ("a play while a name is asked", name_skip, Pass(), "GVG-CARD-4", _said(SKIP, "GVG-CARD-4")),
    ("the placer named", name_skip, NameSkip(0), "GVG-CARD-4",
     _said(f"NameSkip(offset=0) is not one of the choices: {SKIP}", "GVG-CARD-4")),
    ("a play while a target is chosen", open_target, Pass(), "GVG-TARGET-3", _said(ORDER, "GVG-TARGET-3")),
    ("a target not reached", open_target, OpenTarget(Slot.TOP), "GVG-TARGET-3",
     _said(f"OpenTarget(target=Slot.TOP) is not one of the choices: {ORDER}", "GVG-TARGET-3")),
    ("a play while a victim is chosen", steal, Pass(), "GVG-ADV-3", _said(VICTIM, "GVG-ADV-3")),
]


@pytest.mark.clause("GVG-CARD-4", "GVG-TARGET-3", "GVG-ADV-3")
@pytest.mark.parametrize(("build", "action", "clause", "said"), [r[1:] for r in DECISION_REFUSALS],
                         ids=[r[0] for r in DECISION_REFUSALS])
def test_a_refusal_while_a_decision_waits_says_what_is_asked(build: Callable[[], State], action: Any,
                                                             clause: str,
                                                             said: tuple[str, str, dict[str, Any]]) -> None:
    """While an Ale Mug's name, the order of reached targets or the Greedy One's victim is asked,
    any other action is refused with the question and the clause that asks it, and an answer that
    is not among the choices with the same question; the state is left as it was."""
    assert_refused(apply, build(), action, clause, said)
