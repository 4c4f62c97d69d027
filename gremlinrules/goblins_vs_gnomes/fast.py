"""The fast path: the same rules as :mod:`.rules`, answered from the route tables.

:mod:`.geometry` holds each component set's tables (cell ids, edge bit codes, the
designs that fit a cell given its neighbours, the interned actions) and :mod:`.route`
the incremental route search, memoised in a bounded cache keyed by the field.
Here they give ``legal_actions`` (built straight in canonical order),
``is_legal`` and ``apply``, which the package exports. The effects and the
decisions are the rule book's (:mod:`.rules`); only the route they ask about
comes from the tables. The differential tests
(``tests/goblins_vs_gnomes/test_differential.py``) hold this module to the
reference; ``get_game("goblins-vs-gnomes", reference=True)`` switches it off.
What makes it fast, none of it a rule:

* the route analysis on integer cell ids (neighbours by adding the row width), one
  frontier dict of entry codes per field and a bit set of the cards met, extended
  inline from the previous field when a card is laid, and found again by the
  identity of the field the last step made;
* per design and rotation option a table entry code -> fit bits (a dict filled on
  first use over the finite codes), so a design's placements are mapped in C over
  the sorted frontier; per hand a plan (its tunnel designs, Map, Explosion, Potion,
  its Swaps), so ``legal_actions`` is a few concatenations;
* the usual steps in one go, each returning None for anything unusual so the rule
  book answers it (the error, the rare case): a Place (:mod:`.fast_place`: found by
  the id of the interned action, the check inline, the turn passed on past skipped
  seats or the Ale Mug's frame pushed), a Swap and a NameSkip (:mod:`.fast_steps`);
* the next State built with one updater call (:func:`gremlinrules.core.evolve.make_updater`);
* the deal's shuffles on the bare generator state (:mod:`gremlinrules.core.draws`),
  and the state's JSON written straight from its fields (:mod:`.codec`).
"""

from __future__ import annotations

import functools
from typing import Any

from gremlinrules.core.chance import foreign
from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import half_built
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.rulebook import Reason
from gremlinrules.goblins_vs_gnomes.actions import SLOTS
from gremlinrules.goblins_vs_gnomes.actions import Action
from gremlinrules.goblins_vs_gnomes.actions import DeclineTarget
from gremlinrules.goblins_vs_gnomes.actions import NameSkip
from gremlinrules.goblins_vs_gnomes.actions import OpenTarget
from gremlinrules.goblins_vs_gnomes.actions import Pass
from gremlinrules.goblins_vs_gnomes.actions import Place
from gremlinrules.goblins_vs_gnomes.actions import PlayMap
from gremlinrules.goblins_vs_gnomes.actions import PlayPotion
from gremlinrules.goblins_vs_gnomes.actions import Steal
from gremlinrules.goblins_vs_gnomes.actions import Swap
from gremlinrules.goblins_vs_gnomes.fast_place import place
from gremlinrules.goblins_vs_gnomes.fast_steps import name_skip
from gremlinrules.goblins_vs_gnomes.fast_steps import swap
from gremlinrules.goblins_vs_gnomes.flow import finish
from gremlinrules.goblins_vs_gnomes.flow import resolve
from gremlinrules.goblins_vs_gnomes.frames import SkipNaming
from gremlinrules.goblins_vs_gnomes.frames import StealChoice
from gremlinrules.goblins_vs_gnomes.frames import TargetChoice
from gremlinrules.goblins_vs_gnomes.geometry import REFERENCE_KIT
from gremlinrules.goblins_vs_gnomes.geometry import Kit
from gremlinrules.goblins_vs_gnomes.geometry import kit_for
from gremlinrules.goblins_vs_gnomes.route import Analysis
from gremlinrules.goblins_vs_gnomes.route import analyse
from gremlinrules.goblins_vs_gnomes.route import analyse_after_place
from gremlinrules.goblins_vs_gnomes.rules import CHECKS
from gremlinrules.goblins_vs_gnomes.rules import adjoining
from gremlinrules.goblins_vs_gnomes.rules import effects
from gremlinrules.goblins_vs_gnomes.rules import laid
from gremlinrules.goblins_vs_gnomes.rules import name_skip_choices
from gremlinrules.goblins_vs_gnomes.rules import no_fit
from gremlinrules.goblins_vs_gnomes.rules import not_an_action
from gremlinrules.goblins_vs_gnomes.rules import not_held
from gremlinrules.goblins_vs_gnomes.rules import not_tunnel_card
from gremlinrules.goblins_vs_gnomes.rules import off_table
from gremlinrules.goblins_vs_gnomes.rules import open_target_choices
from gremlinrules.goblins_vs_gnomes.rules import resume_name_skip
from gremlinrules.goblins_vs_gnomes.rules import resume_open_target
from gremlinrules.goblins_vs_gnomes.rules import resume_steal
from gremlinrules.goblins_vs_gnomes.rules import rule_book
from gremlinrules.goblins_vs_gnomes.rules import steal_choices
from gremlinrules.goblins_vs_gnomes.state import Phase
from gremlinrules.goblins_vs_gnomes.state import State
from gremlinrules.goblins_vs_gnomes.state import evolve

