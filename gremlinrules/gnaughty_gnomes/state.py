"""The immutable game state, its options and the stacked setup.

Positions 0-3 sit clockwise; partners sit opposite, so the team of a position
is ``position % 2`` (GG-SEAT-1). With four players a seat is its position. In
the two-player variant seats 0 and 1 hold positions 0 and 1 and decide for
the dummy opposite them, positions 2 and 3 (GG-2P-1).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable
from typing import ParamSpec
from typing import TypeVar

import attrs

from gremlinrules.core.checks import instance_or_default
from gremlinrules.core.checks import one_of
from gremlinrules.core.errors import InvalidArgumentError
from gremlinrules.core.rng import Rng
from gremlinrules.gnaughty_gnomes.board import N_SPOTS
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.frames import Placement

__all__ = [
    "OPTION_CHOICES", "Options", "Phase", "Played", "Setup", "State", "checked_options", "gnomes_per_spot",
    "guarded", "incomplete", "team_masks",
]

_P = ParamSpec("_P")
_R = TypeVar("_R")



class Phase(enum.StrEnum):
    """The phase of the game: a trick is under way, or the game is over.

    A trick is played in one phase: positions play cards clockwise; the fourth
    card deals the turn-order cards, which put the four placements on the
    decision stack (``State.stack``, GG-PLACE-1); the last placement cleans up.
    While a placement frame is pending the phase still reads ``"play"``: the
    frame, not the phase, says who places.
    """

    PLAY = "play"
    """A trick is under way: cards are played clockwise, then the placement frames are answered."""
    OVER = "over"
    """Eight tricks done."""


OPTION_CHOICES: dict[str, tuple[str, ...]] = {
    "loser_vertex": ("touching", "any"),
    "no_space": ("skip", "widen"),
    "x_tiebreak": ("wild_high", "lowest"),
    "setup_clump": ("connected", "triangle"),
    "first_leader": ("player", "any_position"),
    "past_tricks": ("shown", "hidden"),
}
"""The readings each option accepts, the default first (every option is a choice of two)."""


@attrs.frozen(slots=True)
class Options:
    """Named readings where the rulebook is open (each an interpretation clause)."""

    loser_vertex: str = attrs.field(default="touching", validator=one_of(*OPTION_CHOICES["loser_vertex"]))
    """GG-PLACE-6: the trick loser's vertex must touch the remaining colour (``"touching"``)
    or may be any open vertex (``"any"``)."""
    no_space: str = attrs.field(default="skip", validator=one_of(*OPTION_CHOICES["no_space"]))
    """GG-PLACE-8: with no legal spot for any card left, flip one and place nothing
    (``"skip"``), or first widen to every open spot touching that colour (``"widen"``)."""
    x_tiebreak: str = attrs.field(default="wild_high", validator=one_of(*OPTION_CHOICES["x_tiebreak"]))
    """GG-END-3: an X card left in hand counts as an 8 declared high (``"wild_high"``)
    or as weaker than every numbered card of its suit (``"lowest"``)."""
    setup_clump: str = attrs.field(default="connected", validator=one_of(*OPTION_CHOICES["setup_clump"]))
    """GG-SETUP-6: a colour "adjacent 3 times" means its three hexes are connected
    (``"connected"``) or all touch each other (``"triangle"``)."""
    first_leader: str = attrs.field(default="player", validator=one_of(*OPTION_CHOICES["first_leader"]))
    """GG-SETUP-7: with two players the random start is one of the two players (``"player"``)
    or any of the four positions, a dummy included (``"any_position"``). The same with four."""
    past_tricks: str = attrs.field(default="shown", validator=one_of(*OPTION_CHOICES["past_tricks"]))
    """GG-CLEAN-2: views list every finished trick (``"shown"``), or none, for tables that do
    not review past tricks (``"hidden"``): the discarded cards are out of the game."""

    @classmethod
    def as_written(cls) -> Options:
        """The rules as written, one argument away (``new_game(..., options=Options.as_written())``).

        Gnaughty Gnomes has no bounded default: every game takes exactly 64 decisions
        (GG-END-1), so the defaults already are the rulebook's game. Its one house rule, an
        unplayed X card's rank in the tie-break (GG-END-3), has no as-written value (the
        rulebook gives the card no rank) and keeps its default.
        """
        return cls()


def checked_options(value: object) -> Options:
    """``value`` if it is a complete, valid Options (None: the defaults); SetupError otherwise.

    For every public function taking options: an Options built without ``__init__`` (a field
    missing) or edited past its validators is refused here, never by an AttributeError later.
    """
    if value is None:
        return _DEFAULTS
    return instance_or_default(value, Options, "Gnaughty Gnomes")


_DEFAULTS = Options()
"""The default options, made once (an Options is immutable)."""


@attrs.frozen(slots=True)
class Setup:
    """A known deal and garden, for tracking a physical table. Any part left None is random.

    ``hands`` lists nine cards per position. For a dummy (two players,
    positions 2 and 3) they are read as: four face-down cards (piles 0-3), the
    four face-up cards on them (piles 0-3), then the X card.
    """

    layout: tuple[Colour, ...] | None = None
    """13 hex colours in board order, WHITE at index 6."""
    track: tuple[Colour, ...] | None = None
    """The four suits, strongest first."""
    start: int | None = None
    """The position that leads the first trick."""
    hands: tuple[tuple[Card, ...], ...] | None = None
    """Nine cards per position: every card exactly once, one X card each."""


@attrs.frozen(slots=True)
class Played:
    """One card played to the trick; for an X card, its declared rank and high/low."""

    position: int
    card: Card
    rank: int
    """The rank the card counts as (the declared rank for an X card)."""
    high: bool = False
    """For an X card: declared high. False for numbered cards."""


@attrs.frozen(slots=True, weakref_slot=False)  # no weakref slot: see core.evolve
class State:
    """Everything the rules need. Never mutated; ``apply`` returns a new one."""

    players: int
    """2 (dummy variant) or 4."""
    options: Options
    layout: tuple[Colour, ...]
    """Hex colours in board order (GG-BOARD-1)."""
    track: tuple[Colour, ...]
    """The suit strength track, strongest first (GG-TRACK-1)."""
    hands: tuple[tuple[Card, ...], ...]
    """Held cards per position, sorted. For a dummy: its face-up X card, if unplayed."""
    piles: tuple[tuple[tuple[Card | None, Card | None], ...], ...]
    """Per dummy position, four (face-down, face-up) piles; empty for a player (GG-2P-2)."""
    team_gnomes: tuple[int, int]
    """Team 0's gnomes (positions 0 and 2) and team 1's (positions 1 and 3) on the garden, each
    a bitmask of spots: bit ``s`` set when the team's gnome sits on spot ``s``. The JSON and the
    views list them per spot (``gnomes``)."""
    supply: tuple[int, ...]
    """Gnomes left per position (GG-SETUP-4)."""
    team_scores: tuple[int, int]
    trick: int
    """Tricks finished so far (0-8)."""
    leader: int
    """The position that led the current trick."""
    phase: Phase
    plays: tuple[Played, ...]
    """The current trick's cards in the order played."""
    order: tuple[int, ...]
    """After the fourth card: indices into ``plays`` by turn-order place 1-4."""
    flipped: tuple[bool, ...]
    """Per entry of ``plays``: already used in the placement round."""
    stack: tuple[Placement, ...]
    """The pending placements after the trick, top (the next to place) last: one
    :class:`~.frames.Placement` per turn-order place not yet played (GG-PLACE-1); empty while
    cards are played."""
    history: tuple[tuple[Played, ...], ...]
    """Every finished trick, in order: discarded cards stay public knowledge."""
    rng: Rng
    """Kept for uniformity and hidden-state sampling; the rules draw nothing after setup."""

    @property
    def gnomes(self) -> tuple[int | None, ...]:
        """Per spot: the team (0: positions 0 and 2; 1: positions 1 and 3) whose gnome sits
        there, or None while the spot is open (``team_gnomes`` read spot by spot)."""
        return gnomes_per_spot(self.team_gnomes)


