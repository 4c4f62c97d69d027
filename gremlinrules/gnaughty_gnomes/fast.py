"""The fast path: ``legal_actions``, ``is_legal`` and ``apply`` from tables and inline code.

The package exports these by default; :mod:`gremlinrules.gnaughty_gnomes.rules`
is the reference they are held to by ``tests/gnaughty_gnomes/test_differential.py``
(identical legal actions in the same order, identical states, identical errors).
Switch them off with ``gremlinrules.get_game("gnaughty-gnomes", reference=True)``.

What makes them fast: actions are interned and found by identity
(:class:`core.lookup.ActionLookup`); a play's trick record comes from a table;
placements come from per-layout tables of candidate spots filtered by the
gnomes as bitmasks (:mod:`gremlinrules.gnaughty_gnomes.tables`); a plain
play or placement is checked and applied inline, without listing the legal
actions; the placement frames are interned stacks looked up by the trick's
order. Whatever is not a legal action of the common kinds asks the reference
rules why, so the reasons and clause ids are the reference's by construction.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, permutations
from typing import Any

from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.evolve import make_replace, make_updater
from gremlinrules.core.lookup import ActionLookup
from gremlinrules.core.zones import next_seat
from gremlinrules.gnaughty_gnomes.actions import FLIP, PLACE, PLAY, PLAY_X, Flip, Place, Play, PlayX
from gremlinrules.gnaughty_gnomes.board import LOSER, MIDDLE, WINNER
from gremlinrules.gnaughty_gnomes.components import CARDS, COMPONENTS, SUITS, X_RANK, Card, Colour
from gremlinrules.gnaughty_gnomes.flow import guarded, incomplete, placement_stack
from gremlinrules.gnaughty_gnomes.rules import check as reference_check
from gremlinrules.gnaughty_gnomes.state import Phase, Played, State
from gremlinrules.gnaughty_gnomes.tables import (
    MASK_SUITS,
    PLAYED,
    SPOT_HEX_MASKS,
    garden,
    occupancy,
    remember,
)
from gremlinrules.gnaughty_gnomes.trick import rank_trick, track_after, value_of

__all__ = ["apply", "check", "is_legal", "legal_actions", "placement_points"]

_X_CARD = {s: Card(s, X_RANK) for s in SUITS}
Piles = tuple[tuple[tuple[Card | None, Card | None], ...], ...]
_replace = make_replace(State)
_CATEGORY = (WINNER, MIDDLE, MIDDLE, LOSER)
_PLACE_NAME = ("the trick winner", "a middle place", "a middle place", "the trick loser")


def _unflipped_mask(state: State) -> int:
    """The suits of the trick's unflipped cards, as a mask of ``Card.suit_bit`` values."""
    mask = 0
    for played, done in zip(state.plays, state.flipped, strict=False):
        if not done:
            mask |= played.card.suit_bit
    return mask


def _placements(state: State) -> tuple[Place | Flip, ...]:
    """The choices of the placement frame on top of the stack (see ``rules.place_choices``)."""
    mask = _unflipped_mask(state)
    step = 4 - len(state.stack)
    if state.supply[state.plays[state.order[step]].position] > 0:
        team0, team1 = occupancy(state.gnomes)
        options = state.options
        tables = garden(state.layout)
        any_vertex = options.loser_vertex == "any"
        out = tables.placements(mask, _CATEGORY[step], any_vertex, team0 | team1)
        if out:
            return out
        if options.no_space == "widen":  # GG-PLACE-8, option "widen": any spot touching the colour
            out = tables.placements(mask, LOSER, any_vertex, team0 | team1)
            if out:
                return out
    return _FLIPS[mask]


_FLIPS: tuple[tuple[Flip, ...], ...] = tuple(tuple(FLIP[s] for s in suits) for suits in MASK_SUITS)


def _trick_card(state: State, suit: Colour) -> int:
    """The index in the trick of an unflipped card of ``suit``, or -1. Either same-colour card
    may be used: the rules say it does not matter (GG-PLACE-3)."""
    flipped = state.flipped
    for idx, played in enumerate(state.plays):
        if played.card.suit is suit and not flipped[idx]:
            return idx
    return -1


