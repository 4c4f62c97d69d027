"""Whole-game facts for tools: the decision bound, and the consistency check for decoded states."""

from __future__ import annotations

from collections import Counter
from itertools import chain
from typing import Any

from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import instance_or_default
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import shown
from gremlinrules.core.invariants import Invariant
from gremlinrules.core.invariants import raise_first
from gremlinrules.core.rng import Rng
from gremlinrules.core.zones import seats_from
from gremlinrules.gremlins_inc.components import Components
from gremlinrules.gremlins_inc.flow import actions_allowed
from gremlinrules.gremlins_inc.flow import kit
from gremlinrules.gremlins_inc.flow import winners_of
from gremlinrules.gremlins_inc.frames import FRAME_TYPES
from gremlinrules.gremlins_inc.frames import EffectFrame
from gremlinrules.gremlins_inc.frames import Payment
from gremlinrules.gremlins_inc.frames import PendingFrame
from gremlinrules.gremlins_inc.frames import Redraw
from gremlinrules.gremlins_inc.kit import kit_for
from gremlinrules.gremlins_inc.rules import RULES
from gremlinrules.gremlins_inc.setup import MAX_PLAYERS
from gremlinrules.gremlins_inc.setup import MIN_PLAYERS
from gremlinrules.gremlins_inc.setup import TITLE
from gremlinrules.gremlins_inc.setup import seat_teams
from gremlinrules.gremlins_inc.state import Options
from gremlinrules.gremlins_inc.state import Phase
from gremlinrules.gremlins_inc.state import Project
from gremlinrules.gremlins_inc.state import State

__all__ = ["INVARIANTS", "check_state", "decision_bound"]

def _effect_bound(comps: Components, players: int) -> int:
    """The most decisions one card's script can ask (GI-EFFECT-1): per step, a choice of player,
    then per target seat a project, a destination and one choice per unit (an assign step: one
    per card and the stop)."""
    worst = 0
    for c in comps.cards:
        total = 0
        for step in c.effect:
            total += 1 + players * (3 + step.amount)
        worst = max(worst, total)
    return worst


