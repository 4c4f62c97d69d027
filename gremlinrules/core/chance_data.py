"""The JSON of the external-chance mode: :class:`~.chance.Outcome` and :class:`~.chance.Tracked`.

An outcome is ``{"type": "Outcome", "pool": ..., "item": ...}``, like any action, with
``"seat": <int>`` when it names the seat a card of a deal goes to. A tracked state is
``{"format_version": 1, "chance": "external", "state": <the game's state or null during the
opening deal>, "pending": null | {"deal": {"players", "options"}} | {"move": <action>},
"entered": ["chance:<pool>:<item>", "chance:<pool>:<item>@<seat>", ...]}``. Decoding enters the
outcomes again one by one, so a decoded tracked state is always one the rules reached. The
state's memory (:mod:`.chance_memory`) is no part of its JSON.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any
from typing import TypeGuard

from gremlinrules.core import chance
from gremlinrules.core.chance import MAX_ENTERED
from gremlinrules.core.chance import Deal
from gremlinrules.core.chance import Outcome
from gremlinrules.core.chance import Tracked
from gremlinrules.core.chance import parse_outcome
from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.errors import SerializationError
from gremlinrules.core.errors import shown
from gremlinrules.core.game import FORMAT_VERSION
from gremlinrules.core.game import _cut
from gremlinrules.core.game import _message
from gremlinrules.core.game import _versioned

if TYPE_CHECKING:
    from gremlinrules.core.game import ModuleGame

__all__ = ["is_outcome_data", "outcome_data", "outcome_from_data", "schema_defs", "tracked_data",
           "tracked_from_data"]

_BAD_ENTERED = "bad data for Tracked: entered is a list of chance:<pool>:<item> texts"
_SEATS = 10**6
"""Seat numbers in JSON are below this (a seat is small)."""


def is_outcome_data(data: Any) -> TypeGuard[dict[str, Any]]:
    """True for data that claims to be an outcome (its ``type`` is ``"Outcome"``)."""
    return type(data) is dict and data.get("type") == "Outcome"


def outcome_from_data(data: dict[str, Any]) -> Outcome:
    """The outcome ``{"type": "Outcome", "pool": ..., "item": ...}`` (and ``"seat"``, a seat
    number, when it names one)."""
    pool, item, seat = data.get("pool"), data.get("item"), data.get("seat")
    texts = type(pool) is str and pool and type(item) is str and item
    if not {"type", "pool", "item"} <= set(data) <= {"type", "pool", "item", "seat"} or not texts:
        raise SerializationError("bad data for Outcome: an object with the keys type, pool and item (texts) "
                                 "and maybe seat")
    if "seat" in data and not (type(seat) is int and 0 <= seat < _SEATS):
        raise SerializationError(f"bad data for Outcome: seat is a seat number (0 or more), not "
                                 f"{shown(seat)}", "$.seat")
    return Outcome(data["pool"], data["item"], seat)


def outcome_data(outcome: Outcome) -> dict[str, Any]:
    """The JSON of an outcome: the seat only when it names one."""
    data: dict[str, Any] = {"type": "Outcome", "pool": outcome.pool, "item": outcome.item}
    if outcome.seat is not None:
        data["seat"] = outcome.seat
    return data


def tracked_data(game: ModuleGame, t: Tracked) -> dict[str, Any]:
    """An external-chance state's JSON: the game's state (null during the opening deal),
    the pending move and the outcomes entered for it."""
    pending: Any = None
    if type(t.pending) is Deal:
        pending = {"deal": {"players": t.pending.players, "options": game.to_data(t.pending.options)}}
    elif t.pending is not None:
        pending = {"move": game.to_data(t.pending)}
    return {"format_version": FORMAT_VERSION, "chance": "external",
            "state": None if t.state is None else game.to_data(t.state), "pending": pending,
            "entered": [str(o) for o in t.entered]}


def tracked_from_data(game: ModuleGame, data: Any) -> Tracked:
    """The tracked state of :func:`tracked_data`'s JSON; malformed or inconsistent data raises
    SerializationError."""
    data = _versioned(data, "Tracked")
    if type(data) is not dict or set(data) != {"chance", "state", "pending", "entered"} \
            or data["chance"] != "external":
        raise SerializationError("bad data for Tracked: an object with the keys chance (\"external\"), "
                                 "state, pending and entered")
    state = None if data["state"] is None else game.from_data(data["state"], game.State)
    pending: Any = None
    raw = data["pending"]
    if raw is not None:
        if type(raw) is not dict or len(raw) != 1 or not ({"deal", "move"} & set(raw)):
            raise SerializationError('bad data for Tracked: pending is null, {"deal": ...} or {"move": ...}',
                                     "$.pending")
        if "deal" in raw:
            deal = raw["deal"]
            if type(deal) is not dict or set(deal) != {"players", "options"} \
                    or type(deal["players"]) is not int:
                raise SerializationError("bad data for Tracked: a deal has players and options",
                                         "$.pending.deal")
            pending = Deal(deal["players"], game.from_data(deal["options"], game.Options))
        else:
            pending = game.from_data(raw["move"], game.Action)
    entered = data["entered"]
    if type(entered) is not list or len(entered) > MAX_ENTERED or any(type(e) is not str for e in entered):
        raise SerializationError(_BAD_ENTERED, "$.entered")
    outcomes = tuple(parse_outcome(e) for e in entered)
    if any(o is None for o in outcomes):
        raise SerializationError(_BAD_ENTERED, "$.entered")
    return _replay(game, state, pending, outcomes)  # type: ignore[arg-type]


def _replay(game: ModuleGame, state: Any, pending: Any, entered: tuple[Outcome, ...]) -> Tracked:
    """The tracked state ``state``/``pending`` with ``entered`` entered again one by one, so
    a decoded state is one the rules reached (each outcome is checked as it is entered)."""
    try:
        if pending is None:
            if entered or state is None:
                raise SerializationError("bad data for Tracked: nothing pending, so no outcomes entered")
            t = Tracked(state, game=game.id, reference=game.reference)
            chance.check_state(game, t)
            return t
        if type(pending) is Deal:
            if state is not None:
                raise SerializationError("bad data for Tracked: no state during the opening deal")
            t = chance.new_tracked(game, pending.players, pending.options, None)
        else:
            t = Tracked(state, game=game.id, reference=game.reference)
            chance.check_state(game, t)
            t = chance.apply(game, t, pending)
        for outcome in entered:
            t = chance.apply(game, t, outcome)
    except SerializationError:
        raise
    except GremlinRulesError as exc:
        raise SerializationError(_cut(f"inconsistent {game.id} tracked state: {_message(exc)}")) from exc
    return t



def schema_defs(format_version: int) -> dict[str, Any]:
    """The JSON Schema ``$defs`` of an outcome and a tracked state (its ``state``, ``pending``
    move and deal options refer to the game's own State, Action and Options)."""
    text = {"type": "string", "minLength": 1}
    deal = {"type": "object", "additionalProperties": False, "required": ["players", "options"],
            "properties": {"players": {"type": "integer"}, "options": {"$ref": "#/$defs/Options"}}}
    return {
        "Outcome": {"type": "object", "additionalProperties": False, "required": ["type", "pool", "item"],
                    "properties": {"type": {"const": "Outcome"}, "pool": text, "item": text,
                                   "seat": {"type": "integer", "minimum": 0, "maximum": _SEATS - 1}}},
        "Tracked": {
            "type": "object", "additionalProperties": False,
            "required": ["format_version", "chance", "state", "pending", "entered"],
            "properties": {
                "format_version": {"const": format_version},
                "chance": {"const": "external"},
                "state": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/State"}]},
                "pending": {"oneOf": [
                    {"type": "null"},
                    {"type": "object", "additionalProperties": False, "required": ["move"],
                     "properties": {"move": {"$ref": "#/$defs/Action"}}},
                    {"type": "object", "additionalProperties": False, "required": ["deal"],
                     "properties": {"deal": deal}}]},
                "entered": {"type": "array", "maxItems": MAX_ENTERED,
                            "items": {"type": "string", "pattern": "^chance:[^:]+:.+?(@([0-9]{1,6})?)?$"}},
            },
        },
    }
