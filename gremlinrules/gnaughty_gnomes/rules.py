"""Legal actions, the one legality check, and apply.

``check`` holds every reason an action can be illegal; ``is_legal`` and
``apply`` both use it, and a property test proves ``legal_actions`` agrees.
"""

from __future__ import annotations

from itertools import chain, combinations
from typing import Any

from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import IllegalActionError
from gremlinrules.core.evolve import make_replace
from gremlinrules.core.zones import remove_one
from gremlinrules.gnaughty_gnomes.actions import ACTIONS, FLIP, PLACE, PLAY, PLAY_X, Flip, Place, Play, PlayX
from gremlinrules.gnaughty_gnomes.board import LOSER, MIDDLE, WINNER, candidate_spots, spot_sets
from gremlinrules.gnaughty_gnomes.components import CARDS, COMPONENTS, SUITS, X_RANK, Card, Colour
from gremlinrules.gnaughty_gnomes.state import Phase, Played, State
from gremlinrules.gnaughty_gnomes.trick import rank_trick, score_placement, track_after

__all__ = ["apply", "check", "current_player", "is_legal", "legal_actions", "position_to_act"]

_X_CARD = {s: Card(s, X_RANK) for s in SUITS}
_replace = make_replace(State)
_CATEGORY = (WINNER, MIDDLE, MIDDLE, LOSER)
_PLACE_NAME = ("the trick winner", "a middle place", "a middle place", "the trick loser")


def position_to_act(state: State) -> int:
    """The table position whose decision is pending (meaningless once the game is over)."""
    if state.phase is Phase.PLAY:
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


def _unflipped_suits(state: State) -> tuple[Colour, ...]:
    """The colours of the trick's unflipped cards, in suit order (a table lookup: hot path)."""
    plays, flipped = state.plays, state.flipped
    return _IN_SUIT_ORDER[frozenset([plays[i].card.suit for i in range(len(plays)) if not flipped[i]])]


_IN_SUIT_ORDER: dict[frozenset[Colour], tuple[Colour, ...]] = {
    frozenset(combo): combo for n in range(len(SUITS) + 1) for combo in combinations(SUITS, n)
}


def _placements(state: State) -> tuple[Place | Flip, ...]:
    """The placement round's choices for the seat at ``state.step`` (GG-PLACE-1..8)."""
    suits = _unflipped_suits(state)
    pos = state.plays[state.order[state.step]].position
    if state.supply[pos] > 0:
        gnomes = state.gnomes
        any_vertex = state.options.loser_vertex == "any"
        categories = [_CATEGORY[state.step]]
        if state.options.no_space == "widen":
            categories.append(LOSER)
        for cat in categories:
            out = [PLACE[s][spot] for s in suits
                   for spot in candidate_spots(state.layout, s, cat, any_vertex) if gnomes[spot] < 0]
            if out:
                return tuple(out)
    return tuple(FLIP[s] for s in suits)


def _plain_placement_ok(state: State, action: Place) -> bool:
    """The common case, decided without listing every placement: an open spot of the
    seat's own category next to an unflipped card's colour."""
    step = state.step
    pos = state.plays[state.order[step]].position
    spot = action.spot
    if state.supply[pos] <= 0 or state.gnomes[spot] >= 0 or action.suit not in _unflipped_suits(state):
        return False
    allowed = spot_sets(state.layout, action.suit, _CATEGORY[step], state.options.loser_vertex == "any")
    return spot in allowed


def legal_actions(state: State) -> tuple[Any, ...]:
    """Every legal action, in the canonical order of ``ACTIONS`` (GG-ACT-1)."""
    if type(state) is not State:
        check_type(state, State, "Gnaughty Gnomes State")
    phase = state.phase
    if phase is Phase.PLAY:
        pos = (state.leader + len(state.plays)) % 4
        if state.piles[pos]:
            cards: Any = sorted(playable(state, pos), key=_CARD_ORDER.__getitem__)
        else:
            cards = state.hands[pos]  # kept in CARDS order: numbered cards, then the X card
        if len(cards) == 1:
            return _CARD_ACTIONS[cards[0]]
        return tuple(chain.from_iterable(map(_CARD_ACTIONS.__getitem__, cards)))
    if phase is Phase.PLACE:
        return _placements(state)
    return ()


