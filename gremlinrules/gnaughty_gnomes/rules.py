"""The reference rules of Gnaughty Gnomes: one check and one effect per kind of decision.

This module is the rules as a rules lawyer reads them; speed lives in
:mod:`gremlinrules.gnaughty_gnomes.fast`, which the package exports by
default and the differential tests hold to this one. Get these rules with
``gremlinrules.get_game("gnaughty-gnomes", reference=True)`` or import
``legal_actions``, ``is_legal`` and ``apply`` from here.

A trick, in the order the rules run it:

* **Play** and **PlayX** (the turn's phase is :attr:`Phase.PLAY`): the position
  to act plays any card it may play, whatever was led (GG-PLAY-1): a held card,
  or for a dummy one of its face-up cards (GG-2P-2), decided by its partner
  (GG-2P-3). An X card is played declaring a rank 1-8 and high or low
  (GG-X-1). The fourth card ranks the trick (GG-TRICK-1, GG-TRICK-2, GG-X-2),
  scores the winner's point and pushes the four placements on the decision
  stack (GG-PLACE-1; see :mod:`gremlinrules.gnaughty_gnomes.flow`).
* **The Placement frame** (:mod:`gremlinrules.gnaughty_gnomes.frames`), one per
  turn-order place, winner first, answered by **Place** or **Flip**: the placing
  position uses one unflipped card of the trick, its own or anyone's (GG-PLACE-3,
  GG-PLACE-10), named by its colour (GG-PLACE-9), and puts a gnome on an open
  spot (GG-PLACE-7) touching a hex of that colour, where its place allows:
  place 1 an outer side only (GG-PLACE-2), places 2-3 an outer or inner side
  (GG-PLACE-4), place 4 a side or a corner (GG-PLACE-5, GG-PLACE-6). The white
  centre is no colour and its sides are outer (GG-SCORE-5). With no such spot it
  flips a card and places nothing (GG-PLACE-8). The placement scores at once
  (GG-SCORE-1 to GG-SCORE-5, in
  :func:`gremlinrules.gnaughty_gnomes.trick.score_placement`); the last one
  cleans up (GG-CLEAN-1 to GG-CLEAN-4).
"""

from __future__ import annotations

from typing import Any

from gremlinrules.core.errors import shown
from gremlinrules.core.evolve import make_replace
from gremlinrules.core.messages import message
from gremlinrules.core.rulebook import Decision
from gremlinrules.core.rulebook import Reason
from gremlinrules.core.rulebook import Rule
from gremlinrules.core.rulebook import RuleBook
from gremlinrules.core.step import Step
from gremlinrules.core.zones import remove_one
from gremlinrules.gnaughty_gnomes.actions import ACTIONS
from gremlinrules.gnaughty_gnomes.actions import Flip
from gremlinrules.gnaughty_gnomes.actions import Place
from gremlinrules.gnaughty_gnomes.actions import Play
from gremlinrules.gnaughty_gnomes.actions import PlayX
from gremlinrules.gnaughty_gnomes.board import IS_EDGE
from gremlinrules.gnaughty_gnomes.board import N_SPOTS
from gremlinrules.gnaughty_gnomes.board import SPOT_HEXES
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import X_RANK
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.events import CardFlipped
from gremlinrules.gnaughty_gnomes.events import CardPlayed
from gremlinrules.gnaughty_gnomes.events import GnomePlaced
from gremlinrules.gnaughty_gnomes.flow import clean_up
from gremlinrules.gnaughty_gnomes.flow import current_player
from gremlinrules.gnaughty_gnomes.flow import guarded
from gremlinrules.gnaughty_gnomes.flow import position_to_act
from gremlinrules.gnaughty_gnomes.flow import seat_of
from gremlinrules.gnaughty_gnomes.flow import trick_ranked
from gremlinrules.gnaughty_gnomes.frames import Placement
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import Played
from gremlinrules.gnaughty_gnomes.state import State
from gremlinrules.gnaughty_gnomes.state import team_masks
from gremlinrules.gnaughty_gnomes.trick import score_placement

