"""The component set: suits, cards and numbers, loaded from TOML and validated.

Every number the rulebook states is checked here (GG-COMP-1, GG-COMP-2,
GG-TRACK-1, GG-SETUP-2, GG-SETUP-4, GG-2P-2, GG-END-1); the board shape is an
assumption (GG-BOARD-1). The reference file ships in the package.
"""

from __future__ import annotations

import enum
import tomllib
from importlib import resources
from typing import Any

import attrs

from gremlinrules.core.deprecation import module_aliases
from gremlinrules.core.enums import CodeRepr
from gremlinrules.core.errors import ComponentError
from gremlinrules.core.errors import shown

__all__ = ["CARDS", "REFERENCE", "SUITS", "X_RANK", "Card", "Colour", "Components", "load_components"]


class Colour(CodeRepr, enum.StrEnum):
    """A card suit and mushroom colour; WHITE is only the centre hex."""

    RED = "red"
    PURPLE = "purple"
    BLACK = "black"
    ORANGE = "orange"
    WHITE = "white"


SUITS: tuple[Colour, ...] = (Colour.RED, Colour.PURPLE, Colour.BLACK, Colour.ORANGE)
X_RANK = 0
"""The rank field of an X card (its playing rank is declared when played)."""


class Card:
    """A card: a suit and a rank 1-8, or rank 0 for the suit's X card.

    Cards are interned: ``Card(Colour.RED, 5)`` (or ``Card("red", 5)``) returns
    the one red 5 of the deck, so equality and hashing are identity and cost
    nothing in the hot paths. A value naming no card of the deck builds a
    stray card equal only to itself, which no rule accepts.
    """

    __slots__ = ("is_x", "rank", "suit", "suit_bit")
    __match_args__ = ("suit", "rank")
    suit: Colour
    """The suit (never WHITE)."""
    rank: int
    """1 to 8, or 0 for the X card."""
    is_x: bool
    """True for an X card."""
    suit_bit: int
    """The suit as one bit (1, 2, 4, 8 in ``SUITS`` order; 0 for a stray suit), for suit sets."""

    def __new__(cls, suit: Colour, rank: int) -> Card:
        """The deck's card of that suit and rank (see the class docstring)."""
        try:
            found = _DECK.get((suit, rank))
        except TypeError:  # an unhashable suit or rank: a stray card
            found = None
        if found is not None:
            return found
        card = object.__new__(cls)
        object.__setattr__(card, "suit", suit)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "is_x", rank == X_RANK)
        object.__setattr__(card, "suit_bit", 1 << SUITS.index(suit) if suit in SUITS else 0)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[Colour, int]]:
        return (Card, (self.suit, self.rank))

    def __repr__(self) -> str:
        """``Card(Colour.RED, 5)``; a stray card's values are shown short and safely."""
        suit = f"Colour.{self.suit.name}" if isinstance(self.suit, Colour) else shown(self.suit)
        return f"Card({suit}, {shown(self.rank)})"

    def __str__(self) -> str:
        """``red 5``, ``red X``."""
        if self in _CARD_SET:
            return f"{self.suit.value} {'X' if self.is_x else self.rank}"
        return f"{shown(self.suit)} {shown(self.rank)}"


_DECK: dict[tuple[Colour, int], Card] = {}


@attrs.frozen
class Components:
    """The validated numbers of a component set."""

    suits: tuple[Colour, ...]
    ranks: int
    x_cards_per_suit: int
    hexes_per_colour: int
    white_hexes: int
    board_rows: tuple[int, ...]
    track_values: tuple[int, ...]
    track_bands: tuple[tuple[int, int], ...]
    gnomes_per_seat: int
    hand_size: int
    tricks: int
    dummy_face_down: int
    dummy_face_up: int


_STATED: dict[str, Any] = {
    # what the rulebook says, field by field
    "suits": ("red", "purple", "black", "orange"),
    "ranks": 8,
    "x_cards_per_suit": 1,
    "hexes_per_colour": 3,
    "white_hexes": 1,
    "track_values": (5, 4, 3, 2),
    "track_bands": ((1, 2), (3, 4), (5, 6), (7, 8)),
    "gnomes_per_seat": 8,
    "hand_size": 8,
    "tricks": 8,
    "dummy_face_down": 4,
    "dummy_face_up": 4,
}


def _freeze(value: Any) -> Any:
    return tuple(_freeze(v) for v in value) if isinstance(value, list) else value


COMPONENT_TEXT_LIMIT = 100_000
"""The longest component file ``load_components`` reads (the reference file is under 2,000)."""


def load_components(text: str | None = None) -> Components:
    """Validate a component file (TOML text); the packaged reference set by default.

    A user owning the physical game may load their own file; every number the
    rulebook states must match it, or ComponentError says which does not.
    """
    if text is None:
        text = resources.files(__package__).joinpath("components.toml").read_text(encoding="utf-8")
    if not isinstance(text, str):
        raise ComponentError(f"a component file is TOML text, not {shown(text)}")
    if len(text) > COMPONENT_TEXT_LIMIT:
        raise ComponentError(f"a component file is at most {COMPONENT_TEXT_LIMIT:,} characters, "
                             f"not {len(text):,}")
    try:
        raw = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as exc:  # ValueError: a 5,000-digit int
        raise ComponentError(f"component file is not valid TOML: {shown(str(exc), 200)}") from None
    fields = {a.name for a in attrs.fields(Components)}
    if set(raw) != fields:
        raise ComponentError(f"component file keys differ: missing {sorted(fields - set(raw))}, "
                             f"unknown {sorted(set(raw) - fields)}")
    data = {k: _freeze(v) for k, v in raw.items()}
    for key, stated in _STATED.items():
        if data[key] != stated:
            raise ComponentError(f"{key} is {shown(data[key])} but the rulebook states {stated!r}")
    rows = data["board_rows"]
    total = len(data["suits"]) * data["hexes_per_colour"] + data["white_hexes"]
    if (not isinstance(rows, tuple) or len(rows) != 3 or rows[0] != rows[2] or rows[1] != rows[0] + 1
            or sum(rows) != total or rows[1] % 2 != 1):
        raise ComponentError(f"board_rows {shown(rows)} must be three rows n, n+1, n with an odd middle "
                             f"row holding {total} hexes in all (the rulebook's 13)")
    data["suits"] = tuple(Colour(s) for s in data["suits"])
    return Components(**data)


REFERENCE = load_components()
"""The reference component set shipped with the package (``components.toml``)."""
__getattr__ = module_aliases(__name__, {"COMPONENTS": ("REFERENCE", lambda: REFERENCE)})

CARDS: tuple[Card, ...] = tuple(Card(s, r) for s in SUITS for r in range(1, REFERENCE.ranks + 1)) + tuple(
    Card(s, X_RANK) for s in SUITS
)
_DECK.update(((c.suit, c.rank), c) for c in CARDS)
"""All 36 cards: the 32 numbered cards by suit then rank, then the four X cards."""
_CARD_SET = frozenset(CARDS)
"""The deck's cards (identity-hashed): a card outside it is a stray card built from other values."""
