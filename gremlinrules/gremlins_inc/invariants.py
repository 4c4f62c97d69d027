"""Whole-game facts for tools: the decision bound, and the consistency check for decoded states."""

from __future__ import annotations

from collections import Counter
from typing import Any

from gremlinrules.core.checks import check_players, check_type, instance_or_default, is_int
from gremlinrules.core.errors import GremlinRulesError, InvalidArgumentError, SetupError, shown
from gremlinrules.core.rng import Rng
from gremlinrules.core.zones import seats_from
from gremlinrules.gremlins_inc.components import Components
from gremlinrules.gremlins_inc.flow import actions_allowed, kit, winners_of
from gremlinrules.gremlins_inc.frames import FRAME_TYPES, EffectFrame, Payment, Redraw
from gremlinrules.gremlins_inc.kit import kit_for
from gremlinrules.gremlins_inc.rules import RULES
from gremlinrules.gremlins_inc.setup import MAX_PLAYERS, MIN_PLAYERS, TITLE, seat_teams
from gremlinrules.gremlins_inc.state import Options, Phase, Project, State

__all__ = ["check_state", "decision_bound"]

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
    try:
        _check(s)
    except GremlinRulesError:
        raise
    except (AttributeError, TypeError, ValueError, IndexError, KeyError) as exc:
        raise _bad(f"malformed state ({type(exc).__name__}: {shown(str(exc))})") from None


def _int(value: Any, name: str, low: int, high: int) -> int:
    if not is_int(value) or not low <= value <= high:
        raise _bad(f"{name} {shown(value)} is not from {low} to {high}")
    return int(value)


def _ids(value: Any, name: str, cards: Any) -> tuple[str, ...]:
    if type(value) is not tuple or any(type(c) is not str or c not in cards for c in value):
        raise _bad(f"{name} must list card design ids of the card set")
    return value


def _check(s: State) -> None:
    n = _int(s.players, "players", MIN_PLAYERS, MAX_PLAYERS)
    if type(s.options) is not Options or type(s.rng) is not Rng or type(s.phase) is not Phase:
        raise _bad("options, rng and phase must be of their classes")
    try:
        teams = seat_teams(n, s.options)
    except SetupError as exc:
        raise _bad(str(exc)) from None
    if s.teams != teams:
        raise _bad("teams differ from the seating of the options' layout")
    k = kit(s)
    cards, comps = k.cards, k.components
    _int(s.first_player, "first_player", 0, n - 1)
    _int(s.turn, "turn", 0, n - 1)
    _int(s.round, "round", 1, s.options.round_limit if s.options.bounded else 10**6)
    _int(s.reshuffles, "reshuffles", 0, 10**6)
    _int(s.next_uid, "next_uid", 0, 10**9)
    for name in ("hands", "projects", "permanents", "scores", "seen"):
        if type(getattr(s, name)) is not tuple or len(getattr(s, name)) != n:
            raise _bad(f"{name} must have one entry per seat")
    for sc in s.scores:
        _int(sc, "a score", 0, 10**6)  # GI-ZONE-3: never negative
    zones = [*_ids(s.deck, "deck", cards), *_ids(s.discard, "discard", cards)]
    if list(s.discard) != sorted(s.discard):
        raise _bad("the discard pile is kept sorted")
    for seat in range(n):
        hand = _ids(s.hands[seat], "a hand", cards)
        perms = _ids(s.permanents[seat], "permanents", cards)
        if list(hand) != sorted(hand) or list(perms) != sorted(perms):
            raise _bad("hands and permanents are kept sorted")
        if any(cards[c].kind != "permanent" for c in perms):
            raise _bad("only blueprint-permanents are active permanents")
        zones += hand + perms
    uids: dict[int, int] = {}
    for seat, row in enumerate(s.projects):
        if type(row) is not tuple or len(row) > comps.max_projects:
            raise _bad(f"seat {seat} has more than {comps.max_projects} projects")  # GI-ZONE-2
        for p in row:
            if type(p) is not Project or type(p.face_up) is not bool:
                raise _bad("a project must be a Project")
            uid = _int(p.uid, "a project uid", 0, s.next_uid - 1)
            if uid in uids:
                raise _bad("two projects share a uid")
            uids[uid] = seat
            zones += [*_ids((p.card,), "a project card", cards), *_ids(p.resources, "resources", cards)]
    _check_completing(s, cards)
    if s.resolving and s.completing < 0:  # a completed card stays in its project (GI-DONE-4)
        zones += _ids((s.resolving,), "resolving", cards)
    if Counter(zones) != Counter(k.deck):  # GI-ZONE-1
        raise _bad(f"the cards in play are not exactly the {len(k.deck)} cards of the set, once each")
    face_down = {p.uid for row in s.projects for p in row if not p.face_up}
    for seat, known in enumerate(s.seen):
        if type(known) is not tuple or list(known) != sorted(set(known)) or any(
                not is_int(u) or u not in face_down or uids[u] == seat for u in known):
            raise _bad("a seat remembers only others' face-down projects, each once, sorted")
    _int(s.actions_used, "actions_used", 0, actions_allowed(s, s.turn))
    _check_full_hands(s, comps.hand_size)
    cap = s.options.round_limit * n if s.options.bounded else 10**6
    given = _int(s.extra_given, "extra_given", 0, cap)  # GI-BOUND-1
    _int(s.extra_turns, "extra_turns", 0, given)
    if s.extra_turns and s.phase is not Phase.PLAY:
        raise _bad("extra turns are pending only during play")  # GI-TURN-4
    _check_stack(s, n)


