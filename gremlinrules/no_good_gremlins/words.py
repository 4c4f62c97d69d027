"""No Good Gremlins in sentences a person reads (issue 31): what a view shows (``view_lines``) and
what an event was for a seat (``event_sentence``), from the view or the event alone.

Every card is named by its material ("an iron card"), with the numbers its component data prints
(launch cost, medal value) and its bribe ability in words; no field name or internal code reaches
the text.
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import shown
from gremlinrules.core.words import article
from gremlinrules.core.words import count
from gremlinrules.core.words import listing
from gremlinrules.core.words import seat_object
from gremlinrules.core.words import seat_possessive
from gremlinrules.core.words import seat_subject
from gremlinrules.no_good_gremlins.actions import Bribe
from gremlinrules.no_good_gremlins.actions import Build
from gremlinrules.no_good_gremlins.actions import ChromeLaunch
from gremlinrules.no_good_gremlins.actions import Discard
from gremlinrules.no_good_gremlins.actions import DrawTwo
from gremlinrules.no_good_gremlins.actions import EndTurn
from gremlinrules.no_good_gremlins.actions import Feed
from gremlinrules.no_good_gremlins.actions import Launch
from gremlinrules.no_good_gremlins.actions import Scrap
from gremlinrules.no_good_gremlins.actions import TakeScrap
from gremlinrules.no_good_gremlins.components import MATERIALS
from gremlinrules.no_good_gremlins.components import Components
from gremlinrules.no_good_gremlins.components import GremlinCard
from gremlinrules.no_good_gremlins.components import Material
from gremlinrules.no_good_gremlins.events import EVENT_TYPES
from gremlinrules.no_good_gremlins.events import Acted
from gremlinrules.no_good_gremlins.events import DeckRebuilt
from gremlinrules.no_good_gremlins.events import Drawn
from gremlinrules.no_good_gremlins.events import FinaleBegan
from gremlinrules.no_good_gremlins.events import GameEnded
from gremlinrules.no_good_gremlins.events import GremlinsRevealed
from gremlinrules.no_good_gremlins.events import Launched
from gremlinrules.no_good_gremlins.events import RocketEaten
from gremlinrules.no_good_gremlins.events import RoundEnded
from gremlinrules.no_good_gremlins.events import TurnBegan
from gremlinrules.no_good_gremlins.events import WandererMoved
from gremlinrules.no_good_gremlins.notation import MaterialCounts
from gremlinrules.no_good_gremlins.notation import WandererStatus
from gremlinrules.no_good_gremlins.state import Phase
from gremlinrules.no_good_gremlins.view import View

__all__ = ["END_REASONS", "card_text", "event_sentence", "view_lines"]

END_REASONS: dict[str, str] = {
    "NGG-FINALE-1": "The materials deck ran out, which with two or three players begins the finale; "
                    "the final turns were played.",
    "NGG-DECK-2": "The materials deck ran out a second time, which with four or five players begins the "
                  "finale; the final turns were played.",
    "NGG-END-3": "The round limit of the house rule passed before the deck ran out, so the finale began "
                 "then; the final turns were played.",
}
"""Why a game ended, in words, by the clause ``end_reason`` names."""

BRIBES: dict[Material, str] = {
    Material.RUST: "the Wandering Gremlin moves on to the next seat",
    Material.WOOD: "the Wandering Gremlin eats nothing at the end of this turn",
    Material.IRON: "draw one card, then the Wandering Gremlin moves on to the next seat",
    Material.COPPER: "one extra build action this turn",
    Material.STEEL: "draw two cards and take one extra main action this turn",
    Material.CHROME: "launch any one of your rockets, complete or not, for exactly one medal",
}
"""Each material's bribe ability in words (NGG-BRIBE-1 to NGG-BRIBE-6: fixed by the rulebook)."""


def card_text(material: Material, components: Components) -> str:
    """A material card's rules text: "Iron: a rocket launches with 6 cards; a medal is worth 3;
    as a bribe, draw one card, then the Wandering Gremlin moves on to the next seat."""
    i = MATERIALS.index(material)
    return (f"{material.value.capitalize()}: a rocket launches with "
            f"{count(components.launch_costs[i], 'card')}; a medal is worth "
            f"{count(components.medal_values[i], 'point')}; as a bribe, {BRIBES[material]}.")


def _counted(counts: MaterialCounts) -> list[tuple[Material, int]]:
    return [(m, n) for m in MATERIALS if (n := getattr(counts, m.value))]


def _cards(counts: MaterialCounts) -> str:
    return listing(f"{n} {m.value}" for m, n in _counted(counts))


