"""The automatic steps between decisions: a turn ends, targets open, a round ends and is scored.

Which targets the route reaches is asked of a ``reached`` function, so the
reference rules (:mod:`.rules`, a readable search) and the fast path
(:mod:`.fast`, the route tables) run the same steps with their own route.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gremlinrules.core.decisions import Frame, push
from gremlinrules.core.zones import next_seat, seats_from
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.route import route_tags
from gremlinrules.goblins_vs_gnomes.setup import WIN, deal_round
from gremlinrules.goblins_vs_gnomes.state import OPEN_TARGET, STEAL, Phase, State, evolve

__all__ = ["AFTER_DYNAMITE", "Reached", "decline", "end_round", "end_turn", "finish", "open_target",
           "resolve", "score_round"]

AFTER_DYNAMITE = "dynamite"
"""The ``source`` of an open-target frame pushed after the Dynamite under
``second_target="may_open"``: its choices include :class:`~.actions.DeclineTarget`."""

Reached = Callable[[State], tuple[int, ...]]
"""The face-down target slots the route of a state reaches, in slot order."""


def finish(state: State, changes: dict[str, Any]) -> State:
    """``state`` with ``changes``, then the turn ends: round end checks (GVG-END-1, GVG-END-2),
    else the turn passes to the next seat not skipping (GVG-TURN-5, GVG-CARD-4). One State is
    built in the common case."""
    n = state.players
    get = changes.get
    if get("passes", state.passes) >= n or (
        not get("deck", state.deck) and not any(get("hands", state.hands))
        and not any(get("opened", state.opened))
    ):
        return end_round(evolve(state, **changes), state.turn)
    nxt = next_seat(state.turn, n)
    skips = get("skips", state.skips)
    if skips[nxt] > 0:  # (a negative count, in a state made by hand, skips nothing: no endless loop)
        while skips[nxt] > 0:  # a skipped turn is not a decision (GVG-CARD-4)
            skips = skips[:nxt] + (skips[nxt] - 1,) + skips[nxt + 1:]
            nxt = next_seat(nxt, n)
        # GVG-END-1: a skipped seat has not passed, and its skips all come before its first
        # pass since the last card played, so the run of passes starts again after a skip:
        # n passes in a row then mean every seat has passed since that card.
        changes["passes"] = 0
    changes.update(turn=nxt, skips=skips)
    return evolve(state, **changes)


def end_turn(state: State) -> State:
    """The turn ends (see :func:`finish`)."""
    return finish(state, {})


def resolve(state: State, reached: Reached) -> State:
    """Open what the route now reaches (GVG-TARGET-1); several at once: the placer chooses the
    order (GVG-TARGET-3, an open-target frame). Once nothing more opens, a frame left below
    (the Ale Mug's name-skip, GVG-CARD-4) is pending; else the turn ends."""
    slots = reached(state)
    if not slots:
        return state if state.stack else end_turn(state)
    if len(slots) == 1:
        return open_target(state, slots[0], reached)
    return evolve(state, stack=push(state.stack, Frame(OPEN_TARGET, state.turn, among=slots)))


def open_target(state: State, slot: int, reached: Reached) -> State:
    """Turn the target in ``slot`` face up and apply it."""
    opened = state.opened[:slot] + (True,) + state.opened[slot + 1:]
    if state.targets[slot] != "dynamite":  # GVG-END-3: Gold or Dragon ends the round
        return end_round(evolve(state, opened=opened, opener=state.turn), state.turn)
    # GVG-TARGET-2: every Bomb leaves the field; play goes on, others may open next
    kind = options_kit(state.options).kind
    bombs = tuple(t.card for t in state.field if kind[t.card] == "bomb")
    field = tuple(t for t in state.field if kind[t.card] != "bomb")
    state = evolve(state, opened=opened, field=field, discard=tuple(sorted(state.discard + bombs)))
    if state.options.second_target == "may_open":
        # GVG-TARGET-3 (option second_target): the player MAY open what the route still
        # reaches: an open-target frame marked "dynamite" whose choices include declining
        slots = reached(state)
        if slots:
            return evolve(state, stack=push(state.stack, Frame(OPEN_TARGET, state.turn, among=slots,
                                                                source=AFTER_DYNAMITE)))
    return resolve(state, reached)


def decline(state: State) -> State:
    """GVG-TARGET-3 (``second_target="may_open"``): the reached targets stay face down; a frame
    left below (the Ale Mug's name-skip) is pending, else the turn ends."""
    return state if state.stack else end_turn(state)


def _result(state: State) -> str:
    got = {state.targets[i] for i in range(3) if state.opened[i]}
    if "gold" in got:
        return "gold"
    if "dragon" in got:
        return "dragon"
    return "dynamite" if got else "none"


def end_round(state: State, last_actor: int) -> State:
    """The round is over (any pending frame is dropped): ask the Greedy One for a victim if
    needed (a steal frame), else score."""
    result = _result(state)
    if result in ("gold", "dragon"):
        start = state.opener  # GVG-SCORE-6: scoring starts at the opener
    elif state.first_out >= 0:
        start = state.first_out  # ... else at the first seat out of cards
    else:
        start = last_actor  # GVG-SCORE-7: nobody ran out: the seat whose turn ended the round
    if result == "dragon" and state.options.advanced_roles and "greedy-one" in state.roles:
        greedy = state.roles.index("greedy-one")
        return evolve(state, stack=(Frame(STEAL, greedy),), opener=start)  # GVG-ADV-3
    return score_round(evolve(state, opener=start, stack=()), -1)


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


def score_round(state: State, victim: int) -> State:
    """Score seat by seat from ``state.opener``; the first to reach 9 wins at once (GVG-SCORE-5).

    Then the match ends (GVG-END-4, GVG-BOUND-1) or the next round is dealt (GVG-ROUND-1).
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
    if winner >= 0:
        return evolve(state, points=points, phase=Phase.OVER, winners=(winner,),
                      last_roles=state.roles, last_result=result, stack=())
    opts = state.options
    if opts.bounded and state.round >= opts.round_limit:  # GVG-BOUND-1
        best = max(points)
        return evolve(state, points=points, phase=Phase.OVER, stack=(),
                      winners=tuple(s for s in range(n) if points[s] == best),
                      last_roles=state.roles, last_result=result)
    # GVG-SETUP-5: the next seat starts the next round, or the first round's starter again
    starter = next_seat(state.round_starter, n) if opts.rotate_first_player else state.round_starter
    return deal_round(n, opts, state.rng, points, state.round + 1, starter,
                      last_roles=state.roles, last_result=result)
