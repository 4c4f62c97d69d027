"""The reference rules of Gremlins, Inc.: one check and one effect per action kind, one decision
per kind of frame.

This module is the readable statement of the rules; :mod:`.fast` answers the same
questions faster, and the differential tests hold the two to each other.
``get_game("gremlins-inc", reference=True)`` plays with this module's
:func:`legal_actions`, :func:`is_legal` and :func:`apply`.

The turn (GI-TURN-1): two actions (more with an extra-action permanent), each one of
:class:`~.actions.Start` (GI-PROJ-1 to GI-PROJ-3), :class:`~.actions.Assign` (GI-RES-1),
:class:`~.actions.Play` (GI-PLAY-1 to GI-PLAY-3), :class:`~.actions.Complete` (GI-DONE-1 to
GI-DONE-4) and :class:`~.actions.Cancel` (GI-PROJ-4); :class:`~.actions.EndTurn` finishes it
early (GI-TURN-2). Paying a cost asks the payer which project each resource comes from (a
:class:`~.frames.Payment` frame); a card's effect runs in :mod:`.effects`. Every effect and
resume returns a :class:`~gremlinrules.core.step.Step` with its events, so
:func:`apply_with_events` (the rule book's) is the game's one source of events.
"""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import shown
from gremlinrules.core.messages import Message
from gremlinrules.core.messages import message
from gremlinrules.core.rulebook import Decision
from gremlinrules.core.rulebook import Reason
from gremlinrules.core.rulebook import Rule
from gremlinrules.core.rulebook import RuleBook
from gremlinrules.core.step import Step as Outcome
from gremlinrules.core.turns import game_over
from gremlinrules.core.turns import seat_count
from gremlinrules.core.turns import seat_to_decide
from gremlinrules.gremlins_inc import effects
from gremlinrules.gremlins_inc.actions import Action
from gremlinrules.gremlins_inc.actions import Assign
from gremlinrules.gremlins_inc.actions import Cancel
from gremlinrules.gremlins_inc.actions import ChoosePlayer
from gremlinrules.gremlins_inc.actions import ChooseProject
from gremlinrules.gremlins_inc.actions import ChooseResource
from gremlinrules.gremlins_inc.actions import ChooseSelf
from gremlinrules.gremlins_inc.actions import Complete
from gremlinrules.gremlins_inc.actions import Discard
from gremlinrules.gremlins_inc.actions import Done
from gremlinrules.gremlins_inc.actions import EndTurn
from gremlinrules.gremlins_inc.actions import Play
from gremlinrules.gremlins_inc.actions import Start
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.components import Card
from gremlinrules.gremlins_inc.events import Completed
from gremlinrules.gremlins_inc.events import TurnBegan
from gremlinrules.gremlins_inc.events import acted
from gremlinrules.gremlins_inc.flow import actions_allowed
from gremlinrules.gremlins_inc.flow import adjusted
from gremlinrules.gremlins_inc.flow import after_action
from gremlinrules.gremlins_inc.flow import cards_of
from gremlinrules.gremlins_inc.flow import draw
from gremlinrules.gremlins_inc.flow import end_turn
from gremlinrules.gremlins_inc.flow import forget
from gremlinrules.gremlins_inc.flow import have
from gremlinrules.gremlins_inc.flow import kit
from gremlinrules.gremlins_inc.flow import with_row
from gremlinrules.gremlins_inc.frames import AssignChoice
from gremlinrules.gremlins_inc.frames import DiscardChoice
from gremlinrules.gremlins_inc.frames import Payment
from gremlinrules.gremlins_inc.frames import PlayerChoice
from gremlinrules.gremlins_inc.frames import ProjectChoice
from gremlinrules.gremlins_inc.frames import Redraw
from gremlinrules.gremlins_inc.frames import ResourceChoice
from gremlinrules.gremlins_inc.state import Phase
from gremlinrules.gremlins_inc.state import Project
from gremlinrules.gremlins_inc.state import State
from gremlinrules.gremlins_inc.state import evolve

__all__ = [
    "CHECKS", "RULES", "action_cost", "apply", "apply_with_events", "completion_cost", "current_player",
    "is_legal", "is_terminal", "legal_actions", "pay", "pay_choices", "players", "redraw_choices",
]

_NAME = "Gremlins, Inc. State"


# ---- costs ---------------------------------------------------------------------------------


def _held(s: State, seat: int) -> dict[str, int]:
    """Resources on all of the seat's projects, by type (what it can pay with, GI-PLAY-2)."""
    cards = cards_of(s)
    out = dict.fromkeys(RESOURCES, 0)
    for p in s.projects[seat]:
        for r, k in have(p.resources, cards).items():
            out[r] += k
    return out