def _rockets(pad: MaterialCounts, components: Components) -> str:
    costs = components.launch_costs
    return listing((f"{article(m.value)} {m.value} rocket with {n} of {costs[MATERIALS.index(m)]} cards"
                    for m, n in _counted(pad)), empty="no rocket")


def _medals(medals: MaterialCounts, components: Components) -> str:
    held = _counted(medals)
    if not held:
        return "no medals"
    values = components.medal_values
    return listing(f"{count(n, m.value + ' medal')} (worth {values[MATERIALS.index(m)]} each)"
                   for m, n in held)


def _gremlin(card: GremlinCard) -> str:
    if card is GremlinCard.THUNDERSTORM:
        return "a thunderstorm"
    return f"{article(card.value)} {card.value} gremlin"


def _decision(v: View) -> str:
    who = v.current_player
    if who is None:
        if not v.winners:
            return "The game is over."
        wins = listing(seat_object(w, v.seat) for w in v.winners)
        return f"The game is over. The winner{'s are' if len(v.winners) > 1 else ' is'} {wins}."
    subject = seat_subject(who, v.seat)
    must = f"{subject} must"
    if v.pending is not None:
        return (f"{must} choose which rocket the Wandering Gremlin eats a card of: "
                f"{listing((m.value for m in v.pending.among), last='or')}.")
    if v.phase is Phase.OPENING:
        return f"{must} begin the turn: draw two cards, or take from the scrapheap."
    if v.phase is Phase.FINAL_OPENING:
        return f"{must} begin a final turn by taking from the scrapheap."
    if v.phase is Phase.DISCARD:
        return f"{must} put one card from {'your' if who == v.seat else 'their'} hand on the scrapheap."
    left = [count(v.mains, "main action")]
    if v.builds:
        left.append(count(v.builds, "build-only action"))
    if v.chrome:
        left.append(count(v.chrome, "chrome-bribe launch"))
    more = " The build in progress may take one more card." if v.open_build else ""
    return (f"{subject} may build, launch, scrap or bribe, then end the turn ({listing(left)} left).{more}")


@guarded
def view_lines(view: View) -> tuple[str, ...]:
    """What ``view`` shows, in sentences: who is looking, whose turn it is and the decision
    pending, the viewer's hand with each card's rules text, the table, and each seat's launch pad,
    hand size and medals (NGG-VIEW-1: only what the view holds)."""
    check_type(view, View, "No Good Gremlins View")
    v = view
    c = v.components
    out = ["You are watching as a spectator." if v.seat is None
           else f"You are seat {v.seat} of {v.players}."]
    final = " (a final turn)" if v.final_turn else ""
    turn = "your" if v.turn == v.seat else f"seat {v.turn}'s"
    if v.phase is not Phase.OVER:
        out.append(f"Round {v.round}: it is {turn} turn{final}.")
    out.append(_decision(v))
    if v.hand is not None:
        size = sum(n for _, n in _counted(v.hand))
        out.append(f"Your hand ({count(size, 'card')}): {_cards(v.hand)}." if size else "Your hand is empty.")
        out += [f"  {card_text(m, c)}" for m, _ in _counted(v.hand)]
    heap = v.scrapheap
    out.append(f"The materials deck has {count(v.deck_size, 'card')}."
               + (" It has been rebuilt once." if v.rebuilt else ""))
    if heap:
        out.append(f"The scrapheap has {count(len(heap), 'card')}, bottom to top: "
                   f"{listing(m.value for m in heap)}; {heap[-1].value} is on top.")
    else:
        out.append("The scrapheap is empty.")
    out.append(f"The gremlin deck has {count(v.gremlin_deck_size, 'card')}.")
    out.append("The threat area is empty." if not v.threat
               else f"In the threat area: {listing(_gremlin(GremlinCard(m.value)) for m in v.threat)}.")
    if v.gremlin_discard:
        out.append(f"Gremlin cards discarded: {listing(_gremlin(g) for g in v.gremlin_discard)}.")
    if _counted(v.removed):
        out.append(f"Removed from the game: {_cards(v.removed)}.")
    if v.wanderer_status is WandererStatus.SET_ASIDE:
        out.append("The Wandering Gremlin is set aside until the first launch.")
    elif v.wanderer_status is WandererStatus.GONE:
        out.append("The Wandering Gremlin has left the game.")
    else:
        holder = "You hold" if v.wanderer == v.seat else f"Seat {v.wanderer} holds"
        out.append(f"{holder} the Wandering Gremlin.")
    if v.no_eat:
        out.append("The Wandering Gremlin eats nothing at the end of this turn.")
    if v.finale:
        out.append(f"The finale is on: {count(v.final_turns, 'final turn')} to go.")
    if v.hand_emptied:
        out.append(f"{seat_possessive(v.turn, v.seat, start=True)} hand has been empty this turn: "
                   "six cards are drawn at its end.")
    for p in range(v.players):
        name = f"Seat {p} (you)" if p == v.seat else f"Seat {p}"
        out.append(f"{name}: {count(v.hand_sizes[p], 'card')} in hand; launch pad: "
                   f"{_rockets(v.pads[p], c)}; {_medals(v.medals[p], c)}; {count(v.scores[p], 'point')}.")
    return tuple(out)


