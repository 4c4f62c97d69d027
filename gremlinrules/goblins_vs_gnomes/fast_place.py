"""The fast path of laying a tunnel card in its usual case, in one step.

A Place from ``legal_actions`` (found by its id in the kit) of a held card on a
frontier cell where it fits, which reaches no target: the card leaves the hand,
the top card is drawn, the field gains the tile, the route analysis is extended
from the old one, and the next State is built with one updater call, the turn
passed on past any skipped seats (or, for an Ale Mug, the SkipNaming frame
pushed). Anything else (an action built elsewhere, an illegal one, a target
reached, the last card of a hand with the deck empty) gives None, and
:mod:`.fast` answers it with the rule book's check and effects.
"""

from __future__ import annotations

import bisect
from operator import attrgetter

from gremlinrules.core.evolve import make_updater
from gremlinrules.goblins_vs_gnomes.actions import Place
from gremlinrules.goblins_vs_gnomes.frames import SkipNaming
from gremlinrules.goblins_vs_gnomes.geometry import REFERENCE_KIT
from gremlinrules.goblins_vs_gnomes.geometry import kit_for
from gremlinrules.goblins_vs_gnomes.route import analyse
from gremlinrules.goblins_vs_gnomes.route import extended
from gremlinrules.goblins_vs_gnomes.route import remember
from gremlinrules.goblins_vs_gnomes.rules import forget
from gremlinrules.goblins_vs_gnomes.state import State

__all__ = ["place"]

_ORDER = attrgetter("y", "x")
"""The field's order: row by row (a C-level key, no Python call per comparison)."""
_PLACED = make_updater(State, "turn", "hands", "known_cards", "deck", "deck_owner", "field", passes=0)
_SKIPPED = make_updater(State, "turn", "skips", "hands", "known_cards", "deck", "deck_owner", "field",
                        passes=0)
_MUGGED = make_updater(State, "stack", "hands", "known_cards", "deck", "deck_owner", "field", passes=0)
_MUG_FRAMES: dict[tuple[int, str], tuple[SkipNaming]] = {}
"""The stack after an Ale Mug by (seat, card) (at most eight seats times the designs)."""


def place(state: State, action: Place) -> State | None:
    """The state after a legal, usual Place (see the module's docstring), else None."""
    opts = state.options
    comps = opts.components
    kit = REFERENCE_KIT if comps is None else kit_for(comps)
    got = kit.place_by_id.get(id(action))
    if got is None:
        return None
    card, cell, bit, tile, mug, info, order = got
    seat = state.turn
    hands = state.hands
    hand = hands[seat]
    if card not in hand or (bit == 2 and not opts.rotation):
        return None
    field, opened = state.field, state.opened
    parent = analyse(field, opened, kit)  # usually the one legal_actions just used (by identity)
    code = parent.front.get(cell)
    if code is None or not kit.fit_bits[(card, True)][code] & bit:  # GVG-PLACE-2, GVG-PLACE-3
        return None
    i = bisect.bisect(field, order, key=_ORDER)
    after = (*field[:i], tile, *field[i:])
    route = extended(parent, after, tile, cell, info)
    remember(after, opened, kit, route)
    if route.reached:
        return None  # GVG-TARGET-1: the rule book opens it
    # GVG-TURN-4: the card leaves the hand and the top card is drawn
    h = list(hand)
    h.remove(card)
    deck, owner, known = state.deck, state.deck_owner, state.known_cards
    if any(known):
        known = forget(known, seat, card)
    if deck:
        top = deck[0]
        h.append(top)
        h.sort()
        who = owner[0]
        if who >= 0 and who != seat:  # that seat put this card under the deck: it knows it
            known = known[:who] + (tuple(sorted((*known[who], (seat, top)))),) + known[who + 1:]
        deck, owner = deck[1:], owner[1:]
    elif not h:
        return None  # GVG-SCORE-6: the first seat out of cards, or the round's end (GVG-END-2)
    hands = (*hands[:seat], tuple(h), *hands[seat + 1:])
    if mug:  # GVG-CARD-4: the placer names who skips
        stack = _MUG_FRAMES.get((seat, card))
        if stack is None:
            stack = _MUG_FRAMES[(seat, card)] = (SkipNaming(seat, card),)
        return _MUGGED(state, stack, hands, known, deck, owner, after)
    # GVG-TURN-5: the turn passes on; a skipped turn is not a decision (GVG-CARD-4)
    n = state.players
    nxt = seat + 1 if seat + 1 < n else 0
    skips = state.skips
    if skips[nxt] <= 0:
        return _PLACED(state, nxt, hands, known, deck, owner, after)
    while skips[nxt] > 0:
        skips = (*skips[:nxt], skips[nxt] - 1, *skips[nxt + 1:])
        nxt = nxt + 1 if nxt + 1 < n else 0
    return _SKIPPED(state, nxt, skips, hands, known, deck, owner, after)
