"""Legality (one check function), legal actions and the transition function.

``_check`` returns the reason an action is illegal (with its clause id) or
None; ``is_legal`` and ``apply`` both use it, and ``legal_actions`` generates
from the same route analysis.
"""

from __future__ import annotations

import bisect
from typing import Any

from gremlinrules.core.checks import check_type, is_int
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.goblins_vs_gnomes.actions import (
    SLOT_INDEX,
    SLOTS,
    Action,
    NameSkip,
    OpenTarget,
    Pass,
    Place,
    PlayExplosion,
    PlayMap,
    PlayPotion,
    Slot,
    Steal,
    Swap,
)
from gremlinrules.goblins_vs_gnomes.geometry import REFERENCE_KIT, Kit, kit_for
from gremlinrules.goblins_vs_gnomes.rounds import end_round, score_round
from gremlinrules.goblins_vs_gnomes.route import Analysis, analyse, analyse_after_place
from gremlinrules.goblins_vs_gnomes.state import Phase, State, Tile, evolve

__all__ = ["apply", "current_player", "has_playable", "is_legal", "legal_actions"]

_PASS = Pass()
_NAME_SKIP = tuple(NameSkip(k) for k in range(1, 8))
_STEAL = tuple(Steal(k) for k in range(1, 8))
_POTION = tuple(PlayPotion(k) for k in range(1, 8))
_MAP = tuple(PlayMap(t) for t in SLOTS)
_OPEN = tuple(OpenTarget(t) for t in SLOTS)


def _tile_order(tile: Tile) -> tuple[int, int]:
    return tile.y, tile.x


def current_player(state: State) -> int | None:
    """The seat that must decide now; None once the match is over."""
    check_type(state, State, "Goblins vs Gnomes State")
    return None if state.phase is Phase.OVER else state.turn


def kit_of(state: State) -> Kit:
    """The tables of the state's component set (GVG-COMP-7)."""
    c = state.options.components
    return REFERENCE_KIT if c is None else kit_for(c)


def _analysis(state: State) -> Analysis:
    return analyse(state.field, state.opened, kit_of(state))


def _playable(state: State, card: str, a: Analysis) -> bool:
    kind = a.kit.kind[card]
    if kind == "explosion":
        return bool(a.removable)
    if kind in ("map", "potion"):
        return True  # a face-down target and another seat always exist during a round
    return bool(a.placements(card, state.options.rotation))


def has_playable(state: State) -> bool:
    """True when the turn owner holds a card that can be played now (GVG-TURN-3)."""
    a = _analysis(state)
    return any(_playable(state, c, a) for c in set(state.hands[state.turn]))


def _can_swap(state: State) -> str | None:
    if not state.deck:
        return "the deck is empty, so no card can be swapped"
    opts = state.options
    if opts.bounded and state.swaps_used[state.turn] >= opts.swap_limit:
        return f"each seat may swap only {opts.swap_limit} times in a round (bounded option)"
    return None


def _offset_ok(offset: Any, state: State) -> bool:
    return is_int(offset) and 0 < offset < state.players


def _slot(target: Any) -> int:
    """The slot index of ``target``, or -1 when it is not a Slot."""
    return SLOT_INDEX[target] if type(target) is Slot else -1


