"""Goblins vs Gnomes in sentences a person reads (issue 31): what a view shows (``view_lines``)
and what an event was for a seat (``event_sentence``), from the view or the event alone.

A tunnel card is named by its design name, as the action labels and the notation name it
(``passage-cross``), and described from its component data: its kind, its colour and its open
sides (turned half a turn where it was laid turned). A role card is named in words ("Greedy
One") with its race, and with advanced roles its character's bonus. Seats are "You" for the seat
itself and "Seat N" otherwise, as the action labels number them; cells are ``(x, y)`` as the
labels write them (the start at (0, 0), x growing towards the targets, y downward).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import Any

from gremlinrules.core.checks import check_complete
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.errors import shown
from gremlinrules.core.grid import SIDE_NAMES
from gremlinrules.core.grid import rotate_mask
from gremlinrules.core.words import article as _article
from gremlinrules.core.words import count as _count
from gremlinrules.core.words import listing
from gremlinrules.core.words import refusing
from gremlinrules.core.words import seat_object as _object
from gremlinrules.core.words import seat_possessive as _possessive
from gremlinrules.core.words import seat_subject as _subject
from gremlinrules.goblins_vs_gnomes.actions import SLOTS
from gremlinrules.goblins_vs_gnomes.actions import Slot
from gremlinrules.goblins_vs_gnomes.components import REFERENCE
from gremlinrules.goblins_vs_gnomes.components import Components
from gremlinrules.goblins_vs_gnomes.components import Design
from gremlinrules.goblins_vs_gnomes.events import EVENT_TYPES
from gremlinrules.goblins_vs_gnomes.events import CardDrawn
from gremlinrules.goblins_vs_gnomes.events import CardExploded
from gremlinrules.goblins_vs_gnomes.events import CardLaid
from gremlinrules.goblins_vs_gnomes.events import CardSwapped
from gremlinrules.goblins_vs_gnomes.events import Dealt
from gremlinrules.goblins_vs_gnomes.events import GameEnded
from gremlinrules.goblins_vs_gnomes.events import MapPlayed
from gremlinrules.goblins_vs_gnomes.events import Passed
from gremlinrules.goblins_vs_gnomes.events import RolesSwapped
from gremlinrules.goblins_vs_gnomes.events import RoundEnded
from gremlinrules.goblins_vs_gnomes.events import RoundScored
from gremlinrules.goblins_vs_gnomes.events import SkipNamed
from gremlinrules.goblins_vs_gnomes.events import StealChosen
from gremlinrules.goblins_vs_gnomes.events import TargetDeclined
from gremlinrules.goblins_vs_gnomes.events import TargetOpened
from gremlinrules.goblins_vs_gnomes.events import TurnSkipped
from gremlinrules.goblins_vs_gnomes.frames import SkipNaming
from gremlinrules.goblins_vs_gnomes.frames import StealChoice
from gremlinrules.goblins_vs_gnomes.frames import TargetChoice
from gremlinrules.goblins_vs_gnomes.notation import xy_of
from gremlinrules.goblins_vs_gnomes.state import Phase
from gremlinrules.goblins_vs_gnomes.view import View

__all__ = ["END_REASONS", "card_text", "event_sentence", "role_name", "role_text", "view_lines"]

def _listing(items: Iterable[str], *, empty: str = "nothing", last: str = "and") -> str:
    """:func:`~gremlinrules.core.words.listing` of names only: anything else (a shown hand of
    numbers) is a TypeError, which ``_REFUSING`` turns into InvalidArgumentError."""
    words = list(items)
    if not all(type(w) is str for w in words):
        raise TypeError("a list of names holds something else")
    return listing(words, empty=empty, last=last)


_REFUSING = refusing("Goblins vs Gnomes")
"""Refuses a value no game makes with InvalidArgumentError (:func:`~gremlinrules.core.words.refusing`)."""

END_REASONS: dict[str, str] = {
    "GVG-END-4": "A player reached 9 points, which ends the match.",
    "GVG-BOUND-1": "The round limit of the house rule was reached before anyone reached 9 points.",
}
"""Why a match ended, in words, by the clause ``end_reason`` names."""





# --- grammar ---------------------------------------------------------------------------------













def _their(seat: int | None, viewer: int | None) -> str:
    return "your" if seat is not None and seat == viewer else "their"


def _cell(cell: str) -> str:
    """``"2,-1"`` as the labels write it: "(2, -1)"."""
    try:
        x, y = xy_of(cell)
    except ValueError:
        return "a cell"
    return f"({x}, {y})"


# --- cards and roles -------------------------------------------------------------------------

@functools.lru_cache(maxsize=16)
def _tables(comps: Components) -> tuple[dict[str, Design], dict[str, str]]:
    """The designs by name and the race of each role card, of one component set."""
    return {d.name: d for d in comps.designs}, {r.name: r.race for r in comps.roles}


def _components(view: View | None) -> Components:
    comps = view.options.components if view is not None else None
    return REFERENCE if comps is None else comps


_SIDE_WORDS = dict(zip(SIDE_NAMES, ("north", "east", "south", "west"), strict=True))


def _sides(mask: int) -> str:
    """"open on all four sides", "open east and west"."""
    if mask == 0b1111:
        return "open on all four sides"
    return "open " + _listing(_SIDE_WORDS[s] for i, s in enumerate(SIDE_NAMES) if mask >> i & 1)


def _kind_text(d: Design) -> str:
    """What a card of the design's kind is and does (the rules of its kind, GVG-CARD-1 to
    GVG-CARD-4, GVG-ROUTE-3, GVG-TARGET-2)."""
    k, c = d.kind, d.colour
    if k == "passage":
        return "a passage"
    if k == "cave-in":
        return "a cave-in (the route does not pass through it)"
    if k == "door":
        return f"a {c} door (the route passes through it once it reaches a {c} key)"
    if k == "key":
        return f"a {c} key (it opens the {c} doors the route reaches from it)"
    if k == "lantern":
        return "a lantern (it can never be blown up)"
    if k == "bomb":
        return "a bomb (it leaves the field when the Dynamite opens)"
    if k == "ale-mug":
        return "an ale mug (whoever lays it names a player who skips their next turn)"
    if k == "map":
        return "a map (look at one face-down target in secret)"
    if k == "explosion":
        return "an explosion (remove a card from the field, but not the start, a lantern or a target)"
    if k == "potion":
        return "a potion (swap role cards with another player)"
    return f"{_article(k)} {k}"  # pragma: no cover (the loader knows every kind)


def card_text(design: Design, *, rotated: bool = False) -> str:
    """A card's rules text, from its component data alone: "passage-t-ew: a passage, open east,
    south and west." (the sides of a card laid turned half a turn, with ``rotated``)."""
    return f"{design.name}: {_card_rules(design, rotated=rotated)}."


