"""The fast paths: ``legal_actions``, ``is_legal`` and ``apply`` answered with less work than the
rule book, held to it by tests/gremlins_inc/test_differential.py.

While a frame is pending, or the game is over, the rule book answers (its frames' choices are
already direct). Between decisions, the turn owner's legal actions are built straight from the
hand and the projects, in the canonical order (GI-CARD-1) without a sort and with the interned
actions of the space; an action is applied after a membership test in them (remembered for the
last state asked) instead of its check.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.gremlins_inc import rules
from gremlinrules.gremlins_inc.actions import Action, EndTurn
from gremlinrules.gremlins_inc.flow import actions_allowed, kit
from gremlinrules.gremlins_inc.state import Phase, State

__all__ = ["apply", "is_legal", "legal_actions"]

_END = EndTurn()
_NAME = "Gremlins, Inc. State"
_LAST: list[Any] = [None, ()]
"""The last state whose turn actions were built, and them (held, so its identity stays unique)."""


def _counts(resources: tuple[str, ...], types: dict[str, str]) -> dict[str, int]:
    out = {"gold": 0, "malice": 0, "industry": 0}
    for c in resources:
        out[types[c]] += 1
    return out


def _turn_actions(s: State) -> tuple[Action, ...]:
    if _LAST[0] is s:
        return _LAST[1]  # type: ignore[no-any-return]
    k = kit(s)
    cards, types = k.cards, k.types
    me = s.turn
    if s.actions_used >= actions_allowed(s, me):
        out: tuple[Action, ...] = (_END,)
    else:
        hand = list(dict.fromkeys(s.hands[me]))  # sorted already: one entry per design
        row = s.projects[me]
        size = len(row)
        table = k.starts
        starts = [a for c in hand for a in table[c]] if size < k.components.max_projects else []
        table = k.assigns
        assigns = [a for c in hand for a in table[c][:size]]
        plays: list[Action] = []
        perms = s.permanents[me]
        held: dict[str, int] | None = None
        for c in hand:
            card = cards[c]
            if card.kind != "action":
                continue
            if held is None:
                held = {"gold": 0, "malice": 0, "industry": 0}
                for p in row:
                    for r in p.resources:
                        held[types[r]] += 1
            cost = rules.action_cost(s, me, card) if perms else card.cost
            if all(held[r] >= n for r, n in cost):
                plays.append(k.plays[c])
        completes: list[Action] = []
        for i, p in enumerate(row):
            design = cards[p.card]
            if design.kind != "action":
                got = _counts(p.resources, types)
                need = rules.completion_cost(s, me, p) if perms else design.needs
                if all(got[r] >= n for r, n in need):
                    completes.append(k.completes[i])
        cancels = k.cancels[:size]
        out = (*starts, *assigns, *plays, *completes, *cancels, _END)
    _LAST[0], _LAST[1] = s, out
    return out


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
        raise IllegalActionError(*(why or ("not a legal action now", "GI-TURN-1")))
    result: State = rules.EFFECTS[type(action)](s, action)
    return result
