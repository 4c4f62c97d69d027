"""Texts a player reads, with a message id and parameters a frontend can translate.

An action label ("Build 2 iron") and the reason an action is refused ("The
materials deck is empty") are English sentences, but a frontend in another
language needs to say them its own way. So each such text is a
:class:`Message`: a ``str`` (usable anywhere a text is) that also carries
``key``, a stable message id such as ``"ngg.action.build"``, and ``params``, the
values the sentence was made from (``{"material": "iron"}``). A translation is
a template per key with the same ``{name}`` fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from gremlinrules.core.errors import shown

__all__ = ["Message", "message"]

Param = str | int | bool | None


class Message(str):
    """A text with its message id (``key``) and the parameters it was made from (``params``)."""

    key: str
    """The stable message id, dotted: ``"<game prefix>.<what>.<which>"``."""
    params: Mapping[str, Param]
    """The values filled into the template, by field name (read-only)."""

    def __new__(cls, text: str, key: str, params: Mapping[str, Param] | None = None) -> Message:
        """The text ``text`` under the id ``key``, made from ``params``."""
        made = super().__new__(cls, text)
        made.key = key
        made.params = MappingProxyType(dict(params or {}))
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return Message, (str(self), self.key, dict(self.params))

    def as_data(self) -> dict[str, Any]:
        """The JSON form a frontend receives: text, id and parameters."""
        return {"text": str(self), "key": self.key, "params": dict(self.params)}


def message(key: str, template: str, **params: Param) -> Message:
    """The :class:`Message` ``template.format(**params)`` under the id ``key``.

    A parameter that is a caller's value no sentence can hold (an integer beyond 18 digits, a
    text over ``LONGEST`` (200) characters) is filled in as :func:`~.errors.shown` shows it, so a
    label or a refusal never raises on a 5,000-digit number nor echoes 10 MB back.
    """
    safe = {name: _fit(value) for name, value in params.items()}
    return Message(template.format(**safe), key, safe)


LONGEST = 200
"""The longest text parameter a message holds as it is."""


def _fit(value: Param) -> Param:
    if type(value) is int and not -(10**18) < value < 10**18:
        return shown(value)
    if isinstance(value, str) and len(value) > LONGEST:
        return shown(value, LONGEST)
    return value
