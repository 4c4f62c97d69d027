"""The fast path: ``legal_actions``, ``is_legal`` and ``apply`` from tables and inline code.

The package exports these by default; :mod:`gremlinrules.gnaughty_gnomes.rules`
is the reference they are held to by ``tests/gnaughty_gnomes/test_differential.py``
(identical legal actions in the same order, identical states, identical errors).
Switch them off with ``gremlinrules.get_game("gnaughty-gnomes", reference=True)``.
What makes them fast, none of it a rule:

* the state keeps the gnomes as one bitmask of spots per team (``State.team_gnomes``;
  the view and the JSON list them per spot), so a placement sets one bit instead of
  copying a 92-entry tuple, and open spots and majorities are integer operations;
* placements come from fixed tables built at import (:mod:`.tables`): every suit's
  candidate spots for every three coloured hexes and placement reading, so a new
  garden costs four lookups and no geometry; a piece's open subset is derived from
  its last one (gnomes only arrive);
* the pending placement (the turn-order step, the placing position, the unflipped
  suits, both teams' masks, the garden's pieces, the trick's suits and flipped cards
  as one code, the supply as one code) is worked out once per trick, at its end, and
  handed from each ``apply`` to the next ``legal_actions`` and ``apply`` in a
  one-entry memo that holds the state itself (an identity test, never a stale id; a
  search that branches just misses it); a placement's flipped card and its supply
  are then one lookup each in fixed tables (``FLIP_AFTER``, ``SUPPLIES``);
* actions are interned and found by identity (:class:`core.lookup.ActionLookup`),
  each with what its effect needs (a play's trick record per position; a
  placement's suit bit, suit index and spot bit), and a play or plain placement is
  checked by a few integer tests and applied with one constructor call
  (:func:`core.evolve.make_updater`), without listing the legal actions;
* the trick's end (one sort of four integer keys, the order read back by a table,
  the frames interned) and the clean-up (the track's move from a table) are one step
  each; a placement is scored only where an opponent's gnome stands near it;
* few objects outlive a decision: the fixed tables are built once, and nothing is
  memoised per garden or per subset of spots, so the garbage collector's full
  collections stay rare (a memo of open subsets and a cache of 256 gardens cost
  more in collections than they saved);
* ``new_game`` (:mod:`.setup`) draws on the bare generator state
  (:mod:`gremlinrules.core.draws`, whose shuffles draw their outputs all at once)
  and checks clumps from a table;
* anything unusual (a Flip, a placement widened by GG-PLACE-8, an illegal or foreign
  action) asks the reference rules, so the reasons and clause ids are the
  reference's by construction.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from itertools import chain
from itertools import permutations
from operator import or_
from typing import Any

from gremlinrules.core.chance import foreign
from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.evolve import make_replace
from gremlinrules.core.evolve import make_updater
from gremlinrules.core.lookup import ActionLookup
from gremlinrules.core.zones import next_seat
from gremlinrules.gnaughty_gnomes.actions import FLIP
from gremlinrules.gnaughty_gnomes.actions import PLACE
from gremlinrules.gnaughty_gnomes.actions import PLAY
from gremlinrules.gnaughty_gnomes.actions import PLAY_X
from gremlinrules.gnaughty_gnomes.actions import Flip
from gremlinrules.gnaughty_gnomes.actions import Place
from gremlinrules.gnaughty_gnomes.actions import Play
from gremlinrules.gnaughty_gnomes.actions import PlayX
from gremlinrules.gnaughty_gnomes.board import LOSER
from gremlinrules.gnaughty_gnomes.board import MIDDLE
from gremlinrules.gnaughty_gnomes.board import WINNER
from gremlinrules.gnaughty_gnomes.components import CARDS
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import X_RANK
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.flow import guarded
from gremlinrules.gnaughty_gnomes.flow import incomplete
from gremlinrules.gnaughty_gnomes.flow import placement_stack
from gremlinrules.gnaughty_gnomes.rules import apply as reference_apply
from gremlinrules.gnaughty_gnomes.rules import check as reference_check
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import Played
from gremlinrules.gnaughty_gnomes.state import State
from gremlinrules.gnaughty_gnomes.tables import FLIP_AFTER
from gremlinrules.gnaughty_gnomes.tables import MASK_INDICES
from gremlinrules.gnaughty_gnomes.tables import MASK_SUITS
from gremlinrules.gnaughty_gnomes.tables import PLAYED
from gremlinrules.gnaughty_gnomes.tables import SPOT_HEX_MASKS
from gremlinrules.gnaughty_gnomes.tables import SUIT_INDEX
from gremlinrules.gnaughty_gnomes.tables import SUPPLIES
from gremlinrules.gnaughty_gnomes.tables import SUPPLY_STEP
from gremlinrules.gnaughty_gnomes.tables import Piece
from gremlinrules.gnaughty_gnomes.tables import garden
from gremlinrules.gnaughty_gnomes.tables import supply_code
from gremlinrules.gnaughty_gnomes.tables import trick_code
from gremlinrules.gnaughty_gnomes.trick import rank_trick
from gremlinrules.gnaughty_gnomes.trick import track_after

__all__ = ["apply", "check", "is_legal", "legal_actions", "placement_points"]

_X_CARD = {s: Card(s, X_RANK) for s in SUITS}
_Row = tuple[tuple[Card | None, Card | None], ...]
Piles = tuple[_Row, ...]
_replace = make_replace(State)
_CATEGORY = (WINNER, MIDDLE, MIDDLE, LOSER)
_PLAY_PHASE, _OVER = Phase.PLAY, Phase.OVER
_VALUES = REFERENCE.track_values

# --- the pending placement --------------------------------------------------------------------

_Placing = tuple[State, int, int, int, int, int, tuple[tuple[Piece, ...], ...], int, int]
"""A placement state's context: the state, the step (0 for turn-order place 1 ... 3), the
placing position, the unflipped suits as a mask of ``Card.suit_bit`` values, team 0's and team
1's gnomes as bitmasks, the garden's pieces per step and suit (``Garden.by_step``), the trick's
suits and flipped cards as one code (``tables.FLIP_AFTER``; -1 for a trick edited by hand) and
the supply's code (``tables.SUPPLIES``; -1 for a supply edited by hand)."""