def _check(state: State, action: Any) -> tuple[str, str] | None:
    """Why ``action`` is illegal now (reason, clause), or None when it is legal."""
    phase = state.phase
    if phase is Phase.OVER:
        return "the match is over", "GVG-END-4"
    t = type(action)
    if phase is Phase.NAME_SKIP:
        if t is not NameSkip:
            return "name the player who skips their next turn first", "GVG-CARD-4"
        if not _offset_ok(action.offset, state):
            return f"name another player: an offset from 1 to {state.players - 1}", "GVG-CARD-4"
        return None
    if phase is Phase.OPEN_TARGET:
        if t is not OpenTarget:
            return "choose which reached target opens first", "GVG-TARGET-3"
        if _slot(action.target) not in state.pending:
            return "that target is not one the new card reached", "GVG-TARGET-3"
        return None
    if phase is Phase.STEAL:
        if t is not Steal:
            return "the Greedy One must choose whom to steal from", "GVG-ADV-3"
        if not _offset_ok(action.offset, state):
            return f"steal from another player: an offset from 1 to {state.players - 1}", "GVG-ADV-3"
        return None
    hand = state.hands[state.turn]
    if t is Place:
        card, x, y, rot = action.card, action.x, action.y, action.rotated
        # Fast path: a well-formed Place of a held card on a frontier cell where it fits. The
        # fit bits hold only tunnel designs, turned only when that changes the card.
        if type(x) is int and type(y) is int and type(rot) is bool and type(card) is str and card in hand:
            fit = _analysis(state).frontier.get((x, y))
            if fit is not None and fit.get(card, 0) & (2 if rot else 1) and (
                state.options.rotation or not rot
            ):
                return None
        kit = kit_of(state)
        if not isinstance(card, str) or card not in kit.field_cards:
            return f"{card!r} is not a tunnel card", "GVG-PLACE-1"
        if card not in hand:
            return f"you hold no {card} card", "GVG-TURN-1"
        if not is_int(x) or not is_int(y) or not isinstance(rot, bool):
            return "a cell is two integers and rotated is true or false", "GVG-PLACE-1"
        if rot and not state.options.rotation:
            return "cards may not be turned (rotation option is off)", "GVG-PLACE-4"
        if rot and kit.edges[(card, True)] == kit.edges[(card, False)]:
            return "turning this card changes nothing: lay it unrotated", "GVG-PLACE-4"
        if (x, y) not in kit.placeable_set:
            return f"({x}, {y}) is the start, a target or off the table", "GVG-FIELD-2"
        if not _analysis(state).fits(card, (x, y), rot):
            return (f"{card} on ({x}, {y}) must touch the route, match every neighbour's edges "
                    "and extend the route from the start"), "GVG-PLACE-2"
        return None
    if t is PlayMap:
        if "map" not in hand:
            return "you hold no Map", "GVG-TURN-1"
        slot = _slot(action.target)
        if slot < 0:
            return "a target is Slot.TOP, Slot.MIDDLE or Slot.BOTTOM", "GVG-CARD-1"
        if state.opened[slot]:
            return "that target is already face up", "GVG-CARD-1"
        return None
    if t is PlayExplosion:
        if "explosion" not in hand:
            return "you hold no Explosion", "GVG-TURN-1"
        if not isinstance(action.card, str) or not is_int(action.x) or not is_int(action.y) or (
            ((action.x, action.y), action.card) not in _analysis(state).removable
        ):
            return ("an Explosion removes the named field card on its cell, never the start, a "
                    "Lantern or a target"), "GVG-CARD-2"
        return None
    if t is PlayPotion:
        if "potion" not in hand:
            return "you hold no Potion", "GVG-TURN-1"
        if not _offset_ok(action.offset, state):
            return f"swap with another player: an offset from 1 to {state.players - 1}", "GVG-CARD-3"
        return None
    if t is Swap:
        if not isinstance(action.card, str) or action.card not in hand:
            return f"you hold no {action.card!r} card", "GVG-TURN-2"
        why = _can_swap(state)
        return (why, "GVG-TURN-2" if not state.deck else "GVG-BOUND-1") if why else None
    if t is Pass:
        if has_playable(state):
            return "you may pass only when no card in your hand can be played", "GVG-TURN-3"
        return None
    if t in (NameSkip, OpenTarget, Steal):
        return "that decision is not pending", "GVG-TURN-1"
    return f"{action!r} is not a Goblins vs Gnomes action", "GVG-ACT-1"


