"""The game state, the options (alternative readings, the house rule, the variant) and the
stacked setup.

A state names everything as the table does: spaces by their map names (``"g6"``), gremlin
tokens by id (``"gremlin-07"``, ``"stripe"``), weapon and event cards by kind name. So its JSON is
readable as it stands, and a port needs no internal numbering.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from gremlinrules.core.checks import boolean
from gremlinrules.core.checks import int_between
from gremlinrules.core.enums import CodeRepr
from gremlinrules.core.errors import SetupError
from gremlinrules.core.rng import Rng
from gremlinrules.gremlins_the_game.board import Map
from gremlinrules.gremlins_the_game.components import REFERENCE
from gremlinrules.gremlins_the_game.components import Components
from gremlinrules.gremlins_the_game.frames import GangToTheater
from gremlinrules.gremlins_the_game.frames import PendingFrame

__all__ = ["MAX_TURN_LIMIT", "Options", "Outcome", "Phase", "Placed", "Setup", "State"]

MAX_TURN_LIMIT = 2000
"""The largest ``Options.turn_limit`` (GTG-END-4)."""
MAX_TURNS = 10**9
"""The largest turn counter a state may carry without the house rule: a size limit only."""


class Phase(CodeRepr, enum.Enum):
    """Whether the game goes on. Every choice inside a turn (a fight, a theater space, a discard,
    an event's choices) is a frame on ``State.stack``, so the stack says where the turn is: see
    :attr:`State.resolving`."""

    MOVE = "move"
    """The turn goes on: the turn owner moves (after any start-of-turn gremlin for the theater,
    GTG-STRIPE-3), or answers the frame that what the move landed on left pending."""
    OVER = "over"
    """The game has ended."""


class Outcome(CodeRepr, enum.Enum):
    """How the game ended (``State.outcome``)."""

    PLAYING = "playing"
    STRIPE_DEFEATED = "stripe_defeated"
    """GTG-STRIPE-2: a player defeated Stripe."""
    POOL_EMPTY = "pool_empty"
    """GTG-STRIPE-4: Stripe in the theater and no gremlin token left in the pool at a turn's end."""
    TURN_LIMIT = "turn_limit"
    """GTG-END-4 (a house rule): the turn limit was reached."""


def _components_or_none(_: Any, attribute: Any, value: Any) -> None:
    if value is not None and not isinstance(value, Components):
        raise SetupError(f"option {attribute.name} must be a Components or None, "
                         f"not {type(value).__name__}")


def _map_or_none(_: Any, attribute: Any, value: Any) -> None:
    if value is not None and type(value) is not Map:
        raise SetupError(f"option {attribute.name} must be a Map (from load_map or read_map) or None, "
                         f"not {type(value).__name__}")


@attrs.frozen(slots=True)
class Options:
    """The table's options: the Challenging Variant, the house rule that bounds a game, the
    reading of a move inside the Town Square, the component set and the map."""

    challenging: bool = attrs.field(default=False, validator=boolean)
    """GTG-VARIANT-1, the Challenging Variant: if Stripe is undefeated at the end, every player
    loses (``winners`` is empty and the view's ``gremlins_won`` is true)."""
    turn_limit: int = attrs.field(default=240, validator=int_between(1, MAX_TURN_LIMIT))
    """GTG-END-4 (a house rule): the game ends after this many turns in all, when ``bounded``."""
    bounded: bool = attrs.field(default=True, validator=boolean)
    """GTG-END-4: the turn limit is on; False is the rules as written (:meth:`as_written`), under
    which a game may never end."""
    components: Components | None = attrs.field(default=None, validator=_components_or_none)
    """GTG-DATA-6: your own gremlin tokens, weapon and event cards (None: the reference set)."""
    map: Map | None = attrs.field(default=None, validator=_map_or_none)
    """GTG-MAP-7: your own map, loaded through ``load_map`` or ``read_map`` (None: the reference
    map, ``REFERENCE_MAP``)."""
    reenter_square: bool = attrs.field(default=False, validator=boolean)
    """GTG-SQUARE-6: False (the default, the careful reading): the Town Square is one place, so a
    move that starts on one of its spaces does not enter it: it may cross the square, and ending
    on a Town Square space does nothing (no refill, no new free move). True is the literal
    reading: every move that steps onto a Town Square space enters it, from inside it too, so a
    free move from the square to another of its spaces refills the board and grants another."""

    @classmethod
    def as_written(cls, **changes: Any) -> Options:
        """The rules as written: no turn limit (GTG-END-4), so a game may never end. (A reading of
        the text, such as ``reenter_square``, is not a house rule and keeps its default.)"""
        return cls(**{"bounded": False, **changes})


@attrs.frozen(slots=True)
class Setup:
    """A known table, for tracking a physical game or writing an exact scenario. Anything left
    out is set up by the seed as the rulebook says."""

    first_player: int = 0
    """The seat that takes the first turn (GTG-SETUP-7)."""
    gremlins: tuple[str, ...] = ()
    """The face-down gremlins on the Gremlin spaces, in map order (all of them, or none)."""
    pool: tuple[str, ...] = ()
    """Gremlin tokens on top of the remaining pool, top first."""
    event_deck: tuple[str, ...] = ()
    """Event cards on top of the event deck, top first."""
    weapon_deck: tuple[str, ...] = ()
    """Weapon cards on top of the weapon deck, top first (dealt from when ``hands`` is None)."""
    hands: tuple[tuple[str, ...], ...] | None = None
    """Each seat's starting hand (None: deal three each)."""
    positions: tuple[str, ...] | None = None
    """Each seat's space (None: the Start spaces): a table already in play."""
    first_round_done: bool = False
    """Every seat has had its first turn (so the Town Square is open, GTG-SQUARE-4)."""


@attrs.frozen(slots=True)
class Placed:
    """A gremlin token on a space: face down on a Gremlin space, face up in the Movie Theater or,
    during a fight, face up on the fighter's space."""

    space: str
    gremlin: str
    face_up: bool
    from_pool: bool = False
    """A face-down token that came from the pool after setup (a refill or an event), so it may be
    Stripe; a token placed at setup never is (GTG-SETUP-3). Public: everyone saw where it came
    from. False for a face-up token."""


@attrs.frozen(slots=True, weakref_slot=False)  # no weakref slot: see core.evolve
class State:
    """Everything the rules need."""

    players: int
    options: Options
    rng: Rng
    first_player: int
    turn: int
    """The seat whose turn it is."""
    turn_number: int
    """Turns begun before this one (0 in the first player's first turn)."""
    phase: Phase
    positions: tuple[str, ...]
    """Each seat's space."""
    free_move: tuple[bool, ...]
    """Each seat's Town Square bonus: its next move may go to any free space (GTG-SQUARE-3)."""
    event_tokens: tuple[str, ...]
    """The Event spaces holding an event token, in map order."""
    weapon_tokens: tuple[str, ...]
    """The Weapon spaces holding a weapon token, in map order."""
    board: tuple[Placed, ...]
    """The gremlin tokens on the board, in map order of their spaces."""
    pool: tuple[str, ...]
    """The face-down gremlin tokens off the board, top first (hidden from everyone)."""
    crowd: tuple[str, ...]
    """Face-up gremlins in a full Movie Theater, without a space (GTG-THEATER-3)."""
    defeated: tuple[tuple[str, ...], ...]
    """Each seat's defeated gremlins, in the order defeated (public)."""
    hands: tuple[tuple[str, ...], ...]
    """Each seat's weapon cards, in component order (hidden from the others)."""
    weapon_deck: tuple[str, ...]
    """Top first (hidden)."""
    weapon_discard: tuple[str, ...]
    """Oldest first (face up)."""
    event_deck: tuple[str, ...]
    """Top first (hidden)."""
    event_discard: tuple[str, ...]
    """Oldest first (face up); an event card goes here as it is drawn."""
    outcome: Outcome = Outcome.PLAYING
    stack: tuple[PendingFrame, ...] = ()
    """Pending decisions, the top frame last (at most one; the classes of
    :mod:`gremlinrules.gremlins_the_game.frames`)."""

    @property
    def resolving(self) -> bool:
        """The move is made and what it landed on is being resolved: the game goes on and a frame
        other than the start-of-turn :class:`~.frames.GangToTheater` (GTG-STRIPE-3) is pending.
        Derived from the stack, not stored (before format version 3 it was ``Phase.RESOLVE``)."""
        return bool(self.stack) and self.phase is Phase.MOVE and type(self.stack[-1]) is not GangToTheater

    @property
    def components(self) -> Components:
        """The table's component set: ``options.components``, or the reference set (GTG-DATA-6).
        Not a field: the state's JSON names it once, in its options."""
        return REFERENCE if self.options.components is None else self.options.components
