"""Gnaughty Gnomes in sentences a person reads (issue 31): what a view shows (``view_lines``) and
what an event was for a seat (``event_sentence``), from the view or the event alone.

Cards are named as on the table ("red 5", "the purple X"); the X card's rule is said where the
viewer holds one; table positions are named by the seat that plays them ("seat 1", "your dummy"
in the two-player game, where each seat also decides for the dummy opposite, GG-2P-3); the
garden's spots are named by the numbers the actions and the picture use.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.words import count
from gremlinrules.core.words import listing
from gremlinrules.core.words import seat_object
from gremlinrules.core.words import seat_subject
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.events import EVENT_TYPES
from gremlinrules.gnaughty_gnomes.events import CardFlipped
from gremlinrules.gnaughty_gnomes.events import CardPlayed
from gremlinrules.gnaughty_gnomes.events import Dealt
from gremlinrules.gnaughty_gnomes.events import GameEnded
from gremlinrules.gnaughty_gnomes.events import GnomePlaced
from gremlinrules.gnaughty_gnomes.events import Revealed
from gremlinrules.gnaughty_gnomes.events import TrickCleared
from gremlinrules.gnaughty_gnomes.events import TrickWon
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import Played
from gremlinrules.gnaughty_gnomes.view import View

__all__ = ["END_REASONS", "X_TEXT", "event_sentence", "view_lines"]

X_TEXT = ("An X card: when you play it you declare a rank from 1 to 8 and whether it is high or low; "
          "it then counts as a card of its suit with that rank.")
"""The X card's rules text (GG-X-1)."""

END_REASONS: dict[str, str] = {
    "GG-END-1": "The eighth trick was played and its gnomes placed: the team with the higher score wins.",
}
"""Why a game ended, in words, by the clause ``end_reason`` names."""

_PLACES = {1: "the trick winner", 2: "second place", 3: "third place", 4: "the trick loser"}


def _card(card: Card) -> str:
    """"red 5", "the red X"."""
    if not isinstance(card, Card) or not isinstance(card.suit, Colour):
        return shown(card)
    return f"the {card.suit.value} X" if card.is_x else f"{card.suit.value} {card.rank}"


def _played(p: Played) -> str:
    if p.card.is_x:
        return f"{_card(p.card)} as a {'high' if p.high else 'low'} {p.rank}"
    return _card(p.card)


def _team(position: int) -> int:
    return position % 2


def _position(position: int, players: int, viewer: int | None) -> str:
    """A table position as the viewer reads it: "you", "seat 1", "your dummy", "seat 1's dummy"."""
    if players == 4 or position < 2:
        return seat_object(position, viewer)
    partner = position % 2
    return "your dummy" if partner == viewer else f"seat {partner}'s dummy"


def _Position(position: int, players: int, viewer: int | None) -> str:  # noqa: N802 (the capitalised form)
    text = _position(position, players, viewer)
    return text[0].upper() + text[1:]


def _teams(viewer: int | None, players: int) -> str:
    if players == 4:
        return "team 0 is seats 0 and 2, team 1 seats 1 and 3"
    return "team 0 is seat 0 and its dummy, team 1 seat 1 and its dummy"


def _decision(v: View) -> str:
    if v.current_player is None or v.phase is Phase.OVER:
        if not v.winners:
            return "The game is over."
        return f"The game is over: won by {listing(seat_object(w, v.seat) for w in v.winners)}."
    who = seat_subject(v.current_player, v.seat)
    pos = v.position_to_act if v.position_to_act is not None else v.current_player
    for_whom = "" if v.players == 4 or pos < 2 else f" for {_position(pos, v.players, v.seat)}"
    if v.pending is not None:
        place = _PLACES.get(v.pending.place, f"place {v.pending.place}")
        return (f"{who} must place a gnome{for_whom} ({place}), using one of the trick's unflipped cards, "
                "or flip one where no spot is open.")
    return f"{who} must play a card{for_whom}."


