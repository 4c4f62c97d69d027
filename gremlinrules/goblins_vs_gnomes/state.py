"""The immutable game state, its options and the stacked setup.

A match is one game: rounds are played until a seat reaches 9 points (or, with
the default bounded options, until the round limit). Seats are 0..n-1 and play
passes to the next higher seat.

A pending choice is a typed frame (:mod:`gremlinrules.goblins_vs_gnomes.frames`: ``SkipNaming``,
``TargetChoice``, ``StealChoice``) on the state's decision ``stack`` (top last),
never a phase of its own: ``phase`` says only whether the match goes on.
"""

from __future__ import annotations

import enum
from typing import Any

import attrs

from gremlinrules.core.checks import boolean
from gremlinrules.core.checks import int_between
from gremlinrules.core.checks import one_of
from gremlinrules.core.enums import CodeRepr
from gremlinrules.core.errors import ComponentError
from gremlinrules.core.errors import SetupError
from gremlinrules.core.evolve import make_replace
from gremlinrules.core.rng import Rng
from gremlinrules.goblins_vs_gnomes.components import Components
from gremlinrules.goblins_vs_gnomes.components import validate_components
from gremlinrules.goblins_vs_gnomes.frames import PendingFrame

__all__ = ["TARGETS", "Options", "Phase", "Setup", "State",
           "Tile", "evolve"]

TARGETS = ("gold", "dynamite", "dragon")
"""The target identities."""


class Phase(CodeRepr, enum.Enum):
    """The phase of the match (a pending choice is a frame on the stack, not a phase)."""

    PLAY = "play"
    """Rounds are played: the turn owner plays a card, swaps one or passes, unless a frame
    on the decision stack is pending."""
    OVER = "over"
    """The match is over."""


@attrs.frozen(slots=True, cache_hash=True)
class Tile:
    """A tunnel card on the field."""

    x: int
    y: int
    card: str
    rotated: bool


def _components(_: Any, __: Any, value: Any) -> None:
    if value is not None:
        try:
            validate_components(value)
        except ComponentError as exc:
            raise SetupError(f"options.components: {exc}") from exc


@attrs.frozen(slots=True)
class Options:
    """Named readings where the rulebook is open or silent (each an interpretation clause)."""

    advanced_roles: bool = attrs.field(default=False, validator=boolean)
    """GVG-ADV-1: score the eight characters' abilities at the end of each round."""
    rotation: bool = attrs.field(default=True, validator=boolean)
    """GVG-PLACE-4: a tunnel card may be laid turned half a turn."""
    bounded: bool = attrs.field(default=True, validator=boolean)
    """GVG-BOUND-1: limit swaps per seat per round and the number of rounds, so every
    match ends; ``False`` plays the rulebook exactly (a match may never end)."""
    swap_limit: int = attrs.field(default=3, validator=int_between(0, 50))
    """GVG-BOUND-1: swaps each seat may make in one round when ``bounded``."""
    round_limit: int = attrs.field(default=30, validator=int_between(1, 1000))
    """GVG-BOUND-1: the match ends after this many rounds when ``bounded``."""
    no_target: str = attrs.field(default="none-opened",
                                 validator=one_of("none-opened", "no-gold-or-dragon"))
    """GVG-SCORE-8: the Goblins' point for "no target reached" needs no target opened at
    all (``"none-opened"``) or only no Gold and no Dragon (``"no-gold-or-dragon"``)."""
    name_self: bool = attrs.field(default=False, validator=boolean)
    """GVG-CARD-6: the player who lays an Ale Mug may name themselves (``NameSkip(0)``)."""
    rotate_first_player: bool = attrs.field(default=True, validator=boolean)
    """GVG-SETUP-5: each round is started by the seat after the previous round's starter;
    ``False``: the first round's starter (the longest beard) starts every round."""
    second_target: str = attrs.field(default="opens", validator=one_of("opens", "may_open"))
    """GVG-TARGET-3: after the Dynamite, a face-down target the route still reaches opens
    (``"opens"``) or its placer may leave it face down (``"may_open"``: an open-target frame
    with :class:`~.actions.DeclineTarget` among its choices)."""
    components: Components | None = attrs.field(default=None, validator=_components)
    """GVG-COMP-7: the component set to play with (from :func:`load_components`, say your own
    cards); None plays the reference set."""

    @classmethod
    def as_written(cls, **changes: Any) -> Options:
        """The rulebook's reading with no house rule: ``bounded=False`` (GVG-BOUND-1), so
        swaps and rounds are unlimited and a match may never end; ``changes`` set other fields."""
        return cls(**{"bounded": False, **changes})