def decision_bound(players: Any, options: Any = None) -> int:
    """GI-BOUND-1: an upper bound on the decisions in one game under the house rule.

    At most ``round_limit`` rounds of one turn per seat, and (when the deck gives extra turns)
    as many extra turns again (GI-BOUND-1); a turn has at most ``A`` actions (two,
    plus every extra action the deck's permanents could give) and its end; an action is one
    decision, plus one per resource paid (the largest cost, raised by every cost increase the
    deck holds) and its card's script (``_effect_bound``); the familiar-players redraw adds
    a full hand and the stop per seat.
    """
    n = check_players(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    opts = instance_or_default(options, Options, TITLE)
    seat_teams(n, opts)
    if not opts.bounded:
        raise SetupError("with bounded=False (the rules as written) a game may never end "
                         "(GI-BOUND-1): no bound")
    comps = kit_for(opts.components, n).components
    perms = [c for c in comps.cards if c.kind == "permanent"]
    extra = sum(p.amount * c.copies for c in perms for p in c.passive if p.effect == "extra_action")
    rises = sum(max(0, p.change) * c.copies for c in perms for p in c.passive if p.effect == "cost")
    pay = max((c.total_cost for c in comps.cards), default=0) + rises
    per_action = 1 + pay + _effect_bound(comps, n)
    per_turn = (comps.actions_per_turn + extra) * per_action + 1
    turns = opts.round_limit * n * (2 if _gives_extra_turns(comps) else 1)  # GI-BOUND-1: extra turns
    return turns * per_turn + n * (comps.hand_size + 1)


def _gives_extra_turns(comps: Components) -> bool:
    return any(step.op == "extra_turn" for c in comps.cards for step in c.effect)


def _bad(msg: str) -> InvalidArgumentError:
    return InvalidArgumentError(f"inconsistent Gremlins, Inc. state: {msg}")


def check_state(s: State) -> None:
    """InvalidArgumentError unless ``s`` is a state the rules can play on from (as far as the state
    shows), naming the bad part: every card once (GI-ZONE-1), at most 3 projects a seat
    (GI-ZONE-2), no negative score (GI-ZONE-3), full hands when a turn begins (GI-ZONE-4) and the
    consistency of the turn."""
    check_type(s, State, "Gremlins, Inc. State")
    raise_first(INVARIANTS, s, _bad)


def _int(value: Any, name: str, low: int, high: int) -> int:
    if not is_int(value) or not low <= value <= high:
        raise _bad(f"{name} {shown(value)} is not from {low} to {high}")
    return int(value)


def _ids(value: Any, name: str, cards: Any) -> tuple[str, ...]:
    if type(value) is not tuple or any(type(c) is not str or c not in cards for c in value):
        raise _bad(f"{name} must list card design ids of the card set")
    return value


def _players(s: State) -> list[str]:
    _int(s.players, "players", MIN_PLAYERS, MAX_PLAYERS)
    if type(s.options) is not Options or type(s.rng) is not Rng or type(s.phase) is not Phase:
        return ["options, rng and phase must be of their classes"]
    return []


def _teams(s: State) -> list[str]:
    try:
        teams = seat_teams(s.players, s.options)
    except SetupError as exc:
        return [str(exc)]
    return [] if s.teams == teams else ["teams differ from the seating of the options' layout"]


def _counters(s: State) -> list[str]:
    n = s.players
    _int(s.first_player, "first_player", 0, n - 1)
    _int(s.turn, "turn", 0, n - 1)
    _int(s.round, "round", 1, s.options.round_limit if s.options.bounded else 10**6)
    _int(s.reshuffles, "reshuffles", 0, 10**6)
    _int(s.next_uid, "next_uid", 0, 10**9)
    for name in ("hands", "projects", "permanents", "scores", "seen"):
        if type(getattr(s, name)) is not tuple or len(getattr(s, name)) != n:
            return [f"{name} must have one entry per seat"]
    return []


def _scores(s: State) -> list[str]:
    for sc in s.scores:
        _int(sc, "a score", 0, 10**6)  # GI-ZONE-3: never negative
    return []


def _piles(s: State) -> list[str]:
    cards = kit(s).cards
    _ids(s.deck, "deck", cards)
    _ids(s.discard, "discard", cards)
    if list(s.discard) != sorted(s.discard):
        return ["the discard pile is kept sorted"]
    for seat in range(s.players):
        hand = _ids(s.hands[seat], "a hand", cards)
        perms = _ids(s.permanents[seat], "permanents", cards)
        if list(hand) != sorted(hand) or list(perms) != sorted(perms):
            return ["hands and permanents are kept sorted"]
        if any(cards[c].kind != "permanent" for c in perms):
            return ["only blueprint-permanents are active permanents"]
    return []


def _projects(s: State) -> list[str]:
    k = kit(s)
    cards, most = k.cards, k.components.max_projects
    uids: set[int] = set()
    for seat, row in enumerate(s.projects):
        if type(row) is not tuple or len(row) > most:
            return [f"seat {seat} has more than {most} projects"]  # GI-ZONE-2
        for p in row:
            if type(p) is not Project or type(p.face_up) is not bool:
                return ["a project must be a Project"]
            uid = _int(p.uid, "a project uid", 0, s.next_uid - 1)
            if uid in uids:
                return ["two projects share a uid"]
            uids.add(uid)
            _ids((p.card,), "a project card", cards)
            _ids(p.resources, "resources", cards)
    return []


def _cards_once(s: State) -> list[str]:
    """GI-ZONE-1: the piles, hands, permanents, projects and the card resolving (a completed card
    stays in its project, GI-DONE-4) hold the set's cards, once each."""
    k = kit(s)
    zones = [*s.deck, *s.discard, *chain.from_iterable(s.hands), *chain.from_iterable(s.permanents)]
    for row in s.projects:
        for p in row:
            zones += [p.card, *p.resources]
    if s.resolving and s.completing < 0:
        zones += _ids((s.resolving,), "resolving", k.cards)
    if Counter(zones) != Counter(k.deck):
        return [f"the cards in play are not exactly the {len(k.deck)} cards of the set, once each"]
    return []


def _seen(s: State) -> list[str]:
    face_down = {p.uid for row in s.projects for p in row if not p.face_up}
    owner = {p.uid: seat for seat, row in enumerate(s.projects) for p in row}
    for seat, known in enumerate(s.seen):
        if type(known) is not tuple or list(known) != sorted(set(known)) or any(
                not is_int(u) or u not in face_down or owner[u] == seat for u in known):
            return ["a seat remembers only others' face-down projects, each once, sorted"]
    return []


def _actions_used(s: State) -> list[str]:
    _int(s.actions_used, "actions_used", 0, actions_allowed(s, s.turn))
    return []


def _extra_turns(s: State) -> list[str]:
    cap = s.options.round_limit * s.players if s.options.bounded else 10**6
    given = _int(s.extra_given, "extra_given", 0, cap)  # GI-BOUND-1
    _int(s.extra_turns, "extra_turns", 0, given)
    if s.extra_turns and s.phase is not Phase.PLAY:
        return ["extra turns are pending only during play"]  # GI-TURN-4
    return []


def _full_hands(s: State) -> list[str]:
    """GI-ZONE-4: when a turn begins (play, no action taken, nothing pending or resolving) every
    hand holds a full hand, unless the deck and the discard pile are both empty."""
    if s.phase is not Phase.PLAY or s.actions_used or s.stack or s.resolving:
        return []
    if not s.deck and not s.discard:
        return []  # GI-DRAW-3: nothing was left to draw
    size = kit(s).components.hand_size
    for seat, hand in enumerate(s.hands):
        if len(hand) < size:
            return [f"seat {seat} holds {len(hand)} cards as a turn begins, fewer than a full hand of "
                    f"{size}, while cards are left to draw (GI-ZONE-4)"]
    return []


def _completing(s: State) -> list[str]:
    """GI-DONE-4: a project being completed is the turn owner's, face up, of the card resolving
    (or already gone, taken off the table by its own instructions)."""
    uid = s.completing
    if not is_int(uid) or not -1 <= uid < max(s.next_uid, 0):
        return ["completing must be -1 or the uid of a project"]
    if uid < 0:
        return []
    cards = kit(s).cards
    if not s.resolving or s.resolving not in cards or s.phase is not Phase.PLAY or not s.stack:
        return ["a project is being completed only while its card's instructions wait for a decision"]
    if cards[s.resolving].kind == "action":
        return ["an action card is played, never completed"]
    for seat, row in enumerate(s.projects):
        for p in row:
            if p.uid == uid and (seat != s.turn or p.card != s.resolving):
                return ["the project being completed is the turn owner's, of the card resolving"]
    return []


def _frames(s: State) -> list[str]:
    """The stack holds this game's frames (their own field validators check their fields)."""
    if type(s.stack) is not tuple or any(type(f) not in FRAME_TYPES for f in s.stack):
        return ["the stack holds this game's frames"]
    return []


def _finished(s: State) -> list[str]:
    """A finished game: no pending decision, its winners the best team's; else no winners yet."""
    if s.phase is Phase.OVER:
        if s.stack or s.winners != winners_of(s):
            return ["a finished game has no pending decision and its winners are the best team's"]
    elif s.winners != ():
        return ["winners only once the game is over"]
    return []


def _redraw_frames(s: State) -> list[str]:
    """GI-SETUP-3: the familiar-players redraw asks each seat once, from the first player on, before
    the first turn."""
    if s.phase is not Phase.REDRAW:
        return []
    n, stack = s.players, s.stack
    order = seats_from(s.first_player, n)
    if not stack or stack != tuple(Redraw(x) for x in reversed(order[n - len(stack):])):
        return ["the redraw asks each seat once, from the first player on"]
    if s.turn != s.first_player or s.round != 1 or s.actions_used or any(s.projects):
        return ["the redraw comes before the first turn"]
    return []


def _play_frame(s: State) -> PendingFrame | None:
    """The decision pending during play, if any (after :func:`_frames` and :func:`_finished`)."""
    return s.stack[0] if s.phase is Phase.PLAY and s.stack else None


def _no_frame(s: State) -> list[str]:
    """Nothing pending during play: the turn has an action left."""
    if s.phase is not Phase.PLAY or s.stack:
        return []
    if s.actions_used >= actions_allowed(s, s.turn):
        return ["a turn with no action left has ended"]
    return []


def _card_frame(s: State) -> list[str]:
    """During play at most one decision is pending, a card's (a payment or an effect's choice)."""
    if s.phase is not Phase.PLAY or not s.stack:
        return []
    if len(s.stack) != 1:
        return ["at most one decision is pending during play"]
    if type(s.stack[0]) is Redraw:
        return ["a redraw only before the first turn"]
    return []


def _pay_frame(s: State) -> list[str]:
    """GI-PLAY-2: a payment is for an action card of the set, the turn owner's."""
    f = _play_frame(s)
    if type(f) is not Payment:
        return []
    cards = kit(s).cards
    if f.seat != s.turn or f.card not in cards or cards[f.card].kind != "action":
        return [f"a payment the rules cannot ask: {shown(f)}"]
    return []


def _effect_frame(s: State) -> list[str]:
    """GI-EFFECT-1: an effect's decision is at a step of the card's script, the turn owner's
    (what the frame's own validators cannot know: the card set, the seats, the turn)."""
    f = _play_frame(s)
    if not isinstance(f, EffectFrame):
        return []
    n, c = s.players, f.effect
    design = kit(s).cards.get(c.card)
    if (design is None or c.player != s.turn or c.step >= len(design.effect) or c.seat >= n
            or c.project >= 3 or c.dest >= 3 or c.left > 10 or any(q >= n for q in c.queue)
            or (c.completing >= 0) != (design.kind != "action")):
        return [f"an effect decision the rules cannot ask: {shown(f)}"]
    return []


def _answerable(s: State) -> list[str]:
    f = _play_frame(s)
    if f is not None and not RULES.decision(f).choices(s, f):
        return ["the pending decision has no answer"]
    return []


INVARIANTS: tuple[Invariant[State], ...] = (
    Invariant("players and classes", "GI-TEAM-1", _players),
    Invariant("teams", "GI-TEAM-1", _teams),
    Invariant("counters", "GI-ZONE-1", _counters),
    Invariant("no negative score", "GI-ZONE-3", _scores),
    Invariant("piles sorted", "GI-ZONE-1", _piles),
    Invariant("at most three projects", "GI-ZONE-2", _projects),
    Invariant("project being completed", "GI-DONE-4", _completing),
    Invariant("cards conserved", "GI-ZONE-1", _cards_once),
    Invariant("seen projects", "GI-ZONE-1", _seen),
    Invariant("actions used", "GI-TURN-1", _actions_used),
    Invariant("full hands", "GI-ZONE-4", _full_hands),
    Invariant("extra turns", "GI-BOUND-1", _extra_turns),
    # the decision stack, per frame kind
    Invariant("frames", "GI-EFFECT-1", _frames),
    Invariant("finished game", "GI-END-1", _finished),
    Invariant("redraw frames", "GI-SETUP-3", _redraw_frames),
    Invariant("nothing pending", "GI-TURN-1", _no_frame),
    Invariant("the card's frame", "GI-EFFECT-1", _card_frame),
    Invariant("pay frame", "GI-PLAY-2", _pay_frame),
    Invariant("effect frame", "GI-EFFECT-1", _effect_frame),
    Invariant("an answer", "GI-EFFECT-1", _answerable),
)
"""Every invariant of a state, in the order :func:`check_state` runs them (it names the first
problem: each check may rely on the ones before). A check may also raise the error (:func:`_bad`)
at once."""


def cards_of_kind(s: State, card: str) -> str:
    """The kind of a card of the state's set."""
    return kit(s).cards[card].kind