_MEMO: list[_Placing | None] = [None]
"""The context of the placement state ``apply`` made or ``legal_actions`` read last, replaced
whole (one entry, holding the state: an identity test finds it)."""


def _context(state: State) -> _Placing:
    """The context of a state with a placement pending, worked out (and memoised)."""
    step = 4 - len(state.stack)
    plays, flipped = state.plays, state.flipped
    mask = done = 0
    for i, (played, used) in enumerate(zip(plays, flipped, strict=False)):
        if used:
            done |= 1 << i
        else:
            mask |= played.card.suit_bit
    code = trick_code(plays)
    if len(flipped) != len(plays) or set(map(type, flipped)) != _BOOL:
        code = -1  # flags edited by hand: the general flip
    team0, team1 = state.team_gnomes
    ctx = (state, step, plays[state.order[step]].position, mask, team0, team1,
           garden(state.layout).by_step[state.options.loser_vertex == "any"],
           code << 4 | done if code >= 0 else -1, supply_code(state.supply))
    _MEMO[0] = ctx
    return ctx


_BOOL = {bool}


def _placements(state: State) -> tuple[Place | Flip, ...]:
    """The choices of the placement frame on top of the stack (see ``rules.place_choices``)."""
    ctx = _MEMO[0]
    if ctx is None or ctx[0] is not state:
        ctx = _context(state)
    _, step, pos, mask, team0, team1, by_step, _, _ = ctx
    if state.supply[pos] > 0:
        occupied = team0 | team1
        pieces = by_step[step]
        suits = MASK_INDICES[mask]
        out: tuple[Place, ...] = ()
        for i in suits:  # Piece.open_actions, inline
            piece = pieces[i]
            hit = piece.mask & occupied
            if not hit:  # every candidate is open
                out += piece.actions
                continue
            last_hit, found = piece.last
            if hit != last_hit:
                found = piece.derive(hit, last_hit, found)
                piece.last = (hit, found)
            out += found
        if out:
            return out
        if state.options.no_space == "widen":  # GG-PLACE-8, option "widen": the loser's spots
            pieces = by_step[3]
            for i in suits:
                out += pieces[i].open_actions(occupied)
            if out:
                return out
    return _FLIPS[mask]


