"""The game's JSON converter, with fast hooks for states, cards and played cards.

A state's JSON is mostly cards (``{"rank": 5, "suit": "red"}``, an X card
``{"rank": "X", "suit": "red"}``) and played
cards (``{"card": ..., "high": false, "position": 2, "rank": 5}``). Both are
looked up in tables of every value the game can hold instead of being built
field by field, and the state itself is encoded and decoded directly. Anything
the direct decoder does not recognise (a malformed or impossible value) takes
cattrs' generic path, which reports the bad field's path; the JSON is the same
either way. A state holds its gnomes as two bitmasks (``State.team_gnomes``); its
JSON lists them per spot (``"gnomes"``: a team or null for each spot), as the
view does, and :data:`STATE_SCHEMA` describes that layout.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from itertools import product
from operator import itemgetter
from typing import Any

import attrs
from cattrs.gen import make_dict_structure_fn

from gremlinrules.core import serial
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.frames import upgrade_frames
from gremlinrules.core.rng import Rng
from gremlinrules.core.schema import build_schema
from gremlinrules.gnaughty_gnomes.actions import ACTION_TYPES
from gremlinrules.gnaughty_gnomes.board import N_SPOTS
from gremlinrules.gnaughty_gnomes.components import CARDS
from gremlinrules.gnaughty_gnomes.components import REFERENCE
from gremlinrules.gnaughty_gnomes.components import SUITS
from gremlinrules.gnaughty_gnomes.components import Card
from gremlinrules.gnaughty_gnomes.components import Colour
from gremlinrules.gnaughty_gnomes.events import EVENT_TYPES
from gremlinrules.gnaughty_gnomes.flow import placement_frame
from gremlinrules.gnaughty_gnomes.frames import FRAME_TYPES
from gremlinrules.gnaughty_gnomes.frames import Placement
from gremlinrules.gnaughty_gnomes.state import OPTION_CHOICES
from gremlinrules.gnaughty_gnomes.state import Options
from gremlinrules.gnaughty_gnomes.state import Phase
from gremlinrules.gnaughty_gnomes.state import Played
from gremlinrules.gnaughty_gnomes.state import Setup
from gremlinrules.gnaughty_gnomes.state import State
from gremlinrules.gnaughty_gnomes.tables import PLAYED

__all__ = [
    "CARD_SCHEMA", "CONVERTER", "FORMAT_VERSION", "STATE_SCHEMA", "UPGRADES", "state_json", "upgrade_v1",
]

CONVERTER = serial.make_converter(ACTION_TYPES + EVENT_TYPES, frame_types=FRAME_TYPES)
FORMAT_VERSION = 2
"""The version of this game's state and view JSON: 2 since the decision frames are typed
(``{"type": "Placement", "seat": ..., "position": ..., "place": ...}``); version 1 documents
still read (:data:`UPGRADES`)."""
X_TEXT = "X"
"""An X card's rank in JSON (its rank is declared when it is played)."""
_CARD_BY_RANK_SUIT: dict[Any, Card] = {(X_TEXT if c.is_x else c.rank, c.suit.value): c for c in CARDS}
_RANK_TYPES = {int, str}


def _card(data: Any) -> Card | None:
    """The deck's card for exactly ``{"rank": int or "X", "suit": str}``, else None."""
    if type(data) is not dict or len(data) != 2:
        return None
    suit, rank = data.get("suit"), data.get("rank")
    return _CARD_BY_RANK_SUIT.get((rank, suit)) if type(suit) is str and type(rank) in _RANK_TYPES else None


_SUITS_TAKEN = "one of " + ", ".join(sorted({suit for _, suit in _CARD_BY_RANK_SUIT}))
_RANKS = sorted({rank for rank, _ in _CARD_BY_RANK_SUIT if rank != X_TEXT})
_RANKS_TAKEN = f'{_RANKS[0]} to {_RANKS[-1]} or "{X_TEXT}"'


