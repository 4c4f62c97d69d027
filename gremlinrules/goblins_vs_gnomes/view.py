"""What one seat may know (GVG-VIEW-1 to GVG-VIEW-4).

Public: the field, the discards, counters, hand sizes, the deck size, which
seat peeked at which target, who swapped roles with whom, shown hands, skips.
Private to the seat: its hand, its role, the targets it peeked at, roles it
learned through a Potion swap, and the cards it put under the deck. Never the
generator, the deck order, other roles or unrevealed targets.
"""

from __future__ import annotations

from typing import Any

import attrs

from gremlinrules.core.checks import check_seat
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.checks import is_int
from gremlinrules.core.errors import shown
from gremlinrules.core.registry import draw
from gremlinrules.core.turns import game_over
from gremlinrules.core.turns import seat_count
from gremlinrules.core.zones import next_seat
from gremlinrules.goblins_vs_gnomes.actions import SLOTS
from gremlinrules.goblins_vs_gnomes.actions import DeclineTarget
from gremlinrules.goblins_vs_gnomes.actions import NameSkip
from gremlinrules.goblins_vs_gnomes.actions import OpenTarget
from gremlinrules.goblins_vs_gnomes.actions import Pass
from gremlinrules.goblins_vs_gnomes.actions import Place
from gremlinrules.goblins_vs_gnomes.actions import PlayExplosion
from gremlinrules.goblins_vs_gnomes.actions import PlayMap
from gremlinrules.goblins_vs_gnomes.actions import PlayPotion
from gremlinrules.goblins_vs_gnomes.actions import Slot
from gremlinrules.goblins_vs_gnomes.actions import Steal
from gremlinrules.goblins_vs_gnomes.actions import Swap
from gremlinrules.goblins_vs_gnomes.frames import PendingFrame
from gremlinrules.goblins_vs_gnomes.frames import StealChoice
from gremlinrules.goblins_vs_gnomes.notation import FieldCard
from gremlinrules.goblins_vs_gnomes.notation import Peek
from gremlinrules.goblins_vs_gnomes.notation import PotionSwap
from gremlinrules.goblins_vs_gnomes.notation import SeatCard
from gremlinrules.goblins_vs_gnomes.notation import SeatRole
from gremlinrules.goblins_vs_gnomes.notation import Targets
from gremlinrules.goblins_vs_gnomes.notation import field_card
from gremlinrules.goblins_vs_gnomes.notation import targets_of
from gremlinrules.goblins_vs_gnomes.setup import WIN
from gremlinrules.goblins_vs_gnomes.state import Options
from gremlinrules.goblins_vs_gnomes.state import Phase
from gremlinrules.goblins_vs_gnomes.state import State

__all__ = ["DeckCard", "View", "describe", "is_terminal", "known_roles", "observe", "players",
           "scores", "winners"]

_NAME = "Goblins vs Gnomes State"


