"""Gremlins: The Game in sentences a person reads (issue 31): what a view shows (``view_lines``)
and what an event was for a seat (``event_sentence``), from the view or the event alone.

A gremlin is named by what its token shows (GTG-VIEW-2): its symbols and points, "a gremlin with a
red square and a yellow circle (2 points)", or Stripe; a face-down one is never named. A weapon
card is named as on the card ("kitchen knife") with the symbols it covers; an event card by its
title with what it does. Spaces keep the names the actions and the picture use ("f1"), with the
building a space lies in where the view's map has one.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import shown
from gremlinrules.core.words import count
from gremlinrules.core.words import listing
from gremlinrules.core.words import seat_object
from gremlinrules.core.words import seat_possessive
from gremlinrules.core.words import seat_subject
from gremlinrules.gremlins_the_game.actions import Choose
from gremlinrules.gremlins_the_game.actions import Defeat
from gremlinrules.gremlins_the_game.actions import Discard
from gremlinrules.gremlins_the_game.actions import LetEscape
from gremlinrules.gremlins_the_game.actions import Move
from gremlinrules.gremlins_the_game.components import COLOURS
from gremlinrules.gremlins_the_game.components import REFERENCE
from gremlinrules.gremlins_the_game.components import SHAPES
from gremlinrules.gremlins_the_game.components import STRIPE
from gremlinrules.gremlins_the_game.components import Components
from gremlinrules.gremlins_the_game.components import Effect
from gremlinrules.gremlins_the_game.components import Symbol
from gremlinrules.gremlins_the_game.components import Tables
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.events import EVENT_TYPES
from gremlinrules.gremlins_the_game.events import Acted
from gremlinrules.gremlins_the_game.events import EventDrawn
from gremlinrules.gremlins_the_game.events import GameEnded
from gremlinrules.gremlins_the_game.events import GremlinDefeated
from gremlinrules.gremlins_the_game.events import GremlinMoved
from gremlinrules.gremlins_the_game.events import GremlinPlaced
from gremlinrules.gremlins_the_game.events import GremlinRevealed
from gremlinrules.gremlins_the_game.events import Moved
from gremlinrules.gremlins_the_game.events import TokensReplenished
from gremlinrules.gremlins_the_game.events import TurnBegan
from gremlinrules.gremlins_the_game.events import WeaponsDrawn
from gremlinrules.gremlins_the_game.frames import EscapeToTheater
from gremlinrules.gremlins_the_game.frames import EventDiscard
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import GangToTheater
from gremlinrules.gremlins_the_game.frames import HandLimit
from gremlinrules.gremlins_the_game.frames import MoveGremlin
from gremlinrules.gremlins_the_game.frames import PickGremlin
from gremlinrules.gremlins_the_game.frames import PlaceGremlin
from gremlinrules.gremlins_the_game.geometry import Geometry
from gremlinrules.gremlins_the_game.geometry import geometry
from gremlinrules.gremlins_the_game.state import Outcome
from gremlinrules.gremlins_the_game.state import Phase
from gremlinrules.gremlins_the_game.view import View

__all__ = ["END_REASONS", "event_sentence", "gremlin_words", "view_lines", "weapon_text"]

END_REASONS: dict[str, str] = {
    "GTG-STRIPE-2": "A player defeated Stripe, which ends the game at once.",
    "GTG-STRIPE-4": "Stripe was in the Movie Theater and no gremlin was left in the pool at the end of a "
                    "turn: the game ended with Stripe undefeated.",
    "GTG-END-4": "The turn limit of the house rule was reached.",
}
"""Why a game ended, in words, by the clause ``end_reason`` names."""

_OUTCOMES = {
    Outcome.STRIPE_DEFEATED: "Stripe was defeated",
    Outcome.POOL_EMPTY: "Stripe was in the Movie Theater with the pool empty",
    Outcome.TURN_LIMIT: "the turn limit was reached",
}
_REFERENCE_TABLES = tables(REFERENCE)


def _symbol(colour: str, shape: str, n: int) -> str:
    return f"{'a' if n == 1 else n} {colour} {shape}{'' if n == 1 else 's'}"


def gremlin_words(design: str) -> str:
    """A gremlin's design name (GTG-VIEW-2) as a person reads its token: ``"stripe"`` is Stripe,
    ``"2-red-square+yellow-circle-3pt"`` "a gremlin with 2 red squares and a yellow circle (3
    points)"; a name of another form is shown as it is."""
    if design == STRIPE:
        return "Stripe"
    body, sep, points = design.rpartition("-")
    if not sep or not points.endswith("pt") or not points[:-2].isdigit():
        return shown(design)
    parts = []
    for part in body.split("+"):
        words = part.split("-")
        n = int(words[0]) if len(words) == 3 and words[0].isdigit() else 1
        colour, shape = words[-2:] if len(words) >= 2 else ("", "")
        if colour not in COLOURS or shape not in SHAPES:
            return shown(design)
        parts.append(_symbol(colour, shape, n))
    return f"a gremlin with {listing(parts)} ({count(int(points[:-2]), 'point')})"


