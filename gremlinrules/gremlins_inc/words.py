"""Gremlins, Inc. in sentences a person reads (issue 31): what a view shows (``view_lines``) and
what an event was for a seat (``event_sentence``), from the view or the event alone.

A card's rules text (:func:`card_text`) is written from its validated component data (its kind,
resource, cost or completion cost, score, effect script and continuous effects), never from a
table of texts per card, so a user's own deck reads as the reference deck does and the words
say what the engine plays (the card's own ``text`` field is what its owner typed; the engine
never reads it). Seats are "You" for the seat itself and "Seat N" otherwise, as the action
labels and ``textview.seat_name`` number them; projects by their number in their owner's row,
from 1, as the actions name them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.words import count as _count
from gremlinrules.core.words import listing as _listing
from gremlinrules.core.words import refusing
from gremlinrules.core.words import seat_object as _object
from gremlinrules.core.words import seat_possessive as _possessive
from gremlinrules.core.words import seat_subject as _subject
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
from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.components import RESOURCES
from gremlinrules.gremlins_inc.components import Card
from gremlinrules.gremlins_inc.components import Components
from gremlinrules.gremlins_inc.components import Passive
from gremlinrules.gremlins_inc.components import Step
from gremlinrules.gremlins_inc.events import EVENT_TYPES
from gremlinrules.gremlins_inc.events import Acted
from gremlinrules.gremlins_inc.events import Completed
from gremlinrules.gremlins_inc.events import Drawn
from gremlinrules.gremlins_inc.events import Reshuffled
from gremlinrules.gremlins_inc.events import RoundEnded
from gremlinrules.gremlins_inc.events import TurnBegan
from gremlinrules.gremlins_inc.frames import AssignChoice
from gremlinrules.gremlins_inc.frames import DiscardChoice
from gremlinrules.gremlins_inc.frames import Effect
from gremlinrules.gremlins_inc.frames import EffectFrame
from gremlinrules.gremlins_inc.frames import Payment
from gremlinrules.gremlins_inc.frames import PlayerChoice
from gremlinrules.gremlins_inc.frames import ProjectChoice
from gremlinrules.gremlins_inc.frames import Redraw
from gremlinrules.gremlins_inc.frames import ResourceChoice
from gremlinrules.gremlins_inc.frames import Stage
from gremlinrules.gremlins_inc.state import Phase
from gremlinrules.gremlins_inc.view import ProjectView
from gremlinrules.gremlins_inc.view import View

__all__ = ["END_REASONS", "card_name", "card_text", "effect_text", "event_sentence", "passive_text",
           "view_lines"]

_REFUSING = refusing("Gremlins, Inc.")
"""Refuses a value no game makes with InvalidArgumentError (:func:`~gremlinrules.core.words.refusing`)."""

END_REASONS: dict[str, str] = {
    "GI-END-2": "A player (in team play, a team by its sum) reached the target score.",
    "GI-END-3": "The deck ran out for the last time of the reshuffles the game is played for.",
    "GI-BOUND-1": "The round limit of the house rule was reached before the game ended by its own rules.",
}
"""Why a game ended, in words, by the clause ``end_reason`` names."""





# --- grammar ---------------------------------------------------------------------------------





def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")








def _their(seat: int | None, viewer: int | None) -> str:
    """"your" for the viewer, else "their" (the subject's own)."""
    return "your" if seat is not None and seat == viewer else "their"


def _must(seat: int | None, viewer: int | None) -> str:
    return f"{_subject(seat, viewer)} must"


# --- cards -----------------------------------------------------------------------------------

def _humane(card_id: str) -> str:
    """A design id as words, for a card no known set names ("pickpocket-deluxe": "Pickpocket
    Deluxe")."""
    return " ".join(w.capitalize() for w in card_id.split("-")) or "a card"


def card_name(card: Any, components: Components | None = None) -> str:
    """The name of design ``card`` in ``components`` (None: the reference deck); a design the set
    lacks is its id in words, never a code."""
    comps = REFERENCE if components is None else components
    if type(card) is not str:
        return "a card"
    if comps.has(card):
        return comps.card(card).name
    if comps is not REFERENCE and REFERENCE.has(card):
        return REFERENCE.card(card).name
    return _humane(card) if len(card) <= 64 else "a card"


def _amounts(pairs: Iterable[tuple[str, int]]) -> str:
    """"2 gold and 1 malice", most common resource first (resources are uncountable nouns)."""
    ordered = sorted(pairs, key=lambda p: RESOURCES.index(p[0]) if p[0] in RESOURCES else len(RESOURCES))
    return _listing((f"{n} {r}" for r, n in ordered), empty="nothing")


def _units(n: int, resource: str) -> str:
    """"2 resources", "1 gold"."""
    return _count(n, "resource") if resource == "any" else f"{n} {resource}"


def _who(step: Step) -> str:
    """The step's target as a third-person subject ("any opponent", "the player with the highest
    score")."""
    t = step.target
    noun = "opponent" if step.among == "opponents" else "player"
    if t in ("highest_score", "lowest_score"):
        return f"the {noun} with the {'highest' if t == 'highest_score' else 'lowest'} score"
    if t == "most_resources":
        return f"the {noun} who owns the project with the most resources"
    return {"any_player": "any player", "any_opponent": "any opponent",
            "everyone_except_you": "everyone except you"}.get(t, "you")


_YOUR_PROJECTS = {"any": "one of your projects", "hidden": "one of your hidden projects",
                  "revealed": "one of your revealed projects",
                  "most_resources": "your project with the most resources"}


def _projects(step: Step) -> str:
    """Which project of the target the step touches ("a revealed project of any opponent")."""
    which = step.which
    if step.target == "you":
        return _YOUR_PROJECTS.get(which, "one of your projects")
    if which == "most_resources" and step.target == "most_resources":
        return ("the project with the most resources of any opponent" if step.among == "opponents"
                else "the project with the most resources (yours too)")
    owner = "each other player" if step.target == "everyone_except_you" else _who(step)
    if which == "most_resources":
        return f"the project with the most resources of {owner}"
    kind = {"hidden": "hidden ", "revealed": "revealed "}.get(which, "")
    return f"a {kind}project of {owner}"


def _step_text(step: Step) -> str:
    """One step of an effect script in words, as an instruction to the card's player ("draw 2
    cards", "any opponent loses 2 score")."""
    op, n, you = step.op, step.amount, step.target == "you"
    who = _who(step)
    if op in ("gain_score", "lose_score"):
        verb = "get" if op == "gain_score" else "lose"
        return f"{verb} {n} score" if you else f"{who} {verb}s {n} score"
    if op == "draw":
        return f"draw {_count(n, 'card')}" if you else f"{who} draws {_count(n, 'card')}"
    if op == "discard":
        if you:
            return f"discard {_count(n, 'card')} from your hand"
        return f"{who} discards {_count(n, 'card')} from their hand, of their choice"
    if op == "assign":
        return f"assign up to {_count(n, 'card')} from your hand to your projects"
    if op == "move_resource":
        if step.to == "same":
            dest = "another of your projects" if you else "another project of the same player"
        else:
            dest = "one of your projects"
        return f"move up to {_units(n, step.resource)} from {_projects(step)} to {dest}"
    if op == "steal_score":
        return f"steal up to {n} score from {who}"
    if op == "steal_resource":
        return f"steal up to {_units(n, step.resource)} from {_projects(step)} onto one of your projects"
    if op == "steal_project":
        return f"steal {_projects(step)} with all its resources, if you have room for it"
    if op == "discard_resource":
        return f"discard up to {_units(n, step.resource)} from {_projects(step)}"
    if op == "discard_project":
        return f"discard {_projects(step)} with all its resources"
    if op in ("hide", "reveal"):
        return f"{op} {_projects(step)}"
    if op == "extra_turn":
        return f"take {_count(n, 'extra turn')} right after this one"
    return "do something this library cannot say"  # pragma: no cover (the loader knows every op)


_OTHERS_ACT = frozenset({"gain_score", "lose_score", "draw", "discard"})
"""Ops whose target, not the card's player, does what the step says."""


def effect_text(steps: Iterable[Step]) -> str:
    """An effect script in words, its steps in order ("draw 3 cards, then discard 2 cards from
    your hand"; "everyone except you draws 1 card, then you draw 2 cards"); "no effect" for
    none."""
    out: list[str] = []
    other = False  # the last step's subject was another player: say "you" again
    for step in steps:
        text = _step_text(step)
        mine = step.target == "you" or step.op not in _OTHERS_ACT
        out.append(f"you {text}" if mine and other else text)
        other = not mine
    return ", then ".join(out) or "no effect"


_PROTECT = {
    "lose_score": "make you lose score", "discard": "make you discard cards",
    "move_resource": "move resources off your projects", "steal_score": "steal your score",
    "steal_resource": "steal resources from your projects", "steal_project": "steal your projects",
    "discard_resource": "discard resources from your projects", "discard_project": "discard your projects",
    "reveal": "reveal your projects",
}
"""What a ``protect`` passive keeps opponents' cards from doing, by the op it names."""


def passive_text(passive: Passive) -> str:
    """A continuous effect in words, for its owner ("your action cards cost 1 less gold")."""
    p = passive
    if p.effect == "cost":
        n = abs(p.change)
        unit = f"resource{'s' if n > 1 else ''} of one type they name" if p.resource == "any" else p.resource
        what = f"{n} {'less' if p.change < 0 else 'more'} {unit}"
        if p.kind == "action":
            return f"your action cards cost {what}"
        return f"your blueprints need {what} to complete"
    if p.effect == "bonus":
        return f"each blueprint you complete gives you {p.amount} extra score"
    if p.effect == "protect":
        return f"opponents' cards cannot {_PROTECT.get(p.against, 'harm you')}"
    return f"you have {_count(p.amount, 'extra action')} each turn"


_KIND = {"action": "action card", "blueprint": "blueprint", "permanent": "blueprint-permanent"}


def card_text(card: Card) -> str:
    """A card's rules text, from its component data alone: "Loose Screws: an action card; counts
    as gold; costs nothing. Draw 2 cards." (a blueprint says what it needs, what it scores and
    what happens on completion; a permanent, what it does while active)."""
    facts = [f"{'an' if card.kind == 'action' else 'a'} {_KIND.get(card.kind, card.kind)}",
             f"counts as {card.resource}"]
    if card.kind == "action":
        facts.append(f"costs {_amounts(card.cost)}")
        return f"{card.name}: {'; '.join(facts)}. {_sentence(effect_text(card.effect))}"
    facts += [f"needs {_amounts(card.needs)} to complete", f"scores {card.score}"]
    if card.face_up:
        facts.append("may be started face up")
    out = f"{card.name}: {'; '.join(facts)}."
    if card.effect:
        out += f" On completion, {effect_text(card.effect)}."
    if card.passive:
        out += f" While active, {'; '.join(passive_text(p) for p in card.passive)}."
    if not card.effect and not card.passive:
        out += " No effect."
    return out


def _sentence(text: str) -> str:
    return (text[:1].upper() + text[1:] + ".") if text else text


def _design(comps: Components, card: Any) -> Card | None:
    return comps.card(card) if type(card) is str and comps.has(card) else None


def _step_of(comps: Components, effect: Effect) -> Step | None:
    found = _design(comps, effect.card)
    if found is None or not 0 <= effect.step < len(found.effect):
        return None
    return found.effect[effect.step]


# --- the view --------------------------------------------------------------------------------

def _components(view: View) -> Components:
    comps = view.options.components
    return REFERENCE if comps is None else comps


def _goal(view: View) -> str:
    o = view.options
    teams = o.teams != "none"
    if o.end == "score":
        who = "a team" if teams else "a player"
        text = f"The game ends after the round in which {who} reaches {o.target} score"
    elif o.reshuffles:
        text = (f"The game ends after the round in which the deck runs out once it has been reshuffled "
                f"{_times(o.reshuffles)}")
    else:
        text = "The game ends after the round in which the deck first runs out"
    if o.bounded:
        text += f", or after round {o.round_limit} at the latest (a house rule)"
    return text + "."


def _teams(view: View) -> list[str]:
    if view.options.teams == "none":
        return []
    out = []
    for team in range(max(view.teams) + 1):
        members = [s for s, t in enumerate(view.teams) if t == team]
        names = _listing(_object(s, view.seat) for s in members)
        score = view.team_scores[team] if team < len(view.team_scores) else 0
        out.append(f"{names[:1].upper()}{names[1:]} play as a team ({score} score together).")
    return out


def _effect_what(comps: Components, effect: Effect) -> str:
    name = card_name(effect.card, comps)
    return f"{name} (just completed)" if effect.completing >= 0 else name


def _pending(view: View, comps: Components) -> str:
    """Who decides what now, from the frame on top of the stack."""
    v, me = view, view.seat
    frame = v.pending
    if v.phase is Phase.OVER or v.current_player is None:
        if not v.winners:
            return "The game is over."
        wins = _listing(_object(w, me) for w in v.winners)
        return f"The game is over. {'The winners are' if len(v.winners) > 1 else 'The winner is'} {wins}."
    if frame is None:
        return (f"{_must(v.current_player, me)} choose an action: start a project, assign a card to a "
                "project, play an action card, complete or cancel a project, or end the turn.")
    must = _must(frame.seat, me)
    their = _their(frame.seat, me)
    if type(frame) is Redraw:
        return (f"{must} discard cards from {their} hand one at a time to draw new ones, or keep the rest "
                "(the familiar-players start).")
    if type(frame) is Payment:
        owed: dict[str, int] = {}
        for r in frame.owed:
            owed[r] = owed.get(r, 0) + 1
        return (f"{must} pay for {card_name(frame.card, comps)}: choose the project the next "
                f"{frame.owed[0]} comes from (still owed: {_amounts(owed.items())}).")
    if not isinstance(frame, EffectFrame):
        return f"{_subject(frame.seat, me)} decides."  # pragma: no cover (every frame is answered)
    e = frame.effect
    what = _effect_what(comps, e)
    step = _step_of(comps, e)
    does = f" ({effect_text((step,))})" if step is not None else ""
    if type(frame) is PlayerChoice:
        return f"{must} choose the player {what} targets{does}."
    if type(frame) is ProjectChoice:
        if e.stage is Stage.DEST:
            return f"{must} choose the project the resources {what} takes go to{does}."
        if e.seat == frame.seat:
            whose = f"of {their} own projects"
        else:
            whose = "of your projects" if e.seat == me else f"of {_possessive(e.seat, me)} projects"
        return f"{must} choose which {whose} {what} touches{does}."
    if type(frame) is ResourceChoice:
        return f"{must} choose the type of the next resource {what} takes, {e.left} still to take{does}."
    if type(frame) is DiscardChoice:
        return (f"{must} discard a card of {their} choice from {their} hand for {what} "
                f"({e.left} still to discard).")
    if type(frame) is AssignChoice:
        return (f"{must} assign a card from {their} hand to one of {their} projects for {what} "
                f"(up to {e.left} more), or stop.")
    return f"{_subject(frame.seat, me)} decides for {what}."  # pragma: no cover


def _grouped(cards: Iterable[str], comps: Components) -> str:
    """Card names with their copies counted: "Envy (2 copies), Loose Screws"."""
    counts: dict[str, int] = {}
    for c in cards:
        name = card_name(c, comps)
        counts[name] = counts.get(name, 0) + 1
    return _listing(f"{name} ({n} copies)" if n > 1 else name for name, n in counts.items())


def _resources(p: ProjectView, comps: Components) -> str:
    if not p.resources:
        return "nothing assigned"
    if p.resource_cards is not None:
        return "assigned: " + _listing(f"{card_name(c, comps)} ({r})"
                                       for c, r in zip(p.resource_cards, p.resources, strict=False))
    counts: dict[str, int] = {}
    for r in p.resources:
        counts[r] = counts.get(r, 0) + 1
    return "assigned: " + _amounts(counts.items())


def _project(view: View, owner: int, index: int, p: ProjectView, comps: Components) -> str:
    face = "face up" if p.face_up else "face down"
    if p.card is None:
        what = "a face-down card"
    else:
        design = _design(comps, p.card)
        name = card_name(p.card, comps)
        if not p.face_up:
            face += " (only you know it)" if owner == view.seat else " (you saw it face up before)"
        if design is None:
            what = f"{name}, {face}"
        elif design.kind == "action":
            what = f"{name}, {face}, an action card that can never be completed"
        else:
            what = f"{name}, {face}, needs {_amounts(design.needs)} to complete and scores {design.score}"
    return f"  Project {index + 1}: {what}; {_resources(p, comps)}."


def _seat_line(view: View, seat: int, comps: Components) -> list[str]:
    name = f"Seat {seat} (you)" if seat == view.seat else f"Seat {seat}"
    hand = view.hand_sizes[seat] if seat < len(view.hand_sizes) else 0
    row = view.projects[seat] if seat < len(view.projects) else ()
    perms = view.permanents[seat] if seat < len(view.permanents) else ()
    parts = [f"{view.scores[seat]} score", f"{_count(hand, 'card')} in hand",
             _count(len(row), "project") if row else "no projects"]
    out = [f"{name}: {'; '.join(parts)}."]
    out += [_project(view, seat, i, p, comps) for i, p in enumerate(row)]
    for perm in perms:
        design = _design(comps, perm)
        does = f": {'; '.join(passive_text(x) for x in design.passive)}" if design is not None else ""
        out.append(f"  Active permanent {card_name(perm, comps)}{does}.")
    return out


@_REFUSING
@guarded
def view_lines(view: View) -> tuple[str, ...]:
    """What ``view`` shows, in sentences: who is looking, the end of the game, whose turn it is and
    the decision pending, the viewer's hand with each card's rules text, the deck and the discard
    pile, and each seat's score, hand size, projects and active permanents (GI-VIEW-1 to GI-VIEW-4:
    only what the view holds)."""
    check_type(view, View, "Gremlins, Inc. View")
    v, me = view, view.seat
    comps = _components(v)
    out = [f"You are watching {v.players} players as a spectator." if me is None
           else f"You are seat {me} of {v.players}."]
    out += _teams(v)
    out.append(_goal(v))
    if v.phase is Phase.REDRAW:
        out.append("The familiar-players start: each seat may once discard cards and draw new ones.")
    elif v.phase is Phase.PLAY:
        turn = "your" if v.turn == me else f"seat {v.turn}'s"
        out.append(f"Round {v.round}: it is {turn} turn, with {v.actions_used} of "
                   f"{_count(v.actions_allowed, 'action')} used.")
        if v.extra_turns:
            out.append(f"{_subject(v.turn, me)} {'take' if v.turn == me else 'takes'} "
                       f"{_count(v.extra_turns, 'extra turn')} right after this one.")
    out.append(_pending(v, comps))
    if v.hand is not None:
        if v.hand:
            out.append(f"Your hand ({_count(len(v.hand), 'card')}): {_grouped(v.hand, comps)}.")
            seen: set[str] = set()
            for c in v.hand:
                if c not in seen:
                    seen.add(c)
                    design = _design(comps, c)
                    text = card_text(design) if design is not None else f"{card_name(c, comps)}."
                    out.append(f"  {text}")
        else:
            out.append("Your hand is empty.")
    again = f"; it has been reshuffled {_times(v.reshuffles)}" if v.reshuffles else ""
    out.append(f"The deck has {_count(v.deck_size, 'card')}{again}.")
    if v.discard:
        out.append(f"The discard pile has {_count(len(v.discard), 'card')}: {_grouped(v.discard, comps)}.")
    else:
        out.append("The discard pile is empty.")
    for seat in range(v.players):
        out += _seat_line(v, seat, comps)
    return tuple(out)


# --- events ----------------------------------------------------------------------------------

def _acted(e: Acted, viewer: int | None, comps: Components, players: int | None) -> str:
    who = _subject(e.seat, viewer)
    their = _their(e.seat, viewer)
    a: Any = e.action
    if a is None:
        if e.kind == "Start":
            return f"{who} started a project face down."
        if e.kind == "Assign":
            return f"{who} assigned a card from {their} hand to one of {their} projects."
        return f"{who} took an action."
    kind = type(a)
    if kind is Start:
        how = "face up" if a.face_up else "face down"
        return f"{who} started a project with {card_name(a.card, comps)} {how}."
    if kind is Assign:
        return f"{who} assigned {card_name(a.card, comps)} to {their} project {a.project}."
    if kind is Play:
        return f"{who} played {card_name(a.card, comps)}."
    if kind is Complete:
        return f"{who} completed {their} project {a.project}."
    if kind is Cancel:
        return f"{who} cancelled {their} project {a.project}, discarding it with its resources."
    if kind is EndTurn:
        return f"{who} ended the turn."
    if kind is ChoosePlayer:
        if players is not None and type(a.offset) is int:
            return f"{who} chose {_object((e.seat + a.offset) % players, viewer)}."
        them = "you" if e.seat == viewer else "them"
        return f"{who} chose the player {_count(a.offset, 'seat')} after {them}."
    if kind is ChooseSelf:
        return f"{who} chose {'yourself' if e.seat == viewer else 'themselves'}."
    if kind is ChooseProject:
        whose = _their(e.seat, viewer) if a.seat == e.seat else _possessive(a.seat, viewer)
        return f"{who} chose {whose} project {a.project}."
    if kind is ChooseResource:
        return f"{who} chose to take {a.resource}."
    if kind is Discard:
        return f"{who} discarded {card_name(a.card, comps)}."
    if kind is Done:
        return f"{who} chose to stop."
    return f"{who} took an action."  # pragma: no cover (every action kind is answered)


@_REFUSING
@guarded
def event_sentence(event: Any, seat: int | None, *, view: View | None = None) -> str:
    """What ``event`` (as ``observe_event`` gives it to ``seat``; None: a spectator) was, in one
    sentence: "You drew 2 cards: Loose Screws and Envy.", "Seat 2 started a project face down.".

    An event does not carry the table's card set, so its cards are named from the reference deck
    (a design it lacks by its id in words); pass ``view`` (any view of the same table) to name
    them from the table's own set and to name a chosen player by seat."""
    check_complete("event_sentence", event)
    if type(event) not in EVENT_TYPES:
        raise InvalidArgumentError(f"{shown(event)} is not a Gremlins, Inc. event")
    if view is not None:
        check_type(view, View, "Gremlins, Inc. View")
    comps = _components(view) if view is not None else REFERENCE
    players = view.players if view is not None else None
    e = event
    if type(e) is Acted:
        return _acted(e, seat, comps, players)
    if type(e) is Drawn:
        who = _subject(e.seat, seat)
        if e.count == 0:
            return f"{who} drew no cards: the deck is empty."
        if e.cards is None:
            return f"{who} drew {_count(e.count, 'card')}."
        return f"{who} drew {_listing(card_name(c, comps) for c in e.cards)}."
    if type(e) is Completed:
        return f"{_subject(e.seat, seat)} completed {card_name(e.card, comps)} for {e.score} score."
    if type(e) is Reshuffled:
        return (f"The deck ran out: the discard pile was shuffled into a new deck of "
                f"{_count(e.deck_size, 'card')} (reshuffled {_times(e.reshuffles)} so far).")
    if type(e) is TurnBegan:
        return f"Round {e.round}: {_possessive(e.seat, seat)} turn began."
    if type(e) is RoundEnded:
        return f"Round {e.round} ended."
    scores = _listing(f"{s} for {_object(p, seat)}" for p, s in enumerate(e.scores))
    wins = _listing(_object(w, seat) for w in e.winners)
    return f"The game ended. Scores: {scores}. Won by {wins}."
