"""The reference rules of Goblins vs Gnomes: one check and one effect per action kind.

This module is the readable statement of the rules; :mod:`.fast` answers the
same questions from precomputed tables, and the differential tests hold the two
to each other. ``get_game("goblins-vs-gnomes", reference=True)`` plays with
this module's :func:`legal_actions`, :func:`is_legal` and :func:`apply`.

The route (GVG-ROUTE-1 to GVG-ROUTE-3)
    :func:`route` walks from the start card to each neighbour whose side facing
    back is open, when the side it leaves by is open too. It passes through the
    start, Passages, Keys, Lanterns, Bombs, Ale Mugs and a face-up target; a
    Cave-in stops it (GVG-ROUTE-2); a Door stops it until a Key of the door's
    colour lies on the route without passing through that door (GVG-ROUTE-3:
    the walk is repeated with the keys found until no new key turns up). A
    face-down target beside a card the route passes, on that card's open side,
    is reached (GVG-TARGET-1).

Laying a tunnel card (``Place``: GVG-PLACE-1 to GVG-PLACE-4, GVG-FIELD-2)
    The card is a tunnel card in the player's hand, laid on an empty cell of
    the table (never the start or a target cell), turned half a turn only when
    the rotation option is on and turning changes its shape. Each side it
    shares with a card on the field or the start must match that card's side
    (open against open, closed against closed); targets impose nothing
    (GVG-PLACE-3). And one of its open sides must face an open side of a card
    the route passes through (GVG-PLACE-2), so the route grows.

The other plays
    A Map looks at a face-down target (GVG-CARD-1); an Explosion removes a card
    on the field other than a Lantern (GVG-CARD-2, GVG-ROUTE-4); a Potion swaps
    roles with another seat (GVG-CARD-3); all three are discarded (GVG-CARD-5).
    A Swap puts a card under a non-empty deck and draws (GVG-TURN-2), at most
    ``swap_limit`` times a round when bounded (GVG-BOUND-1). A Pass needs a
    hand with nothing playable and shows it (GVG-TURN-3). After a play the
    player draws (GVG-TURN-4); then the turn passes on (GVG-TURN-5).

Decisions (typed frames on the state's ``stack``, :mod:`gremlinrules.goblins_vs_gnomes.frames`)
    ``SkipNaming`` after an Ale Mug (GVG-CARD-4), ``TargetChoice`` when one card
    reaches several targets (GVG-TARGET-3; with ``second_target="may_open"`` also
    after the Dynamite while the route still reaches a target, and then the placer
    may decline with ``DeclineTarget``), ``StealChoice`` for the Greedy One after
    the Dragon (GVG-ADV-3). While a frame is pending its choices are the only
    legal actions.

Events
    Every effect and resume returns a :class:`~gremlinrules.core.step.Step`: the
    rule book announces the action itself (``CardLaid``, ``MapPlayed`` ...), the
    effect adds the card drawn and what :mod:`.flow` does next (targets opened,
    turns skipped, the round ended, scored and dealt anew), so
    :func:`apply_with_events` is the game's one source of events.
"""

from __future__ import annotations

import bisect
import functools
from typing import Any

import attrs

