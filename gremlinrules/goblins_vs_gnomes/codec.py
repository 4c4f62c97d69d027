"""A state's JSON text written straight from its fields (``STATE_TO_JSON``).

:func:`state_json` gives exactly ``serial.dumps(game.to_data(state))``, the
readable notation of :mod:`.notation` with its ``format_version``, without the
converter's per-field hooks: the data is built in one step and the options' data
is kept for the options object last seen. A state with an own component set, or
holding values its class does not declare, takes the general path, which says
what is wrong. ``tests/goblins_vs_gnomes/test_codec.py`` shows the texts equal.
"""

from __future__ import annotations

from typing import Any

import cattrs

from gremlinrules.core import serial
from gremlinrules.goblins_vs_gnomes.actions import SLOTS
from gremlinrules.goblins_vs_gnomes.notation import FORMAT_VERSION
from gremlinrules.goblins_vs_gnomes.state import Options
from gremlinrules.goblins_vs_gnomes.state import Phase
from gremlinrules.goblins_vs_gnomes.state import State

__all__ = ["make_state_json"]

_SLOT_NAMES = tuple(s.value for s in SLOTS)
_PHASES = {Phase.PLAY: "play", Phase.OVER: "over"}


class _Writer:
    """The fast writer for one converter (the options' data of the options last seen)."""

    def __init__(self, converter: cattrs.Converter) -> None:
        self.converter = converter
        self.options: tuple[Options | None, Any] = (None, None)

    def options_data(self, options: Options) -> Any:
        last, data = self.options
        if last is not options:
            if type(options) is not Options or options.components is not None:
                raise TypeError("the general path writes these options")
            data = self.converter.unstructure(options)
            self.options = (options, data)
        return data

    def write(self, s: State) -> str:
        slots = _SLOT_NAMES
        data = {
            "boxed": s.boxed, "deck": s.deck, "deck_owner": [None if o < 0 else o for o in s.deck_owner],
            "discard": s.discard,
            "field": [{"card": t.card, "cell": f"{t.x},{t.y}", "rotated": t.rotated} for t in s.field],
            "first_out": None if s.first_out < 0 else s.first_out, "format_version": FORMAT_VERSION,
            "hands": s.hands,
            "known_cards": [[{"card": c, "seat": seat} for seat, c in k] for k in s.known_cards],
            "last_result": s.last_result or None, "last_roles": s.last_roles,
            "opener": None if s.opener < 0 else s.opener, "options": self.options_data(s.options),
            "passes": s.passes, "peeks": [{"seat": seat, "target": slots[slot]} for seat, slot in s.peeks],
            "phase": _PHASES[s.phase], "players": s.players, "points": s.points,
            "potions": [{"chosen": b, "seat": a} for a, b in s.potions], "rng": {"state": s.rng.state},
            "roles": s.roles, "round": s.round, "round_starter": s.round_starter, "skips": s.skips,
            "stack": [self.converter.unstructure(f) for f in s.stack], "swaps_used": s.swaps_used,
            "targets": {name: {"card": c, "opened": o} for name, c, o in zip(slots, s.targets, s.opened,
                                                                               strict=True)},
            "turn": s.turn, "winners": s.winners,
        }
        return serial.dumps(data)


def make_state_json(converter: cattrs.Converter) -> Any:
    """``state_json`` for the game's converter."""
    writer = _Writer(converter)

    def state_json(s: State) -> str:
        """``serial.dumps(to_data(s))`` (its ``format_version`` included), faster."""
        try:
            return writer.write(s)
        except (KeyError, TypeError, AttributeError, ValueError):
            return serial.dumps({**converter.unstructure(s), "format_version": FORMAT_VERSION})

    return state_json
