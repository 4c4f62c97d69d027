"""Finding a game's own action objects fast, by identity first and by value otherwise.

Games build every action that can ever be legal once, at import, and hand
those objects out from ``legal_actions``. So ``apply`` nearly always receives
one of them: an ``id`` lookup finds it with an integer key, hashed in C,
where a lookup by value would call the attrs class's ``__hash__`` in Python.
The objects live as long as the game's module, so no other live object can
share an id with one of them: finding the id is finding the object. An equal
action built elsewhere (``Place("red", 3)``) is found by value, and anything
unhashable or unknown gives None.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from typing import Generic
from typing import TypeVar

__all__ = ["ActionLookup"]

_V = TypeVar("_V")


class ActionLookup(Generic[_V]):
    """Per-action data for a fixed set of action objects.

    Use ``lookup.by_id.get(id(action)) or lookup.by_value(action)`` on a hot
    path (the data must be truthy, such as a non-empty tuple), or
    :meth:`get`.
    """

    __slots__ = ("_values", "by_id")

    def __init__(self, data: Mapping[Any, _V]) -> None:
        self._values = dict(data)
        self.by_id: dict[int, _V] = {id(action): value for action, value in self._values.items()}
        """The data keyed by the id of each action object given."""

    def by_value(self, action: Any) -> _V | None:
        """The data of the action equal to ``action``, or None (unhashable, unknown, or an object whose
        hash or ``==`` fails, such as one built without its fields)."""
        try:
            return self._values.get(action)
        except Exception:  # a field that cannot be hashed, a half-built or hostile object: none of ours
            return None

    def get(self, action: Any) -> _V | None:
        """The data of ``action``: by identity, else by value; None when it is none of ours."""
        found = self.by_id.get(id(action))
        return found if found is not None else self.by_value(action)
