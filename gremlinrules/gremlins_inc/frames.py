"""The pending decisions of Gremlins, Inc., as typed frames on ``State.stack`` (top last).

A turn stops for a decision in three places:

* the familiar-players start (GI-SETUP-3): each seat in turn discards and redraws,
  a :class:`Redraw`;
* paying a played card's cost (GI-PLAY-2): the payer picks the project each unit of the
  first type still owed comes from, a :class:`Payment` (the card and the units owed);
* a card's script (GI-EFFECT-1): where its player, or a target, must choose, the step stops
  with one of :class:`PlayerChoice`, :class:`ProjectChoice`, :class:`ResourceChoice`,
  :class:`DiscardChoice` or :class:`AssignChoice`. Each carries the :class:`Effect`: where
  the script stands (the card's player, the card, the step, the :class:`Stage` of that step,
  the target seats still to come, the chosen seat, project, destination and units left) and,
  for a project being completed, its uid (GI-DONE-4).

The card being played or completed is the frame's (``Payment.card``, ``Effect.card``): the
state keeps no field of its own for it (``State.resolving`` and ``State.completing`` read the
top frame).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_unstructure_fn

from gremlinrules.core.checks import is_int
from gremlinrules.core.enums import CodeRepr
from gremlinrules.core.frames import MAX_SEAT
from gremlinrules.core.frames import Frame
from gremlinrules.core.frames import field_check
from gremlinrules.core.frames import frame_types_of
from gremlinrules.gremlins_inc.components import MAX_AMOUNT
from gremlinrules.gremlins_inc.components import MAX_DECK
from gremlinrules.gremlins_inc.components import MAX_PASSIVES
from gremlinrules.gremlins_inc.components import RESOURCES

__all__ = [
    "FORMAT_VERSION", "FRAME_TYPES", "OWED_LIMIT", "UPGRADES", "AssignChoice", "DiscardChoice", "Effect",
    "EffectFrame",
    "Payment", "PendingFrame", "PlayerChoice", "ProjectChoice", "Redraw", "ResourceChoice", "Stage",
    "effect_problem", "register", "upgrade_v1",
]


class Stage(CodeRepr, enum.Enum):
    """Where a step of a card's script stands."""

    WHO = "who"
    """Finding its one target (the card's player chooses among several, GI-EFFECT-3)."""
    EACH = "each"
    """Taking the next seat of a step on everyone except you (GI-EFFECT-2)."""
    ACT = "act"
    """Acting on the target."""
    PROJECT = "project"
    """Choosing the target's project the step touches (GI-EFFECT-4)."""
    DEST = "dest"
    """Choosing where the resources taken go (GI-OP-6)."""
    UNITS = "units"
    """Taking resources one at a time (the type chosen when several could go, GI-EFFECT-5)."""
    DISCARD = "discard"
    """The target discards cards of their choice (GI-OP-4)."""
    ASSIGN = "assign"
    """The player assigns hand cards to their projects (GI-OP-5)."""


def _seat(_: Any, v: Any) -> bool:
    return is_int(v) and 0 <= v <= MAX_SEAT


def _card(_: Any, v: Any) -> bool:
    return type(v) is str and 0 < len(v) <= 64


@attrs.frozen(slots=True, weakref_slot=False)  # see core.evolve
class Effect:
    """Where a card's effect stands (GI-EFFECT-1). Its fields are checked by the frame that
    carries it (``effect_problem``), so the interpreter's many small changes to it copy the
    fields without a constructor (:mod:`gremlinrules.core.evolve`)."""

    player: int
    """The card's player (who chooses, GI-EFFECT-3)."""
    card: str
    """The card being played or completed."""
    step: int = 0
    """The step of the card's script (from 0)."""
    stage: Stage = Stage.WHO
    queue: tuple[int, ...] = ()
    """Target seats still to act on, clockwise (a step on ``everyone_except_you``)."""
    each: bool = False
    """The step acts on every seat of a queue (else on one chosen seat)."""
    seat: int = -1
    """The target seat, once found (-1 before)."""
    project: int = -1
    """The target's project (from 0), once chosen (-1 before)."""
    dest: int = -1
    """The destination project (from 0) of the resources taken, once chosen (-1 before)."""
    left: int = -1
    """Units (cards, resources) still to take; -1 before the step's acting begins."""
    completing: int = -1
    """The uid of the project being completed while its instructions are followed (it stays on
    the table, face up, until they are done, GI-DONE-4); -1 for a played card."""


def _index(v: Any) -> bool:
    return is_int(v) and -1 <= v <= MAX_SEAT


