"""The one error hierarchy of gremlinrules.

Every error the library raises on purpose derives from :class:`GremlinRulesError`.
The ones a caller can provoke with bad input also derive from :class:`ValueError`
(or :class:`LookupError` for an unknown game id), so ``except ValueError`` keeps
working for code that does not know this library.
"""

from __future__ import annotations

__all__ = [
    "ComponentError",
    "GremlinRulesError",
    "IllegalActionError",
    "InvalidArgumentError",
    "SerializationError",
    "SetupError",
    "SpecError",
    "UnknownGameError",
    "shown",
]


class GremlinRulesError(Exception):
    """Base class of every error gremlinrules raises."""


class IllegalActionError(GremlinRulesError, ValueError):
    """An action that the rules do not allow in this state.

    ``clause`` is the spec clause id that forbids it (for example ``"GG-PLACE-3"``)
    and ``reason`` the sentence a player would understand, without the id.
    """

    def __init__(self, reason: str, clause: str = "") -> None:
        self.reason = reason
        self.clause = clause
        super().__init__(f"{reason} [{clause}]" if clause else reason)


class SetupError(GremlinRulesError, ValueError):
    """Bad player count, options or setup (stacked deal, fixed layout)."""


class SerializationError(GremlinRulesError, ValueError):
    """Malformed JSON or data for a state, action, view or options.

    ``path`` names the bad field, JSONPath style (``$.hands[2][0]``), when known.
    """

    def __init__(self, message: str, path: str = "$") -> None:
        self.path = path
        super().__init__(message)


class UnknownGameError(GremlinRulesError, LookupError):
    """No game is registered under that id."""

    def __str__(self) -> str:  # LookupError would quote the message like a key
        return str(self.args[0]) if self.args else "unknown game"


class InvalidArgumentError(GremlinRulesError, ValueError):
    """A call got an argument of the wrong kind: not a state of this game,
    a seat out of range, a non-integer seed."""


class ComponentError(GremlinRulesError, ValueError):
    """A component set (card list, board) fails validation against the rulebook."""


class SpecError(GremlinRulesError, ValueError):
    """A spec clause file or scenario vector is malformed."""


def shown(value: object, limit: int = 60) -> str:
    """A short, safe ``repr`` of a caller's value for an error message.

    Never raises: an int too long for ``repr`` (over 4,300 digits), a structure
    nested too deep or a hostile ``__repr__`` gives a description of its type
    instead, and anything longer than ``limit`` characters is cut with an
    ellipsis, so a 10 MB key is never echoed back.
    """
    try:
        text = repr(value)
    except Exception:  # ValueError for a huge int, RecursionError, a broken __repr__
        if isinstance(value, int):
            return f"<an integer of about {int(abs(value).bit_length() * 0.30103) + 1} digits>"
        return f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."
