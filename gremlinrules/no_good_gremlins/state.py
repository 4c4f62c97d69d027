"""The game state, the options (alternative readings) and the stacked setup."""

from __future__ import annotations

import enum
import warnings
from typing import Any

import attrs

from gremlinrules.core.checks import boolean
from gremlinrules.core.checks import int_between
from gremlinrules.core.checks import one_of
from gremlinrules.core.enums import CodeRepr
from gremlinrules.core.errors import SetupError
from gremlinrules.core.rng import Rng
from gremlinrules.no_good_gremlins.components import Components
from gremlinrules.no_good_gremlins.components import GremlinCard
from gremlinrules.no_good_gremlins.components import Material
from gremlinrules.no_good_gremlins.frames import MealChoice

__all__ = ["AWAY", "GONE", "MAX_ROUND", "MAX_ROUND_LIMIT", "Options", "Phase", "Setup", "State"]

AWAY = -1
"""``State.wanderer`` before anyone has launched: the Wandering Gremlin is set aside."""
GONE = -2
"""``State.wanderer`` after the finale: the Wandering Gremlin has left the game."""
MAX_ROUND_LIMIT = 1000
"""The largest ``Options.round_limit`` (NGG-END-3)."""
MAX_ROUND = 10**9
"""The largest round number a state may carry when no round limit is on (``bounded=False``):
a size limit on the counter, far beyond any game (a few dozen rounds empty the deck)."""


class Phase(CodeRepr, enum.Enum):
    """The phase of the turn: which decision the turn owner faces when no frame is pending.

    A pending decision that interrupts the turn (the holder's Feed, NGG-WANDER-5) is a frame
    on ``State.stack``, not a phase; while it is pending ``phase`` still reads the phase of the
    turn it interrupted. The final turn's opening stays a phase (FINAL_OPENING): it is the
    start of a turn, answered by the turn's own TakeScrap, not a choice an effect stops to ask.
    """

    OPENING = "opening"
    """Begin a normal turn: DrawTwo or TakeScrap."""
    DISCARD = "discard"
    """After DrawTwo: put one hand card on the scrapheap."""
    MAIN = "main"
    """Build, launch, free actions, EndTurn."""
    FINAL_OPENING = "final_opening"
    """Begin a final turn: TakeScrap."""
    OVER = "over"
    """The game has ended."""


def _components_or_none(_: Any, attribute: Any, value: Any) -> None:
    if value is not None and not isinstance(value, Components):
        raise SetupError(f"option {attribute.name} must be a Components or None, "
                         f"not {type(value).__name__}")


@attrs.frozen(slots=True)
class Options:
    """Alternative readings of rules the rulebook leaves open (defaults: our reading), and the
    component set the table plays with."""

    scrap_take: str = attrs.field(default="all", validator=one_of("all", "run"))
    """NGG-OPEN-4: "all" takes every scrapheap card matching the top card; "run" only the
    unbroken run of matching cards directly below it."""
    rebuild_from: str = attrs.field(default="scrapheap",
                                    validator=one_of("scrapheap", "scrapheap_and_removed"))
    """NGG-DECK-3: what the 4-5 player rebuild shuffles into the new materials deck."""
    free_actions_before_opening: bool = attrs.field(default=False, validator=boolean)
    """NGG-FREE-1: may scrap and bribe come before the turn's opening draw or take."""
    finale_builds: int = attrs.field(default=2, validator=one_of(1, 2))
    """NGG-FINALE-4: build actions (of up to two cards each) in a final turn."""
    finale_free_actions: bool = attrs.field(default=True, validator=boolean)
    """NGG-FINALE-5: may a final turn scrap and bribe."""
    round_limit: int = attrs.field(default=100, validator=int_between(1, MAX_ROUND_LIMIT))
    """NGG-END-3 (a house rule): the finale begins after this many rounds even if the deck
    lasts, when ``bounded``."""
    bounded: bool = attrs.field(default=True, validator=boolean)
    """NGG-END-3: the round limit is on (the house rule that guarantees an end); False is the
    rules as written (see :meth:`as_written`), under which a game may never end."""
    chrome_launch: str = attrs.field(default="extra", validator=one_of("extra", "main"))
    """NGG-BRIBE-8: a chrome bribe's launch is an extra one ("extra"), or it uses the turn's main
    action ("main")."""
    hand_refill: str = attrs.field(default="end_of_turn", validator=one_of("end_of_turn", "ever_empty"))
    """NGG-HAND-2: a seat draws six at the end of its turn if its hand is empty then
    ("end_of_turn"), or if it was empty at any moment of the turn ("ever_empty")."""
    wanderer_tie: str = attrs.field(default="larger_rocket",
                                    validator=one_of("larger_rocket", "holder_chooses"))
    """NGG-WANDER-5: when rockets tie for the highest medal value, the Wandering Gremlin eats from
    the larger one (then the later type), or, with "holder_chooses", its holder picks (Feed)."""
    components: Components | None = attrs.field(default=None, validator=_components_or_none)
    """NGG-DATA-6: the numbers on your own cards (None: the reference set). They shape the
    action space (launch costs), so they are an option, not part of the stacked ``Setup``."""

    @classmethod
    def as_written(cls, **changes: Any) -> Options:
        """The rules as written: no house rule, so no round limit (NGG-END-3); a game may then
        never end. ``changes`` set other fields as in the constructor."""
        return cls(**{"bounded": False, **changes})