def _plain_placement(state: State, suit: Colour, spot: int) -> int:
    """The common case, decided without listing every placement: the trick card to use for an
    open spot of the seat's own category next to that card's colour, or -1 when it is not that."""
    idx = _trick_card(state, suit)
    step = 4 - len(state.stack)
    if (idx < 0 or state.supply[state.plays[state.order[step]].position] <= 0
            or state.gnomes[spot] is not None
            or spot not in garden(state.layout).allowed(suit, _CATEGORY[step],
                                                        state.options.loser_vertex == "any")):
        return -1
    return idx


def legal_actions(state: State) -> tuple[Any, ...]:
    """Every legal action, in the canonical order of ``ACTIONS`` (GG-ACT-1)."""
    try:
        if type(state) is not State:
            check_type(state, State, "Gnaughty Gnomes State")
        if state.stack:
            return _placements(state)
        if state.phase is _PLAY_PHASE:
            pos = (state.leader + len(state.plays)) % 4  # core.zones.next_seat, inline on the hot path
            if state.piles[pos]:
                return _card_actions(sorted(_playable(state, pos), key=_CARD_ORDER.__getitem__))
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


_PLAY_PHASE, _OVER = Phase.PLAY, Phase.OVER
_PLAY_GET = PLAY.__getitem__
_CARD_ORDER = {c: i for i, c in enumerate(CARDS)}
_CARD_ACTIONS: dict[Card, tuple[Play | PlayX, ...]] = {
    c: PLAY_X[c.suit] if c.is_x else (PLAY[c],) for c in CARDS
}


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
            if kind == _PLACE_KIND and _plain_placement(state, info[2], info[3]) >= 0:
                return None
            if kind != _PLAY_KIND and info[0] in _placements(state):
                return None
        elif kind == _PLAY_KIND and info[2] in _playable(state, (state.leader + len(state.plays)) % 4):
            return None
    return reference_check(state, action)


@guarded
def is_legal(state: State, action: Any) -> bool:
    """True exactly when ``action`` is in ``legal_actions(state)``."""
    return check(state, action) is None


def apply(state: State, action: Any) -> State:
    """The state after ``action``; IllegalActionError (with its clause) if not legal."""
    try:
        if type(state) is not State:
            check_type(state, State, "Gnaughty Gnomes State")
        info = _ACTIONS.by_id.get(id(action)) or _by_value(action)  # see core.lookup
        # Plays and plain placements are checked in full here, without listing the legal actions.
        if info is not None and state.phase is _PLAY_PHASE:
            kind = info[1]
            if state.stack:
                if kind == _PLACE_KIND:
                    idx = _plain_placement(state, info[2], info[3])
                    if idx >= 0:
                        return _placed(state, idx, info[3])
            elif kind == _PLAY_KIND:
                out = _play(state, info[2], info[3])
                if out is not None:
                    return out
        problem = reference_check(state, action)
        if problem is not None or info is None:
            raise IllegalActionError(*(problem or ("not an action", "GG-ACT-1")))
        return _place(state, info[0])  # a Flip, or a Place widened by GG-PLACE-8 (plays were made above)
    except (AttributeError, TypeError):  # a State built without __init__ or edited by hand
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
    **{a: (a, _PLACE_KIND, a.suit, a.spot) for acts in PLACE.values() for a in acts},
    **{a: (a, _FLIP_KIND, a.suit) for a in FLIP.values()},
})
"""Per action: itself, its kind, then the card and its Played records, or the suit and spot."""


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
    if mine and any(up is card for _, up in mine):  # the card under it waits for clean-up (GG-2P-4)
        piles = list(state.piles)
        piles[pos] = tuple((down, None) if up is card else (down, up) for down, up in mine)
        return _played(state, state.hands, tuple(piles), (*state.plays, records[pos]))
    return None