@attrs.frozen(slots=True)
class View:
    """The table as one seat sees it (GVG-VIEW-1 to GVG-VIEW-4), or a spectator's (``seat``
    None: public information only). The first eight fields are the same in every game; cells
    are ``"x,y"`` text, targets and slots are named, and "nobody" is None (see
    :mod:`.notation`)."""

    seat: int | None
    """The seat this view belongs to; None for a spectator."""
    players: int
    current_player: int | None
    """The seat that decides now (a frame's seat, else the turn owner); None once the match is over."""
    phase: Phase
    pending: PendingFrame | None
    """The decision waiting on top of the stack (all frames are public,
    :mod:`gremlinrules.goblins_vs_gnomes.frames`), or
    None."""
    scores: tuple[int, ...]
    """Each seat's points (the counters are public)."""
    winners: tuple[int, ...]
    """Empty until the match is over."""
    options: Options
    """The table's options (a user's own component set included, when given)."""
    round: int
    round_starter: int
    """The seat that began this round."""
    turn: int
    """The seat whose turn it is."""
    role: str | None
    """This seat's role card; None for a spectator."""
    known_roles: tuple[SeatRole, ...]
    """Other seats' role cards this seat saw change hands through a Potion (GVG-VIEW-2)."""
    shown_roles: tuple[str, ...] | None
    """Every seat's role card once the round is over (the Greedy One chooses, or the match
    ended), else None."""
    boxed_count: int
    """How many role cards were left in the box this round."""
    hand: tuple[str, ...] | None
    """This seat's hand, sorted; None for a spectator."""
    hand_sizes: tuple[int, ...]
    known_cards: tuple[SeatCard, ...]
    """Cards this seat knows are in other hands (shown hands; its own cards put under the deck
    and drawn by others); empty for a spectator (the ``Passed`` events show the hands)."""
    deck_size: int
    deck_placed: tuple[DeckCard, ...]
    """The cards in the deck that a seat put under it (public: who put which), top first; the
    card is named only to the seat that put it there."""
    field: tuple[FieldCard, ...]
    """Tunnel cards on the field, row by row; the start (``"0,0"``) and the targets are fixed."""
    discard: tuple[str, ...]
    targets: Targets
    """Each target's identity if face up or looked at by this seat, else None."""
    peeks: tuple[Peek, ...]
    """Who looked at which target with a Map this round, in order."""
    potions: tuple[PotionSwap, ...]
    """Who swapped role cards with whom this round, in order."""
    skips: tuple[int, ...]
    """Turns each seat must still skip (Ale Mug)."""
    passes: int
    """Passes in a row since the last card was played or swapped."""
    swaps_used: tuple[int, ...]
    first_out: int | None
    """The first seat to run out of cards this round, or None."""
    last_roles: tuple[str, ...]
    """Each seat's role at the end of the previous round (shown to score it); empty before."""
    last_result: str | None
    """How the previous round ended: gold, dragon, dynamite or none; None before the first."""

    def _repr_svg_(self) -> str:
        """This view's picture, for notebooks (see :mod:`gremlinrules.svg`)."""
        return draw(self)  # the drawer the top level installs in the core (drawing is optional)


@attrs.frozen(slots=True)
class DeckCard:
    """A card a seat put under the deck, still in it."""

    position: int
    """Its place from the top of the deck (0 the top)."""
    seat: int
    """The seat that put it there."""
    card: str | None
    """The card, for that seat only; else None."""


def known_roles(state: State, seat: int) -> tuple[tuple[int, str], ...]:
    """Other seats' roles ``seat`` knows, replaying this round's Potion swaps (GVG-VIEW-2)."""
    if not state.potions:
        return ()
    roles = list(state.roles)
    for a, b in reversed(state.potions):  # undo the swaps: the roles as dealt
        roles[a], roles[b] = roles[b], roles[a]
    known: dict[int, str] = {}
    for a, b in state.potions:
        ra, rb = roles[a], roles[b]
        known = {(b if s == a else a if s == b else s): r for s, r in known.items()}
        if seat == a:
            known[b] = ra
        elif seat == b:
            known[a] = rb
        known.pop(seat, None)
        roles[a], roles[b] = rb, ra
    return tuple(sorted(known.items()))


@guarded
def observe(state: State, player: int | None) -> View:
    """Exactly what ``player`` may know now; with ``player`` None, what a spectator may know
    (no hand, no role, no peeked target, no card under the deck)."""
    check_type(state, State, _NAME)
    p = None if player is None else check_seat(player, state.players)
    peeked = {slot for s, slot in state.peeks if s == p}
    t, opened = state.targets, state.opened
    targets = targets_of(tuple(t[i] if opened[i] or i in peeked else None for i in range(3)), opened)
    over = state.phase is Phase.OVER
    slots = SLOTS
    # A spectator is told no hand: what seats know of others' hands mixes shown hands with
    # cards one seat put under the deck, and only the latter are private (GVG-VIEW-4).
    known = () if p is None else tuple(SeatCard(s, c) for s, c in state.known_cards[p])
    return View(
        seat=p, players=state.players,
        current_player=None if over else (state.stack[-1].seat if state.stack else state.turn),
        phase=state.phase, pending=state.stack[-1] if state.stack else None,
        scores=state.points, winners=state.winners, options=state.options, round=state.round,
        round_starter=state.round_starter, turn=state.turn,
        role=None if p is None else state.roles[p],
        known_roles=() if p is None else tuple(SeatRole(s, r) for s, r in known_roles(state, p)),
        shown_roles=state.roles if round_over(state) else None, boxed_count=len(state.boxed),
        hand=None if p is None else state.hands[p], hand_sizes=tuple(len(h) for h in state.hands),
        known_cards=known, deck_size=len(state.deck),
        deck_placed=tuple(DeckCard(i, o, c if o == p else None)
                          for i, (c, o) in enumerate(zip(state.deck, state.deck_owner, strict=True))
                          if o >= 0),
        field=tuple(field_card(x) for x in state.field), discard=state.discard, targets=targets,
        peeks=tuple(Peek(s, slots[i]) for s, i in state.peeks),
        potions=tuple(PotionSwap(a, b) for a, b in state.potions), skips=state.skips,
        passes=state.passes, swaps_used=state.swaps_used,
        first_out=None if state.first_out < 0 else state.first_out,
        last_roles=state.last_roles, last_result=state.last_result or None,
    )


