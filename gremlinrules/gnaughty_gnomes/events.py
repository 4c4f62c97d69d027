"""What happened, as typed events a client animates from, and what each seat sees of them.

The rules make the events where they act: every effect and flow step returns a
:class:`~gremlinrules.core.step.Step`, and :func:`.rules.apply_with_events` (the rule
book's) is the one source of them. In the order they happen:

* :class:`CardPlayed`: a position plays a card (public, GG-PLAY-1);
* :class:`TrickWon`: the fourth card ranks the trick; the winner's team scores a point and
  the turn-order cards are dealt (GG-TRICK-2, GG-PLACE-1);
* :class:`GnomePlaced` or :class:`CardFlipped`: a placement, with the points it scored
  (GG-SCORE-1), or a card flipped without placing (GG-PLACE-8);
* :class:`Revealed`: after the last placement, a dummy's uncovered card turns face up (GG-2P-4);
* :class:`TrickCleared`: the clean-up: the track moves, the loser leads, the scores so far
  (GG-CLEAN-1, GG-CLEAN-3);
* :class:`GameEnded`: after the eighth trick: the scores, the winners and every card left
  (GG-END-1, GG-VIEW-2).

:class:`Dealt` describes the deal of a new game (:func:`dealt`); a seat sees its own
hand in it and only the counts of the others (GG-VIEW-1). Every other event is public.
"""

from __future__ import annotations

import attrs

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.state import State
from gremlinrules.gnaughty_gnomes.state import guarded

__all__ = [
    "EVENT_TYPES", "CardFlipped", "CardPlayed", "Dealt", "Event", "GameEnded", "GnomePlaced", "Revealed",
    "TrickCleared", "TrickWon", "dealt", "observe_event",
]


@attrs.frozen(slots=True)
class Dealt:
    """A position's cards at the deal: its held cards for its own seat only, a dummy's face-up
    cards for everyone, and counts."""

    position: int
    held: tuple[Card, ...] | None
    """The cards in hand, sorted; None where the viewer may not see them."""
    held_count: int
    """How many cards it holds."""
    face_up: tuple[Card, ...]
    """A dummy's face-up cards (its X card and four pile tops, GG-2P-2); empty for a player."""
    face_down: int
    """A dummy's face-down cards (hidden from everyone)."""


@attrs.frozen(slots=True)
class CardPlayed:
    """A position plays a card to the trick (its seat decides for a dummy, GG-2P-3)."""

    seat: int
    position: int
    card: Card
    rank: int
    """The rank it counts as: the declared rank for an X card (GG-X-1)."""
    high: bool
    """For an X card: declared high; False for numbered cards."""


@attrs.frozen(slots=True)
class TrickWon:
    """The fourth card ranked the trick: the winner's team scores a point and the turn-order
    cards go out, place 1 (the winner) to 4 (the loser)."""

    trick: int
    """The trick's number, 1 to 8."""
    winner: int
    """The winning position."""
    team: int
    """The winner's team (0: positions 0 and 2; 1: positions 1 and 3)."""
    points: int
    """The trick winner's point (GG-PLACE-1)."""
    turn_order: tuple[int, ...]
    """The positions holding turn-order cards 1 to 4."""


@attrs.frozen(slots=True)
class GnomePlaced:
    """A position uses a card of the trick and puts a gnome on a spot, scoring at once."""

    seat: int
    position: int
    place: int
    """Its turn-order card, 1 to 4."""
    suit: Colour
    """The colour of the trick card used (now flipped)."""
    spot: int
    team: int
    points: int
    """What the placement scored for the team (GG-SCORE-1)."""


@attrs.frozen(slots=True)
class CardFlipped:
    """A position flips a card of the trick and places nothing: no legal spot (GG-PLACE-8)."""

    seat: int
    position: int
    place: int
    suit: Colour


@attrs.frozen(slots=True)
class Revealed:
    """A dummy's face-down card, uncovered by a play, turns face up at clean-up (GG-2P-4)."""

    position: int
    pile: int
    """The pile, 0 to 3."""
    card: Card


@attrs.frozen(slots=True)
class TrickCleared:
    """The clean-up: the winning suit moved on the track, the loser leads the next trick."""

    trick: int
    """Tricks finished, 1 to 8."""
    track: tuple[Colour, ...]
    """The track after the move, strongest first (GG-CLEAN-1)."""
    leader: int
    """The position that leads next (the trick's loser, GG-CLEAN-3)."""
    team_scores: tuple[int, int]
    """The two teams' scores after the trick."""


@attrs.frozen(slots=True)
class GameEnded:
    """The eighth trick is cleaned up: the scores, the winners and every card left, shown."""

    scores: tuple[int, ...]
    """Per seat."""
    winners: tuple[int, ...]
    left: tuple[tuple[Card, ...], ...]
    """Per position, the cards it had left (shown for the tie-break, GG-VIEW-2)."""


Event = Dealt | CardPlayed | TrickWon | GnomePlaced | CardFlipped | Revealed | TrickCleared | GameEnded
EVENT_TYPES: tuple[type, ...] = (
    Dealt, CardPlayed, TrickWon, GnomePlaced, CardFlipped, Revealed, TrickCleared, GameEnded,
)


@guarded
def dealt(state: State) -> tuple[Dealt, ...]:
    """The deal of a new game as events, one per position (unredacted: pass each through
    :func:`observe_event`)."""
    check_type(state, State, "Gnaughty Gnomes State")
    out = []
    for pos in range(4):
        piles = state.piles[pos]
        if piles:  # a dummy: its X card and pile tops lie face up
            up = state.hands[pos] + tuple(u for _, u in piles if u is not None)
            out.append(Dealt(pos, (), 0, up, sum(d is not None for d, _ in piles)))
        else:
            out.append(Dealt(pos, state.hands[pos], len(state.hands[pos]), (), 0))
    return tuple(out)


@guarded
def observe_event(event: Event, seat: int | None) -> Event | None:
    """What ``seat`` (None: a spectator) sees of ``event``: another position's dealt hand
    becomes a count; every other event is public."""
    check_complete("observe_event", event)
    if type(event) not in EVENT_TYPES:
        raise InvalidArgumentError(f"{shown(event)} is not a Gnaughty Gnomes event")
    if seat is not None and (type(seat) is not int or seat < 0):
        raise InvalidArgumentError(f"seat must be a seat number or None, not {shown(seat)}")
    if type(event) is Dealt and event.position != seat and event.held:
        return attrs.evolve(event, held=None)
    return event
