"""The external-chance model of Gremlins: The Game (issue 18; the mode itself is
:mod:`gremlinrules.core.chance`).

Three things are chance at this table (GTG-CHANCE-1): the weapon cards drawn (the opening deal
and every draw, seen by the seat that draws), the event card drawn on an Event space (seen by
everyone) and a gremlin token turned face up (seen by everyone): a face-down token a player
lands on, or the top of the pool going face up into the Movie Theater while Stripe is there. A
token put face down on the board is not revealed, so it is not a chance decision: its identity
stays unseen until it is turned over. The pools are ``"weapons"``, ``"events"`` and
``"gremlins"``; the items are the card kind names the JSON uses and the gremlin designs
(GTG-VIEW-2: ``red-square-1pt``, ``stripe``), as a person reads them off a token.

The weights of a card draw are the copies of each kind left in the pile it comes from. The
weights of a gremlin reveal are proportional to its exact probability, which is not always the
count of unseen copies: a token placed at setup is never Stripe (GTG-SETUP-3), so Stripe can only
be in the pool or on a token placed from it later (GTG-CHANCE-2). A gremlin outcome is a design:
identical tokens (gremlin-01 and gremlin-13, for one) are one outcome, weighed by their unseen
tokens together; entering it takes the token already on the place turned over if it is of that
design, else the first unseen one of it, and the canonical form puts identical tokens' ids in a
fixed order (swapping them is a symmetry of the rules), so the tracked game is the seeded one
(GTG-CHANCE-2, GTG-CHANCE-3).

The model finds a move's reveals by *probing* (GTG-CHANCE-3): it applies the move with the rule
book to the canonical state with the outcomes entered so far put where the move takes them from
(on top of a deck, or swapped onto the position of the token being turned over), and with a
stacked generator, :class:`_Stacked`, whose shuffle puts the outcomes entered after a reshuffle on
top of the rebuilt deck (GTG-WEAPON-3, GTG-EVENT-3). No hook in the game's flow is needed: the
flow's reshuffle asks the state's generator to shuffle, and only a probe's state holds a stacked
one. The first reveal the probe makes beyond the outcomes entered is the next chance decision.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from collections.abc import Sequence
from functools import reduce
from math import gcd
from typing import Any
from typing import Final
from typing import TypeVar
from typing import cast

import attrs

from gremlinrules.core.chance import Need
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance_tools import Dealing
from gremlinrules.core.chance_tools import hands
from gremlinrules.core.chance_tools import unseated
from gremlinrules.core.chance_tools import weights
from gremlinrules.core.chance_tools import without
from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_the_game import rules
from gremlinrules.gremlins_the_game.actions import Defeat
from gremlinrules.gremlins_the_game.actions import Discard
from gremlinrules.gremlins_the_game.actions import Move
from gremlinrules.gremlins_the_game.actions import table_components
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.flow import replace
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.setup import HAND_SIZE
from gremlinrules.gremlins_the_game.setup import new_game
from gremlinrules.gremlins_the_game.state import Options
from gremlinrules.gremlins_the_game.state import Placed
from gremlinrules.gremlins_the_game.state import Setup
from gremlinrules.gremlins_the_game.state import State

__all__ = ["EVENTS", "GREMLINS", "POOLS", "UNSEEN_POOLS", "WEAPONS", "arranged", "by_design", "canonical",
           "deal", "designs", "outcome_bound", "reveals", "step"]

WEAPONS: Final = "weapons"
"""The weapon deck: a draw is seen by the seat that draws it."""
EVENTS: Final = "events"
"""The event deck: a drawn event card is seen by everyone."""
GREMLINS: Final = "gremlins"
"""The face-down gremlin tokens (on the board and in the pool): a reveal is seen by everyone."""
POOLS: Final = (WEAPONS, EVENTS, GREMLINS)
"""The names of the game's random pools."""
UNSEEN_POOLS: Final = frozenset({WEAPONS})
"""GTG-CHANCE-5: a weapon card only its drawer sees may be entered unseen (a hand shows only the
cards its owner fights with or discards, each a decision naming them, so a placeholder is named
when it shows; which fights a hand can win is the owner's choice to show)."""

_RNG: Final = Rng(0)
"""The generator of every canonical state: an external-chance game never shuffles by it."""
_TITLE = "Gremlins: The Game"
_T = TypeVar("_T")


# --- the canonical form (GTG-CHANCE-3) -----------------------------------------------------------