def _check_full_hands(s: State, size: int) -> None:
    """GI-ZONE-4: when a turn begins (play, no action taken, nothing pending or resolving) every
    hand holds a full hand, unless the deck and the discard pile are both empty."""
    if s.phase is not Phase.PLAY or s.actions_used or s.stack or s.resolving:
        return
    if not s.deck and not s.discard:
        return  # GI-DRAW-3: nothing was left to draw
    for seat, hand in enumerate(s.hands):
        if len(hand) < size:
            raise _bad(f"seat {seat} holds {len(hand)} cards as a turn begins, fewer than a full hand of "
                       f"{size}, while cards are left to draw (GI-ZONE-4)")


def _check_completing(s: State, cards: Any) -> None:
    """GI-DONE-4: a project being completed is the turn owner's, face up, of the card resolving
    (or already gone, taken off the table by its own instructions)."""
    uid = s.completing
    if not is_int(uid) or not -1 <= uid < max(s.next_uid, 0):
        raise _bad("completing must be -1 or the uid of a project")
    if uid < 0:
        return
    if not s.resolving or s.resolving not in cards or s.phase is not Phase.PLAY or not s.stack:
        raise _bad("a project is being completed only while its card's instructions wait for a decision")
    if cards[s.resolving].kind == "action":
        raise _bad("an action card is played, never completed")
    for seat, row in enumerate(s.projects):
        for p in row:
            if p.uid == uid and (seat != s.turn or p.card != s.resolving):
                raise _bad("the project being completed is the turn owner's, of the card resolving")


def _check_stack(s: State, n: int) -> None:
    """The pending frames: what their own field validators cannot know (the phase, the turn owner,
    the card set, that the decision still has an answer)."""
    stack = s.stack
    if type(stack) is not tuple or any(type(f) not in FRAME_TYPES for f in stack):
        raise _bad("the stack holds this game's frames")
    if s.phase is Phase.OVER:
        if stack or s.winners != winners_of(s):
            raise _bad("a finished game has no pending decision and its winners are the best team's")
        return
    if s.winners != ():
        raise _bad("winners only once the game is over")
    if s.phase is Phase.REDRAW:
        order = seats_from(s.first_player, n)
        if not stack or stack != tuple(Redraw(x) for x in reversed(order[n - len(stack):])):
            raise _bad("the redraw asks each seat once, from the first player on")
        if s.turn != s.first_player or s.round != 1 or s.actions_used or any(s.projects):
            raise _bad("the redraw comes before the first turn")
        return
    if not stack:
        if s.actions_used >= actions_allowed(s, s.turn):
            raise _bad("a turn with no action left has ended")
        return
    if len(stack) != 1:
        raise _bad("at most one decision is pending during play")
    f = stack[0]
    cards = kit(s).cards
    if type(f) is Payment:
        if f.seat != s.turn or f.card not in cards or cards[f.card].kind != "action":
            raise _bad(f"a payment the rules cannot ask: {shown(f)}")
    elif isinstance(f, EffectFrame):
        c = f.effect
        design = cards.get(c.card)
        if (design is None or c.player != s.turn or c.step >= len(design.effect) or c.seat >= n
                or c.project >= 3 or c.dest >= 3 or c.left > 10 or any(q >= n for q in c.queue)
                or (c.completing >= 0) != (design.kind != "action")):
            raise _bad(f"an effect decision the rules cannot ask: {shown(f)}")
    else:
        raise _bad("a redraw only before the first turn")
    if not RULES.decision(f).choices(s, f):
        raise _bad("the pending decision has no answer")


def cards_of_kind(s: State, card: str) -> str:
    """The kind of a card of the state's set."""
    return kit(s).cards[card].kind