__all__ = [
    "BOOK", "apply", "apply_with_events", "canonical", "check", "current_player", "is_legal", "legal_actions",
    "not_an_action",
    "playable", "position_to_act", "spot_allowed",
]

_replace = make_replace(State)
_CANONICAL: dict[Any, Play | PlayX | Place | Flip] = {a: a for a in ACTIONS}
_PLACE_NAMES = {1: "the trick winner", 2: "a middle place", 3: "a middle place", 4: "the trick loser"}
_PLACE_CLAUSES = {1: "GG-PLACE-2", 2: "GG-PLACE-4", 3: "GG-PLACE-4", 4: "GG-PLACE-5"}


def canonical(action: Any) -> Play | PlayX | Place | Flip | None:
    """The game's action equal to ``action``, or None when no action of the game equals it.

    Equality decides legality, so an action built from plain values that compares
    equal, such as ``Place("red", 3)``, acts exactly like ``Place(Colour.RED, 3)``.
    """
    try:
        return _CANONICAL.get(action)
    except Exception:  # an unhashable field, or a hash or == that fails: none of ours
        return None


def not_an_action(state: State, action: Any) -> Reason:
    """Why ``action`` is none of the game's 468 actions (GG-ACT-1), in the words of its clause."""
    if state.phase is Phase.OVER:
        return ("the game is over: eight tricks have been played", "GG-END-1")
    if type(action) is PlayX:
        return ("an X card is declared with a rank from 1 to 8 and high or low", "GG-X-1")
    card = getattr(action, "card", None)  # None for a Play built without its fields
    if type(action) is Play and isinstance(card, Card) and card.is_x:
        return ("play an X card with PlayX, declaring its rank and high or low", "GG-X-1")
    if type(action) is Place:
        return (message("gg.illegal.no-spot", "{action} names no spot of the garden for a suit",
                        action=shown(action)), "GG-BOARD-2")
    return _malformed(action)


# --- Playing a card (GG-PLAY-1, GG-X-1, GG-2P-2) ------------------------------------------

def playable(state: State, pos: int) -> tuple[Card, ...]:
    """Cards the position may play: any card in its hand, whatever was led (GG-PLAY-1), plus a
    dummy's face-up cards; a face-down dummy card never (GG-2P-2)."""
    return state.hands[pos] + tuple(up for _, up in state.piles[pos] if up is not None)


def _card_of(action: Play | PlayX) -> Card:
    return Card(action.suit, X_RANK) if isinstance(action, PlayX) else action.card


def check_play(state: State, action: Any) -> Reason | None:
    """A card is played only by the position to act, from what it may play (GG-PLAY-1);
    an X card only with a declared rank 1-8 (GG-X-1)."""
    canon: Any = canonical(action)  # one of the game's Play or PlayX: the screen refused the rest
    pos = position_to_act(state)
    card = _card_of(canon)
    if card not in playable(state, pos):
        return (message("gg.illegal.not-held", "position {position} holds no playable {card}",
                        position=pos, card=str(card)), "GG-PLAY-1")
    return None


def play(state: State, action: Any) -> Step[State]:
    """The card joins the trick from the hand or a dummy's face-up pile; the card under it
    waits for clean-up (GG-2P-4). An X card counts as its declared rank (GG-X-1). The fourth
    card ranks the trick and pushes the placements (GG-PLACE-1). Events: ``CardPlayed``, then
    the fourth card's ``TrickWon``."""
    canon: Any = canonical(action)  # legal, so one of the game's Play or PlayX actions
    pos = position_to_act(state)
    card = _card_of(canon)
    if isinstance(canon, PlayX):
        record = Played(pos, card, canon.rank, canon.high)
    else:
        record = Played(pos, card, card.rank)
    hands, piles = list(state.hands), list(state.piles)
    if card in state.hands[pos]:
        hands[pos] = remove_one(state.hands[pos], card)
    else:
        piles[pos] = tuple((down, None) if up is card else (down, up) for down, up in state.piles[pos])
    plays = (*state.plays, record)
    played = CardPlayed(seat_of(state.players, pos), pos, card, record.rank, record.high)
    state = _replace(state, hands=tuple(hands), piles=tuple(piles), plays=plays)
    if len(plays) < 4:
        return Step(state, (played,))
    ranked = trick_ranked(state, plays)
    return Step(ranked.state, (played, *ranked.events))


