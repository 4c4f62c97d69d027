"""A user's deck whose permanents raise a cost past any fixed bound (GI-PLAY-2, GI-PASSIVE-1, GI-PLAY-4)."""

from __future__ import annotations

import pytest

from gremlinrules.adapters.hints import hints_for
from gremlinrules.gremlins_inc import REFERENCE
from gremlinrules.gremlins_inc import ChooseProject
from gremlinrules.gremlins_inc import Components
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Payment
from gremlinrules.gremlins_inc import Play
from gremlinrules.gremlins_inc import Project
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import legal_actions
from gremlinrules.gremlins_inc import parse_components
from gremlinrules.gremlins_inc.frames import OWED_LIMIT
from tests.gremlins_inc.helpers import table

_PERMS = ("clockwork-bank", "assembly-line", "drafting-table")


def dear_deck() -> Components:
    """The reference deck with three permanents' passives raising action costs by 10 gold each."""
    data = REFERENCE.to_data()
    data["name"] = "dear-deck"
    for card in data["card"]:
        if card["id"] in _PERMS:
            card["passive"] = [{"effect": "cost", "kind": "action", "resource": "gold", "change": 10}]
    return parse_components(data)


def two_gold_projects(options: Options) -> State:
    """Seat 0 holds Charity Drive (2 gold) under four active raising permanents (42 gold owed), its
    gold split over two projects: the first unit asks which project it comes from."""
    comps = options.components
    assert isinstance(comps, Components)
    golds = [c.id for c in comps.cards if c.resource == "gold" and c.id not in (*_PERMS, "charity-drive")
             for _ in range(c.copies)]
    kept = (*_PERMS, "vanity-monument", "airship")
    others = [c.id for c in comps.cards if c.resource != "gold" and c.id not in kept for _ in range(c.copies)]
    projects = [Project(-1, "vanity-monument", True, tuple(golds[:21])),
                Project(-1, "airship", True, tuple(golds[21:42]))]
    return table(2, hands=[("charity-drive", *others[:5]), tuple(others[5:11])], projects=[projects, []],
                 permanents=[("clockwork-bank", "clockwork-bank", "assembly-line", "drafting-table"), ()],
                 options=options)


@pytest.mark.clause("GI-PLAY-2", "GI-PASSIVE-1", "GI-PLAY-4")
def test_a_cost_raised_past_forty_units_asks_its_payment_and_is_paid_in_full() -> None:
    """A card whose cost the passives raise to 42 units, paid from a choice of two projects: the
    Payment frame owes all 42 (no fixed bound refuses it), and choosing project by project pays
    every unit, emptying both projects, before the card's own instructions ask anything."""
    options = Options(components=dear_deck())
    state = apply(two_gold_projects(options), Play("charity-drive"))
    assert state.stack == (Payment(0, "charity-drive", ("gold",) * 42),)
    while state.stack and type(state.stack[-1]) is Payment:
        options_now = legal_actions(state)
        assert options_now
        assert set(options_now) <= {ChooseProject(0, 1), ChooseProject(0, 2)}
        state = apply(state, options_now[0])
    assert [len(p.resources) for p in state.projects[0]] == [0, 0]


@pytest.mark.clause("GI-PLAY-4")
def test_the_owed_hint_holds_the_largest_raised_cost_of_the_set() -> None:
    """The observation hint's capacity for ``pending.owed`` follows the set: it holds the 42 units
    the dear deck can owe, and stays within the frame's structural bound."""
    options = Options(components=dear_deck())
    caps, _ = hints_for("gremlins-inc", 2, options)
    assert 42 <= caps["pending.owed"] <= OWED_LIMIT


@pytest.mark.clause("GI-PLAY-4")
def test_a_payment_frame_owing_past_the_structural_bound_is_refused() -> None:
    """A frame owing more units than any valid set can reach is refused at its field."""
    from gremlinrules.core.errors import GremlinRulesError

    with pytest.raises(GremlinRulesError, match="owed"):
        Payment(0, "grab", ("gold",) * (OWED_LIMIT + 1))
    assert len(Payment(0, "grab", ("gold",) * OWED_LIMIT).owed) == OWED_LIMIT