def _symbols(symbols: tuple[Symbol, ...]) -> str:
    return listing(_symbol(s.colour, s.shape, s.count) for s in symbols)


def _weapon(name: str) -> str:
    return name.replace("-", " ")


def weapon_text(name: str, components: Components) -> str:
    """A weapon card's rules text: "Kitchen knife: covers a red square and a red triangle."."""
    card = next((w for w in components.weapons if w.name == name), None)
    covers = f"covers {_symbols(card.symbols)}" if card is not None else "a weapon card"
    text = _weapon(name)
    return f"{text[:1].upper()}{text[1:]}: {covers}."


def _effect(e: Effect) -> str:
    if e.kind == "add_gremlins":
        return f"put {count(e.count, 'new gremlin')} from the pool onto empty Gremlin spaces, face down"
    if e.kind == "move_gremlins":
        return f"move {count(e.count, 'face-down gremlin')} to other empty Gremlin spaces"
    if e.kind == "replenish":
        new = "face-down gremlin" if e.what == "gremlin" else "token"
        return f"every empty {e.what.capitalize()} space gets a new {new}"
    if e.kind == "draw_weapons":
        return f"draw {count(e.count, 'weapon card')}"
    if e.kind == "discard_weapons":
        return f"discard {count(e.count, 'weapon card')}"
    if e.kind == "return_to_start":
        return "go back to your Start"
    return "something happens"


def _event_card(name: str, t: Tables) -> str:
    """An event card's title and what it does: "Snowstorm (move 2 face-down gremlins ...)"."""
    card = t.event.get(name)
    if card is None:
        return _weapon(name)
    return f"{card.title} ({'; '.join(_effect(e) for e in card.effects)})"


def _title(name: str) -> str:
    card = _REFERENCE_TABLES.event.get(name)
    return card.title if card is not None else _weapon(name)


def _where(space: str, g: Geometry | None) -> str:
    """A space as the view's map names it: "f1", "j18 (Movie Theater)", "g6 (the red Start)"."""
    if g is None or space not in g.index:
        return space
    info = g.map.spaces[g.index[space]]
    if info.colour:
        return f"{space} (the {info.colour} Start)"
    if info.area and info.area != "street":
        return f"{space} ({info.area})"
    return space


def _decision(v: View, g: Geometry | None) -> str:
    if v.phase is Phase.OVER or v.current_player is None:
        how = _OUTCOMES.get(v.outcome, "it ended")
        if v.gremlins_won:
            return f"The game is over: {how}, so the gremlins won and every player lost."
        wins = listing(seat_object(w, v.seat) for w in v.winners) if v.winners else "nobody"
        return f"The game is over: {how}. Won by {wins}."
    who = seat_subject(v.current_player, v.seat)
    f = v.pending
    if isinstance(f, Fight):
        return (f"{who} revealed {gremlin_words(f.gremlin)} and must fight it with weapon cards that cover "
                "its symbols, or let it escape.")
    if isinstance(f, EscapeToTheater):
        return f"{who} must choose the empty Movie Theater space the escaping gremlin goes to."
    if isinstance(f, GangToTheater):
        return f"{who} must choose the empty Movie Theater space for a new gremlin from the pool, face up."
    if isinstance(f, HandLimit):
        return f"{who} must discard a weapon card to make room for the one to be drawn (at most 7 in hand)."
    if isinstance(f, EventDiscard):
        return f"{who} must discard a weapon card for the event {_title(f.card)}."
    if isinstance(f, PlaceGremlin):
        return f"{who} must choose the empty Gremlin space for a new face-down gremlin ({_title(f.card)})."
    if isinstance(f, PickGremlin):
        return f"{who} must choose the face-down gremlin to move ({_title(f.card)})."
    if isinstance(f, MoveGremlin):
        return (f"{who} must choose the empty Gremlin space the face-down gremlin on "
                f"{_where(f.origin, g)} moves to ({_title(f.card)}).")
    free = (" and may go to any free space (the Town Square's bonus)"
            if 0 <= v.current_player < len(v.free_move) and v.free_move[v.current_player] else "")
    return f"{who} must move{free}."