from gremlinrules.core.checks import guarded
from gremlinrules.core.checks import is_int
from gremlinrules.core.deprecation import module_aliases
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.errors import shown
from gremlinrules.core.grid import OFFSETS
from gremlinrules.core.grid import SIDE_NAMES
from gremlinrules.core.grid import Cell
from gremlinrules.core.messages import Message
from gremlinrules.core.messages import message
from gremlinrules.core.rulebook import Decision
from gremlinrules.core.rulebook import Reason
from gremlinrules.core.rulebook import Rule
from gremlinrules.core.rulebook import RuleBook
from gremlinrules.core.step import Step
from gremlinrules.core.turns import seat_to_decide
from gremlinrules.core.zones import next_seat
from gremlinrules.goblins_vs_gnomes.actions import SLOT_INDEX
from gremlinrules.goblins_vs_gnomes.actions import SLOTS
from gremlinrules.goblins_vs_gnomes.actions import Action
from gremlinrules.goblins_vs_gnomes.actions import DeclineTarget
from gremlinrules.goblins_vs_gnomes.actions import NameSkip
from gremlinrules.goblins_vs_gnomes.actions import OpenTarget
from gremlinrules.goblins_vs_gnomes.actions import Pass
from gremlinrules.goblins_vs_gnomes.actions import Place
from gremlinrules.goblins_vs_gnomes.actions import PlayExplosion
from gremlinrules.goblins_vs_gnomes.actions import PlayMap
from gremlinrules.goblins_vs_gnomes.actions import PlayPotion
from gremlinrules.goblins_vs_gnomes.actions import Slot
from gremlinrules.goblins_vs_gnomes.actions import Steal
from gremlinrules.goblins_vs_gnomes.actions import Swap
from gremlinrules.goblins_vs_gnomes.components import NAME_LIMIT
from gremlinrules.goblins_vs_gnomes.events import CardDrawn
from gremlinrules.goblins_vs_gnomes.events import CardExploded
from gremlinrules.goblins_vs_gnomes.events import CardLaid
from gremlinrules.goblins_vs_gnomes.events import CardSwapped
from gremlinrules.goblins_vs_gnomes.events import MapPlayed
from gremlinrules.goblins_vs_gnomes.events import Passed
from gremlinrules.goblins_vs_gnomes.events import RolesSwapped
from gremlinrules.goblins_vs_gnomes.events import SkipNamed
from gremlinrules.goblins_vs_gnomes.events import StealChosen
from gremlinrules.goblins_vs_gnomes.events import TargetDeclined
from gremlinrules.goblins_vs_gnomes.flow import Reached
from gremlinrules.goblins_vs_gnomes.flow import decline
from gremlinrules.goblins_vs_gnomes.flow import finish
from gremlinrules.goblins_vs_gnomes.flow import open_target
from gremlinrules.goblins_vs_gnomes.flow import resolve
from gremlinrules.goblins_vs_gnomes.flow import score_round
from gremlinrules.goblins_vs_gnomes.frames import SkipNaming
from gremlinrules.goblins_vs_gnomes.frames import StealChoice
from gremlinrules.goblins_vs_gnomes.frames import TargetChoice
from gremlinrules.goblins_vs_gnomes.geometry import START
from gremlinrules.goblins_vs_gnomes.geometry import Kit
from gremlinrules.goblins_vs_gnomes.geometry import options_kit
from gremlinrules.goblins_vs_gnomes.notation import cell_of
from gremlinrules.goblins_vs_gnomes.state import Phase
from gremlinrules.goblins_vs_gnomes.state import State
from gremlinrules.goblins_vs_gnomes.state import Tile
from gremlinrules.goblins_vs_gnomes.state import evolve

__all__ = [
    "CHECKS", "Route", "announce", "apply", "apply_with_events", "card_leaves", "current_player",
    "deciding", "decisions", "effects", "forget", "is_legal", "laid", "legal_actions", "may_decline",
    "name_skip_choices", "no_fit",
    "not_an_action", "not_held", "not_tunnel_card", "off_table", "open_sides",
    "open_target_choices", "pass_turn", "place", "play_explosion", "play_map", "play_potion",
    "reached", "resume_name_skip", "resume_open_target", "resume_steal", "route", "rule_book",
    "steal_choices", "swap",
]

_NAME = "Goblins vs Gnomes State"

# ---- the route, in plain terms ---------------------------------------------------------------

_OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}
_STEP = {SIDE_NAMES[i]: OFFSETS[i] for i in range(4)}
"""The step to the neighbour across each side (``y`` grows downward: N is (0, -1))."""
_ALWAYS_PASSED = frozenset({"start", "target", "passage", "key", "lantern", "bomb", "ale-mug"})
"""GVG-ROUTE-1: the kinds the route always passes through (a face-up target counts)."""


def _across(cell: Cell, side: str) -> Cell:
    dx, dy = _STEP[side]
    return cell[0] + dx, cell[1] + dy


def open_sides(kit: Kit, card: str, rotated: bool) -> frozenset[str]:
    """The open sides of design ``card`` as laid (``"N"``, ``"E"``, ``"S"``, ``"W"``)."""
    printed = {SIDE_NAMES[i] for i in range(4) if kit.designs[card].edges >> i & 1}
    return frozenset(_OPPOSITE[s] for s in printed) if rotated else frozenset(printed)


@attrs.frozen
class _Card:
    kind: str
    sides: frozenset[str]
    colour: str = ""


_ALL_SIDES = frozenset("NESW")


