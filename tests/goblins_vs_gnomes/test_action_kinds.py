"""The Map, the Explosion and the Potion found by kind, whatever a set names them (GVG-COMP-8)."""

from __future__ import annotations

import pytest

from gremlinrules import ComponentError
from gremlinrules import goblins_vs_gnomes as gvg
from gremlinrules.goblins_vs_gnomes import Options
from gremlinrules.goblins_vs_gnomes import PlayExplosion
from gremlinrules.goblins_vs_gnomes import PlayMap
from gremlinrules.goblins_vs_gnomes import PlayPotion
from gremlinrules.goblins_vs_gnomes import Slot
from gremlinrules.goblins_vs_gnomes.components import _as_data
from gremlinrules.goblins_vs_gnomes.components import parse_components
from gremlinrules.goblins_vs_gnomes.rules import rule_book
from tests.goblins_vs_gnomes.strategies import with_field
from tests.goblins_vs_gnomes.strategies import with_hand

RENAMED = {"map": "treasure-map", "explosion": "blasting-powder", "potion": "shape-potion"}


def _renamed() -> gvg.Components:
    """The reference set with its Map, Explosion and Potion designs renamed."""
    data = _as_data(gvg.REFERENCE)
    for d in data["design"]:
        d["name"] = RENAMED.get(d["name"], d["name"])
    return parse_components(data)


@pytest.mark.clause("GVG-COMP-8", "GVG-CARD-1", "GVG-CARD-2", "GVG-CARD-3", "GVG-CARD-5")
@pytest.mark.parametrize("action", [PlayMap(Slot.TOP), PlayExplosion("passage-ew", 1, 0), PlayPotion(1)])
def test_a_renamed_action_card_plays_as_its_kind(action: gvg.Action) -> None:
    """A set naming its action designs otherwise: the held card is offered by its kind, and the
    play applies, the same on the fast path and in the rule book, discarding the renamed card."""
    options = Options(components=_renamed())
    state = with_field(gvg.new_game(3, 0, options=options), [(1, 0, "passage-ew", False)])
    state = with_hand(state, 0, list(RENAMED.values()))
    book = rule_book()
    assert action in gvg.legal_actions(state)
    assert action in book.legal_actions(state)
    after = gvg.apply(state, action)
    assert after == book.apply(state, action)
    kind = {PlayMap: "map", PlayExplosion: "explosion", PlayPotion: "potion"}[type(action)]
    card = RENAMED[kind]
    assert card in after.discard
    assert card not in after.hands[0]
    gvg.check_state(after)


@pytest.mark.clause("GVG-COMP-8", "GVG-TURN-1")
def test_a_renamed_action_card_not_held_is_refused() -> None:
    """Without its renamed Map a seat may not play a Map; holding only tunnel cards, no play of an
    action kind is legal."""
    options = Options(components=_renamed())
    state = with_hand(gvg.new_game(3, 0, options=options), 0, ["passage-ew", "passage-ew", "passage-ns"])
    assert not any(isinstance(a, (PlayMap, PlayExplosion, PlayPotion)) for a in gvg.legal_actions(state))
    assert not gvg.is_legal(state, PlayMap(Slot.TOP))
    assert not rule_book().is_legal(state, PlayPotion(1))


@pytest.mark.clause("GVG-COMP-8")
def test_two_designs_of_one_action_kind_are_refused() -> None:
    """A set with two Map designs is refused with ComponentError naming the clause and both designs."""
    data = _as_data(gvg.REFERENCE)
    for d in data["design"]:
        if d["name"] == "map":
            d["count"] -= 1
    data["design"].append({"name": "old-map", "kind": "map", "edges": "", "count": 1})
    with pytest.raises(ComponentError, match=r"GVG-COMP-8.*map, old-map"):
        parse_components(data)
