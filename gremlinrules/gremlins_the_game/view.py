"""What one seat may see (GTG-VIEW-1), the scores and winners, and readable descriptions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from gremlinrules.core.checks import check_seat
from gremlinrules.core.checks import check_type
from gremlinrules.core.checks import guarded
from gremlinrules.core.errors import shown
from gremlinrules.core.registry import draw
from gremlinrules.gremlins_the_game.actions import Choose
from gremlinrules.gremlins_the_game.actions import Defeat
from gremlinrules.gremlins_the_game.actions import Discard
from gremlinrules.gremlins_the_game.actions import LetEscape
from gremlinrules.gremlins_the_game.actions import Move
from gremlinrules.gremlins_the_game.components import tables
from gremlinrules.gremlins_the_game.frames import Fight
from gremlinrules.gremlins_the_game.frames import PendingFrame
from gremlinrules.gremlins_the_game.geometry import geometry
from gremlinrules.gremlins_the_game.state import Options
from gremlinrules.gremlins_the_game.state import Outcome
from gremlinrules.gremlins_the_game.state import Phase
from gremlinrules.gremlins_the_game.state import State

__all__ = ["SeenGremlin", "View", "describe", "everyone_lost", "observe", "scores", "seen_frame", "winners"]


@attrs.frozen(slots=True)
class SeenGremlin:
    """A gremlin token on the board as a seat sees it: a face-down one has no ``gremlin``."""

    space: str
    gremlin: str | None
    """The token's design name when face up (GTG-VIEW-2: ``red-square-1pt``, ``stripe``); None
    when face down (unknown to everyone)."""
    face_up: bool
    from_pool: bool = False
    """A face-down token placed from the pool after setup (it may be Stripe; one placed at setup
    is not)."""


@attrs.frozen(slots=True)
class View:
    """The table as one seat sees it (GTG-VIEW-1), or a spectator: positions, tokens and face-up
    gremlins are public; face-down gremlins are unknown to everyone; hands are private. A
    gremlin is named by its design (GTG-VIEW-2), as a person reads it off the token: identical
    tokens look alike here too."""

    seat: int | None
    """The seat this view belongs to; None for a spectator."""
    players: int
    current_player: int | None
    phase: Phase
    pending: PendingFrame | None
    """The pending decision (every frame of this game is public; a Fight's ``gremlin`` is
    its design name, GTG-VIEW-2)."""
    scores: tuple[int, ...]
    """Each seat's Gremlin Points (defeated gremlins are public)."""
    winners: tuple[int, ...]
    """Empty until the game is over, and empty at the end when the gremlins won."""
    gremlins_won: bool
    """GTG-VARIANT-1: the game is over under the Challenging Variant with Stripe undefeated, so
    every player has lost."""
    options: Options
    """The table's options; ``options.components`` is a user's own component set, or None for the
    reference set (``gremlinrules.gremlins_the_game.REFERENCE``, the same for every table), so a
    view does not repeat the 36 tokens and 60 cards at every step."""
    map: str
    """The name of the map the table plays on."""
    outcome: Outcome
    turn: int
    turn_number: int
    first_player: int
    positions: tuple[str, ...]
    free_move: tuple[bool, ...]
    event_tokens: tuple[str, ...]
    weapon_tokens: tuple[str, ...]
    board: tuple[SeenGremlin, ...]
    pool_size: int
    """Face-down gremlin tokens left in the pool."""
    crowd: tuple[str, ...]
    """The design names of the gremlins in a full Movie Theater's crowd."""
    defeated: tuple[tuple[str, ...], ...]
    """Each seat's defeated gremlins by design name, in the order defeated."""
    hand: tuple[str, ...] | None
    """Your own weapon cards; None for a spectator."""
    hand_sizes: tuple[int, ...]
    weapon_deck_size: int
    weapon_discard: tuple[str, ...]
    event_deck_size: int
    event_discard: tuple[str, ...]

    def _repr_svg_(self) -> str:
        """This view's picture, for notebooks (see :mod:`gremlinrules.svg`)."""
        return draw(self)  # the drawer the top level installs in the core (drawing is optional)


@guarded
def scores(s: State) -> tuple[int, ...]:
    """GTG-END-2: each seat's Gremlin Points, the sum over its defeated gremlins."""
    check_type(s, State, "Gremlins: The Game State")
    gremlin = tables(s.components).gremlin
    return tuple(sum(gremlin[g].points for g in row) for row in s.defeated)


def everyone_lost(s: State) -> bool:
    """GTG-VARIANT-1: the game is over under the Challenging Variant and Stripe was not defeated."""
    check_type(s, State, "Gremlins: The Game State")
    return (s.phase is Phase.OVER and s.options.challenging
            and s.outcome is not Outcome.STRIPE_DEFEATED)


@guarded
def winners(s: State) -> tuple[int, ...]:
    """GTG-END-2: most Gremlin Points wins, ties shared; GTG-VARIANT-1: nobody when the gremlins
    won; empty until the end."""
    check_type(s, State, "Gremlins: The Game State")
    if s.phase is not Phase.OVER or everyone_lost(s):
        return ()
    points = scores(s)
    best = max(points)
    return tuple(p for p in range(s.players) if points[p] == best)