def _card_rules(design: Design, *, rotated: bool = False) -> str:
    text = _kind_text(design)
    if design.edges:
        mask = rotate_mask(design.edges, 2) if rotated else design.edges
        text += f", {_sides(mask)}"
    return text


def _card(comps: Components, name: Any) -> str:
    """The card's name and rules text, or its name alone when the set has no such design."""
    design = _tables(comps)[0].get(name) if type(name) is str else None
    if design is None:
        return f"{_name(name)}."
    return card_text(design)


def _name(name: Any) -> str:
    return name if type(name) is str and 0 < len(name) <= 40 else "a card"


def _grouped(names: Iterable[str]) -> str:
    """Card names with their copies counted: "explosion (4 copies), map"."""
    counts: dict[str, int] = {}
    for n in names:
        counts[_name(n)] = counts.get(_name(n), 0) + 1
    return _listing(f"{n} ({k} copies)" if k > 1 else n for n, k in counts.items())


_SMALL = frozenset({"of", "the", "and", "a", "an", "in", "on"})


def role_name(role: str) -> str:
    """A role card's name in words: "greedy-one" is "Greedy One", "master-of-transformations"
    "Master of Transformations"."""
    if type(role) is not str or not role:
        return "a role card"
    words = role.replace("-", " ").replace("_", " ").split()
    return " ".join(w if i and w in _SMALL else w[:1].upper() + w[1:] for i, w in enumerate(words))


_BONUS = {
    "master-of-transformations": "1 extra point if you took part in a potion swap this round",
    "greedy-one": "when the Dragon opens, take 1 point from a player of your choice",
    "demolitionist": "1 extra point if the Dynamite opened this round",
    "driver": "1 extra point if the Gold or the Dragon opens along a path through no door",
    "pedant": "1 extra point if the deck is empty when the round ends",
    "king": "1 extra point if the Gold opens along a path through 3 ale mugs or more",
    "keymaster": "1 extra point if the Gold or the Dragon opens along a path through an open door",
    "jeweller": "1 extra point if the Gold opens",
}
"""The characters' bonuses with advanced roles (GVG-ADV-2 to GVG-ADV-10): the rules give them by
character, so a role card of a user's own set with another name has none."""


