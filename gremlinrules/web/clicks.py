"""Which parts of the board picture each legal action names, for the page's clicks.

The table page draws the seat's view as an inline picture whose parts carry ``data-part`` ids
(:func:`gremlinrules.svg.action_parts`); each labelled legal action of an ``update`` lists the
ids it names (``"parts"``), so a click on a part offers exactly the legal actions that name it.
The ids come from the seat's own view, as the picture does, so they show nothing it may not see.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from gremlinrules.core.errors import GremlinRulesError

__all__ = ["BOARD_LABELS", "legal_parts"]

BOARD_LABELS = True
"""The page's picture is drawn with ``labels=True``: the spot numbers, space names and cell
coordinates that actions name are written on the board."""


def legal_parts(game_id: str, view: Any, actions: Sequence[Any]) -> list[list[str]]:
    """For each of ``actions`` (legal for the seat whose ``view`` it is), the part ids it names;
    empty lists where the library does not draw ``game_id``."""
    try:
        module = importlib.import_module("gremlinrules.svg")
        if game_id not in module.drawer_ids():
            return [[] for _ in actions]
        return [list(module.action_parts(game_id, view, a)) for a in actions]
    except (ImportError, GremlinRulesError):
        return [[] for _ in actions]
