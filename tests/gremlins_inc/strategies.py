"""Hypothesis strategies of Gremlins, Inc. card data: valid script steps and passives, and whole user
card sets made from them (the validator's language, every op, selector, filter and passive)."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import strategies as st

from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.components import Components
from gremlinrules.gremlins_inc.components import parse_components

__all__ = ["OP_FIELDS", "OTHERS", "passives", "user_components", "valid_steps"]

OP_FIELDS: dict[str, tuple[str, ...]] = {
    "gain_score": ("amount", "target"), "lose_score": ("amount", "target"), "draw": ("amount", "target"),
    "discard": ("amount", "target"), "assign": ("amount",),
    "move_resource": ("amount", "target", "which", "resource", "to"),
    "steal_score": ("amount", "target"), "steal_resource": ("amount", "target", "which", "resource"),
    "steal_project": ("target", "which"), "discard_resource": ("amount", "target", "which", "resource"),
    "discard_project": ("target", "which"), "hide": ("target", "which"), "reveal": ("target", "which"),
}
"""Each op of the language but ``extra_turn`` (see :func:`valid_steps`) and the fields it reads."""

OTHERS = ("any_player", "any_opponent", "everyone_except_you", "highest_score", "lowest_score",
          "most_resources")
"""The selectors other than ``you``."""


@st.composite
def valid_steps(draw: st.DrawFn, extra_turns: bool = False) -> dict[str, Any]:
    """A step the language accepts: an op and a valid value for some of the fields it reads
    (``extra_turns``: an ``extra_turn`` step may be drawn too)."""
    ops = sorted(OP_FIELDS) + (["extra_turn"] if extra_turns else [])
    op = draw(st.sampled_from(ops))
    if op == "extra_turn":
        return {"op": op, "amount": draw(st.integers(1, 2))}
    choices: dict[str, st.SearchStrategy[Any]] = {
        "amount": st.integers(1, 10),
        "target": st.sampled_from([*OTHERS] if op.startswith("steal") else ["you", *OTHERS]),
        "which": st.sampled_from(["any", "hidden", "revealed", "most_resources"]),
        "resource": st.sampled_from(["any", "gold", "malice", "industry"]),
        "to": st.sampled_from(["you", "same"]),
    }
    step: dict[str, Any] = {"op": op}
    for key in OP_FIELDS[op]:
        if draw(st.booleans()) or (key == "target" and op.startswith("steal")):  # a steal needs a victim
            step[key] = draw(choices[key])
    if step.get("target") in ("highest_score", "lowest_score", "most_resources") and draw(st.booleans()):
        step["among"] = draw(st.sampled_from(["players", "opponents"]))
    return step


passives: st.SearchStrategy[dict[str, Any]] = st.one_of(
    st.builds(lambda a: {"effect": "bonus", "amount": a}, st.integers(1, 3)),
    st.builds(lambda a: {"effect": "extra_action", "amount": a}, st.integers(1, 2)),
    st.builds(lambda k, r, c: {"effect": "cost", "kind": k, "resource": r, "change": c},
              st.sampled_from(["action", "blueprint"]),
              st.sampled_from(["any", "gold", "malice", "industry"]),
              st.sampled_from([-2, -1, 1, 2])),
    st.builds(lambda op: {"effect": "protect", "against": op},
              st.sampled_from(["lose_score", "discard", "move_resource", "steal_score", "steal_resource",
                               "steal_project", "discard_resource", "discard_project", "reveal"])),
)
"""A continuous effect the language accepts."""


@st.composite
def user_components(draw: st.DrawFn) -> Components:
    """A user's own card set, through the validator: the reference deck's designs with the scripts of
    some cards, the passives of some permanents and the costs of some action cards redrawn (every
    op, extra turns included, every selector, filter and passive), and some copy counts changed."""
    data = copy.deepcopy(REFERENCE.to_data())
    data["name"] = "random-deck"
    cards = data["card"]
    for i in draw(st.lists(st.integers(0, len(cards) - 1), max_size=20, unique=True)):
        cards[i]["effect"] = draw(st.lists(valid_steps(extra_turns=True), min_size=1, max_size=4))
    for i in draw(st.lists(st.integers(0, len(cards) - 1), max_size=8, unique=True)):
        if cards[i]["kind"] == "permanent":
            cards[i]["passive"] = draw(st.lists(passives, min_size=1, max_size=3))
        elif cards[i]["kind"] == "action":
            cost = {"gold": draw(st.integers(0, 3)), "malice": draw(st.integers(0, 3))}
            cards[i]["cost"] = {r: k for r, k in cost.items() if k}
    for i in draw(st.lists(st.integers(0, len(cards) - 1), max_size=6, unique=True)):
        cards[i]["copies"] = draw(st.integers(1, 6))
    return parse_components(data)