def _cards(state: State) -> dict[Cell, _Card]:
    """Every card on the table by cell: the start, the tunnel cards, the face-up targets."""
    kit = options_kit(state.options)
    cards = {START: _Card("start", _ALL_SIDES)}
    for t in state.field:
        cards[(t.x, t.y)] = _Card(kit.kind[t.card], open_sides(kit, t.card, t.rotated), kit.colour[t.card])
    for slot, cell in enumerate(kit.target_cells):
        if state.opened[slot]:  # a face-up target (the Dynamite) is open on all four sides
            cards[cell] = _Card("target", _ALL_SIDES)
    return cards


@attrs.frozen
class Route:
    """What the route of a field passes through and reaches."""

    cards: dict[Cell, _Card] = attrs.field(eq=False, repr=False)
    """Every card on the table by cell (the start, tunnel cards, face-up targets)."""
    passed: frozenset[Cell]
    """The cells of the cards the route passes through (the start included)."""
    keys: frozenset[str]
    """The colours of the Keys on the route."""
    reached: tuple[int, ...]
    """The face-down target slots beside the route (GVG-TARGET-1), in slot order."""


def _walk(cards: dict[Cell, _Card], keys: frozenset[str]) -> set[Cell]:
    """The cells the route passes through when Doors of the colours ``keys`` are open."""
    passed = {START}
    todo = [START]
    while todo:
        cell = todo.pop()
        for side in cards[cell].sides:
            nb = _across(cell, side)
            card = cards.get(nb)
            if card is None or nb in passed or _OPPOSITE[side] not in card.sides:
                continue  # no card there, already passed, or its facing side is closed
            if card.kind in _ALWAYS_PASSED or (card.kind == "door" and card.colour in keys):
                passed.add(nb)  # GVG-ROUTE-1, GVG-ROUTE-3
                todo.append(nb)
            # GVG-ROUTE-2: a Cave-in (and a Door without its Key) is reached but not passed
    return passed


def route(state: State) -> Route:
    """The route of the state's field (GVG-ROUTE-1 to GVG-ROUTE-3, GVG-TARGET-1)."""
    cards = _cards(state)
    keys: frozenset[str] = frozenset()
    while True:  # GVG-ROUTE-3: walk again with every Key found, until none is new
        passed = _walk(cards, keys)
        found = frozenset(cards[c].colour for c in passed if cards[c].kind == "key")
        if found <= keys:
            break
        keys = keys | found
    kit = options_kit(state.options)
    reached = tuple(
        slot for slot, cell in enumerate(kit.target_cells)
        if not state.opened[slot]
        and any(_across(cell, s) in passed and _OPPOSITE[s] in cards[_across(cell, s)].sides for s in "NESW")
    )
    return Route(cards, frozenset(passed), keys, reached)


def reached(state: State) -> tuple[int, ...]:
    """The face-down targets the route reaches (the reference's :data:`.flow.Reached`)."""
    return route(state).reached


# ---- checks ----------------------------------------------------------------------------------

# Reasons that name a caller's value are messages (gvg.illegal.*) with their parameters; a
# value the caller made up is shown short (core.errors.shown), never echoed whole.


def _name(value: Any) -> str:
    return value if type(value) is str and len(value) <= NAME_LIMIT else shown(value)


def _number(value: Any) -> int | str:
    return value if is_int(value) and -(10**9) < value < 10**9 else shown(value)


def not_tunnel_card(card: Any) -> Message:
    """GVG-PLACE-1: ``card`` is not a tunnel card of the component set."""
    return message("gvg.illegal.not-a-tunnel-card", "{card} is not a tunnel card", card=shown(card))


def not_held(card: Any) -> Message:
    """GVG-TURN-1, GVG-TURN-2: the turn owner holds no such card."""
    return message("gvg.illegal.not-held", "you hold no {card} card", card=_name(card))


def off_table(x: Any, y: Any) -> Message:
    """GVG-FIELD-2: the cell is the start, a target or off the table."""
    return message("gvg.illegal.off-table", "({x}, {y}) is the start, a target or off the table",
                   x=_number(x), y=_number(y))


def no_fit(card: str, x: int, y: int) -> Message:
    """GVG-PLACE-2: the card does not fit the cell."""
    return message("gvg.illegal.no-fit", "{card} on ({x}, {y}) must touch the route, match every "
                   "neighbour's edges and extend the route from the start", card=card, x=x, y=y)


def not_an_action(action: Any) -> Message:
    """GVG-ACT-1: not one of the game's actions."""
    return message("gvg.illegal.not-an-action", "{action} is not a Goblins vs Gnomes action",
                   action=shown(action))