def _event_order(state: State) -> dict[str, int]:
    return {name: i for i, name in enumerate(tables(state.components).event)}


def _may_be_stripe(state: State) -> list[bool]:
    """For every place of an unseen gremlin token (each face-down token, in map order, then the
    pool, top first), whether it may hold Stripe: a token placed at setup may not (GTG-SETUP-3),
    a token from the pool may."""
    return [p.from_pool for p in state.board if not p.face_up] + [True] * len(state.pool)


def _unseen_gremlins(state: State) -> list[str]:
    """The unseen tokens in the order of :func:`_may_be_stripe`."""
    return [p.gremlin for p in state.board if not p.face_up] + list(state.pool)


def _with_gremlins(state: State, tokens: Sequence[str]) -> State:
    """``state`` with ``tokens`` put on the places of :func:`_may_be_stripe`, in order."""
    board = list(state.board)
    k = 0
    for i, p in enumerate(board):
        if not p.face_up:
            board[i] = Placed(p.space, tokens[k], False, p.from_pool)
            k += 1
    return replace(state, board=tuple(board), pool=tuple(tokens[k:]))


def _canonical_gremlins(state: State) -> list[str]:
    """GTG-CHANCE-3: the unseen tokens in design order over the places (identical tokens keep
    their order, which :func:`_relabelled` then fixes), except Stripe (when unseen), who takes
    the last place that may hold him (the bottom of the pool, or else the last token from the
    pool on the board)."""
    unseen = _unseen_gremlins(state)
    stripe = tables(state.components).stripe
    order = tables(state.components).design_rank  # GTG-VIEW-2: identical tokens rank alike
    others = sorted((g for g in unseen if g != stripe), key=order.__getitem__)
    if len(others) == len(unseen):
        return others
    last = max((k for k, open_ in enumerate(_may_be_stripe(state)) if open_), default=None)
    if last is None:
        raise InvalidArgumentError(f"inconsistent {_TITLE} state: Stripe is never among the tokens "
                                   "placed at setup (GTG-SETUP-3)")
    return [*others[:last], stripe, *others[last:]]


def _token_places(state: State) -> list[str]:
    """Every gremlin token of ``state`` in a fixed order of places: the board in map order, the
    pool from the top, the theater's crowd, each seat's defeated gremlins."""
    return [*(p.gremlin for p in state.board), *state.pool, *state.crowd,
            *(g for row in state.defeated for g in row)]


def _relabelled(state: State) -> State:
    """GTG-CHANCE-3: ``state`` with the ids of identical tokens (one design, GTG-VIEW-2) in
    component order over :func:`_token_places`: a symmetry of the rules, and invisible, since
    views and events name a gremlin by its design. A fight's frame names its gremlin by id, and
    follows it."""
    t = tables(state.components)
    places = _token_places(state)
    mapping: dict[str, str] = {}
    for ids in t.design_ids.values():
        if len(ids) > 1:
            held = [g for g in places if t.design[g] == t.design[ids[0]]]
            mapping.update((old, new) for old, new in zip(held, sorted(held, key=ids.index), strict=True)
                           if old != new)
    if not mapping:
        return state
    board = tuple(Placed(p.space, mapping.get(p.gremlin, p.gremlin), p.face_up, p.from_pool)
                  for p in state.board)
    stack = tuple(attrs.evolve(f, gremlin=mapping.get(f.gremlin, f.gremlin)) if type(f) is Fight else f
                  for f in state.stack)
    return replace(state, board=board, pool=tuple(mapping.get(g, g) for g in state.pool),
                   crowd=tuple(mapping.get(g, g) for g in state.crowd),
                   defeated=tuple(tuple(mapping.get(g, g) for g in row) for row in state.defeated),
                   stack=stack)


def canonical(state: State) -> State:
    """GTG-CHANCE-3: ``state`` with everything nobody has seen in a fixed order: both decks sorted
    by component order, the unseen gremlin tokens as :func:`_canonical_gremlins` puts them, the
    ids of identical tokens as :func:`_relabelled` puts them, and the generator set to
    ``Rng(0)``. No view shows any of it, so every view is unchanged."""
    check_type(state, State, f"{_TITLE} State")
    t = tables(state.components)
    weapon_deck = tuple(sorted(state.weapon_deck, key=t.weapon_index.__getitem__))
    event_deck = tuple(sorted(state.event_deck, key=_event_order(state).__getitem__))
    gremlins = _canonical_gremlins(state)
    if not (weapon_deck == state.weapon_deck and event_deck == state.event_deck and state.rng == _RNG
            and gremlins == _unseen_gremlins(state)):
        state = replace(_with_gremlins(state, gremlins), weapon_deck=weapon_deck, event_deck=event_deck,
                        rng=_RNG)
    return _relabelled(state)