@attrs.frozen(slots=True)
class Setup:
    """A known first-round deal, for tracking a physical table. Parts left None are random.

    ``deck`` is all 50 path cards top first; seat i's hand is ``deck[3i:3i+3]``
    and the rest is the draw pile. Later rounds are dealt from the seed.
    """

    roles: tuple[str, ...] | None = None
    """The role card of each seat (character names)."""
    targets: tuple[str, ...] | None = None
    """The target identities top to bottom, a permutation of gold, dynamite, dragon."""
    deck: tuple[str, ...] | None = None
    """The shuffled path cards, top first, before the hands are dealt."""
    first_player: int = 0
    """The seat that starts the first round (the longest beard)."""


@attrs.frozen(slots=True, cache_hash=True, weakref_slot=False)  # see core.evolve
class State:
    """Everything the rules need. Never mutated."""

    players: int
    options: Options
    rng: Rng
    round: int
    """1 for the first round."""
    round_starter: int
    """The seat that began this round."""
    turn: int
    """The seat whose turn it is (it decides unless a frame names another seat)."""
    phase: Phase
    points: tuple[int, ...]
    roles: tuple[str, ...]
    """Each seat's role card now."""
    boxed: tuple[str, ...]
    """Role cards not dealt this round (sorted)."""
    targets: tuple[str, ...]
    """Target identity by slot (top, middle, bottom)."""
    opened: tuple[bool, ...]
    deck: tuple[str, ...]
    """The draw pile, top first."""
    deck_owner: tuple[int, ...]
    """Per deck card: the seat that put it on the bottom (it knows the card), else -1."""
    hands: tuple[tuple[str, ...], ...]
    """Each seat's hand, sorted."""
    field: tuple[Tile, ...]
    """Tunnel cards on the field, sorted by (y, x); the start and targets are fixed."""
    discard: tuple[str, ...]
    """Cards out of the round: resolved Map/Explosion/Potion, exploded cards, bombs (sorted)."""
    peeks: tuple[tuple[int, int], ...]
    """(seat, target slot) for each Map played this round: that seat saw that target."""
    potions: tuple[tuple[int, int], ...]
    """(player, chosen seat) for each Potion swap this round, in order."""
    known_cards: tuple[tuple[tuple[int, str], ...], ...]
    """Per observer: (seat, card) pairs it knows are in that seat's hand (sorted, repeats
    for several copies) from a shown hand or a card it put under the deck."""
    skips: tuple[int, ...]
    """Turns each seat must still skip (Ale Mug)."""
    passes: int
    """Passes in a row since the last card was played or swapped or a turn was skipped
    (GVG-END-1: the round ends when they reach the number of players)."""
    swaps_used: tuple[int, ...]
    first_out: int
    """The first seat to run out of cards this round, or -1."""
    stack: tuple[PendingFrame, ...]
    """The pending decisions, top last (see :mod:`gremlinrules.goblins_vs_gnomes.frames`):
    a ``SkipNaming`` waits under a
    ``TargetChoice`` when an Ale Mug reached several targets."""
    opener: int
    """The seat that opened Gold or Dragon (ending the round), or -1; once the round is
    over, the seat its scoring starts from."""
    last_roles: tuple[str, ...]
    """Each seat's role at the end of the previous round (shown to score it)."""
    last_result: str
    """How the previous round ended: gold, dragon, none, dynamite (or "" before the first)."""
    winners: tuple[int, ...]


evolve = make_replace(State)
"""``attrs.evolve`` for the hot path (see :mod:`gremlinrules.core.evolve`)."""
