"""The automatic steps between decisions: a turn ends, targets open, a round ends and is scored.

Which targets the route reaches is asked of a ``reached`` function, so the
reference rules (:mod:`.rules`, a readable search) and the fast path
(:mod:`.fast`, the route tables) run the same steps with their own route.

Every step returns a :class:`~gremlinrules.core.step.Step`: the next state and the
events it caused, made where the rule acts (a target turns face up, a turn is
skipped, the round ends, is scored and the next is dealt).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gremlinrules.core.step import Step
from gremlinrules.core.zones import next_seat
from gremlinrules.core.zones import seats_from
from gremlinrules.goblins_vs_gnomes.actions import SLOTS
from gremlinrules.goblins_vs_gnomes.events import GameEnded
from gremlinrules.goblins_vs_gnomes.events import RoundEnded
from gremlinrules.goblins_vs_gnomes.events import RoundScored
from gremlinrules.goblins_vs_gnomes.events import TargetOpened
from gremlinrules.goblins_vs_gnomes.events import TurnSkipped
from gremlinrules.goblins_vs_gnomes.events import dealt
from gremlinrules.goblins_vs_gnomes.frames import StealChoice
from gremlinrules.goblins_vs_gnomes.frames import TargetChoice
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.notation import field_card
from gremlinrules.goblins_vs_gnomes.route import route_tags
from gremlinrules.goblins_vs_gnomes.setup import WIN
from gremlinrules.goblins_vs_gnomes.setup import deal_round
from gremlinrules.goblins_vs_gnomes.state import Phase
from gremlinrules.goblins_vs_gnomes.state import State
from gremlinrules.goblins_vs_gnomes.state import evolve

__all__ = ["Reached", "decline", "end_round", "end_turn", "finish", "open_target", "resolve",
           "score_round"]

Reached = Callable[[State], tuple[int, ...]]
"""The face-down target slots the route of a state reaches, in slot order."""


def finish(state: State, changes: dict[str, Any], events: tuple[Any, ...] = ()) -> Step[State]:
    """``state`` with ``changes`` (which caused ``events``), then the turn ends: round end checks
    (GVG-END-1, GVG-END-2), else the turn passes to the next seat not skipping (GVG-TURN-5,
    GVG-CARD-4: each skipped turn a :class:`~.events.TurnSkipped`). One State is built in the
    common case."""
    n = state.players
    get = changes.get
    if get("passes", state.passes) >= n or (
        not get("deck", state.deck) and not any(get("hands", state.hands))
        and not any(get("opened", state.opened))
    ):
        return Step(evolve(state, **changes), events).then(lambda s: end_round(s, state.turn))
    nxt = next_seat(state.turn, n)
    skips = get("skips", state.skips)
    if skips[nxt] > 0:  # (a negative count, in a state made by hand, skips nothing: no endless loop)
        skipped = []
        while skips[nxt] > 0:  # a skipped turn is not a decision (GVG-CARD-4)
            skipped.append(TurnSkipped(nxt))
            skips = skips[:nxt] + (skips[nxt] - 1,) + skips[nxt + 1:]
            nxt = next_seat(nxt, n)
        # GVG-END-1: a skipped seat has not passed, and its skips all come before its first
        # pass since the last card played, so the run of passes starts again after a skip:
        # n passes in a row then mean every seat has passed since that card.
        changes["passes"] = 0
        events = (*events, *skipped)
    changes.update(turn=nxt, skips=skips)
    return Step(evolve(state, **changes), events)


def end_turn(state: State) -> Step[State]:
    """The turn ends (see :func:`finish`)."""
    return finish(state, {})


def _choice(state: State, slots: tuple[int, ...], after_dynamite: bool) -> Step[State]:
    """GVG-TARGET-3: the turn owner chooses among the reached ``slots`` (a frame on top)."""
    frame = TargetChoice(state.turn, after_dynamite, tuple(SLOTS[i] for i in slots))
    return Step(evolve(state, stack=(*state.stack, frame)))


def resolve(state: State, reached: Reached) -> Step[State]:
    """Open what the route now reaches (GVG-TARGET-1); several at once: the placer chooses the
    order (GVG-TARGET-3, a :class:`~.frames.TargetChoice`). Once nothing more opens, a frame
    left below (the Ale Mug's :class:`~.frames.SkipNaming`, GVG-CARD-4) is pending; else the
    turn ends."""
    slots = reached(state)
    if not slots:
        return Step(state) if state.stack else end_turn(state)
    if len(slots) == 1:
        return open_target(state, slots[0], reached)
    return _choice(state, slots, False)


def open_target(state: State, slot: int, reached: Reached) -> Step[State]:
    """Turn the target in ``slot`` face up (a :class:`~.events.TargetOpened`) and apply it."""
    opened = state.opened[:slot] + (True,) + state.opened[slot + 1:]
    card, seat = state.targets[slot], state.turn
    if card != "dynamite":  # GVG-END-3: Gold or Dragon ends the round
        shown = TargetOpened(seat, SLOTS[slot], card, ())
        return Step(evolve(state, opened=opened, opener=seat), (shown,)).then(lambda s: end_round(s, seat))
    # GVG-TARGET-2: every Bomb leaves the field; play goes on, others may open next
    kind = options_kit(state.options).kind
    bombs = tuple(t for t in state.field if kind[t.card] == "bomb")
    field = tuple(t for t in state.field if kind[t.card] != "bomb")
    shown = TargetOpened(seat, SLOTS[slot], card, tuple(field_card(t) for t in bombs))
    state = evolve(state, opened=opened, field=field,
                   discard=tuple(sorted(state.discard + tuple(t.card for t in bombs))))
    if state.options.second_target == "may_open":
        # GVG-TARGET-3 (option second_target): the player MAY open what the route still
        # reaches: a TargetChoice after the Dynamite, whose choices include declining
        slots = reached(state)
        if slots:
            return _choice(state, slots, True).emit(shown)
    return Step(state, (shown,)).then(lambda s: resolve(s, reached))


def decline(state: State) -> Step[State]:
    """GVG-TARGET-3 (``second_target="may_open"``): the reached targets stay face down; a frame
    left below (the Ale Mug's :class:`~.frames.SkipNaming`) is pending, else the turn ends."""
    return Step(state) if state.stack else end_turn(state)


def _result(state: State) -> str:
    got = {state.targets[i] for i in range(3) if state.opened[i]}
    if "gold" in got:
        return "gold"
    if "dragon" in got:
        return "dragon"
    return "dynamite" if got else "none"


def end_round(state: State, last_actor: int) -> Step[State]:
    """The round is over (any pending frame is dropped) and every role card is shown (a
    :class:`~.events.RoundEnded`, GVG-SCORE-9): ask the Greedy One for a victim if needed (a
    :class:`~.frames.StealChoice`), else score."""
    result = _result(state)
    if result in ("gold", "dragon"):
        start = state.opener  # GVG-SCORE-6: scoring starts at the opener
    elif state.first_out >= 0:
        start = state.first_out  # ... else at the first seat out of cards
    else:
        start = last_actor  # GVG-SCORE-7: nobody ran out: the seat whose turn ended the round
    ended = RoundEnded(state.round, result, state.roles)
    if result == "dragon" and state.options.advanced_roles and "greedy-one" in state.roles:
        greedy = state.roles.index("greedy-one")  # GVG-ADV-3
        return Step(evolve(state, stack=(StealChoice(greedy),), opener=start), (ended,))
    return Step(evolve(state, opener=start, stack=()), (ended,)).then(lambda s: score_round(s, -1))


def _deltas(state: State, result: str, opener: int) -> list[int]:
    n = state.players
    kit = options_kit(state.options)
    # GVG-SCORE-9: the races of the role cards held now, after any Potion swaps
    race = [kit.race[r] for r in state.roles]
    delta = [0] * n
    # GVG-SCORE-8: after the Dynamite alone the Goblins score only under "no-gold-or-dragon"
    goblin_point = result == "none" or (result == "dynamite"
                                         and state.options.no_target == "no-gold-or-dragon")
    for s in range(n):
        if result == "gold":  # GVG-SCORE-1
            if race[s] == "gnome":
                delta[s] += 1 + (s == opener)
            elif race[opener] == "goblin":
                delta[s] -= 1
        elif result == "dragon" and race[s] == "goblin":  # GVG-SCORE-2
            delta[s] += 2
        elif goblin_point and race[s] == "goblin":  # GVG-SCORE-3
            delta[s] += 1
    if not state.options.advanced_roles:  # GVG-ADV-1
        return delta
    dynamite = any(state.opened[i] and state.targets[i] == "dynamite" for i in range(3))
    no_door, through_door, mugs = False, False, 0
    if result in ("gold", "dragon"):  # GVG-ADV-5: the paths to the opened target
        no_door, through_door, mugs = route_tags(state.field, state.opened, state.targets.index(result), kit)
    swapped = {s for pair in state.potions for s in pair}
    bonus = {
        "master-of-transformations": None,  # GVG-ADV-2, below
        "demolitionist": dynamite,  # GVG-ADV-4
        "driver": result in ("gold", "dragon") and no_door,  # GVG-ADV-6
        "pedant": not state.deck,  # GVG-ADV-7
        "king": result == "gold" and mugs >= 3,  # GVG-ADV-8
        "keymaster": result in ("gold", "dragon") and through_door,  # GVG-ADV-9
        "jeweller": result == "gold",  # GVG-ADV-10
    }  # the Greedy One (GVG-ADV-3) steals in score_round
    for s, role in enumerate(state.roles):
        if role == "master-of-transformations":
            delta[s] += s in swapped  # GVG-ADV-2
        elif bonus.get(role):
            delta[s] += 1
    return delta


def score_round(state: State, victim: int) -> Step[State]:
    """Score seat by seat from ``state.opener``; the first to reach 9 wins at once (GVG-SCORE-5):
    a :class:`~.events.RoundScored`.

    Then the match ends (GVG-END-4, GVG-BOUND-1: a :class:`~.events.GameEnded`) or the next
    round is dealt (GVG-ROUND-1: a :class:`~.events.Dealt` per seat).
    """
    n = state.players
    result = _result(state)
    delta = _deltas(state, result, state.opener)  # opener = the opener of Gold/Dragon
    pts = list(state.points)
    winner = -1
    for s in seats_from(state.opener, n):
        pts[s] = max(0, pts[s] + delta[s])  # GVG-SCORE-4: never below 0
        if victim >= 0 and state.roles[s] == "greedy-one" and pts[victim] > 0:
            pts[victim] -= 1  # GVG-ADV-3: a point is taken only from a seat that has one
            pts[s] += 1
        if pts[s] >= WIN:
            winner = s
            break
    points = tuple(pts)
    scored = RoundScored(state.round, tuple(b - a for a, b in zip(state.points, points, strict=True)), points)
    opts = state.options
    if winner >= 0 or (opts.bounded and state.round >= opts.round_limit):  # GVG-BOUND-1
        best = max(points)
        winners = (winner,) if winner >= 0 else tuple(s for s in range(n) if points[s] == best)
        over = evolve(state, points=points, phase=Phase.OVER, winners=winners,
                      last_roles=state.roles, last_result=result, stack=())
        return Step(over, (scored, GameEnded(points, winners)))
    # GVG-SETUP-5: the next seat starts the next round, or the first round's starter again
    starter = next_seat(state.round_starter, n) if opts.rotate_first_player else state.round_starter
    after = deal_round(n, opts, state.rng, points, state.round + 1, starter,
                       last_roles=state.roles, last_result=result)
    return Step(after, (scored, *dealt(after)))