def is_legal(state: State, action: Any) -> bool:
    """True when ``action`` may be taken now (agrees with :func:`legal_actions`)."""
    check_type(state, State, "Goblins vs Gnomes State")
    return _check(state, action) is None


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, sorted by the canonical action index (GVG-ACT-1)."""
    check_type(state, State, "Goblins vs Gnomes State")
    phase = state.phase
    n = state.players
    if phase is Phase.OVER:
        return ()
    if phase is Phase.NAME_SKIP:
        return _NAME_SKIP[: n - 1]
    if phase is Phase.STEAL:
        return _STEAL[: n - 1]
    if phase is Phase.OPEN_TARGET:
        return tuple(_OPEN[t] for t in state.pending)
    a = _analysis(state)
    kit = a.kit
    # Built directly in canonical order (no sort): designs in component order, each design's
    # placements pre-sorted, then the action kinds in ACTION_TYPES order.
    cards = kit.hand_order(state.hands[state.turn])
    rotation = state.options.rotation
    out: list[Action] = []
    kinds = []
    field_cards = kit.field_cards
    for card in cards:
        if card in field_cards:
            out += a.placements(card, rotation)
        else:
            kinds.append(kit.kind[card])
    if kinds:
        if "map" in kinds:
            out += [_MAP[t] for t in range(3) if not state.opened[t]]
        if "explosion" in kinds:
            out += a.explosions()
        if "potion" in kinds:
            out += _POTION[: n - 1]
    opts = state.options  # as _can_swap
    can_swap = bool(state.deck) and not (opts.bounded and state.swaps_used[state.turn] >= opts.swap_limit)
    swap = kit.swap
    if out:
        if can_swap:
            out += [swap[c] for c in cards]
        return tuple(out)
    return (*(swap[c] for c in cards), _PASS) if can_swap else (_PASS,)


# ---- transitions -------------------------------------------------------------


def _remove_card(hands: tuple[tuple[str, ...], ...], seat: int, card: str) -> tuple[tuple[str, ...], ...]:
    h = list(hands[seat])
    h.remove(card)
    return hands[:seat] + (tuple(h),) + hands[seat + 1:]


def _forget(known: tuple[tuple[tuple[int, str], ...], ...], seat: int,
            card: str | None) -> tuple[tuple[tuple[int, str], ...], ...]:
    """What others know of ``seat``'s hand after a card leaves it (GVG-VIEW-4).

    A played ``card`` is public: one known copy of it goes. A card swapped under the deck is
    hidden (``card`` None): it may have been any known card, so one copy of each goes. Neither
    depends on what the hand really holds, so no view learns a hidden card from it.
    """
    if not any(known):
        return known
    out = []
    for k in known:
        if any(e[0] == seat for e in k):
            mine = [e for e in k if e[0] == seat]
            drop = {(seat, card)} if card is not None else set(mine)
            for entry in drop:
                if entry in mine:
                    mine.remove(entry)
            k = tuple(sorted([e for e in k if e[0] != seat] + mine))
        out.append(k)
    return tuple(out)


def _card_leaves(state: State, card: str, changes: dict[str, Any]) -> None:
    """``card`` leaves the turn owner's hand; they draw the top card if any (GVG-TURN-4)."""
    seat = state.turn
    hands = state.hands
    hand = list(hands[seat])
    hand.remove(card)
    known = state.known_cards
    if any(known):
        known = _forget(known, seat, card)
    deck, owner = state.deck, state.deck_owner
    if deck:
        top, who = deck[0], owner[0]
        hand.append(top)
        hand.sort()
        deck, owner = deck[1:], owner[1:]
        if who >= 0 and who != seat:  # that seat put this card under the deck: it knows it
            known = known[:who] + (tuple(sorted((*known[who], (seat, top)))),) + known[who + 1:]
    elif not hand and state.first_out < 0:
        changes["first_out"] = seat  # GVG-SCORE-6
    hands = hands[:seat] + (tuple(hand),) + hands[seat + 1:]
    changes.update(hands=hands, known_cards=known, deck=deck, deck_owner=owner, passes=0)


def _finish(state: State, changes: dict[str, Any]) -> State:
    """``state`` with ``changes``, then the turn ends: round end checks (GVG-END-1, GVG-END-2),
    else the next seat not skipping (GVG-CARD-4). One State is built in the common case."""
    n = state.players
    get = changes.get
    if get("passes", state.passes) >= n or (
        not get("deck", state.deck) and not any(get("hands", state.hands))
        and not any(get("opened", state.opened))
    ):
        return end_round(evolve(state, **changes), state.turn)
    nxt = (state.turn + 1) % n
    skips = get("skips", state.skips)
    while skips[nxt]:
        skips = skips[:nxt] + (skips[nxt] - 1,) + skips[nxt + 1:]
        nxt = (nxt + 1) % n
    changes.update(turn=nxt, skips=skips, phase=Phase.PLAY)
    return evolve(state, **changes)


def _end_turn(state: State) -> State:
    """The turn ends (see :func:`_finish`)."""
    return _finish(state, {})


def _after_targets(state: State) -> State:
    if state.name_skip_after:
        return evolve(state, phase=Phase.NAME_SKIP, name_skip_after=False, pending=())
    if state.phase is not Phase.PLAY or state.pending:
        state = evolve(state, phase=Phase.PLAY, pending=())
    return _end_turn(state)


def _resolve(state: State) -> State:
    """Open what the route now reaches (GVG-TARGET-1); several at once: the placer chooses."""
    reached = _analysis(state).reached
    if not reached:
        return _after_targets(state)
    if len(reached) == 1:
        return _open(state, reached[0])
    return evolve(state, phase=Phase.OPEN_TARGET, pending=reached)  # GVG-TARGET-3