def _fits(state: State, the_route: Route, card: str, cell: Cell, rotated: bool) -> bool:
    """GVG-PLACE-2, GVG-PLACE-3: the card on the empty ``cell`` matches every neighbouring card
    and opens onto a card the route passes through."""
    cards = the_route.cards
    if cell in cards:
        return False
    kit = options_kit(state.options)
    sides = open_sides(kit, card, rotated)
    extends = False
    for side in "NESW":
        nb = _across(cell, side)
        other = cards.get(nb)
        if other is None:
            continue
        facing_open = _OPPOSITE[side] in other.sides
        if other.kind != "target" and (side in sides) != facing_open:
            return False  # open against closed; GVG-PLACE-3: a target imposes no edge
        if side in sides and facing_open and nb in the_route.passed:
            extends = True  # the route (through a face-up target too) enters the card here
    return extends


def _place_problem(state: State, action: Any, the_route: Route | None = None) -> Reason | None:
    kit = options_kit(state.options)
    card, x, y, rot = action.card, action.x, action.y, action.rotated
    if not isinstance(card, str) or card not in kit.field_cards:
        return not_tunnel_card(card), "GVG-PLACE-1"
    if card not in state.hands[state.turn]:
        return not_held(card), "GVG-TURN-1"
    if not is_int(x) or not is_int(y) or not isinstance(rot, bool):
        return "a cell is two integers and rotated is true or false", "GVG-PLACE-1"
    if rot and not state.options.rotation:
        return "cards may not be turned (rotation option is off)", "GVG-PLACE-4"
    if rot and open_sides(kit, card, True) == open_sides(kit, card, False):
        return "turning this card changes nothing: lay it unrotated", "GVG-PLACE-4"
    if (x, y) not in kit.placeable_set:
        return off_table(x, y), "GVG-FIELD-2"
    if not _fits(state, the_route or route(state), card, (x, y), rot):
        return no_fit(card, x, y), "GVG-PLACE-2"
    return None


def _check_place(state: State, action: Place) -> Reason | None:
    return _place_problem(state, action)


def _check_map(state: State, action: PlayMap) -> Reason | None:
    if options_kit(state.options).action_card["map"] not in state.hands[state.turn]:  # GVG-COMP-8
        return "you hold no Map", "GVG-TURN-1"
    if type(action.target) is not Slot:
        return "a target is Slot.TOP, Slot.MIDDLE or Slot.BOTTOM", "GVG-CARD-1"
    if state.opened[SLOT_INDEX[action.target]]:
        return "that target is already face up", "GVG-CARD-1"
    return None


def _check_explosion(state: State, action: PlayExplosion) -> Reason | None:
    if options_kit(state.options).action_card["explosion"] not in state.hands[state.turn]:  # GVG-COMP-8
        return "you hold no Explosion", "GVG-TURN-1"
    kind = options_kit(state.options).kind
    # GVG-CARD-2, GVG-ROUTE-4: any card on the field but a Lantern (the start and the targets
    # are not field cards)
    if not (is_int(action.x) and is_int(action.y) and isinstance(action.card, str) and any(
        (t.x, t.y) == (action.x, action.y) and t.card == action.card and kind[t.card] != "lantern"
        for t in state.field
    )):
        return ("an Explosion removes the named field card on its cell, never the start, a "
                "Lantern or a target"), "GVG-CARD-2"
    return None


def _another_seat(state: State, offset: Any) -> bool:
    return is_int(offset) and 0 < offset < state.players


def _check_potion(state: State, action: PlayPotion) -> Reason | None:
    if options_kit(state.options).action_card["potion"] not in state.hands[state.turn]:  # GVG-COMP-8
        return "you hold no Potion", "GVG-TURN-1"
    if not _another_seat(state, action.offset):
        return message("gvg.illegal.no-other-seat", "swap with another player: an offset from 1 to {high}",
                       high=state.players - 1), "GVG-CARD-3"
    return None


def _check_swap(state: State, action: Swap) -> Reason | None:
    if not isinstance(action.card, str) or action.card not in state.hands[state.turn]:
        return not_held(action.card), "GVG-TURN-2"
    if not state.deck:
        return "the deck is empty, so no card can be swapped", "GVG-TURN-2"
    opts = state.options
    if opts.bounded and state.swaps_used[state.turn] >= opts.swap_limit:
        return message("gvg.illegal.swap-limit",
                       "each seat may swap only {limit} times in a round (bounded option)",
                       limit=opts.swap_limit), "GVG-BOUND-1"
    return None


