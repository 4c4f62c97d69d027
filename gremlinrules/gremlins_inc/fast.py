"""The fast paths: ``legal_actions``, ``is_legal`` and ``apply`` answered with less work than the
rule book, held to it by tests/gremlins_inc/test_differential.py.

While a frame is pending, or the game is over, the rule book answers (its frames' choices are
already direct). Between decisions, the turn owner's legal actions are built straight from the
hand and the projects (no check per candidate), and an action is applied after a membership
test in them instead of its check.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.gremlins_inc import rules
from gremlinrules.gremlins_inc.actions import (
    Action,
    Assign,
    Cancel,
    Complete,
    EndTurn,
    Play,
    Start,
)
from gremlinrules.gremlins_inc.flow import actions_allowed, have, kit
from gremlinrules.gremlins_inc.state import Phase, State

__all__ = ["apply", "is_legal", "legal_actions"]

_END = EndTurn()
_NAME = "Gremlins, Inc. State"


def _turn_actions(s: State) -> tuple[Action, ...]:
    k = kit(s)
    cards = k.cards
    me = s.turn
    out: list[Action] = []
    if s.actions_used < actions_allowed(s, me):
        hand = sorted(set(s.hands[me]))
        row = s.projects[me]
        room = len(row) < k.components.max_projects
        held: dict[str, int] | None = None
        for c in hand:
            card = cards[c]
            if room:
                out.append(Start(c, False))
                if card.face_up:
                    out.append(Start(c, True))
            out += [Assign(c, i) for i in range(1, len(row) + 1)]
            if card.kind == "action":
                if held is None:
                    held = {"gold": 0, "malice": 0, "industry": 0}
                    for p in row:
                        for r, n in have(p.resources, cards).items():
                            held[r] += n
                if all(held[r] >= n for r, n in rules.action_cost(s, me, card)):
                    out.append(Play(c))
        for i, p in enumerate(row):
            design = cards[p.card]
            if design.completable:
                got = have(p.resources, cards)
                if all(got[r] >= n for r, n in rules.completion_cost(s, me, p)):
                    out.append(Complete(i + 1))
        out += [Cancel(i) for i in range(1, len(row) + 1)]
    out.append(_END)
    index = k.index
    return tuple(sorted(out, key=index.__getitem__))


def legal_actions(s: State) -> tuple[Any, ...]:
    """Every legal action in canonical order; empty exactly when the game is over."""
    check_type(s, State, _NAME)
    if s.stack or s.phase is not Phase.PLAY:
        return rules.legal_actions(s)
    return _turn_actions(s)


def is_legal(s: State, action: Any) -> bool:
    """True exactly when ``action`` is among ``legal_actions(s)``."""
    return rules.is_legal(s, action)


def apply(s: State, action: Any) -> State:
    """The next state; IllegalActionError (with the clause) when illegal."""
    check_type(s, State, _NAME)
    if s.stack or s.phase is not Phase.PLAY:
        return rules.apply(s, action)
    try:
        legal = action in _turn_actions(s)
    except Exception:  # an action with a hostile field: the rule book explains
        legal = False
    if not legal:
        why = rules.RULES.check(s, action)
        if why is not None:
            raise IllegalActionError(why[0], why[1])
    result: State = rules.EFFECTS[type(action)](s, action)
    return result