def _structure_card(data: Any, _: Any) -> Card:
    card = _card(data)
    if card is None:
        raise _card_refusal(data)
    return card


def _card_refusal(data: Any) -> ValueError:
    """What is wrong with card data that names no card of the deck: its suit or its rank (with the
    values each takes), or its shape."""
    if type(data) is not dict or set(data) != {"rank", "suit"}:
        return serial.refusal(None, data, 'a card: {"rank": ..., "suit": ...}')
    if type(data["suit"]) is not str or data["suit"] not in {suit for _, suit in _CARD_BY_RANK_SUIT}:
        return serial.refusal("suit", data["suit"], _SUITS_TAKEN)
    return serial.refusal("rank", data["rank"], _RANKS_TAKEN)


def _card_data(card: Card) -> dict[str, Any]:
    return {"rank": X_TEXT if card.is_x else card.rank, "suit": card.suit.value}


CARD_SCHEMA = {
    "type": "object",
    "description": "A card: its suit and its rank 1-8, or \"X\" for the suit's X card.",
    "properties": {"rank": {"anyOf": [{"type": "integer", "minimum": 1, "maximum": 8}, {"const": X_TEXT}]},
                   "suit": {"enum": [s.value for s in SUITS]}},
    "required": ["rank", "suit"], "additionalProperties": False,
}
"""The JSON Schema of a card (``JSON_SCHEMA_OVERRIDES``): its JSON is not its slots."""

CONVERTER.register_structure_hook(Card, _structure_card)
CONVERTER.register_unstructure_hook(Card, _card_data)

_PLAYED_BY_FIELDS = {(p.card, p.high, p.position, p.rank): p for records in PLAYED.values() for p in records}
_generic_played = make_dict_structure_fn(Played, CONVERTER)


def _played(data: Any) -> Played | None:
    """The game's record for well-formed played-card data, else None."""
    if type(data) is not dict or len(data) != 4:
        return None
    card, position = _card(data.get("card")), data.get("position")
    rank, high = data.get("rank"), data.get("high")
    if card is None or type(position) is not int or type(rank) is not int or type(high) is not bool:
        return None
    return _PLAYED_BY_FIELDS.get((card, high, position, rank))


def _structure_played(data: Any, cls: Any) -> Played:
    found = _played(data)
    return found if found is not None else _generic_played(data, cls)  # reports what is wrong


def _played_data(p: Played) -> dict[str, Any]:
    card = p.card
    return {"card": {"rank": X_TEXT if card.is_x else card.rank, "suit": card.suit.value}, "high": p.high,
            "position": p.position, "rank": p.rank}


CONVERTER.register_structure_hook(Played, _structure_played)
CONVERTER.register_unstructure_hook(Played, _played_data)


# The whole state: a direct encoder, and a decoder for well-formed data that hands anything
# else to cattrs' generic path (which names the bad field). A test compares both paths.

_COLOURS = {c.value: c for c in Colour}
_PHASES = {p.value: p for p in Phase}
_POSITIONS = 4
"""Table positions, whatever the seat count (GG-2P-1): the length of hands and piles."""


def _json_layout() -> type:
    """A class whose fields are a state's JSON: State's, with ``gnomes`` (a team or None per
    spot) in place of ``team_gnomes``. cattrs' generic decoder reads it (and names a bad field),
    and the JSON Schema describes it."""
    attrs.resolve_types(State)
    fields = {}
    for f in attrs.fields(State):
        if f.name == "team_gnomes":
            fields["gnomes"] = attrs.field(type=tuple[int | None, ...])
        else:
            fields[f.name] = attrs.field(type=f.type)
    cls = attrs.make_class("State", fields, frozen=True, slots=True)
    cls.__doc__ = State.__doc__
    cls.__module__ = __name__
    return cls