@attrs.frozen(slots=True)
class Setup:
    """A known table for tracking a physical game or writing an exact scenario.

    Listed cards are placed first; the remaining cards of the component set are
    shuffled by the seed (below any stacked deck top). Seats are listed 0 first.
    """

    components: Components | None = None
    """Deprecated: pass ``Options(components=...)`` instead (kept for one release)."""
    hands: tuple[tuple[Material, ...], ...] | None = None
    """Each seat's starting hand (None: deal six each from the deck)."""
    pads: tuple[tuple[Material, ...], ...] | None = None
    """Cards already on each seat's launch pad."""
    scrapheap: tuple[Material, ...] = ()
    """The scrapheap, bottom card first."""
    deck: tuple[Material, ...] = ()
    """Cards stacked on top of the materials deck, top card first (dealt from if no hands)."""
    gremlin_deck: tuple[GremlinCard, ...] = ()
    """Cards stacked on top of the gremlin deck, top card first."""
    wanderer: int | None = None
    """The seat holding the Wandering Gremlin (None: set aside)."""

    def __attrs_post_init__(self) -> None:
        if self.components is not None:
            warnings.warn("Setup(components=...) is deprecated: pass Options(components=...) instead",
                          DeprecationWarning, stacklevel=3)


@attrs.frozen(slots=True, weakref_slot=False)  # no weakref slot: see core.evolve
class State:
    """Everything the rules need. Materials are indices 0-5 (rust to chrome);
    per-type zones are count tuples in that order; sequences list material indices."""

    players: int
    components: Components
    options: Options
    rng: Rng
    deck: tuple[int, ...]
    """The materials deck, top card first (hidden)."""
    hands: tuple[tuple[int, ...], ...]
    """Each seat's hand as counts per material (hidden from the others)."""
    scrapheap: tuple[int, ...]
    """The scrapheap, bottom card first (public)."""
    pads: tuple[tuple[int, ...], ...]
    """Each launch pad as rocket sizes per material (public)."""
    medals: tuple[tuple[int, ...], ...]
    """Each medal collection as counts per material (public)."""
    removed: tuple[int, ...]
    """Material cards removed from the game, per material."""
    gremlin_deck: tuple[int, ...]
    """The gremlin deck, top first: 0-5 a gremlin of that material, 6 a thunderstorm."""
    threat: tuple[int, ...]
    """Face-up gremlins in the threat area (material indices, sorted)."""
    gremlin_discard: tuple[int, ...]
    """The gremlin discard pile, oldest first."""
    wanderer: int
    """The seat holding the Wandering Gremlin, or AWAY (-1) or GONE (-2)."""
    turn: int
    """The seat whose turn it is."""
    phase: Phase
    round: int
    """The round number, from 1."""
    mains: int
    """Main actions (build or launch) left this turn."""
    builds: int
    """Build-only actions left this turn (copper bribe; final turn)."""
    open_build: int
    """Cards still allowed in the build action in progress (0 or 1)."""
    chrome: int
    """Chrome-bribe launches left this turn."""
    no_eat: bool
    """A wood bribe stops this turn's eating."""
    final_turn: bool
    """This turn is a final turn of the finale."""
    rebuilt: bool
    """The 4-5 player deck rebuild has happened."""
    finale: bool
    """The finale has been triggered."""
    final_turns: int
    """Final turns still to begin."""
    stack: tuple[MealChoice, ...] = ()
    """Pending decisions, the top frame last (see :mod:`gremlinrules.core.frames`): a
    :class:`~.frames.MealChoice` while the holder chooses the Wandering Gremlin's meal
    (NGG-WANDER-5)."""
    hand_emptied: bool = False
    """The turn owner's hand has been empty at some moment of this turn (kept only under
    ``Options(hand_refill="ever_empty")``, NGG-HAND-2; always False otherwise)."""
