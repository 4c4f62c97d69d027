"""Legal actions, the one legality check, and apply.

``check`` holds every reason an action can be illegal; ``is_legal`` and
``apply`` both use it, and a property test proves ``legal_actions`` agrees.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import Any

from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.evolve import make_replace, make_updater
from gremlinrules.core.lookup import ActionLookup
from gremlinrules.gnaughty_gnomes.actions import FLIP, PLACE, PLAY, PLAY_X, Flip, Place, Play, PlayX
from gremlinrules.gnaughty_gnomes.board import LOSER, MIDDLE, WINNER
from gremlinrules.gnaughty_gnomes.components import CARDS, COMPONENTS, SUITS, X_RANK, Card, Colour
from gremlinrules.gnaughty_gnomes.state import Phase, Played, State
from gremlinrules.gnaughty_gnomes.tables import MASK_SUITS, PLAYED, garden, occupancy, remember
from gremlinrules.gnaughty_gnomes.trick import placement_points, rank_trick, track_after

__all__ = ["apply", "check", "current_player", "is_legal", "legal_actions", "position_to_act"]

_X_CARD = {s: Card(s, X_RANK) for s in SUITS}
Piles = tuple[tuple[tuple[Card | None, Card | None], ...], ...]
_replace = make_replace(State)
_CATEGORY = (WINNER, MIDDLE, MIDDLE, LOSER)
_PLACE_NAME = ("the trick winner", "a middle place", "a middle place", "the trick loser")


def position_to_act(state: State) -> int:
    """The table position whose decision is pending (meaningless once the game is over)."""
    if state.phase is _PLAY_PHASE:
        return (state.leader + len(state.plays)) % 4
    return state.plays[state.order[state.step]].position if state.order else 0


def current_player(state: State) -> int | None:
    """The seat that decides now: a dummy's decisions belong to its partner (GG-2P-3)."""
    check_type(state, State, "Gnaughty Gnomes State")
    if state.phase is Phase.OVER:
        return None
    pos = position_to_act(state)
    return pos if state.players == 4 else pos % 2


def playable(state: State, pos: int) -> tuple[Card, ...]:
    """Cards the position may play: its hand, plus a dummy's face-up pile tops (GG-PLAY-1, GG-2P-2)."""
    piles = state.piles[pos]
    if not piles:
        return state.hands[pos]
    return state.hands[pos] + tuple(up for _, up in piles if up is not None)


def _unflipped_mask(state: State) -> int:
    """The suits of the trick's unflipped cards, as a mask of ``Card.suit_bit`` values."""
    mask = 0
    for played, done in zip(state.plays, state.flipped, strict=False):
        if not done:
            mask |= played.card.suit_bit
    return mask


def _placements(state: State) -> tuple[Place | Flip, ...]:
    """The placement round's choices for the seat at ``state.step`` (GG-PLACE-1..8)."""
    mask = _unflipped_mask(state)
    step = state.step
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
    step = state.step
    if (idx < 0 or state.supply[state.plays[state.order[step]].position] <= 0 or state.gnomes[spot] >= 0
            or spot not in garden(state.layout).allowed(suit, _CATEGORY[step],
                                                        state.options.loser_vertex == "any")):
        return -1
    return idx


def legal_actions(state: State) -> tuple[Any, ...]:
    """Every legal action, in the canonical order of ``ACTIONS`` (GG-ACT-1)."""
    if type(state) is not State:
        check_type(state, State, "Gnaughty Gnomes State")
    phase = state.phase
    if phase is _PLAY_PHASE:
        pos = (state.leader + len(state.plays)) % 4
        if state.piles[pos]:
            return _card_actions(sorted(playable(state, pos), key=_CARD_ORDER.__getitem__))
        return _card_actions(state.hands[pos])  # kept in CARDS order: numbered cards, then the X card
    if phase is _PLACE_PHASE:
        return _placements(state)
    return ()


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


_PLAY_PHASE, _PLACE_PHASE, _OVER = Phase.PLAY, Phase.PLACE, Phase.OVER
_PLAY_GET = PLAY.__getitem__
_CARD_ORDER = {c: i for i, c in enumerate(CARDS)}
_CARD_ACTIONS: dict[Card, tuple[Play | PlayX, ...]] = {
    c: PLAY_X[c.suit] if c.is_x else (PLAY[c],) for c in CARDS
}


def canonical(action: Any) -> Play | PlayX | Place | Flip | None:
    """The interned action equal to ``action``, or None when no action of the game equals it.

    Equality decides legality (``is_legal`` agrees with membership in
    ``legal_actions``), so an action built from plain values that compares equal,
    such as ``Place("red", 3)``, acts exactly like ``Place(Colour.RED, 3)``.
    """
    info = _ACTIONS.get(action)
    return None if info is None else info[0]


def check(state: State, action: Any) -> tuple[str, str] | None:
    """Why ``action`` is illegal in ``state`` as (reason, clause id), or None when legal."""
    check_type(state, State, "Gnaughty Gnomes State")
    canon = canonical(action)
    if canon is None:
        return _not_an_action(state, action)
    return _check(state, canon)