_JSON_STATE = _json_layout()
_STATE_KEYS = frozenset(f.name for f in attrs.fields(_JSON_STATE))
_STATE_FIELDS = tuple(f.name for f in attrs.fields(State))
_OPTION_KEYS = frozenset(f.name for f in attrs.fields(Options))
_generic_state: Callable[[Any, Any], Any] = make_dict_structure_fn(_JSON_STATE, CONVERTER)


# Lists of cards and of played cards are checked and looked up with set(), map() and
# itemgetter, so the per-item work runs in C.
_DICT, _LIST, _INT, _BOOL, _STR, _TWO, _FOUR = {dict}, {list}, {int}, {bool}, {str}, {2}, {4}
_RANK_SUIT = itemgetter("rank", "suit")
_PLAYED_FIELDS = itemgetter("card", "high", "position", "rank")
_FIRST = itemgetter(0)


def _cards(items: Any) -> tuple[Card, ...] | None:
    """The deck's cards for a list of exactly ``{"rank": int or "X", "suit": str}`` objects, else None."""
    if type(items) is not list:
        return None
    if not items:
        return ()
    try:
        if set(map(type, items)) != _DICT or set(map(len, items)) != _TWO:
            return None
        keys = list(map(_RANK_SUIT, items))
        out = tuple(map(_CARD_BY_RANK_SUIT.get, keys))
    except (KeyError, TypeError):  # a missing key, an unhashable value
        return None
    if None in out or not set(map(type, map(_FIRST, keys))) <= _RANK_TYPES:  # no 3.0 or true for a rank
        return None
    return out  # type: ignore[return-value]


def _played_all(items: Any) -> tuple[Played, ...] | None:
    """The game's records for a list of well-formed played-card objects, else None."""
    if type(items) is not list:
        return None
    if not items:
        return ()
    try:
        if set(map(type, items)) != _DICT or set(map(len, items)) != _FOUR:
            return None
        card_data, highs, positions, ranks = zip(*map(_PLAYED_FIELDS, items), strict=True)
    except (KeyError, TypeError):
        return None
    cards = _cards(list(card_data))
    if (cards is None or set(map(type, highs)) != _BOOL or set(map(type, positions)) != _INT
            or set(map(type, ranks)) != _INT):
        return None
    out = tuple(map(_PLAYED_BY_FIELDS.get, zip(cards, highs, positions, ranks, strict=True)))
    return None if None in out else out  # type: ignore[return-value]


def _ints(items: Any, kind: type = int) -> tuple[Any, ...] | None:
    if type(items) is list and (not items or set(map(type, items)) == {kind}):
        return tuple(items)
    return None


_GNOME_KINDS = ({int}, {type(None)}, {int, type(None)})
_SEQUENCES = {list, tuple}
_TEAM0_DIGIT = {None: "0", 0: "1", 1: "0"}
_TEAM1_DIGIT = {None: "0", 0: "0", 1: "1"}


def _team_gnomes(items: Any) -> tuple[int, int] | None:
    """The two teams' bitmasks for a list or tuple of a team (0 or 1) or null (open) per spot,
    else None. Each team's spots are read as binary digits (spot 0 last), in C."""
    if type(items) not in _SEQUENCES or len(items) != N_SPOTS or set(map(type, items)) not in _GNOME_KINDS:
        return None  # no bool passes for a team: its type is not int
    try:
        team0 = int("".join(map(_TEAM0_DIGIT.__getitem__, reversed(items))), 2)
        team1 = int("".join(map(_TEAM1_DIGIT.__getitem__, reversed(items))), 2)
    except KeyError:  # a team other than 0 or 1
        return None
    return team0, team1


def _from_layout(plain: Any) -> State:
    """The State for the generic decoder's result; SerializationError when its gnomes are not
    a team or None for each spot (the one field a State keeps in another form)."""
    masks = _team_gnomes(plain.gnomes)
    if masks is None:
        raise SerializationError(f"bad data for State: $.gnomes: must give a team (0 or 1) or null (open) "
                                 f"for each of the {N_SPOTS} spots", "$.gnomes")
    values: dict[str, Any] = {name: getattr(plain, name) for name in _STATE_FIELDS if name != "team_gnomes"}
    return State(team_gnomes=masks, **values)