_FLIPS: tuple[tuple[Flip, ...], ...] = tuple(tuple(FLIP[s] for s in suits) for suits in MASK_SUITS)


def _plain(state: State, info: tuple[Any, ...]) -> _Placing | None:
    """The context when the Place ``info`` is a plain legal placement in ``state``: an
    unflipped card's colour, an open spot of the placing position's own category next to it, a
    gnome in supply; else None."""
    ctx = _MEMO[0]
    if ctx is None or ctx[0] is not state:
        ctx = _context(state)
    _, step, pos, mask, team0, team1, by_step, _, _ = ctx
    bit = info[6]
    if (mask & info[4] and not (team0 | team1) & bit and by_step[step][info[5]].mask & bit
            and state.supply[pos] > 0):
        return ctx
    return None


# --- legal actions --------------------------------------------------------------------------


def legal_actions(state: State) -> tuple[Any, ...]:
    """Every legal action, in the canonical order of ``ACTIONS`` (GG-ACT-1)."""
    try:
        if type(state) is not State:
            return foreign(legal_actions, state)  # a tracked state (external chance), or refused
        if state.stack:
            return _placements(state)
        if state.phase is _PLAY_PHASE:
            pos = (state.leader + len(state.plays)) % 4  # core.zones.next_seat, inline on the hot path
            row = state.piles[pos]
            if row:  # a dummy: its face-up pile tops and its X card while held (GG-2P-2)
                cards = [up for _, up in row if up is not None]
                cards += state.hands[pos]
                cards.sort(key=_CARD_ORDER.__getitem__)
                return _card_actions(cards)
            return _card_actions(state.hands[pos])  # kept in CARDS order: numbered cards, then the X card
        return ()
    except (AttributeError, TypeError):  # a State built without __init__ or edited by hand
        raise incomplete("legal_actions") from None


def _playable(state: State, pos: int) -> tuple[Card, ...]:
    """A dummy's playable cards: its X card while held, and its face-up pile tops (GG-2P-2)."""
    return state.hands[pos] + tuple(up for _, up in state.piles[pos] if up is not None)


def _card_actions(cards: Sequence[Card]) -> tuple[Play | PlayX, ...]:
    """The play actions of ``cards`` (in CARDS order): one Play each, 16 PlayX for an X card."""
    if cards and cards[-1].is_x:
        try:
            return tuple(map(_PLAY_GET, cards[:-1])) + PLAY_X[cards[-1].suit]
        except KeyError:  # an X card before the last: not a state apply makes
            pass
    try:
        return tuple(map(_PLAY_GET, cards))
    except KeyError:  # a stray card (built by hand, not of the deck) has no action
        return tuple(chain.from_iterable(_CARD_ACTIONS.get(c, ()) for c in cards))


_PLAY_GET = PLAY.__getitem__
_CARD_ORDER = {c: i for i, c in enumerate(CARDS)}
_CARD_ACTIONS: dict[Card, tuple[Play | PlayX, ...]] = {
    c: PLAY_X[c.suit] if c.is_x else (PLAY[c],) for c in CARDS
}

# --- check and apply ------------------------------------------------------------------------