def play_choices(state: State) -> tuple[Play | PlayX, ...]:
    """The legal plays, generated from the check over every play action, in ``ACTIONS`` order."""
    return tuple(a for a in ACTIONS if isinstance(a, (Play, PlayX)) and check_play(state, a) is None)


# --- Placing a gnome (the Placement frame) ----------------------------------------------------

def spot_allowed(layout: tuple[Colour, ...], spot: int, suit: Colour, place: int, loser_vertex: str) -> bool:
    """Whether turn-order ``place`` may put a gnome on ``spot`` using a card of ``suit``.

    The coloured hexes a spot touches exclude the white centre, whose sides count
    as outer (GG-SCORE-5). An outer side touches one coloured hex, an inner side
    two (GG-BOARD-2).
    """
    coloured = SPOT_HEXES[spot]
    touches = any(layout[h] is suit for h in coloured)
    if IS_EDGE[spot]:
        if len(coloured) == 1:  # an outer side: every place may use it (GG-PLACE-2)
            return touches
        return touches and place >= 2  # an inner side: middle places and the loser (GG-PLACE-4)
    if place < 4:
        return False  # corners are the loser's alone (GG-PLACE-5)
    if loser_vertex == "any":  # GG-PLACE-6, option "any": any open corner
        return bool(coloured)
    return touches  # GG-PLACE-6: the corner touches the remaining colour


def unflipped_suits(state: State) -> tuple[Colour, ...]:
    """The colours of the trick's cards not yet used, in suit order (GG-PLACE-3); any of them
    may be chosen, whoever played it (GG-PLACE-10)."""
    left = {p.card.suit for p, used in zip(state.plays, state.flipped, strict=True) if not used}
    return tuple(s for s in SUITS if s in left)


def _spots(state: State, place: int, suits: tuple[Colour, ...]) -> tuple[Place, ...]:
    loser_vertex = state.options.loser_vertex
    gnomes = state.gnomes
    return tuple(Place(suit, spot) for suit in suits for spot in range(N_SPOTS)
                 if gnomes[spot] is None  # an open spot (GG-PLACE-7)
                 and spot_allowed(state.layout, spot, suit, place, loser_vertex))


def place_choices(state: State, frame: Placement) -> tuple[Place | Flip, ...]:
    """The placements of the frame's position, in ``ACTIONS`` order: Place by colour and spot;
    with none, the no-space reading (GG-PLACE-8): flip a card, after widening to the loser's
    spots with ``no_space="widen"``."""
    suits = unflipped_suits(state)
    if state.supply[frame.position] > 0:
        found = _spots(state, frame.place, suits)
        if not found and state.options.no_space == "widen":  # GG-PLACE-8, option "widen"
            found = _spots(state, 4, suits)
        if found:
            return found
    return tuple(Flip(s) for s in suits)


def refuse_place(state: State, frame: Placement, action: Any) -> Reason:
    """Why a Place or Flip that is not among the choices breaks the rules."""
    canon: Any = canonical(action)  # one of the game's Place or Flip: the screen refused the rest
    if canon.suit not in unflipped_suits(state):
        return (message("gg.illegal.no-unflipped-card", "no unflipped {suit} card remains in this trick",
                        suit=canon.suit.value), "GG-PLACE-3")
    if isinstance(canon, Flip):
        return ("a card may be flipped without placing only when no legal spot exists", "GG-PLACE-8")
    if state.gnomes[canon.spot] is not None:
        return (message("gg.illegal.spot-taken", "spot {spot} already holds a gnome", spot=canon.spot),
                "GG-PLACE-7")
    place = frame.place
    return (message("gg.illegal.spot-not-open", "spot {spot} is not open to {placer} for {suit}",
                    spot=canon.spot, placer=_PLACE_NAMES[place], suit=canon.suit.value),
            _PLACE_CLAUSES[place])