def action_cost(s: State, seat: int, card: Card) -> tuple[tuple[str, int], ...]:
    """GI-PLAY-1, GI-PASSIVE-1: the action card's cost for ``seat`` after its cost passives."""
    return adjusted(s, seat, card.cost, "action", _held(s, seat))


def completion_cost(s: State, seat: int, project: Project) -> tuple[tuple[str, int], ...]:
    """GI-DONE-1, GI-PASSIVE-1: what the project needs assigned, after the owner's cost passives."""
    cards = cards_of(s)
    return adjusted(s, seat, cards[project.card].needs, "blueprint", have(project.resources, cards))


def _short(value: Any) -> str:
    return value if type(value) is str and len(value) <= 40 else shown(value)


def _bad_card(card: Any) -> Message:
    return message("gi.illegal.no-such-card", "{card} is not a card of this deck", card=_short(card))


def _not_held(card: Any) -> Message:
    return message("gi.illegal.not-held", "you hold no {card}", card=_short(card))


def _no_project(index: Any) -> Message:
    shown_index: int | str = index if is_int(index) and -100 < index < 100 else shown(index)
    return message("gi.illegal.no-project", "you have no project number {index}", index=shown_index)


# ---- checks --------------------------------------------------------------------------------


def _turn(s: State) -> Reason | None:
    if s.actions_used >= actions_allowed(s, s.turn):
        return "you have used this turn's actions: end the turn", "GI-TURN-1"
    return None


def _in_hand(s: State, card: Any) -> Reason | None:
    if type(card) is not str or card not in cards_of(s):
        return _bad_card(card), "GI-CARD-1"
    if card not in s.hands[s.turn]:
        return _not_held(card), "GI-TURN-1"
    return None


def _project(s: State, number: Any) -> Reason | None:
    if not is_int(number) or not 1 <= number <= len(s.projects[s.turn]):
        return _no_project(number), "GI-PROJ-5"
    return None


def _check_start(s: State, a: Start) -> Reason | None:
    if type(a.face_up) is not bool:  # 1 is not True (core.checks.exact)
        return _malformed(a)
    why = _turn(s) or _in_hand(s, a.card)
    if why is not None:
        return why
    if len(s.projects[s.turn]) >= s.components.max_projects:
        return "you already have 3 projects: complete or cancel one first", "GI-PROJ-2"
    if a.face_up is True and not cards_of(s)[a.card].face_up:
        return "this card may only be started face down", "GI-PROJ-3"
    return None


def _check_assign(s: State, a: Assign) -> Reason | None:
    return _turn(s) or _in_hand(s, a.card) or _project(s, a.project)


def _check_play(s: State, a: Play) -> Reason | None:
    why = _turn(s) or _in_hand(s, a.card)
    if why is not None:
        return why
    card = cards_of(s)[a.card]
    if card.kind != "action":
        return "only an action card can be played; start a blueprint as a project", "GI-PLAY-1"
    held = _held(s, s.turn)
    if any(held[r] < k for r, k in action_cost(s, s.turn, card)):
        return "your projects do not hold the resources this card costs", "GI-PLAY-2"
    return None


def _check_complete(s: State, a: Complete) -> Reason | None:
    why = _turn(s) or _project(s, a.project)
    if why is not None:
        return why
    p = s.projects[s.turn][a.project - 1]
    if not cards_of(s)[p.card].completable:
        return "an action card started as a project can never be completed", "GI-DONE-2"
    held = have(p.resources, cards_of(s))
    if any(held[r] < k for r, k in completion_cost(s, s.turn, p)):
        return "the resources assigned to this project do not meet its cost", "GI-DONE-1"
    return None


def _check_cancel(s: State, a: Cancel) -> Reason | None:
    return _turn(s) or _project(s, a.project)


def _check_end(s: State, a: EndTurn) -> Reason | None:
    return None  # GI-TURN-2: a turn may end after any number of its actions


# ---- effects -------------------------------------------------------------------------------


def _used(s: State) -> State:
    return evolve(s, actions_used=s.actions_used + 1)


def _take_hand(s: State, card: str) -> tuple[tuple[str, ...], ...]:
    hand = list(s.hands[s.turn])
    hand.remove(card)
    return s.hands[:s.turn] + (tuple(hand),) + s.hands[s.turn + 1:]


def start(s: State, a: Start) -> Outcome[State]:
    """GI-PROJ-1: the card goes from hand to the table as a project, face down unless started face
    up (GI-PROJ-3)."""
    me = s.turn
    p = Project(s.next_uid, a.card, a.face_up is True)
    s = evolve(s, hands=_take_hand(s, a.card), projects=with_row(s, me, (*s.projects[me], p)),
               next_uid=s.next_uid + 1)
    return after_action(_used(s))


