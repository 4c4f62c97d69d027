"""The immutable game state, its options and the stacked setup.

Seats are 0..n-1 and play passes to the next higher seat. Cards are named by
their design id (copies of a design are indistinguishable, GI-CARD-1): hands,
the deck and the discard pile are tuples of ids. A project is a
:class:`Project` in its owner's row, addressed by (owner seat, index in the
row) (GI-PROJ-5); its ``uid`` follows it when it is stolen, so a seat can
remember a project it saw face up (GI-VIEW-3).

A pending choice is a typed frame (:mod:`.frames`) on the state's decision
``stack`` (top last), never a phase of its own: ``phase`` says only whether the
familiar-players redraw, the play or nothing goes on. The card being played or
completed is the pending frame's (:attr:`State.resolving`, :attr:`State.completing`).
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from gremlinrules.core.checks import boolean
from gremlinrules.core.checks import int_between
from gremlinrules.core.checks import one_of
from gremlinrules.core.enums import CodeRepr
from gremlinrules.core.errors import SetupError
from gremlinrules.core.errors import shown
from gremlinrules.core.evolve import make_replace
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_inc.components import REFERENCE
from gremlinrules.gremlins_inc.components import Components
from gremlinrules.gremlins_inc.components import parse_components
from gremlinrules.gremlins_inc.frames import EffectFrame
from gremlinrules.gremlins_inc.frames import Payment
from gremlinrules.gremlins_inc.frames import PendingFrame

__all__ = ["LAYOUTS", "Options", "Phase", "Project", "Setup", "State", "evolve"]

LAYOUTS: dict[str, tuple[int, ...]] = {"none": (), "2v2": (2, 2), "3v3": (3, 3), "2v2v2": (2, 2, 2),
                                       "2v3": (2, 3)}
"""GI-TEAM-1: the team layouts and the size of each team (``none``: everyone alone)."""


_VALID: dict[int, Components] = {}
"""Card sets already validated (held, so their ids are not reused)."""


class Phase(CodeRepr, enum.Enum):
    """The phase of the game (a pending choice is a frame on the stack, not a phase)."""

    REDRAW = "redraw"
    """The familiar-players start: seats discard and redraw once (GI-SETUP-3)."""
    PLAY = "play"
    """Turns are played."""
    OVER = "over"
    """The game is over."""


def _components(_: Any, __: Any, value: Any) -> None:
    """GI-CARD-2: a card set must pass the validator, however it was made (decoded JSON too)."""
    if value is None:
        return
    if type(value) is not Components:
        raise SetupError(f"options.components must be a Components from load_components, not {shown(value)}")
    if value is REFERENCE or _VALID.get(id(value)) is value:
        return
    try:
        again = parse_components(value.to_data())
    except (SetupError, AttributeError, TypeError, ValueError) as exc:
        raise SetupError(f"options.components: {shown(str(exc), 200)}") from None
    if again != value:
        raise SetupError("options.components differs from what the card-set validator makes of it")
    if len(_VALID) > 64:
        _VALID.clear()
    _VALID[id(value)] = value


@attrs.frozen(slots=True)
class Options:
    """Named readings where the rulebook is open or leaves the table a choice."""

    end: str = attrs.field(default="score", validator=one_of("score", "reshuffles"))
    """GI-END-1: play to a target score (``"score"``) or for a number of reshuffles."""
    target: int = attrs.field(default=20, validator=int_between(1, 100))
    """GI-END-2: the target score (per team in team play); the rulebook suggests 10, 20 or 30."""
    reshuffles: int = attrs.field(default=3, validator=int_between(0, 20))
    """GI-END-3: with ``end="reshuffles"``, the game ends once the deck runs out after this many
    reshuffles."""
    teams: str = attrs.field(default="none", validator=one_of(*LAYOUTS))
    """GI-TEAM-1: the team layout (``2v2``, ``3v3``, ``2v2v2``, ``2v3``) or ``none``."""
    seating: str = attrs.field(default="alternate", validator=one_of("alternate", "grouped"))
    """GI-TEAM-2: teammates sit apart (``alternate``) or side by side (``grouped``)."""
    familiar: bool = attrs.field(default=False, validator=boolean)
    """GI-SETUP-3: the familiar-players start: each seat may once discard and redraw."""
    reveal_resources: bool = attrs.field(default=False, validator=boolean)
    """GI-VIEW-4: every assigned card is shown to everyone (``True``) or only its type is public."""
    bounded: bool = attrs.field(default=True, validator=boolean)
    """GI-BOUND-1 (house rule): the game also ends after ``round_limit`` rounds; ``False``
    plays the rules as written, where a game may never end."""
    round_limit: int = attrs.field(default=40, validator=int_between(1, 500))
    """GI-BOUND-1: the last round when ``bounded``."""
    components: Components | None = attrs.field(default=None, validator=_components)
    """GI-CARD-2: the card set (a user's own encoding of the real deck); None plays the
    reference deck."""

    @classmethod
    def as_written(cls, **changes: Any) -> Options:
        """The rules as written, no house rule: ``bounded=False`` (GI-BOUND-1)."""
        return cls(**{"bounded": False, **changes})


@attrs.frozen(slots=True)
class Setup:
    """A known start, for tracking a physical table. Parts left None come from the seed."""

    deck: tuple[str, ...] | None = None
    """Every card of the set as design ids, top first, before the deal: seat i's hand is
    ``deck[6i:6i+6]`` and the rest is the draw pile."""
    first_player: int = 0
    """The seat that starts (the least malicious player, GI-SETUP-4)."""


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)  # see core.evolve
class Project:
    """A card on the table as a project, with the cards assigned to it as resources."""

    uid: int
    """A number given when the project was started (public), kept when it is stolen."""
    card: str
    """The card's design id."""
    face_up: bool
    """Revealed (True) or hidden (face down)."""
    resources: tuple[str, ...] = ()
    """The assigned cards' design ids, in the order they were assigned (GI-RES-1)."""


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)  # see core.evolve
class State:
    """Everything the rules need. Never mutated."""

    players: int
    options: Options
    rng: Rng
    teams: tuple[int, ...]
    """The team of each seat (each seat is its own team when there are no teams)."""
    first_player: int
    turn: int
    """The seat whose turn it is (it decides unless a frame names another seat)."""
    round: int
    """1 for the first round; a round ends after the seat before the first player."""
    actions_used: int
    """Actions taken this turn (GI-TURN-1)."""
    phase: Phase
    deck: tuple[str, ...]
    """The draw pile, top first."""
    discard: tuple[str, ...]
    """The discard pile (face up, public), sorted."""
    hands: tuple[tuple[str, ...], ...]
    """Each seat's hand, sorted."""
    projects: tuple[tuple[Project, ...], ...]
    """Each seat's projects, in the order they came to the seat."""
    permanents: tuple[tuple[str, ...], ...]
    """Each seat's active blueprint-permanents, sorted (GI-DONE-3)."""
    scores: tuple[int, ...]
    reshuffles: int
    """How often the discard pile became the deck (GI-DRAW-2)."""
    next_uid: int
    seen: tuple[tuple[int, ...], ...]
    """Per seat: uids of other seats' face-down projects it knows (GI-VIEW-3), sorted."""
    stack: tuple[PendingFrame, ...]
    """The pending decisions, top last (at most one during play)."""
    winners: tuple[int, ...]
    extra_turns: int = 0
    """Extra turns the turn owner is still to take right after this turn (GI-OP-10): each one
    comes after the refill, and several stack (GI-TURN-4)."""
    extra_given: int = 0
    """Extra turns given so far in the game; with the house rule they stop at ``round_limit``
    times the players (GI-BOUND-1)."""

    @property
    def resolving(self) -> str:
        """The card being played or completed while its effect waits for a decision (the pending
        frame's), or ""."""
        if self.stack:
            top = self.stack[-1]
            if isinstance(top, EffectFrame):
                return top.effect.card
            if type(top) is Payment:
                return top.card
        return ""

    @property
    def completing(self) -> int:
        """The uid of the project being completed while its instructions wait for a decision (it
        stays on the table, face up, until they are done, GI-DONE-4), or -1."""
        if self.stack:
            top = self.stack[-1]
            if isinstance(top, EffectFrame):
                return top.effect.completing
        return -1

    @property
    def components(self) -> Components:
        """The card set of the table."""
        return self.options.components if self.options.components is not None else REFERENCE


evolve = make_replace(State)
"""``attrs.evolve`` for the hot path (see :mod:`gremlinrules.core.evolve`)."""