def resume_place(state: State, frame: Placement, action: Any) -> Step[State]:
    """Flip the first-played unflipped card of the named colour (GG-PLACE-9); a Place puts the
    team's gnome on the spot from the position's supply and scores it (GG-SCORE-1). After
    the fourth placement, clean up (GG-CLEAN-1). Events: ``GnomePlaced`` (with its points) or
    ``CardFlipped``, then the clean-up's."""
    canon: Any = canonical(action)  # one of the frame's choices: a Place or a Flip
    idx = next(i for i, p in enumerate(state.plays) if p.card.suit is canon.suit and not state.flipped[i])
    flipped = tuple(done or i == idx for i, done in enumerate(state.flipped))
    pos = frame.position
    event: GnomePlaced | CardFlipped
    if isinstance(canon, Place):
        team = pos % 2
        gnomes = tuple(team if s == canon.spot else g for s, g in enumerate(state.gnomes))
        supply = tuple(n - (p == pos) for p, n in enumerate(state.supply))
        points = score_placement(state.layout, state.track, gnomes, canon.spot, team)
        a, b = state.team_scores
        scores = (a + points, b) if team == 0 else (a, b + points)
        state = _replace(state, team_gnomes=team_masks(gnomes), supply=supply, team_scores=scores,
                         flipped=flipped)
        event = GnomePlaced(frame.seat, pos, frame.place, canon.suit, canon.spot, team, points)
    else:
        state = _replace(state, flipped=flipped)
        event = CardFlipped(frame.seat, pos, frame.place, canon.suit)
    if state.stack:
        return Step(state, (event,))
    cleaned = clean_up(state)
    return Step(cleaned.state, (event, *cleaned.events))


# --- The rule book ----------------------------------------------------------------------------

def _over(state: State) -> Reason | None:
    if state.phase is Phase.OVER:
        return ("the game is over: eight tricks have been played", "GG-END-1")
    return None


def _malformed(action: Any) -> Reason:
    return (message("gg.illegal.not-an-action", "{action} is not a Gnaughty Gnomes action",
                    action=shown(action)), "GG-ACT-1")


def _screen(state: State, action: Any) -> Reason | None:
    """Anything that is none of the game's 468 actions is refused for what it is (GG-ACT-1,
    GG-X-1, GG-BOARD-2) before any frame or rule is asked."""
    return not_an_action(state, action) if canonical(action) is None else None


BOOK: RuleBook[State] = RuleBook(
    title="Gnaughty Gnomes",
    state_type=State,
    rules=[Rule(Play, check_play, play), Rule(PlayX, check_play, play)],
    decisions=[Decision(
        kind=Placement, action=(Place, Flip), clause="GG-PLACE-1",
        prompt="place a gnome for the trick's turn order, using an unflipped card of the trick",
        choices=place_choices, resume=resume_place, refuse=refuse_place,
    )],
    over=_over,
    generate=play_choices,
    malformed=_malformed,
    screen=_screen,
)
"""The rules of Gnaughty Gnomes as one table."""

# The rule book's functions; a state of the right class that is incomplete or holds values of
# the wrong type is refused with InvalidArgumentError (``flow.guarded``).
check = guarded(BOOK.check)
"""Why ``action`` is illegal in ``state`` as (reason, clause id), or None when legal: anything
that is none of the game's 468 actions is refused for what it is (GG-ACT-1, GG-X-1,
GG-BOARD-2) whatever the state; every action of the game goes to the rule book."""
legal_actions = guarded(BOOK.legal_actions)
"""Every legal action, in the canonical order of ``ACTIONS`` (GG-ACT-1)."""
is_legal = guarded(BOOK.is_legal)
"""True exactly when ``action`` is in ``legal_actions(state)``."""
apply = guarded(BOOK.apply)
"""The state after ``action``; IllegalActionError (with its clause) if not legal."""
apply_with_events = guarded(BOOK.apply_with_events)
"""``apply(state, action)`` and the events it made, in order (see :mod:`.events`)."""