def colour(seat: int) -> str:
    """", red": a seat's colour (its Start's, in seat order) after a comma; "" past the colours."""
    return f", {COLOURS[seat]}" if 0 <= seat < len(COLOURS) else ""


def _spaces(spaces: tuple[str, ...]) -> str:
    return listing(spaces, empty="none")


@guarded
def view_lines(view: View) -> tuple[str, ...]:
    """What ``view`` shows, in sentences: who is looking, the turn and the decision pending, the
    viewer's weapon cards with the symbols each covers, every seat's space, cards and defeated
    gremlins, the gremlins on the board (face-down ones unnamed), the tokens, the pool, the
    Movie Theater's crowd and the decks (GTG-VIEW-1: only what the view holds)."""
    check_type(view, View, "Gremlins: The Game View")
    v = view
    c = v.options.components if isinstance(v.options.components, Components) else REFERENCE
    t = tables(c)
    try:
        g: Geometry | None = geometry(v.options.map)
    except GremlinRulesError:  # a hand-made view with a map no table could play
        g = None
    out = ["You are watching as a spectator." if v.seat is None
           else f"You are seat {v.seat} of {v.players}{colour(v.seat)}."]
    out.append(f"The map: {v.map}.")
    if v.options.challenging:
        out.append("The challenging variant: if Stripe is not defeated, every player loses.")
    if v.phase is not Phase.OVER:
        out.append(f"Turn {v.turn_number + 1}: it is {seat_possessive(v.turn, v.seat)} turn.")
    out.append(_decision(v, g))
    if v.hand is not None:
        out.append(f"Your weapon cards ({len(v.hand)}): {listing(_weapon(w) for w in v.hand)}." if v.hand
                   else "You hold no weapon card.")
        out += [f"  {weapon_text(w, c)}" for w in dict.fromkeys(v.hand)]
    for p in range(v.players):
        name = f"Seat {p} (you{colour(p)})" if p == v.seat else f"Seat {p} ({colour(p)[2:] or 'a player'})"
        defeated = v.defeated[p] if p < len(v.defeated) else ()
        beaten = (f"defeated {listing(gremlin_words(d) for d in defeated)}" if defeated
                  else "no gremlin defeated")
        out.append(f"{name}: on {_where(v.positions[p], g)}; {count(v.hand_sizes[p], 'weapon card')}; "
                   f"{beaten}; {count(v.scores[p], 'point')}.")
    down = [b.space for b in v.board if not b.face_up]
    up = [b for b in v.board if b.face_up]
    if down:
        out.append(f"Face-down gremlins ({len(down)}) on {_spaces(tuple(_where(s, g) for s in down))}.")
    for b in up:
        out.append(f"Face up on {_where(b.space, g)}: {gremlin_words(b.gremlin or '')}.")
    if not v.board:
        out.append("No gremlin is on the board.")
    out.append(f"Event tokens on {_spaces(v.event_tokens)}.")
    out.append(f"Weapon tokens on {_spaces(v.weapon_tokens)}.")
    out.append(f"The pool holds {count(v.pool_size, 'face-down gremlin')}.")
    if v.crowd:
        out.append(f"The Movie Theater's crowd: {listing(gremlin_words(d) for d in v.crowd)}.")
    thrown = listing(_weapon(w) for w in v.weapon_discard)
    out.append(f"The weapon deck has {count(v.weapon_deck_size, 'card')}"
               + (f"; discarded: {thrown}." if v.weapon_discard else "."))
    out.append(f"The event deck has {count(v.event_deck_size, 'card')}"
               + (f"; discarded: {listing(_title(e) for e in v.event_discard)}." if v.event_discard else "."))
    if v.event_discard:
        top = v.event_discard[-1]
        out.append(f"  {_event_card(top, t)}.")
    return tuple(out)