def _check_pass(state: State, action: Pass) -> Reason | None:
    if _plays(state):
        return "you may pass only when no card in your hand can be played", "GVG-TURN-3"
    return None


def _check_answer(state: State, action: Any) -> Reason | None:
    """A NameSkip, OpenTarget, DeclineTarget or Steal with no frame asking for it (GVG-TURN-1)."""
    return "that decision is not pending", "GVG-TURN-1"


# ---- generation: candidates filtered through the checks ------------------------------------


def _plays(state: State) -> list[Action]:
    """Every legal play of a card from the turn owner's hand (no Swap, no Pass)."""
    kit = options_kit(state.options)
    hand = set(state.hands[state.turn])
    the_route = route(state)
    cards = the_route.cards
    # a laid card must touch a card the route passes through (GVG-PLACE-2)
    cells = {c for p in the_route.passed for s in "NESW" for c in [_across(p, s)]
             if c in kit.placeable_set and c not in cards}
    out: list[Action] = []
    for card in sorted(hand & kit.field_cards):
        for x, y in cells:
            for rot in (False, True):
                action = Place(card, x, y, rot)
                if _place_problem(state, action, the_route) is None:
                    out.append(action)
    candidates: list[Action] = [PlayMap(s) for s in SLOTS]
    candidates += [PlayExplosion(t.card, t.x, t.y) for t in state.field]
    candidates += [PlayPotion(k) for k in range(1, state.players)]
    out += [a for a in candidates if rule_book().rules[type(a)].check(state, a) is None]
    return out


def _generate(state: State) -> tuple[Action, ...]:
    """Every legal action when no frame is pending, in the canonical order (GVG-ACT-1)."""
    kit = options_kit(state.options)
    plays = _plays(state)
    out = plays + [a for a in (Swap(c) for c in set(state.hands[state.turn]))
                   if _check_swap(state, a) is None]
    if not plays:
        out.append(Pass())
    return tuple(sorted(out, key=kit.index.__getitem__))


# ---- effects ---------------------------------------------------------------------------------


