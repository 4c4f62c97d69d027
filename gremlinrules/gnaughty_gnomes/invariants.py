"""The state's invariants (GG-INV-1): what every reachable state satisfies.

Used by ``check_state`` (so a state decoded from JSON is one the rules can
continue from) and by the property tests.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain

from gremlinrules.core.checks import check_players, check_type, is_int
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.zones import seats_from
from gremlinrules.gnaughty_gnomes.board import CENTER, N_SPOTS
from gremlinrules.gnaughty_gnomes.components import CARDS, COMPONENTS, SUITS, Card, Colour
from gremlinrules.gnaughty_gnomes.flow import placement_stack
from gremlinrules.gnaughty_gnomes.state import Phase, Played, State
from gremlinrules.gnaughty_gnomes.tables import PLAYED
from gremlinrules.gnaughty_gnomes.trick import rank_trick

__all__ = ["all_cards", "check_state", "decision_bound", "problems"]

_ORDER = {c: i for i, c in enumerate(CARDS)}
_ALL = frozenset(CARDS)
_SUITS = sorted(SUITS)  # Colour is a str enum: sorted by value, in C
_GARDEN = sorted((*SUITS * COMPONENTS.hexes_per_colour, Colour.WHITE))


def _unsorted(hand: tuple[Card, ...]) -> bool:
    order = list(map(_ORDER.__getitem__, hand))
    return order != sorted(order)


_INTERNED = frozenset(id(p) for records in PLAYED.values() for p in records)
"""The ids of the records ``apply`` and the JSON decoder use; they live as long as the module."""


def all_cards(state: State) -> list[Card]:
    """Every card in every zone: hands, dummy piles, the open trick, finished tricks."""
    cards = [c for h in state.hands for c in h]
    cards += [c for piles in state.piles for pile in piles for c in pile if c is not None]
    cards += [p.card for p in state.plays]
    cards += [p.card for t in state.history for p in t]
    return cards


def _played_ok(p: Played) -> bool:
    if id(p) in _INTERNED:  # one of the game's own records (all decoded and played cards are)
        return True
    if not (is_int(p.position) and 0 <= p.position < 4):
        return False
    if p.card.is_x:
        return is_int(p.rank) and 1 <= p.rank <= 8
    return p.rank == p.card.rank and p.high is False


def _all_played_ok(records: Iterable[Played]) -> bool:
    records = tuple(records)
    return _INTERNED.issuperset(map(id, records)) or all(map(_played_ok, records))


def problems(state: State) -> list[str]:
    """Every invariant the state breaks, as sentences; empty when consistent."""
    out: list[str] = []
    shapes = (len(state.hands) == 4 and len(state.piles) == 4 and len(state.track) == 4
              and len(state.team_scores) == 2 and set(map(len, chain.from_iterable(state.piles))) <= {2}
              and state.phase in Phase and set(map(type, (*state.layout, *state.track))) == {Colour})
    if not shapes:
        return ["hands, piles, track or scores have the wrong shape"]
    if state.players not in (2, 4):
        out.append(f"players is {state.players}, not 2 or 4")
    if len(state.layout) != 13 or state.layout[CENTER] is not Colour.WHITE or sorted(state.layout) != _GARDEN:
        out.append("layout is not 13 hexes with white in the centre and three of each colour")
    if sorted(state.track) != _SUITS:
        out.append("track is not the four suits")
        return out
    cards = all_cards(state)
    if len(cards) != len(CARDS) or set(cards) != _ALL:
        out.append("the 36 cards are not each in exactly one zone")
    if any(_unsorted(h) for h in state.hands):
        out.append("hands are not sorted")
    dummies = (2, 3) if state.players == 2 else ()
    for pos in range(4):
        if (len(state.piles[pos]) == 4) != (pos in dummies) or (pos not in dummies and state.piles[pos]):
            out.append(f"position {pos} has the wrong dummy piles")
    if len(state.gnomes) != N_SPOTS or not set(state.gnomes) <= {None, 0, 1}:
        out.append("gnomes must give a team (0 or 1) or None (open) for each of the 92 spots")
    if len(state.supply) != 4 or min(state.supply) < 0 or max(state.supply) > COMPONENTS.gnomes_per_seat:
        out.append("supply must be 0-8 gnomes for each of four positions")
    else:
        for team in (0, 1):
            placed = state.gnomes.count(team)
            left = state.supply[team] + state.supply[team + 2]
            if placed + left != 2 * COMPONENTS.gnomes_per_seat:
                out.append(f"team {team} has {placed} gnomes placed and {left} in supply, not 16")
    if min(state.team_scores) < 0:
        out.append("scores are never negative")
    if not (0 <= state.trick <= COMPONENTS.tricks and len(state.history) == state.trick):
        out.append("trick count and history disagree")
        return out
    if set(map(len, state.history)) - {4} or not _all_played_ok(chain.from_iterable(state.history)):
        out.append("a finished trick is malformed")
    if not _all_played_ok(state.plays) or not 0 <= state.leader < 4:
        out.append("the open trick is malformed")
        return out
    if tuple(p.position for p in state.plays) != seats_from(state.leader, 4)[:len(state.plays)]:
        out.append("the open trick's cards were not played clockwise from the leader")
    if state.phase is Phase.PLAY and not state.stack:
        if len(state.plays) >= 4 or state.order or state.flipped or state.trick >= 8:
            out.append("while cards are played the open trick has fewer than four cards")
    elif state.phase is Phase.PLAY:
        if (len(state.plays) != 4 or len(state.flipped) != 4 or not 1 <= len(state.stack) <= 4
                or state.order != rank_trick(state.track, state.plays)
                or sum(state.flipped) != 4 - len(state.stack)):
            out.append("placements need four cards, their turn order and one flip per placement made")
        else:
            positions = tuple(state.plays[i].position for i in state.order)
            if state.stack != placement_stack(state.players, positions)[:len(state.stack)]:
                out.append("the placement frames are not the trick's turn order still to place")
    elif state.plays or state.stack or state.trick != COMPONENTS.tricks:
        out.append("phase over needs eight finished tricks")
    return out


def check_state(state: State) -> None:
    """Raise InvalidArgumentError unless ``state`` is consistent (GG-INV-1)."""
    check_type(state, State, "Gnaughty Gnomes State")
    found = problems(state)
    if found:
        raise InvalidArgumentError("; ".join(found))


def decision_bound(players: int, options: object | None = None) -> int:
    """Every game takes exactly 64 decisions: 8 tricks of 4 plays and 4 placements (GG-END-1)."""
    check_players(players, 2, 4, "Gnaughty Gnomes")
    return COMPONENTS.tricks * 8