@guarded
def check(state: State, action: Any) -> tuple[str, str] | None:
    """Why ``action`` is illegal in ``state`` as (reason, clause id), or None when legal: a
    legal play or placement is recognised here, anything else is asked of the reference."""
    if type(state) is not State:
        check_type(state, State, "Gnaughty Gnomes State")
    info = _ACTIONS.by_id.get(id(action)) or _by_value(action)
    if info is not None and state.phase is _PLAY_PHASE:
        kind = info[1]
        if state.stack:
            if kind == _PLACE_KIND and _plain(state, info) is not None:
                return None
            if kind != _PLAY_KIND and info[0] in _placements(state):
                return None
        elif kind == _PLAY_KIND and info[2] in _playable(state, (state.leader + len(state.plays)) % 4):
            return None
    return reference_check(state, action)


@guarded
def is_legal(state: State, action: Any) -> bool:
    """True exactly when ``action`` is in ``legal_actions(state)``."""
    if type(state) is not State:
        return foreign(is_legal, state, action)  # a tracked state (external chance), or refused
    return check(state, action) is None


def apply(state: State, action: Any) -> State:
    """The state after ``action``; IllegalActionError (with its clause) if not legal."""
    try:
        if type(state) is not State:
            return foreign(apply, state, action)  # a tracked state (external chance), or refused
        info = _BY_ID(id(action)) or _by_value(action)  # see core.lookup
        # Plays and plain placements are checked in full here, without listing the legal actions.
        if info is not None and state.phase is _PLAY_PHASE:
            kind = info[1]
            if state.stack:
                if kind == _PLACE_KIND:  # _plain, inline
                    ctx = _MEMO[0]
                    if ctx is None or ctx[0] is not state:
                        ctx = _context(state)
                    bit = info[6]
                    if (ctx[3] & info[4] and not (ctx[4] | ctx[5]) & bit
                            and ctx[6][ctx[1]][info[5]].mask & bit and state.supply[ctx[2]] > 0):
                        return _placed(ctx, info[5], info[3], bit)
            elif kind == _PLAY_KIND:
                out = _play(state, info[2], info[3])
                if out is not None:
                    return out
        problem = reference_check(state, action)
        if problem is not None or info is None:
            raise IllegalActionError(*(problem or ("not an action", "GG-ACT-1")))
        if info[1] == _PLAY_KIND:  # a play the fast path did not make: a state edited by hand
            return reference_apply(state, action)
        return _place(state, info[0])  # a Flip, or a Place widened by GG-PLACE-8 (plays were made above)
    except (AttributeError, TypeError, StopIteration):  # a State built without __init__ or edited by hand
        raise incomplete("apply") from None


def _by_value(action: Any) -> tuple[Any, ...] | None:
    """The lookup of an action that is not one of ours by identity: by value, or None when it
    equals none of ours (or its hash or == fails)."""
    try:
        return _ACTIONS.by_value(action)
    except Exception:  # a hostile or incomplete object: none of ours
        return None


_PLAY_KIND, _PLACE_KIND, _FLIP_KIND = 0, 1, 2
_ACTIONS: ActionLookup[tuple[Any, ...]] = ActionLookup({
    **{a: (a, _PLAY_KIND, a.card, PLAYED[a]) for a in PLAY.values()},
    **{a: (a, _PLAY_KIND, _X_CARD[a.suit], PLAYED[a]) for acts in PLAY_X.values() for a in acts},
    **{a: (a, _PLACE_KIND, a.suit, a.spot, 1 << SUIT_INDEX[a.suit], SUIT_INDEX[a.suit], 1 << a.spot)
       for acts in PLACE.values() for a in acts},
    **{a: (a, _FLIP_KIND, a.suit) for a in FLIP.values()},
})
"""Per action: itself, its kind, then the card and its Played records, or the suit, the spot,
the suit's bit, the suit's index and the spot's bit."""
_BY_ID = _ACTIONS.by_id.get

# --- playing a card -------------------------------------------------------------------------


