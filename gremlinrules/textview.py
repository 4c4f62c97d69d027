"""A plain-text rendering of any game's view and events, for the terminal.

:func:`render_view` and :func:`render_event` print the game's own sentences (``game.view_text``,
``game.event_text``: each game's ``words`` module), so a person reads words, never a field name,
a class name or an internal code (issue 31). :func:`render_data` is the field dump they replaced,
kept for debugging: every field of the JSON a client receives (``game.to_data(view)``), one per
line, nested ones indented.
"""

from __future__ import annotations

import importlib
import textwrap
from collections.abc import Mapping
from typing import Any

from gremlinrules.core.errors import GremlinRulesError
from gremlinrules.core.protocol import Game
from gremlinrules.core.spec import load_spec

__all__ = ["end_words", "render_data", "render_event", "render_view", "seat_name"]

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


def render_view(game: Game, view: Any) -> str:
    """The view as text: a head line (the game, the viewer, the table's size), then the game's
    own sentences for it (``game.view_text``): the hand with its cards' rules text, the table,
    each seat's public state and the pending decision."""
    seat = getattr(view, "seat", None)
    players = getattr(view, "players", None)
    head = f"{game.title}, seen by {seat_name(seat)}" + (f" ({players} players)" if players else "")
    return "\n".join((head, *game.view_text(view)))


def render_event(game: Game, event: Any, seat: int | None = None, view: Any = None) -> str:
    """One event, as ``seat`` (None: a spectator) sees it (``game.observe_event``), in one
    sentence (``game.event_text``): "Seat 2 drew 2 cards.". ``view``: that seat's view of the
    table, so the game names the table's own cards (a user's component set)."""
    return game.event_text(event, seat, view=view)


def end_words(game: Game, state: Any) -> str | None:
    """Why a finished game ended, in words, with the id of the clause that ended it
    (``game.end_reason``): the game's own sentence (its ``words`` module's ``END_REASONS``), else
    the rulebook section the clause comes from; None while the game goes on."""
    reason = game.end_reason(state)
    if reason is None:
        return None
    from gremlinrules.registry import module_name  # the top level: the game's words module

    try:
        words = importlib.import_module(f"{module_name(game.id)}.words")
    except ImportError:  # a game registered from elsewhere, with no words module of its own
        words = None
    told = getattr(words, "END_REASONS", {}).get(reason)
    if told is None:
        try:
            section = load_spec(game.id).clause(reason).section
        except GremlinRulesError:
            section = None
        told = (f"The game ended by the rules of the rulebook's section \u201c{section}\u201d." if section
                else "The game ended by its rules.")
    return f"{told} [{reason}]"