def role_text(role: str, comps: Components | None = None, *, advanced: bool = False) -> str:
    """A role card in words: "Greedy One (a Goblin)"; with ``advanced``, its character's bonus
    too: "Jeweller (a Gnome; bonus: 1 extra point if the Gold opens)"."""
    race = _tables(REFERENCE if comps is None else comps)[1].get(role)
    facts = [f"a {race.capitalize()}"] if race else []
    bonus = _BONUS.get(role) if advanced else None
    if bonus:
        facts.append(f"bonus: {bonus}")
    return role_name(role) + (f" ({'; '.join(facts)})" if facts else "")


def _roles(roles: Iterable[str], viewer: int | None, comps: Components) -> str:
    """Every seat's role card: "you: King (a Gnome); seat 1: Driver (a Goblin)"."""
    return "; ".join(f"{_object(s, viewer)}: {role_text(r, comps)}" for s, r in enumerate(roles))


def _target(identity: str | None) -> str:
    return f"the {identity.capitalize()}" if identity else "a target"


# --- the view --------------------------------------------------------------------------------

def _pending(view: View) -> str:
    v, me = view, view.seat
    if v.phase is Phase.OVER or v.current_player is None:
        if not v.winners:
            return "The match is over."
        wins = _listing(_object(w, me) for w in v.winners)
        return f"The match is over. {'The winners are' if len(v.winners) > 1 else 'The winner is'} {wins}."
    frame = v.pending
    if frame is None:
        return (f"{_subject(v.current_player, me)} must lay a tunnel card, play an action card, swap a "
                "card with the deck, or pass if no card can be played.")
    must = f"{_subject(frame.seat, me)} must"
    if type(frame) is SkipNaming:
        return f"{must} name the player who skips their next turn ({frame.card} was laid)."
    if type(frame) is TargetChoice:
        slots = _listing((f"the {s.value}" for s in frame.among), last="and")
        if frame.after_dynamite:
            them = "them" if len(frame.among) > 1 else "it"
            return (f"{must} choose whether to open another target the route reaches ({slots}) "
                    f"or leave {them} face down.")
        return f"{must} choose which target the route reached opens first: {slots}."
    if type(frame) is StealChoice:
        return f"{must} choose the player to take a point from (the Greedy One, after the Dragon)."
    return f"{_subject(frame.seat, me)} decides."  # pragma: no cover (every frame is answered)


def _targets(view: View, comps: Components) -> list[str]:
    out = []
    x, gap = comps.number("target_distance"), comps.number("target_gap") + 1
    for slot, y in zip(SLOTS, (-gap, 0, gap), strict=True):
        t = getattr(view.targets, slot.value)
        where = f"The {slot.value} target, at ({x}, {y}),"
        if t.opened:
            out.append(f"{where} is face up: {_target(t.card)}.")
        elif t.card is not None:
            out.append(f"{where} is face down; you looked at it: it is {_target(t.card)}.")
        else:
            out.append(f"{where} is face down.")
    return out


def _field(view: View, comps: Components) -> list[str]:
    if not view.field:
        return ["The field holds only the start card at (0, 0)."]
    out = [f"The field holds the start card at (0, 0) and {_count(len(view.field), 'tunnel card')}:"]
    for f in view.field:
        design = _tables(comps)[0].get(f.card)
        rules = f": {_card_rules(design, rotated=f.rotated)}" if design is not None else ""
        out.append(f"  {_cell(f.cell)}: {_name(f.card)}{', laid turned' if f.rotated else ''}{rules}.")
    return out


def _result(result: str | None) -> str:
    return {"gold": "the Gold opened", "dragon": "the Dragon opened",
            "dynamite": "only the Dynamite opened", "none": "no target opened"}.get(result or "", "it ended")