def round_over(state: State) -> bool:
    """True once the round's roles are shown: the match is over, or the Greedy One chooses
    (GVG-SCORE-9)."""
    return state.phase is Phase.OVER or (bool(state.stack) and type(state.stack[-1]) is StealChoice)


players = seat_count(State, _NAME, __name__)


is_terminal = game_over(State, Phase.OVER, __name__, "True once a seat reached 9 points, or the round "
                        "limit is reached (GVG-END-4).")


@guarded
def scores(state: State) -> tuple[int, ...]:
    """Each seat's victory points."""
    check_type(state, State, _NAME)
    return state.points


@guarded
def winners(state: State) -> tuple[int, ...]:
    """The winning seat(s); empty until the match is over (GVG-SCORE-5, GVG-BOUND-1)."""
    check_type(state, State, _NAME)
    return state.winners


@guarded
def end_reason(state: State) -> str | None:
    """The clause that ended the match: a seat reached 9 points (GVG-END-4), or the round limit
    of the house rule (GVG-BOUND-1); None while it goes on."""
    check_type(state, State, _NAME)
    if state.phase is not Phase.OVER:
        return None
    return "GVG-END-4" if max(state.points) >= WIN else "GVG-BOUND-1"


def _short(value: Any) -> Any:
    """A caller's card name or coordinate as given when it is short, else shown short (issue 13)."""
    if (type(value) is str and len(value) <= 40) or (is_int(value) and -(10**9) < value < 10**9):
        return value
    return shown(value)


@guarded
def describe(state: State, action: Any) -> str:
    """One readable line for ``action`` taken in ``state`` (by the seat that decides)."""
    check_type(state, State, _NAME)
    seat = state.stack[-1].seat if state.stack else state.turn
    who = f"Seat {seat}"

    def other(offset: int) -> int:
        return next_seat(seat, state.players, offset)

    if isinstance(action, Place):
        turned = ", turned" if action.rotated is True else ""
        return f"{who} lays {_short(action.card)} on ({_short(action.x)}, {_short(action.y)}){turned}"
    if isinstance(action, PlayMap) and isinstance(action.target, Slot):
        return f"{who} plays a Map and looks at the {action.target.value} target"
    if isinstance(action, PlayExplosion):
        return f"{who} blows up the {_short(action.card)} on ({_short(action.x)}, {_short(action.y)})"
    if isinstance(action, PlayPotion) and is_int(action.offset):
        return f"{who} drinks a Potion and swaps role cards with seat {other(action.offset)}"
    if isinstance(action, Swap):
        return f"{who} puts a card under the deck and draws"
    if isinstance(action, Pass):
        return f"{who} cannot play, shows their hand and passes"
    if isinstance(action, NameSkip) and is_int(action.offset):
        return f"{who} names seat {other(action.offset)} to skip their next turn"
    if isinstance(action, OpenTarget) and isinstance(action.target, Slot):
        return f"{who} opens the {action.target.value} target first"
    if isinstance(action, DeclineTarget):
        return f"{who} leaves the other target face down"
    if isinstance(action, Steal) and is_int(action.offset):
        return f"{who} (the Greedy One) steals a point from seat {other(action.offset)}"
    return f"{who}: {shown(action)}"
