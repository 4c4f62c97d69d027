"""Ranking a trick, scoring a placement, and the clean-up adjustments.

Pure functions of state parts, written as the rules say them; the reference
rules call them, and the fast path where they are quick enough.
"""

from __future__ import annotations

from gremlinrules.gnaughty_gnomes.board import HEX_SPOTS
from gremlinrules.gnaughty_gnomes.board import SPOT_HEXES
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.state import Played

__all__ = [
    "card_strength", "rank_trick", "score_placement", "track_after", "value_of",
]

_BAND = {r: i for i, band in enumerate(REFERENCE.track_bands) for r in band}


def card_strength(track: tuple[Colour, ...], suit: Colour, rank: int, tie: int) -> tuple[int, int, int]:
    """A sort key, smaller is stronger: suit position, then rank, then X high/low (GG-TRICK-1).

    ``tie`` is -1 for an X card declared high, 1 for one declared low, 0 for a
    numbered card (GG-X-2).
    """
    return (track.index(suit), -rank, tie)


def rank_trick(track: tuple[Colour, ...], plays: tuple[Played, ...]) -> tuple[int, ...]:
    """Indices into ``plays`` from turn-order place 1 (winner) to 4 (loser) (GG-TRICK-2).

    The sort key is :func:`card_strength`, with the X card's tie from its
    high/low declaration (GG-X-2).
    """
    keys = [(track.index(p.card.suit), -p.rank, (-1 if p.high else 1) if p.card.is_x else 0) for p in plays]
    return tuple(sorted(range(len(plays)), key=keys.__getitem__))


def value_of(track: tuple[Colour, ...], colour: Colour) -> int:
    """Current victory points of a mushroom colour: 5, 4, 3, 2 by track position (GG-TRACK-1)."""
    return REFERENCE.track_values[track.index(colour)]


def score_placement(layout: tuple[Colour, ...], track: tuple[Colour, ...], gnomes: tuple[int | None, ...],
                    spot: int, team: int) -> int:
    """Points the placing ``team`` scores for its gnome just placed on ``spot`` (GG-SCORE-1).

    Every coloured hex the spot touches is checked, never the white centre
    (GG-SCORE-5), counting the gnomes on its twelve spots after the placement:
    a new majority with an opponent present scores the colour's value
    (GG-SCORE-2); a new tie scores half of it, rounded down (GG-SCORE-3); adding
    to a majority, or staying behind, scores nothing, and only the placing team
    can score (GG-SCORE-4).
    """
    points = 0
    for h in SPOT_HEXES[spot]:  # the coloured hexes only (GG-SCORE-5)
        mine = sum(1 for s in HEX_SPOTS[h] if gnomes[s] == team)
        theirs = sum(1 for s in HEX_SPOTS[h] if gnomes[s] == 1 - team)
        if theirs == 0:
            continue  # no opponent there: nothing to win (GG-SCORE-2)
        if mine == theirs + 1:  # it was a tie: a new majority (GG-SCORE-2)
            points += value_of(track, layout[h])
        elif mine == theirs:  # it was behind by one: a new tie (GG-SCORE-3)
            points += value_of(track, layout[h]) // 2
    return points


def track_after(track: tuple[Colour, ...], winner: Played) -> tuple[Colour, ...]:
    """The track after clean-up: the winning suit moves to its rank's band (GG-CLEAN-1)."""
    rest = tuple(c for c in track if c is not winner.card.suit)
    pos = _BAND[winner.rank]
    return rest[:pos] + (winner.card.suit,) + rest[pos:]


def strongest_left(track: tuple[Colour, ...], cards: tuple[Card, ...],
                   x_tiebreak: str) -> tuple[int, int, int]:
    """The strength key of the best card among ``cards`` for the end tie-break (GG-END-2, GG-END-3)."""
    keys = []
    for c in cards:
        if c.is_x:
            keys.append(card_strength(track, c.suit, 8, -1) if x_tiebreak == "wild_high"
                        else card_strength(track, c.suit, 0, 0))
        else:
            keys.append(card_strength(track, c.suit, c.rank, 0))
    return min(keys) if keys else (99, 0, 0)