_SPOT_BITS = tuple(1 << spot for spot in range(N_SPOTS))


def gnomes_per_spot(team_gnomes: tuple[int, int]) -> tuple[int | None, ...]:
    """Per spot, the team whose gnome sits there or None, from the two teams' bitmasks.

    The answer for the masks asked about last is kept (one entry, holding the masks' tuple: an
    identity test), as every seat's view of one state asks the same. Otherwise the masks are
    read in C: each written in binary and read back as a decimal number, team 0's plus twice
    team 1's gives one decimal digit per spot (0 open, 1 team 0, 2 team 1, spot 0 last).
    """
    last = _LAST_GNOMES[0]
    if team_gnomes is last[0]:
        return last[1]
    team0, team1 = team_gnomes
    if type(team0) is int and type(team1) is int and team0 >= 0 and team1 >= 0 and not team0 & team1 \
            and (team0 | team1) < _ALL_SPOTS:
        digits = str(int(format(team0, "b")) + 2 * int(format(team1, "b"))).zfill(N_SPOTS)
        found = tuple(map(_TEAM_OF_DIGIT.__getitem__, reversed(digits)))
    else:  # masks edited by hand: spot by spot, as the rules read them
        found = tuple(0 if team0 & bit else 1 if team1 & bit else None for bit in _SPOT_BITS)
    _LAST_GNOMES[0] = (team_gnomes, found)
    return found


_ALL_SPOTS = 1 << N_SPOTS
_TEAM_OF_DIGIT = {"0": None, "1": 0, "2": 1}
_LAST_GNOMES: list[tuple[tuple[int, int], tuple[int | None, ...]]] = [((0, 0), (None,) * N_SPOTS)]


def team_masks(gnomes: tuple[int | None, ...]) -> tuple[int, int]:
    """The two teams' bitmasks of spots from the team (or None) per spot: the inverse of
    :func:`gnomes_per_spot` for a tuple of ``N_SPOTS`` entries, each 0, 1 or None."""
    return (sum(bit for bit, team in zip(_SPOT_BITS, gnomes, strict=True) if team == 0),
            sum(bit for bit, team in zip(_SPOT_BITS, gnomes, strict=True) if team == 1))


def incomplete(name: str) -> InvalidArgumentError:
    """The error of public function ``name`` given a state or view of the right class that is
    incomplete or holds values of the wrong type (see :func:`guarded`)."""
    return InvalidArgumentError(f"{name}: an argument of the right class is incomplete or holds values of "
                                "the wrong type")


def guarded(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """``fn`` with a state or view of the right class whose fields are missing or of the wrong
    type (an object built without ``__init__``, or edited by hand) refused with
    InvalidArgumentError instead of the AttributeError or TypeError it trips over; ``check_state``
    says what is wrong with such a state."""

    @functools.wraps(fn)
    def call(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return fn(*args, **kwargs)
        except (AttributeError, TypeError):
            raise incomplete(fn.__name__) from None

    return call