__all__ = ["apply", "has_playable", "is_legal", "kit_of", "legal_actions"]

_NAME = "Goblins vs Gnomes State"
_PASS = Pass()
_POTION = tuple(PlayPotion(k) for k in range(1, 8))
_MAP = tuple(PlayMap(t) for t in SLOTS)


def kit_of(state: State) -> Kit:
    """The tables of the state's component set (GVG-COMP-7)."""
    c = state.options.components
    return REFERENCE_KIT if c is None else kit_for(c)


def _analysis(state: State) -> Analysis:
    return analyse(state.field, state.opened, kit_of(state))


def _reached(state: State) -> tuple[int, ...]:
    return _analysis(state).reached


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


def _check_place(state: State, action: Place) -> Reason | None:
    card, x, y, rot = action.card, action.x, action.y, action.rotated
    hand = state.hands[state.turn]
    # A well-formed Place of a held card on a frontier cell where it fits. The fit bits hold
    # only tunnel designs, turned only when that changes the card.
    if (type(x) is int and type(y) is int and type(rot) is bool and type(card) is str and card in hand
            and _analysis(state).fit_bits(card, (x, y)) & (2 if rot else 1)
            and (state.options.rotation or not rot)):
        return None
    kit = kit_of(state)
    if not isinstance(card, str) or card not in kit.field_cards:
        return not_tunnel_card(card), "GVG-PLACE-1"
    if card not in hand:
        return not_held(card), "GVG-TURN-1"
    if not is_int(x) or not is_int(y) or not isinstance(rot, bool):
        return "a cell is two integers and rotated is true or false", "GVG-PLACE-1"
    if rot and not state.options.rotation:
        return "cards may not be turned (rotation option is off)", "GVG-PLACE-4"
    if rot and kit.edges[(card, True)] == kit.edges[(card, False)]:
        return "turning this card changes nothing: lay it unrotated", "GVG-PLACE-4"
    if (x, y) not in kit.placeable_set:
        return off_table(x, y), "GVG-FIELD-2"
    if not _analysis(state).fits(card, (x, y), rot):
        return no_fit(card, x, y), "GVG-PLACE-2"
    return None


def _check_pass(state: State, action: Pass) -> Reason | None:
    if has_playable(state):
        return "you may pass only when no card in your hand can be played", "GVG-TURN-3"
    return None


_CHECKS: dict[type, Any] = {**CHECKS, Place: _check_place, Pass: _check_pass}


def _check(state: State, action: Any) -> Reason | None:
    """Why ``action`` is illegal now (reason, clause), or None when it is legal."""
    if state.phase is Phase.OVER or state.stack:
        return rule_book().check(state, action)  # the match is over, or a frame's few choices
    check = _CHECKS.get(type(action))
    if check is None:
        return not_an_action(action), "GVG-ACT-1"
    return check(state, action)  # type: ignore[no-any-return]