def _seat_line(view: View, seat: int) -> str:
    v = view
    name = f"Seat {seat} (you)" if seat == v.seat else f"Seat {seat}"
    parts = [_count(v.scores[seat], "point"), f"{_count(v.hand_sizes[seat], 'card')} in hand"]
    if v.options.bounded and seat < len(v.swaps_used):
        parts.append(f"{v.swaps_used[seat]} of {_count(v.options.swap_limit, 'swap')} used this round")
    if seat < len(v.skips) and v.skips[seat]:
        parts.append(f"skips {'their' if seat != v.seat else 'your'} next {_count(v.skips[seat], 'turn')}")
    if v.first_out == seat:
        parts.append("ran out of cards first")
    if v.shown_roles is not None and seat < len(v.shown_roles):
        role = role_text(v.shown_roles[seat], _components(v), advanced=v.options.advanced_roles)
        parts.append(f"role card {role}")
    return f"{name}: {'; '.join(parts)}."


@_REFUSING
@guarded
def view_lines(view: View) -> tuple[str, ...]:
    """What ``view`` shows, in sentences: who is looking and their role card, the match's end,
    whose turn it is and the decision pending, the viewer's hand with each card's rules text, the
    targets, the field, the deck, what this round showed (maps, potions, hands, the discards), and
    each seat's points and hand (GVG-VIEW-1 to GVG-VIEW-4: only what the view holds)."""
    check_type(view, View, "Goblins vs Gnomes View")
    v, me = view, view.seat
    comps = _components(v)
    adv = v.options.advanced_roles
    out = [f"You are watching {v.players} players as a spectator." if me is None
           else f"You are seat {me} of {v.players}."]
    if v.role is not None:
        out.append(f"Your role card: {role_text(v.role, comps, advanced=adv)}.")
    for known in v.known_roles:
        role = role_text(known.role, comps, advanced=adv)
        out.append(f"From a potion swap you know {_object(known.seat, me)} holds {role}.")
    goal = f"The match is won by the first player to reach {comps.number('winning_points')} points"
    if v.options.bounded:
        goal += f", or ends after round {v.options.round_limit} (a house rule)"
    out.append(goal + ".")
    if v.phase is not Phase.OVER:
        starter = "you" if v.round_starter == me else f"seat {v.round_starter}"
        turn = "your" if v.turn == me else f"seat {v.turn}'s"
        out.append(f"Round {v.round}, begun by {starter}: it is {turn} turn.")
    out.append(_pending(v))
    if v.passes:
        out.append(f"{_count(v.passes, 'player')} passed in a row since the last card was played or swapped.")
    if v.hand is not None:
        if v.hand:
            out.append(f"Your hand ({_count(len(v.hand), 'card')}):")
            out += [f"  {_card(comps, c)}" for c in v.hand]
        else:
            out.append("Your hand is empty.")
    for seat_card in v.known_cards:
        out.append(f"You know {_object(seat_card.seat, me)} holds {seat_card.card}.")
    out += _targets(v, comps)
    out += _field(v, comps)
    out.append(f"The deck has {_count(v.deck_size, 'card')}; {_count(v.boxed_count, 'role card')} "
               f"{'was' if v.boxed_count == 1 else 'were'} left in the box this round.")
    for placed in v.deck_placed:
        what = placed.card if placed.card is not None else "a card"
        out.append(f"{_subject(placed.seat, me)} put {what} under the deck; it is card {placed.position + 1} "
                   "from the top.")
    for peek in v.peeks:
        out.append(f"{_subject(peek.seat, me)} looked at the {peek.target.value} target with a map.")
    for swap in v.potions:
        out.append(f"{_subject(swap.seat, me)} swapped role cards with {_object(swap.chosen, me)}.")
    if v.discard:
        out.append(f"Out of the round: {_grouped(v.discard)}.")
    if v.last_result is not None:
        roles = _roles(v.last_roles, me, comps)
        out.append(f"Last round, {_result(v.last_result)}. The role cards were {roles}.")
    out += [_seat_line(v, seat) for seat in range(v.players)]
    return tuple(out)


# --- events ----------------------------------------------------------------------------------

def _change(seat: int, delta: int, now: int, viewer: int | None) -> str:
    who = _object(seat, viewer)
    if delta > 0:
        return f"{who} gained {_count(delta, 'point')} ({now} now)"
    if delta < 0:
        return f"{who} lost {_count(-delta, 'point')} ({now} now)"
    return f"{who} stayed at {_count(now, 'point')}"