def _acted(seat: int, action: Any, viewer: int | None) -> str:
    who = seat_subject(seat, viewer)
    their = seat_possessive(seat, viewer) if seat == viewer else "their"
    kind = type(action)
    if kind is DrawTwo:
        return f"{who} chose to draw two cards."
    if kind is TakeScrap:
        return f"{who} took from the scrapheap."
    if kind is EndTurn:
        return f"{who} ended the turn."
    m = getattr(action, "material", None)
    name = m.value if type(m) is Material else shown(m)
    a = article(name)
    lines = {
        Discard: f"{who} put {a} {name} card on the scrapheap.",
        Build: f"{who} built {a} {name} card onto {their} {name} rocket.",
        Launch: f"{who} launched {their} {name} rocket.",
        ChromeLaunch: f"{who} launched {their} {name} rocket with the chrome bribe.",
        Scrap: f"{who} scrapped {their} {name} rocket.",
        Bribe: f"{who} bribed the Wandering Gremlin with {a} {name} card.",
        Feed: f"{who} fed the Wandering Gremlin a card of {their} {name} rocket.",
    }
    return lines.get(kind, f"{who} acted.")


@guarded
def event_sentence(event: Any, seat: int | None, *, view: View | None = None) -> str:
    """What ``event`` (as ``observe_event`` gives it to ``seat``; None: a spectator) was, in one
    sentence: "You drew 2 cards: iron and rust.", "Seat 2 launched their iron rocket.".

    ``view`` (any view of the same table) is taken as in every game; this game's events name
    all they tell, so it is only checked."""
    if view is not None:
        check_type(view, View, "No Good Gremlins View")
    check_complete("event_sentence", event)
    if type(event) not in EVENT_TYPES:
        check_type(event, Acted, "No Good Gremlins event")
    e = event
    if type(e) is Acted:
        return _acted(e.seat, e.action, seat)
    if type(e) is Drawn:
        who = seat_subject(e.seat, seat)
        if e.cards is None:
            return f"{who} drew {count(e.count, 'card')}."
        return f"{who} drew {count(e.count, 'card')}: {listing(m.value for m in e.cards)}."
    if type(e) is Launched:
        rest = e.size - e.medals
        gone = f"; {count(rest, 'card')} left the game" if rest else ""
        return (f"{seat_possessive(e.seat, seat, start=True)} {e.material.value} rocket of "
                f"{count(e.size, 'card')} took off: {count(e.medals, 'medal')}{gone}.")
    if type(e) is RocketEaten:
        whose = seat_possessive(e.seat, seat)
        if e.by == "wandering_gremlin":
            return f"The Wandering Gremlin ate {count(e.cards, 'card')} of {whose} {e.material.value} rocket."
        return (f"A gremlin attack ate {whose} whole {e.material.value} rocket "
                f"({count(e.cards, 'card')}).")
    if type(e) is WandererMoved:
        if e.status is WandererStatus.GONE:
            return "The Wandering Gremlin left the game."
        if e.status is WandererStatus.SET_ASIDE or e.seat is None:
            return "The Wandering Gremlin was set aside."
        return f"The Wandering Gremlin moved to {seat_object(e.seat, seat)}."
    if type(e) is GremlinsRevealed:
        if not e.cards:
            return "The end of the round revealed no gremlin cards."
        return f"The end of the round revealed {listing(_gremlin(g) for g in e.cards)}."
    if type(e) is DeckRebuilt:
        return f"The materials deck was rebuilt with {count(e.size, 'card')}."
    if type(e) is FinaleBegan:
        return f"The finale began: {count(e.final_turns, 'final turn')} follow."
    if type(e) is RoundEnded:
        return f"Round {e.round} ended."
    if type(e) is TurnBegan:
        final = "final turn" if e.final else "turn"
        return f"{seat_possessive(e.seat, seat, start=True)} {final} began."
    if type(e) is GameEnded:
        scores = listing(f"{seat_object(p, seat)} {s}" for p, s in enumerate(e.scores))
        wins = listing(seat_object(w, seat) for w in e.winners)
        return f"The game ended. Points: {scores}. Won by {wins}."
    return "Something happened."  # pragma: no cover (every event type is answered above)