_CARD_ORDER = {c: i for i, c in enumerate(CARDS)}
_CARD_ACTIONS: dict[Card, tuple[Play | PlayX, ...]] = {
    c: PLAY_X[c.suit] if c.is_x else (PLAY[c],) for c in CARDS
}


_CANON: dict[Any, Any] = {a: a for a in ACTIONS}


def canonical(action: Any) -> Play | PlayX | Place | Flip | None:
    """The interned action equal to ``action``, or None when no action of the game equals it.

    Equality decides legality (``is_legal`` agrees with membership in
    ``legal_actions``), so an action built from plain values that compares equal,
    such as ``Place("red", 3)``, acts exactly like ``Place(Colour.RED, 3)``.
    """
    try:
        return _CANON.get(action)
    except TypeError:  # a field that cannot be hashed: no action of ours
        return None


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
    if type(action) is Place and _plain_placement_ok(state, action):
        return None
    if action in _placements(state):
        return None
    if action.suit not in _unflipped_suits(state):
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
    check_type(state, State, "Gnaughty Gnomes State")
    canon = canonical(action)
    problem = _not_an_action(state, action) if canon is None else _check(state, canon)
    if problem is not None or canon is None:
        raise IllegalActionError(*(problem or ("not an action", "GG-ACT-1")))
    if isinstance(canon, (Play, PlayX)):
        return _play(state, canon)
    return _place(state, canon)


def _play(state: State, action: Play | PlayX) -> State:
    pos = position_to_act(state)
    if isinstance(action, PlayX):
        card, played = _X_CARD[action.suit], Played(pos, _X_CARD[action.suit], action.rank, action.high)
    else:
        card, played = action.card, Played(pos, action.card, action.card.rank)
    hands, piles = state.hands, state.piles
    if card in hands[pos]:
        hands = hands[:pos] + (remove_one(hands[pos], card),) + hands[pos + 1:]
    else:  # a dummy's face-up pile top: the card under it waits for clean-up (GG-2P-4)
        mine = tuple((down, None) if up == card else (down, up) for down, up in piles[pos])
        piles = piles[:pos] + (mine,) + piles[pos + 1:]
    plays = (*state.plays, played)
    if len(plays) < 4:
        return _replace(state, hands=hands, piles=piles, plays=plays)
    order = rank_trick(state.track, plays)
    scores = list(state.team_scores)
    scores[plays[order[0]].position % 2] += 1  # the trick winner's point (GG-PLACE-1)
    return _replace(state, hands=hands, piles=piles, plays=plays, order=order, phase=Phase.PLACE,
                    step=0, flipped=(False,) * 4, team_scores=(scores[0], scores[1]))


def _place(state: State, action: Place | Flip) -> State:
    # Either same-colour card may be flipped: the rules say it does not matter (GG-PLACE-3).
    plays, suit = state.plays, action.suit
    idx = next(i for i in range(4) if plays[i].card.suit is suit and not state.flipped[i])
    flipped = state.flipped[:idx] + (True,) + state.flipped[idx + 1:]
    gnomes, supply, scores = state.gnomes, state.supply, state.team_scores
    if type(action) is Place:
        pos = state.plays[state.order[state.step]].position
        team = pos % 2
        gnomes = gnomes[:action.spot] + (team,) + gnomes[action.spot + 1:]
        supply = supply[:pos] + (supply[pos] - 1,) + supply[pos + 1:]
        points = score_placement(state.layout, state.track, gnomes, action.spot, team)
        if points:
            scores = (scores[0] + points, scores[1]) if team == 0 else (scores[0], scores[1] + points)
    if state.step < 3:
        return _replace(state, gnomes=gnomes, supply=supply, team_scores=scores, flipped=flipped,
                        step=state.step + 1)
    return _clean_up(state, gnomes, supply, scores)


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
        phase=Phase.OVER if trick == COMPONENTS.tricks else Phase.PLAY, plays=(), order=(), flipped=(),
        step=0,
    )