@guarded
def view_lines(view: View) -> tuple[str, ...]:
    """What ``view`` shows, in sentences: who is looking and with whom, the decision pending, the
    viewer's hand (with the X card's rule), the strength track, the trick, the dummies' face-up
    cards, each position's cards and gnomes, the teams' scores and the garden (GG-VIEW-1: only
    what the view holds)."""
    check_type(view, View, "Gnaughty Gnomes View")
    v = view
    n = v.players
    if v.seat is None:
        out = ["You are watching as a spectator."]
    elif n == 4:
        out = [f"You are seat {v.seat} of 4, on team {_team(v.seat)} with seat {(v.seat + 2) % 4} opposite."]
    else:
        out = [f"You are seat {v.seat} of 2, on team {v.seat}: you also decide for your dummy opposite "
               f"(position {v.seat + 2})."]
    out.append(f"Partners sit opposite: {_teams(v.seat, n)}.")
    if v.phase is not Phase.OVER:
        out.append(f"Trick {v.trick + 1} of 8, led by {_position(v.leader, n, v.seat)}.")
    out.append(_decision(v))
    if v.hand is not None:
        out.append(f"Your hand ({count(len(v.hand), 'card')}): {listing(_card(c) for c in v.hand)}."
                   if v.hand else "Your hand is empty.")
        if any(c.is_x for c in v.hand):
            out.append(f"  {X_TEXT}")
    values = REFERENCE.track_values
    out.append("The strength track, strongest first: "
               + listing(f"{c.value} ({count(values[i], 'point')})" if i < len(values) else c.value
                         for i, c in enumerate(v.track)) + ".")
    if v.plays:
        flipped = v.flipped if len(v.flipped) == len(v.plays) else (False,) * len(v.plays)
        out.append("This trick: " + listing(
            f"{_position(p.position, n, v.seat)} played {_played(p)}{' (used)' if f else ''}"
            for p, f in zip(v.plays, flipped, strict=True)) + ".")
        if v.order:
            out.append("Turn order: " + listing(
                f"{_PLACES.get(i + 1, str(i + 1))} {_position(v.plays[k].position, n, v.seat)}"
                for i, k in enumerate(v.order) if 0 <= k < len(v.plays)) + ".")
    for pos in range(4):
        up, down = v.face_up[pos], v.face_down[pos]
        if up or down:
            shown_up = listing(_card(c) for c in up)
            hidden = f"; {count(down, 'card')} face down" if down else ""
            out.append(f"{_Position(pos, n, v.seat)} shows {shown_up} face up{hidden}.")
    for pos in range(4):
        out.append(f"Position {pos} ({_position(pos, n, v.seat)}, team {_team(pos)}): "
                   f"{count(v.hand_sizes[pos], 'card')} to play, {count(v.supply[pos], 'gnome')} in supply.")
    team0, team1 = (count(t, "point") for t in v.team_scores)
    out.append(f"Team 0 has {team0}; team 1 has {team1}.")
    out.append("The garden's hexes: " + listing(
        f"{i} {c.value}{' (the centre)' if c is Colour.WHITE else ''}" for i, c in enumerate(v.layout)) + ".")
    for team in (0, 1):
        spots = [str(s) for s, t in enumerate(v.gnomes) if t == team]
        if spots:
            out.append(f"Team {team}'s gnomes stand on spot{'s' if len(spots) > 1 else ''} {listing(spots)}.")
    if not any(t is not None for t in v.gnomes):
        out.append("No gnome stands in the garden yet.")
    for i, trick in enumerate(v.history, 1):
        out.append(f"Trick {i} was: " + listing(f"{_position(p.position, n, v.seat)} {_played(p)}"
                                                for p in trick) + ".")
    return tuple(out)


def _at(position: int, viewer: int | None) -> str:
    """A table position in an event that does not say the table's size: "position 2", "position 0
    (you)" (the view's lines say who plays each position)."""
    return f"position {position}{' (you)' if position == viewer else ''}"


def _for(e: Any, viewer: int | None) -> str:
    """" for your dummy" when a seat decided for the dummy opposite (two players), else nothing."""
    return "" if e.position == e.seat else f" for {_position(e.position, 2, viewer)}"


@guarded
def event_sentence(event: Any, seat: int | None, *, view: View | None = None) -> str:
    """What ``event`` (as ``observe_event`` gives it to ``seat``; None: a spectator) was, in one
    sentence: "You played the red X as a high 3.", "Seat 1 placed a gnome on spot 14 with the red
    card (second place): team 1 scores 3 points.".

    ``view`` (any view of the same table) is taken as in every game; this game's events name
    all they tell, so it is only checked."""
    if view is not None:
        check_type(view, View, "Gnaughty Gnomes View")
    check_complete("event_sentence", event)
    if type(event) not in EVENT_TYPES:
        raise InvalidArgumentError(f"{shown(event)} is not a Gnaughty Gnomes event")
    e = event
    if type(e) is Dealt:
        if e.face_up or e.face_down:
            return (f"{_Position(e.position, 2, seat)} was dealt {listing(_card(c) for c in e.face_up)} face "
                    f"up and {count(e.face_down, 'card')} face down.")
        verb = f"{seat_subject(e.position, seat)} {'were' if e.position == seat else 'was'} dealt"
        if e.held is None:
            return f"{verb} {count(e.held_count, 'card')}."
        return f"{verb} {count(len(e.held), 'card')}: {listing(_card(c) for c in e.held)}."
    if type(e) is CardPlayed:
        card = _played(Played(e.position, e.card, e.rank, e.high))
        return f"{seat_subject(e.seat, seat)} played {card}{_for(e, seat)}."
    if type(e) is TrickWon:
        order = listing(_at(p, seat) for p in e.turn_order)
        return (f"{_at(e.winner, seat).capitalize()} won trick {e.trick}: team {e.team} scores "
                f"{count(e.points, 'point')}. The turn order is {order}.")
    if type(e) is GnomePlaced:
        place = _PLACES.get(e.place, f"place {e.place}")
        return (f"{seat_subject(e.seat, seat)} placed a gnome{_for(e, seat)} on spot {e.spot} with the "
                f"{e.suit.value} card ({place}): team {e.team} scores {count(e.points, 'point')}.")
    if type(e) is CardFlipped:
        return (f"{seat_subject(e.seat, seat)} flipped the {e.suit.value} card{_for(e, seat)} and placed no "
                "gnome: no spot was open.")
    if type(e) is Revealed:
        return f"{_Position(e.position, 2, seat)} turned up {_card(e.card)} on pile {e.pile + 1}."
    if type(e) is TrickCleared:
        track = listing(c.value for c in e.track)
        return (f"Trick {e.trick} is cleared. The track is now {track}, strongest first; "
                f"{_at(e.leader, seat)} leads next. Team 0 has {count(e.team_scores[0], 'point')}, "
                f"team 1 {count(e.team_scores[1], 'point')}.")
    if type(e) is GameEnded:
        points = listing(f"{seat_object(p, seat)} {s}" for p, s in enumerate(e.scores))
        wins = listing(seat_object(w, seat) for w in e.winners) if e.winners else "nobody"
        return f"The game ended. Points: {points}. Won by {wins}."
    return "Something happened."  # pragma: no cover (every event type is answered above)