def assign(s: State, a: Assign) -> Outcome[State]:
    """GI-RES-1: the card goes behind the project as one resource of its type."""
    return after_action(_used(effects.assign_card(s, s.turn, a.card, a.project - 1)))


def play(s: State, a: Play) -> Outcome[State]:
    """GI-PLAY-1 to GI-PLAY-3: pay, resolve, discard (the card is the pending frame's meanwhile)."""
    me = s.turn
    card = cards_of(s)[a.card]
    owed = tuple(r for r, k in action_cost(s, me, card) for _ in range(k))
    s = _used(evolve(s, hands=_take_hand(s, a.card)))
    return pay(s, me, a.card, owed)


def pay_choices(s: State, seat: int, resource: str) -> list[int]:
    """GI-PLAY-2: the seat's projects holding a resource of that type."""
    cards = cards_of(s)
    return [i for i, p in enumerate(s.projects[seat])
            if any(cards[x].resource == resource for x in p.resources)]


def _pay_one(s: State, seat: int, project: int, resource: str) -> State:
    """The most recently assigned resource of the type leaves the project for the discard pile
    (GI-RES-2)."""
    cards = cards_of(s)
    row = s.projects[seat]
    p = row[project]
    pos = max(i for i, x in enumerate(p.resources) if cards[x].resource == resource)
    card = p.resources[pos]
    q = attrs.evolve(p, resources=p.resources[:pos] + p.resources[pos + 1:])
    return evolve(s, projects=with_row(s, seat, row[:project] + (q,) + row[project + 1:]),
                  discard=tuple(sorted((*s.discard, card))))


def pay(s: State, seat: int, card: str, owed: tuple[str, ...]) -> Outcome[State]:
    """Pay ``owed`` (resource units in order), asking which project each comes from when the
    payer has a choice (GI-PLAY-2); then resolve the card (GI-PLAY-3)."""
    while owed:
        found = pay_choices(s, seat, owed[0])
        if len(found) > 1:
            return Outcome(evolve(s, stack=(*s.stack, Payment(seat, card, owed))))
        if found:
            s = _pay_one(s, seat, found[0], owed[0])
        owed = owed[1:]
    return effects.start_effect(s, seat, card)


def complete(s: State, a: Complete) -> Outcome[State]:
    """GI-DONE-1 to GI-DONE-4: reveal, score (with bonuses, GI-PASSIVE-5) and follow the card's
    instructions while the project stays on the table; afterwards (:func:`.effects.finish_effect`)
    the project leaves, all its resources are discarded, and the card is discarded or stays
    active (GI-DONE-3)."""
    me = s.turn
    row = s.projects[me]
    i = a.project - 1
    p = row[i]
    cards = cards_of(s)
    bonus = sum(x.amount for c in s.permanents[me] for x in cards[c].passive if x.effect == "bonus")
    gained = cards[p.card].score + bonus
    scores = s.scores[:me] + (s.scores[me] + gained,) + s.scores[me + 1:]
    shown_ = attrs.evolve(p, face_up=True)  # GI-DONE-1: revealed (if it was not)
    s = evolve(s, projects=with_row(s, me, row[:i] + (shown_,) + row[i + 1:]), scores=scores,
               seen=forget(s.seen, p.uid))
    done = Completed(me, p.card, gained, p.uid)
    return Outcome(s, (done,)).then(lambda t: effects.start_effect(_used(t), me, p.card, p.uid))


def cancel(s: State, a: Cancel) -> Outcome[State]:
    """GI-PROJ-4: the project and its resources are discarded; no score."""
    me = s.turn
    row = s.projects[me]
    i = a.project - 1
    p = row[i]
    s = evolve(s, projects=with_row(s, me, row[:i] + row[i + 1:]),
               discard=tuple(sorted((*s.discard, p.card, *p.resources))), seen=forget(s.seen, p.uid))
    return after_action(_used(s))


def end(s: State, a: EndTurn) -> Outcome[State]:
    """GI-TURN-2: the turn ends now."""
    return end_turn(s)


# ---- decisions -----------------------------------------------------------------------------


def redraw_choices(s: State, frame: Redraw) -> tuple[Action, ...]:
    """GI-SETUP-3: any hand card, one at a time, or keep the rest."""
    return (*(Discard(c) for c in sorted(set(s.hands[frame.seat]))), Done())