def _open(state: State, slot: int) -> State:
    opened = state.opened[:slot] + (True,) + state.opened[slot + 1:]
    ident = state.targets[slot]
    if ident != "dynamite":  # GVG-END-3: Gold or Dragon ends the round
        state = evolve(state, opened=opened, opener=state.turn, pending=(),
                             name_skip_after=False, phase=Phase.PLAY)
        return end_round(state, state.turn)
    # GVG-TARGET-2: every Bomb leaves the field; play goes on, others may open next
    kind = kit_of(state).kind
    bombs = tuple(t.card for t in state.field if kind[t.card] == "bomb")
    field = tuple(t for t in state.field if kind[t.card] != "bomb")
    state = evolve(state, opened=opened, field=field, pending=(),
                         discard=tuple(sorted(state.discard + bombs)))
    return _resolve(state)


def apply(state: State, action: Any) -> State:
    """The state after ``action``; the input is unchanged. Illegal -> IllegalActionError."""
    check_type(state, State, "Goblins vs Gnomes State")
    why = _check(state, action)
    if why is not None:
        raise IllegalActionError(*why)
    t = type(action)
    seat = state.turn
    changes: dict[str, Any] = {}
    if t is Place:
        _card_leaves(state, action.card, changes)
        kit = kit_of(state)
        tile = kit.tile(action)
        field = list(state.field)
        bisect.insort(field, tile, key=_tile_order)
        changes["field"] = tuple(field)
        mug = changes["name_skip_after"] = kit.kind[action.card] == "ale-mug"
        if analyse_after_place(state.field, changes["field"], state.opened, tile, kit).reached or mug:
            return _resolve(evolve(state, **changes))
        if state.pending:  # as _after_targets would; never in PLAY, kept for equal results
            changes["pending"] = ()
        return _finish(state, changes)  # nothing reached: end the turn, one State built
    if t is PlayMap:
        _card_leaves(state, "map", changes)
        changes["peeks"] = (*state.peeks, (seat, SLOT_INDEX[action.target]))  # GVG-CARD-1
        changes["discard"] = tuple(sorted((*state.discard, "map")))
        return _finish(state, changes)
    if t is PlayExplosion:
        _card_leaves(state, "explosion", changes)
        gone = next(u for u in state.field if (u.x, u.y) == (action.x, action.y))
        changes["field"] = tuple(u for u in state.field if u is not gone)  # GVG-CARD-2
        changes["discard"] = tuple(sorted((*state.discard, "explosion", gone.card)))
        return _finish(state, changes)
    if t is PlayPotion:
        _card_leaves(state, "potion", changes)
        other = (seat + action.offset) % state.players
        roles = list(state.roles)
        roles[seat], roles[other] = roles[other], roles[seat]  # GVG-CARD-3
        changes.update(roles=tuple(roles), potions=(*state.potions, (seat, other)),
                       discard=tuple(sorted((*state.discard, "potion"))))
        return _finish(state, changes)
    if t is Swap:
        hands = _remove_card(state.hands, seat, action.card)
        known = _forget(state.known_cards, seat, None)
        deck = (*state.deck[1:], action.card)  # GVG-TURN-2: under the deck, draw the top
        owner = (*state.deck_owner[1:], seat)
        top, who = state.deck[0], state.deck_owner[0]
        hands = hands[:seat] + (tuple(sorted((*hands[seat], top))),) + hands[seat + 1:]
        if who >= 0 and who != seat:
            known = known[:who] + (tuple(sorted((*known[who], (seat, top)))),) + known[who + 1:]
        used = state.swaps_used
        return _finish(state, {
            "hands": hands, "known_cards": known, "deck": deck, "deck_owner": owner, "passes": 0,
            "swaps_used": used[:seat] + (used[seat] + 1,) + used[seat + 1:]})
    if t is Pass:
        hand = state.hands[seat]  # GVG-TURN-3: the hand is shown to everyone
        known = tuple(
            k if p == seat else tuple(sorted((*(e for e in k if e[0] != seat), *((seat, c) for c in hand))))
            for p, k in enumerate(state.known_cards)
        )
        return _finish(state, {"known_cards": known, "passes": state.passes + 1})
    if t is NameSkip:
        skips = state.skips
        s = (seat + action.offset) % state.players
        return _finish(state, {"phase": Phase.PLAY, "skips": skips[:s] + (skips[s] + 1,) + skips[s + 1:]})
    if t is OpenTarget:
        return _open(evolve(state, pending=()), SLOT_INDEX[action.target])
    # Steal: the only action left once _check passed
    return score_round(evolve(state, phase=Phase.PLAY), (seat + action.offset) % state.players)