_EFFECT_FIELDS: tuple[tuple[str, str, Any], ...] = (
    ("player", f"a seat from 0 to {MAX_SEAT}", lambda v: _seat(None, v)),
    ("card", "a card design id", lambda v: _card(None, v)),
    ("step", "a step of the script, from 0", lambda v: is_int(v) and 0 <= v <= 1000),
    ("stage", "a Stage", lambda v: type(v) is Stage),
    ("queue", "up to 63 seats", lambda v: type(v) is tuple and len(v) <= MAX_SEAT
     and all(_seat(None, x) for x in v)),
    ("each", "a bool", lambda v: type(v) is bool),
    ("seat", "-1 or a seat", _index),
    ("project", "-1 or a project index", _index),
    ("dest", "-1 or a project index", _index),
    ("left", "-1 or a number of units", lambda v: is_int(v) and -1 <= v <= 1000),
    ("completing", "-1 or a project uid", lambda v: is_int(v) and v >= -1),
)


def effect_problem(v: Any) -> str | None:
    """What is wrong with ``v`` as an :class:`Effect` (``"<field> must be ..."``), or None."""
    if type(v) is not Effect:
        return "an Effect"
    for name, allowed, ok in _EFFECT_FIELDS:
        if not ok(getattr(v, name)):
            return f"an Effect whose {name} is {allowed}"
    return None


def register(conv: cattrs.Converter) -> cattrs.Converter:
    """Teach ``conv`` to write an :class:`Effect` without its defaults: what is not chosen yet (a
    seat, project, destination or units left of -1, no completion) is left out, never written as a
    negative placeholder, and read back as the default."""
    write = make_dict_unstructure_fn(Effect, conv, _cattrs_omit_if_default=True)
    conv.register_unstructure_hook(Effect, write)
    return conv


OWED_LIMIT = len(RESOURCES) * MAX_AMOUNT + MAX_DECK * MAX_PASSIVES * MAX_AMOUNT
"""GI-PLAY-4: the most resource units a Payment can owe with any set the validator accepts: every
type of a cost at its largest amount, raised by the largest change of every passive of every card
of the largest deck. A bound on what a decoded frame may claim, not a rule: the units a set can
really owe (the observation hint's capacity) follow from its cards."""


def _payment_owed(_: Any, v: Any) -> bool:
    return (type(v) is tuple and 0 < len(v) <= OWED_LIMIT
            and all(type(r) is str and r in RESOURCES for r in v))


@attrs.frozen(slots=True)
class Redraw(Frame):
    """GI-SETUP-3: in the familiar-players start, ``seat`` discards cards one at a time
    (:class:`~.actions.Discard`) and ends with :class:`~.actions.Done`, then draws back to a
    full hand."""


@attrs.frozen(slots=True)
class Payment(Frame):
    """GI-PLAY-2: ``seat`` pays the first unit ``owed`` from a project of their choice
    (:class:`~.actions.ChooseProject`), then the rest, then ``card`` resolves (GI-PLAY-3)."""

    card: str = attrs.field(validator=field_check("a card design id", _card))
    """The action card being played."""
    owed: tuple[str, ...] = attrs.field(
        validator=field_check(f"1 to {OWED_LIMIT} resource types", _payment_owed))
    """The resource units still owed, in order (one type after another)."""


def _effect(stages: tuple[Stage, ...], target: bool = False) -> Any:
    """A validator: the field is a well-formed Effect (``effect_problem``) at one of
    ``stages``, decided by its target seat (``target``) or by the card's player."""
    names = " or ".join(s.value for s in stages)
    who = "the target seat" if target else "the card's player"
    placed = field_check(f"an Effect at stage {names}, decided by {who}",
                         lambda f, v: v.stage in stages and f.seat == (v.seat if target else v.player))

    def validate(frame: Any, attribute: Any, value: Any) -> None:
        problem = effect_problem(value)
        if problem is not None:
            field_check(problem, lambda _, __: False)(frame, attribute, value)
        placed(frame, attribute, value)

    return validate


@attrs.frozen(slots=True)
class EffectFrame(Frame):
    """The base of the frames a card's script asks (not itself a frame of the game)."""

    effect: Effect
    """Where the script stands; the answer carries it on."""


@attrs.frozen(slots=True)
class PlayerChoice(EffectFrame):
    """GI-EFFECT-3: the card's player picks the target of the step
    (:class:`~.actions.ChoosePlayer`, :class:`~.actions.ChooseSelf`)."""

    effect: Effect = attrs.field(validator=_effect((Stage.WHO,)))


@attrs.frozen(slots=True)
class ProjectChoice(EffectFrame):
    """GI-EFFECT-4: the card's player picks the project the step touches (stage ``project``) or
    where the resources taken go (stage ``dest``) (:class:`~.actions.ChooseProject`)."""

    effect: Effect = attrs.field(validator=_effect((Stage.PROJECT, Stage.DEST)))


@attrs.frozen(slots=True)
class ResourceChoice(EffectFrame):
    """GI-EFFECT-5: the card's player picks the type of the next resource taken
    (:class:`~.actions.ChooseResource`)."""

    effect: Effect = attrs.field(validator=_effect((Stage.UNITS,)))


@attrs.frozen(slots=True)
class DiscardChoice(EffectFrame):
    """GI-OP-4: the target of a discard step discards a hand card of their choice
    (:class:`~.actions.Discard`)."""

    effect: Effect = attrs.field(validator=_effect((Stage.DISCARD,), target=True))