def _acted(seat: int, action: Any, viewer: int | None) -> str:
    who = seat_subject(seat, viewer)
    kind = type(action)
    if kind is Move:
        return f"{who} chose to move to {action.to}."
    if kind is Defeat:
        return f"{who} fought with {listing(_weapon(w) for w in action.weapons)}."
    if kind is LetEscape:
        return f"{who} let the gremlin escape."
    if kind is Discard:
        return f"{who} discarded {_weapon(action.weapon)}."
    if kind is Choose:
        return f"{who} chose {action.space}."
    return f"{who} acted."


@guarded
def event_sentence(event: Any, seat: int | None, *, view: View | None = None) -> str:
    """What ``event`` (as ``observe_event`` gives it to ``seat``; None: a spectator) was, in one
    sentence: "You drew 1 weapon card: sword.", "Seat 1 defeated a gremlin with a red square (1
    point): 1 point.".

    ``view`` (any view of the same table) is taken as in every game; this game's events name
    all they tell, so it is only checked."""
    if view is not None:
        check_type(view, View, "Gremlins: The Game View")
    check_complete("event_sentence", event)
    if type(event) not in EVENT_TYPES:
        check_type(event, Acted, "Gremlins: The Game event")
    e = event
    if type(e) is Acted:
        return _acted(e.seat, e.action, seat)
    if type(e) is Moved:
        return f"{seat_is_on(e.seat, seat)} {e.to}."
    if type(e) is WeaponsDrawn:
        who = seat_subject(e.seat, seat)
        if e.cards is None:
            return f"{who} drew {count(e.count, 'weapon card')}."
        return f"{who} drew {count(e.count, 'weapon card')}: {listing(_weapon(w) for w in e.cards)}."
    if type(e) is EventDrawn:
        return f"{seat_subject(e.seat, seat)} drew the event card {_event_card(e.card, _REFERENCE_TABLES)}."
    if type(e) is GremlinRevealed:
        return f"The gremlin on {e.space} was turned face up: {gremlin_words(e.gremlin)}."
    if type(e) is GremlinPlaced:
        if e.space is None:
            what = gremlin_words(e.gremlin) if e.gremlin else "A gremlin"
            return f"{what[:1].upper()}{what[1:]} joined the Movie Theater's crowd."
        if e.face_up and e.gremlin:
            what = gremlin_words(e.gremlin)
            return f"{what[:1].upper()}{what[1:]} was put face up on {e.space}."
        return f"A face-down gremlin was put on {e.space}."
    if type(e) is GremlinMoved:
        return f"A face-down gremlin moved from {e.origin} to {e.to}."
    if type(e) is GremlinDefeated:
        return (f"{seat_subject(e.seat, seat)} defeated {gremlin_words(e.gremlin)} and "
                f"{'score' if e.seat == seat else 'scores'} {count(e.points, 'point')}.")
    if type(e) is TokensReplenished:
        parts = [count(e.events, "event token"), count(e.weapons, "weapon token"),
                 count(e.gremlins, "face-down gremlin")]
        return f"The empty spaces were refilled: {listing(parts)}."
    if type(e) is TurnBegan:
        return f"{seat_possessive(e.seat, seat, start=True)} turn began (turn {e.turn_number + 1})."
    if type(e) is GameEnded:
        how = _OUTCOMES.get(e.outcome, "it ended")
        points = listing(f"{seat_object(p, seat)} {s}" for p, s in enumerate(e.scores))
        if e.gremlins_won:
            return f"The game ended: {how}, so the gremlins won and every player lost. Points: {points}."
        wins = listing(seat_object(w, seat) for w in e.winners) if e.winners else "nobody"
        return f"The game ended: {how}. Points: {points}. Won by {wins}."
    return "Something happened."  # pragma: no cover (every event type is answered above)


def seat_is_on(seat: int, viewer: int | None) -> str:
    """"You are now on" or "Seat 2 is now on"."""
    return "You are now on" if seat == viewer else f"Seat {seat} is now on"