def _colours(items: Any) -> tuple[Colour, ...] | None:
    if type(items) is not list or (items and set(map(type, items)) != _STR):
        return None
    out = tuple(map(_COLOURS.get, items))
    return None if None in out else out  # type: ignore[return-value]


def _pile_row(row: Any) -> tuple[tuple[Card | None, Card | None], ...] | None:
    """A position's dummy piles: a list of [face-down, face-up] pairs, each a card or null."""
    if type(row) is not list:
        return None
    if not row:
        return ()
    if set(map(type, row)) != _LIST or set(map(len, row)) != _TWO:
        return None
    flat = list(chain.from_iterable(row))
    cards = _cards([x for x in flat if x is not None])
    if cards is None:
        return None
    it = iter(cards)
    values = [None if x is None else next(it) for x in flat]
    return tuple(zip(values[::2], values[1::2], strict=True))


_FRAME_DATA = {
    frame: CONVERTER.unstructure(frame)
    for frame in (placement_frame(n, place, pos) for n in (2, 4) for place in range(1, 5) for pos in range(4))
}
"""Each placement frame and its JSON data (what the generic converter makes of it)."""
_FRAME_BY_TEXT = {serial.dumps(data): frame for frame, data in _FRAME_DATA.items()}
_FRAME_TEXT = {frame: text for text, frame in _FRAME_BY_TEXT.items()}


_MAX_FRAMES = 4
"""A trick has four placements, so the stack never holds more frames."""


def _frames(items: Any) -> tuple[Placement, ...] | None:
    """The interned placement frames for a list of their JSON data, else None."""
    if type(items) is not list or len(items) > _MAX_FRAMES or set(map(type, items)) - _DICT:
        return None  # more frames than placements, or an item that is no frame: the generic path
    try:
        out = tuple(_FRAME_BY_TEXT.get(serial.dumps(item)) for item in items)
    except (TypeError, ValueError):
        return None
    return None if None in out else out  # type: ignore[return-value]


def _fast_state(data: Any) -> State | None:
    """The state for well-formed data, or None to let the generic path explain what is wrong."""
    if type(data) is not dict or data.keys() != _STATE_KEYS:
        return None
    opts, rng, hands, piles = data["options"], data["rng"], data["hands"], data["piles"]
    if (type(opts) is not dict or opts.keys() != _OPTION_KEYS
            or not all(type(v) is str for v in opts.values())
            or type(rng) is not dict or rng.keys() != {"state"} or type(rng["state"]) is not int
            or type(hands) is not list or len(hands) != _POSITIONS or type(piles) is not list
            or len(piles) != _POSITIONS or type(data["history"]) is not list
            or len(data["history"]) > REFERENCE.tricks
            or type(data["phase"]) is not str or data["phase"] not in _PHASES
            or not all(type(data[k]) is int for k in ("players", "trick", "leader"))):
        return None
    try:
        options = Options(**opts)
    except GremlinRulesError:
        return None
    hand_cards = [_cards(h) for h in hands]
    pile_rows = [_pile_row(row) for row in piles]
    tricks = [_played_all(t) for t in data["history"]]
    parts = (_colours(data["layout"]), _colours(data["track"]), _team_gnomes(data["gnomes"]),
             _ints(data["supply"]), _ints(data["team_scores"]), _played_all(data["plays"]),
             _ints(data["order"]), _ints(data["flipped"], bool))
    stack = _frames(data["stack"])
    if None in parts or None in hand_cards or None in tricks or None in pile_rows or stack is None:
        return None
    layout, track, team_gnomes, supply, scores, plays, order, flipped = parts
    return State(
        players=data["players"], options=options, layout=layout, track=track,  # type: ignore[arg-type]
        hands=tuple(hand_cards), piles=tuple(pile_rows), team_gnomes=team_gnomes,  # type: ignore[arg-type]
        supply=supply, team_scores=scores, trick=data["trick"], leader=data["leader"],  # type: ignore[arg-type]
        phase=_PHASES[data["phase"]], plays=plays, order=order, flipped=flipped,  # type: ignore[arg-type]
        stack=stack, history=tuple(tricks), rng=Rng(rng["state"]),  # type: ignore[arg-type]
    )