def resume_redraw(s: State, frame: Redraw, a: Discard | Done) -> Outcome[State]:
    """GI-SETUP-3: a discard asks again; keeping the rest draws back to a full hand, and the next
    seat redraws (or, after the last, the first turn begins)."""
    if type(a) is Discard:
        s = effects.discard_card(s, frame.seat, a.card)
        return Outcome(evolve(s, stack=(*s.stack, frame)))
    s, drawn = draw(s, frame.seat, s.components.hand_size - len(s.hands[frame.seat]))
    if s.stack:
        return Outcome(s, drawn)
    return Outcome(evolve(s, phase=Phase.PLAY), (*drawn, TurnBegan(s.turn, s.round)))


def _pay_frame_choices(s: State, frame: Payment) -> tuple[Action, ...]:
    if not 0 <= frame.seat < s.players:
        return ()
    return tuple(ChooseProject(frame.seat, i + 1) for i in pay_choices(s, frame.seat, frame.owed[0]))


def resume_pay(s: State, frame: Payment, a: ChooseProject) -> Outcome[State]:
    """GI-PLAY-2: one resource of the first type still owed leaves the chosen project."""
    s = _pay_one(s, frame.seat, a.project - 1, frame.owed[0])
    return pay(s, frame.seat, frame.card, frame.owed[1:])


DECISIONS: tuple[Decision[State], ...] = (
    Decision(Redraw, (Discard, Done), "GI-SETUP-3", "discard a card to redraw it, or keep the rest",
             redraw_choices, resume_redraw),
    Decision(Payment, ChooseProject, "GI-PLAY-2", "choose the project that pays the next resource",
             _pay_frame_choices, resume_pay),
    Decision(PlayerChoice, (ChoosePlayer, ChooseSelf), "GI-EFFECT-3", "choose the player the card targets",
             effects.choices, effects.resume),
    Decision(ProjectChoice, ChooseProject, "GI-EFFECT-4", "choose the project the card touches",
             effects.choices, effects.resume),
    Decision(ResourceChoice, ChooseResource, "GI-EFFECT-5", "choose the type of resource taken",
             effects.choices, effects.resume),
    Decision(DiscardChoice, Discard, "GI-OP-4", "choose a card to discard from your hand",
             effects.choices, effects.resume),
    Decision(AssignChoice, (Assign, Done), "GI-OP-5", "assign a hand card to one of your projects, or stop",
             effects.choices, effects.resume),
)


# ---- generation and the rule book ------------------------------------------------------------


def _generate(s: State) -> tuple[Action, ...]:
    """Every legal action when no frame is pending, in the canonical order (GI-CARD-1)."""
    k = kit(s)
    me = s.turn
    out: list[Action] = [EndTurn()]
    if _turn(s) is None:
        hand = sorted(set(s.hands[me]))
        rows = range(1, len(s.projects[me]) + 1)
        for c in hand:
            out += [Start(c, False), Start(c, True), Play(c)]
            out += [Assign(c, i) for i in rows]
        out += [Complete(i) for i in rows] + [Cancel(i) for i in rows]
    legal = [a for a in out if CHECKS[type(a)](s, a) is None]
    return tuple(sorted(legal, key=k.index.__getitem__))


def _over(s: State) -> Reason | None:
    return ("the game is over", "GI-END-4") if s.phase is Phase.OVER else None


def _malformed(action: Any) -> Reason:
    return message("gi.illegal.not-an-action", "{action} is not a Gremlins, Inc. action",
                   action=shown(action)), "GI-CARD-1"


CHECKS: dict[type, Any] = {
    Start: _check_start, Assign: _check_assign, Play: _check_play, Complete: _check_complete,
    Cancel: _check_cancel, EndTurn: _check_end,
}
"""The check of each turn action (also used by :mod:`.fast` for the reasons it does not hold)."""

EFFECTS: dict[type, Any] = {Start: start, Assign: assign, Play: play, Complete: complete, Cancel: cancel,
                            EndTurn: end}

RULES: RuleBook[State] = RuleBook(
    title="Gremlins, Inc.",
    state_type=State,
    rules=[Rule(cls, CHECKS[cls], EFFECTS[cls]) for cls in CHECKS],
    decisions=DECISIONS,
    over=_over,
    generate=_generate,
    malformed=_malformed,
    announce=acted,
)
"""The reference rule book."""


current_player = seat_to_decide(State, Phase.OVER, __name__, "The seat that must decide now: the top "
                                "frame's seat, else the turn owner; None once the game is over.")


is_terminal = game_over(State, Phase.OVER, __name__, "True once the game is over (GI-END-4).", _NAME)


players = seat_count(State, _NAME, __name__)


legal_actions = RULES.legal_actions
is_legal = RULES.is_legal
apply = RULES.apply
apply_with_events = RULES.apply_with_events
