"""The fast path of two more usual steps, each in one step: a Swap and naming who skips.

Each returns the next State, built with one updater call, for a legal action in
its usual case, and None for anything else (an illegal or malformed action, a
frame left below, the round's end), which :mod:`.fast` then answers with the
rule book's check and effects. The effects are the rule book's (:func:`.rules.swap`,
:func:`.rules.resume_name_skip` and :func:`.flow.finish`), written out.
"""

from __future__ import annotations

from gremlinrules.core.evolve import make_updater
from gremlinrules.goblins_vs_gnomes.actions import NameSkip
from gremlinrules.goblins_vs_gnomes.actions import Swap
from gremlinrules.goblins_vs_gnomes.frames import SkipNaming
from gremlinrules.goblins_vs_gnomes.rules import forget
from gremlinrules.goblins_vs_gnomes.state import State

__all__ = ["name_skip", "swap"]

_SWAPPED = make_updater(State, "turn", "skips", "hands", "known_cards", "deck", "deck_owner",
                        "swaps_used", passes=0)
_NAMED = make_updater(State, "turn", "skips", "passes", stack=())


def _next(turn: int, n: int, skips: tuple[int, ...]) -> tuple[int, tuple[int, ...], bool]:
    """GVG-TURN-5: the next seat not skipping, the skips left and whether a turn was skipped
    (GVG-CARD-4: a skipped turn is not a decision)."""
    nxt = turn + 1 if turn + 1 < n else 0
    if skips[nxt] <= 0:  # (a negative count, in a state made by hand, skips nothing)
        return nxt, skips, False
    while skips[nxt] > 0:
        skips = (*skips[:nxt], skips[nxt] - 1, *skips[nxt + 1:])
        nxt = nxt + 1 if nxt + 1 < n else 0
    return nxt, skips, True


def swap(state: State, action: Swap) -> State | None:
    """GVG-TURN-2: the card goes under the deck (its owner knows it) and the top card is drawn;
    None unless the Swap is legal (GVG-BOUND-1 included)."""
    card = action.card
    seat = state.turn
    hands = state.hands
    hand = hands[seat]
    deck = state.deck
    opts = state.options
    used = state.swaps_used
    if type(card) is not str or card not in hand or not deck or (
            opts.bounded and used[seat] >= opts.swap_limit):
        return None
    h = list(hand)
    h.remove(card)
    owner, known = state.deck_owner, state.known_cards
    if any(known):
        known = forget(known, seat, None)
    top, who = deck[0], owner[0]
    h.append(top)
    h.sort()
    if who >= 0 and who != seat:
        known = known[:who] + (tuple(sorted((*known[who], (seat, top)))),) + known[who + 1:]
    nxt, skips, _ = _next(seat, state.players, state.skips)
    return _SWAPPED(state, nxt, skips, (*hands[:seat], tuple(h), *hands[seat + 1:]), known,
                    (*deck[1:], card), (*owner[1:], seat), (*used[:seat], used[seat] + 1, *used[seat + 1:]))


def name_skip(state: State, action: NameSkip) -> State | None:
    """GVG-CARD-4: the named seat skips one more turn and the placer's turn ends; None unless
    the answer is legal (GVG-CARD-6 for naming yourself) with no frame below."""
    stack = state.stack
    frame = stack[0]
    offset = action.offset
    n = state.players
    if (len(stack) != 1 or type(frame) is not SkipNaming or type(offset) is not int
            or not (0 < offset < n or (offset == 0 and state.options.name_self))):
        return None
    passes = state.passes
    if passes >= n or (not state.deck and not any(state.hands) and not any(state.opened)):
        return None  # GVG-END-1, GVG-END-2: the round ends
    if frame.seat != state.turn:  # a state made by hand: the rule book answers
        return None
    named = (frame.seat + offset) % n
    skips = state.skips
    skips = (*skips[:named], skips[named] + 1, *skips[named + 1:])
    nxt, skips, skipped = _next(state.turn, n, skips)
    return _NAMED(state, nxt, skips, 0 if skipped else passes)
