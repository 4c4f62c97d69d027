"""The four kinds of decision, and the fixed table of every action.

Actions are interned: ``ACTIONS`` lists every action that can ever be legal
(the RL action space, GG-ACT-1), and the hot path picks from prebuilt tuples
instead of constructing objects. The canonical order of legal actions is their
order in ``ACTIONS``: Play by card, PlayX by suit, rank, low before high, then
Place by suit and spot, then Flip by suit.
"""

from __future__ import annotations

import attrs

from gremlinrules.core.checks import check_players
from gremlinrules.core.checks import exact
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import shown
from gremlinrules.gnaughty_gnomes.board import N_SPOTS
from gremlinrules.gnaughty_gnomes.components import CARDS
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.state import checked_options

__all__ = [
    "ACTIONS", "ACTION_INDEX", "ACTION_TYPES", "Action", "Flip", "Place", "Play", "PlayX", "all_actions",
    "parse_action",
]


def _suit_text(suit: object) -> str:
    return str(getattr(suit, "value", suit))


@attrs.frozen(slots=True, cache_hash=True)
class Play:
    """Play a numbered card from your hand (or your dummy's face-up cards) to the trick."""

    card: Card
    """The card, never an X card."""

    def __str__(self) -> str:
        """The text notation: ``play red 6``."""
        return f"play {_suit_text(self.card.suit)} {self.card.rank}"


@attrs.frozen(slots=True, cache_hash=True)
class PlayX:
    """Play your suit's X card, declaring its rank and whether it is high or low (GG-X-1)."""

    suit: Colour
    """The X card's suit."""
    rank: int = attrs.field(eq=exact)
    """The declared rank, 1 to 8."""
    high: bool = attrs.field(eq=exact)
    """True: above a numbered card of the same rank and suit; False: below it."""

    def __str__(self) -> str:
        """The text notation: ``play red X 3 high``."""
        return f"play {_suit_text(self.suit)} X {self.rank} {'high' if self.high else 'low'}"


@attrs.frozen(slots=True, cache_hash=True)
class Place:
    """Choose an unflipped card of this trick by its suit and put a gnome on a spot (GG-PLACE-1)."""

    suit: Colour
    """The colour of the played card used (it is flipped)."""
    spot: int = attrs.field(eq=exact)
    """The edge or vertex index on the garden (see ``board.BOARD.spots``)."""

    def __str__(self) -> str:
        """The text notation: ``place red 14``."""
        return f"place {_suit_text(self.suit)} {self.spot}"


@attrs.frozen(slots=True, cache_hash=True)
class Flip:
    """Use an unflipped card without placing: only when no legal spot exists (GG-PLACE-8)."""

    suit: Colour
    """The colour of the played card flipped."""

    def __str__(self) -> str:
        """The text notation: ``flip red``."""
        return f"flip {_suit_text(self.suit)}"


Action = Play | PlayX | Place | Flip
ACTION_TYPES: tuple[type, ...] = (Play, PlayX, Place, Flip)

PLAY: dict[Card, Play] = {c: Play(c) for c in CARDS if not c.is_x}
PLAY_X: dict[Colour, tuple[PlayX, ...]] = {
    s: tuple(PlayX(s, r, h) for r in range(1, 9) for h in (False, True)) for s in SUITS
}
PLACE: dict[Colour, tuple[Place, ...]] = {s: tuple(Place(s, i) for i in range(N_SPOTS)) for s in SUITS}
FLIP: dict[Colour, Flip] = {s: Flip(s) for s in SUITS}

ACTIONS: tuple[Action, ...] = (
    tuple(PLAY.values())
    + tuple(a for s in SUITS for a in PLAY_X[s])
    + tuple(a for s in SUITS for a in PLACE[s])
    + tuple(FLIP[s] for s in SUITS)
)
ACTION_INDEX: dict[Action, int] = {a: i for i, a in enumerate(ACTIONS)}


_BY_TEXT: dict[str, Action] = {str(a): a for a in ACTIONS}
_TEXT_LIMIT = 100


def parse_action(text: str) -> Action:
    """The action written in the text notation (``str(action)``): ``play red 6``,
    ``play red X 3 high``, ``place red 14``, ``flip red``.

    Words are separated by any whitespace and read in any case. Text naming none of
    the game's actions raises SerializationError.
    """
    if not isinstance(text, str):
        raise SerializationError(f"an action's notation is text, not {shown(text)}")
    found = _BY_TEXT.get(" ".join(text[:_TEXT_LIMIT].split()).lower().replace(" x ", " X "))
    if found is None or len(text) > _TEXT_LIMIT:
        raise SerializationError(f"{shown(text, 40)} is no Gnaughty Gnomes action: write 'play red 6', "
                                 "'play red X 3 high', 'place red 14' or 'flip red'")
    return found


def all_actions(players: int, options: object | None = None) -> tuple[Action, ...]:
    """Every action that can ever be legal: the fixed action space (GG-ACT-1).

    The same for 2 and 4 players and every option: 32 Play, 64 PlayX, 4 x 92 Place, 4 Flip.
    ``options`` (None or an Options) is checked, though no option changes the space.
    """
    check_players(players, 2, 4, "Gnaughty Gnomes")
    checked_options(options)
    return ACTIONS