def _play(state: State, card: Card, records: tuple[Played, ...]) -> State | None:
    """The state after the position to act plays ``card`` (its record per position in
    ``records``) from its hand or a dummy's face-up pile tops; None when it holds no such card."""
    pos = (state.leader + len(state.plays)) % 4
    hand = state.hands[pos]
    if card in hand:
        i = hand.index(card)
        hands = list(state.hands)
        hands[pos] = hand[:i] + hand[i + 1:]
        plays = (*state.plays, records[pos])
        if len(plays) < 4:
            return _with_play(state, tuple(hands), plays)
        return _played(state, tuple(hands), state.piles, plays)
    mine = state.piles[pos]
    for k, (down, up) in enumerate(mine):
        if up is card:  # a dummy's face-up card; the card under it waits for clean-up (GG-2P-4)
            piles = list(state.piles)
            piles[pos] = (*mine[:k], (down, None), *mine[k + 1:])
            plays = (*state.plays, records[pos])
            if len(plays) < 4:
                return _with_pile_play(state, tuple(piles), plays)
            return _played(state, state.hands, tuple(piles), plays)
    return None


def _played(state: State, hands: tuple[tuple[Card, ...], ...], piles: Piles,
            plays: tuple[Played, ...]) -> State:
    """The state once the fourth card joins the trick: turn-order cards dealt (GG-TRICK-2),
    the winner's point (GG-PLACE-1), the placements pushed."""
    ranked = _ranked(state.track, plays)
    if ranked is None:  # records the fast path did not make: the plain ranking
        order = rank_trick(state.track, plays)
        code, stack = trick_code(plays), _STACKS[state.players, state.leader, order]
    else:
        order, code = ranked
        stack = _STACKS[state.players, state.leader, order]
    a, b = state.team_scores
    winner = plays[order[0]].position
    if winner % 2:  # the trick winner's point (GG-PLACE-1)
        b += 1
    else:
        a += 1
    out = _with_trick(state, hands, piles, plays, order, stack, (a, b))
    team0, team1 = state.team_gnomes  # the first placement's context, for the calls to come
    _MEMO[0] = (out, 0, winner, plays[0].card.suit_bit | plays[1].card.suit_bit | plays[2].card.suit_bit
                | plays[3].card.suit_bit, team0, team1,
                garden(state.layout).by_step[state.options.loser_vertex == "any"],
                code << 4 if code >= 0 else -1, supply_code(state.supply))
    return out


def _ranked(track: tuple[Colour, ...], plays: tuple[Played, ...]) -> tuple[tuple[int, ...], int] | None:
    """:func:`trick.rank_trick` of the game's own four records, and their :func:`tables.trick_code`;
    None for anything else. Each card's key is its suit's place on the track, then its place
    within the suit (GG-TRICK-1, GG-X-2), times four plus its index in the trick: sorting the four
    keys sorts the indices, read back by a table."""
    places = _TRACK_PLACES.get(track)
    first, second, third, fourth = map(_STRENGTH.get, map(id, plays))
    if places is None or first is None or second is None or third is None or fourth is None:
        return None
    keys = sorted((places[first[0]] + first[1], places[second[0]] + second[1] | 1,
                   places[third[0]] + third[1] | 2, places[fourth[0]] + fourth[1] | 3))
    return (_ORDERS[(keys[0] & 3) << 6 | (keys[1] & 3) << 4 | (keys[2] & 3) << 2 | keys[3] & 3],
            first[0] << 6 | second[0] << 4 | third[0] << 2 | fourth[0])


