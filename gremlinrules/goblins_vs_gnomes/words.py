# placeholder: helper B's module replaces this file
"""Sentences a person reads (a placeholder until this game's own words land)."""

from __future__ import annotations

from typing import Any

__all__ = ["event_sentence", "view_lines"]


def view_lines(view: Any) -> tuple[str, ...]:
    """What ``view`` shows, in sentences (a placeholder: only who decides)."""
    who = getattr(view, "current_player", None)
    return ("The game is over." if who is None else f"Seat {who} decides.",)


def event_sentence(event: Any, seat: int | None) -> str:
    """What ``event`` was for ``seat`` (a placeholder: no detail)."""
    return "Something happened on the table."
