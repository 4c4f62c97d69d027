"""A plain-text rendering of any game's view and events, for the terminal.

It reads only the JSON a client receives (``game.to_data(view)``), so it works
for every game without knowing its classes: the uniform top-level fields first
(who is looking, the phase, who decides, the scores, the pending decision, the
winners), then the game's own fields, one per line, nested ones indented.
The table's ``options`` and the ``format_version`` are left out: they describe
the table, not the position.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from gremlinrules.core.protocol import Game

__all__ = ["render_data", "render_event", "render_view", "seat_name"]

_HEAD = ("seat", "players", "phase", "current_player", "scores", "pending", "winners")
_SKIP = frozenset((*_HEAD, "options", "format_version"))
_WIDTH = 100


def seat_name(seat: Any) -> str:
    """``"seat 2"``, or ``"the spectator"`` for None."""
    return "the spectator" if seat is None else f"seat {seat}"


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def _inline(value: Any) -> str:
    """A value on one line: lists as ``[a, b]``, objects as ``{key value, ...}``."""
    if isinstance(value, Mapping):
        kind = value.get("type")
        body = ", ".join(f"{k} {_inline(v)}" for k, v in value.items() if k != "type")
        return f"{kind}({body})" if isinstance(kind, str) else "{" + body + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return _scalar(value)


def _lines(key: str, value: Any, indent: int) -> list[str]:
    pad = "  " * indent
    flat = _inline(value)
    if len(pad) + len(key) + 2 + len(flat) <= _WIDTH or not isinstance(value, (Mapping, list, tuple)):
        return [f"{pad}{key}: {flat}"]
    if isinstance(value, (list, tuple)) and not any(isinstance(v, (Mapping, list, tuple)) for v in value):
        return textwrap.wrap(f"{key}: {flat}", _WIDTH, initial_indent=pad, subsequent_indent=pad + "    ",
                             break_on_hyphens=False)
    out = [f"{pad}{key}:"]
    if isinstance(value, Mapping):
        for k, v in value.items():
            out += _lines(str(k), v, indent + 1)
    else:
        for i, v in enumerate(value):
            out += _lines(str(i), v, indent + 1)
    return out


def render_data(data: Mapping[str, Any], *, skip: frozenset[str] = frozenset()) -> list[str]:
    """Every field of ``data`` (but ``skip``) as readable lines, nested values indented."""
    out: list[str] = []
    for key, value in data.items():
        if key not in skip:
            out += _lines(key, value, 0)
    return out


def _pending(frame: Any) -> str:
    if not isinstance(frame, Mapping):
        return _inline(frame)
    text = f"{frame.get('kind', '?')} by {seat_name(frame.get('seat'))}"
    if frame.get("source"):
        text += f" (from {_scalar(frame['source'])})"
    if frame.get("among"):
        text += " among " + ", ".join(_inline(v) for v in frame["among"])
    return text


def render_view(game: Game, view: Any) -> str:
    """The view as text: the uniform top-level fields first, then the game's own fields."""
    data = game.to_data(view)
    head = game.title
    if "seat" in data:
        head += f", seen by {seat_name(data['seat'])}"
    if "players" in data:
        head += f" ({data['players']} players)"
    lines = [head]
    if "phase" in data:
        lines.append(f"phase: {_scalar(data['phase'])}")
    if "current_player" in data:
        who = data["current_player"]
        lines.append("to decide: " + ("nobody (the game is over)" if who is None else seat_name(who)))
    if data.get("scores") is not None:
        lines.append("scores: " + ", ".join(f"seat {i} {s}" for i, s in enumerate(data["scores"])))
    if data.get("pending") is not None:
        lines.append("pending: " + _pending(data["pending"]))
    if data.get("winners"):
        lines.append("winners: " + ", ".join(seat_name(w) for w in data["winners"]))
    rest = render_data(data, skip=_SKIP)
    if rest:
        lines.append("-" * 40)
        lines += rest
    return "\n".join(lines)


def render_event(game: Game, event: Any) -> str:
    """One event on one line: its type, then its fields (``Drawn(seat 2, card -)``)."""
    return _inline(game.to_data(event))