_STRENGTH: dict[int, tuple[int, int]] = {
    id(p): (SUIT_INDEX[p.card.suit], 4 * (28 - 3 * p.rank + ((-1 if p.high else 1) if p.card.is_x else 0)))
    for records in PLAYED.values() for p in records
}
"""Per interned trick record (held by ``PLAYED``, so its id is never another object's): its
suit's index and four times its place within the suit, smaller stronger (rank, then high before
a numbered card before low: 28 - 3 * rank + tie, from 3 to 27)."""
_TRACK_PLACES: dict[tuple[Colour, ...], tuple[int, ...]] = {
    track: tuple(128 * track.index(suit) for suit in SUITS) for track in permutations(SUITS)
}
"""Per track, each suit index's place on it (strongest first), times 128: above any place
within a suit."""
_ORDERS: tuple[tuple[int, ...], ...] = tuple(
    (code >> 6, code >> 4 & 3, code >> 2 & 3, code & 3)
    if sorted((code >> 6, code >> 4 & 3, code >> 2 & 3, code & 3)) == [0, 1, 2, 3] else ()
    for code in range(256)
)
"""Four trick indices, two bits each (the first most significant), as their tuple when they are
an order of the four cards (empty otherwise: four distinct keys never give one)."""
_STACKS = {
    (players, leader, order): placement_stack(players, tuple(next_seat(leader, 4, i) for i in order))
    for players in (2, 4) for leader in range(4) for order in permutations(range(4))
}
"""The placement frames of each trick result, by player count, leader and turn order."""
_with_play = make_updater(State, "hands", "plays")
_with_pile_play = make_updater(State, "piles", "plays")
_NONE_FLIPPED = (False,) * 4
_with_trick = make_updater(State, "hands", "piles", "plays", "order", "stack", "team_scores",
                           flipped=_NONE_FLIPPED)

# --- placing a gnome ------------------------------------------------------------------------


def _placed(ctx: _Placing, suit: int, spot: int, bit: int) -> State:
    """The state after a legal Place on ``spot`` using the first unflipped card of the suit of
    index ``suit`` (GG-PLACE-9), scored at once (GG-SCORE-1); the context of the next placement
    is memoised."""
    state, step, pos, mask, team0, team1, by_step, code, left = ctx
    if code >= 0:
        flipped, clear, code = FLIP_AFTER[code << 2 | suit]  # type: ignore[misc]  # a card of it is unflipped
    else:
        flipped, clear = _flip(state, suit)
    mask &= ~clear
    scores = state.team_scores
    if pos & 1:  # team 1's gnome (GG-SEAT-1)
        team1 |= bit
        if team0 & _AROUND[spot]:  # only a hex with an opponent's gnome can score (GG-SCORE-2)
            points = placement_points(state.layout, state.track, team1, team0, spot)
            if points:
                scores = (scores[0], scores[1] + points)
    else:
        team0 |= bit
        if team1 & _AROUND[spot]:
            points = placement_points(state.layout, state.track, team0, team1, spot)
            if points:
                scores = (scores[0] + points, scores[1])
    made = (team0, team1)
    if left >= 0:  # the position has a gnome left: its count is not 0
        left -= SUPPLY_STEP[pos]
        supply = SUPPLIES[left]
    else:  # a supply edited by hand
        supply = tuple(n - (p == pos) for p, n in enumerate(state.supply))
    if step == 3:
        return _clean_up(state, made, supply, scores)
    out = _with_placement(state, made, supply, scores, flipped, state.stack[:-1])
    step += 1
    _MEMO[0] = (out, step, state.plays[state.order[step]].position, mask, team0, team1, by_step, code, left)
    return out


def _flip(state: State, suit: int) -> tuple[tuple[bool, ...], int]:
    """The trick's flipped flags after its first unflipped card of the suit of index ``suit``
    flips, and the suit's bit when no unflipped card of it is left (else 0): ``FLIP_AFTER``'s
    answer for a trick edited by hand."""
    colour = SUITS[suit]
    used = [i for i, p in enumerate(state.plays) if p.card.suit is colour and not state.flipped[i]]
    flipped = tuple(done or i == used[0] for i, done in enumerate(state.flipped))
    return flipped, 0 if len(used) > 1 else 1 << suit

_with_placement = make_updater(State, "team_gnomes", "supply", "team_scores", "flipped", "stack")


