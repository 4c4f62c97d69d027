"""The one error hierarchy of gremlinrules.

Every error the library raises on purpose derives from :class:`GremlinRulesError`.
The ones a caller can provoke with bad input also derive from :class:`ValueError`
(or :class:`LookupError` for an unknown game id), so ``except ValueError`` keeps
working for code that does not know this library; a missing optional dependency
(:class:`MissingExtraError`) is also an :class:`ImportError`.
"""

from __future__ import annotations

import itertools
from typing import TypeVar

__all__ = [
    "ComponentError", "GremlinRulesError", "IllegalActionError", "InvalidArgumentError", "MissingExtraError",
    "SerializationError", "SetupError", "SpecError", "UnknownGameError", "UnsupportedError", "about_field",
    "listed", "shown",
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
        self.key: str = str(getattr(reason, "key", clause))
        """A message id a frontend can translate: the reason's own key when it is a
        :class:`~gremlinrules.core.messages.Message`, else the clause id."""
        self.params: dict[str, object] = dict(getattr(reason, "params", {}))
        """The values the reason was made from (empty for a fixed sentence)."""
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


class UnsupportedError(GremlinRulesError):
    """A valid request the compiled engine does not serve: the engine is not built or is switched
    off, the game has no native implementation, or the table's options or component set are ones
    the native game does not play. The typed API serves every such request: fall back to it."""


class ComponentError(GremlinRulesError, ValueError):
    """A component set (card list, board) fails validation against the rulebook."""


class SpecError(GremlinRulesError, ValueError):
    """A spec clause file or scenario vector is malformed."""


_E = TypeVar("_E", bound=BaseException)


def about_field(error: _E, field: str | None, value: object, allowed: str) -> _E:
    """``error``, marked as the refusal of ``value`` for ``field`` (None: the value itself), which
    takes ``allowed`` (``"1 to 500"``, ``"one of red, blue"``): a decoder reports it as
    ``$.<path>.<field>: <value> is not <allowed>`` (see :mod:`.serial`). Validators and the
    converter's own hooks mark their errors so."""
    error.refused = (field, value, allowed)  # type: ignore[attr-defined]
    return error


def refused_text(error: BaseException) -> tuple[str | None, str] | None:
    """The field and the sentence ``<value> is not <allowed>`` of an error marked by
    :func:`about_field`, or None for any other."""
    mark = getattr(error, "refused", None)
    if type(mark) is not tuple or len(mark) != 3:
        return None
    field, value, allowed = mark
    return field, f"{shown(value, 40)} is not {allowed}"


def listed(problems: list[str], limit: int = 400) -> str:
    """The first few of ``problems`` (each once, in order) in one sentence of at most ``limit``
    characters, saying how many more there are: for a check that collects every problem it finds
    (a state's consistency), so its message stays short however broken the input is."""
    unique = list(dict.fromkeys(problems))
    text = "; ".join(unique[:3]) + (f" (and {len(unique) - 3} more)" if len(unique) > 3 else "")
    return text if len(text) <= limit else text[: limit - 3] + "..."
class MissingExtraError(GremlinRulesError, ImportError):
    """A module or feature needs an optional dependency that is not installed.

    The message names the extra that brings it, as the command line says it:
    ``the PettingZoo adapter (gremlinrules.adapters.pettingzoo) needs gymnasium, which is
    not installed: pip install 'gremlinrules[pettingzoo]'``. Being an :class:`ImportError`
    too, it is what ``import gremlinrules.adapters.pettingzoo`` raises without the extra, and
    ``except ImportError`` around an optional import keeps working.
    """

    def __init__(self, extra: str, needed_by: str, module: str | None = None, *,
                 alternative: str = "") -> None:
        self.extra = extra
        """The gremlinrules extra to install (``pettingzoo``, ``openspiel``, ``sim``, ``ray``, ``web``)."""
        self.needed_by = needed_by
        """What needs it (a module or a feature, as a reader would name it)."""
        self.alternative = alternative
        """Another way out, when there is one (``pass --no-plots``), or empty."""
        module = module.partition(".")[0] if module else None  # the package to install, not its part
        what = f"{module}, which is not installed" if module else f"the {extra} extra"
        tail = f", or {alternative}" if alternative else ""
        super().__init__(f"{needed_by} needs {what}: pip install 'gremlinrules[{extra}]'{tail}", name=module)

    def __reduce__(self) -> tuple[object, ...]:  # the keyword-only arguments survive a pickle (Ray)
        return (_missing_extra, (self.extra, self.needed_by, self.name, self.alternative))


def _missing_extra(extra: str, needed_by: str, module: str | None, alternative: str) -> MissingExtraError:
    return MissingExtraError(extra, needed_by, module, alternative=alternative)


def shown(value: object, limit: int = 60) -> str:
    """A short, safe ``repr`` of a caller's value for an error message.

    Never raises, and takes time bounded by ``limit``, not by the value: a
    string, list, tuple, set or dict is shown by its first items (``[1, 2, 3,
    ...]``), a structure nested too deep as ``[...]``, an int too long to
    print (over 4,300 digits) by its number of digits; a hostile ``__repr__``
    gives a description of the type; anything longer than ``limit`` characters
    is cut with an ellipsis, so a 10 MB key is never echoed back.
    """
    try:
        text = _short_repr(value, limit, 3)
    except Exception:  # ValueError for a huge int, RecursionError, a broken __repr__
        try:
            text = f"<a {type(value).__name__}>"
        except Exception:  # a type whose name cannot even be read
            text = "<an object>"
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


_ITEMS = 8
"""How many items of a collection :func:`shown` looks at."""

_BRACKETS: dict[type, tuple[str, str]] = {
    list: ("[", "]"), tuple: ("(", ")"), set: ("{", "}"), frozenset: ("frozenset({", "})"),
}


def _short_repr(value: object, limit: int, depth: int) -> str:
    """``repr(value)``, looking at no more of ``value`` than a short text needs."""
    kind = type(value)
    if kind is int:
        number: int = value  # type: ignore[assignment]
        if number.bit_length() > 4 * limit:  # more digits than could be shown: say how many
            return f"<an integer of about {int(abs(number).bit_length() * 0.30103) + 1} digits>"
        return repr(number)
    if kind is str or kind is bytes:
        return repr(value[: limit + 1])  # type: ignore[index]
    if kind in _BRACKETS or kind is dict:
        if not value:
            return repr(value)
        left, right = _BRACKETS.get(kind, ("{", "}"))
        if depth <= 0:
            return f"{left}...{right}"
        if kind is dict:
            mapping: dict[object, object] = value  # type: ignore[assignment]
            parts = [f"{_short_repr(k, limit, depth - 1)}: {_short_repr(v, limit, depth - 1)}"
                     for k, v in itertools.islice(mapping.items(), _ITEMS)]
        else:
            parts = [_short_repr(item, limit, depth - 1)
                     for item in itertools.islice(value, _ITEMS)]  # type: ignore[call-overload]
        if len(value) > _ITEMS:  # type: ignore[arg-type]
            parts.append("...")
        trail = "," if kind is tuple and len(parts) == 1 else ""
        return f"{left}{', '.join(parts)}{trail}{right}"
    return repr(value)