def is_legal(state: State, action: Any) -> bool:
    """True when ``action`` may be taken now (agrees with :func:`legal_actions`)."""
    if type(state) is not State:
        return foreign(is_legal, state, action)  # a tracked state (external chance), or refused
    try:
        return _check(state, action) is None
    except AttributeError:
        if not half_built(state, action):
            raise
    return rule_book().is_legal(state, action)  # an action or state built without its fields: refused


_CHOICES: dict[type, Any] = {SkipNaming: name_skip_choices, TargetChoice: open_target_choices,
                             StealChoice: steal_choices}


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, sorted by the canonical action index (GVG-ACT-1)."""
    try:
        if type(state) is not State:
            return foreign(legal_actions, state)  # a tracked state (external chance), or refused
        if state.phase is Phase.OVER:
            return ()
        if state.stack:
            frame = state.stack[-1]
            return _CHOICES[type(frame)](state, frame)  # type: ignore[no-any-return]
        opts = state.options
        comps = opts.components
        kit = REFERENCE_KIT if comps is None else kit_for(comps)
        field, opened = state.field, state.opened
        a = analyse(field, opened, kit)  # usually the analysis apply just made (found by identity)
        seat = state.turn
        # Built directly in canonical order (no sort): designs in component order, each design's
        # placements row by row, then the action kinds in ACTION_TYPES order.
        hand = state.hands[seat]
        plan = kit.hand_plans.get(hand)
        field_cards, maps, explosions, potions, swaps = kit.hand_plan(hand) if plan is None else plan
        out: list[Action] = a.places(field_cards, opts.rotation) if field_cards else []
        if maps:
            out += [_MAP[t] for t in range(3) if not opened[t]]
        if explosions:
            out += a.explosions()
        if potions:
            out += _POTION[: state.players - 1]
        # as the Swap check
        can_swap = bool(state.deck) and not (opts.bounded and state.swaps_used[seat] >= opts.swap_limit)
        if out:
            if can_swap:
                out += swaps
            return tuple(out)
        return (*swaps, _PASS) if can_swap else (_PASS,)
    except AttributeError:
        check_complete("legal_actions", state)
        raise


def _place(state: State, action: Place) -> State:
    """Lay the card; a route that reaches nothing ends the turn with one State built (the
    rule book's :func:`.rules.place`, its events left out)."""
    kit = kit_of(state)
    tile = kit.tile(action)
    changes: dict[str, Any] = {}
    laid(state, action, tile, changes)
    route = analyse_after_place(state.field, changes["field"], state.opened, tile, kit)  # noted
    if "stack" in changes or route.reached:
        return resolve(evolve(state, **changes), adjoining(state, tile, _reached)).state
    return finish(state, changes).state


_EFFECTS: dict[type, Any] = effects(_reached)
_RESUME: dict[type, Any] = {
    SkipNaming: resume_name_skip,
    TargetChoice: functools.partial(resume_open_target, reached=_reached),
    StealChoice: resume_steal,
}
_ANSWERS = (NameSkip, OpenTarget, DeclineTarget, Steal)
_FAST_PLAYS: dict[type, Any] = {Place: place, Swap: swap}
_FAST_ANSWERS: dict[type, Any] = {NameSkip: name_skip}


def apply(state: State, action: Any) -> State:
    """The state after ``action``; the input is unchanged. Illegal -> IllegalActionError."""
    try:
        if type(state) is State and state.phase is Phase.PLAY:  # the usual steps in one go
            step = (_FAST_ANSWERS if state.stack else _FAST_PLAYS).get(type(action))
            if step is not None:
                got = step(state, action)
                if got is not None:
                    return got  # type: ignore[no-any-return]
        if type(state) is not State:
            return foreign(apply, state, action)  # a tracked state (external chance), or refused
        why = _check(state, action)
    except AttributeError:
        if not half_built(state, action):
            raise
        return rule_book().apply(state, action)  # an action or state built without its fields: refused
    if why is not None:
        raise IllegalActionError(*why)
    stack = state.stack
    if stack:
        frame = stack[-1]
        return _RESUME[type(frame)](evolve(state, stack=stack[:-1]), frame, action).state  # type: ignore[no-any-return]
    kind = type(action)
    if kind is Place:
        return _place(state, action)
    return _EFFECTS[kind](state, action).state  # type: ignore[no-any-return]