def _played(state: State, hands: tuple[tuple[Card, ...], ...], piles: Piles,
            plays: tuple[Played, ...]) -> State:
    """The state once the last of ``plays`` joins the trick; the fourth card ranks it (GG-TRICK-2)."""
    if len(plays) < 4:
        return _replace(state, hands=hands, piles=piles, plays=plays)
    order = rank_trick(state.track, plays)
    a, b = state.team_scores
    if plays[order[0]].position % 2:  # the trick winner's point (GG-PLACE-1)
        b += 1
    else:
        a += 1
    return _replace(state, hands=hands, piles=piles, plays=plays, order=order,
                    stack=_STACKS[state.players, state.leader, order], flipped=_NONE_FLIPPED,
                    team_scores=(a, b))


_STACKS = {
    (players, leader, order): placement_stack(players, tuple(next_seat(leader, 4, i) for i in order))
    for players in (2, 4) for leader in range(4) for order in permutations(range(4))
}
"""The placement frames of each trick result, by player count, leader and turn order."""
_with_play = make_updater(State, "hands", "plays")
_with_placement = make_updater(State, "gnomes", "supply", "team_scores", "flipped", "stack")


def _placed(state: State, idx: int, spot: int) -> State:
    """The state after a legal Place on ``spot`` using trick card ``idx`` (GG-PLACE-1, GG-SCORE-1)."""
    stack = state.stack
    step = 4 - len(stack)
    pos = state.plays[state.order[step]].position
    flipped, gnomes, supply = state.flipped, state.gnomes, state.supply
    flipped = flipped[:idx] + (True,) + flipped[idx + 1:]
    team = pos % 2
    team0, team1 = occupancy(gnomes)
    gnomes = gnomes[:spot] + (team,) + gnomes[spot + 1:]
    if team:
        team1 |= 1 << spot
        points = placement_points(state.layout, state.track, team1, team0, spot)
    else:
        team0 |= 1 << spot
        points = placement_points(state.layout, state.track, team0, team1, spot)
    remember(gnomes, team0, team1)
    supply = supply[:pos] + (supply[pos] - 1,) + supply[pos + 1:]
    scores = state.team_scores
    if points:
        scores = (scores[0] + points, scores[1]) if team == 0 else (scores[0], scores[1] + points)
    if step < 3:
        return _with_placement(state, gnomes, supply, scores, flipped, stack[:-1])
    return _clean_up(state, gnomes, supply, scores)


_NONE_FLIPPED = (False,) * 4


def _place(state: State, action: Place | Flip) -> State:
    idx = _trick_card(state, action.suit)
    if type(action) is Place:
        return _placed(state, idx, action.spot)
    stack, flipped = state.stack, state.flipped
    if len(stack) > 1:
        return _replace(state, flipped=flipped[:idx] + (True,) + flipped[idx + 1:], stack=stack[:-1])
    return _clean_up(state, state.gnomes, state.supply, state.team_scores)


def _clean_up(state: State, gnomes: tuple[int | None, ...], supply: tuple[int, ...],
              scores: tuple[int, int]) -> State:
    """:func:`flow.clean_up` with the last placement's changes, in one replace."""
    plays, order = state.plays, state.order
    piles = tuple(
        tuple((None, down) if up is None and down is not None else (down, up) for down, up in p)
        for p in state.piles
    ) if state.players == 2 else state.piles
    trick = state.trick + 1
    return _replace(
        state, gnomes=gnomes, supply=supply, team_scores=scores, piles=piles,
        track=track_after(state.track, plays[order[0]]), history=(*state.history, plays),
        leader=plays[order[3]].position, trick=trick,
        phase=_OVER if trick == COMPONENTS.tricks else _PLAY_PHASE, plays=(), order=(), flipped=(),
        stack=(),
    )


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
        if mine == theirs + 1:  # was a tie before this gnome: a new majority
            points += value_of(track, layout[h])
        elif mine == theirs:  # was behind by one: a new tie
            points += value_of(track, layout[h]) // 2
    return points
