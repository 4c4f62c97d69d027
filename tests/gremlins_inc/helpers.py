"""A small card set with one card per kind of effect, and a builder of tables from it, for the
Gremlins, Inc. engine tests (independent of the reference deck's designs)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs

from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.gremlins_inc import Components
from gremlinrules.gremlins_inc import Options
from gremlinrules.gremlins_inc import Project
from gremlinrules.gremlins_inc import State
from gremlinrules.gremlins_inc import apply
from gremlinrules.gremlins_inc import check_state
from gremlinrules.gremlins_inc import legal_actions
from gremlinrules.gremlins_inc import new_game
from gremlinrules.gremlins_inc import parse_components


def _action(cid: str, resource: str, copies: int, cost: dict[str, int],
            *steps: dict[str, Any]) -> dict[str, Any]:
    return {"id": cid, "name": cid.replace("-", " ").title(), "kind": "action", "resource": resource,
            "copies": copies, "cost": cost, "text": f"Test card {cid}.", "effect": list(steps)}


def _blueprint(cid: str, resource: str, score: int, needs: dict[str, int], *steps: dict[str, Any],
               kind: str = "blueprint", face_up: bool = False, passive: tuple[dict[str, Any], ...] = ()
               ) -> dict[str, Any]:
    out: dict[str, Any] = {"id": cid, "name": cid.replace("-", " ").title(), "kind": kind,
                           "resource": resource,
                           "copies": 1, "score": score, "needs": needs, "text": f"Test card {cid}.",
                           "effect": list(steps), "face_up": face_up}
    if passive:
        out["passive"] = list(passive)
    return out


CARDS = [
    _action("coin", "gold", 12, {}, {"op": "gain_score", "amount": 1}),
    _action("gift", "gold", 2, {}, {"op": "gain_score", "amount": 2, "target": "any_player"}),
    _action("spite", "malice", 4, {"malice": 1}, {"op": "lose_score", "amount": 2, "target": "any_opponent"}),
    _action("grab", "malice", 2, {"gold": 1, "malice": 1},
            {"op": "steal_score", "amount": 3, "target": "any_opponent"}),
    _action("rich", "gold", 2, {}, {"op": "draw", "amount": 2}),
    _action("purge", "malice", 2, {}, {"op": "discard", "amount": 2, "target": "everyone_except_you"}),
    _action("overtime", "gold", 2, {}, {"op": "assign", "amount": 2}),
    _action("shift", "malice", 1, {}, {"op": "move_resource", "amount": 2, "target": "any_player"}),
    _action("juggle", "gold", 1, {}, {"op": "move_resource", "amount": 1, "target": "any_opponent",
                                      "to": "same"}),
    _action("pinch", "malice", 1, {}, {"op": "steal_resource", "amount": 2, "target": "any_opponent",
                                       "resource": "gold"}),
    _action("heist", "malice", 1, {}, {"op": "steal_project", "target": "any_opponent"}),
    _action("scrap", "malice", 1, {}, {"op": "discard_resource", "amount": 1, "target": "any_opponent"}),
    _action("wreck", "malice", 1, {},
            {"op": "discard_project", "target": "any_opponent", "which": "revealed"}),
    _action("veil", "gold", 1, {}, {"op": "hide", "target": "any_player"}),
    _action("expose", "malice", 1, {}, {"op": "reveal", "target": "any_opponent", "which": "hidden"}),
    _action("top-tax", "malice", 1, {}, {"op": "lose_score", "amount": 1, "target": "highest_score",
                                         "among": "opponents"}),
    _action("alms", "gold", 1, {}, {"op": "gain_score", "amount": 1, "target": "lowest_score"}),
    _action("raid", "malice", 1, {}, {"op": "steal_score", "amount": 1, "target": "most_resources",
                                      "among": "opponents"}),
    _blueprint("watch", "gold", 2, {"gold": 2}, face_up=True),
    _blueprint("clock", "gold", 3, {"gold": 2, "malice": 1}),
    _blueprint("engine", "industry", 5, {"gold": 1, "industry": 2},
               {"op": "discard_project", "target": "any_opponent"}),
    _blueprint("lab", "industry", 2, {"industry": 1}, {"op": "draw", "amount": 1}),
    _blueprint("bank", "gold", 3, {"gold": 1}, kind="permanent",
               passive=({"effect": "cost", "kind": "action", "resource": "gold", "change": -1},)),
    _blueprint("shield", "industry", 3, {"industry": 1}, kind="permanent",
               passive=({"effect": "protect", "against": "steal_project"},)),
    _blueprint("workshop", "industry", 2, {"industry": 1}, kind="permanent",
               passive=({"effect": "extra_action", "amount": 1},)),
    _blueprint("trophy", "gold", 2, {"gold": 1}, kind="permanent",
               passive=({"effect": "bonus", "amount": 1},)),
    _blueprint("forge", "industry", 2, {"industry": 1}, kind="permanent",
               passive=({"effect": "cost", "kind": "blueprint", "resource": "any", "change": -1},)),
]
TEST_SET: Components = parse_components({"name": "engine-tests", "version": "1", "card": CARDS})
OPTIONS = Options(components=TEST_SET)
DECK = Counter(TEST_SET.deck)


def P(card: str, *resources: str, up: bool = False, uid: int = -1) -> Project:  # noqa: N802 (reads as a card)
    """A project (its uid is given by :func:`table` when left -1)."""
    return Project(uid, card, up, tuple(resources))


def table(players: int = 3, *, hands: Any = None, projects: Any = None, permanents: Any = None,
          scores: Any = None, deck: Any = None, discard: Any = None, turn: int = 0,
          options: Options = OPTIONS,
          seen: Any = None, first_player: int = 0, **fields: Any) -> State:
    """A state of the test set (or the options' own set) with the named zones; every other card goes
    under the named ``deck`` (sorted), so all cards are somewhere once. Hands default to empty."""
    base = new_game(players, 0, options=options)
    hands = tuple(tuple(sorted(h)) for h in (hands or [()] * players))
    rows = list(projects or [()] * players)
    uid = 0
    made = []
    for row in rows:
        out = []
        for p in row:
            out.append(attrs.evolve(p, uid=uid) if p.uid < 0 else p)
            uid += 1
        made.append(tuple(out))
    perms = tuple(tuple(sorted(x)) for x in (permanents or [()] * players))
    used = Counter(c for h in hands for c in h) + Counter(c for x in perms for c in x)
    used += Counter(c for row in made for p in row for c in (p.card, *p.resources))
    top = list(deck or ())
    pile = tuple(sorted(discard or ()))
    used += Counter(top) + Counter(pile)
    own = options.components
    pool = DECK if own is None or own is TEST_SET else Counter(own.deck)
    rest = pool - used
    assert not used - pool, f"more cards than the set holds: {used - pool}"
    state = attrs.evolve(
        base, hands=hands, projects=tuple(made), permanents=perms, scores=tuple(scores or [0] * players),
        deck=tuple(top) + tuple(sorted(rest.elements())), discard=pile, turn=turn, first_player=first_player,
        next_uid=uid, seen=tuple(seen or [()] * players), **fields)
    consistent(state)
    return state


def consistent(state: State) -> None:
    """``check_state``, allowing the one thing these hand-built tables do that no game does: start
    a turn with short hands while cards are left to draw (GI-ZONE-4), so a test names only the
    cards it needs. Any other inconsistency fails."""
    try:
        check_state(state)
    except InvalidArgumentError as exc:
        if "(GI-ZONE-4)" not in str(exc):
            raise


def play(state: State, *actions: Any) -> State:
    """``state`` after ``actions``, each checked to be legal first and the state to stay consistent."""
    for a in actions:
        assert a in legal_actions(state), f"{a!r} not in {legal_actions(state)}"
        state = apply(state, a)
        consistent(state)
    return state