def _structure_state(data: Any, cls: Any) -> State:
    found = _fast_state(data)
    return found if found is not None else _from_layout(_generic_state(data, _JSON_STATE))


_OPTION_NAMES = tuple(sorted(_OPTION_KEYS))


def _state_data(s: State) -> dict[str, Any]:
    o = s.options
    return {
        "players": s.players,
        "options": {name: getattr(o, name) for name in _OPTION_NAMES},
        "layout": [c.value for c in s.layout], "track": [c.value for c in s.track],
        "hands": [[_card_data(c) for c in h] for h in s.hands],
        "piles": [[[None if c is None else _card_data(c) for c in pile] for pile in row] for row in s.piles],
        "gnomes": list(s.gnomes), "supply": list(s.supply), "team_scores": list(s.team_scores),
        "trick": s.trick, "leader": s.leader, "phase": s.phase.value,
        "plays": [_played_data(p) for p in s.plays], "order": list(s.order), "flipped": list(s.flipped),
        "stack": [_frame_data(f) for f in s.stack],
        "history": [[_played_data(p) for p in t] for t in s.history],
        "rng": {"state": s.rng.state},
    }


def _frame_data(f: Placement) -> Any:
    found = _FRAME_DATA.get(f)
    return found if found is not None else CONVERTER.unstructure(f)


CONVERTER.register_structure_hook(State, _structure_state)
CONVERTER.register_unstructure_hook(State, _state_data)


# JSON text for a state, assembled from precomputed pieces: exactly serial.dumps(to_data(state))
# (compact, keys sorted), which a test checks, in a third of the time.

def _text(value: Any) -> str:
    return serial.dumps(value)


_CARD_TEXT = {c: _text(_card_data(c)) for c in CARDS}
_PLAYED_TEXT = {id(p): _text(_played_data(p)) for records in PLAYED.values() for p in records}
_COLOUR_TEXT = {c: _text(c.value) for c in Colour}
_PHASE_TEXT = {p: _text(p.value) for p in Phase}
_BOOL_TEXT = {True: "true", False: "false"}
_OPTIONS_TEXT = {
    options: _text({name: getattr(options, name) for name in _OPTION_NAMES})
    for options in (Options(**dict(zip(_OPTION_NAMES, values, strict=True)))
                    for values in product(*(OPTION_CHOICES[name] for name in _OPTION_NAMES)))
}
"""The JSON text of every Options value (each field has two readings: 64 of them)."""


def _ints_text(items: tuple[int, ...]) -> str:
    if items and set(map(type, items)) != {int}:
        raise TypeError("not a tuple of plain integers")
    return "[" + ",".join(map(str, items)) + "]"


_GNOME_TEXT = {None: "null", 0: "0", 1: "1"}
_GNOME_TYPES = {int, type(None)}


def _gnomes_text(items: tuple[int | None, ...]) -> str:
    if not set(map(type, items)) <= _GNOME_TYPES:
        raise TypeError("not a tuple of plain integers and None")
    return "[" + ",".join(map(_GNOME_TEXT.__getitem__, items)) + "]"


def _int_text(n: int) -> str:
    if type(n) is not int:
        raise TypeError("not a plain integer")
    return str(n)


def _played_text(p: Played) -> str:
    found = _PLAYED_TEXT.get(id(p))
    return found if found is not None else _text(_played_data(p))