def _place(state: State, action: Place | Flip) -> State:
    """A Flip, or a Place widened by GG-PLACE-8, already checked by the reference rules."""
    idx = next(i for i, p in enumerate(state.plays) if p.card.suit is action.suit and not state.flipped[i])
    if type(action) is Place:
        ctx = _MEMO[0]
        if ctx is None or ctx[0] is not state:
            ctx = _context(state)
        return _placed(ctx, SUIT_INDEX[action.suit], action.spot, 1 << action.spot)
    stack, flipped = state.stack, state.flipped
    if len(stack) > 1:
        return _replace(state, flipped=flipped[:idx] + (True,) + flipped[idx + 1:], stack=stack[:-1])
    return _clean_up(state, state.team_gnomes, state.supply, state.team_scores)


def _clean_up(state: State, team_gnomes: tuple[int, int], supply: tuple[int, ...],
              scores: tuple[int, int]) -> State:
    """:func:`flow.clean_up` with the last placement's changes, in one constructor call."""
    plays, order = state.plays, state.order
    piles = state.piles
    if state.players == 2 and len(piles) == 4:  # the dummies sit at positions 2 and 3
        piles = (piles[0], piles[1], _uncovered(piles[2]), _uncovered(piles[3]))
    elif state.players == 2:
        piles = tuple(map(_uncovered, piles))
    winner = plays[order[0]]
    track = state.track
    found = _TRACK_AFTER.get((track, winner.card.suit, winner.rank))
    trick = state.trick + 1
    return _with_clean_up(state, team_gnomes, supply, scores, piles,
                          track_after(track, winner) if found is None else found,
                          (*state.history, plays), plays[order[3]].position, trick,
                          _OVER if trick == REFERENCE.tricks else _PLAY_PHASE)


def _uncovered(pile: _Row) -> _Row:
    """A position's piles after clean-up: a face-down card whose cover was played turns up
    (GG-2P-4); a player's empty row, or a row with every cover in place, is kept as it is."""
    for k, (down, up) in enumerate(pile):
        if up is None and down is not None:  # a dummy plays one card a trick: the rest is usually as it was
            return (*pile[:k], (None, down), *_uncovered(pile[k + 1:]))
    return pile


_with_clean_up = make_updater(State, "team_gnomes", "supply", "team_scores", "piles", "track", "history",
                              "leader", "trick", "phase", plays=(), order=(), flipped=(), stack=())
_TRACK_AFTER: dict[tuple[tuple[Colour, ...], Colour, int], tuple[Colour, ...]] = {
    (track, suit, rank): track_after(track, Played(0, Card(suit, rank), rank))
    for track in permutations(SUITS) for suit in SUITS for rank in range(1, REFERENCE.ranks + 1)
}
"""The track after clean-up by (track, winning suit, winning rank) (GG-CLEAN-1)."""


_AROUND: tuple[int, ...] = tuple(reduce(or_, (mask for _, mask in hexes), 0) for hexes in SPOT_HEX_MASKS)
"""Per spot, every spot of the coloured hexes it touches, as one bitmask."""


def placement_points(layout: tuple[Colour, ...], track: tuple[Colour, ...], mine_mask: int, theirs_mask: int,
                     spot: int) -> int:
    """:func:`trick.score_placement` with the gnomes as bitmasks: the placing team's (this gnome
    included) and the other team's."""
    points = 0
    for h, hex_mask in SPOT_HEX_MASKS[spot]:
        theirs = (theirs_mask & hex_mask).bit_count()
        if theirs == 0:
            continue
        mine = (mine_mask & hex_mask).bit_count()
        if mine == theirs + 1:  # was a tie before this gnome: a new majority (GG-SCORE-2)
            points += _VALUES[track.index(layout[h])]
        elif mine == theirs:  # was behind by one: a new tie (GG-SCORE-3)
            points += _VALUES[track.index(layout[h])] // 2
    return points