def _not_an_action(state: State, action: Any) -> tuple[str, str]:
    if state.phase is Phase.OVER:
        return ("the game is over: eight tricks have been played", "GG-END-1")
    if type(action) is PlayX:
        return ("an X card is declared with a rank from 1 to 8 and high or low", "GG-X-1")
    if type(action) is Play and isinstance(action.card, Card) and action.card.is_x:
        return ("play an X card with PlayX, declaring its rank and high or low", "GG-X-1")
    if type(action) is Place:
        return (f"{action!r} names no spot of the garden for a suit", "GG-BOARD-2")
    return (f"{action!r} is not a Gnaughty Gnomes action", "GG-ACT-1")


def _check(state: State, action: Play | PlayX | Place | Flip) -> tuple[str, str] | None:
    if state.phase is Phase.OVER:
        return ("the game is over: eight tricks have been played", "GG-END-1")
    if isinstance(action, (Play, PlayX)):
        if state.phase is not Phase.PLAY:
            return ("cards are played only while the trick is open; now gnomes are placed", "GG-PLACE-1")
        pos = position_to_act(state)
        card = _X_CARD[action.suit] if isinstance(action, PlayX) else action.card
        if card not in playable(state, pos):
            return (f"position {pos} holds no playable {card}", "GG-PLAY-1")
        return None
    if state.phase is not Phase.PLACE:
        return ("gnomes are placed only after all four cards of the trick are played", "GG-PLACE-1")
    if type(action) is Place and _plain_placement(state, action.suit, action.spot) >= 0:
        return None
    if action in _placements(state):
        return None
    if _trick_card(state, action.suit) < 0:
        return (f"no unflipped {action.suit.value} card remains in this trick", "GG-PLACE-3")
    if isinstance(action, Flip):
        return ("a card may be flipped without placing only when no legal spot exists", "GG-PLACE-8")
    if state.gnomes[action.spot] >= 0:
        return (f"spot {action.spot} already holds a gnome", "GG-PLACE-7")
    return (f"spot {action.spot} is not open to {_PLACE_NAME[state.step]} for {action.suit.value}",
            ("GG-PLACE-2", "GG-PLACE-4", "GG-PLACE-4", "GG-PLACE-5")[state.step])


def is_legal(state: State, action: Any) -> bool:
    """True exactly when ``action`` is in ``legal_actions(state)``."""
    return check(state, action) is None


def apply(state: State, action: Any) -> State:
    """The state after ``action``; IllegalActionError (with its clause) if not legal."""
    if type(state) is not State:
        check_type(state, State, "Gnaughty Gnomes State")
    info = _ACTIONS.by_id.get(id(action)) or _ACTIONS.by_value(action)  # see core.lookup
    # Plays and plain placements are checked in full here, without listing the legal actions.
    if info is not None:
        kind = info[1]
        if kind == _PLAY_KIND:
            if state.phase is _PLAY_PHASE:
                out = _play(state, info[2], info[3])
                if out is not None:
                    return out
        elif kind == _PLACE_KIND and state.phase is _PLACE_PHASE:
            idx = _plain_placement(state, info[2], info[3])
            if idx >= 0:
                return _placed(state, idx, info[3])
    canon = None if info is None else info[0]
    problem = _not_an_action(state, action) if canon is None else _check(state, canon)
    if problem is not None or canon is None:
        raise IllegalActionError(*(problem or ("not an action", "GG-ACT-1")))
    return _place(state, canon)  # a Flip, or a Place widened by GG-PLACE-8: every legal play was made above


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
    return _replace(state, hands=hands, piles=piles, plays=plays, order=order, phase=_PLACE_PHASE,
                    step=0, flipped=_NONE_FLIPPED, team_scores=(a, b))


_with_play = make_updater(State, "hands", "plays")
_with_placement = make_updater(State, "gnomes", "supply", "team_scores", "flipped", "step")


def _placed(state: State, idx: int, spot: int) -> State:
    """The state after a legal Place on ``spot`` using trick card ``idx`` (GG-PLACE-1, GG-SCORE-1)."""
    pos = state.plays[state.order[state.step]].position
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
    step = state.step
    if step < 3:
        return _with_placement(state, gnomes, supply, scores, flipped, step + 1)
    return _clean_up(state, gnomes, supply, scores)


_NONE_FLIPPED = (False,) * 4


def _place(state: State, action: Place | Flip) -> State:
    idx = _trick_card(state, action.suit)
    if type(action) is Place:
        return _placed(state, idx, action.spot)
    step, flipped = state.step, state.flipped
    if step < 3:
        return _replace(state, flipped=flipped[:idx] + (True,) + flipped[idx + 1:], step=step + 1)
    return _clean_up(state, state.gnomes, state.supply, state.team_scores)


def _clean_up(state: State, gnomes: tuple[int, ...], supply: tuple[int, ...],
              scores: tuple[int, int]) -> State:
    """Move the winning suit, uncover dummy cards, discard the trick, pass the lead (GG-CLEAN-1..3)."""
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
        step=0,
    )