def forget(known: tuple[tuple[tuple[int, str], ...], ...], seat: int,
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


def _drawn(seat: int, top: str, who: int) -> CardDrawn:
    """GVG-TURN-4: ``seat`` drew ``top``, which seat ``who`` put under the deck (-1: nobody)."""
    return CardDrawn(seat, top, None if who < 0 else who)


def card_leaves(state: State, card: str, changes: dict[str, Any]) -> tuple[CardDrawn, ...]:
    """``card`` leaves the turn owner's hand; they draw the top card if any (GVG-TURN-4): the
    changes go into ``changes``, the draw is the event returned."""
    seat = state.turn
    hands = state.hands
    hand = list(hands[seat])
    hand.remove(card)
    known = state.known_cards
    if any(known):
        known = forget(known, seat, card)
    deck, owner = state.deck, state.deck_owner
    drawn: tuple[CardDrawn, ...] = ()
    if deck:
        top, who = deck[0], owner[0]
        hand.append(top)
        hand.sort()
        deck, owner = deck[1:], owner[1:]
        if who >= 0 and who != seat:  # that seat put this card under the deck: it knows it
            known = known[:who] + (tuple(sorted((*known[who], (seat, top)))),) + known[who + 1:]
        drawn = (_drawn(seat, top, who),)
    elif not hand and state.first_out < 0:
        changes["first_out"] = seat  # GVG-SCORE-6
    hands = hands[:seat] + (tuple(hand),) + hands[seat + 1:]
    changes.update(hands=hands, known_cards=known, deck=deck, deck_owner=owner, passes=0)
    return drawn


def _tile_order(tile: Tile) -> tuple[int, int]:
    return tile.y, tile.x


def laid(state: State, action: Place, tile: Tile, changes: dict[str, Any]) -> tuple[CardDrawn, ...]:
    """The changes of laying ``tile`` (the card of ``action``): the card leaves the hand (the
    draw is the event returned), the field gains it, and an Ale Mug asks its placer to name a
    player (GVG-CARD-4, a :class:`~.frames.SkipNaming`) once the targets it reached are resolved
    (the frame waits under any target choice)."""
    drawn = card_leaves(state, action.card, changes)
    field = list(state.field)
    bisect.insort(field, tile, key=_tile_order)
    changes["field"] = tuple(field)
    if options_kit(state.options).kind[action.card] == "ale-mug":
        changes["stack"] = (*state.stack, SkipNaming(state.turn, action.card))
    return drawn


def adjoining(state: State, tile: Tile, reached: Reached) -> Reached:
    """What a card just laid opens (GVG-TARGET-1): every target the route now reaches, except
    one that was reached and left face down before (GVG-TARGET-3, ``second_target="may_open"``)
    unless this card adjoins it: a target opens right after the card next to it is laid."""
    declined = reached(state) if state.options.second_target == "may_open" else ()
    if not declined:
        return reached
    cells = options_kit(state.options).target_cells

    def fresh(after: State) -> tuple[int, ...]:
        return tuple(t for t in reached(after) if t not in declined
                     or abs(cells[t][0] - tile.x) + abs(cells[t][1] - tile.y) == 1)

    return fresh


def place(state: State, action: Place, reached: Reached) -> Step[State]:
    """Lay the card (GVG-PLACE-1), then open what the route reaches (GVG-TARGET-1)."""
    changes: dict[str, Any] = {}
    tile = Tile(action.x, action.y, action.card, action.rotated)
    drawn = laid(state, action, tile, changes)
    opens = adjoining(state, tile, reached)
    return Step(evolve(state, **changes), drawn).then(lambda s: resolve(s, opens))


def play_map(state: State, action: PlayMap) -> Step[State]:
    """GVG-CARD-1: the seat looks at the target; GVG-CARD-5: the Map is discarded."""
    changes: dict[str, Any] = {}
    card = options_kit(state.options).action_card["map"]  # GVG-COMP-8: the Map by its kind
    drawn = card_leaves(state, card, changes)
    changes["peeks"] = (*state.peeks, (state.turn, SLOT_INDEX[action.target]))
    changes["discard"] = tuple(sorted((*state.discard, card)))
    return finish(state, changes, drawn)


def play_explosion(state: State, action: PlayExplosion) -> Step[State]:
    """GVG-CARD-2: the card leaves the round; GVG-CARD-5: so does the Explosion."""
    changes: dict[str, Any] = {}
    card = options_kit(state.options).action_card["explosion"]  # GVG-COMP-8
    drawn = card_leaves(state, card, changes)
    gone = next(u for u in state.field if (u.x, u.y) == (action.x, action.y))
    changes["field"] = tuple(u for u in state.field if u is not gone)
    changes["discard"] = tuple(sorted((*state.discard, card, gone.card)))
    return finish(state, changes, drawn)


def play_potion(state: State, action: PlayPotion) -> Step[State]:
    """GVG-CARD-3: swap role cards with the chosen seat; GVG-CARD-5: the Potion is discarded."""
    changes: dict[str, Any] = {}
    seat = state.turn
    card = options_kit(state.options).action_card["potion"]  # GVG-COMP-8
    drawn = card_leaves(state, card, changes)
    other = next_seat(seat, state.players, action.offset)
    roles = list(state.roles)
    roles[seat], roles[other] = roles[other], roles[seat]
    changes.update(roles=tuple(roles), potions=(*state.potions, (seat, other)),
                   discard=tuple(sorted((*state.discard, card))))
    return finish(state, changes, drawn)


def swap(state: State, action: Swap) -> Step[State]:
    """GVG-TURN-2: the card goes under the deck (its owner knows it) and the top card is drawn."""
    seat = state.turn
    hand = list(state.hands[seat])
    hand.remove(action.card)
    known = forget(state.known_cards, seat, None)
    deck = (*state.deck[1:], action.card)
    owner = (*state.deck_owner[1:], seat)
    top, who = state.deck[0], state.deck_owner[0]
    hands = state.hands[:seat] + (tuple(sorted((*hand, top))),) + state.hands[seat + 1:]
    if who >= 0 and who != seat:
        known = known[:who] + (tuple(sorted((*known[who], (seat, top)))),) + known[who + 1:]
    used = state.swaps_used
    return finish(state, {
        "hands": hands, "known_cards": known, "deck": deck, "deck_owner": owner, "passes": 0,
        "swaps_used": used[:seat] + (used[seat] + 1,) + used[seat + 1:]}, (_drawn(seat, top, who),))


def pass_turn(state: State, action: Pass) -> Step[State]:
    """GVG-TURN-3: the hand is shown to everyone; GVG-END-1: passes in a row are counted."""
    seat = state.turn
    hand = state.hands[seat]
    known = tuple(
        k if p == seat else tuple(sorted((*(e for e in k if e[0] != seat), *((seat, c) for c in hand))))
        for p, k in enumerate(state.known_cards)
    )
    return finish(state, {"known_cards": known, "passes": state.passes + 1})


def _unasked(state: State, action: Any) -> Step[State]:
    raise IllegalActionError("that decision is not pending", "GVG-TURN-1")  # refused by its check


# ---- decisions -------------------------------------------------------------------------------

_NAME_SKIPS = tuple(NameSkip(k) for k in range(8))
_STEALS = tuple(Steal(k) for k in range(1, 8))
_OPENS = {t: OpenTarget(t) for t in SLOTS}
_DECLINE = DeclineTarget()


def name_skip_choices(state: State, frame: SkipNaming) -> tuple[Action, ...]:
    """GVG-CARD-4: any other seat, by offset from the placer; GVG-CARD-6: the placer too
    (offset 0) when the options let a player name themselves."""
    return _NAME_SKIPS[: state.players] if state.options.name_self else _NAME_SKIPS[1: state.players]


def may_decline(state: State, frame: TargetChoice) -> bool:
    """GVG-TARGET-3, option ``second_target="may_open"``: the frame asks after the Dynamite
    whether to open a target the route still reaches, so it may be declined."""
    return frame.after_dynamite and state.options.second_target == "may_open"


def open_target_choices(state: State, frame: TargetChoice) -> tuple[Action, ...]:
    """GVG-TARGET-3: the reached targets, in slot order; after the Dynamite under
    ``second_target="may_open"`` also :class:`DeclineTarget` (last, as in the action space)."""
    opens = tuple(_OPENS[slot] for slot in frame.among)
    return (*opens, _DECLINE) if may_decline(state, frame) else opens


def steal_choices(state: State, frame: StealChoice) -> tuple[Action, ...]:
    """GVG-ADV-3: any other seat, by offset from the Greedy One."""
    return _STEALS[: state.players - 1]


def resume_name_skip(state: State, frame: SkipNaming, action: NameSkip) -> Step[State]:
    """GVG-CARD-4: the named seat skips one more turn; the placer's turn ends."""
    s = next_seat(frame.seat, state.players, action.offset)
    skips = state.skips
    return finish(state, {"skips": skips[:s] + (skips[s] + 1,) + skips[s + 1:]})


def resume_open_target(state: State, frame: TargetChoice, action: OpenTarget | DeclineTarget,
                       reached: Reached) -> Step[State]:
    """GVG-TARGET-3: the chosen target opens first; the rest follow if the route still reaches
    them. ``DeclineTarget`` (``second_target="may_open"``, after the Dynamite) leaves them face
    down and the turn ends as it would."""
    if isinstance(action, DeclineTarget):
        return decline(state)
    return open_target(state, SLOT_INDEX[action.target], reached)


def resume_steal(state: State, frame: StealChoice, action: Steal) -> Step[State]:
    """GVG-ADV-3: the round is scored with the chosen victim."""
    return score_round(state, next_seat(frame.seat, state.players, action.offset))


# ---- the events of the action itself ---------------------------------------------------------


def deciding(state: State) -> int:
    """The seat that decides now: the top frame's, else the turn owner."""
    return state.stack[-1].seat if state.stack else state.turn


def _announced(s: State, seat: int, action: Any) -> tuple[Any, ...]:
    """The event that records ``action`` itself, taken by ``seat`` in ``s`` (none for an
    OpenTarget: the target it opens is its event)."""
    kind = type(action)
    if kind is Place:
        return (CardLaid(seat, action.card, cell_of(action.x, action.y), action.rotated),)
    if kind is PlayMap:
        return (MapPlayed(seat, action.target, s.targets[SLOT_INDEX[action.target]]),)
    if kind is PlayExplosion:
        return (CardExploded(seat, action.card, cell_of(action.x, action.y)),)
    if kind is PlayPotion:
        other = next_seat(seat, s.players, action.offset)
        return (RolesSwapped(seat, other, s.roles[other], s.roles[seat]),)
    if kind is Swap:
        return (CardSwapped(seat, action.card),)
    if kind is Pass:
        return (Passed(seat, s.hands[seat]),)
    if kind is NameSkip:
        return (SkipNamed(seat, next_seat(seat, s.players, action.offset)),)
    if kind is Steal:
        return (StealChosen(seat, next_seat(seat, s.players, action.offset)),)
    if kind is DeclineTarget:
        frame = s.stack[-1]
        return (TargetDeclined(seat, frame.among if type(frame) is TargetChoice else ()),)
    return ()


def announce(state: State, action: Any) -> tuple[Any, ...]:
    """The rule book's ``announce``: the event of the legal ``action`` itself, by the deciding
    seat (put before the events of its effect)."""
    return _announced(state, deciding(state), action)


# ---- the rule book ---------------------------------------------------------------------------


def _over(state: State) -> Reason | None:
    return ("the match is over", "GVG-END-4") if state.phase is Phase.OVER else None


def _malformed(action: Any) -> Reason:
    return not_an_action(action), "GVG-ACT-1"


def effects(reached: Reached) -> dict[type, Any]:
    """The effect of each play, with the targets' route given by ``reached``."""
    return {
        Place: functools.partial(place, reached=reached), PlayMap: play_map,
        PlayExplosion: play_explosion, PlayPotion: play_potion, Swap: swap, Pass: pass_turn,
        NameSkip: _unasked, OpenTarget: _unasked, Steal: _unasked, DeclineTarget: _unasked,
    }


def decisions(reached: Reached) -> tuple[Decision[State], ...]:
    """The three frame classes, with the targets' route given by ``reached``."""
    return (
        Decision(SkipNaming, NameSkip, "GVG-CARD-4", "name the player who skips their next turn first",
                 name_skip_choices, resume_name_skip),
        Decision(TargetChoice, (OpenTarget, DeclineTarget), "GVG-TARGET-3",
                 "choose which reached target opens first (or, when offered, leave it face down)",
                 open_target_choices, functools.partial(resume_open_target, reached=reached)),
        Decision(StealChoice, Steal, "GVG-ADV-3", "the Greedy One must choose whom to steal from",
                 steal_choices, resume_steal),
    )


CHECKS: dict[type, Any] = {
    Place: _check_place, PlayMap: _check_map, PlayExplosion: _check_explosion,
    PlayPotion: _check_potion, Swap: _check_swap, Pass: _check_pass,
    NameSkip: _check_answer, OpenTarget: _check_answer, Steal: _check_answer,
    DeclineTarget: _check_answer,
}
"""The check of each action kind (also used by :mod:`.fast` for the reasons it does not hold)."""


@functools.cache
def rule_book() -> RuleBook[State]:
    """The reference rule book, built on its first use and kept.

    Built when first asked for, not at import, so its tables (:func:`effects`,
    :func:`decisions`) are made by the code as it is when the rules are first played: a
    mutation tester that switches a change on after import sees it (``tools/mutation.py``; the
    tests' ``rule_book.cache_clear()`` makes each test build its own)."""
    made = effects(reached)
    return RuleBook(
        title="Goblins vs Gnomes",
        state_type=State,
        rules=[Rule(cls, CHECKS[cls], made[cls]) for cls in CHECKS],
        decisions=decisions(reached),
        over=_over,
        generate=_generate,
        malformed=_malformed,
        announce=announce,
    )


__getattr__ = module_aliases(__name__, {"RULES": (f"{__name__}.rule_book()", rule_book)})
"""``RULES``, the rule book built at import until issue 28, is now :func:`rule_book` (deprecated alias)."""


current_player = seat_to_decide(State, Phase.OVER, __name__, "The seat that must decide now: the top "
                                "frame's seat, else the turn owner; None once the match is over.")


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in the canonical order (GVG-ACT-1): the rule book's."""
    return rule_book().legal_actions(state)


def is_legal(state: State, action: Any) -> bool:
    """True when ``action`` may be taken now: the rule book's."""
    return rule_book().is_legal(state, action)


def apply(state: State, action: Any) -> State:
    """The state after ``action`` (the input unchanged; illegal -> IllegalActionError): the rule
    book's."""
    return rule_book().apply(state, action)


@guarded
def apply_with_events(state: State, action: Any) -> tuple[State, tuple[Any, ...]]:
    """The state after ``action`` and the events it caused, in order (the rule book's; its
    state is ``apply``'s, and the fast path's, which the differential tests hold equal)."""
    return rule_book().apply_with_events(state, action)
