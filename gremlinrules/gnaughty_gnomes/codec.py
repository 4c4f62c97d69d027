"""The game's JSON converter, with fast hooks for states, cards and played cards.

A state's JSON is mostly cards (``{"rank": 5, "suit": "red"}``) and played
cards (``{"card": ..., "high": false, "position": 2, "rank": 5}``). Both are
looked up in tables of every value the game can hold instead of being built
field by field, and the state itself is encoded and decoded directly. Anything
the direct decoder does not recognise (a malformed or impossible value) takes
cattrs' generic path, which reports the bad field's path; the JSON is the same
either way.
"""

from __future__ import annotations

from typing import Any

import attrs
from cattrs.gen import make_dict_structure_fn

from gremlinrules.core import serial
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.rng import Rng
from gremlinrules.gnaughty_gnomes.actions import ACTION_TYPES
from gremlinrules.gnaughty_gnomes.components import CARDS, Card, Colour
from gremlinrules.gnaughty_gnomes.state import Options, Phase, Played, State
from gremlinrules.gnaughty_gnomes.tables import PLAYED

__all__ = ["CONVERTER"]

CONVERTER = serial.make_converter(ACTION_TYPES)
_CARD_BY_DATA = {(c.suit.value, c.rank): c for c in CARDS}


def _card(data: Any) -> Card | None:
    """The deck's card for exactly ``{"rank": int, "suit": str}``, else None."""
    if type(data) is not dict or len(data) != 2:
        return None
    suit, rank = data.get("suit"), data.get("rank")
    return _CARD_BY_DATA.get((suit, rank)) if type(suit) is str and type(rank) is int else None


def _structure_card(data: Any, _: Any) -> Card:
    card = _card(data)
    if card is None:
        raise ValueError(f"no such card: {data!r}")
    return card


def _card_data(card: Card) -> dict[str, Any]:
    return {"rank": card.rank, "suit": card.suit.value}


CONVERTER.register_structure_hook(Card, _structure_card)
CONVERTER.register_unstructure_hook(Card, _card_data)

_PLAYED_BY_DATA: dict[tuple[Any, ...], Played] = {
    (p.position, p.card.suit.value, p.card.rank, p.rank, p.high): p
    for records in PLAYED.values() for p in records
}
_generic_played = make_dict_structure_fn(Played, CONVERTER)


def _played(data: Any) -> Played | None:
    """The game's record for well-formed played-card data, else None."""
    if type(data) is not dict or len(data) != 4:
        return None
    card, position = data.get("card"), data.get("position")
    rank, high = data.get("rank"), data.get("high")
    if (type(card) is not dict or len(card) != 2 or type(position) is not int or type(rank) is not int
            or type(high) is not bool or type(card.get("rank")) is not int
            or type(card.get("suit")) is not str):
        return None
    return _PLAYED_BY_DATA.get((position, card["suit"], card["rank"], rank, high))


def _structure_played(data: Any, cls: Any) -> Played:
    found = _played(data)
    return found if found is not None else _generic_played(data, cls)  # reports what is wrong


def _played_data(p: Played) -> dict[str, Any]:
    card = p.card
    return {"card": {"rank": card.rank, "suit": card.suit.value}, "high": p.high, "position": p.position,
            "rank": p.rank}


CONVERTER.register_structure_hook(Played, _structure_played)
CONVERTER.register_unstructure_hook(Played, _played_data)


# The whole state: a direct encoder, and a decoder for well-formed data that hands anything
# else to cattrs' generic path (which names the bad field). A test compares both paths.

_COLOURS = {c.value: c for c in Colour}
_PHASES = {p.value: p for p in Phase}
_STATE_KEYS = frozenset(f.name for f in attrs.fields(State))
_OPTION_KEYS = frozenset(f.name for f in attrs.fields(Options))
_generic_state = make_dict_structure_fn(State, CONVERTER)


def _cards(items: Any) -> tuple[Card, ...] | None:
    if type(items) is not list:
        return None
    out = tuple(map(_card, items))
    return None if None in out else out  # type: ignore[return-value]


def _played_all(items: Any) -> tuple[Played, ...] | None:
    if type(items) is not list:
        return None
    out = tuple(map(_played, items))
    return None if None in out else out  # type: ignore[return-value]


