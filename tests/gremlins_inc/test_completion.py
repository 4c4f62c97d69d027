"""A completed project stays on the table while its instructions are followed; afterwards it and
all its resources are discarded (GI-DONE-1, GI-DONE-3, GI-DONE-4)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest

from gremlinrules.gremlins_inc import Complete
from gremlinrules.gremlins_inc import Components
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Project
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import apply_with_events
from gremlinrules.gremlins_inc import new_game
from gremlinrules.gremlins_inc import observe
from gremlinrules.gremlins_inc import parse_components
from gremlinrules.gremlins_inc.frames import ProjectChoice
from tests.gremlins_inc.helpers import CARDS
from tests.gremlins_inc.helpers import consistent

_EXTRA = [
    {"id": "tower", "name": "Tower", "kind": "blueprint", "resource": "industry", "copies": 1, "score": 3,
     "needs": {"gold": 2}, "text": "On completion, move up to 2 resources between your projects.",
     "effect": [{"op": "move_resource", "amount": 2, "target": "you", "to": "same"}]},
    {"id": "siphon", "name": "Siphon", "kind": "blueprint", "resource": "malice", "copies": 1, "score": 2,
     "needs": {"malice": 1}, "text": "On completion, steal up to 2 resources from any opponent.",
     "effect": [{"op": "steal_resource", "amount": 2, "target": "any_opponent"}]},
    {"id": "vault", "name": "Vault", "kind": "permanent", "resource": "gold", "copies": 1, "score": 1,
     "needs": {"gold": 1}, "text": "On completion, draw 1 card.", "effect": [{"op": "draw", "amount": 1}],
     "passive": [{"effect": "bonus", "amount": 1}]},
]
SET: Components = parse_components({"name": "completion-tests", "version": "1", "card": [*CARDS, *_EXTRA]})


def _table(rows: list[tuple[Project, ...]]) -> State:
    """Three seats of SET with these projects, empty hands, every other card in the deck."""
    base = new_game(3, 0, options=Options(components=SET))
    rows = [tuple(attrs.evolve(p, uid=i * 3 + j) for j, p in enumerate(row)) for i, row in enumerate(rows)]
    used = Counter(c for row in rows for p in row for c in (p.card, *p.resources))
    rest = Counter(SET.deck) - used
    s = attrs.evolve(base, hands=((), (), ()), projects=tuple(rows), deck=tuple(sorted(rest.elements())),
                     next_uid=9)
    consistent(s)
    return s


def _go(s: State, *actions: Any) -> State:
    for a in actions:
        s = apply(s, a)
        consistent(s)
    return s


@pytest.mark.clause("GI-DONE-4")
def test_its_own_instructions_can_move_resources_off_the_completed_project() -> None:
    """The tower is still one of its player's projects while its instructions run: its move
    takes 2 of its 3 gold to the watch, and only the third is discarded with it."""
    s = _table([(Project(0, "tower", False, ("coin", "coin", "coin")), Project(0, "watch", False)), (), ()])
    s = _go(s, Complete(1))
    assert [p.card for p in s.projects[0]] == ["watch"]
    assert s.projects[0][0].resources == ("coin", "coin")
    assert Counter(s.discard) == Counter({"tower": 1, "coin": 1})
    assert s.scores[0] == 3


@pytest.mark.clause("GI-DONE-4", "GI-OP-6")
def test_resources_stolen_onto_the_completed_project_are_discarded_with_it() -> None:
    """The siphon, its player's only project, steals 2 resources onto itself; they are discarded
    with it afterwards, so the victim loses them."""
    victim = Project(0, "watch", False, ("coin", "rich"))
    s = _table([(Project(0, "siphon", False, ("spite",)),), (victim,), ()])
    s = _go(s, Complete(1))
    assert s.projects == ((), (attrs.evolve(s.projects[1][0], resources=()),), ())
    assert Counter(s.discard) == Counter({"siphon": 1, "spite": 1, "coin": 1, "rich": 1})
    assert s.scores[0] == 2


@pytest.mark.clause("GI-DONE-1", "GI-DONE-3", "GI-DONE-4")
def test_the_completed_project_lies_face_up_until_its_instructions_are_done() -> None:
    """While the tower waits for where its gold goes, every seat sees it face up on the table
    and the Completed event names its uid; a permanent becomes active only afterwards."""
    tower = Project(0, "tower", False, ("coin", "coin"))
    rows = [(tower, Project(0, "watch", False), Project(0, "clock", False)), (), ()]
    s = _table(rows)
    s, events = apply_with_events(s, Complete(1))
    consistent(s)
    assert type(s.stack[-1]) is ProjectChoice
    assert s.completing == s.projects[0][0].uid
    assert observe(s, 1).projects[0][0].card == "tower"
    assert observe(s, None).projects[0][0].face_up
    assert observe(s, 1).resolving == "tower"
    assert [e.uid for e in events if type(e).__name__ == "Completed"] == [s.completing]
    vault = _go(_table([(Project(0, "vault", False, ("coin",)),), (), ()]), Complete(1))
    assert vault.permanents[0] == ("vault",)
    assert vault.projects[0] == ()
    assert vault.discard == ("coin",)