@_REFUSING
@guarded
def event_sentence(event: Any, seat: int | None, *, view: View | None = None) -> str:
    """What ``event`` (as ``observe_event`` gives it to ``seat``; None: a spectator) was, in one
    sentence: "Seat 2 laid passage-cross at (1, 0).", "You looked at the top target with a map:
    it is the Gold.". A role is described from the reference set's roles unless ``view`` (any view
    of the same table) gives the table's own."""
    check_complete("event_sentence", event)
    if type(event) not in EVENT_TYPES:
        raise InvalidArgumentError(f"{shown(event)} is not a Goblins vs Gnomes event")
    if view is not None:
        check_type(view, View, "Goblins vs Gnomes View")
    comps = _components(view)
    e = event
    kind = type(e)
    who = _subject(getattr(e, "seat", None), seat)
    if kind is Dealt:
        if e.role is None or e.hand is None:
            got = _count(e.hand_size, "card")
            return f"Round {e.round}: {_object(e.seat, seat)} got a role card and {got}."
        hand = _listing(e.hand, empty="no cards")
        return (f"Round {e.round}: {_possessive(e.seat, seat)} role card is {role_text(e.role, comps)}, and "
                f"{_object(e.seat, seat)} got {hand}.")
    if kind is CardLaid:
        turned = ", turned" if e.rotated else ""
        return f"{who} laid {e.card} at {_cell(e.cell)}{turned}."
    if kind is MapPlayed:
        seen = f": it is {_target(e.card)}" if e.card is not None else ""
        return f"{who} looked at the {e.target.value} target with a map{seen}."
    if kind is CardExploded:
        return f"{who} blew up the {e.card} at {_cell(e.cell)} with an explosion."
    if kind is RolesSwapped:
        other = _object(e.chosen, seat)
        text = f"{who} drank a potion and swapped role cards with {other}"
        if e.role is not None and e.chosen_role is not None:
            text += (f": {_object(e.seat, seat)} now {'hold' if e.seat == seat else 'holds'} "
                     f"{role_text(e.role, comps)}, {other} {'hold' if e.chosen == seat else 'holds'} "
                     f"{role_text(e.chosen_role, comps)}")
        return text + "."
    if kind is CardSwapped:
        return f"{who} put {e.card if e.card is not None else 'a card'} under the deck and drew one."
    if kind is CardDrawn:
        card = e.card if e.card is not None else "a card"
        if e.placed_by is None:
            return f"{who} drew {card}."
        return f"{who} drew {card}, which {_object(e.placed_by, seat)} had put under the deck."
    if kind is Passed:
        hand = _listing(e.hand, empty="an empty hand")
        return f"{who} could not play, so passed and showed {_their(e.seat, seat)} hand: {hand}."
    if kind is SkipNamed:
        if e.skipper == e.seat:
            return f"{who} named {'yourself' if e.seat == seat else 'themselves'} to skip the next turn."
        return f"{who} named {_object(e.skipper, seat)} to skip {_their(e.skipper, seat)} next turn."
    if kind is TurnSkipped:
        return f"{_possessive(e.seat, seat, start=True)} turn was skipped (an ale mug)."
    if kind is TargetOpened:
        whose = _possessive(e.seat, seat, start=True)
        text = f"{whose} card reached the {e.target.value} target: it is {_target(e.card)}"
        if e.bombs:
            text += f"; the bombs left the field: {_listing(f'{b.card} at {_cell(b.cell)}' for b in e.bombs)}"
        return text + "."
    if kind is TargetDeclined:
        slots = _listing(f"the {s.value}" for s in e.targets if type(s) is Slot)
        plural = "s" if len(e.targets) > 1 else ""
        return f"{who} left the target{plural} the route reaches face down: {slots}."
    if kind is StealChosen:
        return f"{who} chose to take a point from {_object(e.victim, seat)}."
    if kind is RoundEnded:
        roles = _roles(e.roles, seat, comps)
        return f"Round {e.round} ended: {_result(e.result)}. The role cards were {roles}."
    if kind is RoundScored:
        pairs = zip(e.changes, e.scores, strict=False)
        changes = _listing(_change(s, d, n, seat) for s, (d, n) in enumerate(pairs))
        return f"Round {e.round} scored: {changes}."
    if kind is GameEnded:
        points = _listing(f"{p} for {_object(s, seat)}" for s, p in enumerate(e.scores))
        return f"The match ended. Points: {points}. Won by {_listing(_object(w, seat) for w in e.winners)}."
    return "Something happened on the table."  # pragma: no cover (every event type is answered)