@attrs.frozen(slots=True)
class AssignChoice(EffectFrame):
    """GI-OP-5: the card's player assigns a hand card to one of their projects
    (:class:`~.actions.Assign`), or stops (:class:`~.actions.Done`)."""

    effect: Effect = attrs.field(validator=_effect((Stage.ASSIGN,)))


PendingFrame = Redraw | Payment | PlayerChoice | ProjectChoice | ResourceChoice | DiscardChoice | AssignChoice
"""Any frame of this game."""

FRAME_TYPES: tuple[type[Frame], ...] = frame_types_of(
    Redraw, Payment, PlayerChoice, ProjectChoice, ResourceChoice, DiscardChoice, AssignChoice)
"""Every frame class of the game, for the converter and the schema."""


FORMAT_VERSION = 2
"""The version of this game's state and view JSON: 2 since the decision frames are typed
(``{"type": "ProjectChoice", "seat": 0, "effect": {...}}``) and the card being played or
completed is the pending frame's (no ``resolving`` or ``completing`` in a state); version 1
documents still read (:data:`UPGRADES`)."""

_V1_CLASSES = {"redraw": "Redraw", "pay": "Payment", "choose-player": "PlayerChoice",
               "choose-project": "ProjectChoice", "choose-resource": "ResourceChoice",
               "discard": "DiscardChoice", "assign": "AssignChoice"}
_V1_KEYS = {"kind", "seat", "among", "source", "bound", "then"}


def _effect_of_v1(bound: dict[str, Any], card: Any, completing: Any) -> dict[str, Any]:
    """Version 1's bound values of an effect frame as an Effect's fields (numbers from 1 as from 0)."""
    def less(v: Any) -> Any:
        return v - 1 if is_int(v) else v

    effect: dict[str, Any] = {"player": bound.get("player"), "card": card, "step": less(bound.get("step")),
                              "stage": bound.get("stage")}
    if "queue" in bound:
        q = bound["queue"]
        effect["each"] = True
        effect["queue"] = [int(x) if x.isdigit() else x for x in q.split(".")] if type(q) is str and q else (
            [] if q == "" else q)
    if "seat" in bound:
        effect["seat"] = bound["seat"]
    for key in ("project", "dest"):
        if key in bound:
            effect[key] = less(bound[key])
    if "left" in bound:
        effect["left"] = bound["left"]
    if is_int(completing) and completing >= 0:
        effect["completing"] = completing
    return effect


def _frame_of_v1(frame: Any, completing: Any = -1) -> Any:
    """A version 1 frame (``kind``, ``source``, string-keyed ``bound``) as its typed frame; anything
    else unchanged, for the converter to report."""
    if type(frame) is not dict or set(frame) != _V1_KEYS or frame["kind"] not in _V1_CLASSES:
        return frame
    bound = frame["bound"]
    if type(bound) is not list or not all(type(b) is list and len(b) == 2 and type(b[0]) is str
                                          for b in bound):
        return frame
    values = dict(bound)
    out: dict[str, Any] = {"type": _V1_CLASSES[frame["kind"]], "seat": frame["seat"]}
    if frame["kind"] == "redraw":
        return out
    if frame["kind"] == "pay":
        owed = values.get("owed")
        return {**out, "card": frame["source"],
                "owed": owed.split(".") if type(owed) is str and owed else owed}
    return {**out, "effect": _effect_of_v1(values, frame["source"], completing)}


def _completing_in_view(data: dict[str, Any], frame: Any) -> int:
    """The uid a version 1 view's pending effect frame is completing (a view has no field for it):
    the turn owner's face-up project of the resolving card, when that card is not an action card."""
    from gremlinrules.gremlins_inc.components import REFERENCE
    from gremlinrules.gremlins_inc.components import parse_components

    card = frame.get("source") if type(frame) is dict else None
    try:
        comps = data["options"].get("components")
        cards = (REFERENCE if comps is None else parse_components(comps)).cards
        kind = {c.id: c.kind for c in cards}.get(card) if type(card) is str else None
        row = data["projects"][data["turn"]]
        if kind in (None, "action"):
            return -1
        uid: int = next(p["uid"] for p in row if p.get("face_up") is True and p.get("card") == card)
        return uid
    except Exception:  # a malformed document: no completion read; the converter reports the rest
        return -1


def upgrade_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version 1 state or view document as version 2: its untyped frames (the state's ``stack``,
    the view's ``pending``) as typed frames, a state's ``resolving`` dropped (it is the frame's
    card) and its ``completing`` moved into the pending effect."""
    out = dict(data)
    if type(out.get("stack")) is list:
        completing = out.pop("completing", -1)
        out.pop("resolving", None)
        out["stack"] = [_frame_of_v1(f, completing) for f in out["stack"]]
    if "pending" in out:
        out["pending"] = _frame_of_v1(out["pending"], _completing_in_view(out, out["pending"]))
    return out


UPGRADES = {1: upgrade_v1}
"""Each older format version's upgrade to the next (see :class:`gremlinrules.core.game.ModuleGame`)."""
