"""The one check the games' refusal tables share: an illegal action is refused with exactly its
clause, sentence, message id and parameters, and the state is left as it was."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gremlinrules.core.errors import IllegalActionError


def assert_refused(apply: Callable[[Any, Any], Any], s: Any, action: Any, clause: str,
                   said: tuple[str, str, dict[str, Any]]) -> None:
    """``apply(s, action)`` raises IllegalActionError whose (sentence, clause, message id,
    parameters) are ``said`` and ``clause``, and ``s`` is unchanged."""
    before = s
    with pytest.raises(IllegalActionError) as info:
        apply(s, action)
    text, key, params = said
    assert (str(info.value.reason), info.value.clause, info.value.key, info.value.params) == (
        text, clause, key, params)
    assert s == before
