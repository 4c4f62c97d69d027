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

from gremlinrules.core.cache import BoundedCache
from gremlinrules.core.checks import check_seat, check_type, is_int
from gremlinrules.core.decisions import Frame
from gremlinrules.core.zones import next_seat
from gremlinrules.goblins_vs_gnomes.actions import (
    NameSkip,
    OpenTarget,
    Pass,
    Place,
    PlayExplosion,
    PlayMap,
    PlayPotion,
    Slot,
    Steal,
    Swap,
)
from gremlinrules.goblins_vs_gnomes.state import STEAL, Options, Phase, State, Tile

__all__ = ["View", "ViewOptions", "describe", "is_terminal", "known_roles", "observe", "players",
           "scores", "winners"]

_NAME = "Goblins vs Gnomes State"


@attrs.frozen(slots=True)
class ViewOptions:
    """The options as a view shows them: every reading of the rules, without the component set.

    The set (GVG-COMP-7) is public but fixed for the whole match, so a view leaves it out, as it
    leaves out the reference set; ``options.components`` of the game holds it.
    """

    advanced_roles: bool
    rotation: bool
    bounded: bool
    swap_limit: int
    round_limit: int
    no_target: str


_READINGS = tuple(f.name for f in attrs.fields(ViewOptions))
_VIEWED: BoundedCache[Options, ViewOptions] = BoundedCache("goblins-vs-gnomes view options", 256)


def _readings(options: Options) -> ViewOptions:
    got = _VIEWED.get(options)
    if got is None:
        got = _VIEWED.put(options, ViewOptions(*(getattr(options, n) for n in _READINGS)))
    return got


@attrs.frozen(slots=True)
class View:
    """One seat's view of the game."""

    seat: int
    players: int
    options: ViewOptions
    round: int
    round_starter: int
    turn: int
    phase: Phase
    points: tuple[int, ...]
    winners: tuple[int, ...]
    role: str
    """This seat's role card."""
    known_roles: tuple[tuple[int, str], ...]
    """Other seats' role cards this seat saw change hands through a Potion."""
    boxed_count: int
    """How many role cards were left in the box this round."""
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    known_cards: tuple[tuple[int, str], ...]
    """(seat, card): cards this seat knows are in other hands (shown hands, its own
    swapped cards drawn by others)."""
    deck_size: int
    deck_known: tuple[tuple[int, str], ...]
    """(position from the top, card) for cards this seat put under the deck."""
    deck_placed: tuple[int, ...]
    """Per deck position from the top: the seat that put it there, or -1 (public)."""
    field: tuple[Tile, ...]
    discard: tuple[str, ...]
    targets: tuple[str | None, ...]
    """Each target's identity if face up or peeked at by this seat, else None."""
    opened: tuple[bool, ...]
    peeks: tuple[tuple[int, int], ...]
    potions: tuple[tuple[int, int], ...]
    skips: tuple[int, ...]
    passes: int
    swaps_used: tuple[int, ...]
    first_out: int
    pending: Frame | None
    """The decision waiting on top of the stack (all frames are public), or None."""
    shown_roles: tuple[str, ...]
    """Every seat's role card once the round is over (Greedy One's choice, match end), else ()."""
    last_roles: tuple[str, ...]
    last_result: str


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


def observe(state: State, player: int) -> View:
    """Exactly what ``player`` may know now."""
    check_type(state, State, _NAME)
    p = check_seat(player, state.players)
    peeked = {slot for s, slot in state.peeks if s == p}
    targets = tuple(
        state.targets[i] if state.opened[i] or i in peeked else None
        for i in range(3)
    )
    return View(
        seat=p, players=state.players, options=_readings(state.options), round=state.round,
        round_starter=state.round_starter, turn=state.turn, phase=state.phase,
        points=state.points, winners=state.winners, role=state.roles[p],
        known_roles=known_roles(state, p), boxed_count=len(state.boxed), hand=state.hands[p],
        hand_sizes=tuple(len(h) for h in state.hands), known_cards=state.known_cards[p],
        deck_size=len(state.deck),
        deck_known=tuple((i, c) for i, (c, o) in enumerate(zip(state.deck, state.deck_owner, strict=True))
                         if o == p),
        deck_placed=state.deck_owner, field=state.field, discard=state.discard,
        targets=targets, opened=state.opened, peeks=state.peeks, potions=state.potions,
        skips=state.skips, passes=state.passes, swaps_used=state.swaps_used,
        first_out=state.first_out, pending=state.stack[-1] if state.stack else None,
        last_roles=state.last_roles, shown_roles=state.roles if round_over(state) else (),
        last_result=state.last_result,
    )


def round_over(state: State) -> bool:
    """True once the round's roles are shown: the match is over, or the Greedy One chooses
    (GVG-SCORE-9)."""
    return state.phase is Phase.OVER or (bool(state.stack) and state.stack[-1].kind == STEAL)


def players(state: State) -> int:
    """The number of seats."""
    check_type(state, State, _NAME)
    return state.players


def is_terminal(state: State) -> bool:
    """True once a seat reached 9 points, or the round limit is reached (GVG-END-4)."""
    check_type(state, State, _NAME)
    return state.phase is Phase.OVER


def scores(state: State) -> tuple[int, ...]:
    """Each seat's victory points."""
    check_type(state, State, _NAME)
    return state.points


def winners(state: State) -> tuple[int, ...]:
    """The winning seat(s); empty until the match is over (GVG-SCORE-5, GVG-BOUND-1)."""
    check_type(state, State, _NAME)
    return state.winners


def describe(state: State, action: Any) -> str:
    """One readable line for ``action`` taken in ``state`` (by the seat that decides)."""
    check_type(state, State, _NAME)
    seat = state.stack[-1].seat if state.stack else state.turn
    who = f"Seat {seat}"

    def other(offset: int) -> int:
        return next_seat(seat, state.players, offset)

    if isinstance(action, Place):
        turned = ", turned" if action.rotated is True else ""
        return f"{who} lays {action.card} on ({action.x}, {action.y}){turned}"
    if isinstance(action, PlayMap) and isinstance(action.target, Slot):
        return f"{who} plays a Map and looks at the {action.target.value} target"
    if isinstance(action, PlayExplosion):
        return f"{who} blows up the {action.card} on ({action.x}, {action.y})"
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
    if isinstance(action, Steal) and is_int(action.offset):
        return f"{who} (the Greedy One) steals a point from seat {other(action.offset)}"
    return f"{who}: {action!r}"