def _ints(items: Any, kind: type = int) -> tuple[Any, ...] | None:
    if type(items) is list and (not items or set(map(type, items)) == {kind}):
        return tuple(items)
    return None


def _colours(items: Any) -> tuple[Colour, ...] | None:
    if type(items) is not list or not all(type(v) is str for v in items):
        return None
    out = tuple(_COLOURS.get(v) for v in items)
    return None if None in out else out  # type: ignore[return-value]


def _pile(pair: Any) -> tuple[Card | None, Card | None] | None:
    """A dummy pile: [face-down, face-up], each a card or null."""
    if type(pair) is not list or len(pair) != 2:
        return None
    down, up = (None if item is None else _card(item) for item in pair)
    if (down is None and pair[0] is not None) or (up is None and pair[1] is not None):
        return None
    return down, up


def _fast_state(data: Any) -> State | None:
    """The state for well-formed data, or None to let the generic path explain what is wrong."""
    if type(data) is not dict or data.keys() != _STATE_KEYS:
        return None
    opts, rng, hands, piles = data["options"], data["rng"], data["hands"], data["piles"]
    if (type(opts) is not dict or opts.keys() != _OPTION_KEYS
            or not all(type(v) is str for v in opts.values())
            or type(rng) is not dict or rng.keys() != {"state"} or type(rng["state"]) is not int
            or type(hands) is not list or type(piles) is not list
            or type(data["phase"]) is not str or data["phase"] not in _PHASES
            or not all(type(data[k]) is int for k in ("players", "trick", "leader", "step"))):
        return None
    try:
        options = Options(**opts)
    except GremlinRulesError:
        return None
    hand_cards = [_cards(h) for h in hands]
    pile_rows = [tuple(_pile(p) for p in row) if type(row) is list else None for row in piles]
    history = data["history"]
    tricks = [_played_all(t) for t in history] if type(history) is list else [None]
    parts = (_colours(data["layout"]), _colours(data["track"]), _ints(data["gnomes"]),
             _ints(data["supply"]), _ints(data["team_scores"]), _played_all(data["plays"]),
             _ints(data["order"]), _ints(data["flipped"], bool))
    if (None in parts or None in hand_cards or None in tricks
            or any(row is None or None in row for row in pile_rows)):
        return None
    layout, track, gnomes, supply, scores, plays, order, flipped = parts
    return State(
        players=data["players"], options=options, layout=layout, track=track,  # type: ignore[arg-type]
        hands=tuple(hand_cards), piles=tuple(pile_rows), gnomes=gnomes,  # type: ignore[arg-type]
        supply=supply, team_scores=scores, trick=data["trick"], leader=data["leader"],  # type: ignore[arg-type]
        phase=_PHASES[data["phase"]], plays=plays, order=order, flipped=flipped,  # type: ignore[arg-type]
        step=data["step"], history=tuple(tricks), rng=Rng(rng["state"]),  # type: ignore[arg-type]
    )


def _structure_state(data: Any, cls: Any) -> State:
    found = _fast_state(data)
    return found if found is not None else _generic_state(data, cls)


def _state_data(s: State) -> dict[str, Any]:
    o = s.options
    return {
        "players": s.players,
        "options": {"loser_vertex": o.loser_vertex, "no_space": o.no_space, "x_tiebreak": o.x_tiebreak,
                    "setup_clump": o.setup_clump},
        "layout": [c.value for c in s.layout], "track": [c.value for c in s.track],
        "hands": [[_card_data(c) for c in h] for h in s.hands],
        "piles": [[[None if c is None else _card_data(c) for c in pile] for pile in row] for row in s.piles],
        "gnomes": list(s.gnomes), "supply": list(s.supply), "team_scores": list(s.team_scores),
        "trick": s.trick, "leader": s.leader, "phase": s.phase.value,
        "plays": [_played_data(p) for p in s.plays], "order": list(s.order), "flipped": list(s.flipped),
        "step": s.step, "history": [[_played_data(p) for p in t] for t in s.history],
        "rng": {"state": s.rng.state},
    }


CONVERTER.register_structure_hook(State, _structure_state)
CONVERTER.register_unstructure_hook(State, _state_data)