_END_CLAUSES = {
    Outcome.STRIPE_DEFEATED: "GTG-STRIPE-2",
    Outcome.POOL_EMPTY: "GTG-STRIPE-4",
    Outcome.TURN_LIMIT: "GTG-END-4",
}


@guarded
def end_reason(s: State) -> str | None:
    """The clause that ended the game (``State.outcome``): Stripe defeated (GTG-STRIPE-2), Stripe
    in the theater with the pool empty (GTG-STRIPE-4), or the turn limit of the house rule
    (GTG-END-4); None while it goes on."""
    check_type(s, State, "Gremlins: The Game State")
    return _END_CLAUSES.get(s.outcome) if s.phase is Phase.OVER else None


@guarded
def observe(s: State, player: int | None) -> View:
    """What ``player`` may know (GTG-VIEW-1); with None, what a spectator may know."""
    check_type(s, State, "Gremlins: The Game State")
    p = None if player is None else check_seat(player, s.players)
    over = s.phase is Phase.OVER
    design = tables(s.components).design
    return View(
        seat=p, players=s.players,
        current_player=None if over else (s.stack[-1].seat if s.stack else s.turn),
        phase=s.phase, pending=seen_frame(s.stack[-1], design) if s.stack else None, scores=scores(s),
        winners=winners(s),
        gremlins_won=everyone_lost(s), options=s.options, map=geometry(s.options.map).name,
        outcome=s.outcome, turn=s.turn, turn_number=s.turn_number, first_player=s.first_player,
        positions=s.positions, free_move=s.free_move, event_tokens=s.event_tokens,
        weapon_tokens=s.weapon_tokens,
        board=tuple(SeenGremlin(g.space, design[g.gremlin] if g.face_up else None, g.face_up, g.from_pool)
                    for g in s.board),
        pool_size=len(s.pool), crowd=tuple(design[g] for g in s.crowd),
        defeated=tuple(tuple(design[g] for g in row) for row in s.defeated),
        hand=None if p is None else s.hands[p], hand_sizes=tuple(len(h) for h in s.hands),
        weapon_deck_size=len(s.weapon_deck), weapon_discard=s.weapon_discard,
        event_deck_size=len(s.event_deck), event_discard=s.event_discard,
    )


def seen_frame(frame: PendingFrame, design: Mapping[str, str]) -> PendingFrame:
    """``frame`` as a view shows it: a fight names its gremlin by design (GTG-VIEW-2)."""
    if type(frame) is Fight and frame.gremlin in design:
        return attrs.evolve(frame, gremlin=design[frame.gremlin])
    return frame


def _name(value: Any) -> str:
    """A space or card name as it is; anything else shown short."""
    return value if type(value) is str and len(value) <= 80 else shown(value)


@guarded
def describe(s: State, action: Any) -> str:
    """One readable line for ``action`` by the seat to move in ``s``."""
    check_type(s, State, "Gremlins: The Game State")
    who = f"Seat {s.stack[-1].seat if s.stack else s.turn}"
    kind = type(action)
    if kind is Move:
        return f"{who} moves to {_name(action.to)}"
    if kind is LetEscape:
        here = s.positions[s.turn] if s.phase is not Phase.OVER else None
        placed = next((p for p in s.board if p.space == here), None)
        design = tables(s.components).design
        face_up = placed is not None and placed.face_up
        what = design.get(placed.gremlin, "the gremlin") if placed is not None and face_up else "the gremlin"
        return f"{who} lets {what} escape to the Movie Theater"
    if kind is Defeat:
        ws = action.weapons
        names = " + ".join(map(_name, ws)) if type(ws) is tuple and len(ws) <= 7 else shown(ws)
        frame = s.stack[-1] if s.stack else None
        what = (tables(s.components).design.get(str(frame.gremlin), "the gremlin")
                if type(frame) is Fight else "the gremlin")
        return f"{who} defeats {_name(what)} with {names}"
    if kind is Discard:
        return f"{who} discards {_name(action.weapon)}"
    if kind is Choose:
        return _describe_choice(s, who, action)
    return f"{who} tries {shown(action)}"


# What a Choose does, by its label's key (text.py), told of the seat: the pending frame's meaning
_CHOICES = {
    "gtg.action.theater": "{who} puts {gremlin} face up on {space} in the Movie Theater",
    "gtg.action.theater-it": "{who} puts it face up on {space} in the Movie Theater",
    "gtg.action.theater-new": ("{who} puts a new gremlin from the pool face up on {space} in the "
                               "Movie Theater"),
    "gtg.action.place": "{who} puts a new gremlin from the pool face down on {space}",
    "gtg.action.move-from": "{who} picks the face-down gremlin on {space} to move",
    "gtg.action.move-to": "{who} moves the face-down gremlin from {origin} to {space}",
}


def _describe_choice(s: State, who: str, action: Choose) -> str:
    """A Choose told by what it does (GTG-THEATER-1, GTG-EVENT-2), from what a spectator sees, so
    it never names a face-down gremlin; "chooses <space>" when the frame says nothing more."""
    from gremlinrules.gremlins_the_game.text import action_label

    if type(action.space) is not str or len(action.space) > 40:
        return f"{who} chooses {_name(action.space)}"
    label = action_label(observe(s, None), action)
    template = _CHOICES.get(label.key)
    if template is None:
        return f"{who} chooses {action.space}"
    return template.format(who=who, **label.params)