_VERSION_TEXT = str(FORMAT_VERSION)


def _fast_state_json(s: State) -> str:
    cards, colours = _CARD_TEXT, _COLOUR_TEXT
    piles = ",".join(
        "[" + ",".join("[" + ",".join("null" if c is None else cards[c] for c in pile) + "]" for pile in row)
        + "]" for row in s.piles
    )
    return "".join((
        '{"flipped":[', ",".join(map(_BOOL_TEXT.__getitem__, s.flipped)),
        '],"format_version":', _VERSION_TEXT, ',"gnomes":', _gnomes_text(s.gnomes),
        ',"hands":[', ",".join("[" + ",".join(map(cards.__getitem__, h)) + "]" for h in s.hands),
        '],"history":[', ",".join("[" + ",".join(map(_played_text, t)) + "]" for t in s.history),
        '],"layout":[', ",".join(map(colours.__getitem__, s.layout)),
        '],"leader":', _int_text(s.leader),
        ',"options":', _OPTIONS_TEXT[s.options],
        ',"order":', _ints_text(s.order),
        ',"phase":', _PHASE_TEXT[s.phase],
        ',"piles":[', piles,
        '],"players":', _int_text(s.players),
        ',"plays":[', ",".join(map(_played_text, s.plays)),
        '],"rng":{"state":', _int_text(s.rng.state),
        '},"stack":[', ",".join(map(_FRAME_TEXT.__getitem__, s.stack)),
        '],"supply":', _ints_text(s.supply),
        ',"team_scores":', _ints_text(s.team_scores),
        ',"track":[', ",".join(map(colours.__getitem__, s.track)),
        '],"trick":', _int_text(s.trick), "}",
    ))


def state_json(s: State) -> str:
    """``serial.dumps(to_data(s))`` (its ``format_version`` included), faster; a state
    holding values of other types (built by hand) takes the generic path."""
    try:
        return _fast_state_json(s)
    except (KeyError, TypeError, AttributeError):
        return serial.dumps({**CONVERTER.unstructure(s), "format_version": FORMAT_VERSION})


def _placement_of_v1(frame: Any) -> Any:
    """A version 1 "place" frame (``kind``, ``seat``, ``source``, ``bound`` holding the position
    and the place, empty ``among`` and ``then``) as a Placement's data; anything else unchanged
    (the converter says what is wrong)."""
    if type(frame) is not dict or frame.get("kind") != "place" or type(frame.get("bound")) is not list:
        return frame
    bound = dict(pair for pair in frame["bound"] if type(pair) is list and len(pair) == 2
                 and type(pair[0]) is str)
    return {"type": "Placement", "seat": frame.get("seat"), "position": bound.get("position"),
            "place": bound.get("place")}


def upgrade_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version 1 state or view document as version 2: its untyped "place" frames (the state's
    ``stack``, the view's ``pending``) as Placement frames."""
    return upgrade_frames(data, _placement_of_v1)


UPGRADES = {1: upgrade_v1}
"""Each older format version's upgrade to the next (see :class:`gremlinrules.core.game.ModuleGame`)."""


def _state_schema() -> dict[str, Any]:
    """The JSON Schema of a state's JSON (``JSON_SCHEMA_OVERRIDES``): its JSON is not its slots
    (``gnomes`` per spot, not ``team_gnomes``). The generator's own entry, inlined: no other
    part of the game's schema names it."""
    layout = build_schema(title="", state=_JSON_STATE, view=_JSON_STATE, actions=(), options=Options,
                          setup=Setup, overrides={Card: CARD_SCHEMA})["$defs"]
    entry: dict[str, Any] = layout["State"]
    entry["properties"]["rng"] = layout["Rng"]
    return entry


STATE_SCHEMA = _state_schema()
"""The JSON Schema of a state (``JSON_SCHEMA_OVERRIDES``), as generated from its JSON's fields."""