# --- weights -------------------------------------------------------------------------------------


def gremlin_weights(unseen: Sequence[str], stripe: str, setup_places: int,
                    at_setup_place: bool) -> tuple[tuple[str, int], ...]:
    """GTG-CHANCE-2: the weights of the token turned over on one place, given the ``unseen``
    tokens and how many of their places were filled at setup (never Stripe, GTG-SETUP-3).

    Every arrangement of the unseen tokens with Stripe on a place that may hold him is equally
    likely. On a setup place each token but Stripe has the same chance. With ``u`` tokens unseen
    and ``k`` places that may hold Stripe, on one of those he is there with probability ``1/k``
    and each other token with ``(k - 1) / (k (u - 1))``: weights ``u - 1`` for Stripe and
    ``k - 1`` for each other token, divided by their greatest common divisor.
    """
    if stripe not in unseen:
        return weights(unseen)
    if at_setup_place:
        return weights(g for g in unseen if g != stripe)
    u = len(unseen)
    k = u - setup_places
    if k == 1:
        return ((stripe, 1),)
    common = gcd(u - 1, k - 1)
    return tuple(sorted((g, (u - 1 if g == stripe else k - 1) // common) for g in unseen))


def by_design(token_weights: Sequence[tuple[str, int]],
              design: Mapping[str, str]) -> tuple[tuple[str, int], ...]:
    """GTG-CHANCE-2: weights by token id summed over each design (identical tokens are one
    outcome), divided by their greatest common divisor, sorted by design name."""
    summed: dict[str, int] = {}
    for gid, w in token_weights:
        summed[design[gid]] = summed.get(design[gid], 0) + w
    common = reduce(gcd, summed.values())
    return tuple(sorted((name, w // common) for name, w in summed.items()))


# --- the opening deal (GTG-SETUP-6) --------------------------------------------------------------


def _items(entered: tuple[Outcome, ...], pools: tuple[str, ...]) -> None:
    for o in entered:
        if type(o) is not Outcome or o.pool not in pools:
            raise InvalidArgumentError(f"{_TITLE} has no chance outcome {shown(o)} here")


def deal(players: int, options: Options, entered: tuple[Outcome, ...]) -> Need | State:
    """GTG-CHANCE-1: the opening deal is three weapon cards to each seat, each seen by the seat it
    is dealt to: the deal offers seat 0's first, then seat 1's, and takes a card for any seat
    whose hand has room, in any order (round the table). Nothing else of the set-up is seen by
    anyone (the face-down gremlins, the pool, the decks' order). Once every hand is entered, the
    initial state with everything unseen in canonical order, seat 0 first as in a seeded game."""
    _items(entered, (WEAPONS,))
    deck = Counter(tables(table_components(options)).weapon_deck)
    dealing = Dealing(hands(WEAPONS, players, HAND_SIZE), {WEAPONS: deck})
    need = dealing.run(entered)
    if need is not None:
        return need
    dealt = tuple(tuple(hand) for hand in dealing.filled)
    return canonical(new_game(players, 0, options=options, setup=Setup(hands=dealt)))


# --- the truth of a seeded game ------------------------------------------------------------------


def _spent(action: Any) -> tuple[str, ...]:
    if type(action) is Defeat:
        return action.weapons
    if type(action) is Discard:
        return (action.weapon,)
    return ()


def _draws_event(before: State, action: Any) -> bool:
    """The action is the move onto an Event space, and there is a card to draw (GTG-EVENT-1)."""
    return (type(action) is Move and action.to in before.event_tokens
            and bool(before.event_deck or before.event_discard))


def reveals(before: State | None, action: Any, after: State) -> tuple[Outcome, ...]:
    """The truth for a seeded game: what the step ``before -> after`` revealed, in the order
    :func:`step` asks for it (GTG-CHANCE-1): the event card drawn, or the gremlin turned over by
    the move (by its design, GTG-CHANCE-2); the weapon cards drawn (those from the deck in deck
    order, then those from a rebuilt deck in weapon order); then a gremlin from the pool turned
    face up. ``before`` None: the opening deal of ``after``, hand by hand."""
    raw = _revealed(before, action, after)
    if not any(o.pool == GREMLINS for o in raw):
        return raw
    design = tables(after.components).design
    return tuple(Outcome(GREMLINS, design[o.item]) if o.pool == GREMLINS else o for o in raw)


def _revealed(before: State | None, action: Any, after: State) -> tuple[Outcome, ...]:
    """:func:`reveals` with each gremlin named by its token id (the place the probe turned)."""
    if before is None:
        return tuple(Outcome(WEAPONS, card) for hand in after.hands for card in hand)
    seat = rules.current_player(before)
    if seat is None:
        return ()
    out: list[Outcome] = []
    if _draws_event(before, action):
        out.append(Outcome(EVENTS, after.event_discard[-1]))
    seen = {p.gremlin for p in after.board if p.face_up}
    seen.update(after.crowd)
    for row in after.defeated:
        seen.update(row)
    out += [Outcome(GREMLINS, p.gremlin) for p in before.board if not p.face_up and p.gremlin in seen]
    drawn = Counter(after.hands[seat]) - (Counter(before.hands[seat]) - Counter(_spent(action)))
    count = sum(drawn.values())
    from_deck = before.weapon_deck[:count]
    rebuilt = drawn - Counter(from_deck)
    index = tables(before.components).weapon_index
    out += [Outcome(WEAPONS, card) for card in from_deck]
    out += [Outcome(WEAPONS, card) for card in sorted(rebuilt.elements(), key=index.__getitem__)]
    out += [Outcome(GREMLINS, g) for g in before.pool if g in seen]
    return tuple(out)


# --- the probe (GTG-CHANCE-3) --------------------------------------------------------------------


@attrs.frozen(slots=True)
class _Stacked(Rng):
    """A generator for a probe only: its shuffles rebuild a deck with the outcomes entered after
    the reshuffle on top (the rest after them, in the discard pile's order), one plan per
    reshuffle in the order the move makes them, and remember what each rebuilt deck held."""

    plans: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """``(pool, cards on top)`` for each reshuffle still to come."""
    rebuilt: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """``(pool, cards)`` of each deck rebuilt so far."""

    def shuffle(self, items: Sequence[_T]) -> tuple[tuple[_T, ...], Rng]:
        pool, top = self.plans[0] if self.plans else (WEAPONS, ())
        cards = tuple(cast(Sequence[str], items))
        deck = _on_top(cards, top, f"rebuilt {pool[:-1]} deck")
        return (cast(tuple[_T, ...], deck),
                _Stacked(self.state, self.plans[1:], (*self.rebuilt, (pool, tuple(cards)))))


@attrs.frozen(slots=True)
class _Probe:
    arranged: State
    """The state the move was applied to: the outcomes entered put where the move takes them."""
    after: State
    revealed: tuple[Outcome, ...]
    """What the move revealed, each gremlin by its token id."""


def _on_top(deck: tuple[str, ...], top: Sequence[str], where: str) -> tuple[str, ...]:
    """``deck`` with the cards ``top`` moved to its top, in that order, the others in their order."""
    without(deck, top, where)
    skip = Counter(top)
    rest: list[str] = []
    for card in deck:
        if skip[card]:
            skip[card] -= 1
        else:
            rest.append(card)
    return (*top, *rest)


def _run(state: State, action: Any, plans: tuple[tuple[str, tuple[str, ...]], ...]) -> _Probe:
    stacked = replace(state, rng=_Stacked(0, plans))
    after = rules.apply(stacked, action)
    return _Probe(stacked, after, _revealed(stacked, action, after))


def _probe(state: State, action: Any, entered: tuple[Outcome, ...]) -> _Probe:
    """The move applied with ``entered`` in place (the weapons and events on top of their decks
    or, after a reshuffle, of the rebuilt deck; each gremlin swapped onto the place the move turns
    over), the outcomes beyond ``entered`` left in canonical order."""
    _items(entered, POOLS)
    unseated(entered, "a card drawn or a token turned over during play")
    events = [o.item for o in entered if o.pool == EVENTS]
    weapons = [o.item for o in entered if o.pool == WEAPONS]
    gremlins = [o.item for o in entered if o.pool == GREMLINS]
    s = state
    plans: list[tuple[str, tuple[str, ...]]] = []
    if s.event_deck:
        s = replace(s, event_deck=_on_top(s.event_deck, events, "event deck"))
    elif _draws_event(s, action):  # GTG-EVENT-3: the move's first reshuffle, if any
        plans.append((EVENTS, tuple(events)))
    d = len(s.weapon_deck)
    s = replace(s, weapon_deck=_on_top(s.weapon_deck, weapons[:d], "weapon deck"))
    plans.append((WEAPONS, tuple(weapons[d:])))  # GTG-WEAPON-3
    probe = _run(s, action, tuple(plans))
    design = tables(s.components).design
    for k, token in enumerate(gremlins):
        turned = [o.item for o in probe.revealed if o.pool == GREMLINS]
        if k >= len(turned):
            break
        if design[turned[k]] == token:
            continue  # the token the probe turned over is of that design already
        unseen = _unseen_gremlins(s)
        fixed = set(turned[:k])  # GTG-CHANCE-2: the first unseen token of the design takes the place
        other = next((g for g in unseen if design[g] == token and g not in fixed), None)
        if other is None:
            raise InvalidArgumentError(f"{shown(token)} is not the design of an unseen gremlin token")
        a, b = unseen.index(turned[k]), unseen.index(other)
        unseen[a], unseen[b] = unseen[b], unseen[a]
        probe = _run(_with_gremlins(s, unseen), action, tuple(plans))
        s = probe.arranged
    return probe


def arranged(state: State, action: Any, entered: tuple[Outcome, ...]) -> State:
    """A state in which the plain rules reveal exactly ``entered`` for ``action`` (for the move's
    events): the probe's, whose generator rebuilds a deck with the entered cards on top."""
    return _probe(state, action, entered).arranged


def step(state: State, action: Any, entered: tuple[Outcome, ...]) -> Need | State:
    """GTG-CHANCE-1 to GTG-CHANCE-3: the next reveal of ``action`` from the canonical ``state``
    after the outcomes ``entered``, or the canonical state after the move once all are in."""
    probe = _probe(state, action, entered)
    n = len(entered)
    if [o.pool for o in probe.revealed[:n]] != [o.pool for o in entered]:
        raise InvalidArgumentError(f"this move does not reveal {shown(entered)} in that order")
    if len(probe.revealed) == n:
        return canonical(probe.after)
    nxt = probe.revealed[n]
    if nxt.pool == EVENTS:  # GTG-EVENT-1, GTG-EVENT-3: the deck, or the rebuilt discard pile
        return Need(EVENTS, weights(state.event_deck or state.event_discard))
    seat = rules.current_player(state)
    if nxt.pool == WEAPONS:  # GTG-WEAPON-1, GTG-WEAPON-3
        held = [o.item for o in entered if o.pool == WEAPONS]
        d = len(state.weapon_deck)
        if len(held) < d:
            left = without(state.weapon_deck, held, "weapon deck")
        else:
            rng = cast(_Stacked, probe.after.rng)
            pile = next(cards for pool, cards in rng.rebuilt if pool == WEAPONS)
            left = without(pile, held[d:], "rebuilt weapon deck")
        # GTG-CHANCE-4: seen by the drawing seat only, entered all the same
        return Need(WEAPONS, weights(left.elements()), (cast(int, seat),), cast(int, seat))
    # GTG-FIGHT-1, GTG-STRIPE-3, GTG-THEATER-3: a token turned face up, offered by design
    s = probe.arranged
    turned = [o.item for o in probe.revealed[:n] if o.pool == GREMLINS]
    places = [(g, open_) for g, open_ in zip(_unseen_gremlins(s), _may_be_stripe(s), strict=True)
              if g not in turned]
    unseen = [g for g, _ in places]
    setup_places = sum(1 for _, open_ in places if not open_)
    at_setup_place = not dict(places)[nxt.item]
    t = tables(s.components)
    per_token = gremlin_weights(unseen, t.stripe, setup_places, at_setup_place)
    return Need(GREMLINS, by_design(per_token, t.design))


def designs(players: int, options: Options) -> dict[str, frozenset[str]]:
    """GTG-CHANCE-1: the items of each pool: the weapon and event kinds, the gremlin tokens."""
    del players
    comps = table_components(options)
    return {WEAPONS: frozenset(w.name for w in comps.weapons),
            EVENTS: frozenset(e.name for e in comps.events),
            GREMLINS: frozenset(tables(comps).design_ids)}


def outcome_bound(players: int, options: Options) -> int:
    """The most outcomes one chance decision can offer: the weapon kinds, the event kinds or the
    gremlin designs, whichever are more."""
    del players
    comps = table_components(options)
    return max(len(comps.weapons), len(comps.events), len(tables(comps).design_ids))
